"""A heading that ends in a bracketed group of links (`### Flowchart [docs - live editor]`,
the links to a feature's documentation and tools) -> the title without the group, and the links
for the slide's notes. The group must hold at least one link; outside its links only separators
and at most one word (a status such as `experimental`) may stand; the title before it must keep
some text. Any other bracket stays in the title.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from generator.model import Span, Spans

_SEPARATORS = set("-–—|·•,/;: ")


@dataclass
class LinkSuffix:
    """A heading ending in a group of bracketed links."""

    title: Spans  # the heading without its bracketed links
    links: list[Span]  # the links (text and href) the group held
    words: str  # the group's other words ("experimental")

    def notes(self) -> str:
        shown = "; ".join(f"{s.text.strip()}: {s.href}" for s in self.links)
        lead = f"{plain_text(self.title)} ({self.words})" if self.words else plain_text(self.title)
        return f"{lead} links: {shown}"


def plain_text(spans: Spans) -> str:
    return "".join(s.text for s in spans).strip()


def link_suffix(spans: Spans) -> LinkSuffix | None:
    """The heading split from its trailing group of links, or None when it has none."""
    if not spans or spans[-1].href or not spans[-1].text.rstrip().endswith("]"):
        return None
    start = _opening(spans)
    if start is None:
        return None
    index, offset = start
    title = [*spans[:index], replace(spans[index], text=spans[index].text[:offset])]
    title = [s for s in title if s.text]
    if not plain_text(title):
        return None
    inside = [replace(spans[index], text=spans[index].text[offset + 1 :]), *spans[index + 1 :]]
    last = inside[-1]
    inside[-1] = replace(last, text=last.text.rstrip()[:-1])
    links = [s for s in inside if s.href and s.text.strip()]
    words = "".join(s.text if not s.href else " " for s in inside)
    words = " ".join("".join(ch if ch not in _SEPARATORS else " " for ch in words).split())
    if not links or " " in words or "[" in words or "]" in words:
        return None
    title[-1] = replace(title[-1], text=title[-1].text.rstrip())
    return LinkSuffix([s for s in title if s.text], links, words)


def _opening(spans: Spans) -> tuple[int, int] | None:
    """(span, offset) of the `[` matching the heading's final `]`, in text outside links."""
    depth = 0
    for i in range(len(spans) - 1, -1, -1):
        span = spans[i]
        if span.href or span.code:
            continue
        text = span.text.rstrip() if i == len(spans) - 1 else span.text
        for j in range(len(text) - 1, -1, -1):
            if text[j] == "]":
                depth += 1
            elif text[j] == "[":
                depth -= 1
                if depth == 0:
                    return i, j
    return None
