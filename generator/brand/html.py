"""A PowerPoint template as a generator template: page HTML whose regions sit where the
layouts' placeholders are, in the theme's fonts, sizes and colours, so the planner fits content
to the placeholders; `render` with `skip` leaves out what goes into placeholders (the engine
then draws only the rest, e.g. tables and cards inside the body area)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup, escape

from generator.brand.geometry import FIT_REGION, GeometryBuilder, SlideGeometry, Slot, slide_kind
from generator.brand.mapping import KINDS, LayoutMap
from generator.brand.reader import PptxTemplate, TextStyle
from generator.lazyre import lazy_compile
from generator.templates import PAGE_KINDS, Template

PX_PER_PT = 96 / 72
SERIF_HINT = lazy_compile(
    r"times|roman|garamond|georgia|cambria|serif|mincho|明朝|song|宋|book", re.I
)
JAPANESE_HINT = lazy_compile(r"[\u3040-\u30ff]|ゴシック|明朝|ｍｓ|ms p?gothic|meiryo|yu |游", re.I)
ANCHOR_CSS = {"t": "flex-start", "ctr": "center", "b": "flex-end"}
ALIGN_CSS = {"l": "left", "ctr": "center", "r": "right", "just": "justify", "dist": "justify"}

_BODY = """{% if page.layout in ("columns", "cards") and page.sections %}
{% if page.body %}<div class="intro">{{ page.body }}</div>{% endif %}
<div class="grid n{{ page.sections|length }}">{% for s in page.sections %}<div class="col">{% if s.title %}<h3 class="col-title">{{ s.title }}</h3>{% endif %}{{ s.body }}</div>{% endfor %}</div>
{% elif page.layout == "key-number" and page.key %}
<div class="key"><div class="key-value">{{ page.key.value }}</div><div class="key-caption">{{ page.key.caption }}</div></div>{{ page.body }}
{% elif page.layout == "quote" and page.quote %}
<blockquote class="big-quote">{{ page.quote }}</blockquote>{{ page.body }}
{% elif page.layout in ("image-text", "image-full") and page.image %}
<div class="split"><div class="split-text">{{ page.body }}</div><div class="split-media"><img src="{{ page.image.src }}" alt="{{ page.image.alt }}"></div></div>
{% elif page.kind == "contents" %}
<ol class="df-list" start="{{ page.entries[0].number if page.entries else 1 }}">{% for e in page.entries %}<li>{{ e.title }}</li>{% endfor %}</ol>
{% else %}{{ page.body }}{% endif %}"""

_SLOT_CONTENT = {
    "title": "{{ page.title }}{% if page.continued %} ({{ page.part }}/{{ page.parts }}){% endif %}",
    "subtitle": "{{ page.subtitle }}",
    "body": _BODY,
    "left": '{% if page.sections|length > 0 %}{% if not brand.heads %}<h3 class="col-title">{{ page.sections[0].title }}</h3>{% endif %}{{ page.sections[0].body }}{% endif %}',
    "right": '{% if page.sections|length > 1 %}{% if not brand.heads %}<h3 class="col-title">{{ page.sections[1].title }}</h3>{% endif %}{{ page.sections[1].body }}{% endif %}',
    "lhead": "{% if page.sections|length > 0 %}{{ page.sections[0].title }}{% endif %}",
    "rhead": "{% if page.sections|length > 1 %}{{ page.sections[1].title }}{% endif %}",
}
# The text beside the picture; without any, the picture's alt text is its caption.
_PICTURE_BODY = (
    "{% if page.body %}{{ page.body }}{% elif page.image and page.image.alt %}"
    '<p class="df-p">{{ page.image.alt }}</p>{% endif %}'
)
# A picture fills its box: cropped at its centre like PowerPoint's "Fill" in a picture
# placeholder; shown whole (letterboxed, at the top) where the generator draws it.
_IMAGE = (
    '{{% if page.image %}}<img src="{{{{ page.image.src }}}}" alt="{{{{ page.image.alt }}}}"'
    ' style="object-fit:{fit};object-position:{position}">{{% endif %}}'
)


def font_stack(face: str, ea: str, serif: bool | None = None) -> tuple[str, str, str]:
    """(CSS font-family, latin stand-in, East Asian stand-in) for a theme font: the theme's
    typefaces first, then installed metric-compatible or similar families."""
    from engine.fonts import EQUIVALENT_CLASSES

    latin_alt = (
        "Liberation Serif"
        if (serif if serif is not None else SERIF_HINT.search(face or ""))
        else "Liberation Sans"
    )
    for cls in EQUIVALENT_CLASSES:
        if face.casefold() in cls and "carlito" in cls:
            latin_alt = "Carlito"
        elif face.casefold() in cls and "caladea" in cls:
            latin_alt = "Caladea"
    ea_alt = "Noto Sans CJK JP" if JAPANESE_HINT.search(ea or face or "") else "Noto Sans CJK SC"
    names = [n for n in (face, ea, latin_alt, ea_alt) if n]
    css = ", ".join("'" + n.replace("'", "").replace("\\", "") + "'" for n in dict.fromkeys(names))
    return css + ", sans-serif", latin_alt, ea_alt


def bullet_char(char: str) -> str:
    """A placeholder bullet as text: symbol-font glyphs (private use, letters) become a dot."""
    if not char:
        return ""
    if char.isalnum() or "\ue000" <= char[0] <= "\uf8ff" or char == "1.":
        return "•" if char != "1." else ""
    return char


@dataclass
class BrandTemplate(Template):
    """A Template made from a PowerPoint template (see the module docstring)."""

    source: PptxTemplate | None = None
    layout_map: LayoutMap | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    geometries: dict[str, SlideGeometry] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    original: bytes = b""  # the uploaded .pptx/.potx, as stored

    def geometry_of(self, page_kind: str, page: Mapping[str, Any]) -> SlideGeometry:
        assert self.layout_map is not None
        return self.geometries[slide_kind(page_kind, dict(page), self.layout_map)]

    def render(self, kind: str, context: dict[str, Any]) -> str:
        page = context.get("page", {})
        geo = self.geometry_of(kind, page)
        skip = context.get("skip") or ()
        brand = {
            "kind": geo.kind,
            "skip": list(skip),
            "heads": "lhead" in geo.slots,
        }
        return super().render(kind, {**context, "brand": brand})


def build_template(
    template_id: str,
    name: str,
    category: str,
    source: PptxTemplate,
    layouts: LayoutMap,
    settings: dict[str, Any],
) -> BrandTemplate:
    """The BrandTemplate of a read PowerPoint template and its layout map."""
    builder = GeometryBuilder(source, layouts)
    geometries: dict[str, SlideGeometry] = {kind: builder.build(kind) for kind in KINDS}
    theme = source.theme
    major_css, major_alt, major_ea_alt = font_stack(theme.major.latin, theme.major.ea)
    minor_css, minor_alt, minor_ea_alt = font_stack(theme.minor.latin, theme.minor.ea)
    aliases = {major_alt: "+mj-lt", minor_alt: "+mn-lt"}
    if theme.minor.ea or theme.major.ea:
        aliases.update({major_ea_alt: "+mj-ea", minor_ea_alt: "+mn-ea"})
    title_px = builder.title_style.sizes_pt[0] * PX_PER_PT
    body_px = builder.body_style.sizes_pt[0] * PX_PER_PT
    colors = theme.colors
    manifest = {
        "id": template_id,
        "name": name,
        "category": category,
        "size": {"width": round(source.width), "height": round(source.height)},
        "colors": {
            "primary": f"#{colors['accent1']}",
            "accent": f"#{colors['accent2']}",
            "background": f"#{colors['lt1']}",
            "text": f"#{colors['dk1']}",
            "muted": f"#{colors['dk2']}",
            "surface": f"#{colors['lt2']}",
        },
        "fonts": {"heading": major_css, "body": minor_css},
        "sizes": {
            "title": {"max": round(title_px, 1), "min": round(title_px * 0.6, 1)},
            "body": {"max": round(body_px, 1), "min": round(max(10.0, body_px * 0.5), 1)},
        },
    }
    page = _page_html(geometries, source, title_px, body_px)
    files = {f"{kind}.html": page.encode("utf-8") for kind in PAGE_KINDS}
    files["theme.css"] = _theme_css(source, major_css, minor_css).encode("utf-8")
    return BrandTemplate(
        manifest,
        files,
        source=source,
        layout_map=layouts,
        settings=settings,
        geometries=geometries,
        aliases=aliases,
    )


def _page_html(
    geometries: dict[str, SlideGeometry], source: PptxTemplate, title_px: float, body_px: float
) -> str:
    w, h = source.width, source.height
    parts = [f'<div class="slide" style="width:{w:.2f}px;height:{h:.2f}px;{{{{ page.style }}}}">']
    first = True
    for kind, geo in geometries.items():
        parts.append(("{% if" if first else "{% elif") + f' brand.kind == "{kind}" %}}')
        first = False
        for slot in geo.slots.values():
            parts.append(_slot_html(slot, geo.kind, title_px, body_px))
    parts.append("{% endif %}</div>")
    return "\n".join(parts)


def _image_html(slot: Slot) -> str:
    """The picture slot: the whole box (a picture placeholder has no insets)."""
    x, y, w, h = slot.box
    css = f"left:{x:.2f}px;top:{y:.2f}px;width:{w:.2f}px;height:{h:.2f}px;"
    cover = slot.ph is not None  # a drawn picture starts at the top, level with the text
    content = _IMAGE.format(
        fit="cover" if cover else "contain", position="center" if cover else "center top"
    )
    return (
        f'{{% if "image" not in brand.skip %}}<div class="ph ph-image" data-df-fit="image"'
        f' style="{css}">{content}</div>{{% endif %}}'
    )


def _slot_html(slot: Slot, kind: str, title_px: float, body_px: float) -> str:
    if slot.name == "image":
        return _image_html(slot)
    x, y, w, h = slot.box
    style: TextStyle = slot.style
    titled = slot.name in ("title", "subtitle")  # both shrink with the title size
    ref_px = title_px if titled else body_px
    ratio = style.sizes_pt[0] * PX_PER_PT / ref_px if ref_px else 1.0
    var = "--df-title-size" if titled else "--df-body-size"
    pad = style.insets
    font = "var(--df-font-heading)" if style.font == "major" else "var(--df-font-body)"
    css = (
        f"left:{x:.2f}px;top:{y:.2f}px;width:{w:.2f}px;height:{h:.2f}px;"
        f"padding:{pad[1]:.2f}px {pad[2]:.2f}px {pad[3]:.2f}px {pad[0]:.2f}px;"
        f"justify-content:{ANCHOR_CSS.get(style.anchor, 'flex-start')};"
        f"text-align:{ALIGN_CSS.get(style.align, 'left')};color:#{style.color};"
        f"font-family:{font};font-size:calc(var({var}) * {ratio:.4f});"
        f"line-height:{max(0.8, style.line_pct) * 1.2:.3f};"
        f"font-weight:{700 if style.bold else 400};"
        + ("text-transform:uppercase;" if style.caps else "")
    )
    bullet = bullet_char(style.bullets[0])
    content = _SLOT_CONTENT[slot.name]
    if kind == "picture" and slot.name == "body":
        content = _PICTURE_BODY
    cls = f"ph ph-{slot.name}" + (" ph-nobullet" if not bullet else "")
    marker = f' data-bullet="{escape(bullet)}"' if bullet else ""
    region = FIT_REGION[slot.name]
    inner = f'<div class="ph-in">{content}</div>'
    return (
        f'{{% if "{slot.name}" not in brand.skip %}}<div class="{cls}" data-df-fit="{region}"'
        f'{marker} style="{css}">{inner}</div>{{% endif %}}'
    )


def _theme_css(source: PptxTemplate, major_css: str, minor_css: str) -> str:
    c = source.theme.colors
    return Markup(
        f""".slide {{ position: relative; color: #{c["dk1"]}; font-family: {minor_css}; }}
.ph {{ position: absolute; display: flex; flex-direction: column; overflow-wrap: anywhere; }}
.ph-in {{ min-width: 0; }}
.ph-title .ph-in, .ph-subtitle .ph-in {{ white-space: pre-wrap; }}
.ph .df-list {{ padding-left: 1.1em; }}
.ph-nobullet .df-list {{ list-style: none; padding-left: 0; }}
.ph .df-list .df-list {{ font-size: 0.9em; }}
.ph .df-p {{ margin: 0 0 0.3em 0; }}
.ph .df-h {{ font-size: 1em; }}
.df-list li::marker {{ color: #{c["accent1"]}; }}
.df-table th {{ background: #{c["accent1"]}; color: #{c["lt1"]}; text-align: left; }}
.df-table td {{ border-bottom: 1px solid #{c["lt2"]}; }}
.df-quote {{ border-left: 4px solid #{c["accent2"]}; }}
.df-code {{ background: #{c["lt2"]}; color: #{c["dk1"]}; }}
a {{ color: #{c["hlink"]}; }}
.grid {{ display: flex; gap: 24px; }}
.col {{ flex: 1 1 0; min-width: 0; }}
.col-title {{ font-size: 1.05em; margin: 0 0 8px 0; padding-bottom: 6px; border-bottom: 3px solid #{c["accent1"]}; }}
.layout-cards .col, .grid.n3 .col, .grid.n4 .col {{ background: #{c["lt2"]}; padding: 18px; border-top: 6px solid #{c["accent1"]}; }}
.intro {{ margin-bottom: 16px; }}
.split {{ display: flex; gap: 32px; align-items: flex-start; }}
.split-text {{ flex: 1 1 0; min-width: 0; }}
.split-media {{ flex: 0 0 45%; }}
.split-media img {{ display: block; max-width: 100%; max-height: 100%; object-fit: contain; }}
.ph-image img {{ display: block; width: 100%; height: 100%; }}
.key {{ display: flex; align-items: center; gap: 28px; margin-bottom: 20px; }}
.key-value {{ font-size: 3.5em; line-height: 1.1; font-weight: 700; color: #{c["accent1"]}; white-space: nowrap; }}
.key-caption {{ flex: 1 1 0; min-width: 0; }}
.big-quote {{ font-size: 1.2em; font-style: italic; padding: 8px 0 8px 24px; border-left: 6px solid #{c["accent2"]}; margin: 0 0 16px 0; }}
"""
    )
