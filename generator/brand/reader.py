"""A checked PowerPoint package -> PptxTemplate: slide size, theme, masters, layouts, their
placeholders (type, index, name, box, text style) and their art (for previews), via python-pptx."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any, Literal

from pptx import Presentation
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.oxml import parse_xml

from engine import EMU_PER_PX
from generator.brand.safety import BrandLimits, CheckedPackage, refuse
from generator.brand.theme import (
    ColorContext,
    Theme,
    a,
    clr_map_of,
    first_color_child,
    p,
    read_theme,
    resolve_color,
)

TITLE_TYPES = {"title", "ctrTitle"}
FOOTER_TYPES = {"dt", "ftr", "sldNum", "hdr"}
CONTENT_TYPES = {"body", "obj", "subTitle", "tbl", "chart", "dgm", "media", "clipArt", "pic"}
Anchor = Literal["t", "ctr", "b"]


@dataclass(frozen=True)
class TextStyle:
    """The look a placeholder's text inherits (from its layout, master placeholder and the
    master's text styles): what the HTML replica of the placeholder uses."""

    sizes_pt: tuple[float, float, float]  # levels 1..3
    color: str
    bold: bool
    align: str  # l | ctr | r | just
    anchor: Anchor
    font: Literal["major", "minor"]
    bullets: tuple[str, str, str]  # bullet character of levels 1..3 ("" = none)
    line_pct: float  # line spacing of level 1 (1.0 = single)
    caps: bool = False
    insets: tuple[float, float, float, float] = (9.6, 4.8, 9.6, 4.8)  # bodyPr l, t, r, b px


@dataclass(frozen=True)
class PlaceholderBox:
    type: str  # ph/@type (absent -> obj)
    idx: int
    name: str
    x: float
    y: float
    w: float
    h: float  # px
    attrs: dict[str, str]  # the layout's p:ph attributes, copied onto slides
    style: TextStyle
    vertical: bool = False

    @property
    def area(self) -> float:
        return self.w * self.h


@dataclass(frozen=True)
class LayoutInfo:
    index: int  # 1-based, over all masters in order
    master: int  # 1-based
    partname: str
    name: str
    placeholders: list[PlaceholderBox]

    def of(self, *types: str) -> list[PlaceholderBox]:
        return [ph for ph in self.placeholders if ph.type in types]

    @property
    def title(self) -> PlaceholderBox | None:
        found = self.of("title", "ctrTitle")
        return found[0] if found else None

    @property
    def contents(self) -> list[PlaceholderBox]:
        """Body-like placeholders (body/obj/tables/charts...), largest first; no footers."""
        found = [ph for ph in self.placeholders if ph.type in CONTENT_TYPES - {"subTitle", "pic"}]
        return sorted(found, key=lambda ph: (-ph.area, ph.x, ph.y))

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "master": self.master,
            "name": self.name,
            "placeholders": [
                {"type": ph.type, "idx": ph.idx, "name": ph.name} for ph in self.placeholders
            ],
        }


@dataclass
class PptxTemplate:
    """What the generator knows of an uploaded PowerPoint template."""

    data: bytes  # the checked package (opens in python-pptx)
    kind: str  # presentation | template | show
    width: float  # px
    height: float
    theme: Theme
    clr_map: dict[str, str]
    layouts: list[LayoutInfo]
    title: str
    example_slides: int
    warnings: list[str] = field(default_factory=list)

    def color_context(self) -> ColorContext:
        return ColorContext(self.theme, self.clr_map)


