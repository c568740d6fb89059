"""Mindmap text -> Flow, drawn as a tree from its root leftwards to rightwards: each line a node
(`text`, `id[square]`, `id(rounded)`, `id((circle))`, `id))bang((`, `id)cloud(`,
`id{{hexagon}}`), its parent the nearest line above indented less. `::icon(...)` and `:::class`
decorations are read and not drawn."""

from __future__ import annotations

from generator.markup.mermaid.flowchart import label_text
from generator.markup.mermaid.model import DiagramError, Edge, Flow, Node, Shape

# delimiters, longest first: (open, close, shape)
_SHAPES: list[tuple[str, str, Shape]] = [
    ("((", "))", "circle"),
    ("))", "((", "hexagon"),  # bang
    ("{{", "}}", "hexagon"),
    ("[", "]", "rect"),
    ("(", ")", "round"),
    (")", "(", "round"),  # cloud
]


def read_mindmap(lines: list[str], indents: list[int], max_nodes: int) -> Flow:
    flow = Flow("LR")
    stack: list[tuple[int, str]] = []  # (indent, node id) of the open branch
    for line, indent in zip(lines[1:], indents[1:], strict=False):
        if line.startswith("::icon(") or line.startswith(":::"):
            flow.ignored.append(line)
            continue
        text = line.split(":::")[0].strip()
        node_id = f"n{len(flow.nodes)}"
        label, shape = _node(text)
        while stack and stack[-1][0] >= indent:
            stack.pop()
        if not stack and flow.nodes:
            raise DiagramError(f"a mindmap with a second root: `{line[:30]}`")
        if len(flow.nodes) >= max_nodes:
            raise DiagramError(f"a mindmap of over {max_nodes} nodes is shown as source")
        flow.nodes[node_id] = Node(node_id, label, shape)
        if stack:
            flow.edges.append(Edge(stack[-1][1], node_id, arrow=False))
        stack.append((indent, node_id))
    if not flow.nodes:
        raise DiagramError("a mindmap without nodes")
    return flow


def _node(text: str) -> tuple[str, Shape]:
    for opening, closing, shape in _SHAPES:
        start = text.find(opening)
        if (
            start >= 0
            and text.endswith(closing)
            and len(text) >= start + len(opening) + len(closing)
        ):
            inner = text[start + len(opening) : len(text) - len(closing)]
            if inner and " " not in text[:start]:
                return label_text(inner), shape
    return label_text(text), "round"
