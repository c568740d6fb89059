"""State diagram (`stateDiagram`, `stateDiagram-v2`) text -> Flow, drawn as a flowchart:
`[*]` is the start (a dot) on a transition's left, the end (a ringed dot) on its right;
`A --> B : event`; `state "Description" as A`, `A : description`; `state X { ... }` a box
around its states. Notes and concurrency separators (`--`) are read and not drawn."""

from __future__ import annotations

from generator.markup.mermaid.flowchart import FlowReader, label_text
from generator.markup.mermaid.model import Cluster, DiagramError, Edge, Flow, Shape

START, END = "[*]start", "[*]end"


def _state(reader: FlowReader, name: str, left: bool) -> str:
    name = name.strip()
    if name == "[*]":
        node_id = START if left else END
        reader.node(node_id, "", "start" if left else "end")
        return node_id
    if not name or any(c in name for c in " {}"):
        raise DiagramError(f"a state name expected at `{name[:30]}`")
    node_id = name.split(":::")[0]
    if node_id not in reader.flow.nodes:
        reader.node(node_id, node_id, "round")
    return node_id


def read_state(lines: list[str], max_nodes: int, max_edges: int) -> Flow:
    reader = FlowReader("TB", max_nodes, max_edges)
    in_note = False
    for line in lines[1:]:
        words = line.split()
        if in_note:
            in_note = line.strip() != "end note"
            continue
        if words[0] == "note":
            in_note = ":" not in line
            reader.flow.ignored.append(line)
        elif words[0] in ("direction", "classDef", "class", "style", "--", "accTitle"):
            if words[0] == "direction" and len(words) > 1 and not reader.open:
                reader.flow.direction = "LR" if words[1] == "LR" else reader.flow.direction
            reader.flow.ignored.append(line)
        elif line == "}":
            if not reader.open:
                raise DiagramError("a `}` without its `state ... {`")
            reader.open.pop()
        elif words[0] == "state":
            _declaration(reader, line[len("state") :].strip())
        elif "-->" in line:
            left, _, right = line.partition("-->")
            target, _, label = right.partition(":")
            a = _state(reader, left, True)
            b = _state(reader, target, False)
            reader.edge(Edge(a, b, label_text(label)))
        elif ":" in line:
            name, _, description = line.partition(":")
            node_id = _state(reader, name, True)
            node = reader.flow.nodes[node_id]
            node.label = (
                label_text(description)
                if node.label == node_id
                else f"{node.label}\n{label_text(description)}"
            )
        else:
            _state(reader, line, True)
    return reader.flow


def _declaration(reader: FlowReader, rest: str) -> None:
    """`state "Text" as Id`, `state Id {`, `state Id <<fork>>`."""
    opens = rest.endswith("{")
    rest = rest.rstrip("{").strip()
    if rest.startswith('"'):
        text, _, after = rest[1:].partition('"')
        node_id = after.strip().removeprefix("as").strip() or text
        reader.node(node_id, label_text(text), "round")
    else:
        node_id = rest.split()[0] if rest.split() else ""
        if not node_id:
            raise DiagramError("a `state` without a name")
        kind = rest[len(node_id) :].strip()
        shape: Shape = "diamond" if kind == "<<choice>>" else "round"
        reader.node(node_id, "" if kind in ("<<fork>>", "<<join>>") else node_id, shape)
    if opens:
        cluster = Cluster(f"cluster:{node_id}", reader.flow.nodes[node_id].label)
        reader.flow.clusters.append(cluster)
        reader.open.append(cluster)
