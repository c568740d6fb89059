"""Fenced blocks read into outline blocks: code (highlighted later), Mermaid and PlantUML
diagrams and display math drawn as pictures with their source as alt text, Slidev's magic-move steps."""

from __future__ import annotations

import re

from markdown_it.tree import SyntaxTreeNode

from generator.lazyre import lazy_compile
from generator.markup.events import Context
from generator.markup.grammar import BLOCKS
from generator.markup.math import Refused, source
from generator.markup.mermaid import NotDrawn
from generator.model import Block

MAX_ALT = 200  # characters of a refused formula's or diagram's source in the report
PICTURE_ALT = 1000  # a picture's alt text kept whole up to this (its caption, its notes)
MATH_NOTES = 50  # formulas shown as their source listed one by one in a document's report
DIAGRAMS = {
    "mermaid": "Mermaid diagram",
    "plantuml": "PlantUML diagram",
    "puml": "PlantUML diagram",
    "dot": "Graphviz diagram",
    "graphviz": "Graphviz diagram",
}
# MkDocs Material code annotations at a line's end: `# (1)` keeps its comment and shows a
# numbered marker; `# (1)!` shows the marker alone (the comment is stripped)
ANNOTATION_MARK = lazy_compile(
    r"(?P<comment>#|//|/\*|--|<!--|;)[ \t]*\((?P<n>\d+)\)(?P<bang>!)?"
    r"(?P<close>[ \t]*(?:\*/|-->))?[ \t]*$",
    re.MULTILINE,
)
CIRCLED = 20  # ① .. ⑳; a higher number keeps its parentheses


def annotation_markers(code: str) -> str:
    """A code block's MkDocs annotation markers as circled numbers (the numbered list after
    the block explains them)."""

    def marker(m: re.Match[str]) -> str:
        n = int(m.group("n"))
        number = chr(0x245F + n) if 1 <= n <= CIRCLED else f"({n})"
        if m.group("bang"):
            return number
        return f"{m.group('comment')} {number}{m.group('close') or ''}"

    return ANNOTATION_MARK.sub(marker, code) if "(" in code else code


def fence_language(info: str) -> str:
    """A fence's language: its info string's first word, without Slidev/Pandoc attributes
    (`ts {*|1-2}`, `{.python}`, `ts [file.ts]`: line ranges and file names are not content;
    HackMD's line numbers `rust=` / `rust=101` too)."""
    word = info.split()[0].strip("{}.") if info.split() else ""
    return word.split("{")[0].split("[")[0].split("=")[0][:20]


class FenceReader:
    """The fenced-block readers of generator.markup.tokens.Converter."""

    ctx: Context
    previous_code: str | None  # the code block read just before, if any

    def formula(self, tex: str) -> list[Block]:
        """Display math: a drawn formula (alt text = its TeX), or its source when refused."""
        tex = source(tex)
        if not tex:
            return []
        drawn = self.ctx.formulas.picture(tex)
        if isinstance(drawn, Refused):
            self._math(tex, drawn)
            return [Block("code", text=tex, language="latex")]
        return [_drawn(drawn.src, tex, drawn.width, drawn.height, "formula")]

    def _math(self, tex: str, refused: Refused) -> None:
        """A formula shown as its TeX source, listed (the first MATH_NOTES, then a count)."""
        self.ctx.math_notes += 1
        if self.ctx.math_notes <= MATH_NOTES:
            self.ctx.note("math", refused.why, tex[:MAX_ALT])
        elif self.ctx.math_notes == MATH_NOTES + 1:
            self.ctx.note("math", f"more than {MATH_NOTES} formulas shown as source: not listed")

    def code(self, node: SyntaxTreeNode) -> list[Block]:
        code = node.content.rstrip("\n")
        lang = fence_language(node.info if node.type == "fence" else "")
        if lang.lower() == "md" and "magic-move" in (node.info or "").split():
            return self.magic_move(code)
        previous, self.previous_code = self.previous_code, code.strip()
        diagram = DIAGRAMS.get(lang.lower())
        if lang.lower() == "mermaid" and code.strip():
            drawn = self.mermaid(code, (node.info or "").strip()[len(lang) :])
            if drawn:  # drawn: a code block of the same source just above is dropped (events)
                return drawn
        elif diagram == "PlantUML diagram" and code.strip():
            drawn = self.mermaid(code, language="plantuml")
            if drawn:
                return drawn
        if code.strip() and previous == code.strip():  # a diagram's source shown twice
            name = diagram or "code block"
            self.ctx.note("diagram", f"a {name} repeating the code block above: shown once", code)
            return []
        if diagram and diagram != "PlantUML diagram" and lang.lower() != "mermaid":
            # (Mermaid, PlantUML: why it is not drawn, above)
            self.ctx.note("diagram", f"a {diagram} is shown as its source (no renderer)")
        elif lang.lower() in ("math", "katex"):  # GitLab's and GitHub's math fence: drawn
            return self.formula(code)
        if not code.strip():
            return []
        return [Block("code", text=annotation_markers(code), language=lang)]

    def mermaid(self, code: str, options: str = "", language: str = "mermaid") -> list[Block]:
        """A Mermaid (or PlantUML) diagram drawn as a picture (alt text = its source), or
        nothing when it keeps its source (the reason reported)."""
        drawn = self.ctx.diagrams.picture(code, options, language)
        if isinstance(drawn, NotDrawn):
            self.ctx.note("diagram", drawn.why)
            return []
        if drawn.ignored:
            lines = "\n".join(drawn.ignored)
            what = (
                "PlantUML statements not drawn (styling, notes)"
                if language == "plantuml"
                else "Mermaid styling statements not drawn"
            )
            self.ctx.note("diagram", what, lines[:MAX_ALT])
        return [_drawn(drawn.src, code.strip(), drawn.width, drawn.height, "diagram")]

    def magic_move(self, content: str) -> list[Block]:
        """Slidev's magic move: the code blocks inside are the steps of one animation; the
        slide shows the last step, the earlier steps are listed as left out."""
        steps = [
            n
            for n in SyntaxTreeNode(BLOCKS.parse(content)).children
            if n.type in ("fence", "code_block") and n.content.strip()
        ]
        if not steps:
            return []
        for i, step in enumerate(steps[:-1]):
            self.ctx.note(
                "animation",
                f"step {i + 1} of {len(steps)} of an animated code block (the slide shows the last)",
                step.content.strip(),
            )
        last = steps[-1]
        text = last.content.rstrip("\n")
        return [Block("code", text=text, language=fence_language(last.info or ""))]


def _drawn(src: str, alt: str, width: int, height: int, kind: str) -> Block:
    """A picture drawn from a fence (a formula or a diagram), its source as the alt text."""
    return Block("image", src=src, alt=alt, width=width, height=height, kind=kind)
