"""Pictures keep their words: a slide of one picture that follows a slide of text carries the
paragraph introducing or explaining it, beside it (`image-text`).

When a page flows over several slides, a picture too large to share a slide with the text
before it gets a slide of its own, and the paragraph written for it ("... as depicted below:",
"As seen below, this change gives more restarts earlier") would end the slide before it. That
paragraph goes on the picture's slide instead, as the text beside the picture, when it is
short: a lead-in (ending with a colon) up to LEAD_WORDS words, any other paragraph up to
EXPLAIN_WORDS. A longer one stays where it is, on the text slide right before the picture.
The move is made only when the picture's slide still fits; a text slide left with nothing is
not made (its notes go to the picture's slide) and the page's slides are numbered again.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from generator.leftout import block_text, count_words
from generator.markup.missing import POINTER
from generator.markup.spans import trim_spans
from generator.model import Block, plain
from generator.pages import PlannedPage
from generator.pieces import slice_spans
from generator.reshape import Fitted, settled
from generator.summary import SENTENCE

if TYPE_CHECKING:
    from generator.fit import Measure

LEAD_WORDS = 60  # a paragraph ending with a colon this short goes beside the picture it introduces
EXPLAIN_WORDS = 40  # any other paragraph this short goes beside the picture that follows it


def lone_picture(page: PlannedPage) -> Block | None:
    """The picture of a content slide that shows nothing else, or None."""
    if page.kind != "content" or page.sections or len(page.blocks) != 1:
        return None
    block = page.blocks[0]
    if block.type != "image" or block.kind not in ("picture", "diagram"):
        return None
    return block


def short(block: Block) -> bool:
    """Whether `block` is a paragraph short enough to go beside the picture after it."""
    if block.type != "paragraph":
        return False
    text = plain(block.spans).rstrip()
    limit = LEAD_WORDS if text.endswith((":", "：")) else EXPLAIN_WORDS
    return 0 < count_words(block_text(block)) <= limit


def words_for(block: Block) -> tuple[Block | None, Block] | None:
    """(what stays, what goes beside the picture after it) of a slide's last block: the whole
    paragraph when it is short, else its last sentence when that introduces the picture
    (ends with a colon, or points: "... are modelled below.") and is short; else None."""
    if block.type != "paragraph":
        return None
    if short(block):
        return None, block
    text = plain(block.spans).rstrip()
    starts = [m.end() for m in SENTENCE.finditer(text)]
    start = starts[-1] if starts and starts[-1] < len(text) else 0
    last = text[start:]
    if not start or not (last.endswith((":", "：")) or POINTER.search(last)):
        return None
    tail = replace(block, spans=trim_spans(slice_spans(block.spans, start, len(text))))
    if not short(tail):
        return None
    return replace(block, spans=trim_spans(slice_spans(block.spans, 0, start))), tail


class LeadIns:
    """A mixin of the planner: `measure` and `titled` are the planner's."""

    if TYPE_CHECKING:

        def measure(
            self, page: PlannedPage, lang: str | None = None
        ) -> tuple[str, Measure | None]: ...

        def titled(self, page: PlannedPage) -> tuple[PlannedPage, str, Measure | None]: ...

        def relaid(self, page: PlannedPage) -> Fitted: ...

    def laid(self, page: PlannedPage) -> Fitted | None:
        """The page laid out, when its body and title fit; else None."""
        html, m = self.measure(page)
        if m is None or not m.body_fits:
            return None
        if not m.title_fits:
            page, html, m = self.titled(page)
        return Fitted(page, html, m.laid if m is not None else None)

    def with_lead_ins(self, slides: list[Fitted]) -> list[Fitted]:
        """A page's slides with each short paragraph that ends a text slide moved beside the
        lone picture of the slide after it (see the module's note)."""
        out = list(slides)
        first = slides[0].page.number if slides else 0
        gone = False
        k = 0
        while k + 1 < len(out):
            text, picture = out[k].page, out[k + 1].page
            shown = lone_picture(picture)
            flowing = text.kind == "content" and not text.sections and text.layout == "bullets"
            split = words_for(text.blocks[-1]) if flowing and text.blocks else None
            if shown is None or split is None:
                k += 1
                continue
            # a slide of a plan only counted is laid out (its type grown) before it is redone
            out[k : k + 2] = [settled(f) for f in out[k : k + 2]]
            text, picture = out[k].page, out[k + 1].page
            stays, goes = split
            rest = [*text.blocks[:-1], *([stays] if stays is not None else [])]
            words = [goes]
            if all(b.type == "heading" for b in rest):  # a heading never ends a slide alone
                words, rest = [*rest, goes], []
            notes = "\n\n".join(n for n in (picture.notes, "" if rest else text.notes) if n)
            beside = replace(picture, blocks=[*words, shown], layout="image-text", notes=notes)
            moved = self.laid(beside)
            before = self.laid(replace(text, blocks=rest)) if rest else None
            if moved is None or (rest and before is None):
                k += 1
                continue
            out[k + 1] = moved
            if before is not None:
                out[k] = before
            else:
                del out[k]
                gone = True
            k += 1
        return self.renumbered(out, first) if gone else out

    def renumbered(self, slides: list[Fitted], first: int) -> list[Fitted]:
        """The slides of one page numbered again ("(2/5)") after one was not made."""
        n = len(slides)
        out: list[Fitted] = []
        for i, f in enumerate(slides):
            part, parts = (i + 1, n) if n > 1 else (1, 1)
            if (f.page.part, f.page.parts, f.page.number) == (part, parts, first + i):
                out.append(f)
                continue
            f = settled(f)  # laid out (its type grown, in a plan only counted) before it is redone
            out.append(self.relaid(replace(f.page, part=part, parts=parts, number=first + i)))
        return out
