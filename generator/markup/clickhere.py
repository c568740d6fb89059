"""A sentence whose whole point is a link a slide cannot follow leaves the slide for its notes.

A web page says "Click here to jump into the [text syntax](…)." at the end of a paragraph:
on a slide nobody clicks, and the sentence reads as an instruction to the audience. Such a
sentence (it starts with "click" or "tap" followed by "here", "this link" or "the link" and
holds a link) at the end of a paragraph is cut off the paragraph; the notes keep it with the
link's address. A paragraph of that sentence alone goes to the notes whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from generator.lazyre import lazy_compile
from generator.model import Span

_CLICK = lazy_compile(
    r"(?:^|(?<=[.!?:]\s))((?:click|tap)\s+(?:here|this\s+link|the\s+link)\b[^.!?]*[.!?]?)\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class ClickAside:
    """A paragraph's spans without its closing click-here sentence, and the notes' line."""

    kept: list[Span]
    note: str


def click_aside(spans: list[Span]) -> ClickAside | None:
    """The paragraph `spans` without a closing sentence telling the reader to click a link
    it holds (None: no such sentence)."""
    text = "".join(s.text for s in spans)
    match = _CLICK.search(text)
    if match is None:
        return None
    start, pos = match.start(1), 0
    kept: list[Span] = []
    links: list[str] = []
    for span in spans:
        end = pos + len(span.text)
        if end <= start:
            kept.append(span)
        elif pos < start:
            kept.append(replace(span, text=span.text[: start - pos]))
        if end > start and span.href and not span.anchor:
            links.append(span.href)
        pos = end
    if not links:
        return None
    if kept:
        kept[-1] = replace(kept[-1], text=kept[-1].text.rstrip())
    kept = [s for s in kept if s.text]
    return ClickAside(kept, f"{match.group(1).strip()} ({', '.join(links)})")
