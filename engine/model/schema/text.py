"""Text of the slide model: text bodies, paragraphs, bullets, runs.

Sizes and spacing are points; indents and insets slide px.
"""

from typing import Literal, NotRequired, TypedDict, final

from engine.model.schema.fills import GradientFill

Align = Literal["l", "ctr", "r", "just"]
Anchor = Literal["t", "ctr", "b"]
# ST_TextVerticalType: "vert" / "vert270" for CSS writing modes, "eaVert" for upright CJK.
Vertical = Literal[
    "horz", "vert", "vert270", "wordArtVert", "eaVert", "mongolianVert", "wordArtVertRtl"
]


class TextOutline(TypedDict):
    """A glyph outline (a:ln of the run; CSS -webkit-text-stroke), `width` px."""

    width: float
    color: str
    alpha: float


# A run of text with its character properties; every key may be left out. {"break": True}
# is a line break (a:br) inside the paragraph. A paragraph's "end_run" is a run without
# text giving the paragraph-end properties. "underline" is True or any ST_TextUnderlineType
# ("dbl", "dotted", "dash", "wavy", ...); "baseline" is in thousandths of a percent (30000
# superscript, -25000 subscript); "fill" is a gradient for gradient text (CSS
# background-clip: text; "color" stays the fallback); "text_fill": "none" draws the outline only.
Run = TypedDict(
    "Run",
    {
        "text": NotRequired[str],
        "break": NotRequired[bool],
        "font": NotRequired[str],
        "ea_font": NotRequired[str],
        "cs_font": NotRequired[str],
        "lang": NotRequired[str],
        "size": NotRequired[float],
        "bold": NotRequired[bool],
        "italic": NotRequired[bool],
        "underline": NotRequired[bool | str],
        "underline_color": NotRequired[str],
        "strike": NotRequired[bool | Literal["dbl"]],
        "caps": NotRequired[Literal["small", "all"]],
        "color": NotRequired[str],
        "alpha": NotRequired[float],
        "highlight": NotRequired[str],
        "spacing": NotRequired[float],
        "baseline": NotRequired[float],
        "href": NotRequired[str],
        "fill": NotRequired[GradientFill],
        "outline": NotRequired[TextOutline],
        "text_fill": NotRequired[Literal["none"]],
    },
)


@final  # a closed variant: `"key" in value` tells the variants apart
class PointSpacing(TypedDict):
    """Line spacing in points."""

    pts: float


@final  # a closed variant: `"key" in value` tells the variants apart
class PercentSpacing(TypedDict):
    """Line spacing as a fraction of the single line height."""

    pct: float


LineSpacing = PointSpacing | PercentSpacing


@final  # a closed variant: `"key" in value` tells the variants apart
class CharBullet(TypedDict):
    """A bullet character (`font`, `color` None: the text's); `size`: fraction of the text size."""

    char: str
    font: str | None
    color: str | None
    size: NotRequired[float]


@final  # a closed variant: `"key" in value` tells the variants apart
class NumberBullet(TypedDict):
    """An automatic number (`autonum`: an ST_TextAutonumberScheme such as "arabicPeriod")."""

    autonum: str
    start: int
    font: NotRequired[str | None]
    color: NotRequired[str | None]
    size: NotRequired[float]


Bullet = CharBullet | NumberBullet


class Paragraph(TypedDict):
    """A paragraph: alignment, spacing (pt), indents (px), bullet and runs; `bullet` None or
    left out: no bullet (a list marker no bullet can draw is the paragraph's first run)."""

    align: Align
    runs: list[Run]
    line_spacing: NotRequired[LineSpacing | None]
    space_before: NotRequired[float]
    space_after: NotRequired[float]
    indent: NotRequired[float]
    margin_left: NotRequired[float]
    bullet: NotRequired[Bullet | None]
    rtl: NotRequired[bool]
    hanging_punct: NotRequired[bool]
    end_run: NotRequired[Run]


class TextBody(TypedDict):
    """The text of a shape or table cell: wrapping, anchoring, insets [l, t, r, b] px."""

    wrap: bool
    anchor: Anchor
    insets: list[float]
    vertical: Vertical | None
    paragraphs: list[Paragraph]
