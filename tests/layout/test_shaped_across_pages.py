"""A text shaped by one page's layout is not shaped again by the next layout of the same text in
the same font and text settings (a generator lays each slide out several times); a different
font size, transform, white-space or caps setting shapes it anew. The lines are the same."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.api import layout_boxes
from engine.layout.inline import items


def _page(style: str, text: str) -> str:
    return (
        "<html><body><div class='slide' style='width:1280px;height:720px;overflow:hidden'>"
        f"<p style='width:300px;{style}'>{text}</p></div></body></html>"
    )


@pytest.fixture
def shapings(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    seen: list[str] = []
    original = items._shape

    def counted(raw: str, *args: object) -> items.Shaped:
        seen.append(raw)
        return original(raw, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(items, "_shape", counted)
    yield seen


def _lines(html: str) -> list[tuple[str, float, float]]:
    page = layout_boxes(html)
    return [(b.text, b.width, b.y) for b in page.boxes if b.kind == "line"]


def test_the_same_text_is_shaped_once_across_layouts(shapings: list[str]) -> None:
    text = "Shaped once across pages: the same words at the same size wrap the same way."
    first = _lines(_page("font-size:23px", text))
    second = _lines(_page("font-size:23px", text))
    assert shapings.count(text) == 1
    assert first == second and len(first) > 1


@pytest.mark.parametrize(
    "other",
    ["font-size:19px", "text-transform:uppercase", "white-space:pre", "font-variant:small-caps"],
)
def test_other_text_settings_shape_again(shapings: list[str], other: str) -> None:
    text = f"Shaped again when a setting differs ({other})."
    plain = _lines(_page("font-size:21px", text))
    changed = _lines(_page(f"font-size:21px;{other}", text))
    assert shapings.count(text) == 2
    assert plain != changed
