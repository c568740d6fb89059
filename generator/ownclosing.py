"""An authored deck's own closing slide: its last slide, laid out as a centred statement
(Slidev's `layout: center`/`end`, Marp's `lead` class) of a heading and at most one short
line ("Thank You!" / "Slides can be found on antfu.me", "Learn More" / "Documentation ·
GitHub · Showcases"), is drawn as the deck's closing slide (the heading its title, the line
its subtitle), not as a content slide of one line followed by a generated "Thank you".
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.model import Block, Outline, Page, plain, titled
from generator.pages import PlannedPage

LINE_CHARS = 120  # the line under the heading at most this long


@dataclass(frozen=True)
class OwnClosing:
    """An authored deck's own closing slide, drawn as the deck's closing slide."""

    chapter: int
    page: int
    title: str
    subtitle: str
    notes: str

    def planned(self) -> PlannedPage:
        where = f"chapters[{self.chapter}].pages[{self.page}]"
        return PlannedPage(
            "closing", "closing", self.title, self.subtitle, notes=self.notes, source=where
        )


def _line(blocks: list[Block]) -> str | None:
    """The one short line of a closing statement ("" for none); None when it holds more."""
    shown = [b for b in blocks if not (b.type == "image" and b.kind == "background")]
    if not shown:
        return ""
    if len(shown) > 1 or shown[0].type != "paragraph":
        return None
    text = " ".join(plain(shown[0].spans).split())
    return titled(shown[0].spans, text) if len(text) <= LINE_CHARS else None


def own_closing(outline: Outline) -> OwnClosing | None:
    """The deck's last page when it is a centred closing statement (see the module)."""
    ci = next((i for i in reversed(range(len(outline.chapters))) if outline.chapters[i].pages), -1)
    if ci < 0:
        return None
    pages = outline.chapters[ci].pages
    page: Page = pages[-1]
    if page.hint != "center" or not page.title or page.sections:
        return None
    line = _line(page.blocks)
    if line is None:
        return None
    links = [s.href for b in page.blocks for s in b.spans if s.href]
    notes = "\n".join(t for t in (page.notes, *links) if t)
    return OwnClosing(ci, len(pages) - 1, page.title, line, notes)
