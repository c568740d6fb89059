"""A contents slide too long for its slide: two columns while the entries fit at the body floor
(up to CONTENTS_COLUMNS of them), else its entries continued on a further slide."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from generator.model import Block, Span
from generator.pack import pack
from generator.pages import PlannedPage
from generator.pieces import Piece
from generator.reshape import Fitted
from generator.slides import make_contents

if TYPE_CHECKING:
    from generator.fit import Measure
    from generator.planner import Make

CONTENTS_COLUMNS = 24  # entries a contents slide holds in two columns before it takes two slides


class ContentsFitting:
    """A mixin of the planner (its `measure`, `render`, `kept`, `finish` and body floor)."""

    body_min: float

    if TYPE_CHECKING:

        def measure(
            self, page: PlannedPage, lang: str | None = None
        ) -> tuple[str, Measure | None]: ...

        def render(self, page: PlannedPage, lang: str | None = None) -> str: ...

        def kept(self, page: PlannedPage, html: str, m: Measure) -> Fitted: ...

        def finish(
            self, page: PlannedPage, chunks: list[list[Piece]], make: Make, estimated: bool = False
        ) -> list[Fitted]: ...

    def contents_columns(self, page: PlannedPage) -> list[Fitted]:
        """A contents slide of up to CONTENTS_COLUMNS entries too long for one column: two
        columns, the type smaller as needed but not under the body floor (empty: it takes
        two slides)."""
        if len(page.entries) > CONTENTS_COLUMNS:
            return []
        size = page.body_size
        while True:
            two = replace(page, columns=2, body_size=size)
            html, m = self.measure(two)
            if m is not None and m.body_fits and m.title_fits:
                return [self.kept(two, html, m)]
            if m is None or size <= self.body_min:
                return []
            size = float(max(self.body_min, size - 2))

    def continue_contents(self, page: PlannedPage, m: Measure) -> list[Fitted]:
        region = next(
            (
                i
                for i, b in enumerate(m.boxes)
                if b.attributes.get("data-df-fit") == "body" and b.kind == "box"
            ),
            None,
        )
        items = m.descendants(region, "li") if region is not None else []
        if region is None or len(items) != len(page.entries):
            return [Fitted(page, self.render(page), m.laid)]
        box = m.boxes[region]
        pieces = [
            Piece(Block("paragraph", [Span(e)]), i, m.boxes[b].y, m.boxes[b].y + m.boxes[b].height)
            for i, (e, b) in enumerate(zip(page.entries, items, strict=True))
        ]
        head = max(0.0, pieces[0].top - box.y)
        return self.finish(page, pack(pieces, box.height, head, 0.0), make_contents)
