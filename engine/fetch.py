"""Opt-in HTTP(S) image fetching (an allowlisted URL -> vetted, bounded bytes); the engine's only network access."""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import threading
import time
import urllib.parse
from collections.abc import Callable, Sequence
from typing import Any, Literal

from engine.diagnostics import Diagnostics
from engine.media import Resource
from engine.options import Options
from engine.resources import display_url

Resolver = Callable[[str, int, int, int], Sequence[tuple[Any, ...]]]
IpAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

MAX_REDIRECTS = 3
_REDIRECT_STATUSES = {301, 302, 303, 307, 308}
_SCHEMES = {"http": 80, "https": 443}
_CHUNK = 64 * 1024
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
_PATH_SAFE = "/%:@!$&'()*+,;=-._~"


class Refused(Exception):
    """Internal: one fetch step refused; the message is the reason reported as a diagnostic."""


Accept = Literal["image", "font"]
_ACCEPT_HEADERS: dict[str, str] = {
    "image": "image/*",
    "font": "font/woff2, font/woff, font/ttf, font/otf, application/octet-stream;q=0.5",
}
# Font content types besides font/* that servers send (the bytes are checked when loaded).
_FONT_TYPES = frozenset(
    ("application/font-woff", "application/font-woff2", "application/x-font-woff")
    + ("application/x-font-ttf", "application/x-font-truetype", "application/x-font-otf")
    + ("application/x-font-opentype", "application/font-sfnt", "application/vnd.ms-opentype")
    + ("application/octet-stream",)
)


def fetch_url(
    url: str,
    diag: Diagnostics,
    options: Options,
    where: str = "",
    *,
    resolve: Resolver | None = None,
    allow_loopback: bool = False,
    tls_context: ssl.SSLContext | None = None,
    accept: Accept = "image",
) -> Resource | None:
    """Fetch one image (or, with accept="font", one @font-face font) over http(s) under the
    caller's policy; never raises.

    Refused (with a 'resource' diagnostic giving the reason) unless: options.allow_network is
    set, the scheme is http/https, the URL carries no credentials, the host matches
    options.allowed_hosts, and every address it resolves to is globally routable. The connection
    goes to the vetted address (Host header and SNI carry the original name), within
    limits.fetch_timeout_s in total (DNS, connect, TLS, headers, body), at most
    limits.max_fetch_bytes of body, at most MAX_REDIRECTS redirects (each re-checked the same
    way), and only an image/* response is accepted (a font: font/*, the legacy font types and
    application/octet-stream, whose bytes the font loader checks).

    `resolve` (default socket.getaddrinfo), `allow_loopback` and `tls_context` exist for tests
    only: a resolver that maps a test name to 127.0.0.1, permission for loopback addresses (and
    nothing else), and a context trusting a test CA. Options can never reach them.
    """
    shown = display_url(url)
    if not options.allow_network:
        diag.add("resource", f"not fetched (network access disabled): {shown}", where)
        return None
    limits = options.limits
    deadline = time.monotonic() + max(0.0, float(limits.fetch_timeout_s))
    resolver: Resolver = resolve if resolve is not None else socket.getaddrinfo
    current = (url or "").strip()
    try:
        for hop in range(MAX_REDIRECTS + 1):
            try:
                target = check_url(current, options.allowed_hosts)
                addresses = resolve_vetted(target, resolver, deadline, allow_loopback)
                outcome = _request(
                    target, addresses, deadline, limits.max_fetch_bytes, tls_context, accept
                )
            except Refused as exc:
                if hop == 0:
                    raise
                raise Refused(f"redirect to {display_url(current)}: {exc}") from None
            if isinstance(outcome, Resource):
                return outcome
            if hop == MAX_REDIRECTS:
                raise Refused(f"more than {MAX_REDIRECTS} redirects")
            try:
                current = urllib.parse.urljoin(current, outcome)
            except ValueError:
                raise Refused(f"redirect to {outcome[:80]!r}: malformed URL") from None
    except Refused as exc:
        diag.add("resource", f"not fetched ({exc}): {shown}", where)
        return None
    return None  # unreachable: the loop returns or raises


# -- URL and host policy ---------------------------------------------------------------------


class _Target:
    __slots__ = ("scheme", "host", "port", "path")

    def __init__(self, scheme: str, host: str, port: int, path: str) -> None:
        self.scheme, self.host, self.port, self.path = scheme, host, port, path


