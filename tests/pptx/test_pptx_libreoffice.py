"""Every shape kind the writer emits renders through LibreOffice (soffice -> PDF -> text, pixels)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from pptx_testkit import SVG_BYTES, media_entry, png_bytes, text_body

from engine.model.schema import Deck
from engine.model.schema.complete import complete
from engine.pptx import write_deck
from tests.libreoffice import libreoffice_pdf
from tests.requires import requires_tools

pytestmark = [
    pytest.mark.slow,
    pytest.mark.fonts("fonts-dejavu-core"),  # LibreOffice aborts when no font is installed
]


BLACK = {"width": 1, "color": "000000", "alpha": 1, "dash": "solid"}
STOPS = [{"pos": 0, "color": "FF0000", "alpha": 1}, {"pos": 1, "color": "0000FF", "alpha": 1}]


def _words(word: str, **run) -> dict:
    return text_body({"runs": [{"text": word, "size": 24, "font": "DejaVu Sans", **run}]})


def _slide(*shapes: dict, **keys) -> dict:
    return {"background": None, "shapes": list(shapes), "notes": None, "blank": False, **keys}


def _deck() -> tuple[dict, dict, list[str]]:
    """One slide per shape kind, each carrying a marker word LibreOffice must print."""
    png_sha, png = media_entry(png_bytes((0, 160, 0, 255), (40, 20)), "image/png")
    svg_sha, svg = media_entry(SVG_BYTES, "image/svg+xml")
    media = {png_sha: png, svg_sha: svg}
    bullet = {"char": "•", "font": "DejaVu Sans", "color": "FF0000"}
    text_paras: list[dict[str, Any]] = [
        {"align": "l", "runs": [{"text": "Textbox", "size": 24, "bold": True, "color": "222222"}]},
        {
            "align": "ctr",
            "line_spacing": {"pct": 1.2},
            "space_before": 6,
            "bullet": bullet,
            "margin_left": 20,
            "indent": -20,
            "runs": [
                {"text": "Bulleted", "size": 18, "href": "https://example.com/", "color": "0000FF"},
                {"break": True},
                {"text": "x2", "size": 18, "baseline": 30000, "ea_font": "Noto Sans CJK JP"},
            ],
        },
        {"bullet": {"autonum": "arabicPeriod", "start": 2}, "runs": [{"text": "Numbered"}]},
        {"runs": [{"text": "", "size": 30}]},
    ]
    rect = {
        "kind": "rect",
        "x": 100,
        "y": 100,
        "w": 400,
        "h": 200,
        "rotation": 10,
        "geom": "roundRect",
        "radius": 20,
        "fill": {"type": "solid", "color": "FFCC00", "alpha": 0.9},
        "line": {"width": 3, "color": "000000", "alpha": 1, "dash": "dash"},
        "shadow": {"blur": 10, "dist": 5, "dir": 45, "color": "000000", "alpha": 0.4},
        "text": _words("Rectangle"),
    }
    ellipse = {
        "kind": "rect",
        "x": 600,
        "y": 100,
        "w": 300,
        "h": 300,
        "geom": "ellipse",
        "fill": {"type": "gradient", "path": "circle", "angle": 0, "stops": STOPS},
        "line": None,
        "text": _words("Ellipse", color="FFFFFF"),
    }
    gradient = {
        "kind": "rect",
        "x": 100,
        "y": 400,
        "w": 500,
        "h": 100,
        "geom": "rect",
        "fill": {"type": "gradient", "path": "linear", "angle": 45, "stops": STOPS},
        "shadow": {"blur": 4, "dist": 0, "dir": 0, "color": "000000", "alpha": 1, "spread": 4},
        "text": _words("Gradient", color="FFFFFF"),
    }
    picture = {
        "kind": "picture",
        "x": 100,
        "y": 100,
        "w": 400,
        "h": 200,
        "media": png_sha,
        "crop": {"l": 0.1, "t": 0, "r": 0.1, "b": 0},
        "geom": "roundRect",
        "radius": 16,
        "line": BLACK,
        "shadow": None,
        "alpha": 0.8,
    }
    svg_picture = dict(picture, x=600, media=png_sha, svg_media=svg_sha, geom="ellipse")
    table = {
        "kind": "table",
        "x": 100,
        "y": 100,
        "w": 600,
        "h": 120,
        "columns": [200, 200, 200],
        "rows": [
            {
                "h": 40,
                "cells": [
                    {
                        "text": _words("Merged"),
                        "span": [2, 2],
                        "fill": {"type": "solid", "color": "DDEEFF", "alpha": 1},
                        "borders": {"l": BLACK, "r": BLACK, "t": BLACK, "b": BLACK},
                        "margins": [8, 4, 8, 4],
                        "anchor": "ctr",
                    },
                    {"merged": True},
                    {"text": _words("Cell"), "borders": {"l": BLACK, "r": BLACK, "t": BLACK}},
                ],
            },
            {"h": 40, "cells": [{"merged": True}, {"merged": True}, {"text": _words("Table")}]},
            {"h": 40, "cells": [{"text": _words("Last")}]},
        ],
    }
    group = {
        "kind": "group",
        "x": 100,
        "y": 100,
        "w": 400,
        "h": 300,
        "shapes": [
            {
                "kind": "rect",
                "x": 100,
                "y": 100,
                "w": 200,
                "h": 100,
                "geom": "rect",
                "fill": {"type": "solid", "color": "88CC88", "alpha": 1},
            },
            {"kind": "text", "x": 300, "y": 300, "w": 200, "h": 100, "text": _words("Grouped")},
        ],
    }
    line_shapes = [
        {"kind": "line", "x1": 100, "y1": 100, "x2": 600, "y2": 400, "line": BLACK},
        {
            "kind": "line",
            "x1": 600,
            "y1": 100,
            "x2": 100,
            "y2": 400,
            "line": {"width": 4, "color": "FF0000", "alpha": 1, "dash": "sysDot"},
        },
        {"kind": "text", "x": 700, "y": 100, "w": 300, "h": 60, "text": _words("Lines")},
    ]
    image_bg = {"type": "image", "media": png_sha, "crop": None}
    grad_bg = {"type": "gradient", "path": "linear", "angle": 90, "stops": STOPS}
    vertical = {
        "kind": "text",
        "x": 1000,
        "y": 100,
        "w": 60,
        "h": 400,
        "text": dict(_words("Vertical"), vertical="vert"),
    }
    slides = [
        _slide(rect, ellipse, gradient, notes="Speaker notes"),
        _slide(
            {
                "kind": "text",
                "x": 50,
                "y": 50,
                "w": 600,
                "h": 300,
                "text": text_body(*text_paras, anchor="ctr", insets=[5, 5, 5, 5]),
            },
            vertical,
        ),
        _slide(
            picture,
            svg_picture,
            {"kind": "text", "x": 100, "y": 500, "w": 400, "h": 60, "text": _words("Pictures")},
        ),
        _slide(*line_shapes, background=grad_bg),
        _slide(table, background={"type": "solid", "color": "FFFFEE", "alpha": 1}),
        _slide(group, background=image_bg),
        {"background": None, "shapes": [], "notes": None, "blank": True},
    ]
    markers = ["Rectangle", "Textbox", "Pictures", "Lines", "Merged", "Grouped", ""]
    deck = {"width": 1280, "height": 720, "slides": slides, "title": "All kinds"}
    return deck, media, markers


def _convert(pptx: Path, out_dir: Path) -> Path:
    return libreoffice_pdf(pptx, out_dir)


def _page_texts(pdf: Path, pages: int) -> list[str]:
    texts = []
    for page in range(1, pages + 1):
        run = subprocess.run(
            ["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"],
            capture_output=True,
            text=True,
            check=True,
        )
        texts.append(re.sub(r"\s+", "", run.stdout))  # rotated text comes out in pieces
    return texts


@requires_tools("soffice", "pdftotext")
def test_every_shape_kind_renders_in_libreoffice(tmp_path: Path) -> None:
    deck, media, markers = _deck()
    pptx = tmp_path / "kinds.pptx"
    pptx.write_bytes(write_deck(complete(deck, Deck), media))
    pdf = _convert(pptx, tmp_path)
    data = pdf.read_bytes()
    assert len(re.findall(rb"/Type\s*/Page\b", data)) == len(deck["slides"])
    texts = _page_texts(pdf, len(deck["slides"]))
    for marker, text in zip(markers, texts, strict=True):
        assert marker in text
    assert "Ellipse" in texts[0] and "Gradient" in texts[0]
    assert "Bulleted" in texts[1] and "Numbered" in texts[1]
    assert "Table" in texts[4] and "Last" in texts[4]


@requires_tools("soffice", "pdftoppm")
def test_libreoffice_draws_fills_where_the_model_says(tmp_path: Path) -> None:
    """A red rect at a known place, a semi-transparent blue one over white, a picture."""
    png_sha, png = media_entry(png_bytes((0, 160, 0, 255), (40, 20)), "image/png")
    shapes = [
        {
            "kind": "rect",
            "x": 100,
            "y": 100,
            "w": 200,
            "h": 100,
            "geom": "rect",
            "fill": {"type": "solid", "color": "FF0000", "alpha": 1},
            "line": None,
        },
        {
            "kind": "rect",
            "x": 700,
            "y": 100,
            "w": 200,
            "h": 100,
            "geom": "rect",
            "fill": {"type": "solid", "color": "0000FF", "alpha": 0.5},
            "line": None,
        },
        {"kind": "picture", "x": 100, "y": 400, "w": 400, "h": 200, "media": png_sha},
    ]
    deck = {"width": 1280, "height": 720, "slides": [_slide(*shapes)]}
    pptx = tmp_path / "pixels.pptx"
    pptx.write_bytes(write_deck(complete(deck, Deck), {png_sha: png}))
    pdf = _convert(pptx, tmp_path)
    # Scaled to 1280 x 720: one output pixel is one CSS px of the slide.
    subprocess.run(
        ["pdftoppm", "-png", "-singlefile", "-scale-to-x", "1280", "-scale-to-y", "720"]
        + [str(pdf), str(tmp_path / "page")],
        check=True,
        capture_output=True,
    )
    page = Image.open(tmp_path / "page.png").convert("RGB")
    assert page.size == (1280, 720)
    assert page.getpixel((200, 150)) == (255, 0, 0)
    assert page.getpixel((50, 50)) == (255, 255, 255)
    blended = page.getpixel((800, 150))
    assert isinstance(blended, tuple)
    r, g, b = blended
    assert abs(r - 127) <= 3 and abs(g - 127) <= 3 and b == 255
    assert page.getpixel((300, 500)) == (0, 160, 0)
    assert page.getpixel((300, 650)) == (255, 255, 255)
