"""PlantUML component and deployment diagrams -> Flow: `package`/`node`/`cloud`/`database`/
`folder`/`frame`/`rectangle`... groups with `{ }` are subgraphs (titled boxes around what is
named in them first); `[X]` components, `() X`/`interface X` interfaces, `(X)` use cases and
element keywords (`node X`, `database X`, `actor X`) are nodes, a bare name first met in a
link is an interface (as PlantUML draws it); links (`-->`, `--`, `->`, `-`, `..>`, `<--`,
`-up->`) with their `: label`. Styling (`skinparam`, `hide`, `title`...) is read and not drawn;
anything else raises DiagramError (the diagram keeps its source)."""

from __future__ import annotations

from generator.markup.mermaid.model import Cluster, DiagramError, Edge, Flow, Line, Node, Shape
from generator.markup.mermaid.plantuml.tokens import Token, tokens

GROUPS = (
    "package", "node", "cloud", "database", "folder", "frame", "rectangle", "component",
    "card", "storage", "artifact", "stack", "queue", "file", "hexagon", "together", "namespace",
)  # fmt: skip
ELEMENTS: dict[str, Shape] = {
    "component": "rect", "interface": "circle", "node": "rect", "cloud": "round",
    "database": "cylinder", "folder": "rect", "frame": "rect", "rectangle": "rect",
    "package": "rect", "artifact": "rect", "actor": "stadium", "person": "stadium",
    "agent": "rect", "storage": "round", "file": "rect", "card": "rect", "queue": "stadium",
    "stack": "rect", "boundary": "circle", "control": "circle", "entity": "circle",
    "usecase": "stadium", "hexagon": "hexagon", "collections": "rect", "label": "rect",
    "port": "rect", "portin": "rect", "portout": "rect",
}  # fmt: skip
STYLING = (
    "skinparam", "hide", "show", "title", "scale", "caption", "header", "footer", "!theme",
    "left", "top", "allowmixing", "allow_mixing", "set", "!pragma", "remove", "legend",
    "endlegend", "center", "sprite",
)  # fmt: skip
NAMES = ("word", "string", "bracket", "paren")


