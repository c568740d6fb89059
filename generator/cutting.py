"""Cutting a slide that overflows (a mixin of the planner): where its own layout says the room
ends, or, for one piece alone still too tall, the smallest type and then its text shortened
(what is shortened is listed as left out, kind `too-large`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from generator.leftout import LeftOut, block_text, count_words
from generator.model import Block
from generator.pack import cost, usable
from generator.pages import PlannedPage
from generator.pieces import Piece, assemble_groups, measured_pieces
from generator.reshape import Fitted
from generator.slides import cut_block
from generator.titles import MAX_SHRINK

if TYPE_CHECKING:
    from generator.fit import Measure


class Cutting:
    """Cuts an overflowing slide at its measured room; shortens a piece that cannot be cut."""

    left_out: list[LeftOut]
    unit_min: float

    if TYPE_CHECKING:

        def measure(
            self, page: PlannedPage, lang: str | None = None
        ) -> tuple[str, Measure | None]: ...

    def cut(self, chunk: list[Piece], m: Measure) -> tuple[list[Piece], list[Piece]] | None:
        """A slide that overflows, cut where its own layout says the room ends: (the pieces
        that fit, the rest), pieces taken from this layout; None when that cannot be read."""
        if m.stack is None or m.frame is None:
            return None
        blocks, groups = assemble_groups(chunk)
        pieces = measured_pieces(blocks, m, usable(m.room))
        if not pieces:
            return None
        for p in pieces:
            p.group = groups[p.group]
        head = max(0.0, pieces[0].top - m.stack.y)
        fits = 0
        while fits < len(pieces) and cost(pieces, 0, fits, head, 0.0) <= usable(m.room):
            fits += 1
        while fits > 1 and pieces[fits - 1].keep_next:
            fits -= 1
        if not 1 <= fits < len(pieces):
            return None
        return pieces[:fits], pieces[fits:]

    def single(self, slide: PlannedPage, html: str, m: Measure) -> Fitted:
        """One piece alone still too tall: the smallest type, then its text shortened (listed)."""
        smallest = replace(slide, body_size=self.unit_min)
        html2, m2 = self.measure(smallest)
        if m2 is None or m2.body_fits:
            return Fitted(smallest, html2, m2.laid if m2 is not None else None)
        blocks = smallest.blocks
        for _ in range(MAX_SHRINK):
            cut = [cut_block(b) for b in blocks]
            if all(c is None for c in cut):
                break
            blocks = [c if c is not None else b for b, c in zip(blocks, cut, strict=True)]
            trial = replace(smallest, blocks=blocks)
            html3, m3 = self.measure(trial)
            if m3 is not None and m3.body_fits:
                self._record_cut(slide, smallest.blocks, blocks)
                return Fitted(trial, html3, m3.laid)
        return Fitted(smallest, html2, m2.laid)

    def _record_cut(self, page: PlannedPage, before: list[Block], after: list[Block]) -> None:
        lost = count_words(" ".join(block_text(b) for b in before)) - count_words(
            " ".join(block_text(b) for b in after)
        )
        if lost > 0:
            text = " ".join(block_text(b) for b in before)[:120]
            self.left_out.append(
                LeftOut(
                    page.source,
                    "too-large",
                    f"{lost} words of a piece too large for a slide",
                    text,
                    lost,
                )
            )
