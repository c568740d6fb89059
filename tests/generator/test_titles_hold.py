"""A slide's title says what the slide holds: pages sharing a slide are named together (or by
the heading they are under), cards by the heading they are under, a part whose content left
is not named; an aside pointing at a picture the slide does not show goes; the contents slide
lists the opening part too. Fragments of the corpus documents (samples/markdown, SOURCES.md)."""

from __future__ import annotations

from generator.api import GeneratedDeck, generate_from_markdown
from generator.jointitle import named_together, other_part, parts_shown
from generator.leftout import block_text
from generator.markup.missing import position_aside
from generator.model import Block, Span, plain
from generator.outline import parse_outline
from generator.pages import PlannedPage
from generator.runs import page_blocks
from tests.generator.test_titles_structure import between, sample


def content(deck: GeneratedDeck) -> list[PlannedPage]:
    return [p for p in deck.pages if p.kind == "content"]


def words(page: PlannedPage) -> str:
    blocks = [*page.blocks, *(b for s in page.sections for b in s.blocks)]
    return " ".join(block_text(b) for b in blocks)


def headings(page: PlannedPage) -> list[str]:
    return [plain(b.spans) for b in page.blocks if b.type == "heading"]


def test_names_together_read_as_a_phrase_in_english_and_joined_otherwise() -> None:
    assert named_together(["tail -f", "git"], "en") == "tail -f and git"
    assert named_together(["A", "B", "C"], "en-US") == "A, B and C"
    assert named_together(["模型量化", "CPU 部署"], "zh-CN") == "模型量化 · CPU 部署"
    # bat's troubleshooting headings join words themselves: not "A and B and C"
    both = ["Terminals & colors", "Line numbers and grid are hardly visible"]
    assert (
        named_together(both, "en")
        == "Terminals & colors · Line numbers and grid are hardly visible"
    )


def test_two_sections_stacked_on_one_slide_are_both_named_in_its_title() -> None:
    # bat's "tail -f" (one command) and "git" (one command) share a slide: the title names
    # both, not "tail -f" over the git section; each keeps its heading, the first one too
    bat = sample("bat-readme")
    md = "# bat\n\n" + between(bat, "## How to use", "#### `xclip`")
    pages = content(generate_from_markdown(md, "corporate"))
    (both,) = [p for p in pages if "pacman.log" in words(p) and "git show" in words(p)]
    assert both.title == "tail -f and git"
    assert headings(both) == ["tail -f", "git"]


def bat_until_installation() -> GeneratedDeck:
    """bat's README up to its installation chapter: its opening part (three key features, each
    a sentence and a remote screenshot, then "Automatic paging"), then "How to use"."""
    bat = sample("bat-readme")
    return generate_from_markdown(bat[: bat.index("\n## Installation")], "corporate")


def test_cards_of_sibling_headings_are_titled_by_the_heading_they_are_under() -> None:
    # the three key features side by side: under the document's opening part
    # ("Introduction"), not the three headings joined (two title lines)
    pages = content(bat_until_installation())
    (cards,) = [p for p in pages if "Git integration" in [s.title for s in p.sections]]
    assert cards.title == "Introduction"
    assert [s.title for s in cards.sections] == [
        "Syntax highlighting",
        "Git integration",
        "Show non-printable characters",
    ]


def test_an_aside_pointing_at_a_picture_not_shown_is_dropped_and_kept_in_the_notes() -> None:
    # "... with respect to the index (see left sidebar):" then a remote screenshot (remote
    # pictures off): the card does not point at a sidebar that is not there
    pages = content(bat_until_installation())
    (cards,) = [p for p in pages if "Git integration" in [s.title for s in p.sections]]
    assert "with respect to the index." in words(cards)
    assert "sidebar" not in words(cards)
    assert "(see left sidebar)" in cards.notes


def test_only_asides_of_position_words_point_at_a_picture() -> None:
    text = "bat communicates with git to show modifications with respect to the index"
    assert position_aside(text + " (see left sidebar):") == len(text)
    assert position_aside(text + " (see the screenshot below).") == len(text)
    assert position_aside(text + " (MIT):") is None  # an aside saying something
    assert position_aside(text + " (see the left part of the configuration file):") is None


def test_a_slide_is_titled_by_the_part_it_still_holds() -> None:
    # rich's "Rich Library": its introduction, then "Log" and "Logging Handler". A slide that
    # still shows both parts names both; one left with the introduction under its heading
    # (the parts gone to the notes) names that part, not "Log"
    rich = sample("rich/README")
    md = between(rich, "# Rich Library", "<summary>Emoji</summary>")
    (page,) = [p for c in parse_outline(md).chapters for p in c.pages]
    names = [s.title for s in page.sections]
    assert names == ["Log", "Logging Handler"]
    shown = page_blocks(page)  # "Log" opens it under its heading, "Logging Handler" follows
    assert parts_shown(shown, names) == names and other_part(shown, names) == ""
    said = between(
        rich,
        "Rich contains a number of builtin _renderables_ you can use to "
        "create elegant output in your CLI and help you debug your code.",
        None,
    )
    intro = parse_outline("# Rich Library\n\n" + said.split("\n")[0]).chapters[0]
    left = [Block("heading", [Span("Rich Library", bold=True)]), *page_blocks(intro.pages[0])]
    assert parts_shown(left, names) == []
    assert other_part(left, names) == "Rich Library"


def test_the_contents_slide_lists_the_opening_part() -> None:
    # fd's README opens with its introduction (before "## Features"): it has a slide, so the
    # contents slide lists it, first
    md = sample("fd-readme")
    deck = generate_from_markdown(md, "corporate")
    (contents,) = [p for p in deck.pages if p.kind == "contents"][:1]
    assert contents.entries[0] == "Introduction"
    assert contents.entries[1] == "Features"
    assert [e for e in contents.entries if e == "Introduction"] == ["Introduction"]
