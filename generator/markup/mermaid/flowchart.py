"""Flowchart (`graph`/`flowchart`) and state diagram (`stateDiagram`) text -> Flow, read by a
small scanner (no regular expressions over the diagram): a statement is a chain of node groups
(`A & B`) joined by links (`-->`, `---`, `-.->`, `==>`, `--o`, `<-->`, `-- text -->`,
`-->|text|`). Styling statements (classDef, class, style, linkStyle, click) are read and not
drawn (listed in `Flow.ignored`)."""

from __future__ import annotations

from generator.markup.mermaid.model import (
    Cluster,
    DiagramError,
    Direction,
    Edge,
    Flow,
    Line,
    Node,
    Shape,
)

# node shape delimiters, longest first: (open, close, shape)
SHAPES: list[tuple[str, str, Shape]] = [
    ("(((", ")))", "circle"),
    ("((", "))", "circle"),
    ("([", "])", "stadium"),
    ("[[", "]]", "subroutine"),
    ("[(", ")]", "cylinder"),
    ("{{", "}}", "hexagon"),
    ("[/", "/]", "parallelogram"),
    ("[/", "\\]", "trapezoid"),
    ("[\\", "\\]", "parallelogram"),
    ("[\\", "/]", "trapezoid"),
    ("[", "]", "rect"),
    ("(", ")", "round"),
    ("{", "}", "diamond"),
    (">", "]", "flag"),
]
DIRECTIONS: dict[str, Direction] = {"TD": "TB", "TB": "TB", "BT": "BT", "LR": "LR", "RL": "RL"}
STYLING = ("classDef", "class", "style", "linkStyle", "click", "direction", "accTitle", "accDescr")
LINK_CHARS = "-=.~<>"


def label_text(text: str) -> str:
    """A label as shown: quotes, Markdown strings' backquotes, `<br>` as a line break,
    Font Awesome `fa:fa-name` icon names off, Mermaid's `#quot;` entities."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] == '"':
        text = text[1:-1]
    if len(text) >= 2 and text[0] == text[-1] == "`":
        text = text[1:-1]
    for br in ("<br/>", "<br />", "<br>", "\\n"):
        text = text.replace(br, "\n")
    words = [w for w in text.split(" ") if not w.startswith(("fa:fa-", "fab:fa-", "fas:fa-"))]
    text = " ".join(words).replace("#quot;", '"').replace("#35;", "#").replace("**", "")
    return text.strip()


class _Scanner:
    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0

    def rest(self) -> str:
        return self.s[self.i :]

    def spaces(self) -> None:
        while self.i < len(self.s) and self.s[self.i] in " \t":
            self.i += 1

    def done(self) -> bool:
        self.spaces()
        return self.i >= len(self.s)

    def ident(self) -> str:
        start = self.i
        while self.i < len(self.s):
            ch = self.s[self.i]
            if ch.isalnum() or ch in "_$" or ord(ch) > 0x7F:
                self.i += 1
            elif ch == "-" and self.s[self.i + 1 : self.i + 2].isalnum() and self.i > start:
                self.i += 1  # `my-node`, not `A-->B`
            elif ch == "." and self.s[self.i + 1 : self.i + 2].isalnum() and self.i > start:
                self.i += 1
            else:
                break
        return self.s[start : self.i]


class FlowReader:
    """One flowchart's statements -> Flow."""

    def __init__(self, direction: Direction, max_nodes: int, max_edges: int) -> None:
        self.flow = Flow(direction)
        self.max_nodes = max_nodes
        self.max_edges = max_edges
        self.open: list[Cluster] = []

    def node(self, node_id: str, label: str | None = None, shape: Shape = "rect") -> str:
        nodes = self.flow.nodes
        if node_id not in nodes:
            if len(nodes) >= self.max_nodes:
                raise DiagramError(f"a diagram of over {self.max_nodes} nodes is shown as source")
            nodes[node_id] = Node(node_id, node_id)
        if self.open and node_id not in self.open[-1].nodes:  # named inside a subgraph: in it
            for cluster in self.flow.clusters:
                if node_id in cluster.nodes and cluster not in self.open:
                    cluster.nodes.remove(node_id)
            self.open[-1].nodes.append(node_id)
        if label is not None:
            nodes[node_id].label = label
            nodes[node_id].shape = shape
        return node_id

    def edge(self, edge: Edge) -> None:
        if len(self.flow.edges) >= self.max_edges:
            raise DiagramError(f"a diagram of over {self.max_edges} links is shown as source")
        self.flow.edges.append(edge)

    def statement(self, line: str) -> None:
        word = line.split()[0] if line.split() else ""
        if word in STYLING or word.startswith(("classDef", "linkStyle")):
            self.flow.ignored.append(line)
            return
        if word == "subgraph":
            self.subgraph(line[len("subgraph") :].strip())
            return
        if word == "end" and line.strip() == "end":
            if not self.open:
                raise DiagramError("an `end` without its `subgraph`")
            self.open.pop()
            return
        for part in _split_statements(line):
            self.chain(_Scanner(part))

    def subgraph(self, rest: str) -> None:
        scan = _Scanner(rest)
        cid = scan.ident()
        title = cid
        tail = scan.rest().strip()
        if tail.startswith("[") and tail.endswith("]"):
            title = label_text(tail[1:-1])
        elif tail or not cid:
            title = label_text(rest)
            cid = f"subgraph{len(self.flow.clusters)}"
        cluster = Cluster(cid or f"subgraph{len(self.flow.clusters)}", title)
        if self.open:  # a nested subgraph: its nodes are drawn inside the outer box too
            cluster.nodes = []
        self.flow.clusters.append(cluster)
        self.open.append(cluster)

    def chain(self, scan: _Scanner) -> None:
        left = self.group(scan)
        while not scan.done():
            link = read_link(scan)
            right = self.group(scan)
            for a in left:
                for b in right:
                    self.edge(Edge(a, b, link.label, link.line, link.arrow, link.both))
            left = right

    def group(self, scan: _Scanner) -> list[str]:
        ids = [self.one(scan)]
        while not scan.done() and scan.s[scan.i] == "&":
            scan.i += 1
            scan.spaces()
            ids.append(self.one(scan))
        return ids

    def one(self, scan: _Scanner) -> str:
        scan.spaces()
        node_id = scan.ident()
        if not node_id:
            raise DiagramError(f"a node expected at `{scan.rest()[:30]}`")
        rest = scan.rest()
        for opening, closing, shape in SHAPES:
            if rest.startswith(opening):
                end = _closing(rest, len(opening), closing)
                label = label_text(rest[len(opening) : end])
                scan.i += end + len(closing)
                if rest.startswith(":::", end + len(closing)):
                    scan.i += 3
                    scan.ident()
                return self.node(node_id, label, shape)
        if rest.startswith(":::"):
            scan.i += 3
            scan.ident()
        return self.node(node_id)


