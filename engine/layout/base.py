"""Shared layout machinery: the layout context, available space, used box edges and the dispatch by formatting context."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from engine.boxes import box as b
from engine.budget import check
from engine.diagnostics import Diagnostics
from engine.layout import dispatch
from engine.layout.fragments import BoxFragment, Edges
from engine.style.types import LP, resolve_length

if TYPE_CHECKING:  # a field's type only: floats.py lays floats out with layout_box
    from engine.layout.block.floats import FloatSpace


@dataclass
class LayoutContext:
    diag: Diagnostics
    viewport: tuple[float, float]
    lang: str = ""  # the document language (<html lang>), for font fallback as Chromium does
    intrinsic_cache: dict[tuple[Any, str], Any] = field(default_factory=dict)
    text_cache: dict[int, Any] = field(default_factory=dict)  # id(TEXT box) -> shaped segments
    # (box, space) -> its fragment; also (box, space less cb_height) for boxes that ignore it
    layout_cache: dict[tuple[b.Box, Any], BoxFragment] = field(default_factory=dict)
    # Flex/grid item measurements (height and baseline per box and space) and content proxies.
    measures: dict[tuple[int, Space], Any] = field(default_factory=dict)
    proxies: dict[int, b.Box] = field(default_factory=dict)
    measuring: int = 0  # > 0 while laying out only to learn a height and a baseline
    # How many times a container asked whether it was measuring and was told yes (and so may
    # have skipped work): a measuring layout during which this did not grow is complete.
    skips: int = 0


@dataclass(frozen=True, slots=True)
class Space:
    """What a parent formatting context gives a child: its containing block and any forced sizes.

    `width`/`height` force the used border-box size (flex/grid items, stretched items). With
    `fit_content`, an auto width shrinks to fit `cb_width` (inline-blocks, floats, abspos).
    """

    cb_width: float
    cb_height: float | None
    width: float | None = None
    height: float | None = None
    fit_content: bool = False
    available: float | None = None  # the width to shrink-to-fit into (defaults to cb_width)
    stretch_height: bool = (
        False  # height came from a stretch (children's % heights resolve against it)
    )
    floats: FloatSpace | None = None  # the enclosing formatting context's floats (block containers)
    # A row subgrid's rows, given by its parent grid: (top, size) of each track in the
    # subgrid's content-box coordinates (engine/layout/grid/subgrid.py)
    subgrid_rows: tuple[tuple[float, float], ...] | None = None
    subgrid_columns: tuple[tuple[float, float], ...] | None = None  # (left, size) of each column


def length(value: Any, basis: float | None, default: float = 0.0) -> float:
    return resolve_length(value, basis, default)


def is_definite(value: Any, basis: float | None) -> bool:
    if isinstance(value, (int, float)):
        return True
    if isinstance(value, LP):
        return basis is not None or value.pct == 0
    return False


def border_edges(style: Any) -> Edges:
    return Edges(
        style["border-top-width"],
        style["border-right-width"],
        style["border-bottom-width"],
        style["border-left-width"],
    )


def padding_edges(style: Any, cb_width: float) -> Edges:
    return Edges(
        max(0.0, length(style["padding-top"], cb_width)),
        max(0.0, length(style["padding-right"], cb_width)),
        max(0.0, length(style["padding-bottom"], cb_width)),
        max(0.0, length(style["padding-left"], cb_width)),
    )


def margin_value(style: Any, side: str, cb_width: float) -> float | None:
    """Used margin of one side; None for 'auto'."""
    value = style[f"margin-{side}"]
    if value == "auto":
        return None
    return length(value, cb_width)


def clamp(value: float, low: float, high: float | None) -> float:
    if high is not None and value > high:
        value = high
    return max(value, low)


def min_max_width(style: Any, cb_width: float | None, chrome: float) -> tuple[float, float | None]:
    """Used min-width and max-width as border-box sizes (box-sizing applied)."""
    border_box = style["box-sizing"] == "border-box"
    lo_v, hi_v = style["min-width"], style["max-width"]
    lo = length(lo_v, cb_width) if is_definite(lo_v, cb_width) else 0.0
    hi = length(hi_v, cb_width) if is_definite(hi_v, cb_width) else None
    if not border_box:
        lo = lo + chrome if is_definite(lo_v, cb_width) else chrome
        hi = hi + chrome if hi is not None else None
    return max(lo, chrome if border_box else lo), hi


def min_max_height(
    style: Any, cb_height: float | None, chrome: float
) -> tuple[float, float | None]:
    border_box = style["box-sizing"] == "border-box"
    lo_v, hi_v = style["min-height"], style["max-height"]
    lo = length(lo_v, cb_height) if is_definite(lo_v, cb_height) else 0.0
    hi = length(hi_v, cb_height) if is_definite(hi_v, cb_height) else None
    if not border_box:
        lo = lo + chrome if is_definite(lo_v, cb_height) else chrome
        hi = hi + chrome if hi is not None else None
    return max(lo, chrome), hi


def specified_width(style: Any, cb_width: float | None, chrome: float) -> float | None:
    """The border-box width given by `width`, or None when auto / not resolvable."""
    value = style["width"]
    if not is_definite(value, cb_width):
        return None
    w = length(value, cb_width)
    return max(w, chrome) if style["box-sizing"] == "border-box" else w + chrome


def specified_height(style: Any, cb_height: float | None, chrome: float) -> float | None:
    value = style["height"]
    if not is_definite(value, cb_height):
        return None
    h = length(value, cb_height)
    return max(h, chrome) if style["box-sizing"] == "border-box" else h + chrome


def preferred_ratio(box: b.Box) -> tuple[float, bool] | None:
    """A box's preferred aspect ratio (width / height) and whether it relates the box-sizing
    box (else the content box): `aspect-ratio: <ratio>` overrides a replaced element's natural
    ratio, `auto && <ratio>` only stands in when there is none (CSS Sizing 4, 5.1)."""
    value = box.style["aspect-ratio"]
    natural = box.replaced.ratio if box.inner == b.REPLACED and box.replaced else None
    if isinstance(value, float):
        return value, True
    if natural:
        return natural, False
    return (value[1], True) if isinstance(value, tuple) else None


def ratio_height(box: b.Box, width: float, chrome_w: float, chrome_h: float) -> float | None:
    """The border-box height a box's preferred aspect ratio gives its border-box `width`."""
    return _through_ratio(box, width, chrome_w, chrome_h, height_from_width=True)


