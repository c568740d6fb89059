"""A local HTTP server of fixed routes (path -> content type and body; anything else 404), for
tests that fetch fonts and pictures through the engine's guarded fetch; and `serving`, which runs
any test server in a thread for the length of a block."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TypeVar

S = TypeVar("S", bound=ThreadingHTTPServer)


class RoutesServer(ThreadingHTTPServer):
    daemon_threads = True
    routes: dict[str, tuple[str, bytes]]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class _RoutesHandler(BaseHTTPRequestHandler):
    server: RoutesServer

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        content_type, body = self.server.routes.get(self.path, ("text/plain", b"no"))
        self.send_response(200 if self.path in self.server.routes else 404)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serve_routes(routes: dict[str, tuple[str, bytes]]) -> Iterator[RoutesServer]:
    """Serve `routes` on 127.0.0.1 (a free port) until the block ends; `routes` may be changed
    through the yielded server's `.routes`."""
    srv = RoutesServer(("127.0.0.1", 0), _RoutesHandler)
    srv.routes = routes
    with serving(srv):
        yield srv


@contextmanager
def serving(srv: S) -> Iterator[S]:
    """`srv` answering in a thread until the block ends, then shut down and closed."""
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield srv
    finally:
        srv.shutdown()
        srv.server_close()
        thread.join(5)