def _closing(text: str, start: int, closing: str) -> int:
    """Where a node's text ends: after its quoted string if it is one, else at `closing`."""
    body = start
    while body < len(text) and text[body] == " ":
        body += 1
    if body < len(text) and text[body] == '"':
        quote = text.find('"', body + 1)
        if quote > 0:
            end = text.find(closing, quote + 1)
            if end >= 0:
                return end
    end = text.find(closing, start)
    if end < 0:
        raise DiagramError(f"a node's text is not closed by `{closing}`")
    return end


def _split_statements(line: str) -> list[str]:
    """A line's statements (`;` separated), outside quoted text."""
    out, start, quoted = [], 0, False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == ";" and not quoted:
            out.append(line[start:i])
            start = i + 1
    out.append(line[start:])
    return [p for p in out if p.strip()]


class _Link:
    def __init__(self, run: str, label: str) -> None:
        self.label = label_text(label)
        self.line: Line = (
            "invisible"
            if "~" in run
            else "thick"
            if "=" in run
            else "dotted"
            if "." in run
            else "solid"
        )
        self.arrow = run.endswith((">", "x", "o"))
        self.both = run.startswith(("<", "x", "o")) and self.arrow


def _run(scan: _Scanner) -> str:
    start = scan.i
    while scan.i < len(scan.s) and scan.s[scan.i] in LINK_CHARS:
        scan.i += 1
    run = scan.s[start : scan.i]
    if scan.i < len(scan.s) and scan.s[scan.i] in "ox" and run.endswith(("-", "=")):
        after = scan.s[scan.i + 1 : scan.i + 2]
        if after in ("", " ", "|"):
            scan.i += 1
            run += scan.s[scan.i - 1]
    return run


def read_link(scan: _Scanner) -> _Link:
    scan.spaces()
    if scan.rest()[:1] in ("o", "x") and scan.rest()[1:3] in ("--", "=="):
        scan.i += 1  # `o--o`, `x--x`
    run = _run(scan)
    if len(run) < 2 and run != "&":
        raise DiagramError(f"a link expected at `{scan.rest()[:30]}`")
    label = ""
    if run in ("--", "==", "-.", "<--", "<==", "<-.") and scan.rest()[:1] == " ":
        closing = {"-": "--", "=": "==", ".": ".-"}[run[-1]]
        end = scan.rest().find(closing)
        if end < 0:
            raise DiagramError("a link's text is not closed")
        label = scan.rest()[:end]
        scan.i += end
        run = run + _run(scan)
    scan.spaces()
    if scan.rest().startswith("|"):
        end = scan.s.find("|", scan.i + 1)
        if end < 0:
            raise DiagramError("a link's `|text|` is not closed")
        label = scan.s[scan.i + 1 : end]
        scan.i = end + 1
    return _Link(run, label)


def read_flowchart(lines: list[str], max_nodes: int, max_edges: int) -> Flow:
    head = lines[0].split()
    direction = DIRECTIONS.get(head[1].upper().rstrip(";"), "TB") if len(head) > 1 else "TB"
    reader = FlowReader(direction, max_nodes, max_edges)
    for line in lines[1:]:
        reader.statement(line)
    return reader.flow
