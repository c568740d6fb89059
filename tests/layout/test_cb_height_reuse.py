"""A box whose layout cannot read its containing block's height (a block or flex container whose
height, min-height and max-height hold no percentage) is laid out once for spaces that differ
only in that height: a grown or stretched flex item measured at its auto height gives its
children an indefinite containing block height, then a definite one once placed, and their
layouts are the same. Boxes that do read it (percentage heights) are laid out again."""

from __future__ import annotations

import pytest

from engine.api import layout_boxes
from engine.boxes import box as b
from engine.layout import base
from engine.options import Options
from engine.pipeline import layout_page


def _page(stack: str, item_style: str = "flex:1 1 auto") -> str:
    # The generator's content frame: a column flex container whose one item grows to fill it.
    return (
        "<html><body><div class='slide' style='width:1280px;height:720px;overflow:hidden'>"
        "<div style='height:600px;display:flex;flex-direction:column'>"
        f"<div class='stack' style='{item_style}'>{stack}</div></div></div></body></html>"
    )


def _paragraphs(count: int) -> str:
    words = " ".join(f"word{i}" for i in range(30))
    return "".join(f"<p style='margin:0 0 8px 0'>{words} {n}</p>" for n in range(count))


def _unshared(box: object, space: base.Space) -> None:
    return None


def _geometry(html: str) -> list[tuple[object, ...]]:
    page = layout_boxes(html)
    return [
        (box.kind, box.x, box.y, box.width, box.height, box.text, box.parent) for box in page.boxes
    ]


def test_children_of_a_grown_item_are_laid_out_once(inline_layouts: list[int]) -> None:
    layout_boxes(_page(_paragraphs(4) + "<div><p>nested one</p><p>nested two</p></div>"))
    assert inline_layouts[0] == 6  # was 10: measured at the auto height, then placed grown


@pytest.mark.parametrize(
    "stack",
    [
        _paragraphs(3),
        "<div>" + _paragraphs(2) + "</div><div style='display:flex'><p>a</p><p>b</p></div>",
        # percentage heights read the grown item's height: laid out again, resolved against it
        "<div class='half' style='height:50%;background:red'>half</div>" + _paragraphs(1),
        "<div style='min-height:25%'><p>min</p></div><div style='max-height:10%'>max</div>",
    ],
)
def test_the_layout_equals_the_unshared_one(stack: str, monkeypatch: pytest.MonkeyPatch) -> None:
    html = _page(stack)
    shared = _geometry(html)
    monkeypatch.setattr(base, "shared_key", _unshared)
    assert shared == _geometry(html)


def test_a_percentage_height_resolves_against_the_placed_item() -> None:
    page = layout_boxes(_page("<div class='half' style='height:50%'>half</div>"))
    by_class = {box.attributes.get("class"): box for box in page.boxes if box.kind == "box"}
    assert by_class["half"].height == pytest.approx(by_class["stack"].height / 2)


@pytest.mark.parametrize(
    ("style", "ignores"),
    [
        ("", True),
        ("display:flex;min-height:40px;max-height:none", True),
        ("height:120px", True),
        ("height:50%", False),
        ("min-height:calc(10% + 4px)", False),
        ("max-height:80%", False),
        ("writing-mode:vertical-rl", False),
        ("column-count:2", False),
        ("display:table", False),
        ("display:grid", False),
    ],
)
def test_which_boxes_ignore_the_containing_block_height(style: str, ignores: bool) -> None:
    html = _page(f"<div class='probe' style='{style}'>text</div>", "")
    laid = layout_page(html, Options())
    probe = _find(laid.root, "probe")
    assert probe is not None
    assert base.ignores_cb_height(probe) is ignores


def _find(frag: object, cls: str) -> b.Box | None:
    box = getattr(frag, "box", None)
    if isinstance(box, b.Box) and box.element is not None and box.element.get("class") == cls:
        return box
    for child in getattr(frag, "children", []):
        found = _find(child, cls)
        if found is not None:
            return found
    return None
