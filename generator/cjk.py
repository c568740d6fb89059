"""The generator's CJK character classes (width estimates, the language of code, word counts).

Classes this large compile slowly (a 64K-entry table, about 10 ms each), so each is compiled once,
on the first text that is not ASCII: a document in a Latin script never pays for them.
"""

from __future__ import annotations

import re
from functools import cache

__all__ = ["CJK_CHAR", "HAN", "HANGUL", "KANA", "WIDE", "pattern"]

WIDE = r"[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]"  # one em wide
HAN = r"[\u3400-\u9fff\uf900-\ufaff]"
KANA = r"[\u3040-\u30ff]"
HANGUL = r"[\uac00-\ud7af\u1100-\u11ff]"
CJK_CHAR = r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]"  # each one a word


@cache
def pattern(source: str) -> re.Pattern[str]:
    """`source` compiled once per process (re's own cache may drop it: Pygments fills it)."""
    return re.compile(source)
