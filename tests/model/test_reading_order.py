"""Shapes keep their painting order where they overlap and follow document order elsewhere."""

from __future__ import annotations

from engine.model.reading_order import reading_order
from engine.options import Options
from engine.pipeline import convert_page


def box(name: str, x: float, y: float, w: float = 10, h: float = 10) -> dict:
    return {"kind": "rect", "name": name, "x": x, "y": y, "w": w, "h": h}


def test_non_overlapping_shape_moves_back_to_document_order():
    shapes = [box("card", 0, 0, 100, 100), box("other", 200, 0), box("label", 50, 50)]
    # label comes from box 2 (inside the card, box 1), other from box 3; label was painted last
    ordered = reading_order(shapes, [1, 3, 2])
    assert [s["name"] for s in ordered] == ["card", "label", "other"]


def test_overlapping_shapes_keep_painting_order():
    shapes = [box("under", 0, 0, 50, 50), box("over", 10, 10)]
    assert [s["name"] for s in reading_order(shapes, [5, 1])] == ["under", "over"]


def test_positioned_label_reads_with_its_card():
    page = (
        '<div class="slide" style="width:640px;height:200px;font-family:Liberation Sans">'
        '<div style="position:relative;width:300px;height:150px;padding-top:1px"><span style="position:absolute;right:10px;top:10px">Day 1</span><p style="margin:60px 0 0">First card</p></div>'
        '<div style="position:absolute;left:320px;top:0;width:300px"><p>Second card</p></div></div>'
    )
    slide = convert_page(page, Options()).slide
    texts = [
        " ".join(r.get("text", "") for p in s["text"]["paragraphs"] for r in p["runs"])
        for s in slide["shapes"]
        if s["kind"] == "text"
    ]
    assert texts == ["Day 1", "First card", "Second card"]
