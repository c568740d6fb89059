"""A flow whose subgraphs would overlap in one layered layout, laid out subgraph by subgraph:
each outermost subgraph's nodes (and the subgraphs inside it) are laid out on their own, then
placed as one box among the nodes outside any subgraph; links inside a subgraph keep their
routes, links between them are straight lines (clipped to the nodes' outlines when drawn)."""

from __future__ import annotations

from dataclasses import replace

from generator.markup.mermaid import svg
from generator.markup.mermaid.layout import (
    CLUSTER_PAD,
    Box,
    Placed,
    cluster_boxes,
    layered,
    normalise,
    place,
)
from generator.markup.mermaid.model import Cluster, Edge, Flow, Node

TITLE = svg.FONT * svg.LINE_HEIGHT


def _outermost(flow: Flow) -> list[Cluster]:
    sets = {c.id: set(c.nodes) for c in flow.clusters}
    return [
        c
        for c in flow.clusters
        if c.nodes and not any(o.id != c.id and sets[c.id] < sets[o.id] for o in flow.clusters)
    ]


def _inner(flow: Flow, cluster: Cluster) -> Flow:
    """The flow of one subgraph's nodes, links and the subgraphs inside it."""
    inside = set(cluster.nodes)
    return Flow(
        flow.direction,
        {nid: n for nid, n in flow.nodes.items() if nid in inside},
        [e for e in flow.edges if e.source in inside and e.target in inside],
        [c for c in flow.clusters if c.nodes and set(c.nodes) < inside],
    )


def place_grouped(flow: Flow) -> Placed:
    tops = _outermost(flow)
    owner: dict[str, str] = {nid: nid for nid in flow.nodes}
    inner: dict[str, Placed] = {}
    sizes: dict[str, tuple[float, float]] = {}
    for cluster in tops:
        key = f"\0{cluster.id}"
        for nid in cluster.nodes:
            owner.setdefault(nid, nid)
            if owner[nid] == nid:
                owner[nid] = key
        sub = _inner(flow, replace(cluster, nodes=[n for n in cluster.nodes if owner[n] == key]))
        placed = place(sub)  # (its own subgraphs: laid out one by one too when they overlap)
        inner[key] = placed
        width = max(placed.width, svg.text_width(cluster.title) + 2 * CLUSTER_PAD)
        sizes[key] = (width + 2 * CLUSTER_PAD, placed.height + 2 * CLUSTER_PAD + TITLE)
    top = Flow(flow.direction)
    for nid, node in flow.nodes.items():
        if owner[nid] == nid:
            top.nodes[nid] = node
    for key in sizes:
        top.nodes[key] = Node(key, "")
    seen: set[tuple[str, str]] = set()
    for e in flow.edges:
        pair = (owner[e.source], owner[e.target])
        if pair[0] != pair[1] and pair not in seen:
            seen.add(pair)
            top.edges.append(Edge(*pair))
    outer = layered(top, sizes)
    return _assemble(flow, outer, inner, owner)


def _assemble(flow: Flow, outer: Placed, inner: dict[str, Placed], owner: dict[str, str]) -> Placed:
    boxes: dict[str, Box] = {}
    for nid in flow.nodes:
        key = owner[nid]
        if key == nid:
            boxes[nid] = outer.boxes[nid]
            continue
        frame, sub = outer.boxes[key], inner[key]
        left = frame.x - frame.w / 2 + CLUSTER_PAD + (frame.w - 2 * CLUSTER_PAD - sub.width) / 2
        top = frame.y - frame.h / 2 + CLUSTER_PAD + TITLE
        b = sub.boxes[nid]
        boxes[nid] = Box(left + b.x, top + b.y, b.w, b.h, b.lines)
    routes: list[list[tuple[float, float]]] = []
    counters = dict.fromkeys(inner, 0)
    for e in flow.edges:
        key = owner[e.source]
        if key in inner and owner[e.target] == key:
            frame, sub = outer.boxes[key], inner[key]
            left = frame.x - frame.w / 2 + CLUSTER_PAD + (frame.w - 2 * CLUSTER_PAD - sub.width) / 2
            top = frame.y - frame.h / 2 + CLUSTER_PAD + TITLE
            route = sub.routes[counters[key]]
            counters[key] += 1
            routes.append([(left + x, top + y) for x, y in route])
        else:
            a, b = boxes[e.source], boxes[e.target]
            routes.append([(a.x, a.y), (b.x, b.y)])
    placed = Placed(boxes, routes)
    cluster_boxes(flow, placed)
    normalise(replace(flow, direction="TB"), placed)  # the parts are already turned
    return placed
