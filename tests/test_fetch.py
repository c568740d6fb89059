"""Opt-in fetching: default refusal, allowlist, address vetting, limits, redirects, TLS (127.0.0.1 only)."""

from __future__ import annotations

import datetime
import functools
import io
import socket
import ssl
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import engine.fetch
from engine import Limits, Options, convert
from engine.diagnostics import Diagnostics
from engine.fetch import MAX_REDIRECTS, address_refusal, fetch_url, host_allowed
from engine.media import Resource
from engine.resources import load_resource


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (4, 3), (200, 10, 10)).save(out, format="PNG")
    return out.getvalue()


PNG = _png()
ALLOWED = ("images.test", "*.cdn.test", "evil.test", "mixed.test")


# -- guards: nothing in this module may talk to anything but 127.0.0.1 -----------------------------


@pytest.fixture(autouse=True)
def only_loopback_connections(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Any connect() to another address fails the test (AssertionError is not swallowed by fetch_url)."""
    seen: list[Any] = []
    real_connect = socket.socket.connect

    def guarded(self: socket.socket, address: Any) -> None:
        seen.append(address)
        assert isinstance(address, tuple) and address[0] == "127.0.0.1", (
            f"connection to {address!r}"
        )
        real_connect(self, address)

    monkeypatch.setattr(socket.socket, "connect", guarded)
    return seen


def _no_default_dns(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"unexpected DNS lookup {args!r}")

    monkeypatch.setattr(socket, "getaddrinfo", refuse)


# -- a tiny HTTP server on 127.0.0.1 -------------------------------------------------------------

Route = Callable[[BaseHTTPRequestHandler], None]


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    routes: dict[str, Route]
    log: list[tuple[str, str]]
    stop: threading.Event


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        self.server.log.append((self.path, self.headers.get("Host", "")))
        route = self.server.routes.get(self.path.split("?", 1)[0])
        if route is None:
            send(self, 404, {"Content-Type": "text/plain"}, b"no")
        else:
            route(self)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def send(
    h: BaseHTTPRequestHandler,
    status: int,
    headers: dict[str, str],
    body: bytes = b"",
    length: bool = True,
) -> None:
    h.send_response(status)
    for name, value in headers.items():
        h.send_header(name, value)
    if length:
        h.send_header("Content-Length", str(len(body)))
    h.end_headers()
    h.wfile.write(body)


def png_route(h: BaseHTTPRequestHandler) -> None:
    send(h, 200, {"Content-Type": "image/png"}, PNG)


def redirect_to(location: str, status: int = 302) -> Route:
    return lambda h: send(h, status, {"Location": location})


@pytest.fixture
def server() -> Iterator[_Server]:
    srv = _Server(("127.0.0.1", 0), _Handler)
    srv.routes, srv.log, srv.stop = {"/img.png": png_route}, [], threading.Event()
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield srv
    finally:
        srv.stop.set()
        srv.shutdown()
        srv.server_close()
        thread.join(5)


def port_of(srv: ThreadingHTTPServer) -> int:
    return int(srv.server_address[1])


def resolver(
    table: dict[str, list[str]], calls: list[str] | None = None
) -> Callable[..., list[tuple[Any, ...]]]:
    """A getaddrinfo stand-in: names in `table` resolve to the given addresses, others fail."""

    def resolve(host: str, port: int, family: int = 0, type: int = 0) -> list[tuple[Any, ...]]:
        if calls is not None:
            calls.append(host)
        if host not in table:
            raise socket.gaierror(socket.EAI_NONAME, "unknown name")
        out: list[tuple[Any, ...]] = []
        for ip in table[host]:
            if ":" in ip:
                out.append((socket.AF_INET6, socket.SOCK_STREAM, 6, "", (ip, port, 0, 0)))
            else:
                out.append((socket.AF_INET, socket.SOCK_STREAM, 6, "", (ip, port)))
        return out

    return resolve


LOCAL = resolver(
    {
        "images.test": ["127.0.0.1"],
        "a.cdn.test": ["127.0.0.1"],
        "other.test": ["127.0.0.1"],
        "evil.test": ["10.0.0.7"],
        "mixed.test": ["93.184.216.34", "192.168.0.9"],
    }
)


def opts(
    timeout: float = 10.0, max_bytes: int = 1024 * 1024, hosts: tuple[str, ...] = ALLOWED
) -> Options:
    return Options(
        allow_network=True,
        allowed_hosts=hosts,
        limits=Limits(fetch_timeout_s=timeout, max_fetch_bytes=max_bytes),
    )


def fetch(url: str, options: Options | None = None, **kw: Any) -> tuple[Resource | None, list[str]]:
    diag = Diagnostics()
    kw.setdefault("resolve", LOCAL)
    kw.setdefault("allow_loopback", True)
    res = fetch_url(url, diag, options or opts(), "img", **kw)
    assert all(d.kind == "resource" and d.where == "img" for d in diag.items)
    return res, [d.message for d in diag.items]


# -- the default: nothing is fetched -------------------------------------------------------------


def test_default_options_fetch_nothing_and_report_each_drop(
    server: _Server, monkeypatch: pytest.MonkeyPatch, only_loopback_connections: list[Any]
) -> None:
    _no_default_dns(monkeypatch)

    def must_not_fetch(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("fetch_url called with network disabled")

    monkeypatch.setattr(engine.fetch, "fetch_url", must_not_fetch)
    port = port_of(server)
    img = f"http://127.0.0.1:{port}/img.png"
    bg = f"https://127.0.0.1:{port}/bg.png"
    page = f'<div class="slide" style="width:320px;height:180px"><img src="{img}" width="50" height="40"><div style="width:50px;height:50px;background:url({bg})"></div></div>'
    conv = convert([page])
    resource_msgs = [d["message"] for d in conv.diagnostics[0] if d["kind"] == "resource"]
    assert f"not fetched (network access disabled): {img}" in resource_msgs
    assert f"not fetched (network access disabled): {bg}" in resource_msgs
    assert server.log == []
    assert only_loopback_connections == []


def test_fetch_url_itself_refuses_when_network_disabled() -> None:
    calls: list[str] = []
    res, msgs = fetch(
        "http://images.test/img.png", Options(allowed_hosts=ALLOWED), resolve=resolver({}, calls)
    )
    assert res is None and msgs == [
        "not fetched (network access disabled): http://images.test/img.png"
    ]
    assert calls == []


def test_file_urls_are_never_fetched_even_with_network(monkeypatch: pytest.MonkeyPatch) -> None:
    called: list[str] = []
    monkeypatch.setattr(engine.fetch, "fetch_url", lambda url, *a, **k: called.append(url))
    diag = Diagnostics()
    assert load_resource("file:///etc/passwd", diag, opts(hosts=("*",)), "img") is None
    assert called == []
    assert [d.kind for d in diag.items] == ["resource"] and "file:///etc/passwd" in diag.items[
        0
    ].message


# -- URL policy ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "allowed", "ok"),
    [
        ("images.test", ("images.test",), True),
        ("IMAGES.test.", ("images.test",), True),
        ("images.test", ("Images.Test.",), True),
        ("x.images.test", ("images.test",), False),
        ("images.test.evil.com", ("images.test",), False),
        ("a.example.com", ("*.example.com",), True),
        ("a.b.example.com", ("*.example.com",), True),
        ("example.com", ("*.example.com",), False),
        ("badexample.com", ("*.example.com",), False),
        ("example.com.evil", ("*.example.com",), False),
        ("images.test", (), False),
        ("anything.test", ("*",), False),
        ("a.example.com", ("a.*.com",), False),
        ("1.2.3.4", ("1.2.3.4",), True),
        ("1.2.3.4", ("*.3.4",), False),
        ("::1", ("0:0::1",), True),
        ("bücher.example", ("xn--bcher-kva.example",), True),
    ],
)
def test_allowlist_matching(host: str, allowed: tuple[str, ...], ok: bool) -> None:
    assert host_allowed(host, allowed) is ok


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("file:///etc/passwd", "scheme 'file' is never fetched"),
        ("ftp://images.test/img.png", "scheme 'ftp' is never fetched"),
        ("gopher://images.test/", "scheme 'gopher' is never fetched"),
        ("data:image/png;base64,AAAA", "scheme 'data' is never fetched"),
        ("//images.test/img.png", "scheme '(none)' is never fetched"),
        ("http://other.test/img.png", "host 'other.test' not in allowed hosts"),
        ("http://127.0.0.1/img.png", "host '127.0.0.1' not in allowed hosts"),
        ("http:///img.png", "missing or invalid host"),
        ("http://images.test:99999/img.png", "malformed URL"),
        ("http://[::1/img.png", "malformed URL"),
        ("http://images.test/a b.png", "control character or space in URL"),
        ("http://images.test/a\r\nX-Evil: 1", "control character or space in URL"),
    ],
)
def test_refused_urls_are_reported_and_never_resolved(url: str, reason: str) -> None:
    calls: list[str] = []
    res, msgs = fetch(url, resolve=resolver({"images.test": ["127.0.0.1"]}, calls))
    assert res is None and len(msgs) == 1
    assert msgs[0].startswith(f"not fetched ({reason}")
    assert calls == []


def test_empty_allowlist_allows_nothing() -> None:
    res, msgs = fetch("http://images.test/img.png", opts(hosts=()))
    assert res is None and msgs == [
        "not fetched (no allowed hosts configured): http://images.test/img.png"
    ]


@pytest.mark.parametrize(
    "url",
    [
        "http://user:secret@images.test/img.png",
        "http://user@images.test/img.png",
        "https://:secret@images.test/",
    ],
)
def test_credentials_in_url_refused_and_not_echoed(url: str) -> None:
    calls: list[str] = []
    res, msgs = fetch(url, resolve=resolver({"images.test": ["127.0.0.1"]}, calls))
    assert res is None and calls == []
    assert msgs[0].startswith("not fetched (credentials in URL refused): ")
    assert "secret" not in msgs[0] and "user" not in msgs[0]


# -- address policy ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("address", "word"),
    [
        ("10.0.0.1", "private"),
        ("172.16.5.4", "private"),
        ("192.168.1.1", "private"),
        ("fd12:3456::1", "private"),
        ("127.0.0.1", "loopback"),
        ("127.9.9.9", "loopback"),
        ("::1", "loopback"),
        ("169.254.169.254", "link-local"),
        ("fe80::1", "link-local"),
        ("224.0.0.1", "multicast"),
        ("239.255.255.250", "multicast"),
        ("ff02::1", "multicast"),
        ("240.0.0.1", "reserved"),
        ("0.0.0.0", "unspecified"),
        ("::", "unspecified"),
        ("100.64.0.1", "non-global"),
        ("192.0.2.10", "private"),
        ("fec0::1", "site-local"),
        ("::ffff:127.0.0.1", "IPv4-mapped form of loopback"),
        ("::ffff:10.1.2.3", "IPv4-mapped form of private"),
        ("::ffff:169.254.169.254", "IPv4-mapped form of link-local"),
        ("::ffff:8.8.8.8", "IPv4-mapped address"),
        ("2002:7f00:1::", "6to4 form of loopback"),
        ("2002:a9fe:a9fe::", "6to4 form of link-local"),
        ("2002:c0a8:101::", "6to4 form of private"),
        ("64:ff9b::a00:1", "NAT64 form of private"),
    ],
)
def test_refused_address_classes(address: str, word: str) -> None:
    reason = address_refusal(address)
    assert reason is not None and word in reason
    if word != "loopback":
        assert address_refusal(address, allow_loopback=True) == reason


@pytest.mark.parametrize(
    "address", ["8.8.8.8", "93.184.216.34", "2606:4700::1111", "2002:808:808::1"]
)
def test_public_addresses_accepted(address: str) -> None:
    assert address_refusal(address) is None


def test_allow_loopback_admits_plain_loopback_only() -> None:
    assert address_refusal("127.0.0.1", allow_loopback=True) is None
    assert address_refusal("::1", allow_loopback=True) is None
    for other in ("10.0.0.1", "169.254.169.254", "::ffff:127.0.0.1", "2002:7f00:1::", "0.0.0.0"):
        assert address_refusal(other, allow_loopback=True) is not None


@pytest.mark.parametrize(
    ("table", "reason"),
    [
        ({"images.test": ["127.0.0.1"]}, "'images.test' resolves to a loopback address 127.0.0.1"),
        ({"images.test": ["10.0.0.7"]}, "'images.test' resolves to a private address 10.0.0.7"),
        (
            {"images.test": ["93.184.216.34", "169.254.169.254"]},
            "'images.test' resolves to a link-local address 169.254.169.254",
        ),
        (
            {"images.test": ["::ffff:192.168.0.1"]},
            "'images.test' resolves to a IPv4-mapped form of private address ::ffff:192.168.0.1",
        ),
        ({}, "cannot resolve 'images.test': gaierror"),
    ],
)
def test_fetch_refuses_when_any_resolved_address_is_bad(
    server: _Server, table: dict[str, list[str]], reason: str, only_loopback_connections: list[Any]
) -> None:
    res, msgs = fetch(
        f"http://images.test:{port_of(server)}/img.png",
        resolve=resolver(table),
        allow_loopback=False,
    )
    assert res is None and msgs[0].startswith(f"not fetched ({reason}): ")
    assert server.log == [] and only_loopback_connections == []


def test_default_resolver_is_getaddrinfo_and_its_answer_is_vetted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[Any, ...]] = []

    def fake(*args: Any) -> list[tuple[Any, ...]]:
        calls.append(args)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.9.8.7", 80))]

    monkeypatch.setattr(socket, "getaddrinfo", fake)
    diag = Diagnostics()
    assert fetch_url("http://images.test/img.png", diag, opts(), "img") is None
    assert calls == [("images.test", 80, 0, socket.SOCK_STREAM)]
    assert "resolves to a private address 10.9.8.7" in diag.items[0].message


# -- successful fetches ----------------------------------------------------------------------------


def test_successful_fetch_connects_to_vetted_ip_with_original_host(
    server: _Server, only_loopback_connections: list[Any]
) -> None:
    port = port_of(server)
    res, msgs = fetch(f"http://images.test:{port}/img.png?v=1#frag")
    assert msgs == []
    assert res == Resource("image/png", PNG)
    assert server.log == [("/img.png?v=1", f"images.test:{port}")]
    assert only_loopback_connections == [("127.0.0.1", port)]


def test_wildcard_allowlisted_subdomain_fetches(server: _Server) -> None:
    res, _ = fetch(f"http://a.cdn.test:{port_of(server)}/img.png")
    assert res == Resource("image/png", PNG)


def test_fetched_image_reaches_the_slide(server: _Server, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the real pipeline: resources.py routes an allowed http URL to fetch_url."""
    monkeypatch.setattr(
        engine.fetch,
        "fetch_url",
        functools.partial(engine.fetch.fetch_url, resolve=LOCAL, allow_loopback=True),
    )
    page = f'<div class="slide" style="width:320px;height:180px"><img src="http://images.test:{port_of(server)}/img.png"></div>'
    conv = convert([page], options=opts())
    pictures = [s for s in conv.slides[0]["shapes"] if s["kind"] == "picture"]
    assert len(pictures) == 1
    assert conv.media[pictures[0]["media"]]["data"] == PNG
    assert not [d for d in conv.diagnostics[0] if d["kind"] == "resource"]


# -- response policy -------------------------------------------------------------------------------


def test_non_image_content_types_refused(server: _Server) -> None:
    server.routes["/page"] = lambda h: send(
        h, 200, {"Content-Type": "text/html; charset=utf-8"}, b"<html>"
    )
    server.routes["/untyped"] = lambda h: send(h, 200, {}, PNG)
    port = port_of(server)
    assert fetch(f"http://images.test:{port}/page")[1] == [
        f"not fetched (content type 'text/html' is not an image): http://images.test:{port}/page"
    ]
    assert fetch(f"http://images.test:{port}/untyped")[1][0].startswith(
        "not fetched (content type '(none)' is not an image)"
    )


def test_error_status_refused(server: _Server) -> None:
    port = port_of(server)
    assert fetch(f"http://images.test:{port}/missing.png")[1] == [
        f"not fetched (HTTP status 404): http://images.test:{port}/missing.png"
    ]


def test_size_limit_by_content_length_and_exactly_at_limit(server: _Server) -> None:
    url = f"http://images.test:{port_of(server)}/img.png"
    res, msgs = fetch(url, opts(max_bytes=len(PNG) - 1))
    assert res is None and msgs == [
        f"not fetched (over the {len(PNG) - 1}-byte fetch limit (Content-Length {len(PNG)})): {url}"
    ]
    assert fetch(url, opts(max_bytes=len(PNG)))[0] == Resource("image/png", PNG)


def test_size_limit_stops_reading_an_endless_body(server: _Server) -> None:
    """No Content-Length and a body that never ends: the reader stops at the limit (long before the timeout)."""

    def endless(h: BaseHTTPRequestHandler) -> None:
        h.send_response(200)
        h.send_header("Content-Type", "image/png")
        h.end_headers()
        block = b"\0" * 65536
        end = time.monotonic() + 30
        try:
            while not h.server.stop.is_set() and time.monotonic() < end:  # type: ignore[attr-defined]
                h.wfile.write(block)
        except OSError:
            pass

    server.routes["/endless"] = endless
    url = f"http://images.test:{port_of(server)}/endless"
    res, msgs = fetch(url, opts(timeout=20.0, max_bytes=200_000))
    assert res is None and msgs == [f"not fetched (over the 200000-byte fetch limit): {url}"]


def _drip(in_headers: bool) -> Route:
    """A valid 100-byte image response sent one byte every 50 ms, in a header value or in the body.

    Every gap is far below the total timeout, so only a deadline on the whole exchange stops it;
    without one the fetch would succeed after ~5 s.
    """

    def route(h: BaseHTTPRequestHandler) -> None:
        body = b"\0" * 100
        head = b"HTTP/1.0 200 OK\r\nContent-Type: image/png\r\n"
        try:
            if in_headers:
                h.wfile.write(head + b"Content-Length: 1\r\nX-Slow: ")
                dripped, tail = body, b"\r\n\r\n\0"
            else:
                h.wfile.write(head + b"Content-Length: 100\r\n\r\n")
                dripped, tail = body, b""
            for i in range(len(dripped)):
                if h.server.stop.is_set():  # type: ignore[attr-defined]
                    return
                h.wfile.write(b"a" if in_headers else dripped[i : i + 1])
                h.wfile.flush()
                time.sleep(0.05)
            h.wfile.write(tail)
        except OSError:
            pass

    return route


@pytest.mark.parametrize("in_headers", [False, True])
def test_total_timeout_covers_a_slow_drip(server: _Server, in_headers: bool) -> None:
    server.routes["/drip"] = _drip(in_headers)
    url = f"http://images.test:{port_of(server)}/drip"
    res, msgs = fetch(url, opts(timeout=0.5))
    assert res is None and msgs == [f"not fetched (timed out): {url}"]


def test_timeout_covers_a_server_that_never_answers(server: _Server) -> None:
    server.routes["/silent"] = lambda h: h.server.stop.wait(10)  # type: ignore[attr-defined]
    url = f"http://images.test:{port_of(server)}/silent"
    assert fetch(url, opts(timeout=0.3))[1] == [f"not fetched (timed out): {url}"]


def test_timeout_covers_name_resolution() -> None:
    release = threading.Event()

    def hanging(host: str, port: int, family: int = 0, type: int = 0) -> list[tuple[Any, ...]]:
        release.wait(10)
        return []

    try:
        res, msgs = fetch("http://images.test/img.png", opts(timeout=0.2), resolve=hanging)
    finally:
        release.set()
    assert res is None and msgs == [
        "not fetched (timed out resolving 'images.test'): http://images.test/img.png"
    ]


def test_tls_handshake_bounded_by_the_timeout() -> None:
    """A listener that never accepts: TCP connects (kernel backlog) but the TLS handshake never completes."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(4)
        url = f"https://images.test:{listener.getsockname()[1]}/img.png"
        assert fetch(url, opts(timeout=0.3))[1] == [f"not fetched (timed out): {url}"]


def test_encoded_or_incomplete_bodies_refused(server: _Server) -> None:
    server.routes["/gz"] = lambda h: send(
        h, 200, {"Content-Type": "image/png", "Content-Encoding": "gzip"}, PNG
    )

    def short(h: BaseHTTPRequestHandler) -> None:
        send(
            h,
            200,
            {"Content-Type": "image/png", "Content-Length": str(len(PNG) + 10)},
            PNG,
            length=False,
        )
        h.close_connection = True

    server.routes["/short"] = short
    port = port_of(server)
    assert fetch(f"http://images.test:{port}/gz")[1] == [
        f"not fetched (content encoding 'gzip' refused): http://images.test:{port}/gz"
    ]
    msgs = fetch(f"http://images.test:{port}/short")[1]
    assert msgs == [
        f"not fetched (incomplete body ({len(PNG)} of {len(PNG) + 10} bytes)): http://images.test:{port}/short"
    ]


# -- redirects -------------------------------------------------------------------------------------


def test_redirects_followed_up_to_the_limit(server: _Server) -> None:
    port = port_of(server)
    server.routes["/r1"] = redirect_to("/r2", 301)
    server.routes["/r2"] = redirect_to(f"http://a.cdn.test:{port}/r3", 307)
    server.routes["/r3"] = redirect_to(f"http://images.test:{port}/img.png", 308)
    res, msgs = fetch(f"http://images.test:{port}/r1")
    assert msgs == [] and res == Resource("image/png", PNG)
    assert [p for p, _ in server.log] == ["/r1", "/r2", "/r3", "/img.png"]
    assert server.log[2][1] == f"a.cdn.test:{port}"


def test_too_many_redirects_refused(server: _Server) -> None:
    for i in range(MAX_REDIRECTS + 1):
        server.routes[f"/loop{i}"] = redirect_to(f"/loop{i + 1}")
    server.routes[f"/loop{MAX_REDIRECTS + 1}"] = png_route
    url = f"http://images.test:{port_of(server)}/loop0"
    assert fetch(url)[1] == [f"not fetched (more than {MAX_REDIRECTS} redirects): {url}"]
    assert len(server.log) == MAX_REDIRECTS + 1


@pytest.mark.parametrize(
    ("location", "reason"),
    [
        ("http://other.test:{port}/img.png", "host 'other.test' not in allowed hosts"),
        ("http://127.0.0.1:{port}/img.png", "host '127.0.0.1' not in allowed hosts"),
        ("http://evil.test:{port}/img.png", "'evil.test' resolves to a private address 10.0.0.7"),
        (
            "http://mixed.test:{port}/img.png",
            "'mixed.test' resolves to a private address 192.168.0.9",
        ),
        ("file:///etc/passwd", "scheme 'file' is never fetched"),
        ("http://u:p@images.test:{port}/img.png", "credentials in URL refused"),
        ("http://[::1/img.png", "malformed URL"),
    ],
)
def test_redirect_targets_rechecked(
    server: _Server, location: str, reason: str, only_loopback_connections: list[Any]
) -> None:
    port = port_of(server)
    server.routes["/go"] = redirect_to(location.format(port=port))
    url = f"http://images.test:{port}/go"
    res, msgs = fetch(url)
    assert res is None and len(msgs) == 1
    assert msgs[0].startswith("not fetched (redirect to ") and f": {reason}): {url}" in msgs[0]
    assert [p for p, _ in server.log] == ["/go"]
    assert only_loopback_connections == [("127.0.0.1", port)]


# -- HTTPS: SNI and certificate checks use the original name while connecting to the vetted IP ----


def _tls_files(tmp_path: Path) -> tuple[Path, Path, Path]:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "deckforge test CA")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(1)
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(False, False, False, False, False, True, True, False, False),
            critical=True,
        )
        .add_extension(
            x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False
        )
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    leaf = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "images.test")]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(2)
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName("images.test")]), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False
        )
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False
        )
        .sign(ca_key, hashes.SHA256())
    )
    ca_pem, cert_pem, key_pem = tmp_path / "ca.pem", tmp_path / "cert.pem", tmp_path / "key.pem"
    ca_pem.write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    cert_pem.write_bytes(leaf.public_bytes(serialization.Encoding.PEM))
    key_pem.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return ca_pem, cert_pem, key_pem


@pytest.fixture
def tls_server(tmp_path: Path) -> Iterator[tuple[_Server, Path, list[str | None]]]:
    ca_pem, cert_pem, key_pem = _tls_files(tmp_path)
    names: list[str | None] = []
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(cert_pem, key_pem)
    ctx.sni_callback = lambda sock, name, context: names.append(name)  # type: ignore[assignment,func-returns-value]
    srv = _Server(("127.0.0.1", 0), _Handler)
    srv.routes, srv.log, srv.stop = {"/img.png": png_route}, [], threading.Event()
    srv.socket = ctx.wrap_socket(srv.socket, server_side=True)
    srv.socket.settimeout(5)
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield srv, ca_pem, names
    finally:
        srv.shutdown()
        srv.server_close()
        thread.join(5)


def test_https_uses_sni_and_verifies_the_original_name(
    tls_server: tuple[_Server, Path, list[str | None]],
) -> None:
    srv, ca_pem, names = tls_server
    port = port_of(srv)
    trusted = ssl.create_default_context(cafile=str(ca_pem))
    res, msgs = fetch(f"https://images.test:{port}/img.png", tls_context=trusted)
    assert msgs == [] and res == Resource("image/png", PNG)
    assert names == ["images.test"]
    assert srv.log == [("/img.png", f"images.test:{port}")]


def test_https_refuses_an_untrusted_certificate(
    tls_server: tuple[_Server, Path, list[str | None]],
) -> None:
    srv, _, _ = tls_server
    url = f"https://images.test:{port_of(srv)}/img.png"
    res, msgs = fetch(url)  # the default context does not trust the test CA
    assert res is None and msgs[0].startswith("not fetched (SSLCertVerificationError: ")
    assert srv.log == []


def test_https_refuses_a_certificate_for_another_name(
    tls_server: tuple[_Server, Path, list[str | None]],
) -> None:
    srv, ca_pem, names = tls_server
    trusted = ssl.create_default_context(cafile=str(ca_pem))
    res, msgs = fetch(f"https://a.cdn.test:{port_of(srv)}/img.png", tls_context=trusted)
    assert res is None and msgs[0].startswith("not fetched (SSLCertVerificationError: ")
    assert "a.cdn.test" in msgs[0] and names == ["a.cdn.test"] and srv.log == []
