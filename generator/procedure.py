"""Steps of a procedure: a paragraph that continues the steps before it.

Under one heading, a procedure is often written as code blocks in sequence with the words
between them ("Install Git LFS, then run", a command, "Then download the weights and put
them in the folder", "After downloading, replace the model name with the local path"). A
paragraph right after a code block or an ordered list that opens with a word of sequence
("then", "next", "after that", "finally", "然后", "接着", "最后") or with a clause saying what
it comes after ("After downloading the model, ...", "将模型下载到本地之后，...") is a step of
that procedure: a summary keeps it with the steps before it, so that a slide never ends a
procedure after its first step while the later steps wait in the notes.
"""

from __future__ import annotations

import re

from generator.lazyre import lazy_compile
from generator.model import Block, plain
from generator.pieces import Piece

# a word of sequence opening a paragraph: the next step of what came before
STEP_WORD = lazy_compile(
    r"(?:then|next|afterwards|after that|finally|lastly)\b|(?:然后|接着|随后|之后|最后|再)",
    re.I,
)
# a first clause saying what the step comes after: "After downloading the model, ..."
AFTER_CLAUSE = lazy_compile(
    r"(?:after|once)\s[^,.;:]{1,80},|[^，。；：]{1,40}(?:之后|以后|完成后)[，,]", re.I
)


def after_step(block: Block) -> bool:
    """Whether a block is a step of a procedure a paragraph may continue: a code block or an
    ordered list."""
    return block.type == "code" or (block.type == "list" and block.ordered)


def opens_step(block: Block) -> bool:
    """A paragraph that opens with a word of sequence or a clause saying what it comes after."""
    if block.type != "paragraph":
        return False
    text = plain(block.spans).lstrip()
    return bool(STEP_WORD.match(text) or AFTER_CLAUSE.match(text))


def in_procedure(blocks: list[Block], i: int) -> bool:
    """Whether the paragraph blocks[i] continues the procedure before it: it opens as a step
    (`opens_step`) right after a code block or an ordered list, or after paragraphs that
    continue one so (a procedure's later steps, in order)."""
    if not opens_step(blocks[i]):
        return False
    j = i - 1
    while j >= 0 and opens_step(blocks[j]):
        j -= 1
    return j >= 0 and after_step(blocks[j])


def procedure_slides(chunks: list[list[Piece]], keep: int) -> int:
    """How many of a capped page's slides (`chunks`, capped at `keep`) it keeps: one more
    while the first slide cut off opens with the next step of the procedure the slides before
    it end with (`in_procedure`), so that the later steps never wait in the notes."""
    while 0 < keep < len(chunks) and chunks[keep] and chunks[keep - 1]:
        if chunks[keep][0].group == chunks[keep - 1][-1].group:
            break  # a block cut between the slides: no step opens the next one
        before = [p.block for c in chunks[:keep] for p in c]
        if not in_procedure([*before, chunks[keep][0].block], len(before)):
            break
        keep += 1
    return keep
