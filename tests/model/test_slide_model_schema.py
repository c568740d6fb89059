"""The slide model's types, its committed JSON Schema and the check of decks from outside."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from engine import Options, convert
from engine.model.schema import Deck, ModelError, RectShape, problems, validate_slide
from engine.model.schema.complete import complete
from engine.model.schema.generate import schema_text
from engine.model.schema.validate import load_schema
from engine.pptx import write_deck

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FILE = ROOT / "engine" / "data" / "slide-model.schema.json"
# Decks whose pages between them emit every shape kind, fill type, bullets, tables with
# merged cells, vertical CJK text, SVG pictures, RTL text and gradients.
CORPUS_DECKS = [
    "data-tables-badges",
    "deck-academic",
    "deck-charts-infographic",
    "deck-cjk-ja-ko-edu",
    "deck-marketing-fx",
    "deck-photo-layouts",
    "deck-plain-ua",
    "deck-typo-rtl",
    "svg-illustrations",
]


def test_committed_schema_is_what_the_types_give() -> None:
    """Regenerate with: python -m engine.model.schema.generate > engine/data/slide-model.schema.json"""
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text()


def test_schema_is_valid_and_tells_shapes_apart_by_kind() -> None:
    schema = load_schema()
    Draft202012Validator.check_schema(schema)
    shape = schema["$defs"]["Shape"]
    assert shape["properties"]["kind"]["enum"] == [
        "rect",
        "text",
        "picture",
        "line",
        "table",
        "group",
    ]
    assert schema["$defs"]["RectShape"]["additionalProperties"] is False
    assert "x" in schema["$defs"]["RectShape"]["required"]
    assert "radius" not in schema["$defs"]["RectShape"]["required"]  # NotRequired


@pytest.mark.parametrize("name", CORPUS_DECKS)
def test_corpus_decks_to_dict_match_the_schema(name: str) -> None:
    pages = sorted((ROOT / "samples" / "corpus" / name).glob("*.html"))
    assert pages
    # the model is what is checked: fonts are not embedded (tests/pptx and tests/fonts cover that)
    conversion = convert(
        [p.read_text(encoding="utf-8") for p in pages], options=Options(embed_fonts="none")
    )
    data = json.loads(json.dumps(conversion.to_dict(include_media=True)))
    validator = Draft202012Validator(load_schema())
    assert [e.message for e in validator.iter_errors(data)] == []
    assert problems(data, "Deck") == []  # the same dict is a Deck (write_deck takes it)


def _deck(*shapes: dict) -> dict:
    slide = {"background": None, "shapes": list(shapes), "notes": None, "blank": False}
    return {"width": 1280, "height": 720, "slides": [slide]}


RECT: RectShape = {
    "kind": "rect",
    "x": 0,
    "y": 0,
    "w": 10,
    "h": 10,
    "geom": "rect",
    "fill": {"type": "solid", "color": "FF0000", "alpha": 1},
    "line": None,
}


def test_a_malformed_deck_is_refused_with_every_place_named() -> None:
    bad_fill = {**RECT, "fill": {"type": "solid", "colour": "FF0000", "alpha": 1}}
    no_x = {k: v for k, v in RECT.items() if k != "x"}
    with pytest.raises(ModelError) as refused:
        write_deck(_deck(RECT, bad_fill, no_x, {**RECT, "kind": "video"}), {})
    message = str(refused.value)
    assert message.startswith("the deck does not match the slide model:")
    assert "slides[0].shapes[1].fill: 'color' is a required property" in message
    assert "slides[0].shapes[1].fill: Additional properties are not allowed ('colour'" in message
    assert "slides[0].shapes[2]: 'x' is a required property" in message
    assert "slides[0].shapes[3].kind: 'video' is not one of" in message
    assert "slides[0].shapes[0]" not in message


def test_a_valid_deck_is_written_and_may_carry_datetimes() -> None:
    deck = _deck(RECT)
    deck["created"] = dt.datetime(2024, 5, 1, tzinfo=dt.UTC)
    assert problems(deck) == []
    assert write_deck(deck, {})[:2] == b"PK"


def test_media_without_bytes_is_refused_by_the_writer() -> None:
    with pytest.raises(ModelError, match=r"abc\.data: the picture's bytes are missing"):
        write_deck(_deck(RECT), {"abc": {"content_type": "image/png", "width": 1, "height": 1}})


def test_validate_slide_names_the_nested_place() -> None:
    table = {
        "kind": "table",
        "x": 0,
        "y": 0,
        "w": 10,
        "h": 10,
        "columns": [10],
        "rows": [{"h": 10, "cells": [{"text": None}]}],
    }
    slide = {"background": None, "shapes": [table], "notes": None, "blank": False}
    with pytest.raises(
        ModelError, match=r"shapes\[0\]\.rows\[0\]\.cells\[0\]: 'span' is a required"
    ):
        validate_slide(slide)


def test_complete_fills_required_keys_with_neutral_values() -> None:
    deck = complete({"width": 100, "height": 50, "slides": [{"shapes": [{"kind": "text"}]}]}, Deck)
    assert problems(deck) == []
    text = deck["slides"][0]["shapes"][0]
    assert (text["x"], text["text"]["anchor"], text["text"]["paragraphs"]) == (0.0, "t", [])


def test_no_bullet_is_none_and_an_empty_bullet_is_refused() -> None:
    para = {"align": "l", "runs": [{"text": "a"}]}
    body = {"wrap": True, "anchor": "t", "insets": [0, 0, 0, 0], "vertical": None}
    text = {"kind": "text", "x": 0, "y": 0, "w": 10, "h": 10}
    for bullet in (None, {"char": "-", "font": None, "color": None}):
        paras = [{**para, "bullet": bullet}]
        validate_slide(_deck({**text, "text": {**body, "paragraphs": paras}})["slides"][0])
    paras = [{**para, "bullet": {}}]
    with pytest.raises(ModelError, match=r"paragraphs\[0\]\.bullet"):
        validate_slide(_deck({**text, "text": {**body, "paragraphs": paras}})["slides"][0])
