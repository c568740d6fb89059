"""Non-scaling strokes (vector-effect="non-scaling-stroke" under the root's viewBox scale ->
shapes drawn in viewport units, so neither resvg nor PowerPoint needs the property).

Chromium strokes such an element in the coordinate system of the <svg>'s viewport: a sparkline
in a viewBox="0 0 100 30" with preserveAspectRatio="none" keeps its 2px line however wide the
picture is stretched. Here each such shape outside any transform has its geometry mapped
through the viewBox transform T and is wrapped in a group with T's inverse, so the whole stroke
(width, dashes, joins) is drawn at viewport scale. Shapes under other transforms (or with
rotated arcs) keep their geometry, their stroke width divided by the mean scale.
"""

from __future__ import annotations

import math
import re
from typing import Any

from lxml import etree

from engine.model.svg.path import ARITY, path_tokens
from engine.model.svg.sanitize import SVG_NS

_NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_SHAPES = frozenset(("path", "line", "polyline", "polygon", "rect", "circle", "ellipse"))
_NOT_DRAWN = frozenset(("defs", "symbol", "marker", "pattern", "clipPath", "mask"))
Affine = tuple[float, float, float, float]  # sx, sy, tx, ty


def _local(el: Any) -> str:
    return etree.QName(el).localname if isinstance(el.tag, str) else ""


def _non_scaling(el: Any) -> bool:
    if (el.get("vector-effect") or "").strip() == "non-scaling-stroke":
        return True
    style = el.get("style") or ""
    return "vector-effect" in style and "non-scaling-stroke" in style


def viewbox_transform(root: Any, width: float, height: float) -> Affine | None:
    """The root's viewBox -> viewport transform (SVG 2, 8.2), None without a usable viewBox."""
    nums = [float(n) for n in _NUM.findall(root.get("viewBox") or "")]
    if len(nums) != 4 or nums[2] <= 0 or nums[3] <= 0 or width <= 0 or height <= 0:
        return None
    minx, miny, vw, vh = nums
    sx, sy = width / vw, height / vh
    words = (root.get("preserveAspectRatio") or "xMidYMid meet").split()
    align = words[0] if words else "xMidYMid"
    if align != "none":
        s = max(sx, sy) if "slice" in words[1:] else min(sx, sy)
        sx = sy = s
    tx, ty = -minx * sx, -miny * sy
    if align != "none":
        fx = 0.5 if "xMid" in align else 1.0 if "xMax" in align else 0.0
        fy = 0.5 if "YMid" in align else 1.0 if "YMax" in align else 0.0
        tx += (width - vw * sx) * fx
        ty += (height - vh * sy) * fy
    return sx, sy, tx, ty


def _fmt(v: float) -> str:
    return f"{v:.4f}".rstrip("0").rstrip(".") or "0"


def _point(t: Affine, x: float, y: float) -> str:
    return f"{_fmt(t[0] * x + t[2])},{_fmt(t[1] * y + t[3])}"


def _mapped_path(d: str, t: Affine) -> str | None:
    """Path data in absolute commands with every point mapped through t; None if it has a
    rotated arc (its axes would not stay along x and y) or does not parse."""
    tokens = path_tokens(d)
    if tokens is None:
        return None
    out: list[str] = []
    cx = cy = sx0 = sy0 = 0.0
    i, cmd = 0, ""
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
        elif not cmd:
            return None
        low = cmd.lower()
        n = ARITY[low]
        if low == "z":
            out.append("Z")
            cx, cy = sx0, sy0
            cmd = ""
            continue
        args = [float(a) for a in tokens[i : i + n]]
        if len(args) < n or any(a.isalpha() for a in tokens[i : i + n]):
            return None
        i += n
        rel = cmd.islower()
        if low == "h":
            cx = args[0] + (cx if rel else 0.0)
            out.append("L" + _point(t, cx, cy))
            continue
        if low == "v":
            cy = args[0] + (cy if rel else 0.0)
            out.append("L" + _point(t, cx, cy))
            continue
        if low == "a":
            rx, ry, rot, large, sweep, x, y = args
            if rot % 180 != 0:
                return None
            x, y = (x + cx, y + cy) if rel else (x, y)
            radii = f"{_fmt(abs(rx * t[0]))} {_fmt(abs(ry * t[1]))}"
            out.append(f"A{radii} 0 {int(large)} {int(sweep)} {_point(t, x, y)}")
            cx, cy = x, y
            continue
        pts = [
            (args[k] + (cx if rel else 0.0), args[k + 1] + (cy if rel else 0.0))
            for k in range(0, n, 2)
        ]
        out.append(low.upper() + " ".join(_point(t, x, y) for x, y in pts))
        cx, cy = pts[-1]
        if low == "m":
            sx0, sy0 = cx, cy
            cmd = "l" if rel else "L"  # further pairs after a moveto are linetos
    return " ".join(out)