class ComponentReader:
    """One component or deployment diagram's statements -> Flow."""

    def __init__(self, max_nodes: int, max_edges: int) -> None:
        self.flow = Flow("TB")
        self.max_nodes, self.max_edges = max_nodes, max_edges
        self.open: list[Cluster] = []
        self.alias: dict[str, str] = {}  # a name or label -> its node's id
        self.skip_to = ""  # the line closing a block read and not drawn (`end note`)

    def statement(self, line: str) -> None:
        if self.skip_to:
            if line.lower().startswith(self.skip_to):
                self.skip_to = ""
            self.flow.ignored.append(line)
            return
        word = line.split()[0].lower()
        if word in STYLING or word.startswith("skinparam"):
            self._styling(line, word)
            return
        if word in ("note", "rnote", "hnote"):
            self.flow.ignored.append(line)
            if ":" not in line:
                self.skip_to = "end note"
            return
        toks = tokens(line)
        if [t.kind for t in toks] == ["close"]:
            if not self.open:
                raise DiagramError("a PlantUML `}` without its group")
            self.open.pop()
        elif toks[-1].kind == "open":
            self._group(toks[:-1], line)
        elif any(t.kind == "arrow" for t in toks):
            self._link(toks, line)
        else:
            self._element(toks, line)

    def _styling(self, line: str, word: str) -> None:
        self.flow.ignored.append(line)
        if line.rstrip().endswith("{"):
            self.skip_to = "}"
        elif word == "legend":
            self.skip_to = "endlegend"
        elif word == "left" and "direction" in line:
            self.flow.direction = "LR"

    def _group(self, toks: list[Token], line: str) -> None:
        if not toks or toks[0].kind != "word" or toks[0].text.lower() not in GROUPS:
            raise DiagramError(f"a PlantUML group not understood: `{line[:40]}`")
        rest = [t for t in toks[1:] if t.kind not in ("stereo", "colour")]
        title = rest[0].text if rest and rest[0].kind in NAMES else ""
        cid = f"group{len(self.flow.clusters)}"
        if len(rest) >= 3 and rest[1].text == "as":
            self.alias[rest[2].text] = cid
        self.flow.clusters.append(Cluster(cid, title))
        self.open.append(self.flow.clusters[-1])

    def _element(self, toks: list[Token], line: str) -> None:
        toks = [t for t in toks if t.kind not in ("stereo", "colour")]
        shape: Shape = "rect"
        if toks and toks[0].kind == "word" and toks[0].text.lower() in ELEMENTS:
            shape = ELEMENTS[toks[0].text.lower()]
            toks = toks[1:]
        elif toks and toks[0].kind == "iface":
            shape, toks = "circle", toks[1:]
        elif toks and toks[0].kind == "paren":
            shape = "stadium"
        if not toks or toks[0].kind not in NAMES or (len(toks) > 1 and len(toks) != 3):
            raise DiagramError(f"a PlantUML statement not understood: `{line[:40]}`")
        label = toks[0].text
        name = label
        if len(toks) == 3:
            if toks[1].text != "as" or toks[2].kind not in NAMES:
                raise DiagramError(f"a PlantUML statement not understood: `{line[:40]}`")
            name = toks[2].text
            if toks[2].kind == "string":  # `component Short as "Long label"`
                label, name = name, label
        self._node(name, label, shape)

    def _node(self, name: str, label: str, shape: Shape) -> str:
        nid = self.alias.get(name, name)
        if nid not in self.flow.nodes:
            if len(self.flow.nodes) >= self.max_nodes:
                raise DiagramError(f"a diagram of over {self.max_nodes} nodes is shown as source")
            self.flow.nodes[nid] = Node(nid, label.replace("\\n", "\n"), shape)
            self.alias[name] = self.alias[label] = nid
            for cluster in self.open:  # in its group and the groups around it
                cluster.nodes.append(nid)
        return nid

    def _end(self, tok: Token) -> str:
        """A link's end: a known name or alias, else a new node (a bare name: an interface)."""
        if tok.kind not in NAMES:
            raise DiagramError(f"a PlantUML link's end expected at `{tok.text[:30]}`")
        if tok.text in self.alias:
            return self.alias[tok.text]
        shape: Shape = (
            "rect" if tok.kind == "bracket" else "stadium" if tok.kind == "paren" else "circle"
        )
        return self._node(tok.text, tok.text, shape)

    def _link(self, toks: list[Token], line: str) -> None:
        label = toks[-1].text if toks[-1].kind == "label" else ""
        parts = [t for t in toks if t.kind not in ("label", "stereo", "colour")]
        arrows = [i for i, t in enumerate(parts) if t.kind == "arrow"]
        if len(arrows) != 1 or arrows[0] == 0:
            raise DiagramError(f"a PlantUML link not understood: `{line[:40]}`")
        at = arrows[0]
        ends = parts[at].text[:2] + parts[at].text[-2:]
        if any(mark in ends for mark in "|*o"):
            # class diagram relations (`<|--`, `*--`, `o--`): not a component diagram
            raise DiagramError(f"a PlantUML class relation is not drawn: `{line[:40]}`")
        left = [t for t in parts[:at] if t.kind != "iface"]
        right = [t for t in parts[at + 1 :] if t.kind != "iface"]
        # `A "1" --> "many" B`: the multiplicities next to the arrow are not drawn
        if len(left) == 2 and left[1].kind == "string":
            left = left[:1]
        if len(right) == 2 and right[0].kind == "string":
            right = right[1:]
        if len(left) != 1 or len(right) != 1:
            raise DiagramError(f"a PlantUML link not understood: `{line[:40]}`")
        a, b = self._end(left[0]), self._end(right[0])
        if len(self.flow.edges) >= self.max_edges:
            raise DiagramError(f"a diagram of over {self.max_edges} links is shown as source")
        self.flow.edges.append(_edge(a, b, parts[at].text, label))


def _edge(a: str, b: str, arrow: str, label: str) -> Edge:
    """A link as drawn: dotted when its run has dots, its head at the end it points to."""
    run = "".join(ch for ch in arrow if ch in "-.<>")
    head, tail = run.endswith(">"), run.startswith("<")
    line: Line = "dotted" if "." in run else "solid"
    text = label.replace("\\n", "\n")
    if tail and not head:
        return Edge(b, a, text, line, True, False)
    return Edge(a, b, text, line, head or tail, head and tail)


def read_components(lines: list[str], max_nodes: int, max_edges: int) -> Flow:
    reader = ComponentReader(max_nodes, max_edges)
    for line in lines:
        reader.statement(line)
    if reader.open:
        raise DiagramError("a PlantUML group without its `}`")
    if not reader.flow.nodes:
        raise DiagramError("a PlantUML diagram without elements")
    return reader.flow
