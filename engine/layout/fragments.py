"""Layout output types (boxes + constraints -> positioned fragments, coordinates relative to the parent)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.boxes.box import Box


class Edges(NamedTuple):
    top: float = 0.0
    right: float = 0.0
    bottom: float = 0.0
    left: float = 0.0

    @property
    def horizontal(self) -> float:
        return self.left + self.right

    @property
    def vertical(self) -> float:
        return self.top + self.bottom


ZERO = Edges()


class Intrinsic(NamedTuple):
    """Min-content and max-content inline sizes (CSS Sizing 3)."""

    min_content: float
    max_content: float


@dataclass(eq=False, slots=True)
class TextFragment:
    """A piece of text on one line: x from the line's left, baseline from the line's top."""

    box: Box  # the TEXT box it comes from (its style is the run style)
    text: str
    x: float
    width: float
    baseline: float  # offset of the baseline from the line box top
    font_size: float
    ascent: float  # font ascent in px (primary face, Blink-rounded)
    descent: float
    family: str  # the face the text was measured with
    ea_family: str | None = None  # CJK face used for east-asian characters, when any
    shift: float = 0.0  # vertical-align baseline shift (px, positive = up)
    decoration: frozenset[str] = frozenset()
    href: str | None = None
    marker: bool = False  # a list marker
    # Offset of `text` in its TEXT box's text after text-transform (-1: unknown), so the slide
    # model can find the author's characters behind transformed text.
    start: int = -1


@dataclass(eq=False, slots=True)
class InlineBoxFragment:
    """The part of a non-atomic inline box (span with background/border) that lies on one line."""

    box: Box
    x: float
    y: float  # top of the inline box's border area, relative to the line top
    width: float
    height: float
    border: Edges = ZERO
    padding: Edges = ZERO
    first: bool = True
    last: bool = True
    shift: float = 0.0  # vertical-align baseline shift (px, positive = up)


@dataclass(eq=False, slots=True)
class LineFragment:
    x: float  # relative to the block container's border-box origin
    y: float
    width: float  # the line box width (available width)
    height: float
    baseline: float  # from the line top
    items: list[TextFragment | BoxFragment | InlineBoxFragment] = field(default_factory=list)
    content_width: float = 0.0  # width actually used by the content (after alignment offsets)
    forced_break: bool = False  # ends with a <br> or preserved newline
    last: bool = False  # last line of its block
    # What the line's end dropped from the source text: the collapsible white space that hangs
    # at a soft wrap (" "), or U+00AD where a soft hyphen shows as a hyphen (the last character
    # of the line's last text); "" otherwise. Joining soft-wrapped lines puts it back.
    hang: str = ""


@dataclass(eq=False, slots=True)
class BoxFragment:
    """A box's border box placed relative to its parent fragment's border-box origin."""

    box: Box
    x: float
    y: float
    width: float
    height: float
    margin: Edges = ZERO
    border: Edges = ZERO
    padding: Edges = ZERO
    children: list[BoxFragment] = field(default_factory=list)
    lines: list[LineFragment] = field(default_factory=list)
    baseline: float | None = None  # first baseline from the border-box top
    placeholders: list[AbsPlaceholder] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # formatting-context specific data

    @property
    def content_x(self) -> float:
        return self.border.left + self.padding.left

    @property
    def content_y(self) -> float:
        return self.border.top + self.padding.top

    @property
    def content_width(self) -> float:
        return self.width - self.border.horizontal - self.padding.horizontal

    @property
    def content_height(self) -> float:
        return self.height - self.border.vertical - self.padding.vertical

    @property
    def margin_box_height(self) -> float:
        return self.height + self.margin.vertical

    @property
    def margin_box_width(self) -> float:
        return self.width + self.margin.horizontal


@dataclass(eq=False, slots=True)
class AbsPlaceholder:
    """Where an absolutely positioned box would have been (its static position), in the parent's coordinates.

    In a flex container the static position also depends on the box's own size: it is aligned
    within an area_w x area_h area at x, y by the fractions fx, fy (engine/layout/flex/static_position.py).
    """

    box: Box
    x: float
    y: float
    area_w: float = 0.0
    area_h: float = 0.0
    fx: float = 0.0
    fy: float = 0.0
