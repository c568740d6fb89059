"""Helpers for the task queue tests: a real redis-server, a real `deckforge worker` host in a
subprocess, an in-process API app in queue mode (real clock), and database look-ups."""

from __future__ import annotations

import ctypes
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))
ROOT = Path(__file__).resolve().parents[2]  # subprocesses run here: they import this checkout

from service_testkit import SECRET, TOKEN, make_settings  # noqa: E402
from tasks_testkit import PASTED, TEMPLATE, read_sse  # noqa: E402

from service.db.models import Account, Ppt, Task, TaskEvent, UsageRecord  # noqa: E402
from service.main import create_app  # noqa: E402
from tests.requires import missing_tool, missing_tools_reason, redis_server_path  # noqa: E402

__all__ = ["PASTED", "TEMPLATE", "TOKEN", "read_sse"]

CREATE = "/v2/api/portable/create-task"
RESULT = "/v2/api/portable/task-result"
STREAM = "/v2/api/portable/task-stream"
ANSWER = (
    "# Garden\n\n## Work\n\n### Beds\n- Twenty families share the beds\n- Herbs and vegetables\n"
    "\n### Water\n- A rain water tank\n- A tool shed in autumn\n"
)
# Short leases and timeouts so that a dead worker's task moves on within seconds.
FAST: dict[str, Any] = {
    "task_lease_s": 3.0,
    "queue_heartbeat_timeout_s": 3.0,
    "queue_requeue_after_s": 2.0,
    "queue_sweep_interval_s": 0.5,
    "task_poll_interval_s": 0.05,
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(check: Callable[[], Any], timeout: float, what: str, every: float = 0.1) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")


def die_with_us() -> Callable[[], None]:
    """For servers the tests start: killed with the test process (PR_SET_PDEATHSIG), so that a
    test run killed by a timeout leaves no Redis or worker host behind."""
    prctl = ctypes.CDLL(None, use_errno=True).prctl
    return lambda: prctl(1, signal.SIGKILL)


class RedisServer:
    """redis-server on 127.0.0.1 without persistence (a restart loses every message)."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.workdir = workdir
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        binary = redis_server_path()
        if binary is None:
            missing_tool(str(missing_tools_reason(("redis-server",))))
        self.workdir.mkdir(parents=True, exist_ok=True)
        cmd = [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        cmd += ["--appendonly", "no", "--dir", str(self.workdir)]
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=die_with_us()
        )
        wait_for(self._answers, 10, "redis-server")
        return self

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        self.proc = None


def worker_env(
    tmp: Path, redis_url: str, database_url: str | None = None, **overrides: Any
) -> dict[str, str]:
    """The environment of a worker host sharing the test app's data dir (SQLite + files) or
    `database_url`."""
    if database_url:
        overrides["database_url"] = database_url
    values: dict[str, Any] = {
        "data_dir": tmp,
        "tokens": TOKEN,
        "signing_secret": SECRET,
        "queue_url": redis_url,
        "log_json": "false",
        **FAST,
        **overrides,
    }
    env = {k: v for k, v in os.environ.items() if not k.startswith("DECKFORGE_")}
    env.update({f"DECKFORGE_{k.upper()}": str(v) for k, v in values.items()})
    return env


@dataclass
class WorkerHost:
    """`deckforge worker` in a subprocess (its own process group), log in a file."""

    env: dict[str, str]
    log: Path
    processes: int = 1
    metrics_port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None

    def start(self) -> WorkerHost:
        cmd = [sys.executable, "-c", "from service.cli import main; raise SystemExit(main())"]
        cmd += ["worker", "--processes", str(self.processes), "--threads", "1"]
        cmd += ["--metrics-port", str(self.metrics_port)]
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                cmd,
                env=self.env,
                cwd=ROOT,
                stdout=out,
                stderr=subprocess.STDOUT,
                preexec_fn=die_with_us(),
            )
        wait_for(self._ready, 60, "the worker host's /readyz", every=0.25)
        return self

    def get(self, path: str) -> httpx.Response:
        return httpx.get(f"http://127.0.0.1:{self.metrics_port}{path}", timeout=5)

    def _ready(self) -> bool:
        assert self.proc is not None
        if self.proc.poll() is not None:
            raise AssertionError(f"worker host exited: {self.log.read_text()[-3000:]}")
        try:
            return self.get("/readyz").status_code == 200
        except httpx.HTTPError:
            return False

    def children(self) -> list[int]:
        assert self.proc is not None
        out = subprocess.run(
            ["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True, check=False
        )
        return [int(p) for p in out.stdout.split()]

    def metric(self, name: str) -> float:
        """The value of one sample line (`name` with its labels) of /metrics; 0 if absent."""
        for line in self.get("/metrics").text.splitlines():
            if line.startswith(name + " "):
                return float(line.split()[-1])
        return 0.0

    def terminate(self, timeout: float = 60) -> int:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout)

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            for pid in self.children():
                os.kill(pid, signal.SIGKILL)
            self.proc.kill()
            self.proc.wait(10)


@contextmanager
def queue_app(
    tmp: Path, redis_url: str, database_url: str | None = None, **overrides: Any
) -> Iterator[TestClient]:
    """An API instance in queue mode (real clock: the worker host uses the real time too)."""
    if database_url:
        overrides["database_url"] = database_url
    settings = make_settings(tmp, workers=1, queue_url=redis_url, **{**FAST, **overrides})
    app: FastAPI = create_app(settings)
    with TestClient(app) as client:
        yield client


def create_task(client: TestClient, body: dict[str, Any]) -> str:
    r = client.post(CREATE, json={"templateId": TEMPLATE, **body}, headers={"token": TOKEN})
    out = r.json()
    assert out["code"] == 0, out
    task_id: str = out["data"]["taskId"]
    return task_id


def task_row(client: TestClient, task_id: str) -> Task:
    with client.app.state.service.db.session() as s:  # type: ignore[attr-defined]
        task = s.get(Task, task_id)
        assert task is not None
        s.expunge(task)
        return task


def wait_status(
    client: TestClient, task_id: str, statuses: tuple[str, ...], timeout: float
) -> Task:
    return wait_for(
        lambda: (t := task_row(client, task_id)).status in statuses and t,
        timeout,
        f"task {task_id} to reach {statuses}",
    )


def counts(client: TestClient, task_id: str) -> dict[str, int]:
    """PPT rows, usage records and events of one task, and the default account's balance."""
    with client.app.state.service.db.session() as s:  # type: ignore[attr-defined]

        def n(model: Any, *where: Any) -> int:
            return int(s.scalar(select(func.count()).select_from(model).where(*where)) or 0)

        finals = [
            json.loads(d)["status"]
            for d in s.scalars(select(TaskEvent.data).where(TaskEvent.task_id == task_id))
        ]
        account = client.app.state.service.default_account_id  # type: ignore[attr-defined]
        return {
            "ppts": n(Ppt, Ppt.task_id == task_id),
            "charges": n(UsageRecord, UsageRecord.task_id == task_id),
            "finals": sum(1 for st in finals if st in ("success", "failed")),
            "balance": int(s.scalar(select(Account.balance).where(Account.id == account)) or 0),
        }


def sse_events(client: TestClient, task_id: str, after: int = 0) -> list[dict[str, Any]]:
    """Every event of a finished task after `after` (Last-Event-ID), as {id, **data}."""
    headers = {"token": TOKEN, "Last-Event-ID": str(after)}
    with client.stream("GET", STREAM, params={"taskId": task_id}, headers=headers) as r:
        return [{"id": e.id, **e.data} for e in read_sse(r.iter_lines()) if not isinstance(e, str)]
