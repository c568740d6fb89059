"""Nothing moved to the notes leaves a hole on the slides: a lead-in stays with what it
introduces, a continuing table or run of same-shaped blocks continues on slides, a part the
title names is shown, a code block is cut at its own top-level boundaries."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from generator.api import generate_from_markdown
from generator.codesplit import Run, regroup
from generator.keep import RUN_SLIDES
from generator.model import Block, Span, plain
from generator.outline import parse_outline
from generator.pack import capped, pack
from generator.pieces import Piece
from generator.summary import MAX_SLIDES, summary_blocks
from generator.together import introduces
from tests.generator.fragments import MERMAID_THEME_TABLE
from tests.generator.fragments_holes import (
    ADMONITION_ICON_SETS,
    ADMONITION_TYPES,
    MATHJAX_CONFIG,
    MEETING_FCP,
    NESTED_ADMONITIONS,
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


@pytest.mark.usefixtures("no_galleries")
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


@pytest.mark.usefixtures("whole_link_lists")
def test_a_long_list_of_names_fits_the_capped_slides_in_columns(
    medium_budget: Callable[[int], None],
) -> None:
    medium_budget(MAX_SLIDES)  # over budget whole: the page capped
    deck = generate_from_markdown(
        "# Announcing Rust 1.80.0\n\n## What's in 1.80.0 stable\n\n" + RUST_APIS_OTHER, None
    )
    slides = content(deck)
    assert len(slides) == MAX_SLIDES  # in two columns (generator.listcols): nothing to the notes
    assert "NonNull::swap" not in (slides[0][0].notes or "")
    assert any("NonNull::swap" in slide_text(x) for _, x in slides)


# -- a part the title names is on the slide ---------------------------------------------------


@pytest.mark.usefixtures("whole_link_lists")
def test_a_part_named_in_the_title_is_on_the_slide() -> None:
    slides = texts("# Announcing Rust 1.80.0\n\n## What's in 1.80.0 stable\n\n" + RUST_APIS_OTHER)
    shown = [t for _, t in slides if "Check out everything that changed in" in t]
    assert len(shown) == 1 and "Other changes" in shown[0]
    # the second part does not start on the first's continuation slide: it has its own
    titles = [title for title, _ in slides]
    assert titles[-1] == "Other changes" and "Check out everything" in slides[-1][1]
    assert titles[:-1] == ["Stabilized APIs"] * (len(titles) - 1) and len(titles) > 2, titles


# -- a code block cut at its top-level boundaries ---------------------------------------------


def test_a_config_object_is_not_cut_mid_object_to_even_out_slides() -> None:
    """At 14 pt the object and its lead-in take more than a slide: it is cut between its
    members (`tex`, `options`), each whole, the second under its label marked as continued."""
    slides = texts("# Math\n\n" + MATHJAX_CONFIG)
    holding = [t for _, t in slides if "window.MathJax = {" in t]
    assert len(holding) == 1
    assert "processEscapes" in holding[0] and "processEnvironments" in holding[0]
    rest = [t for _, t in slides if "processHtmlClass" in t]
    assert len(rest) == 1 and "ignoreHtmlClass" in rest[0]
    assert "docs/javascripts/mathjax.js (continued)" in rest[0]


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


# -- code in a callout keeps its lines -----------------------------------------------------------


def test_code_in_an_admonition_is_a_code_block_with_its_lines() -> None:
    o = parse_outline("# Admonitions\n\n## Admonition icons\n\n" + ADMONITION_ICON_SETS)
    blocks = [b for c in o.chapters for p in c.pages for b in p.blocks]
    assert [b.type for b in blocks] == ["quote", "code", "quote", "code"]
    first, tab = blocks[0], blocks[2]
    assert [plain(p) for p in first.paragraphs] == [
        "Expand to show alternate icon sets",
        "Octicons",
    ]
    assert [plain(p) for p in tab.paragraphs] == ["FontAwesome"]
    assert blocks[1].language == "yaml"
    assert blocks[1].text.startswith(
        "theme:\n  icon:\n    admonition:\n      note: octicons/tag-16"
    )


def test_a_callout_ending_with_its_tab_name_introduces_the_code_after_it() -> None:
    label = Block("quote", paragraphs=[[Span("Octicons", bold=True)]])
    text = Block("quote", paragraphs=[[Span("A remark that ends here.")]])
    code = Block("code", text="theme:\n  icon: x")
    assert introduces(label, code) and not introduces(text, code)


def test_a_nested_map_is_cut_among_its_entries_not_only_after_its_opening_keys() -> None:
    yaml = ADMONITION_ICON_SETS.split("```")[1].split("\n")[1:-1]
    lines = [line[8:] for line in yaml]  # the tab's own indentation off
    runs = [Run(i, i + 1, i * 17.0, (i + 1) * 17.0) for i in range(len(lines))]
    parts = regroup(lines, runs, 14 * 17.0)
    assert any(3 < p.first < len(lines) - 3 for p in parts), parts


def test_a_code_block_cut_by_the_cap_keeps_its_end_when_the_kept_slides_hold_it() -> None:
    first = piece(0, 0, 400)
    intro = piece(1, 400, 100)
    intro.keep_next = True
    code = [piece(2, 500 + k * 40, 40) for k in range(10)]
    after = piece(3, 900, 300)
    chunks = [[first], [intro, *code[:7]], [*code[7:], after]]
    kept, rest = capped(chunks, 2, 520.0)
    assert [[p.group for p in c] for c in kept] == [[0], [1] + [2] * 10]
    assert rest == [after]


# -- nested admonitions drawn nested; task boxes kept in quotes ----------------------------------


def test_an_admonition_inside_an_admonition_is_drawn_inside_it_on_the_same_slide() -> None:
    md = "# Admonitions\n\n## Usage\n\n" + NESTED_ADMONITIONS
    o = parse_outline(md)
    blocks = [b for c in o.chapters for p in c.pages for b in p.blocks]
    quotes = [b for b in blocks if b.type == "quote"]
    assert [plain(q.paragraphs[0]) for q in quotes] == ["Outer Note", "Inner Note"]
    assert [q.kind for q in quotes] == ["picture", "nested"]
    assert Block.from_dict(quotes[1].to_dict()).kind == "nested"  # kept by the document
    deck = generate_from_markdown(md, None)
    pages = [p for p, _ in content(deck) if any(b.kind == "nested" for b in p.blocks)]
    assert len(pages) == 1
    assert [b.kind for b in pages[0].blocks if b.type == "quote"] == ["picture", "nested"]
    assert not any("Lorem" in (p.notes or "") for p, _ in content(deck))
    html = next(h for h in deck.pages_html if 'class="df-quote df-quote-outer"' in h)
    assert re.search(
        r'class="df-quote df-quote-outer"[^>]*><blockquote class="df-quote"[^>]*><p><strong>Inner',
        html,
    )


def test_a_quoted_task_list_keeps_its_boxes() -> None:
    slides = texts("# T-lang meeting agenda\n\n" + MEETING_FCP)
    shown = next(t for _, t in slides if "tagged team members:" in t)
    assert "☐ @cramertj" in shown and "☑ @pnkfelix" in shown
