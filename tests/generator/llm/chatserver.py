"""A real Chat Completions server on 127.0.0.1 for the LLM tests, scripted per test."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.routes_server import serving

Action = Callable[[BaseHTTPRequestHandler, dict[str, Any]], None]


class ChatServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.script: list[Action] = []
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"


class _Handler(BaseHTTPRequestHandler):
    server: ChatServer
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:  # noqa: N802
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length) or b"{}")
        with self.server.lock:
            self.server.requests.append(
                {"path": self.path, "auth": self.headers.get("Authorization"), "body": body}
            )
            action = self.server.script.pop(0) if self.server.script else error(500, "no script")
        if self.path != "/v1/chat/completions":
            reply(self, 404, {"error": {"message": "wrong path"}})
            return
        with suppress(BrokenPipeError, ConnectionResetError):
            action(self, body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def reply(h: BaseHTTPRequestHandler, status: int, payload: Any, **headers: str) -> None:
    data = json.dumps(payload).encode()
    h.send_response(status)
    h.send_header("Content-Type", "application/json")
    h.send_header("Content-Length", str(len(data)))
    for k, v in headers.items():
        h.send_header(k.replace("_", "-"), v)
    h.end_headers()
    h.wfile.write(data)


def answer(text: str, delay: float = 0.0) -> Action:
    """A normal (non-streamed) answer."""

    def act(h: BaseHTTPRequestHandler, body: dict[str, Any]) -> None:
        time.sleep(delay)
        reply(h, 200, {"id": "c1", "object": "chat.completion", "model": body.get("model"),
                       "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                                    "finish_reason": "stop"}]})  # fmt: skip

    return act


def error(status: int, message: str, **headers: str) -> Action:
    return lambda h, body: reply(h, status, {"error": {"message": message}}, **headers)


def raw(status: int, data: bytes, ctype: str = "application/json") -> Action:
    def act(h: BaseHTTPRequestHandler, body: dict[str, Any]) -> None:
        h.send_response(status)
        h.send_header("Content-Type", ctype)
        h.send_header("Content-Length", str(len(data)))
        h.end_headers()
        h.wfile.write(data)

    return act


def stream(pieces: list[str], *, delay: float = 0.0, done: bool = True, cut: bool = False,
           junk: bytes = b"") -> Action:  # fmt: skip
    """An SSE answer: one `data:` chunk per piece, then `data: [DONE]` (unless done=False).
    cut=True closes the connection mid-stream (chunked framing left unfinished)."""

    def act(h: BaseHTTPRequestHandler, body: dict[str, Any]) -> None:
        assert body.get("stream") is True
        h.send_response(200)
        h.send_header("Content-Type", "text/event-stream")
        h.send_header("Transfer-Encoding", "chunked")
        h.end_headers()

        def chunk(data: bytes) -> None:
            h.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            h.wfile.flush()

        chunk(b": keep-alive\n\n")
        for i, piece in enumerate(pieces):
            time.sleep(delay)
            delta = {"content": piece, "role": "assistant"} if i == 0 else {"content": piece}
            event = {"choices": [{"index": 0, "delta": delta}]}
            chunk(b"data: " + json.dumps(event).encode() + b"\n\n")
        if junk:
            chunk(junk)
        if cut:
            h.close_connection = True
            h.wfile.flush()
            h.connection.shutdown(2)
            return
        if done:
            chunk(b"data: [DONE]\n\n")
        h.wfile.write(b"0\r\n\r\n")

    return act


@contextmanager
def chat_server(*script: Action) -> Iterator[ChatServer]:
    srv = ChatServer()
    srv.script.extend(script)
    with serving(srv):
        yield srv
