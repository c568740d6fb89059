"""Span clean-up shared by the Markdown converter and the HTML block reader: the object
replacement character a placeholder leaves, outer whitespace, pandoc/kramdown heading
attributes."""

from __future__ import annotations

from dataclasses import replace

from generator.lazyre import lazy_compile
from generator.model import Spans

PLACEHOLDER = "\ufffc"

_HEADING_ATTRS = lazy_compile(
    r"\s*\{\s*(?:[#.][\w:-]+|[\w-]+=\S+)(?:\s+(?:[#.][\w:-]+|[\w-]+=\S+))*\s*\}\s*$"
)


def heading_attributes(spans: Spans) -> Spans:
    """A heading without its trailing pandoc/kramdown attributes (`## Slide {.plain #id}`)."""
    if spans and not spans[-1].code:
        last = spans[-1]
        cut = _HEADING_ATTRS.sub("", last.text)
        if cut != last.text:
            return [*spans[:-1], replace(last, text=cut)] if cut else spans[:-1]
    return spans


def no_placeholder(spans: Spans) -> Spans:
    """The spans without the object replacement character (an image's placeholder)."""
    out = []
    for s in spans:
        if PLACEHOLDER in s.text:
            s = replace(s, text=s.text.replace(PLACEHOLDER, ""))
        if s.text:
            out.append(s)
    return out


def trim_spans(spans: Spans) -> Spans:
    """The spans without empty ones and without whitespace at either end."""
    spans = [s for s in spans if s.text]
    if spans:
        spans[0] = replace(spans[0], text=spans[0].text.lstrip())
        spans[-1] = replace(spans[-1], text=spans[-1].text.rstrip())
    return [s for s in spans if s.text]
