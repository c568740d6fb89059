"""TeX math -> a drawn formula (display math) or readable text (inline math).

Display math (`$$...$$`, `\\[...\\]`, a ```math fence) is drawn by ziamath: TeX -> MathML
(latex2mathml) -> SVG paths from the STIX Two Math font's glyphs, pure Python, no TeX
installation. The SVG is a picture block (`kind="formula"`, a data: URI, alt text = the TeX) whose
ink is `currentColor`, tinted with the template's text colour when the slide HTML is written
(`tinted`). Its `width`/`height` are px at a SIZE px font; the slide sizes it in em of the body
text (`em_size`), so the formula grows and shrinks with the text around it.

Inline math (`$...$`, `\\(...\\)`) stays text, because a slide's text has no pictures at a
line's baseline: a simple formula (letters, numbers, operators, Greek, sub- and superscripts,
fractions, roots, accents) becomes Unicode text with sub/sup spans; anything else keeps its TeX
as code. `\\LaTeX`, `\\TeX`, `\\KaTeX` are their names.

A formula the renderer refuses (a TeX syntax error, an unknown command) keeps its TeX source as
code and is reported. Each document draws at most MAX_PICTURES formulas of at most MAX_TEX
characters each, within RENDER_BUDGET_S seconds of rendering; the rest keep their source and are
listed (`math` diagnostics), so a document of ten thousand formulas or one huge formula costs a
bounded time.
"""

from __future__ import annotations

import base64
import re
import time
from dataclasses import dataclass, replace
from typing import Any

from generator.lazyre import lazy_compile
from generator.markup.syntax import slidev_ranges
from generator.model import Span, Spans

MAX_TEX = 2000  # characters of one formula drawn (longer: its source is shown)
MAX_PICTURES = 300  # formulas drawn in one document
MAX_INLINE = 5000  # inline formulas turned into text in one document
MAX_SVG = 400_000  # bytes of one formula's SVG
RENDER_BUDGET_S = 20.0  # seconds of drawing for one document (the rest keep their source)
SIZE = 24.0  # px of the font size ziamath draws at; the picture is sized in em of it
INK = "currentColor"

NAMES = {"LaTeX": "LaTeX", "LaTeXe": "LaTeX2ε", "TeX": "TeX", "KaTeX": "KaTeX", "XeTeX": "XeTeX"}
_NAME = lazy_compile(r"\\(LaTeXe|LaTeX|KaTeX|XeTeX|TeX)(?![A-Za-z])")
_MATHML = "{http://www.w3.org/1998/Math/MathML}"
_DRAWN = lazy_compile(r'fill="black"')


@dataclass
class Formula:
    """A drawn formula: an SVG data: URI and its size in px at a SIZE px font."""

    src: str
    width: int
    height: int


@dataclass
class Refused:
    """Why a formula keeps its TeX source."""

    why: str


def source(tex: str) -> str:
    """The formula a document wrote: Slidev's `{1|3|all}` ranges and outer blank lines off."""
    return slidev_ranges(tex).strip()


def names(tex: str) -> str:
    """`\\LaTeX` & co as text inside a formula (latex2mathml spells them as kerned letters)."""
    return _NAME.sub(lambda m: "\\text{" + NAMES[m.group(1)] + "}", tex)


def mathml(tex: str, inline: bool = False) -> Any | Refused:
    """The formula's MathML (ziamath's latex2mathml call) as an element tree, or why not: a
    syntax error, an unknown command (latex2mathml keeps an unknown `\\foo` as an identifier,
    which would draw as `\\foo`), an environment it does not know (its `&` left raw)."""
    from defusedxml import ElementTree as SafeET  # the XML reader loads with the first formula
    from ziamath.tex import tex2mml  # imported on first use: ziamath loads its font (~0.2 s)

    try:
        text = tex2mml(names(tex), inline=inline)
        root = SafeET.fromstring(text)
    except Exception as e:  # latex2mathml raises its own errors and plain ones on bad TeX
        return Refused(f"TeX not understood ({type(e).__name__})")
    for el in root.iter():
        if (el.text or "").strip().startswith("\\"):
            return Refused(f"unknown TeX command {el.text.strip()[:40]}")
    return root


class MathRenderer:
    """One document's formulas: drawn within its caps, the refused and left-over ones named."""

    def __init__(self) -> None:
        self.pictures = 0
        self.inline_count = 0
        self.spent = 0.0

    def picture(self, tex: str) -> Formula | Refused:
        if len(tex) > MAX_TEX:
            return Refused(f"a formula over {MAX_TEX} characters is shown as its source")
        if self.pictures >= MAX_PICTURES:
            return Refused(f"over {MAX_PICTURES} formulas: the rest are shown as their source")
        if self.spent >= RENDER_BUDGET_S:
            return Refused(f"formulas over {RENDER_BUDGET_S:.0f} s of drawing: shown as source")
        root = mathml(tex)
        if isinstance(root, Refused):
            return root
        import ziamath
        from defusedxml import ElementTree as SafeET

        start = time.perf_counter()
        try:
            svg = ziamath.Math(SafeET.tostring(root, encoding="unicode"), size=SIZE).svg()
        except Exception as e:  # ziamath raises plain errors on MathML it cannot lay out
            return Refused(f"formula not drawn ({type(e).__name__})")
        finally:
            self.spent += time.perf_counter() - start
        self.pictures += 1
        return _formula(svg)

    def inline(self, tex: str, base: Span) -> Spans | Refused:
        """Readable text for an inline formula, in the span's own formatting."""
        self.inline_count += 1
        if self.inline_count > MAX_INLINE or len(tex) > MAX_TEX:
            return Refused("too many or too long inline formulas: shown as their source")
        root = mathml(tex, inline=True)
        if isinstance(root, Refused):
            return root
        try:
            spans = _Text(base).read(root)
        except _NotSimple as e:
            return Refused(f"inline formula shown as its source ({e})")
        return [s for s in spans if s.text]


