"""Shapes of the slide model, one TypedDict per `kind`: rect, text, picture, line, table, group.

Geometry is in CSS px of the slide (origin: the slide root's border-box top-left); `x`, `y`,
`w`, `h` are the unrotated box and `rotation` turns it clockwise (degrees) about its centre.
"""

from typing import Literal, NotRequired, TypedDict

from engine.model.schema.fills import Crop, Fill, Line, Shadow
from engine.model.schema.text import Anchor, TextBody

# "rect", "roundRect" (with "radius", or "radii" [tl, tr, br, bl] px when the corners differ),
# "ellipse", "custom" (with "points" [[x, y], ...] px from the shape's x, y, or "contours"
# [[[x, y], ...], ...] where a contour drawn the other way round is a hole), or any other
# OOXML preset geometry name ("triangle", ...; an unknown name is written as "rect").
Geom = str


class ShapeBase(TypedDict):
    """Keys every shape may have: `name` (for debugging, e.g. 'div.card'), `rotation`
    (degrees clockwise), `opacity` (already folded into fills, lines and runs)."""

    name: NotRequired[str]
    rotation: NotRequired[float]
    opacity: NotRequired[float]


class BoxShape(ShapeBase):
    """A shape placed by its box."""

    x: float
    y: float
    w: float
    h: float


class RectShape(BoxShape):
    """A preset or custom geometry with fill, line, shadow and optional text (p:sp)."""

    kind: Literal["rect"]
    fill: Fill | None
    geom: NotRequired[Geom]
    line: NotRequired[Line | None]
    shadow: NotRequired[Shadow | None]
    text: NotRequired[TextBody | None]
    radius: NotRequired[float]
    radii: NotRequired[list[float]]
    points: NotRequired[list[list[float]]]
    contours: NotRequired[list[list[list[float]]]]
    soft_edge: NotRequired[float]


class TextShape(BoxShape):
    """A text box: no fill, no line."""

    kind: Literal["text"]
    text: TextBody


class PictureShape(BoxShape):
    """A picture from the deck's media (`svg_media`: its SVG original, when it has one)."""

    kind: Literal["picture"]
    media: str
    crop: Crop | None
    geom: Geom
    alpha: float
    line: NotRequired[Line | None]
    shadow: NotRequired[Shadow | None]
    svg_media: NotRequired[str | None]
    radius: NotRequired[float]
    radii: NotRequired[list[float]]
    points: NotRequired[list[list[float]]]
    contours: NotRequired[list[list[list[float]]]]
    alt: NotRequired[str]


class LineShape(ShapeBase):
    """A straight line (connector) from (x1, y1) to (x2, y2)."""

    kind: Literal["line"]
    x1: float
    y1: float
    x2: float
    y2: float
    line: Line


class CellBorders(TypedDict, total=False):
    """The borders of a table cell (left out or None: no border on that side)."""

    l: Line | None  # noqa: E741 - the model's key
    r: Line | None
    t: Line | None
    b: Line | None


class Cell(TypedDict):
    """A table cell: `span` [rowspan, colspan]; `merged` when another cell's span covers it;
    `margins` [l, t, r, b] px; a merged cell has no text (None)."""

    text: TextBody | None
    fill: Fill | None
    span: list[int]
    merged: bool
    borders: CellBorders
    margins: list[float]
    anchor: Anchor


class Row(TypedDict):
    """A table row: its height (px) and one cell per column."""

    h: float
    cells: list[Cell]


class TableShape(BoxShape):
    """A table (a:tbl): column widths (px) and rows."""

    kind: Literal["table"]
    columns: list[float]
    rows: list[Row]


class GroupShape(BoxShape):
    """Shapes drawn together; the children stay in slide px. `locked`: not selectable."""

    kind: Literal["group"]
    shapes: list["Shape"]
    locked: NotRequired[bool]


Shape = RectShape | TextShape | PictureShape | LineShape | TableShape | GroupShape
ShapeKind = Literal["rect", "text", "picture", "line", "table", "group"]