def read_template(checked: CheckedPackage, limits: BrandLimits | None = None) -> PptxTemplate:
    """Open the checked package with python-pptx and read it; GeneratorError 1010 when it has
    no usable master or layout, or more than the limits allow."""
    limits = limits or BrandLimits()
    try:
        prs = Presentation(io.BytesIO(checked.data))
        masters = list(prs.slide_masters)
        example_slides = len(prs.slides)
    except Exception as exc:  # noqa: BLE001 - python-pptx raises many kinds on a broken package
        raise refuse(f"is not a readable PowerPoint package ({type(exc).__name__})") from None
    if not masters:
        raise refuse("has no slide master")
    if len(masters) > limits.max_masters:
        raise refuse(f"has {len(masters)} slide masters; at most {limits.max_masters} allowed")
    width = float(prs.slide_width or 9144000) / EMU_PER_PX
    height = float(prs.slide_height or 6858000) / EMU_PER_PX
    first = masters[0]
    theme = _theme_of(first)
    layouts: list[LayoutInfo] = []
    for mi, master in enumerate(masters, 1):
        styles = master.element.find(p("txStyles"))
        master_phs = {_ph_key(ph): ph for ph in master.placeholders}
        ctx = ColorContext(_theme_of(master), clr_map_of(master.element))
        for layout in master.slide_layouts:
            if len(layouts) >= limits.max_layouts:
                raise refuse(f"has more than {limits.max_layouts} slide layouts")
            phs = [
                _placeholder(ph, master_phs.get(_ph_key(ph)), styles, ctx)
                for ph in layout.placeholders
            ]
            name = str(layout.name or "") or f"Layout {len(layouts) + 1}"
            layouts.append(LayoutInfo(len(layouts) + 1, mi, str(layout.part.partname), name, phs))
    if not layouts:
        raise refuse("has no slide layouts")
    title = str(prs.core_properties.title or "")
    return PptxTemplate(
        data=checked.data,
        kind=checked.kind,
        width=width,
        height=height,
        theme=theme,
        clr_map=clr_map_of(first.element),
        layouts=layouts,
        title=title,
        example_slides=example_slides,
        warnings=list(checked.warnings),
    )


def _theme_of(master: Any) -> Theme:
    try:
        part = master.part.part_related_by(RT.THEME)
    except KeyError:
        raise refuse("its slide master has no theme") from None
    return read_theme(parse_xml(part.blob))


def _ph_type(ph: Any) -> str:
    el = ph.element.find(f".//{p('ph')}")
    return str(el.get("type") or "obj") if el is not None else "obj"


def _ph_key(ph: Any) -> str:
    """Which master placeholder a layout placeholder inherits from: by type family."""
    kind = _ph_type(ph)
    if kind in TITLE_TYPES:
        return "title"
    if kind in FOOTER_TYPES:
        return kind
    return "body"


def _placeholder(ph: Any, master_ph: Any, styles: Any, ctx: ColorContext) -> PlaceholderBox:
    el = ph.element.find(f".//{p('ph')}")
    attrs = {str(k): str(v) for k, v in el.attrib.items()} if el is not None else {}
    kind = str(attrs.get("type") or "obj")
    box = [float(v or 0) / EMU_PER_PX for v in (ph.left, ph.top, ph.width, ph.height)]
    if master_ph is not None and not any(box[2:]):
        dims = (master_ph.left, master_ph.top, master_ph.width, master_ph.height)
        box = [float(v or 0) / EMU_PER_PX for v in dims]
    style = _style(
        kind, ph.element, master_ph.element if master_ph is not None else None, styles, ctx
    )
    vertical = attrs.get("orient") == "vert" or _body_attr(ph.element, "vert", "") in (
        "vert",
        "eaVert",
        "vert270",
    )
    x, y, w, h = box
    return PlaceholderBox(
        kind, int(attrs.get("idx", "0")), str(ph.name or ""), x, y, w, h, attrs, style, vertical
    )


def _body_attr(sp: Any, name: str, default: str) -> str:
    body_pr = sp.find(f"{p('txBody')}/{a('bodyPr')}")
    value = body_pr.get(name) if body_pr is not None else None
    return str(value) if value else default


def _inset(sp: Any, master_sp: Any, name: str, default: int) -> float:
    """A bodyPr inset in px: the layout placeholder's, else the master placeholder's."""
    for el in (sp, master_sp):
        value = _body_attr(el, name, "") if el is not None else ""
        if value.lstrip("-").isdigit():
            return max(0, int(value)) / EMU_PER_PX
    return default / EMU_PER_PX