def normalize_host(host: str) -> str | None:
    """A host name as compared against the allowlist: lower-case ASCII (IDNA), no trailing dot."""
    host = host.strip().rstrip(".").lower()
    if not host:
        return None
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        pass
    try:
        ascii_host = host.encode("idna").decode("ascii")
    except UnicodeError:
        return None
    if not all(ch.isalnum() or ch in "-._" for ch in ascii_host) or ".." in ascii_host:
        return None
    return ascii_host


def host_allowed(host: str, allowed_hosts: Sequence[str]) -> bool:
    """Exact names match themselves; '*.example.com' matches any subdomain (not example.com itself).

    IP literals match only an identical literal entry. An empty allowlist allows nothing.
    """
    name = normalize_host(host)
    if name is None:
        return False
    is_ip = _is_ip(name)
    for entry in allowed_hosts:
        entry = (entry or "").strip()
        if entry.startswith("*."):
            suffix = normalize_host(entry[2:])
            if suffix and not is_ip and not _is_ip(suffix) and name.endswith("." + suffix):
                return True
        elif "*" not in entry and normalize_host(entry) == name:
            return True
    return False


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def check_url(url: str, allowed_hosts: Sequence[str]) -> _Target:
    if any(ord(ch) <= 0x20 or ord(ch) == 0x7F for ch in url):
        raise Refused("control character or space in URL")
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise Refused(f"malformed URL: {exc}") from None
    scheme = parts.scheme.lower()
    if scheme not in _SCHEMES:
        raise Refused(f"scheme {scheme or '(none)'!r} is never fetched")
    if "@" in parts.netloc:
        raise Refused("credentials in URL refused")
    host = normalize_host(parts.hostname or "")
    if host is None:
        raise Refused("missing or invalid host")
    if not host_allowed(host, allowed_hosts):
        if not allowed_hosts:
            raise Refused("no allowed hosts configured")
        raise Refused(f"host {host!r} not in allowed hosts")
    path = urllib.parse.quote(parts.path or "/", safe=_PATH_SAFE)
    if parts.query:
        path += "?" + urllib.parse.quote(parts.query, safe=_PATH_SAFE + "?")
    return _Target(scheme, host, port if port is not None else _SCHEMES[scheme], path)


# -- address policy --------------------------------------------------------------------------


def address_refusal(address: str, allow_loopback: bool = False) -> str | None:
    """Why an address must not be contacted (None when it may be).

    Refused: private, loopback, link-local, multicast, reserved, unspecified, site-local and any
    other non-global range, and IPv4-mapped, 6to4 and NAT64 forms of those. `allow_loopback`
    (tests only) lets plain loopback addresses through, nothing else.
    """
    try:
        ip: IpAddress = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return f"unparsable address {address!r}"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            inner = _address_class(ip.ipv4_mapped)
            shown = f"::ffff:{ip.ipv4_mapped}"
            return (
                f"IPv4-mapped form of {inner} address {shown}"
                if inner
                else f"IPv4-mapped address {shown}"
            )
        embedded = ip.sixtofour
        label = "6to4"
        if embedded is None and ip in _NAT64:
            embedded, label = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF), "NAT64"
        if embedded is not None:
            inner = _address_class(embedded)
            if inner is not None:
                return f"{label} form of {inner} address {ip}"
    kind = _address_class(ip)
    if kind is None or (kind == "loopback" and allow_loopback):
        return None
    return f"{kind} address {ip}"


def _address_class(ip: IpAddress) -> str | None:
    if ip.is_unspecified:
        return "unspecified"
    if ip.is_loopback:
        return "loopback"
    if ip.is_link_local:
        return "link-local"
    if ip.is_multicast:
        return "multicast"
    if ip.is_reserved:
        return "reserved"
    if ip.is_private:
        return "private"
    if isinstance(ip, ipaddress.IPv6Address) and ip.is_site_local:
        return "site-local"
    if not ip.is_global:
        return "non-global"
    return None


