"""Table cells of one plain run (a copied whole a:tc) are written exactly as the general path writes them."""

from __future__ import annotations

from typing import Any

import pytest
from lxml import etree

from engine.model.schema import Cell
from engine.model.schema.complete import complete
from engine.pptx.context import SlideContext
from engine.pptx.oxml import NS_A, NS_P, NS_R, a
from engine.pptx.tables import _add_cell, _write_cell

RUN = {"size": 8.0, "color": "333333", "font": "Liberation Sans", "lang": "en-US"}
LINE = {"width": 1.0, "color": "CCCCCC", "alpha": 1.0, "dash": "solid"}
BORDERS = {"t": LINE, "r": LINE, "b": LINE, "l": None}


def _para(**run: Any) -> dict[str, Any]:
    return {"align": "l", "line_spacing": {"pts": 9.2}, "runs": [{**RUN, **run}]}


CELLS: list[Cell] = [
    complete(cell, Cell)
    for cell in [
        {"text": {"paragraphs": [_para(text="1.1")]}, "margins": [1.0, 2.0, 3.0, 0.0]},
        {"text": {"paragraphs": [_para(text="other")]}, "margins": [1.0, 2.0, 3.0, 0.0]},
        {"text": {"paragraphs": [_para(text="bold", bold=True)]}, "margins": [0, 0, 0, 0]},
        {
            "text": {"paragraphs": [_para(text="fill")]},
            "fill": {"type": "solid", "color": "FFEEAA"},
        },
        {"text": {"paragraphs": [_para(text="mid")]}, "anchor": "ctr", "margins": [4, 4, 4, 4]},
        {"text": {"paragraphs": [_para(text="two\nlines")]}},  # a line feed: general path
        {"text": {"paragraphs": [_para(text="link", href="https://example.com")]}},
        {"text": {"paragraphs": [_para(text="a"), _para(text="b")]}},  # two paragraphs
        {"text": {"paragraphs": [{**_para(text="end"), "end_run": {"size": 1.0}}]}},
        {"text": {"paragraphs": [_para(text="")]}},  # empty run
        {"text": {"paragraphs": [_para(text="ctrl\x01")]}},
        {"text": {"paragraphs": [_para(text="vert")], "vertical": "vert"}},
        {"text": None},
    ]
]


def _no_blip(key: str, name: str | None) -> tuple[str, str | None] | None:
    return None


def _link(href: str) -> str | None:
    return "rId9"


def _ctx() -> SlideContext:
    return SlideContext(_no_blip, _link)


def _tr() -> etree._Element:
    return etree.Element(a("tr"), nsmap={"a": NS_A, "p": NS_P, "r": NS_R})


@pytest.mark.parametrize("cell", CELLS)
@pytest.mark.parametrize("attrib", [{}, {"gridSpan": "2"}])
def test_cell_from_template_equals_general_path(cell: Cell, attrib: dict[str, str]) -> None:
    ctx = _ctx()
    tr = _tr()
    for _ in range(3):  # the second and third come from the cached a:tc
        _add_cell(tr, cell, dict(attrib), BORDERS, ctx, False)
    xml = [etree.tostring(tc) for tc in tr]
    assert xml[0] == xml[1] == xml[2]
    # the general writer (no whole-cell template), called directly, writes the same a:tc
    general = _tr()
    text = cell["text"]
    tc_attrib = dict(tr[0][1].attrib)  # tcPr: marL marR marT marB [vert] anchor
    lines = tuple(BORDERS.get(side) for side in ("l", "r", "t", "b"))
    _write_cell(general, text, dict(attrib), tc_attrib, lines, cell["fill"], _ctx())
    assert etree.tostring(general[0]) == xml[0]


def test_copies_keep_their_own_text() -> None:
    ctx = _ctx()
    tr = _tr()
    for word in ("one", "two", "three & <four>"):
        cell = complete({"text": {"paragraphs": [_para(text=word)]}}, Cell)
        _add_cell(tr, cell, {}, BORDERS, ctx, False)
    assert [tc.findtext(f"{a('txBody')}/{a('p')}/{a('r')}/{a('t')}") for tc in tr] == [
        "one",
        "two",
        "three & <four>",
    ]


def test_covered_cell_has_an_empty_body() -> None:
    tr = _tr()
    cell = complete({"text": {"paragraphs": [_para(text="hidden")]}}, Cell)
    _add_cell(tr, cell, {"hMerge": "1"}, BORDERS, _ctx(), True)
    assert tr[0].get("hMerge") == "1"
    assert tr[0].find(f".//{a('t')}") is None
