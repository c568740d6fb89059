"""C4 diagram text (`C4Context`, `C4Container`, `C4Component`, `C4Dynamic`, `C4Deployment`) ->
SVG, laid out as Mermaid does: the elements of each level (the diagram, a boundary) in rows,
boundaries and deployment nodes as titled dashed boxes around theirs; people, systems,
containers and components are boxes with their name (bold), `[technology]` and description
(external ones on the muted fill, databases and queues marked); `Rel`/`BiRel` in any direction
are straight labelled arrows between the boxes' borders. Style and layout updates are read and
not drawn."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.markup.mermaid import svg
from generator.markup.mermaid.flowchart import label_text
from generator.markup.mermaid.model import DiagramError, Theme

_ELEMENTS = ("Person", "System", "Container", "Component")
_BOUNDARIES = ("Boundary", "Enterprise_Boundary", "System_Boundary", "Container_Boundary",
               "Node", "Node_L", "Node_R", "Deployment_Node")  # fmt: skip
_RELATIONS = ("Rel", "BiRel", "Rel_U", "Rel_Up", "Rel_D", "Rel_Down", "Rel_L", "Rel_Left",
              "Rel_R", "Rel_Right", "Rel_Back", "RelIndex")  # fmt: skip
_IGNORED = ("UpdateElementStyle", "UpdateRelStyle", "UpdateLayoutConfig", "UpdateBoundaryStyle",
            "AddElementTag", "AddRelTag", "AddBoundaryTag")  # fmt: skip
WRAP = 26  # characters of a description's line
GAP = 28.0  # px between boxes
PAD = 16.0  # px inside a boundary
ROWS = (4, 5, 6, 8, 3)  # elements per row tried, Mermaid's 4 first
MAX_W, MAX_H = 1900.0, 700.0
SLIDE_W, SLIDE_H = 1400.0, 500.0  # a larger picture is shown as source (mermaid.MAX_WIDTH...)


@dataclass
class Element:
    """A C4 element (person, system, container...) and its lines."""

    id: str
    kind: str  # the statement (`SystemDb_Ext`)
    lines: list[str]  # name, [technology], description lines
    head: int = 1  # the lines of its name and [technology]
    w: float = 0.0
    h: float = 0.0
    x: float = 0.0  # top left, once placed
    y: float = 0.0


@dataclass
class Boundary:
    """A C4 boundary and what it holds."""

    id: str
    title: str
    items: list[Element | Boundary] = field(default_factory=list)
    rows: list[list[Element | Boundary]] = field(default_factory=list)  # once sized
    w: float = 0.0
    h: float = 0.0
    x: float = 0.0
    y: float = 0.0


@dataclass
class Relation:
    """A C4 relation between two elements."""

    source: str
    target: str
    label: list[str]
    both: bool


@dataclass
class C4:
    """A C4 diagram: its boundaries, elements and relations."""

    title: str = ""
    top: Boundary = field(default_factory=lambda: Boundary("", ""))
    elements: dict[str, Element] = field(default_factory=dict)
    relations: list[Relation] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)


def read_c4(lines: list[str], max_nodes: int, max_edges: int) -> C4:
    chart = C4()
    open_: list[Boundary] = [chart.top]
    for line in lines[1:]:
        if line == "}":
            if len(open_) == 1:
                raise DiagramError("a `}` without its boundary")
            open_.pop()
            continue
        word, paren, rest = line.partition("(")
        word = word.strip()
        if line.startswith(("title ", "accTitle", "accDescr")):
            chart.title = label_text(line[6:]) if line.startswith("title ") else chart.title
            continue
        if not paren:
            raise DiagramError(f"a C4 line not understood: `{line[:30]}`")
        args = _arguments(rest)
        if word in _IGNORED:
            chart.ignored.append(line)
        elif word in _BOUNDARIES and len(args) >= 2:
            boundary = Boundary(args[0], label_text(args[1]))
            open_[-1].items.append(boundary)
            if rest.rstrip().endswith("{"):
                open_.append(boundary)
        elif _element(word) and len(args) >= 2:
            if len(chart.elements) >= max_nodes:
                raise DiagramError(f"a diagram of over {max_nodes} nodes is shown as source")
            element = Element(args[0], word, *_lines(word, args))
            chart.elements[element.id] = element
            open_[-1].items.append(element)
        elif word in _RELATIONS and len(args) >= 3:
            args = args[1:] if word == "RelIndex" else args
            source, target = (args[1], args[0]) if word == "Rel_Back" else (args[0], args[1])
            label = svg.wrap(label_text(args[2]), WRAP)
            label += [f"[{label_text(args[3])}]"] if len(args) > 3 else []
            if len(chart.relations) >= max_edges:
                raise DiagramError(f"a diagram of over {max_edges} links is shown as source")
            chart.relations.append(Relation(source, target, label, word == "BiRel"))
        else:
            raise DiagramError(f"a C4 statement not understood: `{line[:30]}`")
    if len(open_) > 1:
        raise DiagramError("a C4 boundary without its `}`")
    if not chart.elements:
        raise DiagramError("a C4 diagram without elements")
    unknown = [r for r in chart.relations if {r.source, r.target} - set(chart.elements)]
    if unknown:
        raise DiagramError(f"a C4 relation of an unknown element: `{unknown[0].source[:30]}`")
    return chart


def _element(word: str) -> bool:
    base = word.removesuffix("_Ext")
    return any(base in (kind, f"{kind}Db", f"{kind}Queue") for kind in _ELEMENTS)


def _lines(word: str, args: list[str]) -> tuple[list[str], int]:
    """Name, then `[technology]` (containers, components), then the description; and how
    many lines name and technology take."""
    name = label_text(args[1]).replace("\n", " ")
    if word.startswith(("Container", "Component")):
        technology = label_text(args[2]) if len(args) > 2 else ""
        description = label_text(args[3]) if len(args) > 3 else ""
    else:
        technology, description = "", label_text(args[2]) if len(args) > 2 else ""
    out = [name] + ([f"[{technology}]"] if technology else [])
    return out + (svg.wrap(description, WRAP) if description else []), len(out)


def _arguments(text: str) -> list[str]:
    """A call's arguments up to its closing parenthesis: commas outside quotes split them;
    named arguments (`$tags="..."`) are left out."""
    out: list[str] = []
    current, quoted = "", False
    for ch in text:
        if ch == '"':
            quoted = not quoted
            current += ch
        elif ch == "," and not quoted:
            out.append(current.strip())
            current = ""
        elif ch == ")" and not quoted:
            break
        else:
            current += ch
    out.append(current.strip())
    return [a for a in out if a and not a.startswith("$")]


# -- layout and drawing -----------------------------------------------------------------------


def _size(item: Element | Boundary, per_row: int, limit: float = float("inf")) -> None:
    """Each element's and boundary's size: a boundary's items in rows of `per_row`, a row
    ending before it grows wider than `limit` px."""
    line_h = svg.FONT * svg.LINE_HEIGHT
    if isinstance(item, Element):
        queue = item.kind.removesuffix("_Ext").endswith("Queue")  # room for the queue's end
        item.w = max(180.0, svg.label_size(item.lines)[0] + 28 + (28 if queue else 0))
        item.h = len(item.lines) * line_h + 24
        return
    for child in item.items:
        _size(child, per_row, limit - 2 * PAD)
    rows: list[list[Element | Boundary]] = []
    for child in item.items:
        row = rows[-1] if rows else []
        wide = sum(c.w + GAP for c in row) + child.w > limit - 2 * PAD
        if not row or len(row) >= per_row or wide:
            rows.append([child])
        else:
            row.append(child)
    item.rows = rows
    head = line_h + 8 if item.title else 0.0
    item.w = max((sum(c.w for c in r) + GAP * (len(r) - 1) for r in rows), default=0.0) + 2 * PAD
    item.h = head + sum(max(c.h for c in r) for r in rows) + GAP * (len(rows) - 1) + 2 * PAD
    item.w = max(item.w, svg.text_width(item.title) + 2 * PAD)


def _place(item: Boundary, x: float, y: float) -> None:
    item.x, item.y = x, y
    line_h = svg.FONT * svg.LINE_HEIGHT
    top = y + PAD + (line_h + 8 if item.title else 0)
    for row in item.rows:
        left = x + PAD
        for child in row:
            if isinstance(child, Boundary):
                _place(child, left, top)
            else:
                child.x, child.y = left, top
            left += child.w + GAP
        top += max(c.h for c in row) + GAP


def _arranged(chart: C4, title_h: float) -> bool:
    """The chart sized in rows of Mermaid's four elements, or more when the picture would be
    too tall (within MAX_W x MAX_H); when that is larger than a slide's picture (SLIDE_W x
    SLIDE_H), in rows filled up to a width (the slide's, then narrower) in every boundary.
    Whether it fits a slide."""
    for per_row in ROWS:
        _size(chart.top, per_row)
        if chart.top.w <= MAX_W and chart.top.h + title_h <= MAX_H:
            break
    if _fits(chart, title_h):
        return True
    for share in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5):
        _size(chart.top, len(chart.elements) + 1, SLIDE_W * share)
        if _fits(chart, title_h):
            return True
    return False


def _fits(chart: C4, title_h: float) -> bool:
    return chart.top.w <= SLIDE_W and chart.top.h + title_h <= SLIDE_H


def draw_c4(chart: C4, theme: Theme, alt: str) -> str:
    """The chart's picture; one too large for a slide (SLIDE_W x SLIDE_H) with its elements'
    descriptions is drawn with their names and technologies only (the descriptions stay in
    its source, the picture's alt text)."""
    line_h = svg.FONT * svg.LINE_HEIGHT
    title_h = line_h * 1.2 + 8 if chart.title else 0.0
    if not _arranged(chart, title_h):
        for element in chart.elements.values():  # too large with descriptions: without
            element.lines = element.lines[: element.head]
        _arranged(chart, title_h)
    _place(chart.top, 0.0, title_h)
    body: list[str] = []
    _draw_boundary(chart.top, body, theme)
    taken: list[tuple[float, float, float, float]] = []  # labels drawn (x, y, w, h)
    for relation in chart.relations:
        body.append(_relation(chart, relation, theme, taken))
    width = max(chart.top.w, svg.text_width(chart.title) + 40)
    if chart.title:
        body.append(svg.text([chart.title], width / 2, 12 + line_h * 0.6, theme.text, bold=True))
    return svg.document(width, chart.top.h + title_h, body, alt)


def _draw_boundary(item: Boundary, body: list[str], theme: Theme) -> None:
    line_h = svg.FONT * svg.LINE_HEIGHT
    if item.id:
        body.append(
            f'<rect x="{item.x:.1f}" y="{item.y:.1f}" width="{item.w:.1f}" height="{item.h:.1f}"'
            f' rx="4" fill="none" stroke="{theme.cluster_stroke}" stroke-width="1.5"'
            ' stroke-dasharray="7 5"/>'
        )
        body.append(
            svg.text(
                [item.title],
                item.x + PAD,
                item.y + PAD / 2 + line_h / 2,
                theme.text,
                anchor="start",
                bold=True,
            )  # fmt: skip
        )
    for child in item.items:
        if isinstance(child, Boundary):
            _draw_boundary(child, body, theme)
        else:
            body.append(_element_box(child, theme))


def _element_box(e: Element, theme: Theme) -> str:
    external = e.kind.endswith("_Ext")
    fill = theme.cluster_fill if external else theme.fill
    rx = 18 if e.kind.startswith("Person") else 6
    dash = ' stroke-dasharray="6 4"' if external else ""
    out = (
        f'<rect x="{e.x:.1f}" y="{e.y:.1f}" width="{e.w:.1f}" height="{e.h:.1f}" rx="{rx}"'
        f' fill="{fill}" stroke="{theme.stroke}" stroke-width="1.5"{dash}/>'
    )
    base = e.kind.removesuffix("_Ext")
    if base.endswith("Db"):  # a cylinder's rim
        out += (
            f'<path d="M{e.x:.1f},{e.y + 10:.1f} Q{e.x + e.w / 2:.1f},{e.y + 22:.1f}'
            f' {e.x + e.w:.1f},{e.y + 10:.1f}" fill="none" stroke="{theme.stroke}"/>'
        )
    elif base.endswith("Queue"):  # a queue's end
        out += (
            f'<path d="M{e.x + e.w - 10:.1f},{e.y:.1f} Q{e.x + e.w - 22:.1f},{e.y + e.h / 2:.1f}'
            f' {e.x + e.w - 10:.1f},{e.y + e.h:.1f}" fill="none" stroke="{theme.stroke}"/>'
        )
    line_h = svg.FONT * svg.LINE_HEIGHT
    top = e.y + 12 + line_h / 2
    out += svg.text(e.lines[:1], e.x + e.w / 2, top, theme.node_text, bold=True)
    rest = e.lines[1:]
    if rest:
        out += svg.text(rest, e.x + e.w / 2, top + line_h * (len(rest) + 1) / 2, theme.node_text)
    return out


def _border(e: Element, tx: float, ty: float) -> tuple[float, float]:
    """Where the line from the box's centre towards (tx, ty) leaves the box."""
    cx, cy = e.x + e.w / 2, e.y + e.h / 2
    dx, dy = tx - cx, ty - cy
    if dx == dy == 0:
        return cx, cy
    scale = min(
        (e.w / 2) / abs(dx) if dx else float("inf"), (e.h / 2) / abs(dy) if dy else float("inf")
    )
    return cx + dx * scale, cy + dy * scale


def _relation(
    chart: C4, r: Relation, theme: Theme, taken: list[tuple[float, float, float, float]]
) -> str:
    """A relation's arrow, its label at the middle or, when another label is there, further
    along the line."""
    a, b = chart.elements[r.source], chart.elements[r.target]
    x1, y1 = _border(a, b.x + b.w / 2, b.y + b.h / 2)
    x2, y2 = _border(b, a.x + a.w / 2, a.y + a.h / 2)
    out = f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{theme.line}" stroke-width="2"/>'
    out += _head(x1, y1, x2, y2, theme) + (_head(x2, y2, x1, y1, theme) if r.both else "")
    w, h = svg.label_size(r.label)
    for t in (0.5, 0.35, 0.65, 0.25, 0.75):
        mx, my = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
        if not any(
            abs(mx - ox) * 2 < w + ow and abs(my - oy) * 2 < h + oh for ox, oy, ow, oh in taken
        ):
            break
    taken.append((mx, my, w + 8, h))
    out += (
        f'<rect x="{mx - w / 2 - 4:.1f}" y="{my - h / 2:.1f}" width="{w + 8:.1f}" height="{h:.1f}"'
        f' fill="#ffffff" fill-opacity="0.85"/>'
    )
    return out + svg.text(r.label, mx, my, theme.text)


def _head(x1: float, y1: float, x2: float, y2: float, theme: Theme) -> str:
    """An arrowhead at (x2, y2), pointing away from (x1, y1)."""
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1e-6)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    bx, by = x2 - ux * 12, y2 - uy * 12
    return (
        f'<polygon points="{x2:.1f},{y2:.1f} {bx - uy * 6:.1f},{by + ux * 6:.1f}'
        f' {bx + uy * 6:.1f},{by - ux * 6:.1f}" fill="{theme.line}"/>'
    )
