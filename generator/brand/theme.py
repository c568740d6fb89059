"""A PowerPoint theme (theme part XML -> colour scheme, major/minor fonts) and DrawingML colour
resolution (scheme colours through a master's colour map, lumMod/lumOff/tint/shade/alpha)."""

from __future__ import annotations

import colorsys
from dataclasses import dataclass, field
from typing import Any, Literal

A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"
P_NS = "http://schemas.openxmlformats.org/presentationml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
SCHEME_SLOTS = (
    "dk1",
    "lt1",
    "dk2",
    "lt2",
    "accent1",
    "accent2",
    "accent3",
    "accent4",
    "accent5",
    "accent6",
    "hlink",
    "folHlink",
)
DEFAULT_CLR_MAP = {
    "bg1": "lt1",
    "tx1": "dk1",
    "bg2": "lt2",
    "tx2": "dk2",
    **{f"accent{i}": f"accent{i}" for i in range(1, 7)},
    "hlink": "hlink",
    "folHlink": "folHlink",
}
PRESET_COLORS = {"black": "000000", "white": "FFFFFF", "red": "FF0000", "blue": "0000FF"}
FontRole = Literal["major", "minor"]


def a(tag: str) -> str:
    return f"{{{A_NS}}}{tag}"


def p(tag: str) -> str:
    return f"{{{P_NS}}}{tag}"


@dataclass(frozen=True)
class ThemeFonts:
    """One font collection of the theme: its latin, East Asian and complex-script typefaces."""

    latin: str = ""
    ea: str = ""
    cs: str = ""

    def to_dict(self) -> dict[str, str]:
        return {"latin": self.latin, "ea": self.ea, "cs": self.cs}


@dataclass(frozen=True)
class Theme:
    """The colour scheme (slot -> RRGGBB), the font scheme and the background fill styles."""

    name: str
    colors: dict[str, str]
    major: ThemeFonts
    minor: ThemeFonts
    bg_fills: list[Any] = field(default_factory=list, compare=False, repr=False)
    fills: list[Any] = field(default_factory=list, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "colors": dict(self.colors),
            "fonts": {"major": self.major.to_dict(), "minor": self.minor.to_dict()},
        }


def read_theme(root: Any) -> Theme:
    """A theme part's root element (a:theme) -> Theme. Missing pieces fall back to Office's."""
    colors = {"dk1": "000000", "lt1": "FFFFFF", "dk2": "44546A", "lt2": "E7E6E6"}
    colors.update({f"accent{i}": c for i, c in enumerate(_OFFICE_ACCENTS, 1)})
    colors.update(hlink="0563C1", folHlink="954F72")
    scheme = root.find(f"{a('themeElements')}/{a('clrScheme')}")
    if scheme is not None:
        for slot in SCHEME_SLOTS:
            el = scheme.find(a(slot))
            value = _base_color(el[0]) if el is not None and len(el) else None
            if value:
                colors[slot] = value
    fonts = root.find(f"{a('themeElements')}/{a('fontScheme')}")
    major = _fonts(fonts.find(a("majorFont")) if fonts is not None else None)
    minor = _fonts(fonts.find(a("minorFont")) if fonts is not None else None)
    fmt = root.find(f"{a('themeElements')}/{a('fmtScheme')}")
    bg_fills = _children(fmt, "bgFillStyleLst")
    fills = _children(fmt, "fillStyleLst")
    return Theme(str(root.get("name") or ""), colors, major, minor, bg_fills, fills)


def _children(fmt: Any, tag: str) -> list[Any]:
    found = fmt.find(a(tag)) if fmt is not None else None
    return list(found) if found is not None else []


_OFFICE_ACCENTS = ("4472C4", "ED7D31", "A5A5A5", "FFC000", "5B9BD5", "70AD47")


def _fonts(el: Any) -> ThemeFonts:
    if el is None:
        return ThemeFonts()

    def face(tag: str) -> str:
        found = el.find(a(tag))
        return str(found.get("typeface") or "") if found is not None else ""

    return ThemeFonts(face("latin"), face("ea"), face("cs"))


