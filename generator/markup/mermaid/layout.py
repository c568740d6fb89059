"""Flow -> positioned boxes and routed links: grandalf's Sugiyama layered layout (layers
along the flow's direction, crossings reduced, long links routed through the layers between),
then the boxes of subgraphs around their nodes."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from generator.markup.mermaid import svg
from generator.markup.mermaid.model import Flow, Node
from generator.markup.mermaid.sugiyama import sugiyama_layout

if TYPE_CHECKING:
    from grandalf.graphs import Edge as GEdge
    from grandalf.graphs import Vertex

PAD_X, PAD_Y = 14.0, 7.0  # around a node's label
GAP = 36.0  # between nodes of a layer
LAYER_GAP = 40.0  # between layers, before room for link labels
MARGIN = 12.0
CLUSTER_PAD = 10.0
COMPONENT_GAP = 40.0


@dataclass
class Box:
    """A placed node: its centre, size and text lines."""

    x: float  # centre
    y: float
    w: float
    h: float
    lines: list[str]

    def overlaps(self, other: Box) -> bool:
        return (
            abs(self.x - other.x) * 2 < self.w + other.w
            and abs(self.y - other.y) * 2 < self.h + other.h
        )


@dataclass
class Placed:
    """A laid-out flowchart: node boxes, edge routes and clusters."""

    boxes: dict[str, Box]
    routes: list[list[tuple[float, float]]]  # one per Flow.edges item, tail to head
    clusters: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)
    width: float = 0.0
    height: float = 0.0


def node_box(node: Node) -> Box:
    if node.shape in ("start", "end"):
        return Box(0, 0, 22, 22, [])
    lines = svg.wrap(node.label)
    w, h = svg.label_size(lines)
    w, h = w + 2 * PAD_X, h + 2 * PAD_Y
    if node.shape == "diamond":
        w, h = w + h * 0.9, h + w * 0.22
    elif node.shape == "circle":
        w = h = max(w, h)
    elif node.shape in ("hexagon", "parallelogram", "trapezoid", "flag"):
        w += h * 0.6
    elif node.shape == "class" and node.members:  # the name, then a compartment of members
        extra = [svg.text_width(m) + 3 * PAD_X for m in node.members]
        w = max([w, *extra])
        h += len(node.members) * svg.FONT * svg.LINE_HEIGHT + 2 * PAD_Y
    return Box(0, 0, max(w, 48.0), max(h, 36.0), lines)


class _View:
    def __init__(self, w: float, h: float) -> None:
        self.w, self.h = w, h
        self.xy = (0.0, 0.0)


class _EdgeView:
    def __init__(self) -> None:
        self.points: list[tuple[float, float]] = []

    def setpath(self, pts: list[tuple[float, float]]) -> None:
        self.points = [(float(x), float(y)) for x, y in pts]


def place(flow: Flow, sizes: dict[str, tuple[float, float]] | None = None) -> Placed:
    """A flow's boxes and routes (`sizes`: boxes of a given size, drawn by the caller); when
    its subgraphs' boxes would overlap what is not in them, each subgraph is laid out on its
    own and placed as one box (generator.markup.mermaid.compound)."""
    placed = layered(flow, sizes or {})
    if flow.clusters and overlapping(flow, placed):
        from generator.markup.mermaid.compound import place_grouped

        return place_grouped(flow)
    return placed


def layered(flow: Flow, sizes: dict[str, tuple[float, float]]) -> Placed:
    # grandalf loads with the first flowchart (without numpy: generator.markup.mermaid.sugiyama)
    sugiyama = sugiyama_layout()
    from grandalf.graphs import Edge as GEdge
    from grandalf.graphs import Graph, Vertex

    across = flow.direction in ("LR", "RL")
    boxes = {nid: node_box(n) for nid, n in flow.nodes.items()}
    for nid, (w, h) in sizes.items():
        boxes[nid] = Box(0, 0, w, h, [])
    vertices = {nid: Vertex(nid) for nid in flow.nodes}
    for nid, v in vertices.items():
        b = boxes[nid]
        v.view = _View(b.h, b.w) if across else _View(b.w, b.h)
    gedges = []
    for e in flow.edges:
        ge = GEdge(vertices[e.source], vertices[e.target])
        ge.view = _EdgeView()
        gedges.append(ge)
    graph = Graph(list(vertices.values()), [ge for ge in gedges if ge.v[0] is not ge.v[1]])
    label_room = max(
        (svg.label_size(svg.wrap(e.label))[0 if across else 1] for e in flow.edges if e.label),
        default=0.0,
    )
    offset = 0.0
    for component in graph.C:
        layout = sugiyama(component)
        layout.xspace = GAP
        layout.yspace = LAYER_GAP + label_room
        roots = [v for v in component.sV if not v.e_in()] or [component.sV[0]]
        layout.init_all(roots=roots)
        layout.draw(3)
        xs = [v.view.xy[0] - v.view.w / 2 for v in component.sV]
        shift = offset - min(xs)
        for v in component.sV:
            x, y = v.view.xy
            v.view.xy = (x + shift, y)
        for ge in component.sE:
            ge.view.points = [(x + shift, y) for x, y in ge.view.points]
        offset = max(v.view.xy[0] + v.view.w / 2 for v in component.sV) + COMPONENT_GAP
    return _finish(flow, boxes, vertices, gedges, across)


def _finish(
    flow: Flow,
    boxes: dict[str, Box],
    vertices: dict[str, Vertex],
    gedges: list[GEdge],
    across: bool,
) -> Placed:
    def turn(x: float, y: float) -> tuple[float, float]:
        return (y, x) if across else (x, y)

    for nid, v in vertices.items():
        boxes[nid].x, boxes[nid].y = turn(*v.view.xy)
    routes = []
    for e, ge in zip(flow.edges, gedges, strict=True):
        if e.source == e.target:
            b = boxes[e.source]
            right, top = b.x + b.w / 2, b.y - b.h / 4
            routes.append(
                [
                    (right, top),
                    (right + 24, top),
                    (right + 24, b.y + b.h / 4),
                    (right, b.y + b.h / 4),
                ]
            )
        else:
            routes.append(
                [turn(x, y) for x, y in ge.view.points]
                or [(boxes[e.source].x, boxes[e.source].y), (boxes[e.target].x, boxes[e.target].y)]
            )
    _separate(flow, boxes, routes)
    placed = Placed(boxes, routes)
    cluster_boxes(flow, placed)
    normalise(flow, placed)
    return placed


def _separate(flow: Flow, boxes: dict[str, Box], routes: list[list[tuple[float, float]]]) -> None:
    """Links between the same two nodes (either way) drawn side by side, not on one line."""
    groups: dict[tuple[str, str], list[int]] = {}
    for i, e in enumerate(flow.edges):
        if e.source != e.target:
            groups.setdefault((min(e.source, e.target), max(e.source, e.target)), []).append(i)
    for (a, b), members in groups.items():
        if len(members) < 2:
            continue
        dx, dy = boxes[b].x - boxes[a].x, boxes[b].y - boxes[a].y
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length, dx / length
        for j, i in enumerate(members):
            shift = (j - (len(members) - 1) / 2) * 16.0
            routes[i] = [(x + nx * shift, y + ny * shift) for x, y in routes[i]]


def cluster_boxes(flow: Flow, placed: Placed) -> None:
    """Each subgraph's box: around its nodes and the boxes of subgraphs inside it, a title
    line above."""
    title = svg.FONT * svg.LINE_HEIGHT
    for cluster in reversed(flow.clusters):  # inner ones first
        parts = [
            (b.x - b.w / 2, b.y - b.h / 2, b.x + b.w / 2, b.y + b.h / 2)
            for nid in cluster.nodes
            if (b := placed.boxes.get(nid))
        ]
        parts += [
            placed.clusters[c.id]
            for c in flow.clusters
            if c.id in placed.clusters and _inside(c.nodes, cluster.nodes)
        ]
        if not parts:
            continue
        x0 = min(p[0] for p in parts) - CLUSTER_PAD
        y0 = min(p[1] for p in parts) - CLUSTER_PAD - title
        x1 = max(p[2] for p in parts) + CLUSTER_PAD
        y1 = max(p[3] for p in parts) + CLUSTER_PAD
        need = svg.text_width(cluster.title) + 2 * CLUSTER_PAD
        if x1 - x0 < need:
            x0, x1 = (x0 + x1 - need) / 2, (x0 + x1 + need) / 2
        placed.clusters[cluster.id] = (x0, y0, x1, y1)


def _inside(inner: list[str], outer: list[str]) -> bool:
    return bool(inner) and set(inner) < set(outer)


def normalise(flow: Flow, placed: Placed) -> None:
    """Everything moved to start at MARGIN; BT/RL flipped; the canvas size set."""
    xs: list[float] = []
    ys: list[float] = []
    for b in placed.boxes.values():
        xs += [b.x - b.w / 2, b.x + b.w / 2]
        ys += [b.y - b.h / 2, b.y + b.h / 2]
    for route in placed.routes:
        xs += [p[0] for p in route]
        ys += [p[1] for p in route]
    for x0, y0, x1, y1 in placed.clusters.values():
        xs += [x0, x1]
        ys += [y0, y1]
    labels = [e for e in flow.edges if e.label]
    extra = max((svg.label_size(svg.wrap(e.label))[0] for e in labels), default=0.0) / 2
    left, top = min(xs) - extra, min(ys)
    width, height = max(xs) + extra - left, max(ys) - top
    flip_x, flip_y = flow.direction == "RL", flow.direction == "BT"

    def move(x: float, y: float) -> tuple[float, float]:
        x, y = x - left, y - top
        x, y = (width - x if flip_x else x), (height - y if flip_y else y)
        return x + MARGIN, y + MARGIN

    for b in placed.boxes.values():
        b.x, b.y = move(b.x, b.y)
    placed.routes = [[move(x, y) for x, y in r] for r in placed.routes]
    for cid, (x0, y0, x1, y1) in placed.clusters.items():
        (ax, ay), (bx, by) = move(x0, y0), move(x1, y1)
        placed.clusters[cid] = (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
    placed.width, placed.height = width + 2 * MARGIN, height + 2 * MARGIN


def overlapping(flow: Flow, placed: Placed) -> bool:
    """A subgraph's box over a node not in it, or over another subgraph's box neither inside
    nor around it."""
    members = {c.id: set(c.nodes) for c in flow.clusters if c.id in placed.clusters}
    for cid, (x0, y0, x1, y1) in placed.clusters.items():
        area = Box((x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0, [])
        if any(nid not in members[cid] and area.overlaps(b) for nid, b in placed.boxes.items()):
            return True
        for other, (a0, b0, a1, b1) in placed.clusters.items():
            nested = members[other] <= members[cid] or members[cid] <= members[other]
            if (
                other != cid
                and not nested
                and area.overlaps(Box((a0 + a1) / 2, (b0 + b1) / 2, a1 - a0, b1 - b0, []))
            ):
                return True
    return False
