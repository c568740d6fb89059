"""Helpers for the portable task tests: create calls, polling to the end, SSE parsing, a
scripted LLM server and a web page server (the app set-up comes from gen_testkit)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from accounts_testkit import Env
from gen_testkit import MARKDOWN as MARKDOWN  # the set-up and helpers both kits share
from gen_testkit import get_path as get_path
from gen_testkit import slide_texts as slide_texts
from gen_testkit import started_env as started_env

from tests.routes_server import serving

CREATE = "/v2/api/portable/create-task"
RESULT = "/v2/api/portable/task-result"
STREAM = "/v2/api/portable/task-stream"
LATEST = "/api/ppt/v2/latestData"
TEMPLATE = "corporate"
FAST = {"task_poll_interval_s": 0.05}

PASTED = """Our Garden Project

The community garden opened in spring. Volunteers planted vegetables and herbs.
Twenty families now share the beds.

Next Steps

We will add a rain water tank. A tool shed is planned for the autumn.
"""


def long_markdown(pages: int, title: str = "Long deck") -> str:
    """Markdown of a title and `pages - 1` content pages in one chapter (the planner adds its
    own pages: cover, chapter divider...)."""
    out = [f"# {title}", "", "## Chapter", ""]
    for p in range(1, pages):
        out += [f"### Page {p}", f"- Point one of page {p}", "- Point two", ""]
    return "\n".join(out)


def create(env: Env, body: dict[str, Any], token: str) -> dict[str, Any]:
    out = env.post(CREATE, {"templateId": TEMPLATE, **body}, token=token)
    return out


def result(env: Env, task_id: str, token: str) -> dict[str, Any]:
    r = env.client.get(RESULT, params={"taskId": task_id}, headers={"token": token})
    assert r.status_code == 200
    out: dict[str, Any] = r.json()
    return out


def wait_done(env: Env, task_id: str, token: str, timeout: float = 120.0) -> dict[str, Any]:
    """Poll 4.2 until the task succeeded or failed; every answer on the way is checked."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        out = result(env, task_id, token)
        data = out["data"]
        if data["status"] in ("success", "failed"):
            return out
        assert out["code"] == 0, out
        assert data["status"] in ("pending", "processing"), out
        assert isinstance(data["progress"], int) and isinstance(data["step"], str), out
        time.sleep(0.05)
    raise AssertionError(f"task {task_id} did not finish in {timeout}s")


@dataclass
class Event:
    id: int
    name: str
    data: dict[str, Any]


def read_sse(lines: Iterator[str]) -> Iterator[Event | str]:
    """SSE lines -> Event objects, and comment texts (e.g. 'heartbeat') as plain strings."""
    fields: dict[str, str] = {}
    for line in lines:
        if line == "":
            if fields:
                yield Event(int(fields["id"]), fields["event"], json.loads(fields["data"]))
            fields = {}
        elif line.startswith(":"):
            yield line[1:].strip()
        else:
            key, _, value = line.partition(":")
            fields[key] = value[1:] if value.startswith(" ") else value


class _ChatHandler(BaseHTTPRequestHandler):
    """Chat Completions, streamed: the scripted pieces, one every `delay` seconds (`then_delay`
    after the first request), then [DONE]."""

    server: ChatServer
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
        with self.server.lock:
            self.server.requests.append(body)
            first = len(self.server.requests) == 1
        delay = self.server.delay if first else self.server.then_delay
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for piece in self.server.pieces:
            time.sleep(delay)
            event = {"choices": [{"index": 0, "delta": {"content": piece}}]}
            self._chunk(b"data: " + json.dumps(event).encode() + b"\n\n")
        self._chunk(b"data: [DONE]\n\n")
        self.wfile.write(b"0\r\n\r\n")

    def _chunk(self, data: bytes) -> None:
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class ChatServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, pieces: list[str], delay: float, then_delay: float | None = None) -> None:
        super().__init__(("127.0.0.1", 0), _ChatHandler)
        self.pieces = pieces
        self.delay = delay
        self.then_delay = delay if then_delay is None else then_delay
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"


@contextmanager
def chat_server(
    pieces: list[str], delay: float, then_delay: float | None = None
) -> Iterator[ChatServer]:
    """A streaming Chat Completions server; `then_delay` paces the requests after the first
    (a task run again after its worker died need not be slow: only the first run is caught
    mid-stream)."""
    srv = ChatServer(pieces, delay, then_delay)
    with serving(srv):
        yield srv


class _PageHandler(BaseHTTPRequestHandler):
    """GET /article -> the server's page (text/html); anything else 404."""

    server: PageServer

    def do_GET(self) -> None:  # noqa: N802
        found = self.path == "/article"
        body = self.server.page if found else b"not here"
        self.send_response(200 if found else 404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        self.server.hits += 1

    def log_message(self, format: str, *args: Any) -> None:
        pass


class PageServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, page: bytes) -> None:
        super().__init__(("127.0.0.1", 0), _PageHandler)
        self.page = page
        self.hits = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


@contextmanager
def web_page(page: bytes) -> Iterator[PageServer]:
    """A real HTTP server on 127.0.0.1 serving `page` at /article (`.url`: its base URL)."""
    srv = PageServer(page)
    with serving(srv):
        yield srv
