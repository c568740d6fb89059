"""Code people can read: code blocks at 14 pt or more (on a 960 pt wide slide), prose beside code
not set small to keep one slide, and a long listing of a program's output shown by its first
lines with the rest named and in the notes. Read from the slide XML."""

from __future__ import annotations

import os
import sys
from dataclasses import replace

from generator import generate_from_markdown
from generator.model import Block, plain
from generator.output import is_output, output_head
from tests.generator.fragments import SLIDEV_NAMED
from tests.generator.fragments_code import (
    FD_HELP,
    MKDOCS_INLINE,
    MKDOCS_MATHJAX,
    RICH_STATUS,
    SLIDEV_REF,
)
from tests.generator.pptx_xml import NS, runs, slides

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))

import markdown_corpus as mc  # noqa: E402

CODE_PT = 14.0
PROSE_PT = 15.0  # 20 px on a 1280 px wide slide


def _sizes(pptx: bytes) -> list[tuple[int, str, float, bool]]:
    """(slide, text, pt, code block) of every run of the content slides' bodies (inline code
    left out)."""
    out = []
    for n, slide in enumerate(slides(pptx), 1):
        for sp in slide.iterfind(".//p:sp", NS):
            name = sp.find(".//p:cNvPr", NS)
            shape = name.get("name", "") if name is not None else ""
            if any(part in shape for part in ("title", "foot", "head", "cont")):
                continue
            code = "df-code" in shape
            for r in sp.iterfind(".//a:r", NS):
                rpr = r.find("a:rPr", NS)
                t = r.find("a:t", NS)
                if rpr is None or rpr.get("sz") is None or t is None or not (t.text or "").strip():
                    continue
                latin = rpr.find("a:latin", NS)
                if not code and latin is not None and "Courier" in latin.get("typeface", ""):
                    continue  # inline code takes the size of its text
                out.append((n, t.text or "", int(rpr.get("sz", "0")) / 100, code))
    return out


def test_code_is_set_at_14_pt_or_more() -> None:
    deck = generate_from_markdown("# Rich\n\n## Status\n\n" + RICH_STATUS)
    runs = _sizes(deck.pptx_bytes)
    code = [r for r in runs if r[3]]
    assert any("console.status" in t for _, t, _, _ in code)
    assert min(pt for _, _, pt, _ in code) >= CODE_PT


def test_prose_beside_code_is_not_shrunk_to_keep_one_slide() -> None:
    """The rich README (a dense document, set from 20 px): its summarised pages of prose and
    code continue rather than set their prose at 18 px ("Status": prose, code, prose, code)."""
    deck = generate_from_markdown(mc.sample("rich/README"), filename="rich/README")
    runs = _sizes(deck.pptx_bytes)
    with_code = {n for n, _, _, c in runs if c}
    prose = [pt for n, t, pt, c in runs if n in with_code and not c and len(t) > 20]
    assert len(with_code) > 10 and prose
    assert min(prose) >= PROSE_PT
    assert min(pt for _, _, pt, c in runs if c) >= CODE_PT


def test_long_output_keeps_its_first_lines_the_rest_in_the_notes() -> None:
    deck = generate_from_markdown("# fd\n\n## Usage\n\n" + FD_HELP)
    content = [p for p in deck.pages if p.kind == "content"]
    assert len(content) == 1  # one slide, not the listing continued over two
    code = next(b for b in content[0].blocks if b.type == "code")
    lines = code.text.split("\n")
    assert lines[0].startswith("Usage: fd [OPTIONS]")
    assert lines[-1] == "… 26 more lines"  # counted, not addressed to the presenter
    assert "--ignore-contain" not in code.text
    assert "--ignore-contain <name>" in content[0].notes  # the whole output is in the notes
    moved = [r for r in deck.left_out if r.kind == "notes"]
    assert moved and "Usage: fd" in moved[0].text
    runs = _sizes(deck.pptx_bytes)
    assert any(t.startswith("… 26 more lines") for _, t, _, c in runs if c)
    assert not any("speaker notes" in t for _, t, _, _ in runs)
    assert min(pt for _, _, pt, c in runs if c) >= CODE_PT


