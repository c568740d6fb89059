"""Shape geometry (model "geom", "radius", "radii", "points" -> a:prstGeom with adjust values or a:custGeom).

A model shape names a preset ("rect", "roundRect", "ellipse", any ST_ShapeType name), may give
per-corner radii (tl, tr, br, bl in px) for a rounded rectangle, or a polygon ("points": px
relative to the shape's top-left, may lie outside its box). Rounded rectangles whose corners
differ become round2SameRect (top pair / bottom pair) or a custGeom with arcs; polygons become
a custGeom path in EMU. The result is hashable, so it can key the writer's element cache.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from engine.pptx.oxml import Element, a, finite, items, prst_geom, sub, token
from engine.units import px_to_emu

# The preset geometries (ST_ShapeType, ECMA-376 §20.1.10.56) a model "geom" may name, so it is
# never invalid: every shape preset, the connector presets left out (they are lines, not shapes).
PRESET_GEOMETRIES = frozenset(
    (
        "accentBorderCallout1",
        "accentBorderCallout2",
        "accentBorderCallout3",
        "accentCallout1",
        "accentCallout2",
        "accentCallout3",
        "actionButtonBackPrevious",
        "actionButtonBeginning",
        "actionButtonBlank",
        "actionButtonDocument",
        "actionButtonEnd",
        "actionButtonForwardNext",
        "actionButtonHelp",
        "actionButtonHome",
        "actionButtonInformation",
        "actionButtonMovie",
        "actionButtonReturn",
        "actionButtonSound",
        "arc",
        "bentArrow",
        "bentUpArrow",
        "bevel",
        "blockArc",
        "borderCallout1",
        "borderCallout2",
        "borderCallout3",
        "bracePair",
        "bracketPair",
        "callout1",
        "callout2",
        "callout3",
        "can",
        "chartPlus",
        "chartStar",
        "chartX",
        "chevron",
        "chord",
        "circularArrow",
        "cloud",
        "cloudCallout",
        "corner",
        "cornerTabs",
        "cube",
        "curvedDownArrow",
        "curvedLeftArrow",
        "curvedRightArrow",
        "curvedUpArrow",
        "decagon",
        "diagStripe",
        "diamond",
        "dodecagon",
        "donut",
        "doubleWave",
        "downArrow",
        "downArrowCallout",
        "ellipse",
        "ellipseRibbon",
        "ellipseRibbon2",
        "flowChartAlternateProcess",
        "flowChartCollate",
        "flowChartConnector",
        "flowChartDecision",
        "flowChartDelay",
        "flowChartDisplay",
        "flowChartDocument",
        "flowChartExtract",
        "flowChartInputOutput",
        "flowChartInternalStorage",
        "flowChartMagneticDisk",
        "flowChartMagneticDrum",
        "flowChartMagneticTape",
        "flowChartManualInput",
        "flowChartManualOperation",
        "flowChartMerge",
        "flowChartMultidocument",
        "flowChartOfflineStorage",
        "flowChartOffpageConnector",
        "flowChartOnlineStorage",
        "flowChartOr",
        "flowChartPredefinedProcess",
        "flowChartPreparation",
        "flowChartProcess",
        "flowChartPunchedCard",
        "flowChartPunchedTape",
        "flowChartSort",
        "flowChartSummingJunction",
        "flowChartTerminator",
        "foldedCorner",
        "frame",
        "funnel",
        "gear6",
        "gear9",
        "halfFrame",
        "heart",
        "heptagon",
        "hexagon",
        "homePlate",
        "horizontalScroll",
        "irregularSeal1",
        "irregularSeal2",
        "leftArrow",
        "leftArrowCallout",
        "leftBrace",
        "leftBracket",
        "leftCircularArrow",
        "leftRightArrow",
        "leftRightArrowCallout",
        "leftRightCircularArrow",
        "leftRightRibbon",
        "leftRightUpArrow",
        "leftUpArrow",
        "lightningBolt",
        "line",
        "lineInv",
        "mathDivide",
        "mathEqual",
        "mathMinus",
        "mathMultiply",
        "mathNotEqual",
        "mathPlus",
        "moon",
        "noSmoking",
        "nonIsoscelesTrapezoid",
        "notchedRightArrow",
        "octagon",
        "parallelogram",
        "pentagon",
        "pie",
        "pieWedge",
        "plaque",
        "plaqueTabs",
        "plus",
        "quadArrow",
        "quadArrowCallout",
        "rect",
        "ribbon",
        "ribbon2",
        "rightArrow",
        "rightArrowCallout",
        "rightBrace",
        "rightBracket",
        "round1Rect",
        "round2DiagRect",
        "round2SameRect",
        "roundRect",
        "rtTriangle",
        "smileyFace",
        "snip1Rect",
        "snip2DiagRect",
        "snip2SameRect",
        "snipRoundRect",
        "squareTabs",
        "star10",
        "star12",
        "star16",
        "star24",
        "star32",
        "star4",
        "star5",
        "star6",
        "star7",
        "star8",
        "stripedRightArrow",
        "sun",
        "swooshArrow",
        "teardrop",
        "trapezoid",
        "triangle",
        "upArrow",
        "upArrowCallout",
        "upDownArrow",
        "upDownArrowCallout",
        "uturnArrow",
        "verticalScroll",
        "wave",
        "wedgeEllipseCallout",
        "wedgeRectCallout",
        "wedgeRoundRectCallout",
    )
)

MAX_POINTS = 4096  # a polygon is cut to this many points
_QUARTER = 5400000  # 90 degrees in 60000ths

# A custom path command: ("M", x, y) | ("L", x, y) | ("A", wR, hR, stAng, swAng) | ("Z",), EMU.
PathCommand = tuple[Any, ...]


class Geometry(NamedTuple):
    """A preset (prst + adjust guides) or a custom path (w, h + commands), all in EMU."""

    prst: str | None
    adj: tuple[tuple[str, int], ...] = ()
    w: int = 0
    h: int = 0
    path: tuple[PathCommand, ...] = ()


def _num(value: Any) -> float:
    number = finite(value)
    return 0.0 if number is None else number


def _adj(radius_emu: float, short: int) -> int:
    """Corner radius -> preset adjust value (1/100000 of the shorter side, at most 50000)."""
    if short <= 0:
        return 0
    return min(50000, max(0, int(round(radius_emu / short * 100000))))


def _contour(value: Any) -> list[tuple[float, float]]:
    return [
        (_num(p[0]), _num(p[1]))
        for p in items(value)
        if isinstance(p, list | tuple) and len(p) == 2
    ]


def shape_geometry(shape: Mapping[str, Any], cx: int, cy: int) -> Geometry:
    """The geometry of a model shape whose box is cx x cy EMU."""
    if shape.get("geom") == "custom":
        contours = [_contour(c) for c in items(shape.get("contours"))]
        contours = [c for c in contours if len(c) >= 3] or [_contour(shape.get("points"))]
        if len(contours[0]) >= 3:
            return polygon_geometry(contours, cx, cy)
    prst = token(shape.get("geom"), PRESET_GEOMETRIES) or "rect"
    short = min(cx, cy)
    if prst == "roundRect":
        radii = [max(0.0, _num(r)) for r in items(shape.get("radii"))]
        if len(radii) == 4 and max(radii) - min(radii) > 0.25:
            return _corner_geometry([px_to_emu(r) for r in radii], cx, cy)
        radius = px_to_emu(_num(shape.get("radius")))
        return Geometry("roundRect", (("adj", _adj(radius, short)),))
    return Geometry(prst)


def polygon_geometry(contours: list[list[tuple[float, float]]], cx: int, cy: int) -> Geometry:
    """custGeom of closed polygons (px relative to the shape's top-left; a second contour
    drawn the other way round is a hole)."""
    path: list[PathCommand] = []
    budget = MAX_POINTS
    for contour in contours:
        points = contour[:budget]
        budget -= len(points)
        if len(points) < 3:
            continue
        for i, (x, y) in enumerate(points):
            path.append(("M" if i == 0 else "L", px_to_emu(x), px_to_emu(y)))
        path.append(("Z",))
    return Geometry(None, (), cx, cy, tuple(path))


def _corner_geometry(radii: list[int], cx: int, cy: int) -> Geometry:
    """Per-corner radii (tl, tr, br, bl, EMU): round2SameRect when the top and bottom pairs
    match, else a custGeom with one quarter arc per rounded corner."""
    tl, tr, br, bl = radii
    short = min(cx, cy)
    tolerance = 2 * 9525 // 8  # a quarter px
    if abs(tl - tr) <= tolerance and abs(bl - br) <= tolerance:
        top, bottom = (tl + tr) / 2, (bl + br) / 2
        return Geometry(
            "round2SameRect", (("adj1", _adj(top, short)), ("adj2", _adj(bottom, short)))
        )
    scale = 1.0
    for first, second, side in ((tl, tr, cx), (bl, br, cx), (tl, bl, cy), (tr, br, cy)):
        if first + second > side > 0:
            scale = min(scale, side / (first + second))
    tl, tr, br, bl = (int(r * scale) for r in radii)
    path: list[PathCommand] = [("M", 0, tl)]
    if tl:
        path.append(("A", tl, tl, 2 * _QUARTER, _QUARTER))
    path.append(("L", cx - tr, 0))
    if tr:
        path.append(("A", tr, tr, 3 * _QUARTER, _QUARTER))
    path.append(("L", cx, cy - br))
    if br:
        path.append(("A", br, br, 0, _QUARTER))
    path.append(("L", bl, cy))
    if bl:
        path.append(("A", bl, bl, _QUARTER, _QUARTER))
    path.append(("Z",))
    return Geometry(None, (), cx, cy, tuple(path))


def add_geometry(parent: Element, geom: Geometry) -> Element:
    """a:prstGeom (with its adjust guides) or a:custGeom for `geom`."""
    if geom.prst is not None:
        prst = prst_geom(parent, geom.prst)
        av_lst = prst[0]
        for name, value in geom.adj:
            sub(av_lst, a("gd"), {"name": name, "fmla": f"val {value}"})
        return prst
    cust = sub(parent, a("custGeom"))
    for tag in ("avLst", "gdLst", "ahLst", "cxnLst"):
        sub(cust, a(tag))
    sub(cust, a("rect"), {"l": "l", "t": "t", "r": "r", "b": "b"})
    path_el = sub(
        sub(cust, a("pathLst")), a("path"), {"w": str(max(1, geom.w)), "h": str(max(1, geom.h))}
    )
    for command in geom.path:
        op = command[0]
        if op in ("M", "L"):
            el = sub(path_el, a("moveTo" if op == "M" else "lnTo"))
            sub(el, a("pt"), {"x": str(command[1]), "y": str(command[2])})
        elif op == "A":
            wr, hr, start, swing = command[1:]
            sub(
                path_el,
                a("arcTo"),
                {"wR": str(wr), "hR": str(hr), "stAng": str(start), "swAng": str(swing)},
            )
        else:
            sub(path_el, a("close"))
    return cust
