"""`deckforge doctor`: this machine (fonts, optional tools, settings) -> a report and the install line for what is missing.

Works with the engine alone: the service's settings are shown when its dependencies are
installed. Exit code 0 when every font package is found, 1 when some are missing (optional
tools never change the code), 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
from dataclasses import dataclass

from engine.fonts import FONT_PACKAGES, apt_install_line, package_installed


@dataclass(frozen=True)
class Tool:
    """An optional program: what it is for, the commands that provide it, its Debian package."""

    name: str
    purpose: str
    commands: tuple[str, ...]
    package: str


OPTIONAL_TOOLS = (
    Tool(
        "LibreOffice",
        "render tests, fidelity scoring",
        ("soffice", "libreoffice"),
        "libreoffice-impress",
    ),
    Tool(
        "Chromium",
        "fidelity scoring, Chromium fixtures, /docs browser test",
        ("chromium",),
        "chromium",
    ),
    Tool("pdftoppm", "render tests (PDF pages to PNG)", ("pdftoppm",), "poppler-utils"),
)


def _line(ok: bool, name: str, detail: str) -> str:
    return f"  {'ok' if ok else 'missing':<8} {name:<24} {detail}"


def font_report() -> tuple[list[str], list[str]]:
    """Report lines for the font packages, and the missing packages."""
    from engine.fonts import HAVE_HARFBUZZ, available, builtin_active

    lines = ["fonts (what the engine measures text with, through fontconfig):"]
    if builtin_active():
        lines.append("  DECKFORGE_FONTS=builtin: built-in metrics only, font files are not used")
    elif not available():
        lines.append("  fontconfig not found: built-in metrics only (apt-get install fontconfig)")
    missing: list[str] = []
    for package, families in FONT_PACKAGES.items():
        ok = package_installed(package)
        detail = ", ".join(families)
        if not ok and dpkg_installed(package):
            detail += " (installed, but fontconfig does not see it)"
        elif not ok:
            missing.append(package)
        lines.append(_line(ok, package, detail))
    if not any(package_installed(p) for p in FONT_PACKAGES):
        lines.append("  no font files found: the engine uses built-in metrics (less exact)")
    shaping = "HarfBuzz (uharfbuzz)" if HAVE_HARFBUZZ else "plain advances (uharfbuzz missing)"
    lines.append(f"  text shaping: {shaping}")
    return lines, missing


def dpkg_installed(package: str) -> bool:
    """Whether dpkg lists `package` as installed (False where there is no dpkg)."""
    if shutil.which("dpkg-query") is None:
        return False
    proc = subprocess.run(
        ["dpkg-query", "-W", "-f=${Status}", package], capture_output=True, text=True, check=False
    )
    return proc.returncode == 0 and proc.stdout.endswith("ok installed")


def tool_report() -> tuple[list[str], list[str]]:
    """Report lines for the optional tools, and the Debian packages of those missing."""
    lines = ["optional tools (not needed to convert or serve):"]
    missing: list[str] = []
    for tool in OPTIONAL_TOOLS:
        path = next((p for p in map(shutil.which, tool.commands) if p), None)
        if path is None:
            missing.append(tool.package)
        lines.append(_line(path is not None, tool.name, f"{path or tool.package}: {tool.purpose}"))
    return lines, missing


def settings_report() -> list[str]:
    """The service settings as the environment sets them (secrets never shown)."""
    lines = ["service settings (DECKFORGE_* environment; see docs/service.md):"]
    try:
        from pydantic import SecretStr, ValidationError

        from service.config import Settings
    except ImportError as exc:
        return [*lines, f"  not available ({exc.name} missing): pip install -e '.[service]'"]
    try:
        settings = Settings()
    except ValidationError as exc:
        for err in exc.errors():
            field = ".".join(str(p) for p in err.get("loc", ())) or "settings"
            lines.append(f"  invalid DECKFORGE_{field.upper()}: {err.get('msg', 'invalid')}")
        return lines
    for name in type(settings).model_fields:
        value = getattr(settings, name)
        env = f"DECKFORGE_{name.upper()}"
        origin = "set" if env in os.environ else "default"
        if isinstance(value, SecretStr):
            shown = (
                "(set, hidden)" if value.get_secret_value() else "(empty: generated in data_dir)"
            )
        else:
            shown = str(value)
        lines.append(f"  {name} = {shown}  [{origin}]")
    return lines


def report() -> tuple[str, list[str]]:
    """The whole report and the missing font packages."""
    from service.cli import version

    fonts, missing_fonts = font_report()
    unseen = [p for p in FONT_PACKAGES if not package_installed(p) and p not in missing_fonts]
    tools, missing_tools = tool_report()
    lines = [
        f"deckforge {version()}, Python {platform.python_version()} ({sys.executable})",
        "",
        *fonts,
        "",
        *tools,
        "",
        *settings_report(),
        "",
    ]
    if unseen:
        lines.append("fonts installed but not seen by fontconfig: " + " ".join(unseen))
    if missing_fonts:
        lines.append(
            f"missing fonts (conversions are less exact): {apt_install_line(missing_fonts)}"
        )
    elif not unseen:
        lines.append("fonts: all found")
    if missing_tools:
        lines.append(f"missing optional tools: {apt_install_line(missing_tools)}")
    return "\n".join(lines), missing_fonts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="deckforge doctor",
        description="Check the fonts, optional tools and settings deckforge finds on this "
        "machine and print the install line for what is missing. Exit code 1 when font "
        "packages are missing.",
    )
    parser.parse_args(argv)
    text, missing = report()
    print(text)
    return 1 if missing or any(not package_installed(p) for p in FONT_PACKAGES) else 0
