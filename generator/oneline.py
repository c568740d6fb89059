"""Titles that read in one line: a content slide's heading that takes more than one line at the
template's title size is shortened to its longest leading clause that fits one line (its
counter included), cut where the heading's own punctuation ends a clause (", ", ": ", "; ",
" — ", " – ", " (") and never inside a word or a code span; a comma of a listing ("RFCs, PRs
and issues") ends none. The full heading opens the
slide's speaker notes. A heading without such a clause (or whose first clause is a single
word, or still too long) keeps its lines.
"""

from __future__ import annotations

import re

from generator.fit import Measure
from generator.lazyre import lazy_compile
from generator.model import Span, Title, title_span, titled
from generator.pages import PlannedPage

__all__ = ["MIN_WORDS", "clause_prefixes", "first_names", "heading_lines", "title_lines"]

MIN_WORDS = 2  # words a shortened title keeps at least
# where a clause ends: the punctuation is not kept, an opening bracket is not either
_CLAUSE_END = lazy_compile(r"\s*(?:[,;:]\s|\s[—–]\s|\s\()")
_ENUMERATION = lazy_compile(r"\s(?:and|or|&)\s", re.I)


def clause_prefixes(title: str) -> list[str]:
    """The heading's leading clauses of at least MIN_WORDS words, longest first, each keeping
    the heading's formatting (none ends inside a code span)."""
    text = str(title)
    styled = (
        [(ch, s) for s in title.spans for ch in s.text]
        if isinstance(title, Title)
        else [(ch, Span("")) for ch in text]
    )
    if len(styled) != len(text):
        return []
    out: list[str] = []
    for m in _CLAUSE_END.finditer(text):
        at = m.start()
        if at == 0 or styled[at - 1][1].code and styled[at][1].code:  # inside a code span
            continue
        head = text[:at].rstrip()
        if len(head.split()) < MIN_WORDS or _listing(text, m):
            continue
        spans = [title_span(ch, s) for ch, s in styled[: len(head)]]
        out.append(titled(spans, head))
    return out[::-1]


# where the first of two things joined ends: "Remove const eval limit | and implement ..."
_CONJUNCT_END = lazy_compile(r"\s(?:and|or)\s", re.I)


def first_names(title: str) -> list[str]:
    """The heading's short names, longest first: its leading clauses (`clause_prefixes`) and
    the first of the things it joins ("Remove const eval limit" of "Remove const eval limit
    and implement an exponential backoff lint instead"; never inside a listing "A, B and C"
    nor inside a code span), each of at least MIN_WORDS words."""
    text = str(title)
    heads = clause_prefixes(title)
    m = _CONJUNCT_END.search(text)
    if m is None or "," in text[: m.start()]:
        return heads
    head = text[: m.start()].rstrip()
    styled = [(ch, s) for s in title.spans for ch in s.text] if isinstance(title, Title) else []
    if styled and (len(styled) != len(text) or styled[len(head) - 1][1].code):
        return heads
    if len(head.split()) < MIN_WORDS or head in heads:
        return heads
    spans = [title_span(ch, s) for ch, s in styled[: len(head)]] if styled else [Span(head)]
    return sorted([*heads, titled(spans, head)], key=len, reverse=True)


def _listing(text: str, m: re.Match[str]) -> bool:
    """A comma of a listing ("RFCs, PRs and issues"): the words after it up to the next
    clause end close with "and"/"or"."""
    if not m.group().lstrip().startswith(","):
        return False
    later = _CLAUSE_END.search(text, m.end())
    rest = text[m.end() : later.start() if later else len(text)]
    return _ENUMERATION.search(rest) is not None


def title_lines(m: Measure) -> int:
    """The lines the title region's text takes (0 when the template has no title region)."""
    lines: set[float] = set()
    for i, b in enumerate(m.boxes):
        if b.kind != "box" or b.attributes.get("data-df-fit") != "title":
            continue
        todo = list(m.children[i])
        while todo:
            j = todo.pop()
            box = m.boxes[j]
            if box.kind == "line" and box.text.strip():
                lines.add(round(box.y))
            todo.extend(m.children[j])
    return len(lines)


def heading_lines(page: PlannedPage, m: Measure) -> int:
    """The lines a slide's heading takes in its title region, its kicker on a line of its own
    above it (an eyebrow) not counted."""
    above = page.kind == "content" and page.eyebrow and bool(page.subtitle)
    return max(0, title_lines(m) - (1 if above else 0))
