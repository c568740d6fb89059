"""Sticky positioning (a laid-out fragment tree -> its position: sticky boxes shifted as Chromium shows the page unscrolled).

A sticky box stays where the flow put it unless that place breaks one of its insets against
the sticky view rectangle: the content box of the nearest scroll container (an ancestor with
overflow other than visible/clip; the viewport at the root) shrunk by the box's top, right,
bottom and left. Then it moves just enough to meet the inset, never so far that its margin box
leaves its containing block's content box (CSS Positioned Layout 3, section 3.4; Chromium's
StickyPositionScrollingConstraints at scroll offset 0). `top` wins over `bottom` and `left`
over `right` when both cannot hold.
"""

from __future__ import annotations

from typing import Any

from engine.layout.base import is_definite, length
from engine.layout.fragments import BoxFragment

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in page px

_SCROLLING = frozenset({"hidden", "scroll", "auto"})


def place_stickies(root: BoxFragment, viewport: tuple[float, float]) -> None:
    """Shift every sticky fragment under `root` (at 0, 0) in place; runs after absolute
    positioning, like Chromium's sticky offsets, which never affect layout."""
    _walk(root, 0.0, 0.0, (0.0, 0.0, viewport[0], viewport[1]))


def _content_rect(frag: BoxFragment, x: float, y: float) -> Rect:
    x0, y0 = x + frag.content_x, y + frag.content_y
    return (x0, y0, x0 + frag.content_width, y0 + frag.content_height)


def _walk(frag: BoxFragment, x: float, y: float, port: Rect) -> None:
    style = frag.box.style
    if style["overflow-x"] in _SCROLLING or style["overflow-y"] in _SCROLLING:
        port = _content_rect(frag, x, y)
    cb = _content_rect(frag, x, y)
    for child in frag.children:
        if child.box.style["position"] == "sticky" and not child.extra.get("absolute"):
            dx, dy = _shift(child, x + child.x, y + child.y, port, cb)
            child.x += dx
            child.y += dy
        _walk(child, x + child.x, y + child.y, port)
    for line in frag.lines:
        for item in line.items:
            if isinstance(item, BoxFragment):
                _walk(item, x + line.x + item.x, y + line.y + item.y, port)


def _inset(style: Any, name: str, basis: float) -> float | None:
    value = style[name]
    return length(value, basis) if is_definite(value, basis) else None


def _shift(frag: BoxFragment, x: float, y: float, port: Rect, cb: Rect) -> tuple[float, float]:
    """The offset that keeps the box inside its sticky view rectangle (at scroll offset 0)."""
    style = frag.box.style
    m = frag.margin
    port_w, port_h = port[2] - port[0], port[3] - port[1]
    dx = _axis(
        x,
        x + frag.width,
        _inset(style, "left", port_w),
        _inset(style, "right", port_w),
        (port[0], port[2]),
        (cb[0] - (x - m.left), cb[2] - (x + frag.width + m.right)),
    )
    dy = _axis(
        y,
        y + frag.height,
        _inset(style, "top", port_h),
        _inset(style, "bottom", port_h),
        (port[1], port[3]),
        (cb[1] - (y - m.top), cb[3] - (y + frag.height + m.bottom)),
    )
    return dx, dy


def _axis(
    start: float,
    end: float,
    lead: float | None,
    trail: float | None,
    port: tuple[float, float],
    room: tuple[float, float],
) -> float:
    """One axis: `room` is how far the margin box may move back (<= 0) and forward (>= 0)
    within the containing block."""
    shift = 0.0
    if trail is not None and end > port[1] - trail:
        shift = max(min(0.0, room[0]), port[1] - trail - end)
    if lead is not None and start + shift < port[0] + lead:
        shift = min(max(0.0, room[1]), port[0] + lead - start)
    return shift
