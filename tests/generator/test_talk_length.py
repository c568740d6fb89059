"""A talk's length suits its document: a README of about 4,000 words is a deck of 20-25 slides
in all (cover, contents, dividers, pictures and the "Also in the document" list counted), and a
chapter over its share of the budget gives up its later pages of text once the other chapters
keep their first page only; its first page and its pages of pictures stay."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.api import GeneratedDeck, generate_from_markdown
from generator.budget import CHAPTER_SHARE, document_words, slide_budget
from generator.drop import Left, appendix_like, chosen
from generator.gallery import gallery_runs
from generator.model import Outline, plain
from generator.outline import parse_outline
from generator.repeats import SHOWN_LINKS, repeated_runs, shown_once

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
FD = CORPUS / "fd-readme" / "README.md"
BAT = CORPUS / "bat-readme" / "README.md"
SLIDEV = CORPUS / "slidev-composable-vue" / "slides.md"


def _deck(path: Path, length: str = "medium") -> GeneratedDeck:
    return generate_from_markdown(
        path.read_text(encoding="utf-8"), source_name=path.stem, length=length
    )


def _chapter_slides(deck: GeneratedDeck, outline: Outline, title: str) -> int:
    (ci,) = [i for i, c in enumerate(outline.chapters) if c.title == title]
    return sum(1 for p in deck.pages if p.source.startswith(f"chapters[{ci}]."))


@pytest.mark.parametrize("path", [FD, BAT], ids=["fd", "bat"])
def test_a_4000_word_readme_is_a_talk_of_20_to_25_slides(path: Path) -> None:
    words = document_words(parse_outline(path.read_text(encoding="utf-8")))
    assert 3_500 <= words <= 4_500
    deck = _deck(path)
    assert 20 <= deck.page_count <= 25
    # a long talk is still the whole document, a short one shorter than the medium
    assert _deck(path, "long").page_count > 30
    assert _deck(path, "short").page_count < deck.page_count


def test_a_chapter_over_its_share_keeps_its_pages_only_while_others_keep_their_first() -> None:
    text = FD.read_text(encoding="utf-8")
    outline = parse_outline(text)
    budget = slide_budget("medium", document_words(outline))
    assert budget is not None
    deck = _deck(FD)
    usage = _chapter_slides(deck, outline, "How to use")
    assert usage > math.ceil(budget * CHAPTER_SHARE)  # over its share, but
    assert _chapter_slides(deck, outline, "Integration with other programs") == 1
    # its first pages stay; its later ones leave, named in the notes
    titles = [p.title for p in deck.pages]
    assert "Regular expression search" in titles and "Command-line options" not in titles
    notes = "\n".join(p.notes for p in deck.pages)
    assert "Command-line options" in notes


def test_a_chapter_over_its_share_gives_up_its_later_pages_before_other_parts() -> None:
    outline = parse_outline(FD.read_text(encoding="utf-8"))
    (usage,) = [i for i, c in enumerate(outline.chapters) if c.title == "How to use"]
    pages = len(outline.chapters[usage].pages)
    share = 5.0  # every page one slide: How to use has 13, Troubleshooting 5
    assert pages > share
    order = chosen(outline, {}, over=math.inf, share=share)
    body = [x for x in order if not appendix_like(outline.chapters[x.chapter].title)]
    later = [Left(usage, pi, body=True) for pi in reversed(range(int(share), pages))]
    # How to use shows what the thing does: its later pages leave once no secondary page
    # (troubleshooting, installing, development) is left, after the later sections of its
    # own pages and once every other chapter keeps its first page only
    first = next(i for i, x in enumerate(body) if x.chapter == usage and x.section < 0)
    troubleshooting = [i for i, x in enumerate(body) if x.chapter == usage + 2]
    assert len(troubleshooting) == 5 and max(troubleshooting) < first
    integration = [x for x in body[:first] if x.chapter == usage + 3]
    assert [x.page for x in integration] == [4, 3, 2, 1]
    assert all(x.section > 0 for x in body[:first] if x.chapter == usage)
    assert body[first : first + len(later)] == later
    # without a share, troubleshooting (a secondary part) leaves before any of How to use
    plain = [(x.chapter, x.page) for x in chosen(outline, {}, over=math.inf)]
    assert plain.index((usage + 2, 4)) < plain.index((usage, pages - 1))


def test_an_authored_deck_keeps_its_slides() -> None:
    deck = _deck(SLIDEV)
    assert deck.page_count == 36  # the "<-- 1." lines beside useTitle's code make no slide


ADMONITIONS = CORPUS / "mkdocs-admonitions" / "admonitions.md"


def _supported_types() -> str:
    """The "Supported types" section of the admonitions page: each of the twelve types shown
    with the same placeholder text."""
    text = ADMONITIONS.read_text(encoding="utf-8")
    start = text.index("### Supported types")
    return "# Admonitions\n\n## Usage\n\n" + text[start : text.index("## Customization")]


def test_repeated_example_boxes_are_shown_once_with_the_others_named(
    medium_budget: Callable[[int], None],
) -> None:
    # boxes of one type repeating one text: the first box and a line naming the others
    boxes = "".join(f'!!! note "{t}"\n\n    The same placeholder text.\n\n' for t in "ABCD")
    outline = parse_outline("# Boxes\n\n## Usage\n\n### Repeated\n\n" + boxes)
    page = outline.chapters[0].pages[0]
    assert [len(r) for r in repeated_runs(page.blocks)] == [4]
    shown = shown_once(page.blocks, "en")
    assert [b.type for b in shown.blocks] == ["quote", "paragraph"]
    assert plain(shown.blocks[1].spans) == "The same with: B, C, D"
    assert len(shown.left) == 3


def test_a_gallery_of_types_is_not_condensed_over_the_budget(
    medium_budget: Callable[[int], None],
) -> None:
    # each of the twelve types with the same placeholder text is a gallery (generator.gallery):
    # shown whole, on one slide, even in a deck over its budget
    outline = parse_outline(_supported_types())
    page = outline.chapters[0].pages[0]
    assert repeated_runs(page.blocks) == [] and [len(r) for r in gallery_runs(page.blocks)] == [12]
    medium_budget(1)  # a deck over its budget
    deck = generate_from_markdown(_supported_types(), source_name="admonitions")
    shown = [p for p in deck.pages if p.title == "Supported types"]
    assert len(shown) == 1  # not four slides of the same box
    quotes = [b for b in shown[0].blocks if b.type == "quote"]
    assert len(quotes) == 12 and all(b.columns == 4 for b in quotes)
    assert not any("boxes repeating an example" in r.message for r in deck.left_out)


def test_boxes_with_their_own_text_are_not_a_repeated_example() -> None:
    text = ADMONITIONS.read_text(encoding="utf-8")
    outline = parse_outline(text)
    usage = next(c for c in outline.chapters if c.title == "Usage")
    runs = {p.title: repeated_runs(p.blocks) for p in usage.pages}
    assert not runs["Supported types"] and not runs["Nested admonitions"]  # a gallery: whole
    assert gallery_runs(next(p for p in usage.pages if p.title == "Supported types").blocks)
    assert not runs["Collapsible blocks"]


RUST = CORPUS / "rust-release" / "Rust-1.80.0.md"


def _stabilized_apis() -> str:
    """The release's "Stabilized APIs" section: 58 links to API documentation, then two more
    under "now stable in const contexts"."""
    text = RUST.read_text(encoding="utf-8")
    start = text.index("### Stabilized APIs")
    return "# Announcing Rust 1.80.0\n\n## Rust 1.80.0 stable\n\n" + text[start:]


def _list_items(deck: GeneratedDeck, title: str) -> list[str]:
    pages = [p for p in deck.pages if p.title == title]
    return [plain(i.spans) for p in pages for b in p.blocks if b.type == "list" for i in b.items]


def test_a_long_list_of_links_is_one_slide_the_rest_in_the_notes() -> None:
    deck = generate_from_markdown(_stabilized_apis(), source_name="Rust-1.80.0")
    shown = [p for p in deck.pages if p.title == "Stabilized APIs"]
    assert len(shown) == 1  # not three slides of links
    (links, const) = [b for b in shown[0].blocks if b.type == "list"]
    items = [plain(i.spans) for i in links.items]
    assert len(items) == SHOWN_LINKS + 1 and items[-1] == "46 more (in the notes)"
    assert links.columns == 2 and len(const.items) == 2  # a short list stays whole
    assert "Option::take_if" not in items and "Option::take_if" in shown[0].notes
    assert any("long list of links" in r.message for r in deck.left_out)
    # a long talk keeps every link on the slides
    whole = generate_from_markdown(_stabilized_apis(), source_name="Rust-1.80.0", length="long")
    assert "Option::take_if" in _list_items(whole, "Stabilized APIs")


THEMING = CORPUS / "mermaid-theming" / "theming.md"


def test_a_diagram_on_a_picture_slide_of_a_condensed_deck_has_no_source_caption(
    medium_budget: Callable[[int], None],
) -> None:
    """The themeVariables example: a Mermaid flowchart after its config; a deck one slide a
    page shows the drawn chart on a picture slide beside its configuration (the code block,
    never a caption), its whole source in that slide's notes."""
    text = THEMING.read_text(encoding="utf-8")
    start = text.index("## Customizing Themes with `themeVariables`")
    md = "# Theme Configuration\n\n" + text[start : text.index("## Color and Color Calculation")]
    medium_budget(1)
    deck = generate_from_markdown(md, source_name="theming")
    pictures = [p for p in deck.pages if any(b.kind == "diagram" for b in p.blocks)]
    assert len(pictures) == 1 and pictures[0].layout == "image-text"
    shown = " ".join(plain(b.spans) for p in deck.pages for b in p.blocks if b.type == "paragraph")
    assert "graph TD" not in shown and "primaryColor: '#BB2528'" not in shown
    [code] = [b for b in pictures[0].blocks if b.type == "code"]
    assert "primaryColor: '#BB2528'" in code.text  # the configuration beside the picture
    assert "graph TD" in pictures[0].notes