def test_output_is_told_from_code() -> None:
    program = Block("code", text="fn main() {\n" + '    println!("x");\n' * 30 + "}", language="")
    assert not is_output(program) and output_head(program) is None
    listing = Block("code", text="\n".join(f"  -x{i}   option {i}" for i in range(30)))
    assert is_output(listing)
    assert output_head(replace(listing, language="rust")) is None  # a language: code
    short = Block("code", text="Usage: tool [OPTIONS]\n\n  -h  help")
    assert is_output(short) and output_head(short) is None  # short output is shown whole


def test_a_labelled_code_block_cut_between_slides_repeats_its_label() -> None:
    deck = generate_from_markdown("# Math\n\n## Configuration\n\n" + MKDOCS_MATHJAX)
    pages = [p for p in deck.pages if p.title == "MathJax"]
    assert len(pages) >= 2
    first, second = pages[0], pages[1]
    assert [b.type for b in first.blocks[-2:]] == ["paragraph", "code"]
    label = second.blocks[0]
    assert label.type == "paragraph"
    assert "".join(s.text for s in label.spans) == "docs/javascripts/mathjax.js (continued)"
    assert second.blocks[1].type == "code"  # the label right above the rest of its code
    whole = first.blocks[-1].text + "\n" + second.blocks[1].text
    assert whole.startswith("window.MathJax = {") and whole.endswith("})")
    assert len([x for x in whole.split("\n") if x.strip()]) == 18  # every line, once
    shown = [" ".join(r.text for r in runs(s)) for s in slides(deck.pptx_bytes)]
    at = next(i for i, t in enumerate(shown) if "ignoreHtmlClass" in t)
    assert "docs/javascripts/mathjax.js" in shown[at] and "(continued)" in shown[at]


def test_a_tab_label_its_example_and_the_source_of_it_share_a_slide() -> None:
    deck = generate_from_markdown(
        "# Admonitions\n\n## Usage\n\n### Collapsible blocks\n\nText.\n\n" + MKDOCS_INLINE
    )
    # each inline box floated beside its source, the page may start on the slide before
    # (a slide holding both pages is named by both: "Collapsible blocks and Inline blocks")
    pages = [p for p in deck.pages if p.title.endswith(("Collapsible blocks", "Inline blocks"))]
    seen = []
    for page in pages:
        kinds = [b.type for b in page.blocks]
        for k, block in enumerate(page.blocks):
            if block.type == "quote":  # the drawn example: its label above, its source after
                label = plain(page.blocks[k - 1].spans) if k and kinds[k - 1] == "paragraph" else ""
                assert label in ("inline end", "inline")
                assert k + 1 < len(kinds) and kinds[k + 1] == "code"
                assert page.blocks[k + 1].text.startswith(f'!!! info {label} "Lorem ipsum"')
                seen.append(label)
    assert seen == ["inline end", "inline"]


def test_a_deck_slide_in_two_columns_keeps_its_code_and_prose_readable() -> None:
    """A Slidev slide of two columns of code and lists, too tall at its size, goes into two
    columns no smaller than a page showing code is set (20 px), its code at 14 pt."""
    deck = generate_from_markdown(SLIDEV_NAMED + SLIDEV_REF, "corporate")
    shown = [i for i, p in enumerate(deck.pages) if p.title == "Ref"]
    assert shown
    runs = [r for r in _sizes(deck.pptx_bytes) if r[0] - 1 in shown]
    assert any("reactive" in t for _, t, _, c in runs if c)
    assert min(pt for _, _, pt, c in runs if c) >= CODE_PT
    assert min(pt for _, t, pt, c in runs if not c and len(t) > 10) >= PROSE_PT
