"""Helpers of the @font-face tests: real installed faces as data: URLs, WOFF/WOFF2 copies, pages."""

from __future__ import annotations

import base64
import io

from fontTools.ttLib import TTFont

from engine.api import Conversion, convert, layout_boxes
from engine.fonts import resolve
from engine.options import Options
from engine.pptx.fontembed import font_use

TEXT = "Wide margins win"  # 16 characters
SIZE = 20.0


def font_path(family: str, weight: int = 400) -> str:
    found = resolve.fc_match(family, weight, "normal")
    assert found is not None and family in found.families, family
    return found.path


def font_bytes(family: str, weight: int = 400) -> bytes:
    """The installed face, subset to Latin-1 (the pages' text; keeps data: URLs small: a
    stylesheet is cut at Limits.max_stylesheet_bytes)."""
    from fontTools import subset

    font = TTFont(font_path(family, weight))
    options = subset.Options()
    options.name_IDs = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=range(0x20, 0x100))
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def flavored(data: bytes, flavor: str | None, fs_type: int | None = None) -> bytes:
    """The font re-saved as WOFF / WOFF2 (flavor) and/or with another OS/2 fsType."""
    font = TTFont(io.BytesIO(data))
    if fs_type is not None:
        font["OS/2"].fsType = fs_type
    font.flavor = flavor
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def data_url(data: bytes, mime: str = "font/ttf") -> str:
    return f"data:{mime};base64,{base64.b64encode(data).decode()}"


def page(font_face_css: str, family: str = "Deck Mono", weight: str = "normal") -> str:
    return f"""<html><head><style>{font_face_css}
    .slide {{ width: 1280px; height: 720px }}
    #probe {{ display: inline-block; font: {weight} {SIZE:g}px "{family}", sans-serif }}
    </style></head><body><div class="slide"><span id="probe">{TEXT}</span></div></body></html>"""


def rule(src: str, family: str = "Deck Mono", extra: str = "") -> str:
    return f'@font-face {{ font-family: "{family}"; src: {src}; {extra} }}'


def probe_width(html: str, options: Options | None = None) -> float:
    boxes = layout_boxes(html, options).boxes
    (probe,) = [b for b in boxes if b.kind == "box" and b.attributes.get("id") == "probe"]
    return probe.width


def advance_width(family: str, text: str = TEXT, size: float = SIZE, weight: int = 400) -> float:
    """The text's width in the installed face, shaped by HarfBuzz (kerning on) on its own."""
    import uharfbuzz as hb

    blob = hb.Blob.from_file_path(font_path(family, weight))
    face = hb.Face(blob)
    font = hb.Font(face)
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(font, buf, {})
    return sum(p.x_advance for p in buf.glyph_positions) * size / face.upem


def families(conversion: Conversion) -> set[str]:
    """The families the deck's runs name (as measured)."""
    return set(font_use({"slides": conversion.slides}))


def messages(conversion: Conversion) -> list[str]:
    return [d["message"] for page_diags in conversion.diagnostics for d in page_diags]


def convert_one(html: str, options: Options | None = None) -> Conversion:
    """One page converted as `convert` does (its address, if any, as the page's base URL)."""
    options = options or Options()
    return convert([html], options=options, base_urls=[options.base_url])
