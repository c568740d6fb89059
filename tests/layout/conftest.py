"""Layout test helpers: HTML -> the slide root's fragment, and finding fragments by id or class."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.layout.fragments import BoxFragment, InlineBoxFragment


def layout(html: str) -> BoxFragment:
    """The slide root's fragment for a page (the full pipeline up to absolute positioning)."""
    from engine.pipeline import layout_html

    return layout_html(html)


def walk(
    frag: BoxFragment, x: float = 0.0, y: float = 0.0
) -> Iterator[tuple[BoxFragment, float, float]]:
    """Every box fragment with its absolute border-box position (the root at x, y)."""
    yield frag, x, y
    for child in frag.children:
        yield from walk(child, x + child.x, y + child.y)
    for line in frag.lines:
        for item in line.items:
            if isinstance(item, BoxFragment):
                yield from walk(item, x + line.x + item.x, y + line.y + item.y)


def find_fragment(
    root: BoxFragment, id: str | None = None, cls: str | None = None
) -> tuple[BoxFragment, float, float]:
    """The first fragment (with its absolute position) whose element has this id or class."""
    for frag, x, y in walk(root):
        el = frag.box.element
        if el is None:
            continue
        if id is not None and el.get("id") == id:
            return frag, x, y
        if cls is not None and cls in (el.get("class") or "").split():
            return frag, x, y
    raise LookupError(f"no fragment for id={id!r} class={cls!r}")


def boxes_by_id(root: BoxFragment) -> dict[str, tuple[float, float, float, float]]:
    """Absolute border boxes (x, y, width, height) of all fragments whose element has an id.

    Inline elements (spans) count through their first line fragment, as getBoundingClientRect
    reports a one-line span."""
    out: dict[str, tuple[float, float, float, float]] = {}
    for frag, x, y in walk(root):
        el = frag.box.element
        if el is not None and el.get("id") and el.get("id") not in out:
            out[el.get("id")] = (x, y, frag.width, frag.height)
    for frag, x, y in walk(root):
        for line in frag.lines:
            for item in line.items:
                if (
                    isinstance(item, InlineBoxFragment)
                    and item.first
                    and item.box.element is not None
                ):
                    ident = item.box.element.get("id")
                    if ident and ident not in out:
                        out[ident] = (
                            x + line.x + item.x,
                            y + line.y + item.y,
                            item.width,
                            item.height,
                        )
    return out


@pytest.fixture
def inline_layouts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many inline formatting contexts the test's layouts lay out (a counter in a list)."""
    from engine.layout.inline import layout as inline_layout

    calls = [0]
    original = inline_layout.layout_inline

    def counted(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(inline_layout, "layout_inline", counted)
    yield calls


def styles_of(html: str, tag: str) -> list[Any]:
    """The computed style objects of a page's `tag` elements, in document order (one cascade
    on a 1280x720 viewport: elements of the same style share one object)."""
    from engine.diagnostics import Diagnostics
    from engine.options import Limits
    from engine.parse import parse_page
    from engine.style import compute_styles

    diag = Diagnostics()
    page = parse_page(html, diag, Limits())
    styles = compute_styles(page, diag, (1280.0, 720.0))
    return [styles[el] for el in page.root.iter(tag)]