def ratio_width(box: b.Box, height: float, chrome_w: float, chrome_h: float) -> float | None:
    """The border-box width a box's preferred aspect ratio gives its border-box `height`."""
    return _through_ratio(box, height, chrome_h, chrome_w, height_from_width=False)


def _through_ratio(
    box: b.Box, size: float, chrome_in: float, chrome_out: float, height_from_width: bool
) -> float | None:
    found = preferred_ratio(box)
    if found is None:
        return None
    ratio, sizing_box = found
    factor = 1.0 / ratio if height_from_width else ratio
    if sizing_box and box.style["box-sizing"] == "border-box":
        return max(size * factor, chrome_out)
    return max(0.0, size - chrome_in) * factor + chrome_out


def kept_layout(box: b.Box, ctx: LayoutContext, space: Space) -> BoxFragment | None:
    """The fragment `layout_box` made and kept for the box in the space (a final layout, or a
    measuring one that skipped nothing), None when there is none."""
    found = ctx.layout_cache.get((box, space))
    if found is None:
        shared = shared_key(box, space)
        if shared is not None:
            found = ctx.layout_cache.get(shared)
    return found


# Inner display types whose layout reads the containing block's height only through the box's
# own height, min-height and max-height (block containers, flex containers): every other size
# inside them comes from the box's used height, which those decide.
_OWN_HEIGHT_ONLY = frozenset((b.FLOW, b.FLOW_ROOT, b.FLEX))


def ignores_cb_height(box: b.Box) -> bool:
    """Whether a box lays out the same whatever its containing block's height: a horizontal
    block or flex container whose height, min-height and max-height hold no percentage (an auto
    height gives its children an indefinite one; a forced height comes with the space). Its
    children's spaces then derive from its own used height only (block_frame, container_size).
    Multi-column and vertical boxes are left out: they size from the containing block."""
    style = box.style
    if box.inner not in _OWN_HEIGHT_ONLY or style["writing-mode"] != "horizontal-tb":
        return False
    if box.inner != b.FLEX and (style["column-count"] != "auto" or style["column-width"] != "auto"):
        return False
    for prop in ("height", "min-height", "max-height"):
        value = style[prop]
        if isinstance(value, LP) and value.pct != 0:
            return False
    return True


# A space's fields but the containing block's height, as a tuple (a memo key's part).
_BUT_CB_HEIGHT = attrgetter(*(f.name for f in fields(Space) if f.name != "cb_height"))


def shared_key(box: b.Box, space: Space) -> tuple[b.Box, Any] | None:
    """The memo key a box's layouts share across spaces differing only in the containing
    block's height, when the box ignores it (`ignores_cb_height`): a flex item's child measured
    while the item's height was auto, then placed once the item is grown or stretched. None
    when the box may read that height (its layouts are memoised per space only)."""
    if not ignores_cb_height(box):
        return None
    return box, _BUT_CB_HEIGHT(space)


def layout_box(box: b.Box, ctx: LayoutContext, space: Space) -> BoxFragment:
    """Lay out one block-level (or atomic inline) box in the given space: dispatch by inner display.

    Results are memoised per (box, space) for the page: flex and grid lay items out more than
    once (measuring, then placing), and a box's layout depends only on the space it is given
    (less what it cannot read: `shared_key`). A parent only sets the returned
    fragment's x/y, so reusing it is safe.
    """
    cache = ctx.layout_cache
    key = (box, space)  # the box itself (hashed by identity) keeps temporary boxes alive
    cached = cache.get(key)
    if cached is not None:
        return cached
    shared = shared_key(box, space)  # looked for on a miss only
    if shared is not None:
        cached = cache.get(shared)
        if cached is not None:
            cache[key] = cached
            return cached
    check("layout")
    skips = ctx.skips
    fragment = dispatch.layout_in_context(box, ctx, space)
    # A measuring layout is kept only when no container inside it skipped work (one without
    # flex or grid containers is the same as the final layout: its paragraphs are laid out once).
    if ctx.measuring == 0 or ctx.skips == skips:
        cache[key] = fragment
        if shared is not None:
            cache[shared] = fragment
    return fragment
