"""A gallery of variants (generator.gallery): a run of at least three admonitions, each of a
type the run has not shown yet, each short or all saying the same text, is set as a grid of
boxes on one slide, each box in its own type's colour with its title (and its text, unless
every box says the same long text: then it is shown once, before the grid)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lxml import etree

from generator import generate_from_markdown
from generator.api import regenerate
from generator.blocks import TONE_COLOURS
from generator.gallery import as_gallery, columns, gallery_runs, with_galleries
from generator.model import Block, Outline, Span
from generator.outline import parse_outline
from generator.repeats import repeated_runs
from tests.generator.fragments_gallery import DOCUSAURUS_ADMONITIONS, GITHUB_ALERTS
from tests.generator.pptx_xml import NS, runs, slides, text

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
MIN_BODY_PX = 16  # 12 pt
TONE_HEX = {"{:02X}{:02X}{:02X}".format(*rgb): tone for tone, rgb in TONE_COLOURS.items()}


def _supported_types() -> str:
    """MkDocs Material's "Supported types" section (its twelve types) as a page."""
    doc = (CORPUS / "mkdocs-admonitions" / "admonitions.md").read_text(encoding="utf-8")
    start = doc.index("### Supported types")
    end = doc.index("\n## ", start)
    return "# Admonitions\n\n## Usage\n\n" + doc[start:end]


@cache
def _deck(md: str) -> list[etree._Element]:
    return slides(generate_from_markdown(md).pptx_bytes)


def _boxes(slide: etree._Element) -> dict[str, list[tuple[int, int]]]:
    """Each admonition colour's shapes on `slide`: (left, top) of each, in EMU."""
    out: dict[str, list[tuple[int, int]]] = {}
    for sp in slide.iterfind(".//p:sp", NS):
        fill = sp.find("p:spPr/a:solidFill/a:srgbClr", NS)
        off = sp.find("p:spPr/a:xfrm/a:off", NS)
        if fill is None or off is None or fill.get("val") not in TONE_HEX:
            continue
        out.setdefault(TONE_HEX[fill.get("val", "")], []).append(
            (int(off.get("x", 0)), int(off.get("y", 0)))
        )
    return out


def _gallery_slide(md: str, words: str) -> etree._Element:
    found = [s for s in _deck(md) if words in text(s)]
    assert found, [text(s)[:60] for s in _deck(md)]
    return found[0]


def _side_by_side(boxes: dict[str, list[tuple[int, int]]]) -> bool:
    """Two boxes of different colours at the same height (a grid's row), apart."""
    tops: dict[int, set[int]] = {}
    for places in boxes.values():
        for x, y in places:
            tops.setdefault(y, set()).add(x)
    return any(len(xs) >= 2 for xs in tops.values())


def test_github_alerts_are_a_grid_of_coloured_boxes() -> None:
    # GitHub's five alert types one after another: each in its colour, side by side
    md = "# Writing\n\n## Formatting\n\n### Alerts\n\nAlerts look like this.\n\n" + GITHUB_ALERTS
    slide = _gallery_slide(md, "Useful information")
    boxes = _boxes(slide)
    assert len(boxes) == 5, boxes
    assert _side_by_side(boxes)
    for words in ("Helpful advice", "Key information", "Urgent info", "Advises about risks"):
        assert words in text(slide)
    assert min(r.size_px for r in runs(slide) if r.text.strip()) >= MIN_BODY_PX


def test_docusaurus_admonitions_are_a_grid_with_their_text() -> None:
    # five types with the same short text: each box keeps it
    md = "# Docs\n\n## Markdown\n\n### Admonitions\n\n" + DOCUSAURUS_ADMONITIONS
    slide = _gallery_slide(md, "3 colons")
    boxes = _boxes(slide)
    assert len(boxes) == 5, boxes
    assert _side_by_side(boxes)
    assert text(slide).count("Check") == 5
    assert min(r.size_px for r in runs(slide) if r.text.strip()) >= MIN_BODY_PX


def test_the_twelve_mkdocs_types_are_one_slide_with_their_text_once() -> None:
    # twelve types with the same 30-word placeholder: twelve coloured boxes with their titles
    # on one slide, the placeholder shown once before them (no "The same with" line)
    md = _supported_types()
    slide = _gallery_slide(md, "type qualifiers")
    boxes = _boxes(slide)
    assert set(boxes) == set(TONE_COLOURS), boxes
    assert _side_by_side(boxes)
    shown = text(slide)
    assert shown.count("Lorem ipsum") == 1
    for title in ("Note", "Abstract", "Question", "Failure", "Bug", "Quote"):
        assert title in shown
    assert "The same with" not in shown
    assert min(r.size_px for r in runs(slide) if r.text.strip()) >= MIN_BODY_PX


def _box(tone: str, *body: str) -> Block:
    return Block(
        "quote", paragraphs=[[Span(tone.title(), bold=True)], *[[Span(b)] for b in body]], tone=tone
    )


def test_what_makes_a_gallery() -> None:
    short = [_box(t, "A short text.") for t in ("note", "tip", "warning")]
    assert gallery_runs(short) == [range(0, 3)]
    assert gallery_runs(short[:2]) == []  # two boxes are not a gallery
    repeated = [_box("note", "One."), _box("note", "Two."), _box("tip", "Three.")]
    assert gallery_runs(repeated) == []  # a type shown again starts another run
    long = " ".join(["word"] * 50)
    assert gallery_runs([_box(t, f"{long} {t}") for t in ("note", "tip", "warning")]) == []
    same = [_box(t, long) for t in ("note", "tip", "warning")]
    assert gallery_runs(same) == [range(0, 3)]  # the same long text: shown once
    out = as_gallery(same)
    assert [b.type for b in out] == ["paragraph", "quote", "quote", "quote"]
    assert all(len(b.paragraphs) == 1 and b.columns == 3 for b in out[1:])
    assert repeated_runs(same) == []  # not condensed to one box and a line


def test_the_grid_columns() -> None:
    assert [columns(n) for n in (3, 4, 5, 6, 8, 12)] == [3, 2, 3, 3, 4, 4]


def test_a_gallery_box_keeps_its_grid_in_the_document() -> None:
    outline = with_galleries(parse_outline(_supported_types()))
    boxes = [b for b in outline.blocks() if b.type == "quote"]
    assert len(boxes) == 12
    assert all(Block.from_dict(b.to_dict()).columns == 4 for b in boxes)


def test_the_deck_keeps_the_outline_as_read_and_its_words_count_for_the_budget() -> None:
    # the twelve boxes saying the same placeholder text: the slide shows it once, but the
    # document (and so its slide budget, generator.budget) keeps every box as written, and
    # the deck made again from that document is the same deck
    md = _supported_types()
    deck = generate_from_markdown(md)
    read = parse_outline(md)
    assert deck.document["outline"] == read.to_dict()
    boxes = [b for b in Outline.from_dict(deck.document["outline"]).blocks() if b.type == "quote"]
    assert len(boxes) == 12 and all(len(b.paragraphs) == 2 for b in boxes)
    again = regenerate({**deck.document, "pages": []})
    assert [p.to_dict() for p in again.pages] == [p.to_dict() for p in deck.pages]
