"""A sentence naming a section's main names stays in its summary.

A section about an API often opens its examples with a sentence naming the classes or
functions the section is about ("The most important exception classes in HTTPX are
`RequestError` and `HTTPStatusError`."). A summary moves a page's later paragraphs to the
notes (generator.summary); such a sentence is what a presenter says first, so it stays: a
short paragraph of one sentence that names, as inline code, at least MAIN_NAMES different
names the page's code blocks use.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.examplepoint import NAME, STRING
from generator.lazyre import lazy_compile
from generator.model import Block, plain

MAIN_NAMES = 2  # a sentence naming this many of the page's code names names its main ones
SHORT = 160  # characters: a paragraph this short is one statement, not an explanation
SENTENCE_END = lazy_compile(r"[.!?](?=\s+[A-Z0-9\"'(\[`])")  # a sentence ending before another
IDENT = lazy_compile(r"([A-Za-z_][\w.]*)(?:\(\))?$")  # an inline code span that is one name


def main_names(blocks: list[Block]) -> Callable[[Block], bool]:
    """Whether a paragraph of `blocks` names the main names of their code (module docstring)."""
    used = {
        n for b in blocks if b.type == "code" for n in NAME.findall(STRING.sub("", b.text or ""))
    }

    def names(block: Block) -> bool:
        if block.type != "paragraph" or not used:
            return False
        text = plain(block.spans).strip()
        if len(text) > SHORT or SENTENCE_END.search(text):
            return False
        found = set()
        for span in block.spans:
            ident = IDENT.match(span.text.strip()) if span.code else None
            if ident is not None and ident.group(1).split(".")[-1] in used:
                found.add(ident.group(1))
        return len(found) >= MAIN_NAMES

    return names
