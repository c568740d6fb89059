"""A picture's caption is shown whole up to two lines under the picture; a longer one shows its
leading sentences whole, or a first sentence longer than that its clauses that fit and "…",
the whole text in the notes (generator.screenshots, generator.layouts)."""

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
    assert line == first  # what fits two lines, whole sentences
    assert "…" not in line and len(line) <= CAPTION_CHARS
    # a first sentence longer than two lines is the one caption cut at a word
    endless = "A graph " + "of restarts and elapsed time " * 20
    assert caption_line(endless).endswith(" …")


def test_a_three_line_caption_shows_its_clauses_that_fit_two_lines() -> None:
    """One sentence of three lines under a picture: its clauses that fit two lines and "…",
    the picture drawn at the layout's own size, the whole sentence in the notes."""
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
    shown = alt.split(", measured")[0] + " …"
    assert [plain(b.spans) for b in page.blocks if b.type == "paragraph"] == [shown]
    assert caption_lines(shown) == 2 and alt in page.notes
    html = str(page_context(page)["composed"])
    assert "max-height:" not in html and "df-caption" in html


def test_a_cjk_prompt_caption_is_cut_after_a_clause() -> None:
    """samples/markdown/chatglm-readme: a translation prompt repeated as the caption of its
    answer screenshot (three lines of one sentence) shows its clauses that fit two lines."""
    alt = (
        "v1.0 · 问题：未来的NFT，可能真实定义一种现实的资产，它会是一处房产，一辆汽车，一片土地等等，"
        "这样的数字凭证可能比真实的东西更有价值，你可以随时交易和使用，在虚拟和现实中无缝的让拥有的资产"
        "继续创造价值，未来会是万物归我所有，但不归我所有的时代。翻译成专业的英语"
    )
    line = caption_line(alt)
    assert line.endswith("你可以随时交易和使用 …")
    assert caption_lines(line) <= 2 < caption_lines(alt)
