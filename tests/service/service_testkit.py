"""Helpers for service tests: constants, tiny pages, a fake clock, a live uvicorn server, and a
worker job that crashes, hangs or raises on marker pages (imported by worker processes)."""

from __future__ import annotations

import os
import socket
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI

from service.config import Settings
from service.jobs.run import build_pool
from service.main import create_app

TOKEN = "test-token-1"
OTHER_TOKEN = "test-token-2"
SECRET = "test-signing-secret"
AUTH = {"token": TOKEN}
CONVERT = "/v2/api/htmljson-bridge/convert-html-to-json"
TEST_JOB = "service_testkit:convert_or_misbehave"


def page(text: str = "Hi", w: int = 320, h: int = 180) -> str:
    return f'<div class="slide" style="width:{w}px;height:{h}px"><p>{text}</p></div>'


NO_SLIDE = "<div><p>no slide root here</p></div>"


class FakeClock:
    """A settable UTC clock for expiry tests."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2025, 1, 1, 12, 0, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def make_settings(tmp: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "data_dir": tmp,
        "tokens": f"{TOKEN},{OTHER_TOKEN}",
        "signing_secret": SECRET,
        "workers": 2,
        "queue_size": 4,
        "request_timeout_s": 30.0,
        "log_json": True,
        # These suites test the pool, the queue and the pages; per-account shares and the
        # failure budget have their own tests (tests/security).
        "jobs_per_account": 100,
        "task_queue_per_account": 100_000,
        "failed_jobs_per_window": 0,
    }
    values.update(overrides)
    return Settings(**values)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """uvicorn serving an app on 127.0.0.1 in a background thread (real HTTP)."""

    def __init__(self, app: FastAPI) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            app, host="127.0.0.1", port=self.port, log_config=None, lifespan="on"
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(30)


def misbehaving_app(tmp: Path, **overrides: Any) -> FastAPI:
    """An app whose workers run TEST_JOB (crashes / hangs on marker pages)."""
    settings = make_settings(tmp, **overrides)
    return create_app(settings, pool=build_pool(settings, job=TEST_JOB))


CRASH = "<!--CRASH-->"
HANG = "<!--HANG-->"
WAIT = "<!--WAIT:{}-->"  # holds the worker until the named file exists (at most 30 s)
RAISE = "<!--RAISE-->"


def convert_or_misbehave(payload: dict[str, Any]) -> dict[str, Any]:
    """The real convert job, except when the first page carries a marker."""
    first = payload["htmls"][0]
    if CRASH in first:
        os._exit(3)  # the worker process dies without answering
    if HANG in first:
        time.sleep(3600)
    if first.startswith("<!--WAIT:"):
        gate = Path(first[len("<!--WAIT:") : first.index("-->")])
        deadline = time.monotonic() + 30
        while not gate.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
    if RAISE in first:
        raise RuntimeError("secret internal detail /etc/passwd")
    from service.jobs.convert import convert_job

    return convert_job(payload)