def _base_color(el: Any) -> str | None:
    """The colour an srgbClr/sysClr/prstClr/scrgbClr element names, without modifiers."""
    tag = el.tag.rsplit("}", 1)[-1]
    if tag == "srgbClr":
        return _hex(el.get("val"))
    if tag == "sysClr":
        return _hex(el.get("lastClr")) or ("000000" if el.get("val") == "windowText" else "FFFFFF")
    if tag == "prstClr":
        return PRESET_COLORS.get(str(el.get("val")), "000000")
    if tag == "scrgbClr":
        try:
            parts = [float(el.get(k, "0")) / 100000 for k in ("r", "g", "b")]
        except ValueError:
            return None
        return "".join(f"{round(_linear_to_srgb(v) * 255):02X}" for v in parts)
    return None


def _hex(value: Any) -> str | None:
    text = str(value or "").strip().upper()
    if len(text) == 6 and all(c in "0123456789ABCDEF" for c in text):
        return text
    return None


def _linear_to_srgb(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


@dataclass(frozen=True)
class ColorContext:
    """What resolving a colour needs: the theme, the master's colour map and, inside a style
    reference or fill style, the placeholder colour (phClr)."""

    theme: Theme
    clr_map: dict[str, str]
    ph_color: str | None = None

    def with_ph(self, color: str | None) -> ColorContext:
        return ColorContext(self.theme, self.clr_map, color)


def clr_map_of(master_element: Any, override: Any = None) -> dict[str, str]:
    """A master's p:clrMap (or a layout's p:clrMapOvr/a:overrideClrMapping) as a dict."""
    out = dict(DEFAULT_CLR_MAP)
    el = master_element.find(p("clrMap")) if master_element is not None else None
    if override is not None:
        found = override.find(a("overrideClrMapping"))
        el = found if found is not None else el
    if el is not None:
        out.update({k: str(v) for k, v in el.attrib.items()})
    return out


def resolve_color(el: Any, ctx: ColorContext) -> tuple[str, float] | None:
    """A colour choice element (a:srgbClr, a:schemeClr, ...) -> (RRGGBB, alpha)."""
    if el is None:
        return None
    tag = el.tag.rsplit("}", 1)[-1]
    if tag == "schemeClr":
        name = str(el.get("val") or "")
        if name == "phClr":
            base = ctx.ph_color or ctx.theme.colors["dk1"]
        else:
            slot = ctx.clr_map.get(name, name)
            base = ctx.theme.colors.get(slot) or ctx.theme.colors["dk1"]
        return _apply_mods(base, el)
    found = _base_color(el)
    return _apply_mods(found, el) if found is not None else None


def _apply_mods(base: str, el: Any) -> tuple[str, float]:
    r, g, b = (int(base[i : i + 2], 16) / 255 for i in (0, 2, 4))
    alpha = 1.0
    for mod in el:
        name = mod.tag.rsplit("}", 1)[-1]
        try:
            val = int(mod.get("val", "0")) / 100000
        except ValueError:
            continue
        if name == "alpha":
            alpha = max(0.0, min(1.0, val))
        elif name in ("lumMod", "lumOff"):
            h, lum, s = colorsys.rgb_to_hls(r, g, b)
            lum = lum * val if name == "lumMod" else lum + val
            r, g, b = colorsys.hls_to_rgb(h, max(0.0, min(1.0, lum)), s)
        elif name == "tint":
            r, g, b = (c + (1 - c) * (1 - val) for c in (r, g, b))
        elif name == "shade":
            r, g, b = (c * val for c in (r, g, b))
    return "".join(f"{round(max(0.0, min(1.0, c)) * 255):02X}" for c in (r, g, b)), alpha


def first_color_child(el: Any) -> Any:
    """The colour choice child of a fill or reference element (or None)."""
    if el is None:
        return None
    for child in el:
        if child.tag.rsplit("}", 1)[-1] in (
            "srgbClr",
            "schemeClr",
            "sysClr",
            "prstClr",
            "scrgbClr",
            "hslClr",
        ):
            return child
    return None
