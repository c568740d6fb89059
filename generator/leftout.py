"""What a deck does not show of its source: one record per left-out piece (where, why, which words).

The generator never drops content silently: whatever the plan leaves out (condensed for a short
deck, a block kind no layout shows, a piece too large for any slide, a title shortened to fit)
and whatever the Markdown reader could not keep (its diagnostics) is listed here, and the list
travels with the deck: `GeneratedDeck.left_out`, the document's `leftOut`, the CLI's "left out"
lines and a portable task's result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from generator.cjk import CJK_CHAR, may_hold_cjk, pattern
from generator.lazyre import lazy_compile
from generator.model import Block, ListItem, plain

Reason = Literal[
    "length",
    "notes",
    "contents",
    "unsupported",
    "too-large",
    "title",
    "source",
    "empty",
    "appendix",  # pictures of a part that left the talk, on its backup slides (generator.backup)
]
EXCERPT = 120
_LETTERS = r"[^\W_]+(?:['’.-][^\W_]+)*"
_LETTER_WORD = lazy_compile(_LETTERS)
_WORD = CJK_CHAR + "|" + _LETTERS  # every CJK character is a word


def count_words(text: str) -> int:
    """Visible words: runs of letters/digits, and every CJK character (no spaces in CJK text)."""
    if not may_hold_cjk(text):
        return len(_LETTER_WORD.findall(text))
    return len(pattern(_WORD).findall(text))


@dataclass(frozen=True)
class LeftOut:
    """A piece of the document the deck does not show, and why."""

    where: str  # outline path: chapters[1].pages[0] (.blocks[2])
    kind: Reason | str  # why (the Markdown reader's own kinds come through as they are)
    message: str
    text: str = ""  # the first EXCERPT characters of what is missing
    words: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "where": self.where,
            "kind": self.kind,
            "message": self.message,
            "text": self.text,
            "words": self.words,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> LeftOut:
        text = str(d.get("text", ""))
        words = d.get("words")
        return cls(
            str(d.get("where", "")),
            str(d.get("kind", "source")),
            str(d.get("message", "")),
            text[:EXCERPT],
            int(words) if isinstance(words, int) else count_words(text),
        )

    def line(self) -> str:
        """One line for people: `chapters[1].pages[0]: length: 42 words left out: "text…"`."""
        excerpt = f' "{self.text}"' if self.text else ""
        return f"{self.where or 'document'}: {self.kind}: {self.message}{excerpt}"


def block_text(block: Block) -> str:
    """All visible text of a block, in reading order, one space between pieces."""
    parts: list[str] = []
    parts.append(plain(block.spans))
    parts.extend(plain(p) for p in block.paragraphs)
    parts.extend(plain(c) for c in block.header)
    parts.extend(plain(c) for r in block.rows for c in r)
    parts.append(block.text)
    parts.append(block.alt if block.type == "image" else "")
    parts.extend(_item_text(i) for i in block.items)
    return " ".join(p for p in parts if p)


def _item_text(item: ListItem) -> str:
    return " ".join([plain(item.spans)] + [block_text(c) for c in item.children])


def left_out_blocks(where: str, kind: Reason, blocks: list[Block], why: str) -> LeftOut | None:
    """One record for `blocks` (None when they hold no visible text)."""
    text = " ".join(t for t in (block_text(b) for b in blocks) if t).strip()
    words = count_words(text)
    if not words:
        return None
    excerpt = " ".join(text.split())
    if len(excerpt) > EXCERPT:
        excerpt = excerpt[: EXCERPT - 1].rstrip() + "…"
    return LeftOut(where, kind, f"{words} words {why}", excerpt, words)


def merge_diagnostics(diagnostics: list[dict[str, Any]]) -> list[LeftOut]:
    """The Markdown reader's diagnostics ({kind, message, where, text?}) as records."""
    out = []
    for d in diagnostics:
        if isinstance(d, dict):
            out.append(LeftOut.from_dict(d))
    return out