def _formula(svg: str) -> Formula | Refused:
    data = _DRAWN.sub(f'fill="{INK}"', svg).encode("utf-8")
    if len(data) > MAX_SVG:
        return Refused(f"a formula's picture over {MAX_SVG // 1000} kB is shown as its source")
    from defusedxml import ElementTree as SafeET

    root = SafeET.fromstring(data)
    width = float(root.get("width") or 0)
    height = float(root.get("height") or 0)
    uri = "data:image/svg+xml;base64," + base64.b64encode(data).decode("ascii")
    return Formula(uri, max(1, round(width)), max(1, round(height)))


def em_size(width: int, height: int) -> tuple[float, float]:
    """A formula's size in em of the text it stands in."""
    return width / SIZE, height / SIZE


def tinted(src: str, color: str) -> str:
    """A formula's data: URI drawn in `color` (a #hex colour of the template)."""
    if not re.fullmatch(r"#[0-9a-fA-F]{3,8}", color):
        color = "#000000"
    head, _, data = src.partition(",")
    svg = base64.b64decode(data).decode("utf-8").replace(f'fill="{INK}"', f'fill="{color}"')
    return head + "," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


# -- inline formulas as text ------------------------------------------------------------------
class _NotSimple(Exception):
    pass


ACCENTS = {"→": "\u20d7", "^": "\u0302", "ˆ": "\u0302", "¯": "\u0304", "~": "\u0303", "˙": "\u0307"}
ACCENTS.update({"\u02dc": "\u0303", "\u2015": "\u0304", "\u00af": "\u0304", "\u02c6": "\u0302"})
ACCENTS.update({c: c for c in "\u0302\u0303\u0304\u0307\u20d7"})  # already combining marks
RELATIONS = frozenset("=≠<>≤≥≈≡∼≃∈∉⊂⊆⊃⊇→←↔⇒⇐⇔∝")
_GROUPS = ("math", "mrow", "mstyle", "mpadded", "semantics", "mphantom")


class _Text:
    """MathML of a simple formula -> spans: sub/superscripts as sub/sup spans, one level."""

    def __init__(self, base: Span) -> None:
        self.base = base

    def read(self, el: Any) -> Spans:
        return self.node(el, "")

    def node(self, el: Any, script: str) -> Spans:
        tag = str(el.tag).removeprefix(_MATHML)
        kids = list(el)
        if tag in _GROUPS:
            return [s for k in kids for s in self.node(k, script)]
        if tag in ("mi", "mn", "mo", "mtext", "ms"):
            text = el.text or "" if tag == "mtext" else (el.text or "").strip()
            if tag == "mo" and text in RELATIONS and not script:
                text = f" {text} "  # a relation stands between spaces, as TeX sets it
            span = self.span(text, script)
            if tag == "mi" and len(text) == 1 and text.isalpha():  # a variable: italic
                span = replace(span, italic=True)
            return [span]
        if tag == "mspace":
            return [self.span(" " if not (el.get("width") or "").startswith("-") else "", script)]
        if tag in ("msup", "msub", "msubsup", "munder", "mover", "munderover") and kids:
            return self.scripts(tag, kids, script)
        if tag == "mfrac" and len(kids) == 2:
            return (
                self.wrapped(kids[0], script)
                + [self.span("/", script)]
                + self.wrapped(kids[1], script)
            )
        if tag == "msqrt":
            inner = [s for k in kids for s in self.node(k, script)]
            return [self.span("√", script)] + _parens(inner, self.span, script)
        raise _NotSimple(f"<{tag}>")

    def scripts(self, tag: str, kids: list[Any], script: str) -> Spans:
        if script:
            raise _NotSimple("nested scripts")
        base = self.node(kids[0], "")
        if tag == "mover" and len(kids) == 2:
            mark = "".join(s.text for s in self.node(kids[1], "")).strip()
            if mark in ACCENTS and base:
                return base[:-1] + [replace(base[-1], text=base[-1].text + ACCENTS[mark])]
        lower = {"msub": 1, "msubsup": 1, "munder": 1, "munderover": 1}.get(tag)
        upper = {"msup": 1, "msubsup": 2, "mover": 1, "munderover": 2}.get(tag)
        out = list(base)
        if lower is not None and len(kids) > lower:
            out += self.node(kids[lower], "sub")
        if upper is not None and len(kids) > upper:
            out += self.node(kids[upper], "sup")
        return out

    def wrapped(self, el: Any, script: str) -> Spans:
        return _parens(self.node(el, script), self.span, script)

    def span(self, text: str, script: str) -> Span:
        return replace(self.base, text=text, code=False, sub=script == "sub", sup=script == "sup")


def _parens(spans: Spans, make: Any, script: str) -> Spans:
    if len("".join(s.text for s in spans).strip()) <= 1:
        return spans
    return [make("(", script), *spans, make(")", script)]
