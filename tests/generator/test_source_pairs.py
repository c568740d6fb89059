"""A code block followed by the diagram or formula drawn from the same text is a source/result
pair: both stay on the slides, the source whole, beside the drawing (code >= 16 px, the
diagram's labels >= 12 px) or, for a drawing too wide to read beside it, above it or on the
slide before it. Fragments from samples/markdown (mermaid-readme: each example a plain fence,
then the same text as a `mermaid` fence; mkdocs-math: a `latex` fence, then its result), see
fragments.py. A paragraph's closing "Click here to …" sentence leaves for the notes."""

from __future__ import annotations

from fragments import MERMAID_C4, MERMAID_CLASS, MERMAID_GANTT_BARS, MERMAID_GITGRAPH
from test_mermaid import blocks, diagrams, doc, notes

from generator.api import generate_from_markdown
from generator.markup.pairs import PAIR_LINES, drawn_from
from generator.outline import parse_outline
from generator.screenshots import diagram_beside_readable
from generator.shapes import source_pair
from tests.generator.pptx_xml import NS, lines, runs, slides

# mkdocs-material docs/reference/math.md (samples/markdown/mkdocs-math): a formula's source
# in a `latex` fence, then the formula it gives.
MATH_BLOCK = """``` latex title="block syntax"
$$
\\cos x=\\sum_{k=0}^{\\infty}\\frac{(-1)^k}{(2k)!}x^{2k}
$$
```

<div class="result" markdown>

$$
\\cos x=\\sum_{k=0}^{\\infty}\\frac{(-1)^k}{(2k)!}x^{2k}
$$

</div>
"""


def shown_twice(fence: str) -> str:
    """The README's pattern: the diagram's text as a plain code block, then drawn."""
    source = fence.split("```mermaid\n", 1)[1].rsplit("```", 1)[0]
    return f"```\n{source}```\n\n{fence}"


def source_lines(fence: str) -> list[str]:
    return fence.split("```mermaid\n", 1)[1].rsplit("```", 1)[0].strip("\n").split("\n")


def test_a_source_shown_above_its_drawing_stays_whole_with_it() -> None:
    o = parse_outline(doc(shown_twice(MERMAID_CLASS)))
    code = [b for b in blocks(o) if b.type == "code"]
    [drawn] = diagrams(o)
    assert len(code) == 1 and code[0].text.split("\n") == source_lines(MERMAID_CLASS)
    assert drawn_from(code[0], drawn)
    assert not [d for d in o.diagnostics if "drawn once" in d["message"]]


def test_a_source_shown_whole_is_not_repeated_in_the_notes() -> None:
    paired = parse_outline(doc(shown_twice(MERMAID_CLASS)))
    assert "Mermaid diagram source" not in notes(paired)
    alone = parse_outline(doc(MERMAID_CLASS[MERMAID_CLASS.index("```mermaid") :]))
    assert "Mermaid diagram source" in notes(alone)  # a drawing alone keeps its source there


def test_the_source_is_beside_its_drawing_at_readable_sizes() -> None:
    fence = MERMAID_GITGRAPH[MERMAID_GITGRAPH.index("```mermaid") :]
    assert source_pair(blocks(parse_outline(doc(shown_twice(fence)))))
    deck = generate_from_markdown(doc(shown_twice(fence)), "corporate")
    [page] = [h for h in deck.pages_html if "data:image/svg+xml" in h]
    split = page[page.index('class="df-split"') :]
    assert split.index("<pre") < split.index("<figure")  # the code left, the drawing right
    [slide] = [s for s in slides(deck.pptx_bytes) if s.find(".//p:pic", NS) is not None]
    shown = [line.strip() for line in lines(slide)]
    assert all(line.strip() in shown for line in source_lines(fence) if line.strip())
    assert "…" not in " ".join(shown)  # never cut
    code_runs = [r for r in runs(slide) if r.text.strip() and r.text.strip() in fence]
    assert code_runs and min(r.size_px for r in code_runs) >= 16


