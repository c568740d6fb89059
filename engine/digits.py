"""A page that differs from a laid-out page only in some digits of some elements' text (a
slide's number in its footer), made from that layout without laying the page out again.

The digits are replaced in the text boxes of the marked elements and in their text fragments;
nothing moves, so this holds only when every changed text shapes into words and spaces of the
very widths the old text had (tabular digits in the same font): the same line breaks, the
same positions. Otherwise (another width, text the engine transformed, text in a table's grid
or in vertical writing, whose fragments are kept apart) the answer is None and the caller lays
the page out. The copy shares every fragment off the path to the changed text with the page it
was made from (fragments are read, never changed, once laid out), and starts with a copy of
its diagnostics (building a slide adds to them).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.boxes.box import TEXT, Box
from engine.diagnostics import Diagnostics
from engine.fonts.fontsets import use_font_set
from engine.fonts.webfonts import use_web_fonts
from engine.layout.fragments import BoxFragment, InlineBoxFragment, LineFragment, TextFragment
from engine.layout.inline.items import same_shaping
from engine.options import Options

if TYPE_CHECKING:
    from engine.api import LaidOut, LaidOutBox

_DIGIT = re.compile(r"[0-9]")
_APART = ("table", "vertical")  # fragments whose text is kept in `extra`, not in lines


def with_digits(
    laid: LaidOut, html: str, element_class: str, old: str, new: str, options: Options
) -> LaidOut | None:
    """`laid` as the layout of `html`: the page `laid.html` with the digits of the text in the
    elements of class `element_class`, `old` in document order, replaced by `new` (as many).
    The caller vouches that the two pages' HTML differs in nothing else. None when the new
    digits would lay out otherwise, or the elements' text is not `old`'s digits."""
    from engine.api import LaidOut, PageLayout, collect_boxes

    if len(old) != len(new) or _DIGIT.sub("", old + new):
        return None
    page = laid.page
    marked = list(_marked(page.root, element_class))
    texts = sorted({id(b): b for m in marked for b in _text_boxes(m)}.values(), key=_order)
    if "".join(_DIGIT.findall("".join(b.text for b in texts))) != old:
        return None
    digits = iter(new)
    boxes: dict[int, Box] = {}
    for box in texts:
        text = _DIGIT.sub(lambda _m: next(digits), box.text)
        if text != box.text:
            boxes[id(box)] = replace(box, text=text)
    with use_font_set(options.font_set), use_web_fonts(page.web_fonts):
        if not all(same_shaping(b, boxes[id(b)], page.lang) for b in texts if id(b) in boxes):
            return None
    root = _retexted(page.root, boxes)
    if root is None:
        return None
    out: list[LaidOutBox] = []
    collect_boxes(root, 0.0, 0.0, -1, out)
    d = laid.diagnostics
    diagnostics = Diagnostics(list(d.items), d.limit, d.dropped)
    layout = PageLayout(root.width, root.height, out)
    return LaidOut(html, layout, replace(page, root=root), diagnostics)


def _order(box: Box) -> int:
    return box.index


def _marked(frag: BoxFragment, element_class: str) -> Iterator[BoxFragment]:
    """The outermost fragments of elements of class `element_class`, in tree order."""
    element = frag.box.element
    if element is not None and element_class in (element.get("class") or "").split():
        yield frag
        return
    for child in _inner(frag):
        yield from _marked(child, element_class)


def _inner(frag: BoxFragment) -> Iterator[BoxFragment]:
    for line in frag.lines:
        for item in line.items:
            if isinstance(item, BoxFragment):
                yield item
    yield from frag.children


def _text_boxes(frag: BoxFragment) -> Iterator[Box]:
    for line in frag.lines:
        for item in line.items:
            if isinstance(item, TextFragment) and item.box.inner == TEXT:
                yield item.box
    for child in _inner(frag):
        yield from _text_boxes(child)


def _retexted(frag: BoxFragment, boxes: dict[int, Box]) -> BoxFragment | None:
    """`frag` with the text of `boxes` (new boxes by the id of the old) in its fragments: the
    same fragment when none of its text changes; None when a changed text cannot be placed."""
    lines: list[LineFragment] = []
    for line in frag.lines:
        items: list[TextFragment | BoxFragment | InlineBoxFragment] = []
        for item in line.items:
            new: TextFragment | BoxFragment | InlineBoxFragment | None = item
            if isinstance(item, TextFragment) and id(item.box) in boxes:
                new = _text(item, boxes[id(item.box)])
            elif isinstance(item, BoxFragment):
                new = _retexted(item, boxes)
            if new is None:
                return None
            items.append(new)
        same = all(a is b for a, b in zip(items, line.items, strict=True))
        lines.append(line if same else replace(line, items=items))
    children: list[BoxFragment] = []
    for child in frag.children:
        new_child = _retexted(child, boxes)
        if new_child is None:
            return None
        children.append(new_child)
    if all(a is b for a, b in zip(lines, frag.lines, strict=True)) and all(
        a is b for a, b in zip(children, frag.children, strict=True)
    ):
        return frag
    if any(k in frag.extra for k in _APART):
        return None
    return replace(frag, lines=lines, children=children)


def _text(item: TextFragment, box: Box) -> TextFragment | None:
    """The text fragment over `box`'s text at the same offset; None when the fragment's text
    is not its box's own (transformed text, an ellipsis) and holds digits."""
    end = item.start + len(item.text)
    if item.start < 0 or item.box.text[item.start : end] != item.text:
        return None if _DIGIT.search(item.text) else replace(item, box=box)
    return replace(item, box=box, text=box.text[item.start : end])
