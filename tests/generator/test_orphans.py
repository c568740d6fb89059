"""Nothing left hanging: a heading whose content all left (its picture not available, its
component not drawable) is not shown over nothing; it goes to the notes (generator.markup.bare)."""

from __future__ import annotations

from generator.api import generate_from_markdown
from generator.markup.bare import NOTES_LEAD
from generator.model import plain
from generator.pages import PlannedPage
from tests.generator.fragments_orphans import SLIDEV_CONNECTIONS
from tests.generator.layout_samples import picture

COVER = "---\nlayout: cover\nhighlighter: shiki\n---\n\n# Composable Vue\n\n"  # the talk's opening


def slide_headings(deck_pages: list[PlannedPage]) -> list[str]:
    found: list[str] = []
    for page in deck_pages:
        blocks = [*page.blocks, *(b for s in page.sections for b in s.blocks)]
        found += [plain(b.spans) for b in blocks if b.type == "heading"]
        found += [str(s.title) for s in page.sections if s.title]
    return found


def test_a_heading_over_a_missing_picture_goes_to_the_notes() -> None:
    deck = generate_from_markdown(COVER + SLIDEV_CONNECTIONS, "corporate")
    content = [p for p in deck.pages if p.kind == "content"]
    page = next(p for p in content if p.title.startswith('Think as "Connections"'))
    assert "SpreadSheet Formula" not in slide_headings([page])
    shown = [html.split('<aside class="notes"')[0] for html in deck.pages_html]
    assert all("SpreadSheet Formula" not in html for html in shown)
    assert f"{NOTES_LEAD}\n- SpreadSheet Formula" in page.notes
    assert "Division-Formula-in-Excel" in page.notes  # what was under it is named there too
    # the text above it stays
    assert "Output reflects to input's changes automatically" in str(page.to_dict())


def test_a_heading_over_its_picture_stays() -> None:
    remote = "https://cdn.wallstreetmojo.com/wp-content/uploads/2019/01/"
    remote += "Division-Formula-in-Excel-Example-1-1.png"
    shown = SLIDEV_CONNECTIONS.replace(remote, picture("#3a6ea5"))
    deck = generate_from_markdown(COVER + shown, "corporate")
    page = next(p for p in deck.pages if p.title.startswith('Think as "Connections"'))
    assert "SpreadSheet Formula" in slide_headings([page])
    assert NOTES_LEAD not in page.notes
