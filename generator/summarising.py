"""What a page of a document shows and what moves to its notes: summaries of long pages, long
diagram sources and code lines shortened, pages capped at MAX_SLIDES (a mixin of the planner:
the frame, the calibration, the length and the records are the planner's)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from generator.announced import announced_on_slide
from generator.codemore import FILL_EMS, shown_code
from generator.estimate import Calibration
from generator.fit import Measure
from generator.halves import both_halves
from generator.keep import named_part, run_slides
from generator.lazyre import lazy_compile
from generator.leadalone import lead_alone, with_first_section
from generator.leftout import LeftOut, left_out_blocks
from generator.listmore import shown_items
from generator.model import Block, plain
from generator.pack import capped
from generator.pages import PlannedPage
from generator.pagesize import CHARS_PER_SLIDE, estimate_slides
from generator.partnames import picture_parts, title_parts
from generator.pieces import Piece, assemble
from generator.procedure import procedure_slides
from generator.screenshots import screenshot
from generator.shapes import choose_layout
from generator.sourced import with_sources
from generator.summary import (
    MAX_SLIDES,
    PROSE_CHARS,
    condensed_code,
    lead_captioned,
    moved_record,
    pictures_record,
    prose_length,
    shown_pictures,
    summary_blocks,
    with_notes,
)
from generator.tablerows import around, shown_rows
from generator.terse import long_prose, terse_blocks

REFILL = 0.75  # a summary takes moved paragraphs back while it fills at most this share of a slide
CONTINUING = lazy_compile(r"(?:\.\.\.|…)\s*(\w+)")  # an ellipsis, then a first word
READ_PX = 24.0  # the body's type size when a page has none yet (18 pt on a 1280 px slide)
SHRINK_SPAN = 1.18  # a page at most this much too tall gets smaller type instead of a second slide


class Summarising:
    """Summaries, shortened code and capped pages of a document's pages."""

    length: str
    summarise: bool
    tight: bool
    page_whole: bool
    one_slide: frozenset[str]
    two_slides: frozenset[str]
    frame: tuple[float, float] | None
    calibration: Calibration
    left_out: list[LeftOut]
    gallery: list[Block]
    gallery_parts: list[int]
    deck_names: Counter[str]  # the names the deck's text uses (generator.tablerows)

    if TYPE_CHECKING:

        def code_size(self, body: float) -> float: ...

        def page_lang(self, page: PlannedPage) -> str: ...

        def measure(
            self, page: PlannedPage, lang: str | None = None
        ) -> tuple[str, Measure | None]: ...

        def learn(self, page: PlannedPage, m: Measure) -> None: ...

    def condensed(
        self, page: PlannedPage, chunks: list[list[Piece]]
    ) -> tuple[PlannedPage, list[list[Piece]]]:
        """With length "short", a page keeps its first slide; the rest is listed as left out.
        A document within its slide budget keeps every slide of a page (`whole`); condensed,
        a page keeps MAX_SLIDES (one at the last step, `tight`, or when its continuation
        slides left, `one_slide`); the rest moves to the notes (listed), but a capped page's
        continuing table or run of blocks and a part the title names stay on slides
        (generator.keep)."""
        # a page whose continuation slides left keeps its first slide (generator.drop)
        one = self.summarise and any(p in self.one_slide for p in page.source.split("+"))
        # ... or two: a reference table continuing over a second slide (generator.tablepages)
        two = one and any(p in self.two_slides for p in page.source.split("+"))
        keep = 1 if self.length == "short" or self.tight else len(chunks)
        cap = self.summarise and not self.tight and not self.page_whole and not one
        if cap or one:
            keep = with_picture_slides(chunks, 2 if two else 1 if one else MAX_SLIDES)
        if one:
            keep = with_lead_picture(chunks, keep)
        room = self.frame[1] if self.frame is not None else 0.0
        if cap:
            keep = run_slides(chunks, keep, room)
        if cap or one:  # a procedure's later steps continue on slides
            keep = procedure_slides(chunks, keep)
        if len(chunks) <= keep:
            return page, chunks
        more = (page.body_size or READ_PX) * FILL_EMS if self.length != "short" else 0.0
        kept, pieces = capped(chunks, keep, room, more=more, title=page.title)
        if not kept:  # the first slide is one introduction: kept as the packer cut it
            kept, pieces = chunks[:keep], [p for c in chunks[keep:] for p in c]
        if (
            one and not two and lead_alone(kept, chunks)
        ):  # the introduction stays with its first section
            kept, pieces = with_first_section(chunks, room)
        kept, pieces = named_part(kept, pieces, page.title, room)
        if self.length != "short":  # the notes hold what moves on: a cut table says so
            named = [around(page), self.deck_names]  # its own page's text first, then the deck's
            kept, pieces = shown_rows(kept, pieces, named, room)
            kept, pieces = shown_items(kept, pieces, room, page.body_size or READ_PX)
            body = page.body_size or READ_PX
            kept, pieces = shown_code(kept, pieces, room, body, self.page_lang(page))
        if self.length != "short":  # the sentence announcing an example that moves on goes too
            kept, pieces = announced_on_slide(kept, pieces)
        rest = assemble(pieces)
        if self.length == "short":
            record = left_out_blocks(page.source, "length", rest, "condensed for a short deck")
            pictures = pictures_record(page, rest)
            if pictures is not None:
                self.left_out.append(pictures)
        else:  # the words to the notes, the pictures on picture slides after the kept ones
            found, captioned = shown_pictures(rest), lead_captioned(rest)
            # a diagram's configured source goes with it to its picture slide (sourced)
            entries, said = with_sources(rest, found, captioned)
            record = moved_record(page, said)
            page = with_notes(page, said)
            self.gallery.extend(entries)
            self.gallery_parts.extend(picture_parts(title_parts(page.title), chunks, rest))
        if record is not None:
            self.left_out.append(record)
        return page, kept

    def long(self, page: PlannedPage) -> bool:
        """Whether a flowing page needs more than one slide (by the calibrated estimate, else
        by its text); its screenshots take slides of their own and do not count."""
        blocks = text_blocks(page.blocks)
        if self.frame is None:
            return estimate_slides(blocks) > 1
        width, room = self.frame
        size = page.body_size
        height = self.calibration.height(blocks, size, width, self.code_size(size))
        return (
            height is None
            and estimate_slides(blocks) > 1
            or (height is not None and height > room * SHRINK_SPAN)
        )

    def fills_one(self, page: PlannedPage) -> Callable[[list[Block]], bool]:
        """Whether blocks take at most REFILL of one slide of the page (calibrated estimate).
        A screenshot takes a slide of its own (generator.screenshots): the room measured is
        that of the slide holding the text."""
        size = page.body_size
        code = self.code_size(size)

        def fits(shown: list[Block]) -> bool:
            blocks = text_blocks(shown)
            if prose_length(blocks) > PROSE_CHARS:
                return False
            if self.frame is None:
                return sum(b.text_length() for b in blocks) <= REFILL * CHARS_PER_SLIDE
            width, room = self.frame
            height = self.calibration.height(blocks, size, width, code)
            if height is None:
                return sum(b.text_length() for b in blocks) <= REFILL * CHARS_PER_SLIDE
            return height <= REFILL * room

        return fits

    def code_condensed(self, page: PlannedPage) -> PlannedPage:
        """Long diagram sources and overlong code lines shortened; the whole code in the notes
        (listed). Sections keep their blocks' places (cards, columns)."""
        blocks, moved = condensed_code(page.blocks)
        sections = []
        for sec in page.sections:
            kept, more = condensed_code(sec.blocks)
            sections.append(replace(sec, blocks=kept))
            moved += more
        if not moved:
            return page
        record = moved_record(page, moved)
        if record is not None:
            self.left_out.append(record)
        return with_notes(replace(page, blocks=blocks, sections=sections), moved)

    def summarised(self, page: PlannedPage, lead_ins: bool = True) -> PlannedPage:
        """The page's summary on the slide, the rest in its notes (listed); a line opening
        the page that continues its title is shown and is not the page's first paragraph.
        `lead_ins`: a paragraph keeps its last sentence introducing the list after it."""
        if self.frame is None:  # the room a summary refills is measured, never guessed
            _, m = self.measure(page)
            if m is not None:
                self.learn(page, m)
        fits = self.fills_one(page)
        lead = page.blocks[:1] if page.blocks and continues_title(page.blocks[0]) else []
        # a line continuing the title ("... and other Debian-based distributions") is no
        # sentence of the page: its first sentence (what "new enough" later refers to) stays
        rest = page.blocks[len(lead) :]
        kept, moved = summary_blocks(rest, lambda b: fits([*lead, *b]), lead_ins)
        kept, moved = both_halves(page.title, page.blocks, kept, moved)
        kept = [*lead, *kept] if kept else kept
        if not moved or not kept:
            return page
        record = moved_record(page, moved)
        if record is not None:
            self.left_out.append(record)
        return with_notes(
            replace(page, blocks=kept, layout=choose_layout(kept, page.sections, page.hint)), moved
        )

    def tersed(self, page: PlannedPage, readable: float, predicted: float) -> PlannedPage:
        """A page that would be set below the `readable` size (`predicted`, or a dense
        document's base size) whose list items or answers are long prose: each shows its first
        sentence or its question, the rest in the notes (listed); the page starts at the
        readable size."""
        if min(predicted, page.body_size) >= readable or not long_prose(page.blocks):
            return page
        kept, moved = terse_blocks(page.blocks)
        record = moved_record(page, moved)
        if record is None:
            return page
        self.left_out.append(record)
        page = replace(page, blocks=kept, body_size=max(page.body_size, readable))
        return with_notes(page, moved)


