"""A picture's caption is shown whole: up to three lines under the picture (the picture drawn
a line smaller for each line past two), a longer one its leading sentences whole and the rest
in the notes; never cut mid-sentence (generator.screenshots, generator.layouts)."""

from __future__ import annotations

from pathlib import Path

from generator.layouts import page_context
from generator.markup.images import Assets
from generator.model import Block, plain
from generator.outline import parse_outline
from generator.pages import PlannedPage
from generator.screenshots import CAPTION_CHARS, caption_line, caption_lines, screenshot
from generator.summary import gallery_page
from tests.generator.fragments import KEP_SUMMARY_CHART

KEP = Path(__file__).resolve().parents[2] / "samples/markdown/kep-crashloopbackoff/README.md"


def test_a_chart_of_a_design_document_keeps_its_whole_caption_under_it() -> None:
    """The KEP's chart caption (129 characters) was cut to "... CrashLoopBackOffBehavior of
    today …": it reads whole under the chart, and the notes keep it too."""
    chart = gallery_page(PlannedPage("content", "content", "Proposal"), [_picture()])
    assert chart.layout == "image-full"
    captions = [plain(b.spans) for b in chart.blocks if b.type == "paragraph"]
    whole = (
        "A graph showing the change in elapsed time for observed restarts with the "
        "CrashLoopBackOffBehavior of today vs the proposed new default"
    )
    assert whole in captions
    assert not any("…" in c for c in captions)
    assert whole in chart.notes


def _picture(text: str = KEP_SUMMARY_CHART) -> Block:
    """The fragment's chart, as the outline reads it (a large chart: a screenshot)."""
    outline = parse_outline(text, assets=Assets.beside(str(KEP)))
    found = next(b for b in outline.blocks() if b.type == "image")
    assert screenshot(found)
    return found


def test_a_long_caption_shows_its_leading_sentences_whole() -> None:
    first = (
        "A graph showing the change in elapsed time for observed restarts with the "
        "CrashLoopBackOffBehavior of today, with the proposed new default, and with the "
        "proposed minimum per node configuration."
    )
    rest = " Each line is one configuration, measured on a node of 110 pods crashing every 10s."
    alt = first + rest * 3
    line = caption_line(alt)
    assert line == first + rest  # what fits three lines, whole sentences
    assert "…" not in line and len(line) <= CAPTION_CHARS
    # a first sentence longer than three lines is the one caption cut at a word
    endless = "A graph " + "of restarts and elapsed time " * 20
    assert caption_line(endless).endswith(" …")


def test_a_picture_above_a_three_line_caption_is_drawn_a_line_smaller() -> None:
    alt = (
        "A graph showing the change in elapsed time for observed restarts with the "
        "CrashLoopBackOffBehavior of today, with the proposed new default, and with the "
        "proposed minimum per node configuration, measured on a node of 110 pods"
    )
    assert caption_lines(alt) == 3
    chart = KEP_SUMMARY_CHART.replace(
        "![A graph showing the change in elapsed time for observed restarts with the\n"
        "CrashLoopBackOffBehavior of today vs the proposed new\ndefault]",
        f"![{alt}]",
    )
    page = gallery_page(PlannedPage("content", "content", "Proposal"), [_picture(chart)])
    html = str(page_context(page)["composed"])
    assert "max-height:365px" in html and alt in html and "df-caption" in html
