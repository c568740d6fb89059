"""Hostile page generators: family name + size -> one slide page (HTML) that stresses one engine stage.

Used by tests/hostile/ (modest sizes) and benchmarks/bench_hostile.py (up to 4,000 items or
depth 500). Every family is a class of input found by attacking the engine (issue 14, issue 13
classes 8 and 9); each page must convert, or fail with a documented page code, in bounded time
and memory.
"""

from __future__ import annotations

import base64
import io
import zlib
from collections.abc import Callable
from functools import lru_cache

HEAD = (
    "<!DOCTYPE html><html><head><meta charset='utf-8'><style>body{margin:0}"
    ".slide{width:1280px;height:720px;position:relative;overflow:hidden;"
    "font-family:'Liberation Sans',sans-serif;font-size:16px}%s</style></head>"
    "<body><div class='slide'>%s</div></body></html>"
)


def page(css: str, body: str) -> str:
    return HEAD % (css, body)


def custom_properties(n: int) -> str:
    """Custom properties doubling per level (`--v1: var(--v0) var(--v0)` ...), n levels deep."""
    levels = max(2, n)
    decls = ["--v0: x x"] + [f"--v{i}: var(--v{i - 1}) var(--v{i - 1})" for i in range(1, levels)]
    css = ".slide{" + ";".join(decls) + f"}} p{{font-family: var(--v{levels - 1})}}"
    return page(css, "<p>doubling custom properties</p>")


def custom_property_cycle(n: int) -> str:
    """A ring of n custom properties referring to each other, used in several properties."""
    decls = [f"--c{i}: var(--c{(i + 1) % n}) 1px" for i in range(n)]
    css = ".slide{" + ";".join(decls) + "} p{margin-left: var(--c0, 3px); width: var(--c1)}"
    return page(css, "<p>cycle</p>")


def floats(n: int) -> str:
    """n floated boxes, every seventh clearing."""
    items = "".join(
        f"<div style='float:{'left' if i % 3 else 'right'};width:{20 + i % 40}px;height:{8 + i % 13}px;"
        f"{'clear:both;' if i % 7 == 0 else ''}background:#abc'></div>"
        for i in range(n)
    )
    return page("", f"<div>{items}<p>text beside floats</p></div>")


def grid_dense(n: int) -> str:
    """A dense-packed auto-placed grid of n items with mixed spans."""
    items = "".join(
        f"<div style='grid-column:span {1 + i % 3};grid-row:span {1 + i % 2}'>{i}</div>"
        for i in range(n)
    )
    css = ".g{display:grid;grid-template-columns:repeat(12,1fr);grid-auto-flow:row dense}"
    return page(css, f"<div class='g'>{items}</div>")


def grid_dense_wide(n: int) -> str:
    """A dense-packed grid of 60 columns whose spans leave holes only some items fit."""
    items = "".join(
        f"<div style='grid-column:span {1 + (i * 7) % 13};grid-row:span {1 + i % 3}'>{i}</div>"
        for i in range(n)
    )
    css = ".g{display:grid;grid-template-columns:repeat(60,1fr);grid-auto-flow:dense}"
    return page(css, f"<div class='g'>{items}</div>")


def grid_spans(n: int) -> str:
    """A sparse auto-placed grid whose items span several columns and rows."""
    items = "".join(
        f"<div style='grid-column:span {1 + i % 5};grid-row:span {1 + i % 4}'>{i}</div>"
        for i in range(n)
    )
    css = ".g{display:grid;grid-template-columns:repeat(10,20px);grid-auto-rows:4px}"
    return page(css, f"<div class='g'>{items}</div>")


def sibling_selectors(n: int) -> str:
    """n siblings matched by `~` and `+` combinators (and :nth-child)."""
    items = "".join(f"<span class='s{i % 5}'>{i} </span>" for i in range(n))
    css = (
        ".s0 ~ .s1{color:red} .s1 + .s2{color:blue} span ~ span ~ .s3{font-weight:bold}"
        " .s2 ~ span + .s4{text-decoration:underline} span:nth-child(3n+1){color:green}"
        " .s4:nth-last-child(2){color:#123}"
    )
    return page(css, f"<p>{items}</p>")


def nesting(kind: str) -> Callable[[int], str]:
    """n levels of nested boxes of one display type (grid, inline-block, flex, table, div)."""

    def build(n: int) -> str:
        if kind == "table":
            open_, close = "<table><tr><td>", "</td></tr></table>"
        else:
            style = {"div": "", "grid": "display:grid", "flex": "display:flex"}.get(
                kind, f"display:{kind}"
            )
            open_, close = f"<div style='{style}'>", "</div>"
        return page("", open_ * n + "deep" + close * n)

    return build


def void_elements(n: int) -> str:
    """n void elements (wbr, source, track, embed) inside one paragraph."""
    tags = ("wbr", "source", "track", "embed")
    body = "".join(f"w{i}<{tags[i % 4]}>" for i in range(n))
    return page("", f"<p>{body}</p>")


