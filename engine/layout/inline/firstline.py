"""::first-line (an inline formatting context's pieces + the ::first-line values -> pieces whose first line is measured and styled with those values)."""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.boxes import box as b
from engine.layout.base import LayoutContext
from engine.layout.dispatch import break_lines
from engine.style.computed import ComputedStyle, derived_style


def first_line_pieces(
    container: b.Box,
    ctx: LayoutContext,
    collector_type: Any,
    width: float,
    first_width: float,
    cb_height: float | None,
    pieces: list[Any],
    prefix: list[Any],
    indent: float,
    wrap: bool,
) -> tuple[list[Any], int | None]:
    """Chromium lays the first line out with the ::first-line style: the text is collected a
    second time from copies of the text boxes carrying those values, the first line is broken
    from that stream, and the rest of the line stream continues with the normal pieces (both
    streams hold the same words in the same order, so piece counts correspond). Returns the
    pieces and where the first line ends (`first_width`: the first line's available width)."""
    values = container.first_line
    if not values:
        return pieces, None
    key = (container, "first-line")
    children = ctx.intrinsic_cache.get(key)  # type: ignore[arg-type]
    if children is None:
        children = _styled_copies(container.children, values, {})
        ctx.intrinsic_cache[key] = children  # type: ignore[assignment]
    other = collector_type(ctx, width, cb_height)
    for piece in prefix:
        other.emit(piece)
    other.pending_break = False if prefix else other.pending_break
    other.collect(children, 0.0, frozenset(), container.style)
    styled = other.pieces
    if len(styled) != len(pieces) or any(
        x.kind != y.kind for x, y in zip(styled, pieces, strict=True)
    ):
        return pieces, None
    lines = break_lines(styled, first_width, indent, wrap)
    if not lines:
        return pieces, None
    n = len(lines[0][0])
    return styled[:n] + pieces[n:], n


def _styled_copies(
    children: list[b.Box], values: dict[str, Any], styles: dict[int, ComputedStyle]
) -> list[b.Box]:
    out: list[b.Box] = []
    for child in children:
        if child.pseudo == "first-letter":
            out.append(child)  # ::first-letter values win over ::first-line ones
        elif child.inner == b.TEXT:
            out.append(dataclasses.replace(child, style=_styled(child.style, values, styles)))
        elif child.inner == b.INLINE:
            out.append(
                dataclasses.replace(
                    child,
                    style=_styled(child.style, values, styles),
                    children=_styled_copies(child.children, values, styles),
                )
            )
        else:
            out.append(child)
    return out


def _styled(style: Any, values: dict[str, Any], styles: dict[int, ComputedStyle]) -> Any:
    found = styles.get(id(style))
    if found is None:
        found = styles[id(style)] = derived_style(style, values)
    return found
