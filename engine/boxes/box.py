"""The box tree's node type (elements + computed styles -> boxes that carry style into layout)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Inner display types a box can have.
FLOW = "flow"  # block container (its children are all block-level or all inline-level)
FLOW_ROOT = "flow-root"  # block container that establishes a new block formatting context
FLEX = "flex"
GRID = "grid"
TABLE = "table"
TABLE_ROW_GROUP = "table-row-group"
TABLE_ROW = "table-row"
TABLE_CELL = "table-cell"
TABLE_CAPTION = "table-caption"
TABLE_COLUMN = "table-column"
REPLACED = "replaced"  # <img>, <svg>: atomic, intrinsic size
TEXT = "text"  # a run of text inside an inline formatting context
BREAK = "br"  # a forced line break
INLINE = "inline"  # a non-atomic inline box (span, b, a...)


@dataclass(slots=True)
class Replaced:
    """Content of a replaced element: an image (by media key) or an inline SVG document."""

    kind: str  # 'image' | 'svg' | 'missing' | 'control' (a natively painted form control)
    intrinsic_width: float | None
    intrinsic_height: float | None
    media_key: str | None = None  # sha1 into the page's media table
    svg_markup: str | None = None

    @property
    def ratio(self) -> float | None:
        if self.intrinsic_width and self.intrinsic_height:
            return self.intrinsic_width / self.intrinsic_height
        return None


@dataclass(eq=False, slots=True)
class Box:
    """One box. `outer` is how it takes part in its parent's formatting context, `inner` what it
    establishes for its children. Boxes are built once and never mutated by layout."""

    style: Any  # ComputedStyle (a dict of computed values)
    outer: str  # 'block' | 'inline'
    inner: str  # one of the constants above
    children: list[Box] = field(default_factory=list)
    element: Any = None  # lxml element, None for anonymous boxes and text
    text: str = ""  # TEXT boxes only: the text after white-space processing
    pseudo: str | None = None  # 'before' | 'after' | 'marker'
    replaced: Replaced | None = None
    anonymous: bool = False
    inline_content: bool = False  # block containers: children are inline-level (an IFC)
    marker: str | None = None  # list items: the marker text ('•', '3.') when list-style applies
    ordinal: int | None = None  # list items: the item's number (for numbered markers)
    marker_style: Any = None  # list items: the ::marker computed style (colour, font, content)
    href: str | None = None  # hyperlink target inherited from an enclosing <a>
    background_media: dict[str, str] = field(default_factory=dict)  # url() layer -> media key
    index: int = 0  # document order, for stable sorting
    first_line: dict[str, Any] | None = None  # ::first-line values for the first line's text
    # TEXT boxes: the computed styles of the boxes whose text-decoration reaches this text,
    # outermost first (decorations propagate to in-flow descendants, not into atomic inlines,
    # floats or absolutely positioned boxes: CSS Text Decoration 3 §2)
    decorations: tuple[Any, ...] = ()
    # Form controls the native theme paints (engine/boxes/controls.py): kind, state, colours
    control: dict[str, Any] | None = None
    # A <button> laid out as a flex row around its centred anonymous block (its baseline is
    # that block's last line's, as Chromium's LayoutButton gives it)
    button: bool = False

    @property
    def tag(self) -> str:
        el = self.element
        if el is None:
            return f"::{self.pseudo}" if self.pseudo else "anonymous"
        tag = el.tag if isinstance(el.tag, str) else "?"
        return tag.lower()

    @property
    def position(self) -> str:
        return str(self.style["position"])

    @property
    def out_of_flow(self) -> bool:
        """Absolutely positioned (absolute or fixed): taken out of normal flow.

        Text runs share their element's style but are never positioned themselves."""
        return self.inner not in (TEXT, BREAK) and self.style["position"] in ("absolute", "fixed")

    @property
    def is_atomic_inline(self) -> bool:
        return self.outer == "inline" and self.inner not in (INLINE, TEXT, BREAK)

    def describe(self) -> str:
        el = self.element
        if el is None:
            return self.tag
        ident = el.get("id")
        cls = (el.get("class") or "").split()
        out = self.tag
        if ident:
            out += f"#{ident}"
        if cls:
            out += "." + ".".join(cls[:2])
        return out
