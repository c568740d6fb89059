"""External resources (data: URIs, and URLs or local files only when the caller allows it) -> bounded bytes."""

from __future__ import annotations

import base64
import binascii
import re
import urllib.parse

from engine.diagnostics import Diagnostics
from engine.media import Resource
from engine.options import Options

__all__ = ["Resource", "load_resource"]

_DATA_URI = re.compile(r"^data:([^,]*?),(.*)$", re.S | re.I)


def load_resource(
    url: str, diag: Diagnostics, options: Options, where: str = "", *, font: bool = False
) -> Resource | None:
    """Decode a data: URI. Any other URL is never fetched by default: a diagnostic records the
    drop. `font`: an @font-face source (a fetch accepts font responses instead of images)."""
    url = (url or "").strip()
    if not url:
        return None
    match = _DATA_URI.match(url)
    if match is None:
        remote = url.lower().startswith(("http://", "https://"))
        if options.allow_network and remote:
            from engine.fetch import fetch_url  # http.client, ssl; it imports this module

            if font:
                return fetch_url(url, diag, options, where, accept="font")
            return fetch_url(url, diag, options, where)
        if options.file_roots and not remote:
            from engine.localfiles import guess_type, read_local

            found = read_local(url, diag, options, where)
            return None if found is None else Resource(guess_type(found[0].path), found[1])
        reason = (
            "network access disabled"
            if remote
            else "only data: URIs and allowed http(s) URLs are read"
        )
        diag.add("resource", f"not fetched ({reason}): {display_url(url)[:120]}", where)
        return None
    meta, payload = match.group(1), match.group(2)
    parts = [p.strip() for p in meta.split(";")]
    mime = (parts[0] or "text/plain").lower()
    limit = options.limits.max_data_uri_bytes
    if len(payload) > limit * 4 // 3 + 4:
        diag.add("limit", f"data URI over {limit} bytes dropped", where)
        return None
    try:
        if "base64" in [p.lower() for p in parts[1:]]:
            # whitespace dropped by splitting (the characters `\s` matches, without a regex scan)
            data = base64.b64decode("".join(urllib.parse.unquote(payload).split()), validate=False)
        else:
            data = urllib.parse.unquote_to_bytes(payload)
    except (binascii.Error, ValueError) as exc:
        diag.add("resource", f"undecodable data URI: {exc}", where)
        return None
    return Resource(mime, data)


def display_url(url: str) -> str:
    """The URL as safe to print in a diagnostic: credentials removed, at most 120 characters
    (here, not in engine.fetch: a page naming a remote picture it may not fetch loads no
    http.client or ssl)."""
    text = (url or "").strip()
    try:
        parts = urllib.parse.urlsplit(text)
        if "@" in parts.netloc:
            text = urllib.parse.urlunsplit(
                parts._replace(netloc="***@" + parts.netloc.rpartition("@")[2])
            )
    except ValueError:
        text = "<unparsable URL>"
    return text[:120]