def continues_title(block: Block) -> bool:
    """A paragraph that continues the page's title rather than starting a sentence: it opens
    with an ellipsis and a lower-case word ("... and other Debian-based Linux
    distributions.")."""
    if block.type != "paragraph":
        return False
    words = CONTINUING.match(plain(block.spans).lstrip())
    return words is not None and words.group(1)[:1].islower()


def with_picture_slides(chunks: list[list[Piece]], keep: int) -> int:
    """How many slides keep `keep` slides of text: a slide holding nothing but a screenshot
    (it takes a slide's body, generator.screenshots) is not one of them."""
    text = 0
    for i, chunk in enumerate(chunks):
        if not all(screenshot(p.block) for p in chunk):
            text += 1
        if text == keep:
            return i + 1
    return len(chunks)


def with_lead_picture(chunks: list[list[Piece]], keep: int) -> int:
    """How many slides keep `keep` slides whose last ends with a picture's lead-in ("as
    depicted below:"): the picture's slide too (generator.leadins sets them side by side)."""
    if not 0 < keep < len(chunks) or not chunks[keep - 1] or not chunks[keep]:
        return keep
    last, after = chunks[keep - 1][-1].block, chunks[keep][0].block
    lead = last.type == "paragraph" and plain(last.spans).rstrip().endswith((":", "："))
    return keep + 1 if lead and after.type == "image" else keep


def text_blocks(blocks: list[Block]) -> list[Block]:
    """A page's blocks but its screenshots (each takes a slide's body on its own)."""
    return [b for b in blocks if not screenshot(b)]
