"""Web links: a real HTTP server on 127.0.0.1, the engine's address policy, main-text extraction."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from generator.model import plain
from generator.sources import SourceError, SourceLimits, prepare_content
from generator.sources.web import FetchedPage, guarded_fetch

ARTICLE = (
    "<html><head><title>Solar Power Today</title><script>track()</script></head><body>"
    "<nav><a href='/'>Home</a> <a href='/about'>About us</a></nav><article>"
    "<h1>Solar Power Today</h1>"
    + "".join(
        f"<h2>Part {i}</h2><p>Solar panels convert sunlight into electricity; paragraph {i} explains "
        "how costs fell by ninety percent over the last decade across many markets.</p>"
        for i in range(1, 4)
    )
    + "</article><footer>Copyright footer text</footer></body></html>"
).encode()

Route = Callable[[BaseHTTPRequestHandler], None]


def send(
    h: BaseHTTPRequestHandler, status: int, ctype: str, body: bytes = b"", **headers: str
) -> None:
    h.send_response(status)
    h.send_header("Content-Type", ctype)
    h.send_header("Content-Length", str(len(body)))
    for k, v in headers.items():
        h.send_header(k, v)
    h.end_headers()
    h.wfile.write(body)


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.routes: dict[str, Route] = {}


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def do_GET(self) -> None:  # noqa: N802
        route = self.server.routes.get(self.path)
        if route is None:
            send(self, 404, "text/plain", b"no")
        else:
            route(self)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def server() -> Iterator[_Server]:
    srv = _Server()
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()


def resolve(host: str, port: int, family: int = 0, type: int = 0) -> list[tuple[Any, ...]]:
    table = {"news.test": "127.0.0.1", "intranet.test": "10.0.0.7"}
    if host not in table:
        raise socket.gaierror(socket.EAI_NONAME, "unknown")
    return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (table[host], port))]


def local_fetcher(url: str, limits: SourceLimits) -> FetchedPage:
    return guarded_fetch(url, limits, resolve=resolve, allow_loopback=True)


def url(srv: _Server, path: str) -> str:
    return f"http://news.test:{srv.server_address[1]}{path}"


def fails(link: str, limits: SourceLimits | None = None, fetcher: Any = local_fetcher) -> str:
    with pytest.raises(SourceError) as err:
        prepare_content(5, link, fetcher=fetcher, limits=limits)
    return err.value.code


def test_article_main_text_becomes_an_outline(server: _Server) -> None:
    server.routes["/a"] = lambda h: send(h, 200, "text/html; charset=utf-8", ARTICLE)
    server.routes["/r"] = lambda h: send(h, 302, "text/plain", Location="/a")
    got = prepare_content(5, url(server, "/r"), fetcher=local_fetcher)
    outline = got.outline
    assert outline is not None and outline.topic == "Solar Power Today"
    text = got.markdown
    assert "track()" not in text and "About us" not in text and "Copyright" not in text
    assert "paragraph 2 explains" in text
    assert [c.title for c in outline.chapters if c.title] == ["Part 1", "Part 2", "Part 3"]
    first = outline.chapters[-1].pages[0].blocks[0]
    assert "paragraph 3" in plain(first.spans)


def test_addresses_and_schemes_are_refused(server: _Server) -> None:
    port = server.server_address[1]
    server.routes["/a"] = lambda h: send(h, 200, "text/html", ARTICLE)
    server.routes["/in"] = lambda h: send(
        h, 302, "text/plain", Location=f"http://intranet.test:{port}/a"
    )
    assert fails(url(server, "/in")) == "URL_FETCH_FAILED"  # redirect re-checked
    assert fails(f"http://intranet.test:{port}/a") == "URL_FETCH_FAILED"
    # without the test switch, loopback is refused like any non-public address
    assert fails(f"http://127.0.0.1:{port}/a", fetcher=None) == "URL_FETCH_FAILED"
    for bad in ("file:///etc/passwd", "ftp://news.test/a", "javascript:alert(1)", "news.test/a"):
        assert fails(bad) == "URL_INVALID"
    assert fails(f"http://user:pw@news.test:{port}/a") == "URL_FETCH_FAILED"


def test_content_type_size_and_time_limits(server: _Server) -> None:
    routes = server.routes
    routes["/img"] = lambda h: send(h, 200, "image/png", b"\x89PNG")
    routes["/big"] = lambda h: send(h, 200, "text/html", b"<p>" + b"x" * 5000 + b"</p>")
    routes["/404"] = lambda h: send(h, 404, "text/html", b"gone")

    def slow(h: BaseHTTPRequestHandler) -> None:
        time.sleep(1.5)
        with contextlib.suppress(OSError):  # the client gave up, as it should
            send(h, 200, "text/html", ARTICLE)

    routes["/slow"] = slow
    assert fails(url(server, "/img")) == "URL_FETCH_FAILED"
    assert fails(url(server, "/big"), SourceLimits(max_fetch_bytes=1000)) == "URL_FETCH_FAILED"
    assert fails(url(server, "/404")) == "URL_FETCH_FAILED"
    started = time.monotonic()
    assert fails(url(server, "/slow"), SourceLimits(fetch_timeout_s=0.5)) == "URL_FETCH_FAILED"
    assert time.monotonic() - started < 1.4


def test_charsets_from_header_and_meta(server: _Server) -> None:
    gbk = "<html><head><title>太阳能</title></head><body><h1>太阳能</h1><p>太阳能很便宜。</p></body></html>"
    meta = '<html><head><meta charset="gbk"></head>' + gbk[12:]
    server.routes["/h"] = lambda h: send(h, 200, "text/html; charset=GBK", gbk.encode("gbk"))
    server.routes["/m"] = lambda h: send(h, 200, "text/html", meta.encode("gbk"))
    for path in ("/h", "/m"):
        got = prepare_content(5, url(server, path), fetcher=local_fetcher)
        assert got.outline is not None and got.outline.topic == "太阳能"
        assert "太阳能很便宜" in got.markdown


def test_plain_text_pages(server: _Server) -> None:
    server.routes["/t"] = lambda h: send(
        h, 200, "text/plain", b"Notes\n\nFirst point here. Second one."
    )
    got = prepare_content(5, url(server, "/t"), fetcher=local_fetcher)
    assert got.outline is not None and got.outline.topic == "Notes"
