"""README "Set-up", scripts/setup.sh and .ci/run agree: two commands, the same test command,
the same font packages (those engine/fonts/packages.py checks), and the scripts parse."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from engine.fonts.packages import FONT_PACKAGES
from tests.requires import requires_tools

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
SETUP = (ROOT / "scripts" / "setup.sh").read_text(encoding="utf-8")
PYPROJECT = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
CONSTRAINTS = (ROOT / "constraints.txt").read_text(encoding="utf-8")
DOCKERFILE = (ROOT / "Dockerfile").read_text(encoding="utf-8")


def setup_section() -> str:
    start = README.index("## Set-up")
    return README[start : README.index("\n## ", start + 1)]


def code_blocks(text: str) -> list[str]:
    return re.findall(r"```bash\n(.*?)```", text, flags=re.S)


def commands(block: str) -> list[str]:
    return [line.split("#", 1)[0].strip() for line in block.splitlines() if line.strip()]


def fonts(text: str) -> list[str]:
    return re.findall(r"\bfonts-[a-z0-9-]+\b", text)


# The one test command: README "Set-up" shows it, .ci/run ends with it (in parallel processes).
TEST_COMMAND = ".venv/bin/python -m pytest -q -n 2"


def test_readme_has_exactly_two_setup_commands() -> None:
    first = code_blocks(setup_section())[0]
    assert commands(first) == ["scripts/setup.sh", TEST_COMMAND]


def test_ci_runs_the_readme_commands_with_every_tool_required() -> None:
    lines = [line for line in commands(CI) if line]  # comment lines left out
    assert lines[-1] == TEST_COMMAND
    setup = lines.index("scripts/setup.sh")
    assert lines.index("export DECKFORGE_REQUIRE_TOOLS=1") < setup
    assert lines[setup + 1 : -1] == [  # lint, format and types before the tests
        ".venv/bin/ruff check .",
        ".venv/bin/ruff format --check .",
        ".venv/bin/mypy",
    ]


def test_pre_commit_runs_the_checks_of_ci() -> None:
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    hooks = {h["id"]: h["entry"] for repo in config["repos"] for h in repo["hooks"]}
    assert hooks == {
        "ruff": "ruff check --force-exclude",
        "ruff-format": "ruff format --force-exclude",
        "mypy": "mypy",
    }
    mypy_scope = tomllib.loads(PYPROJECT)["tool"]["mypy"]["files"]
    assert mypy_scope == ["engine", "generator", "service"]


def _requirements() -> list[Requirement]:
    project = tomllib.loads(PYPROJECT)["project"]
    extras = project["optional-dependencies"].values()
    return [Requirement(r) for r in [*project["dependencies"], *(r for e in extras for r in e)]]


def test_constraints_pin_every_dependency_within_pyproject_bounds() -> None:
    """constraints.txt (scripts/refresh-constraints.sh) pins each dependency of every extra at a
    version pyproject.toml allows; setup, CI and the image install with it."""
    pins = {
        canonicalize_name(name): Version(version)
        for name, version in re.findall(r"^([\w.-]+)==(\S+)$", CONSTRAINTS, re.M)
    }
    unpinned = [str(r) for r in _requirements() if canonicalize_name(r.name) not in pins]
    assert unpinned == [], "run scripts/refresh-constraints.sh"
    outside = [
        str(r) for r in _requirements() if pins[canonicalize_name(r.name)] not in r.specifier
    ]
    assert outside == [], "run scripts/refresh-constraints.sh"
    assert "-c constraints.txt" in SETUP
    assert "pip install --no-cache-dir -c constraints.txt '.[service,queue]'" in DOCKERFILE
    assert "COPY pyproject.toml README.md constraints.txt ./" in DOCKERFILE


def test_same_font_packages_everywhere() -> None:
    readme_install = next(b for b in code_blocks(setup_section()) if "apt-get install" in b)
    expected = list(FONT_PACKAGES)
    assert fonts(readme_install) == expected
    ci_list = CI[CI.index("APT_PACKAGES=(") : CI.index("\n)", CI.index("APT_PACKAGES=("))]
    assert fonts(ci_list) == expected
    setup_list = SETUP[
        SETUP.index("FONT_PACKAGES=(") : SETUP.index("\n)", SETUP.index("FONT_PACKAGES=("))
    ]
    assert fonts(setup_list) == expected
    assert "fonts-noto-color-emoji" in expected


@requires_tools("bash")
@pytest.mark.parametrize(
    "script", ["scripts/setup.sh", ".ci/run", "scripts/refresh-constraints.sh"]
)
def test_scripts_parse(script: str) -> None:
    proc = subprocess.run(["bash", "-n", str(ROOT / script)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert (ROOT / script).stat().st_mode & 0o111, f"{script} is not executable"


def test_development_section_has_no_absolute_machine_paths() -> None:
    dev = README[README.index("## Development") :]
    dev = dev[: dev.index("\n## ", 1)] if "\n## " in dev[1:] else dev
    assert not re.search(r"(?<![.\w])/(work|root|home|tmp)/", dev), dev


def test_setup_shows_pip_progress(tmp_path: Path) -> None:
    """The long step (pip, about two minutes) is announced and pip's own progress is shown:
    scripts/setup.sh run against stand-ins for dpkg-query, the venv's python and deckforge."""
    repo = tmp_path / "repo"
    (repo / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "setup.sh", repo / "scripts" / "setup.sh")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    venv_bin = repo / ".venv" / "bin"
    venv_bin.mkdir(parents=True)
    calls = tmp_path / "calls.txt"
    stand_ins = {
        bin_dir / "dpkg-query": "printf 'install ok installed'",  # every package is there
        venv_bin / "python": f'echo "python $*" >> {calls}',
        venv_bin / "deckforge": f'echo "deckforge $*" >> {calls}',
    }
    for path, body in stand_ins.items():
        path.write_text(f"#!/bin/sh\n{body}\n")
        path.chmod(0o755)
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(tmp_path)}
    proc = subprocess.run(
        ["bash", str(repo / "scripts" / "setup.sh")], env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    pip = next(line for line in calls.read_text().splitlines() if " pip install " in line)
    assert " -q" not in pip and "--quiet" not in pip  # pip reports what it does
    assert "--progress-bar on" in pip and "-e .[service,queue,dev]" in pip
    announce = [line for line in proc.stdout.splitlines() if "installing deckforge" in line]
    assert announce and "about two minutes" in announce[0]
