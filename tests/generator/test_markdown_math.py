"""Math of Markdown documents: display formulas drawn (SVG pictures, alt text = the TeX) in the
template's text colour, inline formulas as readable text, refused formulas shown as their TeX
and listed, caps per document. Fragments from samples/markdown (mkdocs-math, slidev-starter)."""

from __future__ import annotations

import base64
import html
import re
from typing import Any

from test_markdown_images import pictures

from generator.api import generate_from_markdown
from generator.markup.fences import MATH_NOTES
from generator.markup.math import MAX_PICTURES, MAX_TEX
from generator.model import Block, Outline, plain
from generator.outline import parse_outline
from generator.templates import get_template

COSINE = r"\cos x=\sum_{k=0}^{\infty}\frac{(-1)^k}{(2k)!}x^{2k}"
# samples/markdown/mkdocs-math/math.md, "Using block syntax" and "Using inline block syntax"
MKDOCS = (
    "# Math\n\n### Using block syntax\n\nBlocks must be enclosed in `$$...$$` on separate "
    f"lines:\n\n$$\n{COSINE}\n$$\n\n### Using inline block syntax\n\n"
    "The homomorphism $f$ is injective if and only if its kernel is only the\n"
    "singleton set $e_G$, because otherwise $\\exists a,b\\in G$ with $a\\neq b$ such\n"
    "that $f(a)=f(b)$.\n"
)
MAXWELL = (
    "\\begin{aligned}\n"
    "\\nabla \\cdot \\vec{E} &= \\frac{\\rho}{\\varepsilon_0} \\\\\n"
    "\\nabla \\cdot \\vec{B} &= 0\n"
    "\\end{aligned}"
)
# samples/markdown/slidev-starter/slides.md, the `# $\LaTeX$` slide
SLIDEV = (
    "---\ntheme: seriph\n---\n\n# Welcome\n\nHello\n\n---\n\n# $\\LaTeX$\n\n"
    "$\\LaTeX$ is supported out-of-box. Powered by [$\\KaTeX$](https://katex.org/).\n\n"
    "Inline $\\sqrt{3x-1}+(1+x)^2$\n\n"
    f"Block\n$$ {{1|3|all}}\n{MAXWELL}\n$$\n\n[Learn more](https://sli.dev/features/latex)\n"
)


def blocks(outline: Outline) -> list[Block]:
    return list(outline.blocks())


def formulas(outline: Outline) -> list[Block]:
    return [b for b in blocks(outline) if b.type == "image" and b.kind == "formula"]


def svg_of(src: str) -> str:
    head, _, data = src.partition(",")
    assert head == "data:image/svg+xml;base64"
    return base64.b64decode(data).decode("utf-8")


def math_notes(outline: Outline) -> list[dict[str, str]]:
    return [d for d in outline.diagnostics if d["kind"] == "math"]


def test_display_math_is_a_drawn_picture_with_its_tex_as_alt_text() -> None:
    o = parse_outline(MKDOCS)
    (f,) = formulas(o)
    assert f.alt == COSINE
    svg = svg_of(f.src)
    assert svg.startswith("<svg") and "<path" in svg  # glyphs drawn as paths, no font needed
    assert 'fill="currentColor"' in svg and 'fill="black"' not in svg
    assert 150 < f.width < 400 and 40 < f.height < 120  # px at a 24 px font
    assert not [b for b in blocks(o) if b.type == "code"]  # no TeX source shown
    assert not math_notes(o)

    deck = generate_from_markdown(MKDOCS, "corporate")
    page = next(h for h in deck.pages_html if "df-figure df-formula" in h)
    img = re.search(r'<figure class="df-figure df-formula"><img src="([^"]+)" alt="([^"]+)"', page)
    assert img is not None and html.unescape(img.group(2)) == COSINE
    text = get_template("corporate").manifest["colors"]["text"]
    drawn = svg_of(img.group(1))
    assert f'fill="{text}"' in drawn and "currentColor" not in drawn  # the template's ink
    descr = [p for p in pictures(deck.pptx_bytes) if "cos x" in html.unescape(p)]
    assert len(descr) == 1  # a picture in the deck, its description the TeX
    assert not any("\\cos" in str(run) for run in _runs(deck.slides))  # never as text


def _runs(slides: Any) -> list[str]:
    out: list[str] = []

    def walk(shapes: list[dict[str, Any]]) -> None:
        for s in shapes:
            for para in (s.get("text") or {}).get("paragraphs", []):
                out.extend(str(r.get("text", "")) for r in para.get("runs", []))
            walk(s.get("children", []))

    for slide in slides:
        walk(slide.get("shapes", []))
    return out