def _map_shape(el: Any, t: Affine) -> bool:
    """Map one basic shape's geometry through t in place; False when it cannot be."""
    name = _local(el)

    def num(attr: str) -> float:
        found = _NUM.match((el.get(attr) or "0").strip())
        return float(found.group()) if found else 0.0

    sx, sy, tx, ty = t
    if name == "path":
        mapped = _mapped_path(el.get("d") or "", t)
        if mapped is None:
            return False
        el.set("d", mapped)
    elif name in ("polyline", "polygon"):
        nums = [float(v) for v in _NUM.findall(el.get("points") or "")]
        pairs = zip(nums[0::2], nums[1::2], strict=False)
        el.set("points", " ".join(_point(t, x, y) for x, y in pairs))
    elif name == "line":
        for a, b in (("x1", "y1"), ("x2", "y2")):
            el.set(a, _fmt(sx * num(a) + tx))
            el.set(b, _fmt(sy * num(b) + ty))
    elif name == "rect":
        if any("%" in (el.get(a) or "") for a in ("x", "y", "width", "height", "rx", "ry")):
            return False
        el.set("x", _fmt(sx * num("x") + tx))
        el.set("y", _fmt(sy * num("y") + ty))
        el.set("width", _fmt(sx * num("width")))
        el.set("height", _fmt(sy * num("height")))
        rx, ry = el.get("rx"), el.get("ry")
        if rx is not None or ry is not None:
            el.set("rx", _fmt(sx * num("rx" if rx is not None else "ry")))
            el.set("ry", _fmt(sy * num("ry" if ry is not None else "rx")))
    else:  # circle, ellipse
        if any("%" in (el.get(a) or "") for a in ("cx", "cy", "r", "rx", "ry")):
            return False
        rx = num("r") if name == "circle" else num("rx")
        ry = num("r") if name == "circle" else num("ry")
        cx, cy = num("cx"), num("cy")
        for attr in ("r", "rx", "ry"):
            el.attrib.pop(attr, None)
        el.tag = f"{{{SVG_NS}}}ellipse"
        el.set("cx", _fmt(sx * cx + tx))
        el.set("cy", _fmt(sy * cy + ty))
        el.set("rx", _fmt(sx * rx))
        el.set("ry", _fmt(sy * ry))
    return True


def _kept(el: Any, root: Any) -> bool:
    """True when el's geometry must stay in user units: el or an ancestor below the root has a
    transform or is not drawn directly, or el is painted or cut by something in user units."""
    style = el.get("style") or ""
    for attr in ("fill", "stroke", "clip-path", "mask", "filter"):
        if "url(" in (el.get(attr) or "") or (attr in style and "url(" in style):
            return True
    node = el
    while node is not None and node is not root:
        if node.get("transform") or _local(node) in _NOT_DRAWN or _local(node) in ("svg", "use"):
            return True
        node = node.getparent()
    return False


def _thinner(el: Any, factor: float) -> None:
    found = _NUM.match((el.get("stroke-width") or "1").strip())
    width = float(found.group()) if found else 1.0
    el.set("stroke-width", _fmt(width / factor))


def apply_non_scaling_strokes(root: Any, width: float, height: float) -> None:
    """Draw the root's non-scaling-stroke shapes at viewport scale (see the module docstring)."""
    t = viewbox_transform(root, width, height)
    if t is None:
        return
    sx, sy, tx, ty = t
    if abs(sx - 1) < 1e-9 and abs(sy - 1) < 1e-9:
        return
    for el in [e for e in root.iter(etree.Element) if _non_scaling(e)]:
        if _local(el) not in _SHAPES:
            continue
        if _kept(el, root) or not _map_shape(el, t):
            _thinner(el, math.sqrt(sx * sy))
            continue
        inverse = f"matrix({_fmt(1 / sx)} 0 0 {_fmt(1 / sy)} {_fmt(-tx / sx)} {_fmt(-ty / sy)})"
        parent = el.getparent()
        group = etree.Element(f"{{{SVG_NS}}}g", transform=inverse)
        parent.replace(el, group)
        group.append(el)
