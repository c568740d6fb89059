"""Nothing moved to the notes leaves a hole on the slides: a lead-in stays with what it
introduces, a continuing table or run of same-shaped blocks continues on slides, a part the
title names is shown, a code block is cut at its own top-level boundaries."""

from __future__ import annotations

import re

from generator.api import generate_from_markdown
from generator.keep import RUN_SLIDES
from generator.model import Block, Span, plain
from generator.pack import pack
from generator.pieces import Piece
from generator.summary import MAX_SLIDES, summary_blocks
from tests.generator.fragments import MERMAID_THEME_TABLE
from tests.generator.fragments_holes import (
    ADMONITION_TYPES,
    MATHJAX_CONFIG,
    MEETING_FCP,
    RUST_APIS_OTHER,
)
from tests.generator.test_presenter_slides import content, slide_text


def texts(md: str) -> list[tuple[str, str]]:
    """(title, text) of each content slide of the generated deck."""
    deck = generate_from_markdown(md, None)
    return [(p.title, slide_text(s)) for p, s in content(deck)]


# -- a lead-in ending with a colon keeps what it introduces -----------------------------------


def test_a_quoted_lead_in_keeps_the_list_it_introduces_on_its_slide() -> None:
    slides = texts("# T-lang meeting agenda\n\n" + MEETING_FCP)
    shown = [t for _, t in slides if "tagged team members:" in t]
    assert len(shown) == 1
    for reviewer in ("@cramertj", "@joshtriplett", "@nikomatsakis", "@scottmcm"):
        assert reviewer in shown[0], reviewer


def test_a_summarised_quote_keeps_the_list_lines_after_its_colon() -> None:
    lead = [Span("The next step is review by the rest of the tagged team members:")]
    quote = Block("quote", paragraphs=[lead, [Span("• @a")], [Span("• @b")], [Span("Later.")]])
    kept, moved = summary_blocks([Block("paragraph", [Span("Intro.")]), quote])
    assert [len(b.paragraphs) for b in kept if b.type == "quote"] == [3]
    assert [len(b.paragraphs) for b in moved] == [1]


# -- a run of short same-shaped blocks and a continuing table continue ------------------------


def test_every_admonition_type_of_a_run_is_on_a_slide_with_its_text() -> None:
    slides = texts("# Admonitions\n\n## Usage\n\n" + ADMONITION_TYPES)
    assert MAX_SLIDES < len(slides) <= RUN_SLIDES
    every = " ".join(t for _, t in slides)
    for label in ("Note", "Abstract", "Success", "Failure", "Danger", "Bug", "Example", "Quote"):
        assert re.search(rf"\b{label}\s+Lorem ipsum", every), label
    for _, text in slides:  # no admonition's title ends a slide without its text
        assert not re.search(r"\b(Note|Success|Bug|Quote|Info|Tip|Example)$", text.strip()), text


def test_a_continuing_table_keeps_every_row_with_its_header_and_balanced_slides() -> None:
    md = "# Theme Configuration\n\n## Theme Variables\n\n" + MERMAID_THEME_TABLE
    deck = generate_from_markdown(md, None)
    slides = content(deck)
    assert MAX_SLIDES < len(slides) <= RUN_SLIDES
    names = [line.split("|")[1].strip() for line in MERMAID_THEME_TABLE.splitlines()[2:]]
    rows = []
    for page, slide in slides:
        lines = slide_text(slide).split("\n")
        assert lines[1:4] == ["Variable", "Default value", "Description"]  # header repeated
        (table,) = [b for b in page.blocks if b.type == "table"]
        rows.append(len(table.rows))
        assert all(plain(r[0]) in "\n".join(lines) for r in table.rows)
        assert "errorTextColor" not in (page.notes or "")
    assert sum(rows) == len(names) == 21
    assert max(rows) - min(rows) <= 2, rows


def test_a_long_list_still_moves_its_rest_to_the_notes() -> None:
    deck = generate_from_markdown(
        "# Announcing Rust 1.80.0\n\n## What's in 1.80.0 stable\n\n" + RUST_APIS_OTHER, None
    )
    slides = content(deck)
    assert len(slides) == MAX_SLIDES
    assert "NonNull::swap" in (slides[0][0].notes or "")


# -- a part the title names is on the slide ---------------------------------------------------


def test_a_part_named_in_the_title_is_on_the_slide() -> None:
    slides = texts("# Announcing Rust 1.80.0\n\n## What's in 1.80.0 stable\n\n" + RUST_APIS_OTHER)
    assert all(title == "Stabilized APIs · Other changes" for title, _ in slides)
    shown = [t for _, t in slides if "Check out everything that changed in" in t]
    assert len(shown) == 1 and "Other changes" in shown[0]


# -- a code block cut at its top-level boundaries ---------------------------------------------


def test_a_config_object_is_not_cut_mid_object_to_even_out_slides() -> None:
    slides = texts("# Math\n\n" + MATHJAX_CONFIG)
    holding = [t for _, t in slides if "window.MathJax = {" in t]
    assert len(holding) == 1
    assert "processHtmlClass" in holding[0] and "processEscapes" in holding[0]


def piece(group: int, top: float, height: float, soft: bool = False) -> Piece:
    p = Piece(Block("code", text="x"), group, top, top + height)
    p.soft = soft
    return p


def test_evening_out_never_takes_a_soft_cut_the_fewest_slides_do_not() -> None:
    # 120 | object (180 soft 160) | 170: greedy cuts at the object's ends, evening out would
    # cut inside the object
    pieces = [piece(0, 0, 120), piece(1, 120, 180, True), piece(1, 300, 160), piece(2, 460, 170)]
    chunks = pack(pieces, 520.0)
    ends = [c[-1] for c in chunks[:-1]]
    assert not any(p.soft for p in ends), [[(p.group, p.soft) for p in c] for c in chunks]
