"""`python -m service` as a real process: starts with defaults, serves, logs JSON with request ids."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
from service_testkit import CONVERT, free_port, page

from service.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]


def test_parser_flags() -> None:
    args = build_parser().parse_args(["--host", "0.0.0.0", "--port", "9000", "--workers", "3"])
    assert (args.host, args.port, args.workers) == ("0.0.0.0", 9000, 3)


def test_serve_with_embedded_defaults(tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("DECKFORGE_")} | {
        "DECKFORGE_DATA_DIR": str(tmp_path),
        "PYTHONPATH": os.pathsep.join(filter(None, [os.environ.get("PYTHONPATH"), str(ROOT)])),
    }
    log_path = tmp_path / "server.log"
    with open(log_path, "wb") as log_file:
        proc = subprocess.Popen(
            [sys.executable, "-m", "service", "--port", str(port), "--workers", "1"],
            cwd=ROOT,
            env=env,
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 60
            while True:
                try:
                    if httpx.get(base + "/readyz", timeout=1).json()["code"] == 0:
                        break
                except httpx.HTTPError:
                    pass
                assert proc.poll() is None and time.monotonic() < deadline, log_path.read_text()
                time.sleep(0.1)
            # No tokens configured: the generated one is stored (0600) in the data dir.
            token = (tmp_path / "dev-token").read_text().strip()
            r = httpx.post(base + CONVERT, json={"htmls": [page()]}, headers={"token": token})
            assert r.json()["code"] == 0
            rid = r.headers["x-request-id"]
            assert httpx.get(r.json()["data"]["fileUrl"]).status_code == 200
        finally:
            proc.terminate()
            proc.wait(30)
    # Graceful stop: uvicorn (>= 0.29) re-raises SIGTERM after the shutdown completes.
    assert proc.returncode == -signal.SIGTERM
    lines = [json.loads(line) for line in log_path.read_text().splitlines() if line.startswith("{")]
    mine = [line for line in lines if line.get("requestId") == rid]
    messages = [line["msg"] for line in mine]
    assert any(m.startswith("converting 1 pages") for m in messages)  # route
    assert any(m.startswith("converted 1 pages") for m in messages)  # worker process
    assert any(m.startswith(f"POST {CONVERT} 200") for m in messages)  # access line
    text = log_path.read_text()
    assert token not in text  # secrets never logged
    assert "signature=" not in text
    assert "stopped" in [line["msg"] for line in lines]  # the lifespan shutdown ran
