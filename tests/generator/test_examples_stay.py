"""Examples and configuration of how-to pages stay on the slides: a drawn diagram that moves
off a capped page keeps its configured source beside it on its picture slide; a code example
cut where a capped page's kept slides end stops at a whole statement and says it continues;
a page capped to fewer slides than it was packed over fills its last kept slide with its next
examples. Fragments from samples/markdown (mermaid-theming, rich, fd-readme), see
fragments_examples.py and fragments_share.py."""

from __future__ import annotations

from generator.compose import draft_deck
from generator.drop import Left
from generator.leaving import drop_pages
from generator.model import Block, plain
from generator.outline import parse_outline
from generator.pages import PlannedPage
from generator.planner import Planner
from generator.reshape import Fitted
from generator.sourced import sourced_runs
from generator.summary import gallery_groups
from generator.templates import builtin_templates
from tests.generator.fragments_examples import MERMAID_CUSTOM_THEME, RICH_TABLES
from tests.generator.fragments_share import FD_COMMAND_EXECUTION


def _one_slide(markdown: str) -> list[Fitted]:
    """The document's content pages planned as pages whose continuation slides left the deck
    (a deck over its budget keeps each one's first slide, generator.drop)."""
    outline = parse_outline(markdown)
    drafts = [p for p in draft_deck(outline, "en").pages() if p.kind == "content"]
    planner = Planner(builtin_templates()["corporate"], {"lang": "en"}, length="medium")
    planner.one_slide = frozenset(p.source for p in drafts)
    return planner.plan(drafts)


def _shows(page: PlannedPage, kind: str) -> list[Block]:
    return [b for b in page.blocks if b.type == "image" and b.kind == kind]


def test_a_diagram_moved_off_a_capped_page_keeps_its_configured_source_beside_it() -> None:
    fitted = _one_slide("# Theme Configuration\n\n" + MERMAID_CUSTOM_THEME)
    [slide] = [f for f in fitted if _shows(f.page, "diagram")]
    codes = [b for b in slide.page.blocks if b.type == "code"]
    assert len(codes) == 1 and "themeVariables:" in codes[0].text  # the configuration shown
    assert slide.page.layout == "image-text"  # code left, the diagram drawn from it right
    split = slide.html[slide.html.index('class="df-split"') :]
    assert split.index("primaryColor") < split.index("<figure")
    # the source's introduction ("Example of modifying ... config:") above it
    assert [b.type for b in slide.page.blocks] == ["paragraph", "code", "image"]
    # the source is not "moved to the speaker notes" of the kept slide
    first = fitted[0].page
    assert "Example of modifying" not in first.notes
    assert "Mermaid diagram source" in first.notes  # the whole source, as before


def test_a_diagram_with_its_source_is_a_picture_slide_of_its_own() -> None:
    code, diagram = Block("code", text="x"), Block("image", kind="diagram", alt="x")
    pictures = [Block("image", alt=f"p{i}") for i in range(3)]
    found = [pictures[0], code, diagram, *pictures[1:]]
    assert [alone for alone, _ in sourced_runs(found)] == [False, True, False]
    assert [len(g) for g in gallery_groups(found)] == [1, 2, 2]
    assert [len(g) for g in gallery_groups(pictures)] == [3]  # unchanged without sources


def test_a_code_example_cut_at_the_cap_shows_whole_statements_and_marks_what_left() -> None:
    inside = RICH_TABLES.split("</summary>", 1)[1].rsplit("</details>", 1)[0]  # its content
    fitted = _one_slide("# Rich\n\n## Tables\n\n" + inside)
    first = fitted[0].page
    [code] = [b for b in first.blocks if b.type == "code"]
    lines = code.text.split("\n")
    assert lines[-1] == "console.print(table)"  # the example ends with its result, whole
    assert "…" in lines  # the statements left out are marked in their place
    assert 'table.add_column("Title")' in first.notes  # and are in the notes
    assert "speaker notes" not in fitted[0].html  # no line for the presenter on the slide


def test_a_page_capped_to_one_slide_fills_it_with_its_next_examples() -> None:
    # "Command execution" left with its Examples (its later content titles left the deck):
    # the page keeps one slide, packed as the first of several; its room takes examples back
    outline = parse_outline("# fd\n\n## How to use\n\n" + FD_COMMAND_EXECUTION)
    gone = [Left(0, 0, 0, one=True), Left(0, 0, 1, body=True), Left(0, 0, 2, body=True)]
    dropped = drop_pages(outline, gone)
    drafts = [p for p in draft_deck(dropped.outline, "en").pages() if p.kind == "content"]
    planner = Planner(builtin_templates()["corporate"], {"lang": "en"}, length="medium")
    planner.one_slide = dropped.single
    [slide] = planner.plan(drafts)
    codes = [b.text for b in slide.page.blocks if b.type == "code"]
    # the second `-x` example gives way to the first `-X` one (generator.otherkind)
    assert codes[:2] == ["fd -e zip -x unzip", "fd -g 'test_*.py' -X vim"]
    shown = [plain(b.spans) for b in slide.page.blocks if b.type == "paragraph"]
    assert any(s.startswith("Find all test_*.py files") for s in shown)  # its introduction
    assert slide.laid is not None  # the filled slide fits
    assert "clang-format -i" in slide.page.notes.split("Placeholder syntax")[0]
