"""The `deckforge` command itself (subprocess): --help from the COMMANDS table, --version,
doctor, `serve --help`, and serve on a busy port."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from engine.fonts.packages import missing_packages
from service.cli import COMMANDS

ROOT = Path(__file__).resolve().parents[2]


def deckforge(
    *args: str, env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    base = os.environ | {
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    }
    return subprocess.run(
        [sys.executable, "-c", "import sys; from service.cli import main; sys.exit(main())", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=base | (env or {}),
    )


def test_help_lists_every_command_once() -> None:
    proc = deckforge("--help")
    assert proc.returncode == 0
    lines = proc.stdout.splitlines()
    for name, (_, help_text) in COMMANDS.items():
        mine = [line for line in lines if line.split()[:1] == [name]]
        assert len(mine) == 1, (name, proc.stdout)
        assert mine[0].split(None, 1)[1] == help_text
    assert {"convert", "serve", "doctor"} <= set(COMMANDS)


def test_unknown_command_and_no_command() -> None:
    proc = deckforge("frobnicate")
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "unknown command 'frobnicate'" in proc.stderr
    assert deckforge().returncode == 2


def test_version() -> None:
    from importlib import metadata

    proc = deckforge("--version")
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"deckforge {metadata.version('deckforge')}"


def test_python_m_service_cli_is_the_deckforge_command() -> None:
    """`python -m service.cli` runs the command (it used to import the module and exit 0 silently)."""
    env = os.environ | {
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    }
    run = [
        subprocess.run(
            [sys.executable, "-m", "service.cli", arg],
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
        )
        for arg in ("frobnicate", "--version")
    ]
    assert run[0].returncode == 2 and "unknown command 'frobnicate'" in run[0].stderr
    assert run[1].returncode == 0 and run[1].stdout.startswith("deckforge ")


def test_every_command_has_working_help() -> None:
    for name in COMMANDS:
        proc = deckforge(name, "--help")
        assert proc.returncode == 0, (name, proc.stderr)
        assert proc.stdout.startswith(f"usage: deckforge {name}"), proc.stdout


def test_serve_help_points_to_an_existing_doc() -> None:
    proc = deckforge("serve", "--help")
    docs = set(re.findall(r"docs/[\w.-]+\.md", proc.stdout))
    assert docs, proc.stdout
    for doc in docs:
        assert (ROOT / doc).is_file(), doc


def test_doctor_reports_fonts_tools_settings() -> None:
    proc = deckforge("doctor", env={"DECKFORGE_PORT": "8123", "DECKFORGE_TOKENS": "s3cret-token"})
    missing = missing_packages()  # exit code 1 exactly when a font package is missing
    assert proc.returncode == (1 if missing else 0), (missing, proc.stdout, proc.stderr)
    out = proc.stdout
    for section in ("fonts (", "optional tools", "service settings"):
        assert section in out
    assert "fonts-liberation" in out and "LibreOffice" in out and "Chromium" in out
    assert "port = 8123  [set]" in out
    assert "s3cret-token" not in out and "tokens = (set, hidden)" in out


def test_doctor_without_fonts_names_the_install_line(tmp_path: Path) -> None:
    conf = tmp_path / "fonts.conf"
    conf.write_text(
        f'<?xml version="1.0"?><fontconfig><cachedir>{tmp_path}</cachedir></fontconfig>'
    )
    proc = deckforge("doctor", env={"FONTCONFIG_FILE": str(conf)})
    from service.doctor import dpkg_installed

    assert proc.returncode == 1
    assert "no font files found: the engine uses built-in metrics" in proc.stdout
    lines = proc.stdout.splitlines()
    if dpkg_installed("fonts-liberation"):  # the files are there; this fontconfig hides them
        line = next(x for x in lines if x.startswith("fonts installed but not seen"))
        assert "fonts-liberation" in line and "fonts-noto-color-emoji" in line
    else:
        line = next(x for x in lines if x.startswith("missing fonts"))
        assert "sudo apt-get install -y fonts-liberation" in line
        assert "fonts-noto-color-emoji" in line


def test_serve_on_a_busy_port_fails_with_one_line(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        proc = deckforge(
            "serve",
            "--port",
            str(port),
            "--workers",
            "1",
            env={"DECKFORGE_DATA_DIR": str(tmp_path), "DECKFORGE_LOG_JSON": "false"},
            timeout=60,
        )
    assert proc.returncode == 1
    assert proc.stderr.strip().splitlines() == [
        f"deckforge serve: cannot listen on 127.0.0.1:{port}: address already in use "
        "(another process uses the port; pick one with --port)"
    ]
    assert "listening" not in proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr


def test_doctor_install_line_for_packages_not_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    from service import doctor

    monkeypatch.setattr(doctor, "package_installed", lambda p: p != "fonts-noto-cjk")
    monkeypatch.setattr(doctor, "dpkg_installed", lambda p: False)
    text, missing = doctor.report()
    assert missing == ["fonts-noto-cjk"]
    assert "missing fonts (conversions are less exact): sudo apt-get install -y fonts-noto-cjk" in (
        text.splitlines()
    )
    assert doctor.main([]) == 1