def resolve_vetted(
    target: _Target, resolve: Resolver, deadline: float, allow_loopback: bool
) -> list[tuple[int, str]]:
    """Resolve within the deadline; refuse if ANY address is unacceptable. Returns (family, ip)."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["result"] = resolve(target.host, target.port, 0, socket.SOCK_STREAM)
        except Exception as exc:  # reported below; a resolver must not take the caller down
            box["error"] = exc

    worker = threading.Thread(target=run, name="deckforge-resolve", daemon=True)
    worker.start()
    worker.join(max(0.0, deadline - time.monotonic()))
    if worker.is_alive():
        raise Refused(f"timed out resolving {target.host!r}")
    if "error" in box:
        raise Refused(f"cannot resolve {target.host!r}: {type(box['error']).__name__}")
    addresses: list[tuple[int, str]] = []
    try:
        for info in box.get("result") or ():
            family, sockaddr = info[0], info[4]
            if family not in (socket.AF_INET, socket.AF_INET6):
                continue
            ip = str(sockaddr[0])
            reason = address_refusal(ip, allow_loopback)
            if reason is not None:
                raise Refused(f"{target.host!r} resolves to a {reason}")
            if (family, ip) not in addresses:
                addresses.append((family, ip))
    except (TypeError, IndexError) as exc:
        raise Refused(f"bad resolver answer for {target.host!r}: {exc}") from None
    if not addresses:
        raise Refused(f"no usable address for {target.host!r}")
    return addresses


# -- one HTTP exchange against vetted addresses ------------------------------------------------


def _arm(sock: socket.socket, deadline: float) -> None:
    """Bound the next socket operation by the time left; refuse any operation past the deadline."""
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise TimeoutError("fetch deadline passed")
    sock.settimeout(remaining)


class _DeadlineSocket(socket.socket):
    """A TCP socket whose every send/receive ends by the fetch deadline (a slow drip cannot stretch it)."""

    deadline = 0.0

    def recv(self, *args: Any, **kwargs: Any) -> bytes:
        _arm(self, self.deadline)
        return super().recv(*args, **kwargs)

    def recv_into(self, *args: Any, **kwargs: Any) -> int:
        _arm(self, self.deadline)
        return super().recv_into(*args, **kwargs)

    def send(self, *args: Any, **kwargs: Any) -> int:
        _arm(self, self.deadline)
        return super().send(*args, **kwargs)

    def sendall(self, *args: Any, **kwargs: Any) -> None:
        _arm(self, self.deadline)
        super().sendall(*args, **kwargs)


class _DeadlineTLSSocket(ssl.SSLSocket):
    """The TLS counterpart: handshake, reads and writes each end by the fetch deadline."""

    deadline = 0.0

    def do_handshake(self, *args: Any, **kwargs: Any) -> None:
        _arm(self, self.deadline)
        super().do_handshake(*args, **kwargs)

    def read(self, *args: Any, **kwargs: Any) -> Any:
        _arm(self, self.deadline)
        return super().read(*args, **kwargs)

    def recv(self, *args: Any, **kwargs: Any) -> bytes:
        _arm(self, self.deadline)
        return super().recv(*args, **kwargs)

    def recv_into(self, *args: Any, **kwargs: Any) -> int:
        _arm(self, self.deadline)
        return super().recv_into(*args, **kwargs)

    def send(self, *args: Any, **kwargs: Any) -> int:
        _arm(self, self.deadline)
        return super().send(*args, **kwargs)

    def sendall(self, *args: Any, **kwargs: Any) -> None:
        _arm(self, self.deadline)
        super().sendall(*args, **kwargs)


class PinnedConnection(http.client.HTTPConnection):
    """HTTP to pre-vetted addresses only: no name resolution happens at connect time."""

    def __init__(self, target: _Target, addresses: list[tuple[int, str]], deadline: float) -> None:
        super().__init__(target.host, target.port, timeout=max(0.001, deadline - time.monotonic()))
        self.default_port = _SCHEMES[
            target.scheme
        ]  # Host header: the original name (port if not default)
        self._addresses = addresses
        self._deadline = deadline

    def _open_socket(self) -> socket.socket:
        last: OSError = OSError("no address to connect to")
        for family, ip in self._addresses:
            sock = _DeadlineSocket(family, socket.SOCK_STREAM)
            sock.deadline = self._deadline
            try:
                _arm(sock, self._deadline)
                sock.connect((ip, self.port) if family == socket.AF_INET else (ip, self.port, 0, 0))
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                return sock
            except OSError as exc:
                sock.close()
                last = exc
                if isinstance(exc, TimeoutError):
                    break
        raise last

    def connect(self) -> None:
        self.sock = self._open_socket()


class PinnedTLSConnection(PinnedConnection):
    """HTTPS to pre-vetted addresses; SNI and certificate checks use the original host name."""

    def __init__(
        self,
        target: _Target,
        addresses: list[tuple[int, str]],
        deadline: float,
        context: ssl.SSLContext,
    ) -> None:
        super().__init__(target, addresses, deadline)
        context.sslsocket_class = _DeadlineTLSSocket
        self._tls = context

    def connect(self) -> None:
        raw = self._open_socket()
        try:
            tls = self._tls.wrap_socket(
                raw, server_hostname=self.host, do_handshake_on_connect=False
            )
        except Exception:
            raw.close()
            raise
        assert isinstance(tls, _DeadlineTLSSocket)
        tls.deadline = self._deadline
        self.sock = tls
        tls.do_handshake()


def _request(
    target: _Target,
    addresses: list[tuple[int, str]],
    deadline: float,
    max_bytes: int,
    tls_context: ssl.SSLContext | None,
    accept: Accept = "image",
) -> Resource | str:
    """One GET. Returns the image, or the Location of a redirect; refuses everything else."""
    if deadline - time.monotonic() <= 0:
        raise Refused("timed out")
    conn: PinnedConnection
    if target.scheme == "https":
        conn = PinnedTLSConnection(
            target, addresses, deadline, tls_context or ssl.create_default_context()
        )
    else:
        conn = PinnedConnection(target, addresses, deadline)
    try:
        return _exchange(conn, target, max_bytes, accept)
    except Refused:
        raise
    except (OSError, http.client.HTTPException, ValueError) as exc:
        if isinstance(exc, TimeoutError) or time.monotonic() >= deadline:
            raise Refused("timed out") from None
        raise Refused(f"{type(exc).__name__}: {str(exc)[:100]}") from None
    finally:
        conn.close()


def _exchange(
    conn: PinnedConnection, target: _Target, max_bytes: int, accept: Accept = "image"
) -> Resource | str:
    conn.putrequest("GET", target.path)  # Host (original name) and Accept-Encoding: identity
    conn.putheader("Accept", _ACCEPT_HEADERS[accept])
    conn.putheader("User-Agent", "deckforge")
    conn.putheader("Connection", "close")
    conn.endheaders()
    resp = conn.getresponse()
    if resp.status in _REDIRECT_STATUSES:
        location = resp.getheader("Location")
        if not location:
            raise Refused(f"HTTP {resp.status} redirect without Location")
        return location.strip()[:2048]
    if resp.status != 200:
        raise Refused(f"HTTP status {resp.status}")
    content_type = (resp.getheader("Content-Type") or "").split(";", 1)[0].strip().lower()
    if accept == "image" and not content_type.startswith("image/"):
        raise Refused(f"content type {content_type or '(none)'!r} is not an image")
    if accept == "font" and not (content_type.startswith("font/") or content_type in _FONT_TYPES):
        raise Refused(f"content type {content_type or '(none)'!r} is not a font")
    encoding = (resp.getheader("Content-Encoding") or "identity").strip().lower()
    if encoding != "identity":
        raise Refused(f"content encoding {encoding!r} refused")
    declared = resp.getheader("Content-Length")
    expected: int | None = None
    if declared is not None:
        try:
            expected = int(declared)
        except ValueError:
            raise Refused(f"bad Content-Length {declared[:20]!r}") from None
        if expected > max_bytes:
            raise Refused(f"over the {max_bytes}-byte fetch limit (Content-Length {expected})")
    chunks: list[bytes] = []
    total = 0
    while True:
        chunk = resp.read1(
            min(_CHUNK, max_bytes + 1 - total)
        )  # what has arrived, never waits to fill
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
        if total > max_bytes:
            raise Refused(f"over the {max_bytes}-byte fetch limit")
    if expected is not None and total != expected:
        raise Refused(f"incomplete body ({total} of {expected} bytes)")
    return Resource(content_type, b"".join(chunks))


__all__ = [
    "MAX_REDIRECTS",
    "Resolver",
    "address_refusal",
    "display_url",
    "fetch_url",
    "host_allowed",
    "normalize_host",
]
