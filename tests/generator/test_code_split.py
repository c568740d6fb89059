"""Code blocks taller than a slide are cut at the code's own boundaries (generator.codesplit):
blank lines, the outermost nesting level, after a closing line; never a part of a line or two;
MkDocs code annotations stay with their list. Fragments from samples/markdown (mermaid-theming,
mkdocs-math)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from generator.api import generate_from_markdown
from generator.codesplit import MIN_LINES, Run, has_annotations, regroup
from generator.model import Block, ListItem, Span, plain
from generator.pack import pack
from generator.pieces import Piece
from generator.together import keep_introductions
from tests.generator.fragments import CHATGLM_CODE

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
LINE = 17.0


def section(path: str, heading: str, lines: int) -> str:
    src = (CORPUS / path).read_text("utf-8").split("\n")
    start = next(k for k, line in enumerate(src) if line.startswith(heading))
    return "\n".join(src[start : start + lines])


def mermaid_example() -> list[str]:
    """The 25-line frontmatter + flowchart example of mermaid-theming (its ```mermaid-example)."""
    src = (CORPUS / "mermaid-theming" / "theming.md").read_text("utf-8").split("\n")
    start = src.index("Example of modifying `themeVariables` using frontmatter config:") + 3
    end = src.index("```", start)
    return src[start:end]


MATHJAX = [
    "window.MathJax = {",
    "  tex: {",
    '    inlineMath: [["\\\\(", "\\\\)"]],',
    '    displayMath: [["\\\\[", "\\\\]"]],',
    "    processEscapes: true,",
    "    processEnvironments: true",
    "  },",
    "  options: {",
    '    ignoreHtmlClass: ".*|",',
    '    processHtmlClass: "arithmatex"',
    "  }",
    "};",
    "",
    "document$.subscribe(() => { // (1)!",
    "  MathJax.startup.output.clearCache()",
    "  MathJax.typesetClear()",
    "  MathJax.texReset()",
    "  MathJax.typesetPromise()",
    "})",
]


def parts(lines: list[str], room_lines: float, soft: bool = False) -> list[list[str]]:
    """The parts of a code block (joined across soft cuts unless `soft`)."""
    runs = [Run(i, i + 1, i * LINE, (i + 1) * LINE) for i in range(len(lines))]
    out: list[list[str]] = []
    glued = False
    for r in regroup(lines, runs, room_lines * LINE):
        if glued and not soft:
            out[-1] = out[-1] + lines[r.first : r.end]
        else:
            out.append(lines[r.first : r.end])
        glued = r.soft
    return out


def test_a_front_matter_and_its_diagram_part_at_the_closing_fence() -> None:
    lines = mermaid_example()
    assert len(lines) == 25
    cut = parts(lines, 16)
    assert [p[0] for p in cut] == ["---", "        graph TD"]
    assert cut[0][-1] == "---"  # the closing fence stays with the front matter


def test_a_script_parts_between_statements_then_between_members() -> None:
    assert [p[0] for p in parts(MATHJAX, 15)] == [
        "window.MathJax = {",
        "document$.subscribe(() => { // (1)!",
    ]
    # an object taller than the room: cut between its members, never inside one
    firsts = [p[0] for p in parts(MATHJAX, 9)]
    assert firsts == ["window.MathJax = {", "  options: {", "document$.subscribe(() => { // (1)!"]
    assert parts(MATHJAX, 30) == [MATHJAX]


def packed(lines: list[str], room_lines: float) -> list[list[str]]:
    """The lines each slide gets: the parts packed as the planner packs pieces."""
    runs = [Run(i, i + 1, i * LINE, (i + 1) * LINE) for i in range(len(lines))]
    block = Block("code", text="\n".join(lines))
    pieces = [
        Piece(block, 0, r.top, r.bottom, keep_next=False)
        for r in regroup(lines, runs, room_lines * LINE)
    ]
    spans = [range(r.first, r.end) for r in regroup(lines, runs, room_lines * LINE)]
    by_top = {p.top: s for p, s in zip(pieces, spans, strict=True)}
    return [
        [lines[i] for p in chunk for i in by_top[p.top]]
        for chunk in pack(pieces, room_lines * LINE / 0.98 + 4)
    ]


def test_no_slide_with_a_line_or_two() -> None:
    lines = ["a = 1", "", "def f():", "    return 1", "", "b = 2", "c = 3", "d = 4", "e = 5"]
    slides = packed(lines, 6)
    assert len(slides) == 2 and sum(len(s) for s in slides) == len(lines)
    assert all(sum(1 for x in s if x.strip()) >= MIN_LINES for s in slides), slides
    # nothing but lines at one level: cut between lines, no slide of a line or two
    flat = [f"x{i} = {i}" for i in range(10)]
    slides = packed(flat, 4)
    assert len(slides) == 3 and all(len(s) >= MIN_LINES for s in slides), slides
    flat = [f"x{i} = {i}" for i in range(7)]
    assert sorted(len(s) for s in packed(flat, 6)) == [3, 4]  # not 6 + 1


def test_annotations_are_found() -> None:
    assert has_annotations("document$.subscribe(() => { // (1)!")
    assert has_annotations("theme:\n  features: # (1)\n")
    assert not has_annotations("f(1)\nx = (2)")


def code_parts(blocks: list[Block]) -> list[Block]:
    return [b for b in blocks if b.type == "code"]


def test_the_mermaid_theming_example_is_not_split_mid_block() -> None:
    md = "# Theme Configuration\n\n" + section(
        "mermaid-theming/theming.md", "## Customizing Themes with", 60
    )
    deck = generate_from_markdown(md, "corporate")
    shown = [
        (p, b) for p in deck.pages for b in code_parts(p.blocks) if b.language == "mermaid-example"
    ]
    assert len(shown) >= 2  # the example is taller than a slide: it is cut
    for _, block in shown:
        assert sum(1 for x in block.text.split("\n") if x.strip()) >= MIN_LINES, block.text
    # the one-row table before it reads as one sentence (generator.onerow): the slide it
    # leaves half empty takes the front matter's first lines, cut at its nesting level
    assert [b.text.split("\n")[0] for _, b in shown] == [
        "---",
        "  themeVariables:",
        "        graph TD",
    ]


def test_mkdocs_annotations_stay_with_their_code() -> None:
    md = "# Math\n\n## Configuration\n\n" + section("mkdocs-math/math.md", "### MathJax", 50)
    deck = generate_from_markdown(md, "corporate")
    pages = [p for p in deck.pages if any("MathJax" in b.text for b in code_parts(p.blocks))]
    assert pages
    annotated = [p for p in pages if any("\u2460" in b.text for b in code_parts(p.blocks))]
    assert len(annotated) == 1
    lists = [b for b in annotated[0].blocks if b.type == "list" and b.ordered]
    assert lists and "This integrates MathJax" in plain(lists[0].items[0].spans)
    firsts = [b.text.split("\n")[0] for p in pages for b in code_parts(p.blocks)]
    # cut between statements, or between the object's members (a soft cut: the introduction
    # alone would leave the first slide nearly empty), never inside a member
    allowed = ("window.MathJax", "  options: {", "document$", "markdown_extensions")
    assert all(f.startswith(allowed) for f in firsts), firsts
    shown = [b.text for p in deck.pages for b in code_parts(p.blocks)]
    assert any("mathjax.js" in t and t.startswith("markdown_extensions") for t in shown)


def test_annotated_code_is_kept_with_its_list_by_the_packer() -> None:
    para = Block("paragraph", [Span("Code annotations explain a part of the code. " * 5)])
    code = Block(
        "code", text="theme:\n  features:\n    - content.code.annotate # (1)", language="yaml"
    )
    notes = Block("list", ordered=True, items=[ListItem([Span("Turns annotations on.")])])
    plain_code = replace(code, text="theme:\n  features:\n    - content.code.annotate")
    for block, kept in ((code, True), (plain_code, False)):
        blocks = [para, block, notes]
        pieces = keep_introductions(
            [
                Piece(b, i, top, top + h)
                for i, (b, top, h) in enumerate(
                    zip(blocks, (0, 100, 160), (100, 60, 250), strict=True)
                )
            ],
            blocks,
        )
        slides = pack(pieces, 380.0)
        together = any(
            block in [p.block for p in s] and notes in [p.block for p in s] for s in slides
        )
        assert together is kept, slides


def test_a_closing_fence_is_never_a_part_of_its_own() -> None:
    # mkdocs-admonitions: a content tab's example shown as code, its fence closing it
    src = (CORPUS / "mkdocs-admonitions" / "admonitions.md").read_text("utf-8").split("\n")
    start = next(k for k, x in enumerate(src) if x.startswith('    === ":fontawesome-brands'))
    lines = [x[4:] for x in src[start : start + 19]]
    assert lines[-1] == "    ```"
    for room in (8, 12, 16, 18):
        slides = packed(lines, room)
        assert all(sum(1 for x in p if x.strip()) >= MIN_LINES for p in slides), (room, slides)
        assert sum(len(p) for p in slides) == len(lines)


def test_a_short_last_part_takes_lines_of_the_part_before() -> None:
    body = [f"    step_{i}()" for i in range(12)]
    lines = ["def main():", *body, "", "main()"]
    cut = parts(lines, 14)  # the function fills the room: `main()` cannot join it
    assert len(cut) == 2 and cut[0][0] == "def main():"
    assert sum(1 for x in cut[1] if x.strip()) == MIN_LINES and cut[1][-1] == "main()"


def test_soft_cuts_one_level_deeper_only_when_a_slide_would_be_half_empty() -> None:
    cut = parts(MATHJAX, 16, soft=True)
    assert [p[0] for p in cut] == [
        "window.MathJax = {",
        "  options: {",
        "document$.subscribe(() => { // (1)!",
    ]
    runs = [Run(i, i + 1, i * LINE, (i + 1) * LINE) for i in range(len(MATHJAX))]
    code = Block("code", text="\n".join(MATHJAX))
    for intro_lines, next_slide_starts in ((3, "document$.subscribe(() => { // (1)!"), (9, "")):
        top = intro_lines * LINE
        intro = Piece(Block("paragraph", [Span("x")]), 0, 0.0, top)
        pieces = [intro] + [
            Piece(code, 1, top + r.top, top + r.bottom, soft=r.soft)
            for r in regroup(MATHJAX, runs, 16 * LINE)
        ]
        slides = pack(pieces, 16 * LINE / 0.98 + 4)
        last = slides[0][-1]
        if next_slide_starts:  # a short introduction: the whole object joins it (evening
            # the slides out never cuts the object at a member, one level deeper)
            after = slides[1][0]  # the next slide starts with the statement after it
            assert last.block is code and not last.soft
            assert after.top == top + MATHJAX.index(next_slide_starts) * LINE
        else:  # a longer one fills half the slide: the object starts the next slide whole
            assert last is intro


def test_a_line_that_goes_on_is_not_cut_from_the_next() -> None:
    # mkdocs-admonitions: docs/stylesheets/extra.css, selector lists over two lines
    css = [
        ":root {",
        "  --md-admonition-icon--pied-piper: url('data:image/svg+xml;charset=utf-8,<svg/>')",
        "}",
        ".md-typeset .admonition.pied-piper,",
        ".md-typeset details.pied-piper {",
        "  border-color: rgb(43, 155, 70);",
        "}",
        ".md-typeset .pied-piper > .admonition-title,",
        ".md-typeset .pied-piper > summary {",
        "  background-color: rgba(43, 155, 70, 0.1);",
        "}",
    ]
    for room in (4, 6, 8):
        for part in parts(css, room, soft=True)[1:]:
            assert part[0].startswith(
                (".md-typeset .admonition.pied", ".md-typeset .pied-piper > .adm")
            ), part


def test_a_console_transcript_parts_before_a_prompt_after_output() -> None:
    """What a command printed stays with the commands typed before it: the model's answer
    never opens a part of its own, nor is a command cut from the one after it."""
    lines = CHATGLM_CODE.split("\n")[1:-2]  # inside the fence
    assert lines[0].startswith(">>> from transformers") and lines[-1].startswith("如果")
    assert parts(lines, 12) == [lines[:7], lines[7:]]  # the two exchanges
    assert lines[6].startswith("你好") and lines[7].startswith(">>> response, history")
    # an exchange taller than the room is cut between its lines, its commands kept together
    tall = parts(lines, 10)
    assert tall[0] == lines[:7] and tall[1][:2] == lines[7:9]
    # a script of prompts alone (no output) is no transcript: cut as any code
    typed = [line for line in lines if line.startswith(">>> ")]
    assert len(parts(typed, 4)) > 1


def test_a_transcript_of_one_exchange_parts_its_output_at_its_own_boundaries() -> None:
    """One exchange (commands, then what they printed) is cut as any code: a JSON object
    printed whole, never cut after its opening lines."""
    lines = [
        ">>> data = {'integer': 123, 'boolean': True, 'list': ['a', 'b', 'c']}",
        '>>> r = httpx.post("https://httpbin.org/post", json=data)',
        ">>> print(r.text)",
        "{",
        "  ...",
        '  "json": {',
        '    "boolean": true,',
        '    "integer": 123,',
        '    "list": [',
        '      "a",',
        '      "b",',
        '      "c"',
        "    ]",
        "  },",
        "  ...",
        "}",
    ]
    cut = parts(lines, 14)
    assert [p[0] for p in cut] == [lines[0], "{"] and cut[-1][-1] == "}"
