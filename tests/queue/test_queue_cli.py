"""The commands of scale-out: `deckforge worker` (registered, needs a queue) and
`deckforge serve --no-workers`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from queue_testkit import ROOT, worker_env

from service.cli import build_parser, usage

CLI = [sys.executable, "-c", "from service.cli import main; raise SystemExit(main())"]


def test_worker_is_a_deckforge_command() -> None:
    assert "  worker " in usage()
    out = subprocess.run(
        [*CLI, "worker", "--help"], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert out.returncode == 0
    for flag in ("--processes", "--threads", "--metrics-port"):
        assert flag in out.stdout


def test_the_worker_command_needs_a_queue(tmp_path: Path) -> None:
    env = {k: v for k, v in worker_env(tmp_path, "").items() if k != "DECKFORGE_QUEUE_URL"}
    out = subprocess.run(
        [*CLI, "worker"], env=env, capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert out.returncode == 2
    assert "DECKFORGE_QUEUE_URL is not set" in out.stderr


def test_serve_no_workers_flag() -> None:
    assert build_parser().parse_args(["--no-workers"]).no_workers is True
    assert build_parser().parse_args([]).no_workers is False


def test_a_busy_metrics_port_is_named(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = worker_env(tmp_path, "redis://127.0.0.1:1/0")
        argv = [*CLI, "worker", "--processes", "1", "--metrics-port", str(port)]
        out = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert out.returncode == 1
    assert f"cannot listen on 127.0.0.1:{port}" in out.stderr
