"""Prose read from a seat: a document's prose and lists are set at 18 pt (24 px on a 1280 px
slide) or larger; a page that would need smaller type continues on the next slide, and no
shrink, merge or join goes below that size. Code and tables keep their own floors; an authored
slide deck keeps its slides (down to 18 px). Read from the slide XML."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from generator import generate_from_markdown
from generator.markup.images import Assets
from generator.planner import Planner
from generator.templates import builtin_templates
from tests.generator.conftest import roomy
from tests.generator.fragments import KEP_SUMMARY_CHART
from tests.generator.fragments_readable import (
    FD_OPENING,
    HTTPX_INTRO,
    MERMAID_SECURITY,
    RUST_CFG,
)
from tests.generator.pptx_xml import runs, slides
from tests.generator.test_type_sizes import body_runs

KEP = Path(__file__).resolve().parents[2] / "samples" / "markdown" / "kep-crashloopbackoff"
READ = 24.0  # px on a 1280x720 slide: 18 pt


def small_prose(deck) -> list[tuple[int, str, float]]:  # type: ignore[no-untyped-def]
    """(slide, text, px) of the prose and list runs of content slides set below 18 pt (code
    and table cells have their own floors)."""
    return [
        (i + 1, text[:40], round(size, 1))
        for i, text, size, floor in body_runs(deck)
        if floor > 16 and size < READ - 0.01
    ]


@pytest.mark.parametrize(
    "fragment",
    [
        pytest.param(RUST_CFG, id="prose-and-code-merged-by-smaller-type"),
        pytest.param(MERMAID_SECURITY, id="prose-a-little-over-one-slide"),
        pytest.param(HTTPX_INTRO, id="prose-beside-code"),
        pytest.param(FD_OPENING, id="introduction-joined-with-the-features"),
    ],
)
def test_prose_is_never_set_below_18pt(fragment: str) -> None:
    deck = generate_from_markdown("# Project\n\n" + fragment, "corporate")
    assert len(body_runs(deck)) > 5
    assert small_prose(deck) == []


def test_a_page_that_would_need_smaller_type_continues() -> None:
    deck = generate_from_markdown("# Project\n\n" + MERMAID_SECURITY, "corporate")
    shown = [p for p in deck.pages if p.kind == "content"]
    # the security section on its slide at the reading size or larger; the one-sentence
    # "Reporting vulnerabilities" is no slide of its own but named on the closing slide, its
    # sentence in that slide's notes (generator.alsolines)
    assert len(shown) == 1 and min(p.body_size for p in shown) >= READ
    words = " ".join(r.text for s in slides(deck.pptx_bytes) for r in runs(s))
    assert "sandboxed iframe" in words and "Reporting vulnerabilities" in words
    assert "security@mermaid.live" in deck.pages[-1].notes


def test_text_grows_when_its_picture_moves_to_a_slide_of_its_own() -> None:
    deck = generate_from_markdown(
        "# KEP\n\n" + KEP_SUMMARY_CHART, "corporate", assets=Assets.beside(str(KEP / "README.md"))
    )
    # the paragraph of prose is set as points (generator.points)
    text = [
        p for p in deck.pages if p.kind == "content" and p.blocks[0].type in ("paragraph", "list")
    ]
    pictures = [p for p in deck.pages if p.kind == "content" and p.blocks[0].type == "image"]
    assert len(text) == 1 and len(pictures) == 1
    assert text[0].body_size >= 30  # the paragraph alone fills half a slide at 24 px: grown


@pytest.fixture(scope="module")
def kep_deck():  # type: ignore[no-untyped-def]
    """The whole design document in a roomy deck (`roomy`): many pages at the reading size,
    cut and packed again."""
    source = KEP / "README.md"
    with pytest.MonkeyPatch.context() as patch:
        roomy(patch)
        return generate_from_markdown(
            source.read_text("utf-8"), "corporate", assets=Assets.beside(str(source))
        )


def test_a_long_document_is_read_at_18pt(kep_deck) -> None:  # type: ignore[no-untyped-def]
    assert len(body_runs(kep_deck)) > 200
    assert small_prose(kep_deck) == []


def test_a_page_cut_again_and_again_keeps_every_picture(kep_deck) -> None:  # type: ignore[no-untyped-def]
    """ "Front loaded decay with interval": its slides are cut and packed again several times
    at the reading size; what is left when the cutting stops is laid out, never dropped."""
    alts = [
        b.alt
        for p in kep_deck.pages
        if p.title == "Front loaded decay with interval"
        for b in p.blocks
        if b.type == "image"
    ]
    assert len(alts) == 2
    assert any("delay interval function" in a for a in alts)
    assert any("changes to restarts" in a for a in alts)


@pytest.mark.parametrize("template", sorted(builtin_templates()))
def test_the_reading_floor_of_documents_and_of_authored_decks(template: str) -> None:
    chosen = builtin_templates()[template]
    document = Planner(chosen, {"lang": "en"}, dense=True)
    assert document.body_min >= READ and document.body_base >= READ
    assert document.unit_min == 18  # one paragraph taller than a slide
    talk = Planner(chosen, {"lang": "en"}, authored=True)
    assert talk.body_min == 18  # an author's slide stays one slide: it shrinks first


def test_the_corpus_figure_counts_prose_not_titles_tables_or_code() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import markdown_corpus as mc

    def text(name: str, runs: list[tuple[str, float, str]]) -> dict[str, Any]:
        paragraph = {"runs": [{"text": t, "size": pt, "font": f} for t, pt, f in runs]}
        return {"name": name, "kind": "text", "text": {"paragraphs": [paragraph]}}

    slide = {
        "shapes": [
            text("h2.title", [("Small title", 12.0, "Arial")]),
            text("p.df-p", [("abcd", 15.0, "Arial"), ("efghij", 18.0, "Arial")]),
            text("pre.df-code", [("x = 1", 10.0, "Liberation Mono")]),
        ]
    }
    assert mc.prose_share_below([slide], ["content"], 18.0) == 0.4  # 4 of 10 characters
    assert mc.prose_share_below([slide], ["content"], 15.0) == 0.0
    assert mc.prose_share_below([slide], ["contents"], 18.0) == 0.0  # content slides only


RUST = Path(__file__).resolve().parents[2] / "samples" / "markdown" / "rust-release"


def test_a_closing_paragraph_alone_on_a_page_s_last_slide_grows_on_its_own() -> None:
    """The LazyCell section at the reading size: its prose, its code filling a slide, then the
    closing paragraph alone. The closing slide is not left at the size of the full slides in
    an empty slide: it grows on its own (the slides before it keep their size)."""
    lines = (RUST / "Rust-1.80.0.md").read_text("utf-8").splitlines()
    section = "\n".join(lines[27:52])  # "### `LazyCell` and `LazyLock`" up to the next section
    assert section.startswith("### `LazyCell`") and "does the same thing without thread" in section
    deck = generate_from_markdown("# Rust 1.80.0\n\n" + section, "corporate")
    shown = [p for p in deck.pages if p.kind == "content"]
    assert len(shown) >= 2  # prose, code and the closing paragraph do not fit one slide
    last = shown[-1]
    assert [b.type for b in last.blocks] == ["paragraph"]
    assert "does the same thing without thread" in " ".join(s.text for s in last.blocks[0].spans)
    assert last.body_size >= 30  # grown from 24 px: a paragraph alone fills a third of the room
    assert min(p.body_size for p in shown[:-1]) >= READ
