"""Layout leaves no reference cycles: a page's fragments, pieces and boxes are freed by reference
counting when the page is done (pages run with the cyclic collector paused; cyclic garbage
left behind costs a full collection over every object of the page afterwards)."""

from __future__ import annotations

import gc

from engine.pipeline import layout_html


def _page(body: str) -> str:
    return (
        "<html><body><div class='slide' style='width:1280px;height:720px;overflow:hidden'>"
        f"{body}</div></body></html>"
    )


def _cyclic_garbage(html: str) -> int:
    layout_html(html)  # fonts and caches first
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        root = layout_html(html)
        del root
        return gc.collect()
    finally:
        if enabled:
            gc.enable()


def test_wrapped_paragraphs_leave_no_cycles() -> None:
    words = " ".join(f"word{i}" for i in range(60))
    html = _page("".join(f"<p style='width:200px'>{words}</p>" for i in range(20)))
    assert _cyclic_garbage(html) == 0


def test_lists_and_tables_leave_no_cycles() -> None:
    rows = "".join(f"<tr><td>{r}.1</td><td>cell {r} two</td></tr>" for r in range(30))
    items = "".join(f"<li>item {i}</li>" for i in range(40))
    html = _page(f"<ol>{items}</ol><table>{rows}</table>")
    assert _cyclic_garbage(html) == 0


def test_overflow_wrap_split_leaves_no_cycles() -> None:
    # The line breaker's `place` calls itself for overflow-wrap splits.
    html = _page("<p style='width:40px;overflow-wrap:anywhere'>" + "x" * 300 + "</p>")
    assert _cyclic_garbage(html) == 0
