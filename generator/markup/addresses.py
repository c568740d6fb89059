"""Link lines: a paragraph or list item whose whole value is a bare web address, alone or after
a short label ("**Link:** https://github.com/rust-lang/rfcs/pull/3324", "Learn more:
https://sli.dev/features/slide-scope-style"), shows the address as a link people can click
(a hyperlink in the PPTX) under a short name instead of the raw address:

- a GitHub issue, pull request or discussion by its repository and number
  ("rust-lang/rfcs#3324"), a repository by its name ("rust-lang/rust");
- any other address by its host and path without the scheme, "www.", a query or a fragment
  ("sli.dev/features/slide-scope-style"), its middle left out ("host/…/last") when that runs
  over SHORT_CHARS characters, else by its host alone.

An address inside a sentence is left as written (the text reads it), and so is one already
written as a link (its text is the author's).
"""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import urlsplit

from generator.lazyre import lazy_compile
from generator.model import Spans, plain

SHORT_CHARS = 40  # a short name of an address is at most this long
# a line's whole value: an optional label ("Link:", "Learn more:") and one bare address
LINK_LINE = lazy_compile(r"^(\s*(?:[A-Za-z][\w ]{0,24}:\s+)?)(https?://[^\s<>]+?)([.,;]?)\s*$")
GITHUB_ITEM = lazy_compile(r"^/([\w.-]+)/([\w.-]+)/(?:pull|issues|discussions)/(\d+)/?$")
GITHUB_REPO = lazy_compile(r"^/([\w.-]+)/([\w.-]+?)(?:\.git)?/?$")


def short_address(url: str) -> str:
    """A web address's short name (see the module's note)."""
    parts = urlsplit(url)
    host = parts.netloc.lower().removeprefix("www.")
    path = parts.path
    if host == "github.com":
        m = GITHUB_ITEM.match(path)
        if m:
            return f"{m.group(1)}/{m.group(2)}#{m.group(3)}"
        m = GITHUB_REPO.match(path)
        if m:
            return f"{m.group(1)}/{m.group(2)}"
    whole = host + path.rstrip("/")
    if len(whole) <= SHORT_CHARS:
        return whole
    last = path.rstrip("/").rsplit("/", 1)[-1]
    middle = f"{host}/…/{last}"
    return middle if len(middle) <= SHORT_CHARS and last else host


def linked_line(spans: Spans) -> Spans:
    """A link line's spans with its bare address a link under its short name; other spans as
    they are."""
    text = plain(spans)
    m = LINK_LINE.match(text)
    if m is None:
        return spans
    start, end = m.span(2)
    out: Spans = []
    at = 0
    found = False
    for span in spans:
        a, b = at, at + len(span.text)
        at = b
        if a <= start and end <= b and not (span.href or span.code or span.anchor):
            found = True
            link = replace(span, text=short_address(m.group(2)), href=m.group(2))
            head, tail = span.text[: start - a], span.text[end - a :]
            out += [*([replace(span, text=head)] if head else []), link]
            out += [replace(span, text=tail)] if tail else []
        else:
            out.append(span)
    return out if found else spans