def test_inline_math_is_readable_text() -> None:
    o = parse_outline(MKDOCS)
    (para,) = [b for b in blocks(o) if b.type == "paragraph" and "homomorphism" in plain(b.spans)]
    text = plain(para.spans)
    assert "∃a,b ∈ G" in text and "a ≠ b" in text and "f(a) = f(b)" in text
    assert "$" not in text and "\\" not in text
    sub = [s.text for s in para.spans if s.sub]
    assert sub == ["G"]  # e_G
    assert all(not s.code for s in para.spans)
    assert [s.text for s in para.spans if s.italic][:1] == ["f"]  # a variable in italic


def test_slidev_latex_slide_title_text_and_block() -> None:
    o = parse_outline(SLIDEV)
    titles = [p.title for c in o.chapters for p in c.pages]
    assert "LaTeX" in titles and not any("\\" in t for t in titles)
    texts = [plain(b.spans) for b in blocks(o) if b.type == "paragraph"]
    assert "LaTeX is supported out-of-box. Powered by KaTeX." in texts
    inline = next(b for b in blocks(o) if b.type == "paragraph" and "Inline" in plain(b.spans))
    assert plain(inline.spans) == "Inline √(3x−1)+(1+x)2"
    assert [s.text for s in inline.spans if s.sup] == ["2"]
    (f,) = formulas(o)
    assert f.alt == MAXWELL  # Slidev's `{1|3|all}` highlight ranges are not part of it
    assert "Block" in texts
    assert not math_notes(o)


def test_brackets_and_math_fences_are_math() -> None:
    md = (
        "# T\n\n### P\n\nInline \\(a^2+b^2\\) here.\n\n\\[\nx = \\frac{1}{2}\n\\]\n\n"
        "```math\nE = mc^2\n```\n\n```latex\n\\documentclass{article}\n```\n"
    )
    o = parse_outline(md)
    assert [f.alt for f in formulas(o)] == ["x = \\frac{1}{2}", "E = mc^2"]
    para = next(b for b in blocks(o) if b.type == "paragraph")
    assert plain(para.spans) == "Inline a2+b2 here."
    assert [s.text for s in para.spans if s.sup] == ["2", "2"]
    (code,) = [b for b in blocks(o) if b.type == "code"]  # a LaTeX listing stays code
    assert code.language == "latex" and "documentclass" in code.text


def test_refused_formulas_keep_their_source_and_are_listed() -> None:
    md = (
        "# T\n\n### P\n\n$$\n\\frac{1}{\n$$\n\n$$\n\\foo{x}\n$$\n\n"
        "Inline $\\begin{matrix}1&2\\end{matrix}$ and $x^{y^z}$.\n"
    )
    o = parse_outline(md)
    assert not formulas(o)
    codes = [b.text for b in blocks(o) if b.type == "code"]
    assert codes == ["\\frac{1}{", "\\foo{x}"]
    para = next(b for b in blocks(o) if b.type == "paragraph")
    assert [s.text for s in para.spans if s.code] == ["\\begin{matrix}1&2\\end{matrix}", "x^{y^z}"]
    listed = {d["text"] for d in math_notes(o)}
    assert {"\\frac{1}{", "\\foo{x}"} <= listed or len(math_notes(o)) >= 3
    why = " ".join(d["message"] for d in math_notes(o))
    assert "unknown TeX command \\foo" in why and "TeX not understood" in why


def test_formulas_are_capped_per_document() -> None:
    n = MAX_PICTURES + 40
    md = "# T\n\n### P\n\n" + "".join(f"$$\nx_{{{i}}}\n$$\n\n" for i in range(n))
    md += "$$\n" + "x+" * (MAX_TEX // 2) + "x\n$$\n"
    o = parse_outline(md)
    assert len(formulas(o)) == MAX_PICTURES
    shown = [b.text for b in blocks(o) if b.type == "code"]
    assert len(shown) == n - MAX_PICTURES + 1  # the rest, and the huge one, as their source
    messages = " ".join(d["message"] for d in math_notes(o))
    assert f"over {MAX_PICTURES} formulas" in messages
    assert f"over {MAX_TEX} characters" in messages
    assert len(math_notes(o)) <= MATH_NOTES + 1


def test_document_without_math_does_not_load_the_xml_reader() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from generator.api import generate_from_markdown as g; "
        "g('# Notes\\n\\n## Plan\\n\\n### Today\\n\\n- one\\n- two, costs $5 and $6'); "
        "assert 'defusedxml' not in sys.modules; "
        f"g({MKDOCS!r}); assert 'defusedxml' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
