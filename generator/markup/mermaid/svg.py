"""SVG drawing helpers shared by the diagram types: text measure, wrapping, escaped elements."""

from __future__ import annotations

from generator.markup.mermaid.measure import FONT, text_width

LINE_HEIGHT = 1.25
FONT_FAMILY = "df-diagram-font"  # the template's body font is put in when the slide is written
WRAP = 24  # characters of a label's line before it wraps at a space


def wrap(label: str, width: int = WRAP) -> list[str]:
    """A label's lines: its own breaks (`<br>`, `\\n`), long lines broken at spaces."""
    out: list[str] = []
    for part in label.split("\n"):
        line = ""
        for word in part.split():
            if line and len(line) + 1 + len(word) > width:
                out.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        out.append(line)
    return out or [""]


def label_size(lines: list[str], size: float = FONT) -> tuple[float, float]:
    width = max((text_width(line, size) for line in lines), default=0.0)
    return width, len(lines) * size * LINE_HEIGHT


def text(
    lines: list[str],
    x: float,
    cy: float,
    fill: str,
    size: float = FONT,
    anchor: str = "middle",
    bold: bool = False,
) -> str:
    """Lines of text centred vertically on `cy` (each line at its baseline)."""
    step = size * LINE_HEIGHT
    top = cy - step * len(lines) / 2
    weight = ' font-weight="bold"' if bold else ""
    out = []
    for i, line in enumerate(lines):
        if not line:
            continue
        y = top + step * i + step / 2 + size * 0.35
        out.append(
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" text-anchor="{anchor}"'
            f' fill="{fill}"{weight}>{escape(line)}</text>'
        )
    return "".join(out)


def document(width: float, height: float, body: list[str], alt: str) -> str:
    w, h = round(width), round(height)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}"'
        f' viewBox="0 0 {w} {h}" font-family="{FONT_FAMILY}">'
        f"<title>{escape(alt[:200])}</title>{''.join(body)}</svg>"
    )


def escape(text: str) -> str:
    """`&`, `<` and `>` escaped, as xml.sax.saxutils.escape does (that module imports
    urllib.request, and with it http.client, ssl and email)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def attr(value: str) -> str:
    """An attribute value escaped and quoted, as xml.sax.saxutils.quoteattr does."""
    text = escape(value).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    quoted = text.replace('"', "&quot;")
    return f'"{quoted}"'
