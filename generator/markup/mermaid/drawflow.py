"""A placed Flow -> SVG: clusters behind, then links, then nodes, then link labels on top."""

from __future__ import annotations

import math

from generator.markup.mermaid import svg
from generator.markup.mermaid.layout import PAD_X, PAD_Y, Box, Placed
from generator.markup.mermaid.model import Edge, Flow, Node, Theme

STROKE = 2.0
ARROW = 10.0


def inside(box: Box, shape: str, p: tuple[float, float]) -> bool:
    dx, dy = abs(p[0] - box.x) / (box.w / 2), abs(p[1] - box.y) / (box.h / 2)
    if shape == "diamond":
        return dx + dy <= 1
    if shape in ("circle", "start", "end"):
        return dx * dx + dy * dy <= 1
    return dx <= 1 and dy <= 1


def clip(
    box: Box, shape: str, start: tuple[float, float], toward: tuple[float, float]
) -> tuple[float, float]:
    """Where the segment from `start` (in the node) toward a point leaves the node's outline
    (found by bisection, for every shape alike)."""
    if not inside(box, shape, start) or inside(box, shape, toward):
        return start
    lo, hi = 0.0, 1.0
    for _ in range(24):
        mid = (lo + hi) / 2
        point = (start[0] + (toward[0] - start[0]) * mid, start[1] + (toward[1] - start[1]) * mid)
        lo, hi = (mid, hi) if inside(box, shape, point) else (lo, mid)
    return start[0] + (toward[0] - start[0]) * hi, start[1] + (toward[1] - start[1]) * hi


def shape_svg(node: Node, b: Box, theme: Theme) -> str:
    x0, y0, x1, y1 = b.x - b.w / 2, b.y - b.h / 2, b.x + b.w / 2, b.y + b.h / 2
    paint = f'fill="{theme.fill}" stroke="{theme.stroke}" stroke-width="{STROKE}"'
    s = node.shape
    if s == "start":
        return f'<circle cx="{b.x:.1f}" cy="{b.y:.1f}" r="9" fill="{theme.text}"/>'
    if s == "end":
        return (
            f'<circle cx="{b.x:.1f}" cy="{b.y:.1f}" r="10" fill="none" stroke="{theme.text}"'
            f' stroke-width="2"/><circle cx="{b.x:.1f}" cy="{b.y:.1f}" r="6" fill="{theme.text}"/>'
        )
    if s == "circle":
        return f'<circle cx="{b.x:.1f}" cy="{b.y:.1f}" r="{b.w / 2:.1f}" {paint}/>'
    if s in ("round", "stadium"):
        r = 8 if s == "round" else b.h / 2
        return _rect(x0, y0, b.w, b.h, r, paint)
    if s == "diamond":
        return _poly([(b.x, y0), (x1, b.y), (b.x, y1), (x0, b.y)], paint)
    slant = b.h * 0.3
    if s == "hexagon":
        pts = [
            (x0 + slant, y0),
            (x1 - slant, y0),
            (x1, b.y),
            (x1 - slant, y1),
            (x0 + slant, y1),
            (x0, b.y),
        ]
        return _poly(pts, paint)
    if s == "parallelogram":
        return _poly([(x0 + slant, y0), (x1, y0), (x1 - slant, y1), (x0, y1)], paint)
    if s == "trapezoid":
        return _poly([(x0 + slant, y0), (x1 - slant, y0), (x1, y1), (x0, y1)], paint)
    if s == "flag":
        return _poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0 + slant, b.y)], paint)
    out = _rect(x0, y0, b.w, b.h, 0, paint)
    if s == "subroutine":
        out += _line([(x0 + 8, y0), (x0 + 8, y1)], theme.stroke, "") + _line(
            [(x1 - 8, y0), (x1 - 8, y1)], theme.stroke, ""
        )
    elif s == "cylinder":
        out = _rect(x0, y0, b.w, b.h, 0, paint) + (
            f'<ellipse cx="{b.x:.1f}" cy="{y0:.1f}" rx="{b.w / 2:.1f}" ry="6" {paint}/>'
        )
    return out


def node_svg(node: Node, b: Box, theme: Theme) -> str:
    out = shape_svg(node, b, theme)
    if node.shape == "class" and node.members:
        step = svg.FONT * svg.LINE_HEIGHT
        title_h = len(b.lines) * step + 2 * PAD_Y
        top = b.y - b.h / 2
        out += svg.text(b.lines, b.x, top + title_h / 2, theme.node_text, bold=True)
        x0, x1, y = b.x - b.w / 2, b.x + b.w / 2, top + title_h
        out += f'<line x1="{x0:.1f}" y1="{y:.1f}" x2="{x1:.1f}" y2="{y:.1f}" stroke="{theme.stroke}" stroke-width="{STROKE}"/>'
        cy = top + title_h + PAD_Y + len(node.members) * step / 2
        left = b.x - b.w / 2 + PAD_X
        return out + svg.text(node.members, left, cy, theme.node_text, anchor="start")
    return out + svg.text(b.lines, b.x, b.y, theme.node_text)