EXTREME_VALUES = ("1e308px", "-1e308px", "1e308%", "1e308fr", "1e308rem", "1e308vw", "1e38em")
EXTREME_PROPERTIES = (
    "font-size", "line-height", "vertical-align", "flex-basis", "border-spacing",
    "grid-template-rows", "width", "margin-left", "letter-spacing", "top", "padding",
    "border-width", "gap", "text-indent", "border-radius", "height", "word-spacing",
)  # fmt: skip


def extreme_values(n: int) -> str:
    """Huge lengths (1e308px, %, fr, rem, vw) on layout properties in several contexts."""
    cells = []
    for i in range(n):
        prop = EXTREME_PROPERTIES[i % len(EXTREME_PROPERTIES)]
        value = EXTREME_VALUES[(i // len(EXTREME_PROPERTIES)) % len(EXTREME_VALUES)]
        ctx = ("display:flex", "display:grid", "display:table", "display:block")[i % 4]
        cells.append(f"<div style='{ctx}'><span style='{prop}:{value}'>v{i}</span><i>t</i></div>")
    return page("", "".join(cells))


def filters(n: int) -> str:
    """One box with n stacked filter functions, plus n boxes with one drop-shadow each."""
    stack = " ".join(
        ("drop-shadow(1px 1px 2px red)", "blur(1px)", "brightness(1.1)")[i % 3] for i in range(n)
    )
    boxes = "".join(
        "<b style='display:inline-block;filter:drop-shadow(0 1px 1px #000)'>x</b>"
        for _ in range(min(n, 400))
    )
    return page("", f"<div style='filter:{stack};width:100px;height:40px'>f</div>{boxes}")


def descendant_rules(n: int) -> str:
    """n long descendant rules (`div div ... p`) over a shallow page."""
    rules = "".join(f"{'div ' * (1 + i % 12)}p.c{i % 50}{{margin-top:{i % 9}px}}" for i in range(n))
    body = (
        "<div><div><div>"
        + "".join(f"<p class='c{i}'>p{i}</p>" for i in range(50))
        + "</div></div></div>"
    )
    return page(rules, body)


def many_rules(n: int) -> str:
    """n x 10 distinct class rules (a large stylesheet), 200 matching elements."""
    rules = "".join(f".r{i}{{color:#{i % 4096:03x};padding-left:{i % 7}px}}" for i in range(n * 10))
    body = "".join(f"<span class='r{i * 7}'>x</span>" for i in range(200))
    return page(rules, f"<p>{body}</p>")


def code_points(n: int) -> str:
    """n x 16 distinct code points across scripts (font fallback per character)."""
    chars = []
    cp = 0x4E00
    for i in range(n * 16):
        chars.append(chr(cp + i % 20000) if i % 2 else chr(0x0400 + i % 2000))
    text = "".join(chars)
    lines = "<br>".join(text[i : i + 60] for i in range(0, len(text), 60))
    return page("", f"<p style='font-size:4px;line-height:5px'>{lines}</p>")


def font_families(n: int) -> str:
    """A font-family list of n x 5 unknown families, on many elements."""
    fams = ",".join(f"'NoSuchFont{i}'" for i in range(n * 5)) + ",sans-serif"
    body = "".join(f"<span>t{i} </span>" for i in range(100))
    return page(f"p,span{{font-family:{fams}}}", f"<p>{body}</p>")


def _png(width: int, height: int) -> bytes:
    """A one-colour RGB PNG written directly (deflate of identical rows stays tiny)."""
    import struct

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    row = b"\x00" + b"\x80\x40\x20" * width
    comp = zlib.compressobj(9)
    raw = io.BytesIO()
    for _ in range(height):
        raw.write(comp.compress(row))
    raw.write(comp.flush())
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", raw.getvalue())
        + chunk(b"IEND", b"")
    )


@lru_cache(maxsize=2)
def _webp(side: int) -> bytes:
    """A one-colour lossless WebP: a few dozen bytes that decode to side x side pixels."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (side, side), (200, 100, 50)).save(out, "WEBP", lossless=True, method=0)
    return out.getvalue()


def big_images(n: int) -> str:
    """n/400 (at least 2) distinct tiny lossless WebP files of 3900x3900 pixels each: each under
    the per-image limits, but together over the page's decoded-pixel budget (WebP must be
    decoded and re-encoded as PNG for PPTX)."""
    base = _webp(3900)
    count = max(2, n // 400)
    imgs = "".join(
        # distinct files (a trailing byte after the RIFF chunk), so each one is decoded
        "<img src='data:image/webp;base64,"
        + base64.b64encode(base + bytes([i % 256, i // 256])).decode("ascii")
        + "' style='width:60px;height:60px'>"
        for i in range(count)
    )
    return page("", imgs)


def attr_content(n: int) -> str:
    """An attribute of n x 250 characters used by `content: attr()` three times."""
    value = "abcdefghij " * (n * 25)
    css = "p::before{content:attr(data-x) attr(data-x)} p::after{content:attr(data-x)}"
    return page(css, f"<p data-x='{value}'>attr</p>")


def pre_lines(n: int) -> str:
    """A <pre> of n x 25 short lines."""
    text = "\n".join(f"line {i} of the preformatted text" for i in range(n * 25))
    return page("pre{font-size:6px;line-height:7px}", f"<pre>{text}</pre>")


def flex_items(n: int) -> str:
    items = "".join(f"<div style='flex:1 1 {i % 30}px;min-width:0'>{i}</div>" for i in range(n))
    return page(".f{display:flex;flex-wrap:wrap;gap:2px}", f"<div class='f'>{items}</div>")


def inline_blocks(n: int) -> str:
    items = "".join(f"<span style='display:inline-block;padding:1px'>{i}</span> " for i in range(n))
    return page("", f"<p>{items}</p>")


def absolutes(n: int) -> str:
    items = "".join(
        f"<div style='position:absolute;left:{i % 1200}px;top:{(i * 7) % 700}px;width:8px;height:8px;background:#{i % 4096:03x}'></div>"
        for i in range(n)
    )
    return page("", items)


def table_rows(n: int) -> str:
    """A table of n/4 rows x 19 columns (n x ~5 cells)."""
    rows = "".join(
        "<tr>" + "".join(f"<td>{r}.{c}</td>" for c in range(19)) + "</tr>" for r in range(n // 4)
    )
    return page("td{border:1px solid #ccc;font-size:8px}", f"<table>{rows}</table>")


def list_items(n: int) -> str:
    items = "".join(f"<li>item {i}</li>" for i in range(n))
    return page("", f"<ol>{items}</ol><ul style='list-style:lower-roman'>{items}</ul>")


def formatting_reopen(n: int) -> str:
    """n formatting elements left open in a paragraph (each with its own attribute, so the HTML
    parser keeps them all active), then n paragraphs: HTML5 tree construction re-opens every
    one of them in every paragraph, n x n elements from a page of a few kB."""
    opened = "".join(f"<b data-i={i}>" for i in range(n))
    return page("", f"<p>{opened}</p>" + "<p>x</p>" * n)


def huge_page(n: int = 4000) -> str:
    """The 'huge page' of issue 13 class 8: n list items, a 1.5 MB data-URI image, 5,000 cells."""
    items = "".join(f"<li>Agenda item number {i} with some words</li>" for i in range(n))
    raw = _noise_png(1_500_000 * 3 // 4)
    uri = "data:image/png;base64," + base64.b64encode(raw).decode("ascii")
    rows = "".join(
        "<tr>" + "".join(f"<td>r{r}c{c}</td>" for c in range(10)) + "</tr>" for r in range(500)
    )
    body = (
        f"<h1>Huge page</h1><img src='{uri}' style='width:300px'><ol>{items}</ol>"
        f"<table>{rows}</table>"
    )
    return page("li{font-size:18px} td{padding:2px;border:1px solid #ddd}", body)


def _noise_png(size: int) -> bytes:
    """A PNG of pseudo-random pixels about `size` bytes long (incompressible)."""
    import random
    import struct

    rng = random.Random(14)
    side = int((size / 3) ** 0.5)
    raw = b"".join(b"\x00" + rng.randbytes(side * 3) for _ in range(side))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    ihdr = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(raw, 1))
        + chunk(b"IEND", b"")
    )


# family -> (generator, sizes used by the benchmark)
ITEMS = (500, 1000, 2000, 4000)
DEPTHS = (50, 100, 500)
FAMILIES: dict[str, tuple[Callable[[int], str], tuple[int, ...]]] = {
    "custom-properties": (custom_properties, (10, 20, 30, 60)),
    "custom-property-cycle": (custom_property_cycle, ITEMS),
    "floats": (floats, ITEMS),
    "grid-dense": (grid_dense, ITEMS),
    "grid-dense-wide": (grid_dense_wide, (750, 1500, 3000)),
    "grid-spans": (grid_spans, ITEMS),
    "sibling-selectors": (sibling_selectors, ITEMS),
    "nesting-div": (nesting("div"), (*DEPTHS, 5000)),
    "nesting-grid": (nesting("grid"), DEPTHS),
    "nesting-flex": (nesting("flex"), DEPTHS),
    "nesting-inline-block": (nesting("inline-block"), DEPTHS),
    "nesting-table": (nesting("table"), DEPTHS),
    "void-elements": (void_elements, ITEMS),
    "extreme-values": (extreme_values, (119, 500, 1000)),
    "filters": (filters, ITEMS),
    "descendant-rules": (descendant_rules, ITEMS),
    "many-rules": (many_rules, ITEMS),
    "code-points": (code_points, ITEMS),
    "font-families": (font_families, ITEMS),
    "big-images": (big_images, ITEMS),
    "attr-content": (attr_content, ITEMS),
    "pre-lines": (pre_lines, ITEMS),
    "flex-items": (flex_items, ITEMS),
    "inline-blocks": (inline_blocks, ITEMS),
    "absolutes": (absolutes, ITEMS),
    "table-rows": (table_rows, ITEMS),
    "list-items": (list_items, ITEMS),
    "huge-page": (huge_page, (4000,)),
    "formatting-reopen": (formatting_reopen, (50, 100, 500, 2000)),
}
