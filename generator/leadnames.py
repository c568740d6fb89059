"""A lead-in never ends a line without what it introduces.

A sentence ending with a colon or its CJK equivalents ("：", "…包括", "…如下") announces the
list after it. Where the list itself is not shown (an update log's entry shown by its opening
sentence, its details in the notes), the line names the list's items by their bold openings
("更多特性包括：更强大的代码能力、更优秀的模型特性、更全面的AI编程助手"), at most NAMES of them;
a list whose items open with no bold name takes the lead-in clause off the line instead
("…，代码能力全面提升").
"""

from __future__ import annotations

from dataclasses import replace

from generator.lazyre import lazy_compile
from generator.model import Block, Span, plain

# a sentence that announces what follows it: a colon, or a CJK "including" / "as follows"
LEAD_IN = lazy_compile(r"(?:[:：]|包括|如下|以下)$")
NAMES = 5  # items named after a lead-in at most (more: the lead-in clause is taken off)
NAME_CHARS = 24  # a bold opening longer than this is a sentence, not a name
_CLAUSE = lazy_compile(r"[，,；;]")  # where a lead-in clause starts, after the last of these


def item_names(details: Block | None) -> list[str]:
    """The bold opening of each item of a list (its name), when every item opens with one and
    there are at most NAMES of them; else none."""
    if details is None or details.type != "list" or not 0 < len(details.items) <= NAMES:
        return []
    names = []
    for item in details.items:
        lead = []
        for span in item.spans:
            if not span.bold or not span.text.strip():
                break
            lead.append(span)
        name = plain(lead).strip().rstrip(":：").strip()
        if not name or len(name) > NAME_CHARS:
            return []
        names.append(name)
    return names


def without_lead_in(spans: list[Span]) -> list[Span]:
    """A line without its last clause when that clause is the lead-in (the line before its
    last comma); the line as it is when the lead-in is all of it."""
    text = plain(spans)
    cut = max((m.start() for m in _CLAUSE.finditer(text)), default=-1)
    if cut <= 0:
        return spans
    out: list[Span] = []
    at = 0
    for span in spans:
        if at >= cut:
            break
        keep = span.text[: cut - at]
        at += len(span.text)
        if keep:
            out.append(replace(span, text=keep))
    return out