def _rect(x: float, y: float, w: float, h: float, r: float, paint: str) -> str:
    return f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{r:.1f}" {paint}/>'


def _poly(pts: list[tuple[float, float]], paint: str) -> str:
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
    return f'<polygon points="{points}" {paint}/>'


def _line(pts: list[tuple[float, float]], colour: str, extra: str, width: float = STROKE) -> str:
    d = " ".join(f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}" for i, (x, y) in enumerate(pts))
    return f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{width:g}"{extra}/>'


def arrowhead(tip: tuple[float, float], back: tuple[float, float], colour: str) -> str:
    dx, dy = tip[0] - back[0], tip[1] - back[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    bx, by = tip[0] - ux * ARROW, tip[1] - uy * ARROW
    left = (bx - uy * ARROW * 0.5, by + ux * ARROW * 0.5)
    right = (bx + uy * ARROW * 0.5, by - ux * ARROW * 0.5)
    return _poly([tip, left, right], f'fill="{colour}" stroke="none"')


def clipped(
    edge: Edge, route: list[tuple[float, float]], flow: Flow, placed: Placed
) -> list[tuple[float, float]]:
    """A link's route from outline to outline (the layout routes it centre to centre)."""
    pts = list(route)
    if edge.source != edge.target and len(pts) >= 2:
        pts[0] = clip(placed.boxes[edge.source], flow.nodes[edge.source].shape, pts[0], pts[1])
        pts[-1] = clip(placed.boxes[edge.target], flow.nodes[edge.target].shape, pts[-1], pts[-2])
    return pts


def edge_svg(edge: Edge, pts: list[tuple[float, float]], theme: Theme) -> str:
    if edge.line == "invisible" or len(pts) < 2:
        return ""
    pts = list(pts)
    extra = ' stroke-dasharray="6 5"' if edge.line == "dotted" else ""
    width = STROKE * 2 if edge.line == "thick" else STROKE
    out = ""
    if edge.arrow:
        tip, back = pts[-1], pts[-2]
        out += arrowhead(tip, back, theme.line)
        pts[-1] = _short(tip, back)
        if edge.both:
            out += arrowhead(pts[0], pts[1], theme.line)
            pts[0] = _short(pts[0], pts[1])
    return _line(pts, theme.line, extra, width) + out


def _short(tip: tuple[float, float], back: tuple[float, float]) -> tuple[float, float]:
    dx, dy = tip[0] - back[0], tip[1] - back[1]
    length = math.hypot(dx, dy) or 1.0
    cut = min(ARROW * 0.8, length / 2)
    return tip[0] - dx / length * cut, tip[1] - dy / length * cut


def label_svg(edge: Edge, route: list[tuple[float, float]], theme: Theme) -> str:
    if not edge.label or not route:
        return ""
    lines = svg.wrap(edge.label)
    w, h = svg.label_size(lines)
    x, y = _middle(route)
    box = _rect(
        x - w / 2 - 4, y - h / 2 - 2, w + 8, h + 4, 3, f'fill="{theme.cluster_fill}" stroke="none"'
    )
    return box + svg.text(lines, x, y, theme.text)


def _middle(route: list[tuple[float, float]]) -> tuple[float, float]:
    """The point halfway along a route."""
    lengths = [math.dist(a, b) for a, b in zip(route, route[1:], strict=False)]
    half = sum(lengths) / 2
    for (a, b), seg in zip(zip(route, route[1:], strict=False), lengths, strict=True):
        if seg >= half and seg > 0:
            t = half / seg
            return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        half -= seg
    return route[len(route) // 2]


def draw_flow(flow: Flow, placed: Placed, theme: Theme, alt: str) -> str:
    body: list[str] = []
    for cluster in flow.clusters:
        if cluster.id not in placed.clusters:
            continue
        x0, y0, x1, y1 = placed.clusters[cluster.id]
        paint = f'fill="{theme.cluster_fill}" stroke="{theme.cluster_stroke}" stroke-width="1.5"'
        body.append(_rect(x0, y0, x1 - x0, y1 - y0, 6, paint))
        title_y = y0 + 8 + svg.FONT * svg.LINE_HEIGHT / 2
        body.append(svg.text([cluster.title], (x0 + x1) / 2, title_y, theme.text, bold=True))
    routes = [clipped(e, r, flow, placed) for e, r in zip(flow.edges, placed.routes, strict=True)]
    for edge, route in zip(flow.edges, routes, strict=True):
        body.append(edge_svg(edge, route, theme))
    for nid, node in flow.nodes.items():
        body.append(node_svg(node, placed.boxes[nid], theme))
    for edge, route in zip(flow.edges, routes, strict=True):
        body.append(label_svg(edge, route, theme))
    return svg.document(placed.width, placed.height, body, alt)
