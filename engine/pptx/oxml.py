"""Raw DrawingML/PresentationML element helpers (OOXML values in EMU, 60000ths, 1/1000 % -> lxml elements).

Every helper appends to a parent (lxml SubElement), so the prefixes declared on the part's root
element (p:, a:, r:) are reused and no stray namespace declarations appear. Children are added
in the order the ECMA-376 schemas require; callers must call the helpers in schema order too.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, TypeAlias, TypeGuard, get_args

from lxml import etree

from engine.model.schema import Dash

NS_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
NS_P = "http://schemas.openxmlformats.org/presentationml/2006/main"
NS_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
NS_ASVG = "http://schemas.microsoft.com/office/drawing/2016/SVG/main"
NS_AHYP = "http://schemas.microsoft.com/office/drawing/2018/hyperlinkcolor"

SVG_BLIP_EXT_URI = "{96DAC541-7B7A-43D3-8B79-37D633B846F1}"
HLINK_CLR_EXT_URI = "{A12FA001-AC4F-418D-AE19-62706E023703}"
TABLE_URI = "http://schemas.openxmlformats.org/drawingml/2006/table"

R_ID = f"{{{NS_R}}}id"
R_EMBED = f"{{{NS_R}}}embed"

Element: TypeAlias = etree._Element

_HEX6 = re.compile(r"[0-9A-Fa-f]{6}")
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")

PRESET_DASHES = frozenset(get_args(Dash))  # ST_PresetLineDashVal


def a(tag: str) -> str:
    """Clark name of a DrawingML main element."""
    return f"{{{NS_A}}}{tag}"


def p(tag: str) -> str:
    """Clark name of a PresentationML element."""
    return f"{{{NS_P}}}{tag}"


def sub(parent: Element, tag: str, attrib: dict[str, str] | None = None) -> Element:
    """Append a child element (attribute values must already be strings)."""
    if attrib:
        return etree.SubElement(parent, tag, attrib)
    return etree.SubElement(parent, tag)


class ElementCache:
    """Property subtrees built once per key and deep-copied afterwards (one cache per deck).

    lxml spends most of its time creating elements and attributes; copying an already built
    subtree (an rPr, a pPr, a shape skeleton) is several times cheaper.
    """

    def __init__(self) -> None:
        self._scratch = etree.Element(p("spTree"), nsmap={"a": NS_A, "p": NS_P, "r": NS_R})
        self._items: dict[Hashable, Element] = {}

    def append(
        self, parent: Element, key: Hashable, build: Callable[[Element], Element]
    ) -> Element:
        """Append a copy of the subtree `build(scratch)` made for `key` (built on first use)."""
        try:
            template = self._items.get(key)
        except TypeError:  # an unhashable model value: build it in place
            return build(parent)
        if template is None:
            template = build(self._scratch)
            self._items[key] = template
        element = template.__copy__()  # lxml copies the whole subtree (cheaper than deepcopy)
        parent.append(element)
        return element


_SCALARS = frozenset({str, float, int, type(None)})
_STR = frozenset({str})


def freeze(value: Any) -> Hashable:
    """A cache key for a JSON-like value: dicts/lists -> tuples, bools kept apart from 0/1."""
    kind = type(value)  # exact types first: the ABC checks below cost ~1 us each
    if kind is str or kind is float or kind is int or value is None:
        return value  # type: ignore[no-any-return]
    if kind is dict:
        pairs = value.items()
        if _SCALARS.issuperset(map(type, value.values())) and _STR.issuperset(map(type, value)):
            return tuple(sorted(pairs))  # flat (a border line, a run): the same key, built in C
        return tuple(sorted((str(k), freeze(v)) for k, v in pairs))
    if kind is list or kind is tuple:
        return tuple(freeze(v) for v in value)
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), freeze(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    return value  # type: ignore[no-any-return]


def is_mapping(value: object) -> TypeGuard[Mapping[str, Any]]:
    """isinstance(value, Mapping), with the model's plain dicts answered without the ABC check
    (~1 us each, several per table cell)."""
    return type(value) is dict or isinstance(value, Mapping)


def token(value: object, allowed: frozenset[str]) -> str | None:
    """`value` when it is one of the `allowed` OOXML enumeration strings, else None."""
    return value if isinstance(value, str) and value in allowed else None


def items(value: object) -> list[Any]:
    """A model list (anything else -> empty)."""
    return list(value) if isinstance(value, list | tuple) else []


# Model numbers are clamped to +-1e9 so that every OOXML value derived from them (EMU,
# hundredths of a point, 1/1000 %) stays inside its schema type.
MAX_MODEL_NUMBER = 1e9


def finite(value: object) -> float | None:
    """A model number as float, clamped to +-1e9; None for missing, boolean, NaN, infinite."""
    if value is None:
        return None
    kind = type(value)
    if kind is float:
        number: float = value  # type: ignore[assignment]
        if -MAX_MODEL_NUMBER <= number <= MAX_MODEL_NUMBER:  # the common case (False for NaN)
            return number
    elif isinstance(value, bool) or not isinstance(value, int | float):
        return None
    else:
        number = float(value)
    if not math.isfinite(number):
        return None
    return max(-MAX_MODEL_NUMBER, min(MAX_MODEL_NUMBER, number))


def clean_text(text: str) -> str:
    """Drop characters XML 1.0 cannot carry (control characters, lone surrogates)."""
    return _XML_ILLEGAL.sub("", text)


def hex_color(color: object) -> str:
    """'RRGGBB' upper case; anything unusable becomes black."""
    if isinstance(color, str):
        value = color[1:] if color.startswith("#") else color
        if _HEX6.fullmatch(value):
            return value.upper()
    return "000000"


def alpha_val(alpha: object) -> int:
    """Alpha 0..1 -> ST_PositiveFixedPercentage (0..100000); missing -> opaque."""
    value = finite(alpha)
    if value is None:
        return 100000
    return max(0, min(100000, int(round(value * 100000))))


# -- colours and fills ---------------------------------------------------------------------


def srgb_clr(parent: Element, color: object, alpha: object = 1.0) -> Element:
    """<a:srgbClr val="RRGGBB"><a:alpha val=".."/></a:srgbClr> (alpha only when < 1)."""
    clr = sub(parent, a("srgbClr"), {"val": hex_color(color)})
    amount = alpha_val(alpha)
    if amount < 100000:
        sub(clr, a("alpha"), {"val": str(amount)})
    return clr


def solid_fill(parent: Element, color: object, alpha: object = 1.0) -> Element:
    fill = sub(parent, a("solidFill"))
    srgb_clr(fill, color, alpha)
    return fill


def no_fill(parent: Element) -> Element:
    return sub(parent, a("noFill"))


def grad_fill(
    parent: Element,
    stops: Sequence[tuple[int, object, object]],
    path: str | None,
    ang: int = 0,
    focus: tuple[int, int] = (50000, 50000),
) -> Element:
    """<a:gradFill> with gsLst (pos in 1/1000 %, colour, alpha) and lin (path None) or path.

    `path` is None for a linear gradient at `ang` (60000ths, 0 = left->right, clockwise) or
    'circle' / 'rect' / 'shape' for a path gradient around `focus` (x, y in 1/1000 % of the
    box; the fillToRect is that point).
    """
    fill = sub(parent, a("gradFill"), {"rotWithShape": "1"})
    gs_lst = sub(fill, a("gsLst"))
    for pos, color, alpha in stops:
        gs = sub(gs_lst, a("gs"), {"pos": str(pos)})
        srgb_clr(gs, color, alpha)
    if path is None:
        sub(fill, a("lin"), {"ang": str(ang), "scaled": "0"})
    else:
        path_el = sub(fill, a("path"), {"path": path})
        fx, fy = focus
        sub(
            path_el,
            a("fillToRect"),
            {"l": str(fx), "t": str(fy), "r": str(100000 - fx), "b": str(100000 - fy)},
        )
    return fill


def blip_fill(
    parent: Element,
    tag: str,
    embed_rid: str,
    crop: tuple[int, int, int, int] | None = None,
    alpha_amt: int = 100000,
    svg_rid: str | None = None,
    attrib: dict[str, str] | None = None,
) -> Element:
    """<p:blipFill>/<a:blipFill>: blip (+alphaModFix, +svgBlip extension), srcRect, stretch."""
    fill = sub(parent, tag, attrib)
    blip = sub(fill, a("blip"), {R_EMBED: embed_rid})
    if alpha_amt < 100000:
        sub(blip, a("alphaModFix"), {"amt": str(max(0, alpha_amt))})
    if svg_rid is not None:
        ext_lst = sub(blip, a("extLst"))
        ext = sub(ext_lst, a("ext"), {"uri": SVG_BLIP_EXT_URI})
        etree.SubElement(ext, f"{{{NS_ASVG}}}svgBlip", {R_EMBED: svg_rid}, nsmap={"asvg": NS_ASVG})
    if crop is not None and any(crop):
        left, top, right, bottom = crop
        sub(
            fill,
            a("srcRect"),
            {"l": str(left), "t": str(top), "r": str(right), "b": str(bottom)},
        )
    else:
        sub(fill, a("srcRect"))
    stretch = sub(fill, a("stretch"))
    sub(stretch, a("fillRect"))
    return fill


# -- geometry ------------------------------------------------------------------------------


def xfrm(
    parent: Element,
    x: int,
    y: int,
    cx: int,
    cy: int,
    rot: int = 0,
    flip_h: bool = False,
    flip_v: bool = False,
    tag: str | None = None,
    child: tuple[int, int, int, int] | None = None,
) -> Element:
    """<a:xfrm rot flipH flipV><a:off/><a:ext/>[<a:chOff/><a:chExt/>]</a:xfrm> (EMU)."""
    attrib: dict[str, str] = {}
    if rot:
        attrib["rot"] = str(rot)
    if flip_h:
        attrib["flipH"] = "1"
    if flip_v:
        attrib["flipV"] = "1"
    el = sub(parent, tag or a("xfrm"), attrib)
    sub(el, a("off"), {"x": str(x), "y": str(y)})
    sub(el, a("ext"), {"cx": str(max(0, cx)), "cy": str(max(0, cy))})
    if child is not None:
        chx, chy, chcx, chcy = child
        sub(el, a("chOff"), {"x": str(chx), "y": str(chy)})
        sub(el, a("chExt"), {"cx": str(max(0, chcx)), "cy": str(max(0, chcy))})
    return el


def prst_geom(parent: Element, prst: str, adj: int | None = None) -> Element:
    """<a:prstGeom prst><a:avLst>[<a:gd name="adj" fmla="val N"/>]</a:avLst></a:prstGeom>."""
    geom = sub(parent, a("prstGeom"), {"prst": prst})
    av_lst = sub(geom, a("avLst"))
    if adj is not None:
        sub(av_lst, a("gd"), {"name": "adj", "fmla": f"val {adj}"})
    return geom


# -- lines and effects ---------------------------------------------------------------------


def ln(
    parent: Element,
    w: int,
    color: object,
    alpha: object,
    dash: str = "solid",
    tag: str | None = None,
) -> Element:
    """<a:ln w cap="flat"><a:solidFill/><a:prstDash val/><a:miter/></a:ln> (or lnL/lnR/...)."""
    attrib = {"w": str(max(0, min(20116800, w))), "cap": "flat"}
    line = sub(parent, tag or a("ln"), attrib)
    solid_fill(line, color, alpha)
    sub(line, a("prstDash"), {"val": dash if dash in PRESET_DASHES else "solid"})
    sub(line, a("miter"), {"lim": "800000"})
    return line


def ln_none(parent: Element, tag: str | None = None) -> Element:
    """<a:ln><a:noFill/></a:ln> (or lnL/lnR/... with `tag`)."""
    line = sub(parent, tag or a("ln"))
    no_fill(line)
    return line


def outer_shdw(
    parent: Element,
    blur_rad: int,
    dist: int,
    dir_: int,
    color: object,
    alpha: object,
    sx: int = 100000,
    sy: int = 100000,
    algn: str = "ctr",
) -> Element:
    """<a:outerShdw blurRad dist dir [sx sy] algn rotWithShape="0"> + colour."""
    attrib = {
        "blurRad": str(max(0, blur_rad)),
        "dist": str(max(0, dist)),
        "dir": str(dir_),
    }
    if sx != 100000:
        attrib["sx"] = str(sx)
    if sy != 100000:
        attrib["sy"] = str(sy)
    attrib["algn"] = algn
    attrib["rotWithShape"] = "0"
    shdw = sub(parent, a("outerShdw"), attrib)
    srgb_clr(shdw, color, alpha)
    return shdw


def inner_shdw(
    parent: Element, blur_rad: int, dist: int, dir_: int, color: object, alpha: object
) -> Element:
    """<a:innerShdw blurRad dist dir> + colour."""
    attrib = {"blurRad": str(max(0, blur_rad)), "dist": str(max(0, dist)), "dir": str(dir_)}
    shdw = sub(parent, a("innerShdw"), attrib)
    srgb_clr(shdw, color, alpha)
    return shdw


# -- non-visual properties -----------------------------------------------------------------


def nv_props(
    parent: Element,
    nv_tag: str,
    cnv_tag: str,
    shape_id: int,
    name: str,
    cnv_attrib: dict[str, str] | None = None,
    descr: str | None = None,
) -> Element:
    """<p:nvXxPr><p:cNvPr id name [descr]/><p:cNvXxPr .../><p:nvPr/></p:nvXxPr>; returns cNvXxPr."""
    nv = sub(parent, nv_tag)
    attrib = {"id": str(shape_id), "name": clean_text(name)}
    if descr:
        attrib["descr"] = clean_text(descr)
    sub(nv, p("cNvPr"), attrib)
    cnv = sub(nv, cnv_tag, cnv_attrib)
    sub(nv, p("nvPr"))
    return cnv


# -- text ----------------------------------------------------------------------------------


def body_pr(
    parent: Element,
    wrap: bool,
    insets: tuple[int, int, int, int],
    anchor: str,
    vert: str | None = None,
) -> Element:
    """<a:bodyPr vert wrap lIns tIns rIns bIns rtlCol anchor><a:noAutofit/></a:bodyPr>."""
    attrib: dict[str, str] = {}
    if vert:
        attrib["vert"] = vert
    attrib["wrap"] = "square" if wrap else "none"
    left, top, right, bottom = insets
    attrib["lIns"] = str(left)
    attrib["tIns"] = str(top)
    attrib["rIns"] = str(right)
    attrib["bIns"] = str(bottom)
    attrib["rtlCol"] = "0"
    attrib["anchor"] = anchor
    body = sub(parent, a("bodyPr"), attrib)
    sub(body, a("noAutofit"))
    return body


def spc(
    parent: Element, tag: str, *, pts: float | None = None, pct: float | None = None
) -> Element:
    """<a:lnSpc>/<a:spcBef>/<a:spcAft> with spcPts (pt*100) or spcPct (fraction*100000)."""
    outer = sub(parent, a(tag))
    if pct is not None:
        val = max(0, min(13200000, int(round(pct * 100000))))
        sub(outer, a("spcPct"), {"val": str(val)})
    else:
        val = max(0, min(158400, int(round((pts or 0.0) * 100))))
        sub(outer, a("spcPts"), {"val": str(val)})
    return outer


def hlink_click(parent: Element, rid: str, text_color: bool) -> Element:
    """<a:hlinkClick r:id>; with `text_color` the 2018 hlinkClr extension keeps the run colour."""
    link = sub(parent, a("hlinkClick"), {R_ID: rid})
    if text_color:
        ext_lst = sub(link, a("extLst"))
        ext = sub(ext_lst, a("ext"), {"uri": HLINK_CLR_EXT_URI})
        etree.SubElement(ext, f"{{{NS_AHYP}}}hlinkClr", {"val": "tx"}, nsmap={"ahyp": NS_AHYP})
    return link
