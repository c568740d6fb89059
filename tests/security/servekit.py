"""The real service for the hostile-tenant suite: `python -m service` in its own process on
loopback (uvicorn, the guarded protocol, 2 worker processes, SQLite), two accounts with API keys
made through the domain API, and a few raw-socket helpers."""

from __future__ import annotations

import contextlib
import json
import os
import resource
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "sec-static-token"
LLM_SECRET = "sk-live-SECRET0123456789"  # the key the refusing LLM provider quotes back


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def make_accounts(data_dir: Path, names: dict[str, int]) -> dict[str, str]:
    """Accounts (name -> credits) with one API key each, in the data dir's SQLite database."""
    from service import accounts
    from service.config import Settings
    from service.db.engine import Database

    db = Database(Settings(data_dir=data_dir))
    db.upgrade()
    keys: dict[str, str] = {}
    now = datetime.now(UTC)
    try:
        with db.session() as s:
            for name, credits in names.items():
                account = accounts.create_account(s, name, credits=credits, now=now)
                keys[name] = accounts.create_api_key(s, account, now=now)[1]
            s.commit()
    finally:
        db.close()
    return keys


@dataclass
class Served:
    url: str
    port: int
    proc: subprocess.Popen[bytes]
    data_dir: Path
    log_path: Path
    keys: dict[str, str] = field(default_factory=dict)

    def log_lines(self) -> list[dict[str, Any]]:
        out = []
        for line in self.log_path.read_text(errors="replace").splitlines():
            if line.startswith("{"):
                with contextlib.suppress(ValueError):
                    out.append(json.loads(line))
        return out

    def token(self, account: str, uid: str, limit: int | None = None, hours: int = 2) -> str:
        body: dict[str, Any] = {"uid": uid, "timeOfHours": hours}
        if limit is not None:
            body["limit"] = limit
        r = httpx.post(
            self.url + "/api/user/createApiToken",
            json=body,
            headers={"Api-Key": self.keys[account]},
            timeout=30,
        )
        out = r.json()
        assert out["code"] == 0, out
        return str(out["data"]["token"])

    def post(self, path: str, body: Any = None, timeout: float = 60, **headers: str) -> Any:
        hdrs = {k.replace("_", "-"): v for k, v in headers.items()}
        return httpx.post(self.url + path, json=body, headers=hdrs, timeout=timeout).json()


def _low_file_limit() -> None:
    """In the child: a soft open-file limit of 1024, as many hosts start services with."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(1024, hard), hard))


def start(tmp: Path, accounts: dict[str, int] | None = None, **env: Any) -> Served:
    data_dir = tmp / "data"
    data_dir.mkdir()
    keys = make_accounts(data_dir, accounts or {})
    port = free_port()
    environ = {k: v for k, v in os.environ.items() if not k.startswith("DECKFORGE_")}
    environ |= {
        "DECKFORGE_DATA_DIR": str(data_dir),
        "DECKFORGE_TOKENS": TOKEN,
        "DECKFORGE_SIGNING_SECRET": "sec-signing-secret",
        "DECKFORGE_WORKERS": "2",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    environ |= {f"DECKFORGE_{k.upper()}": str(v) for k, v in env.items()}
    log_path = tmp / "server.log"
    with open(log_path, "wb") as log_file:
        proc = subprocess.Popen(
            [sys.executable, "-m", "service", "--port", str(port)],
            cwd=ROOT,
            env=environ,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            preexec_fn=_low_file_limit,
        )
    served = Served(f"http://127.0.0.1:{port}", port, proc, data_dir, log_path, keys)
    deadline = time.monotonic() + 90
    while True:
        try:
            if httpx.get(served.url + "/readyz", timeout=2).json()["code"] == 0:
                return served
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            stop(served)
            raise RuntimeError("server did not start:\n" + log_path.read_text()[-4000:])
        time.sleep(0.1)


def stop(served: Served) -> None:
    if served.proc.poll() is None:
        served.proc.terminate()
        try:
            served.proc.wait(30)
        except subprocess.TimeoutExpired:
            served.proc.kill()
            served.proc.wait(10)


def connect(port: int, source: str = "127.0.0.1", timeout: float = 10.0) -> socket.socket:
    """A TCP connection to the server from `source` (any 127.0.0.0/8 address: another client)."""
    sock = socket.socket()
    sock.settimeout(timeout)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def closed_by_server(sock: socket.socket) -> bool:
    """True when the server closes the connection before the socket's timeout (reads and
    drops whatever it sent first)."""
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return True
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True
