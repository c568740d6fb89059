"""Line truncation (a block's laid-out lines + text-overflow / -webkit-line-clamp -> the lines a viewer sees, ending in "…").

What Chromium does, recorded in tests/layout/expected_text.json:

* `text-overflow: ellipsis` on a block whose `overflow` is not `visible`: every line wider than
  the block is cut at the last character after which the ellipsis still fits, and "…" follows
  (in the block's own font);
* `-webkit-line-clamp: N` on a `display: -webkit-box; -webkit-box-orient: vertical` block: the
  block is N lines tall; the Nth line (when more lines follow) loses its trailing spaces and
  gets "…" after its last word, or is cut like an overflowing line when that does not fit;
  lines after it are dropped when the block clips its overflow.
"""

from __future__ import annotations

from typing import Any

from engine.layout.fragments import BoxFragment, InlineBoxFragment, LineFragment, TextFragment
from engine.layout.inline.text import FontInfo, font_info

ELLIPSIS = "\u2026"
EPSILON = 0.01


def line_clamp(style: Any) -> int | None:
    """The used -webkit-line-clamp (None: not clamping)."""
    value = style["-webkit-line-clamp"]
    if value == "none" or style["display"] != "-webkit-box":
        return None
    if style["-webkit-box-orient"] != "vertical":
        return None
    try:
        count = int(str(value))
    except ValueError:
        return None
    return count if count > 0 else None


def ellipsis_text(style: Any) -> str | None:
    """The string that marks cut text on overflowing lines (None: overflow is clipped or shown)."""
    if style["overflow-x"] == "visible":
        return None
    value = style["text-overflow"]
    if value == "ellipsis":
        return ELLIPSIS
    if isinstance(value, str) and value.startswith('"'):
        return value[1:-1]
    return None


def truncate_lines(
    lines: list[LineFragment], style: Any, width: float, lang: str = ""
) -> tuple[list[LineFragment], int]:
    """Apply line clamping and text-overflow to `lines`; returns (lines to keep, lines counted
    for the block's height)."""
    clamp = line_clamp(style)
    mark = ellipsis_text(style)
    if clamp is None and mark is None:
        return lines, len(lines)
    font = font_info(style, lang)
    counted = len(lines)
    if clamp is not None and len(lines) > clamp:
        counted = clamp
        _end_with_ellipsis(lines[clamp - 1], width, font)
        lines[clamp - 1].last = True
        if style["overflow-y"] != "visible":
            lines = lines[:clamp]
    if mark is not None:
        for line in lines:
            if _right_edge(line) > width + EPSILON:
                _cut(line, width, font, mark)
    return lines, counted


def _right_edge(line: LineFragment) -> float:
    right = 0.0
    for item in line.items:
        if isinstance(item, TextFragment):
            if not item.marker:
                right = max(right, item.x + _trimmed_width(item))
        elif isinstance(item, (BoxFragment, InlineBoxFragment)):
            right = max(right, item.x + item.width)
    return right


def _trimmed_width(item: TextFragment) -> float:
    """Width of a fragment without its trailing spaces (they hang past the line end)."""
    stripped = item.text.rstrip(" ")
    if stripped == item.text or not stripped:
        return item.width if stripped else 0.0
    font = font_info(item.box.style)
    return item.width - font.measure(item.text[len(stripped) :])


def _end_with_ellipsis(line: LineFragment, width: float, font: FontInfo) -> None:
    """The last line of a clamped block: "…" after its content, or cut where it fits."""
    texts = [i for i in line.items if isinstance(i, TextFragment) and not i.marker]
    if texts:
        last = max(texts, key=lambda t: t.x)
        stripped = last.text.rstrip(" ")
        if stripped != last.text:
            last.width = _trimmed_width(last)
            last.text = stripped
    if _right_edge(line) + font.measure(ELLIPSIS) <= width + EPSILON:
        _append(line, font, ELLIPSIS, width)
    else:
        _cut(line, width, font, ELLIPSIS)


def _cut(line: LineFragment, width: float, font: FontInfo, mark: str) -> None:
    """Cut the line at the last character after which `mark` fits, then append `mark`."""
    limit = width - font.measure(mark)
    kept: list[Any] = []
    for item in sorted(line.items, key=lambda i: i.x):
        if isinstance(item, TextFragment) and not item.marker:
            if item.x + item.width <= limit + EPSILON:
                kept.append(item)
                continue
            run_font = font_info(item.box.style)
            x = item.x
            count = 0
            for advance in run_font.advances(item.text):
                if x + advance > limit + EPSILON:
                    break
                x += advance
                count += 1
            if count:
                item.text = item.text[:count]
                item.width = x - item.x
                kept.append(item)
            break
        if isinstance(item, InlineBoxFragment):
            if item.x < limit:
                item.width = min(item.width, max(0.0, limit - item.x))
                kept.append(item)
            continue
        if isinstance(item, BoxFragment) and item.x + item.width > limit + EPSILON:
            break
        kept.append(item)
    line.items[:] = kept
    _append(line, font, mark, width)


def _append(line: LineFragment, font: FontInfo, mark: str, width: float) -> None:
    """Add `mark` right after the line's last text (in the block's font size)."""
    texts = [i for i in line.items if isinstance(i, TextFragment) and not i.marker]
    if not texts:
        return
    anchor = max(texts, key=lambda t: t.x)
    right = anchor.x + anchor.width
    mark_width = font.measure(mark)
    if abs(anchor.font_size - font.size) < 0.01:
        anchor.text += mark
        anchor.width += mark_width
    else:
        line.items.append(
            TextFragment(
                anchor.box,
                mark,
                right,
                mark_width,
                anchor.baseline,
                font.size,
                font.ascent,
                font.descent,
                font.family,
            )
        )
    line.content_width = min(width, right + mark_width)
