"""Static positions of absolutely positioned children of flex containers (container and child alignment -> placeholder alignment).

CSS Flexbox 1 §4.1: such a child is placed "as if it were the sole flex item in the flex
container", both being fixed-size boxes of their used size. So its static position inside the
container's content box follows justify-content on the main axis and align-self (or the
container's align-items) on the cross axis; Chromium does this. The placeholder keeps the
content box's size and the two fractions; `layout_absolute` applies them once the child's own
size is known.
"""

from __future__ import annotations

from typing import Any

from engine.layout.fragments import AbsPlaceholder
from engine.layout.items import align_keyword

_START, _CENTER, _END = 0.0, 0.5, 1.0

# justify-content for a sole item: the distributed values fall back as in CSS Align 3 §4.3.
_MAIN = {
    "center": _CENTER,
    "space-around": _CENTER,
    "space-evenly": _CENTER,
    "flex-end": _END,
    "end": _END,
    "right": _END,
}
_CROSS = {"center": _CENTER, "flex-end": _END, "end": _END, "self-end": _END}
_FLEX_RELATIVE = ("flex-start", "flex-end", "space-between", "normal", "stretch")


def _main_fraction(value: Any, reverse: bool) -> float:
    key = align_keyword(value)
    fraction = _MAIN.get(key, _START)
    if reverse and key in _FLEX_RELATIVE + ("flex-end",):
        fraction = 1.0 - fraction  # flex-start is the main-end side of a reversed container
    return fraction


def _cross_fraction(container: Any, child: Any, wrap_reverse: bool) -> float:
    key = align_keyword(child["align-self"])
    if key in ("auto", "normal"):
        key = align_keyword(container["align-items"])
    fraction = _CROSS.get(key, _START)
    if wrap_reverse and key in ("flex-start", "flex-end", "normal", "stretch", "baseline"):
        fraction = 1.0 - fraction
    return fraction


def align_flex_placeholders(
    placeholders: list[AbsPlaceholder], container: Any, inner_w: float, inner_h: float
) -> None:
    """Give each placeholder of a flex container its content box size and alignment."""
    direction = str(container["flex-direction"])
    row = not direction.startswith("column")
    reverse = direction.endswith("reverse")
    wrap_reverse = str(container["flex-wrap"]) == "wrap-reverse"
    main = _main_fraction(container["justify-content"], reverse)
    for ph in placeholders:
        cross = _cross_fraction(container, ph.box.style, wrap_reverse)
        ph.area_w, ph.area_h = inner_w, inner_h
        ph.fx, ph.fy = (main, cross) if row else (cross, main)
