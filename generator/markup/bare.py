"""No heading over nothing: a label heading (an HTML `<h3>` in a grid, a `#####` line) whose
content all left before the slide was made (its picture not available, its diagram or
component not drawable) would end its slide as a heading with nothing under it. Such a heading
goes to the speaker notes, where the notes already say what was under it.

Only a page that lost pictures is concerned (its notes name them): a heading over text the
reader of the source left out on purpose (a template's question over an unfilled answer) stays.
A heading is bare when it ends the blocks of a page without sections, or of one of its
sections, after other content; so is a section's title over no blocks on a page holding other
content (a heading that is all its page holds is that page's statement and stays).
"""

from __future__ import annotations

from generator.markup.missing import NOTES_LEAD as PICTURES_LEAD
from generator.model import Block, Chapter, Page, plain

NOTES_LEAD = "Not on the slide (nothing under it could be shown):"


def _bare_tail(blocks: list[Block]) -> list[str]:
    """Texts of the headings ending `blocks` after other content; they leave `blocks`."""
    left: list[str] = []
    while len(blocks) > 1 and blocks[-1].type == "heading":
        if not any(b.type != "heading" for b in blocks[:-1]):
            break
        left.insert(0, plain(blocks.pop().spans).strip())
    return [t for t in left if t]


def drop_bare_headings(chapters: list[Chapter]) -> None:
    """Every page's bare headings move to its notes (in place)."""
    for chapter in chapters:
        for page in chapter.pages:
            _page(page)


def _page(page: Page) -> None:
    if PICTURES_LEAD not in page.notes:
        return  # nothing left the page (a question over an unfilled answer stays a question)
    left: list[str] = []
    if not page.sections:
        left += _bare_tail(page.blocks)
    for section in page.sections:
        left += _bare_tail(section.blocks)
    has_content = page.blocks or any(s.blocks for s in page.sections)
    if has_content and any(s.title and not s.blocks for s in page.sections):
        left += [str(s.title).strip() for s in page.sections if s.title and not s.blocks]
        page.sections = [s for s in page.sections if s.blocks]
    if left:
        lines = "\n".join(f"- {text}" for text in left)
        page.notes = f"{page.notes}\n{NOTES_LEAD}\n{lines}".strip()
