"""A web link -> fetched page (the engine's guarded fetcher policy) -> main text (trafilatura) -> Outline."""

from __future__ import annotations

import http.client
import socket
import ssl
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass

from w3lib.encoding import html_to_unicode

from engine import fetch as guarded
from generator.errors import GeneratorError
from generator.model import Outline
from generator.outline import parse_outline
from generator.sources.errors import (
    CONTENT_EMPTY,
    URL_FETCH_FAILED,
    URL_INVALID,
    SourceError,
    SourceLimits,
)
from generator.sources.webpage import html_to_outline

_PAGE_TYPES = ("text/html", "application/xhtml+xml", "text/plain")


@dataclass(frozen=True)
class FetchedPage:
    url: str  # the final URL (after redirects)
    content_type: str
    data: bytes
    charset: str = ""  # from the Content-Type header, if any


Fetcher = Callable[[str, SourceLimits], FetchedPage]


def guarded_fetch(
    url: str,
    limits: SourceLimits,
    *,
    resolve: guarded.Resolver | None = None,
    allow_loopback: bool = False,
    tls_context: ssl.SSLContext | None = None,
) -> FetchedPage:
    """GET an HTML/text page with engine.fetch's policy: http/https only, no credentials, every
    address the name resolves to must be public (checked again for each redirect, at most
    engine.fetch.MAX_REDIRECTS), connection pinned to the vetted address, limits.fetch_timeout_s
    for everything, at most limits.max_fetch_bytes of body. Any host is allowed (the address
    policy is what protects the network). `resolve`/`allow_loopback`/`tls_context`: tests only
    (as in engine.fetch.fetch_url). Raises SourceError URL_INVALID or URL_FETCH_FAILED."""
    resolver = resolve if resolve is not None else socket.getaddrinfo
    deadline = time.monotonic() + limits.fetch_timeout_s
    current = (url or "").strip()
    if urllib.parse.urlsplit(current).scheme.lower() not in ("http", "https"):
        raise SourceError(URL_INVALID, f"{guarded.display_url(current)}: only http(s) links")
    for _hop in range(guarded.MAX_REDIRECTS + 1):
        try:
            host = urllib.parse.urlsplit(current).hostname or ""
            target = guarded.check_url(current, (host,) if host else ())
            addresses = guarded.resolve_vetted(target, resolver, deadline, allow_loopback)
            conn: guarded.PinnedConnection
            if target.scheme == "https":
                context = tls_context or ssl.create_default_context()
                conn = guarded.PinnedTLSConnection(target, addresses, deadline, context)
            else:
                conn = guarded.PinnedConnection(target, addresses, deadline)
            try:
                outcome = _exchange(conn, target.path, limits.max_fetch_bytes)
            except (OSError, ValueError, http.client.HTTPException) as exc:
                reason = "timed out" if time.monotonic() >= deadline else type(exc).__name__
                raise guarded.Refused(reason) from None
            finally:
                conn.close()
        except (guarded.Refused, ValueError) as exc:
            raise SourceError(
                URL_FETCH_FAILED, f"{guarded.display_url(current)}: not fetched ({exc})"
            ) from None
        if isinstance(outcome, FetchedPage):
            return FetchedPage(current, outcome.content_type, outcome.data, outcome.charset)
        current = urllib.parse.urljoin(current, outcome)
    raise SourceError(URL_FETCH_FAILED, f"more than {guarded.MAX_REDIRECTS} redirects")


def _exchange(conn: guarded.PinnedConnection, path: str, max_bytes: int) -> FetchedPage | str:
    conn.putrequest("GET", path)
    conn.putheader("Accept", "text/html,application/xhtml+xml,text/plain;q=0.8")
    conn.putheader("User-Agent", "deckforge")
    conn.putheader("Connection", "close")
    conn.endheaders()
    resp = conn.getresponse()
    if resp.status in (301, 302, 303, 307, 308):
        location = resp.getheader("Location")
        if not location:
            raise guarded.Refused(f"HTTP {resp.status} redirect without Location")
        return location.strip()[:2048]
    if resp.status != 200:
        raise guarded.Refused(f"HTTP status {resp.status}")
    header = resp.getheader("Content-Type") or ""
    content_type = header.split(";", 1)[0].strip().lower()
    charset = header.lower().partition("charset=")[2].split(";")[0].strip(" \"'")[:40]
    if content_type not in _PAGE_TYPES:
        raise guarded.Refused(f"content type {content_type or '(none)'!r} is not a web page")
    if (resp.getheader("Content-Encoding") or "identity").strip().lower() != "identity":
        raise guarded.Refused("compressed body refused")
    declared = resp.getheader("Content-Length")
    if declared is not None and declared.strip().isdigit() and int(declared) > max_bytes:
        raise guarded.Refused(f"over the {max_bytes}-byte limit (Content-Length {declared})")
    chunks: list[bytes] = []
    total = 0
    while True:
        chunk = resp.read1(min(65536, max_bytes + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
        if total > max_bytes:
            raise guarded.Refused(f"over the {max_bytes}-byte limit")
    return FetchedPage("", content_type, b"".join(chunks), charset)


def page_to_outline(page: FetchedPage, limits: SourceLimits | None = None) -> Outline:
    """Main text of the page (trafilatura: boilerplate, menus, scripts dropped) -> Outline; the
    page title is the topic. Falls back to the whole body (generator.sources.webpage) when the
    extractor finds nothing."""
    limits = limits or SourceLimits()
    header = f"{page.content_type}; charset={page.charset}" if page.charset else None
    text = html_to_unicode(header, page.data)[1]  # header, BOM, <meta charset>, then sniffing
    if page.content_type == "text/plain":
        from generator.sources.text import text_to_outline

        return text_to_outline(text, limits, name=page.url)
    import trafilatura

    markdown = trafilatura.extract(
        text, output_format="markdown", include_tables=True, include_links=False,
        include_images=False, include_comments=False, favor_recall=True,
    )  # fmt: skip
    metadata = trafilatura.extract_metadata(text)
    title = (metadata.title if metadata is not None else None) or ""
    if not markdown or not markdown.strip():
        return html_to_outline(text, limits, name=page.url)
    markdown = markdown[: limits.max_markdown_chars]
    if not markdown.lstrip().startswith("# ") and title:
        markdown = f"# {title}\n\n{markdown}"
    try:
        return parse_outline(markdown)
    except GeneratorError:
        raise SourceError(CONTENT_EMPTY, f"{page.url}: no main text found") from None


def link_to_outline(
    url: str, limits: SourceLimits | None = None, *, fetcher: Fetcher | None = None
) -> Outline:
    """Fetch (guarded_fetch unless `fetcher` is given) and extract."""
    limits = limits or SourceLimits()
    page = (fetcher or guarded_fetch)(url, limits)
    return page_to_outline(page, limits)
