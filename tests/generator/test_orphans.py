"""Nothing left hanging: a heading whose content all left (its picture not available, its
component not drawable) is not shown over nothing; it goes to the notes (generator.markup.bare).
Lines pointing at code ("<-- 1. ...") never make a slide of their own (generator.pointing)."""

from __future__ import annotations

from generator.api import generate_from_markdown
from generator.markup.bare import NOTES_LEAD
from generator.model import Block, Span, plain
from generator.pages import PlannedPage
from generator.pointing import pointing
from tests.generator.fragments_orphans import MERMAID_COLORS, SLIDEV_CONNECTIONS, SLIDEV_USETITLE
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


def test_lines_pointing_at_code_sit_beside_it() -> None:
    deck = generate_from_markdown(COVER + SLIDEV_USETITLE, "corporate")
    content = [p for p in deck.pages if p.kind == "content"]
    assert len(content) == 1  # the code's slide only, no "(2/2)" of two arrows
    page = content[0]
    assert [b.type for b in page.blocks] == ["paragraph", "code", "code"]
    assert page.layout == "code"
    html = deck.pages_html[deck.pages.index(page)].split('<aside class="notes"')[0]
    beside = html.split('class="df-pointers"')[1]  # on the right of the code, on the slide
    assert "&lt;-- 1. use the user provided ref or create a new one" in beside
    assert "sync ref changes to the document title" in beside
    assert not any("pointing at the code" in r.message for r in deck.left_out)


def test_lines_pointing_at_wide_code_follow_it() -> None:
    wide = SLIDEV_USETITLE.replace("newTitle: MaybeRef", "newTitle: " + "MaybeRef" * 4)
    deck = generate_from_markdown(COVER + wide, "corporate")
    content = [p for p in deck.pages if p.kind == "content"]
    assert len(content) == 1
    shown = str(content[0].to_dict()) + content[0].notes
    assert "use the user provided ref" in shown  # under the code, or in its notes


def test_pointing_lines_are_only_arrows() -> None:
    assert pointing(Block("code", text="\n<-- 1. the ref\n\n^ this one\n"))
    assert not pointing(Block("code", text="<-- 1. the ref\nconst a = 1\n"))
    assert not pointing(Block("paragraph", [Span("a -> b")]))


def test_a_one_sentence_chapter_shares_the_slide_of_a_small_table_chapter() -> None:
    deck = generate_from_markdown("# Theme Configuration\n\n" + MERMAID_COLORS, "corporate")
    content = [p for p in deck.pages if p.kind == "content"]
    assert [p.title for p in content] == ["State Colors · Class Colors", "User Journey Colors"]
    shared = content[0]
    assert [b.type for b in shared.blocks] == ["heading", "table", "heading", "paragraph"]
    assert "classText" in plain(shared.blocks[3].spans)
    assert shared.layout == "table"
