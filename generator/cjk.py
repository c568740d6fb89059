"""The generator's CJK character classes (width estimates, the language of code, word counts,
where long runs of text may break).

Classes this large compile slowly (a 64K-entry table, a few ms each), so each is compiled once,
on the first text that may hold a CJK character (`may_hold_cjk`): a document in a Latin,
Greek or Cyrillic script, with its typographic quotes, dashes, arrows and symbols, never pays
for them, nor does one whose only other characters are emoji.
"""

from __future__ import annotations

import re
from functools import cache

__all__ = ["CJK_CHAR", "CJK_TEXT", "HAN", "HANGUL", "KANA", "WIDE", "may_hold_cjk", "pattern"]

# Every class below lies within U+1100-U+11FF and U+2E80-U+FFEF.
WIDE = r"[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]"  # one em wide
HAN = r"[\u3400-\u9fff\uf900-\ufaff]"
KANA = r"[\u3040-\u30ff]"
HANGUL = r"[\uac00-\ud7af\u1100-\u11ff]"
CJK_CHAR = r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]"  # each one a word
CJK_TEXT = r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]"  # kana, Han, hangul: a CJK text's share
# A character in those ranges, written as the characters outside them (a small class: it
# compiles in about 1 ms): an emoji or another character above U+FFEF is none of them.
_OUTSIDE_WESTERN = r"[^\x00-\u10ff\u1200-\u2e7f\ufff0-\U0010ffff]"


@cache
def pattern(source: str) -> re.Pattern[str]:
    """`source` compiled once per process (re's own cache may drop it: Pygments fills it)."""
    return re.compile(source)


def may_hold_cjk(text: str) -> bool:
    """False when no class above can match anything in `text` (decided without them)."""
    return not text.isascii() and pattern(_OUTSIDE_WESTERN).search(text) is not None
