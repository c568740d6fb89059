"""SVG path data (a `d` string -> the polygon of its one outline, curves and arcs flattened to within ~0.25 px).

For clip-path: path("..."): the commands of SVG 1.1 8.3 (M L H V C S Q T A Z, absolute and
relative). Only one subpath is drawn; more than one (holes, separate pieces) is not supported.
"""

from __future__ import annotations

import math
import re

from engine.model.geometry import Polygon, dedupe

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARITY = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}
MAX_POINTS = 4096


def _tokens(d: str) -> list[str] | None:
    out = _TOKEN.findall(d)
    rest = _TOKEN.sub("", d)
    if rest.replace(",", "").strip():
        return None
    return out


def _bezier(p: list[tuple[float, float]]) -> Polygon:
    """Points after p[0] along a quadratic or cubic Bezier curve."""
    size = sum(math.dist(a, b) for a, b in zip(p, p[1:], strict=False))
    n = max(2, min(64, math.ceil(math.sqrt(size * 2))))
    out = []
    for i in range(1, n + 1):
        t = i / n
        pts = list(p)
        while len(pts) > 1:
            pts = [
                (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                for a, b in zip(pts, pts[1:], strict=False)
            ]
        out.append(pts[0])
    return out


def _arc(start: tuple[float, float], args: list[float], end: tuple[float, float]) -> Polygon:
    """Points after `start` along an elliptical arc (SVG 1.1 F.6.5: endpoint -> centre)."""
    rx, ry, phi_deg, large, sweep = abs(args[0]), abs(args[1]), args[2], args[3], args[4]
    if rx == 0 or ry == 0 or start == end:
        return [end]
    phi = math.radians(phi_deg)
    cos_p, sin_p = math.cos(phi), math.sin(phi)
    dx, dy = (start[0] - end[0]) / 2, (start[1] - end[1]) / 2
    x1 = cos_p * dx + sin_p * dy
    y1 = -sin_p * dx + cos_p * dy
    scale = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    k = math.sqrt(max(0.0, num / den)) if den else 0.0
    if bool(large) == bool(sweep):
        k = -k
    cxp, cyp = k * rx * y1 / ry, -k * ry * x1 / rx
    cx = cos_p * cxp - sin_p * cyp + (start[0] + end[0]) / 2
    cy = sin_p * cxp + cos_p * cyp + (start[1] + end[1]) / 2
    a0 = math.atan2((y1 - cyp) / ry, (x1 - cxp) / rx)
    a1 = math.atan2((-y1 - cyp) / ry, (-x1 - cxp) / rx)
    delta = a1 - a0
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    r = max(rx, ry)
    step = 2 * math.acos(max(-1.0, 1 - 0.25 / r)) if r > 0.25 else math.pi / 2
    n = max(1, min(64, math.ceil(abs(delta) / max(step, 1e-3))))
    out = []
    for i in range(1, n + 1):
        a = a0 + delta * i / n
        ex, ey = rx * math.cos(a), ry * math.sin(a)
        out.append((cx + cos_p * ex - sin_p * ey, cy + sin_p * ex + cos_p * ey))
    out[-1] = end
    return out


def path_polygon(d: str) -> Polygon | None:
    """The outline of path data with one subpath (closed or not: a fill closes it), or None
    for bad data or more than one subpath."""
    toks = _tokens(d)
    if not toks or toks[0] not in "Mm":
        return None
    pts: Polygon = []
    cur = (0.0, 0.0)
    ctrl: tuple[float, float] | None = None  # last control point (for S/T)
    prev = ""
    cmd = ""
    i = 0
    subpaths = 0
    while i < len(toks):
        if toks[i].isalpha():
            cmd = toks[i]
            i += 1
        elif not cmd or cmd in "Zz":
            return None
        low = cmd.lower()
        arity = _ARITY[low]
        args = [float(t) for t in toks[i : i + arity]]
        if len(args) < arity or any(t.isalpha() for t in toks[i : i + arity]):
            return None
        i += arity
        rel = cmd.islower()
        ox, oy = cur if rel else (0.0, 0.0)
        if low == "z":
            if pts:
                cur = pts[0]
            prev, ctrl = low, None
            continue
        if low == "m":
            subpaths += 1
            if subpaths > 1:
                return None
            cur = (ox + args[0], oy + args[1])
            pts.append(cur)
            cmd = "l" if rel else "L"  # further pairs are lines
            prev, ctrl = "m", None
            continue
        if low == "h":
            end = (ox + args[0] if rel else args[0], cur[1])
            pts.append(end)
        elif low == "v":
            end = (cur[0], oy + args[0] if rel else args[0])
            pts.append(end)
        elif low == "l":
            end = (ox + args[0], oy + args[1])
            pts.append(end)
        elif low in ("c", "s"):
            if low == "c":
                c1 = (ox + args[0], oy + args[1])
                rest = args[2:]
            else:
                c1 = (2 * cur[0] - ctrl[0], 2 * cur[1] - ctrl[1]) if ctrl and prev in "cs" else cur
                rest = args
            c2 = (ox + rest[0], oy + rest[1])
            end = (ox + rest[2], oy + rest[3])
            pts.extend(_bezier([cur, c1, c2, end]))
            ctrl = c2
        elif low in ("q", "t"):
            if low == "q":
                c1 = (ox + args[0], oy + args[1])
                end = (ox + args[2], oy + args[3])
            else:
                c1 = (2 * cur[0] - ctrl[0], 2 * cur[1] - ctrl[1]) if ctrl and prev in "qt" else cur
                end = (ox + args[0], oy + args[1])
            pts.extend(_bezier([cur, c1, end]))
            ctrl = c1
        else:  # a
            end = (ox + args[5], oy + args[6])
            pts.extend(_arc(cur, args, end))
        cur = end
        if low not in ("c", "s", "q", "t"):
            ctrl = None
        prev = low
        if len(pts) > MAX_POINTS:
            return None
    pts = dedupe(pts)
    return pts if len(pts) >= 3 else None
