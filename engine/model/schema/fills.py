"""Paint of the slide model: fills (solid, gradient, image), lines (outlines, borders) and shadows.

Colours are "RRGGBB" hex strings with a separate alpha in 0..1; lengths are slide px.
"""

from typing import Literal, NotRequired, TypedDict

# ST_PresetLineDashVal: the dash patterns a Line may name.
Dash = Literal[
    "solid",
    "dot",
    "dash",
    "lgDash",
    "dashDot",
    "lgDashDot",
    "lgDashDotDot",
    "sysDash",
    "sysDot",
    "sysDashDot",
    "sysDashDotDot",
]


class Crop(TypedDict):
    """The part of a picture cut away on each side, as fractions of its size (0..1)."""

    l: float  # noqa: E741 - the model's key
    t: float
    r: float
    b: float


class SolidFill(TypedDict):
    """One colour."""

    type: Literal["solid"]
    color: str
    alpha: float


class GradientStop(TypedDict):
    """A colour at `pos` (0..1) along the gradient."""

    pos: float
    color: str
    alpha: float


class GradientFill(TypedDict):
    """A linear gradient at `angle` (OOXML degrees: 0 = left -> right, clockwise) or a path
    gradient ("circle", "rect", "shape") about `center` ([fx, fy], fractions of the box).
    A linear gradient with more than two stops is written as stacked 2-stop bands."""

    type: Literal["gradient"]
    path: Literal["linear", "circle", "rect", "shape"]
    angle: float
    stops: list[GradientStop]
    center: NotRequired[list[float]]


class ImageFill(TypedDict):
    """A picture from the deck's media (slide backgrounds only)."""

    type: Literal["image"]
    media: str
    crop: Crop | None
    alpha: NotRequired[float]


Fill = SolidFill | GradientFill | ImageFill


class Line(TypedDict):
    """An outline, border or connector stroke (`width` px; zero draws no line)."""

    width: float
    color: str
    alpha: float
    dash: Dash


class Shadow(TypedDict):
    """A drop shadow (a:outerShdw), or an inner one when `inset`; `spread` is CSS spread."""

    blur: float
    dist: float
    dir: float
    color: str
    alpha: float
    spread: NotRequired[float]
    inset: NotRequired[bool]