def _levels(sp: Any, n: int) -> Any:
    if sp is None:
        return None
    return sp.find(f"{p('txBody')}/{a('lstStyle')}/{a(f'lvl{n}pPr')}")


def _style(kind: str, sp: Any, master_sp: Any, styles: Any, ctx: ColorContext) -> TextStyle:
    """Walk layout placeholder -> master placeholder -> master text style for each property."""
    family = "titleStyle" if kind in TITLE_TYPES else "bodyStyle"
    if kind in FOOTER_TYPES:
        family = "otherStyle"

    def chain(level: int) -> list[Any]:
        found = [_levels(sp, level), _levels(master_sp, level)]
        style_root = styles.find(p(family)) if styles is not None else None
        if style_root is not None:
            found.append(style_root.find(a(f"lvl{level}pPr")))
        return [el for el in found if el is not None]

    def first(level: int, getter: Any, default: Any) -> Any:
        for el in chain(level):
            value = getter(el)
            if value is not None:
                return value
        return default

    def size(el: Any) -> float | None:
        rpr = el.find(a("defRPr"))
        return int(rpr.get("sz")) / 100 if rpr is not None and rpr.get("sz") else None

    def color(el: Any) -> str | None:
        fill = el.find(f"{a('defRPr')}/{a('solidFill')}")
        found = resolve_color(first_color_child(fill), ctx) if fill is not None else None
        return found[0] if found else None

    def bullet(el: Any) -> str | None:
        if el.find(a("buNone")) is not None:
            return ""
        char = el.find(a("buChar"))
        if char is not None:
            return str(char.get("char") or "•")
        return "1." if el.find(a("buAutoNum")) is not None else None

    def line(el: Any) -> float | None:
        pct = el.find(f"{a('lnSpc')}/{a('spcPct')}")
        return int(pct.get("val")) / 100000 if pct is not None and pct.get("val") else None

    def font(el: Any) -> str | None:
        latin = el.find(f"{a('defRPr')}/{a('latin')}")
        face = str(latin.get("typeface") or "") if latin is not None else ""
        return "major" if face.startswith("+mj") else ("minor" if face.startswith("+mn") else None)

    def bold(el: Any) -> bool | None:
        rpr = el.find(a("defRPr"))
        value = rpr.get("b") if rpr is not None else None
        return value in ("1", "true") if value is not None else None

    def caps(el: Any) -> bool | None:
        rpr = el.find(a("defRPr"))
        value = rpr.get("cap") if rpr is not None else None
        return value == "all" if value is not None else None

    default_size = 44.0 if family == "titleStyle" else (12.0 if kind in FOOTER_TYPES else 28.0)
    sizes = tuple(float(first(n, size, default_size * (1 - 0.1 * (n - 1)))) for n in (1, 2, 3))
    anchor = _body_attr(sp, "anchor", "") or (
        _body_attr(master_sp, "anchor", "") if master_sp is not None else ""
    )
    insets = tuple(
        _inset(sp, master_sp, name, default)
        for name, default in (("lIns", 91440), ("tIns", 45720), ("rIns", 91440), ("bIns", 45720))
    )
    return TextStyle(
        insets=(insets[0], insets[1], insets[2], insets[3]),
        sizes_pt=(sizes[0], sizes[1], sizes[2]),
        color=first(1, color, ctx.theme.colors["dk1"]),
        bold=bool(first(1, bold, False)),
        align=str(first(1, lambda el: el.get("algn"), "l")),
        anchor=anchor if anchor in ("t", "ctr", "b") else ("ctr" if kind in TITLE_TYPES else "t"),  # type: ignore[arg-type]
        font=first(1, font, "major" if family == "titleStyle" else "minor"),
        bullets=(first(1, bullet, ""), first(2, bullet, ""), first(3, bullet, "")),
        line_pct=float(first(1, line, 1.0)),
        caps=bool(first(1, caps, False)),
    )
