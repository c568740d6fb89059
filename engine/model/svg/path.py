"""SVG path data (a `d` string -> the polygon of its one outline, curves and arcs flattened to within ~0.25 px).

For clip-path: path("..."): the commands of SVG 1.1 8.3 (M L H V C S Q T A Z, absolute and
relative). Only one subpath is drawn; more than one (holes, separate pieces) is not supported.
"""

from __future__ import annotations

import math
import re

from engine.model.geometry import Polygon, dedupe

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
ARITY = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}
MAX_POINTS = 4096


def path_tokens(d: str) -> list[str] | None:
    """The commands and numbers of path data, or None when it holds anything else."""
    out = _TOKEN.findall(d)
    rest = _TOKEN.sub("", d)
    if rest.replace(",", "").strip():
        return None
    return out


def _bezier(p: list[tuple[float, float]]) -> Polygon:
    """Points after p[0] along a quadratic or cubic Bezier curve, within 0.1 px of it (the
    chord error is at most deg(deg-1)/8 of the largest second difference over n^2)."""
    second = max(
        math.hypot(a[0] - 2 * b[0] + c[0], a[1] - 2 * b[1] + c[1])
        for a, b, c in zip(p, p[1:], p[2:], strict=False)
    )
    degree = len(p) - 1
    n = max(1, min(64, math.ceil(math.sqrt(degree * (degree - 1) / 8 * second / 0.1))))
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


Point = tuple[float, float]


def _segment(
    low: str, args: list[float], cur: Point, rel: bool, ctrl: Point | None, prev: str
) -> tuple[Polygon, Point, Point | None]:
    """One drawing command (l h v c s q t a) from `cur`: its points, its end, and the control
    point a following S/T reflects."""
    ox, oy = cur if rel else (0.0, 0.0)
    if low == "h":
        end = (ox + args[0] if rel else args[0], cur[1])
        return [end], end, None
    if low == "v":
        end = (cur[0], oy + args[0] if rel else args[0])
        return [end], end, None
    if low == "l":
        end = (ox + args[0], oy + args[1])
        return [end], end, None
    if low in ("c", "s"):
        if low == "c":
            c1, rest = (ox + args[0], oy + args[1]), args[2:]
        else:
            smooth = ctrl is not None and prev in ("c", "s")
            c1 = (2 * cur[0] - ctrl[0], 2 * cur[1] - ctrl[1]) if smooth and ctrl else cur
            rest = args
        c2 = (ox + rest[0], oy + rest[1])
        end = (ox + rest[2], oy + rest[3])
        return _bezier([cur, c1, c2, end]), end, c2
    if low in ("q", "t"):
        if low == "q":
            c1, end = (ox + args[0], oy + args[1]), (ox + args[2], oy + args[3])
        else:
            smooth = ctrl is not None and prev in ("q", "t")
            c1 = (2 * cur[0] - ctrl[0], 2 * cur[1] - ctrl[1]) if smooth and ctrl else cur
            end = (ox + args[0], oy + args[1])
        return _bezier([cur, c1, end]), end, c1
    end = (ox + args[5], oy + args[6])  # a
    return _arc(cur, args, end), end, None


def path_polygon(d: str) -> Polygon | None:
    """The outline of path data with one subpath (closed or not: a fill closes it), or None
    for bad data or more than one subpath."""
    toks = path_tokens(d)
    if not toks or toks[0] not in ("M", "m"):
        return None
    pts: Polygon = []
    cur: Point = (0.0, 0.0)
    ctrl: Point | None = None  # the last control point (for S and T)
    prev = cmd = ""
    i = 0
    while i < len(toks):
        if toks[i].isalpha():
            cmd = toks[i]
            i += 1
        elif not cmd or cmd in ("Z", "z"):
            return None
        low = cmd.lower()
        arity = ARITY[low]
        if len(toks) - i < arity or any(t.isalpha() for t in toks[i : i + arity]):
            return None
        args = [float(t) for t in toks[i : i + arity]]
        i += arity
        rel = cmd.islower()
        if low == "z":
            cur, prev, ctrl = (pts[0] if pts else cur), low, None
            continue
        if low == "m":
            if pts:
                return None  # a second subpath
            cur = (cur[0] + args[0], cur[1] + args[1]) if rel else (args[0], args[1])
            pts.append(cur)
            cmd, prev, ctrl = ("l" if rel else "L"), low, None  # further pairs are lines
            continue
        points, cur, ctrl = _segment(low, args, cur, rel, ctrl, prev)
        pts.extend(points)
        prev = low
        if len(pts) > MAX_POINTS:
            return None
    pts = dedupe(pts)
    return pts if len(pts) >= 3 else None
