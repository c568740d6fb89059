"""Hyperlink targets (an <a href> -> a target the deck may hold, or None).

Only http, https and mailto links become hyperlinks: `javascript:`, `file:`, `data:`, Office
protocol handlers (`ms-excel:ofe|u|...`), `smb:` and every other scheme are dropped, so opening
the deck never runs, opens or fetches anything else. A fragment-only href (`#id`) is a link
inside the page, which a slide has no equivalent for; it is dropped too.
"""

from __future__ import annotations

ALLOWED_SCHEMES = ("http", "https", "mailto")
_C0_AND_SPACE = "".join(map(chr, range(33)))


def link_target(href: str | None) -> str | None:
    """The href, trimmed, when its scheme is allowed; None otherwise."""
    if not href:
        return None
    # Browsers strip leading/trailing C0 controls and spaces and ignore tabs and newlines.
    text = "".join(ch for ch in href if ch not in "\t\n\r").strip(_C0_AND_SPACE)
    scheme, sep, rest = text.partition(":")
    if not sep or not rest or not scheme.isascii():
        return None
    if scheme.lower() not in ALLOWED_SCHEMES:
        return None
    if scheme.lower() in ("http", "https") and not rest.startswith("//"):
        return None
    return text


def dropped_reason(href: str) -> str:
    shown = "".join(ch if ch.isprintable() else "?" for ch in href.strip()[:60])
    return f"link {shown!r} dropped: only http, https and mailto links are kept"
