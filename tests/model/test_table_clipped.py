"""Tables wholly outside the clip: not built cell by cell, dropped and counted as before."""

from __future__ import annotations

from typing import Any

from engine import convert
from engine.layout.fragments import BoxFragment
from engine.model.clip.clipping import outside
from engine.model.geometry import translate
from engine.model.tables.mapping import table_shapes
from engine.pipeline import layout_html


def _page(body: str) -> str:
    return (
        "<html><head><style>body{margin:0} .slide{width:1280px;height:720px;overflow:hidden;"
        "font:12px 'Liberation Sans'}</style></head>"
        f"<body><div class='slide'>{body}</div></body></html>"
    )


def _table(cell_style: str = "") -> str:
    rows = "".join(
        f"<tr><td style='border:1px solid #ccc;{cell_style}'>r{r}</td><td>c{r}</td></tr>"
        for r in range(6)
    )
    return f"<table id='t'>{rows}</table>"


def _table_fragment(html: str) -> BoxFragment:
    root = layout_html(html)
    stack = [root]
    while stack:
        frag = stack.pop()
        if "table" in frag.extra:
            return frag
        stack.extend(frag.children)
    raise AssertionError("no table fragment")


def _shapes(frag: BoxFragment, clip: Any) -> list[dict[str, Any]]:
    m = translate(frag.x, frag.y)
    return table_shapes(frag, frag.extra["table"], m, 1.0, lambda x, y: None, clip)


def _box(shape: dict[str, Any]) -> tuple[float, ...]:
    return tuple(shape[k] for k in ("x", "y", "w", "h"))


def test_table_outside_the_clip_is_a_bare_stub_with_the_same_box() -> None:
    frag = _table_fragment(_page(_table()))
    full = _shapes(frag, None)
    assert len(full) == 1 and len(full[0]["rows"]) == 6
    below = (0.0, 2000.0, 1280.0, 2720.0)  # a clip far below the table
    stub = _shapes(frag, below)
    assert len(stub) == 1
    assert stub[0]["kind"] == "table" and stub[0]["rows"] == []
    assert _box(stub[0]) == _box(full[0])
    assert outside(stub[0], below) and outside(full[0], below)


def test_visible_table_is_built_in_full() -> None:
    frag = _table_fragment(_page(_table()))
    shapes = _shapes(frag, (0.0, 0.0, 1280.0, 720.0))
    assert len(shapes) == 1 and len(shapes[0]["rows"]) == 6


def test_filled_table_outside_the_clip_is_built_in_full() -> None:
    # Cell fills can add row underlays and rounded corner shapes: no stub then.
    frag = _table_fragment(_page(_table("background:#ffeeaa")))
    shapes = _shapes(frag, (0.0, 2000.0, 1280.0, 2720.0))
    assert shapes[-1]["kind"] == "table" and len(shapes[-1]["rows"]) == 6


def test_table_below_the_slide_is_counted_as_not_written() -> None:
    spacer = "<div style='height:900px'></div>"
    conv = convert([_page(spacer + _table())])
    assert not any(s.get("kind") == "table" for s in conv.slides[0]["shapes"])
    messages = [d["message"] for d in conv.diagnostics[0]]
    # the table counts as one shape, as when it was built in full (cell text lives in the table)
    assert "1 shapes or text lines not written: clipped away or off the slide" in messages