def test_a_drawing_too_wide_to_read_beside_its_source_goes_below_it() -> None:
    o = parse_outline(doc(shown_twice(MERMAID_GANTT_BARS)))
    [drawn] = diagrams(o)
    assert not diagram_beside_readable(drawn) and not source_pair(blocks(o))
    deck = generate_from_markdown(doc(shown_twice(MERMAID_GANTT_BARS)), "corporate")
    pages = deck.pages_html
    [at] = [i for i, h in enumerate(pages) if "data:image/svg+xml" in h]
    source = [i for i, h in enumerate(pages) if "Issue19062" in h and "<pre" in h]
    assert source and source[0] in (at - 1, at)  # on the drawing's slide or the one before
    assert "section Issue1300" in pages[source[0]] and "more lines" not in pages[source[0]]
    assert 'class="df-split"' not in pages[at]


def test_a_formula_after_its_tex_source_is_a_pair() -> None:
    o = parse_outline(f"# Math\n\n## Using block syntax\n\nBlocks:\n\n{MATH_BLOCK}")
    [code] = [b for b in blocks(o) if b.type == "code"]
    [formula] = [b for b in blocks(o) if b.type == "image" and b.kind == "formula"]
    assert drawn_from(code, formula)
    other = parse_outline("# M\n\n## P\n\n```latex\n$$\nx^2\n$$\n```\n\n$$\ny^2\n$$\n")
    [code] = [b for b in blocks(other) if b.type == "code"]
    [formula] = [b for b in blocks(other) if b.type == "image"]
    assert not drawn_from(code, formula)  # a different formula: no pair


def test_a_source_too_long_for_a_slide_is_drawn_once_and_listed() -> None:
    fence = MERMAID_C4[MERMAID_C4.index("```mermaid") :]  # 32 lines, some of 120 characters
    assert len(source_lines(fence)) > PAIR_LINES
    o = parse_outline(doc(shown_twice(fence)))
    assert not [b for b in blocks(o) if b.type == "code"] and len(diagrams(o)) == 1
    assert any("drawn once" in d["message"] for d in o.diagnostics)


def test_the_readme_gallery_keeps_each_short_source_with_its_drawing() -> None:
    with open("samples/markdown/mermaid-readme/README.md", encoding="utf-8") as fh:
        deck = generate_from_markdown(fh.read(), "corporate")
    pages = deck.pages_html
    drawings = [i for i, h in enumerate(pages) if "data:image/svg+xml" in h]
    assert len(drawings) >= 10
    for i in drawings:  # the C4 diagram's source (32 lines): drawn once, listed
        assert "<pre" in pages[i] + pages[i - 1] or "C4 diagram" in pages[i]
    assert all("more lines" not in h for h in pages)


# The README's Examples lead-in (samples/markdown/mermaid-readme/README.md).
EXAMPLES_LEAD = """## Examples

**The following are some examples of the diagrams, charts and graphs that can be made using Mermaid. Click here to jump into the [text syntax](https://mermaid.js.org/intro/syntax-reference.html).**
"""


def test_a_closing_click_here_sentence_leaves_for_the_notes_with_its_link() -> None:
    o = parse_outline(f"# Mermaid\n\n{EXAMPLES_LEAD}")
    [para] = [b for b in blocks(o) if b.type == "paragraph"]
    assert para.text_length() and "Click here" not in "".join(s.text for s in para.spans)
    assert "".join(s.text for s in para.spans).endswith("made using Mermaid.")
    notes = "\n".join(p.notes for c in o.chapters for p in c.pages)
    assert "Click here to jump into the text syntax." in notes
    assert "https://mermaid.js.org/intro/syntax-reference.html" in notes
    kept = parse_outline("# M\n\n## P\n\nClick here for [docs](https://x.org). Then read on.\n")
    assert "Click here" in "".join(s.text for b in blocks(kept) for s in b.spans)  # not closing
