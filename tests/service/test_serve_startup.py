"""`deckforge serve` start-up as a user sees it: `listening on` is logged when the port accepts
connections (after the worker processes and the database are up), the log has no third-party
chatter, and a queue URL without the `queue` extra is one line naming the install command."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from service_testkit import free_port

ROOT = Path(__file__).resolve().parents[2]
NO_QUEUE_EXTRA = '''
import sys


class _NoQueueExtra:
    """Acts as if the `queue` extra (dramatiq) were not installed."""

    def find_spec(self, name, path=None, target=None):
        if name == "dramatiq" or name.startswith("dramatiq."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, _NoQueueExtra())
'''


def service_env(tmp: Path, *extra_paths: Path, **settings: str) -> dict[str, str]:
    paths = [*map(str, extra_paths), str(ROOT), os.environ.get("PYTHONPATH", "")]
    env = {k: v for k, v in os.environ.items() if not k.startswith("DECKFORGE_")}
    env |= {"DECKFORGE_DATA_DIR": str(tmp), "PYTHONPATH": os.pathsep.join(filter(None, paths))}
    return env | {f"DECKFORGE_{k.upper()}": v for k, v in settings.items()}


def accepts(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(2)
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.fixture
def serving(tmp_path: Path) -> Iterator[tuple[int, subprocess.Popen[str]]]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "service", "--port", str(port), "--workers", "1"],
        cwd=ROOT,
        env=service_env(tmp_path),
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    try:
        yield port, proc
    finally:
        proc.terminate()
        proc.wait(30)


def test_listening_is_logged_when_the_port_accepts(
    serving: tuple[int, subprocess.Popen[str]],
) -> None:
    port, proc = serving
    assert proc.stderr is not None
    lines: list[dict[str, str]] = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        raw = proc.stderr.readline()
        assert raw, "the server exited: " + json.dumps(lines)[-2000:]
        if not raw.startswith("{"):
            continue
        lines.append(json.loads(raw))
        if lines[-1]["msg"].startswith("listening on"):
            # At the moment the line is written, a client can connect.
            assert accepts(port), lines[-3:]
            break
    else:
        raise AssertionError("no `listening on` line")
    messages = [line["msg"] for line in lines]
    assert messages[-1] == f"listening on http://127.0.0.1:{port}"
    assert "Application startup complete." in messages  # workers started before it
    assert any(m.startswith("worker 0 started") for m in messages)
    # Start-up chatter of third-party libraries stays out of the INFO log.
    assert not [m for m in messages if m.startswith("setup plugin")], messages
    assert not [m for m in messages if m.startswith(("Context impl", "Will assume"))], messages
    assert any(m.startswith("Running upgrade") for m in messages)  # migrations are still told


@pytest.mark.parametrize(
    "command",
    [["-m", "service"], ["-c", "from service.cli import main; raise SystemExit(main(['worker']))"]],
)
def test_queue_url_without_the_queue_extra_is_one_line(tmp_path: Path, command: list[str]) -> None:
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "sitecustomize.py").write_text(NO_QUEUE_EXTRA, encoding="utf-8")
    env = service_env(
        tmp_path, tmp_path / "site", queue_url="redis://127.0.0.1:1/0", port=str(free_port())
    )
    proc = subprocess.run(
        [sys.executable, *command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 1, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "pip install 'deckforge[queue]'" in lines[0] and "dramatiq" in lines[0]
    assert "Traceback" not in proc.stderr
