"""Pictures a deck cannot have (remote with remote images off, a file not found, an animated
SVG) -> a placeholder frame where the picture would be: a light dashed frame, the size of the
picture when the document gives it, holding its alt text (or "Picture: <name>") and, smaller,
where the picture is (the host of a remote picture, the path of a file). The presenter sees what
belongs there and can paste it; a slide of a missing picture is not a near-empty slide.

Animated SVG (CSS @keyframes or SMIL animation elements) is a missing picture too: a renderer
draws its first frame, which is rarely what a viewer of the animation sees (a terminal
screencast starts empty).
"""

from __future__ import annotations

import base64
import pathlib
import re
import urllib.parse
from typing import Any

from lxml import etree

from generator.cjk import WIDE, may_hold_cjk, pattern
from generator.model import Block

DEFAULT_SIZE = (400, 120)  # px: a frame for a picture of unknown size (a compact label)
MIN_SIDE = 120  # px: a frame is never smaller than this either way
MAX_LINES = 3  # lines of alt text in the frame
SMIL = frozenset({"animate", "animateMotion", "animateTransform", "animateColor", "set"})
SVG_NS = "http://www.w3.org/2000/svg"
FONT = "Liberation Sans, Arial, Noto Sans CJK SC, sans-serif"
INK, MUTED, FILL, LINE = "#4a5563", "#7b8794", "#f2f4f7", "#a3adb8"
# every frame's SVG starts with these bytes (the root's namespace, then its class): its data:
# URI starts with their base64 (a multiple of 3 bytes long, so the same in every frame)
_HEAD = f'<svg xmlns="{SVG_NS}" class="df-placeholder"'.encode()[:60]
PREFIX = "data:image/svg+xml;base64," + base64.b64encode(_HEAD).decode("ascii")


def is_placeholder(block: Block) -> bool:
    """Whether an image block is a placeholder frame (not a picture of the document)."""
    return block.type == "image" and block.src.startswith(PREFIX)


def placeholder_block(alt: str, src: str, width: int = 0, height: int = 0) -> Block | None:
    """The frame standing for a picture that is not shown, or None when there is nothing to
    say about it (no alt text, no file name). Its alt text is the frame's label."""
    label = picture_label(alt, src)
    if not label:
        return None
    w, h = _frame_size(width, height)
    svg = _frame_svg(label, _origin(src), w, h)
    uri = "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")
    return Block("image", src=uri, alt=label, width=w, height=h, kind="picture")


def picture_label(alt: str, src: str) -> str:
    """The alt text when it describes something (3+ words or 12+ characters), else
    "Picture: Features" from a short alt text or "Picture: blog outline" from the file name."""
    alt = " ".join(alt.split())
    if len(alt.split()) >= 3 or len(alt) >= 12:
        return alt
    name = alt
    if not name and not src.lower().startswith("data:"):
        stem = pathlib.PurePosixPath(urllib.parse.urlsplit(src).path).stem
        name = " ".join(re.split(r"[-_.]+", stem)).strip()
    return f"Picture: {name}" if name else ""


def animated_svg(root: Any) -> bool:
    """Whether a parsed SVG animates: a SMIL animation element, or a <style> sheet with an
    @keyframes rule (read with tinycss2)."""
    import tinycss2

    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        name = etree.QName(el).localname
        if name in SMIL:
            return True
        if name == "style" and el.text:
            rules = tinycss2.parse_stylesheet(el.text, skip_comments=True, skip_whitespace=True)
            if any(r.type == "at-rule" and r.lower_at_keyword.endswith("keyframes") for r in rules):
                return True
    return False


def _origin(src: str) -> str:
    """Where the picture is: a remote picture's host, a file's path, nothing for data: URIs."""
    if src.lower().startswith(("http:", "https:", "//")):
        host = urllib.parse.urlsplit(src).hostname or ""
        return host.removeprefix("www.")
    if src.lower().startswith("data:"):
        return ""
    path = urllib.parse.unquote(urllib.parse.urlsplit(src).path)
    return path if len(path) <= 60 else "…" + path[-59:]


def _frame_size(width: int, height: int) -> tuple[int, int]:
    """The picture's size when the document gives both sides (or one, with the default's
    proportions), at least MIN_SIDE each way; else DEFAULT_SIZE."""
    dw, dh = DEFAULT_SIZE
    if width > 0 and height <= 0:
        width, height = width, round(width * dh / dw)
    elif height > 0 and width <= 0:
        width, height = round(height * dw / dh), height
    elif width <= 0 or height <= 0:
        width, height = dw, dh
    return max(MIN_SIDE, width), max(MIN_SIDE, height)


