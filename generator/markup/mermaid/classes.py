"""Class diagram text -> Flow of class boxes (name, then attributes and methods): relations
`<|--` `*--` `o--` `-->` `--` `..>` `..|>` `..` (either way round) with `: label`, members as
`Name : member` or in a `class Name { ... }` block, `<<Interface>> Name` annotations. Drawn with
the flowchart's layout (bottom-up inheritance reads as a tree)."""

from __future__ import annotations

from generator.markup.mermaid.flowchart import FlowReader, label_text
from generator.markup.mermaid.model import DiagramError, Edge, Flow, Line

# relation tokens, longest first: (token, line, arrow toward the left class)
RELATIONS: list[tuple[str, Line, bool]] = [
    ("<|--", "solid", True), ("--|>", "solid", False), ("<|..", "dotted", True),
    ("..|>", "dotted", False), ("*--", "solid", True), ("--*", "solid", False),
    ("o--", "solid", True), ("--o", "solid", False), ("<--", "solid", True),
    ("-->", "solid", False), ("<..", "dotted", True), ("..>", "dotted", False),
    ("--", "solid", False), ("..", "dotted", False),
]  # fmt: skip
_PLAIN = ("--", "..")


def _class(reader: FlowReader, name: str) -> str:
    name = name.strip().split("~")[0].strip('"')
    if not name or " " in name:
        raise DiagramError(f"a class name expected at `{name[:30]}`")
    if name not in reader.flow.nodes:
        reader.node(name, name, "class")
    return name


def _relation(reader: FlowReader, line: str) -> bool:
    head, _, label = line.partition(":")
    for token, style, toward_left in RELATIONS:
        at = head.find(token)
        if at <= 0:
            continue
        left = (
            head[:at].strip().rsplit('"', 2)[0].strip()
            if head[:at].strip().endswith('"')
            else head[:at]
        )
        right = head[at + len(token) :].strip()
        if right.startswith('"'):
            right = right.split('"', 2)[-1]
        a, b = _class(reader, left), _class(reader, right)
        arrow = token not in _PLAIN
        source, target = (b, a) if toward_left else (a, b)
        reader.edge(Edge(source, target, label_text(label), style, arrow))
        return True
    return False


def read_classes(lines: list[str], max_nodes: int, max_edges: int) -> Flow:
    reader = FlowReader("TB", max_nodes, max_edges)
    inside = ""
    for line in lines[1:]:
        if inside:
            if line == "}":
                inside = ""
            elif not line.startswith("<<"):
                reader.flow.nodes[inside].members.append(label_text(line))
            continue
        words = line.split()
        if words[0] == "direction" and len(words) > 1:
            reader.flow.direction = "LR" if words[1] == "LR" else reader.flow.direction
        elif words[0] in ("classDef", "style", "cssClass", "click", "link", "callback", "note"):
            reader.flow.ignored.append(line)
        elif words[0] == "class" and len(words) > 1:
            inside = _class(reader, words[1].rstrip("{")) if line.endswith("{") else ""
            if not inside:
                _class(reader, words[1])
        elif line.startswith("<<"):
            kind, _, name = line[2:].partition(">>")
            node = reader.flow.nodes[_class(reader, name)]
            node.label = f"«{kind.strip()}»\n{node.label}"
        elif not _relation(reader, line):
            name, colon, member = line.partition(":")
            if not colon:
                _class(reader, line)
                continue
            reader.flow.nodes[_class(reader, name)].members.append(label_text(member))
        if sum(len(n.members) for n in reader.flow.nodes.values()) > 4 * max_nodes:
            raise DiagramError("a class diagram of too many members is shown as its source")
    if inside:
        raise DiagramError("a `class ... {` without its `}`")
    return reader.flow