def _text_width(text: str, size: float) -> float:
    """A line's width estimate: wide (CJK) characters one em, others 0.55 em."""
    wide = len(pattern(WIDE).findall(text)) if may_hold_cjk(text) else 0
    return size * (wide + 0.55 * (len(text) - wide))


def _wrapped(text: str, size: float, room: float) -> list[str]:
    """`text` in at most MAX_LINES lines of at most `room` px (the last one cut with "…");
    CJK text breaks between any two characters, other text between words."""
    wide = may_hold_cjk(text)
    tokens = list(text) if wide else text.split(" ")
    joiner = "" if wide else " "
    lines: list[str] = []
    line = ""
    for token in tokens:
        candidate = f"{line}{joiner}{token}" if line else token
        if line and _text_width(candidate, size) > room:
            lines.append(line)
            line = token
        else:
            line = candidate
    if line:
        lines.append(line)
    if len(lines) > MAX_LINES:
        lines = lines[:MAX_LINES]
        lines[-1] = lines[-1].rstrip() + "…"
    return lines


def _frame_svg(label: str, origin: str, w: int, h: int) -> bytes:
    """The frame: a light rounded rectangle with a dashed border, a small picture sign, the
    label (wrapped) and the origin under it, centred."""
    size = max(12.0, min(28.0, w / 24, h / 7))
    small = size * 0.7
    lines = _wrapped(label, size, w * 0.86)
    svg = etree.Element(
        f"{{{SVG_NS}}}svg",
        nsmap={None: SVG_NS},
    )
    svg.set("class", "df-placeholder")  # first: PREFIX
    svg.set("width", str(w))
    svg.set("height", str(h))
    svg.set("viewBox", f"0 0 {w} {h}")
    sub = etree.SubElement
    stroke = max(1.5, min(w, h) / 150)
    sub(
        svg,
        f"{{{SVG_NS}}}rect",
        x=f"{stroke}",
        y=f"{stroke}",
        width=f"{w - 2 * stroke}",
        height=f"{h - 2 * stroke}",
        rx=f"{min(w, h) / 30:.1f}",
        fill=FILL,
        stroke=LINE,
        **{
            "stroke-width": f"{stroke:.1f}",
            "stroke-dasharray": f"{stroke * 5:.1f} {stroke * 3:.1f}",
        },
    )
    block = size * 1.3 * len(lines) + (small * 1.6 if origin else 0)
    sign = size * 1.6 if h >= block + size * 3 else 0.0
    top = (h - block - sign) / 2
    if sign:
        _picture_sign(svg, w / 2, top, sign)
    y = top + sign + size * (0.3 if sign else 0) + size
    for line in lines:
        _centred(svg, line, w / 2, y, size, INK)
        y += size * 1.3
    if origin:
        _centred(svg, origin, w / 2, y + small * 0.3, small, MUTED)
    return bytes(etree.tostring(svg, encoding="utf-8"))


def _centred(svg: Any, line: str, x: float, y: float, size: float, fill: str) -> None:
    """One line of text centred on `x`, its baseline at `y`."""
    text = etree.SubElement(
        svg,
        f"{{{SVG_NS}}}text",
        x=f"{x:.1f}",
        y=f"{y:.1f}",
        fill=fill,
        **{"font-size": f"{size:.1f}", "font-family": FONT, "text-anchor": "middle"},
    )
    text.text = line


def _picture_sign(svg: Any, cx: float, top: float, side: float) -> None:
    """A small landscape sign (a frame, a sun, a hill) of `side` px, centred on cx."""
    sub = etree.SubElement
    x, w, h = cx - side * 0.6, side * 1.2, side
    sub(
        svg,
        f"{{{SVG_NS}}}rect",
        x=f"{x:.1f}",
        y=f"{top:.1f}",
        width=f"{w:.1f}",
        height=f"{h:.1f}",
        rx=f"{side / 10:.1f}",
        fill="none",
        stroke=MUTED,
        **{"stroke-width": f"{side / 16:.1f}"},
    )
    sub(
        svg,
        f"{{{SVG_NS}}}circle",
        cx=f"{x + w * 0.3:.1f}",
        cy=f"{top + h * 0.32:.1f}",
        r=f"{side / 9:.1f}",
        fill=MUTED,
    )
    points = [
        (x + w * 0.08, top + h * 0.88),
        (x + w * 0.42, top + h * 0.5),
        (x + w * 0.62, top + h * 0.7),
        (x + w * 0.75, top + h * 0.58),
        (x + w * 0.92, top + h * 0.88),
    ]
    sub(
        svg,
        f"{{{SVG_NS}}}polygon",
        points=" ".join(f"{a:.1f},{b:.1f}" for a, b in points),
        fill=MUTED,
    )
