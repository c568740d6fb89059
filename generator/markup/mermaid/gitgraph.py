"""Git graph text -> SVG: `commit`, `branch`, `checkout`/`switch`, `merge`, `cherry-pick` (with
their `id:`, `tag:`, `type:` options), drawn left to right: one lane per branch (the main branch
on top, `order:` respected), commits in the order written, lines from each commit to its
parents, tags above and the commits' own ids below (the ids Mermaid makes up are not shown).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from generator.lazyre import lazy_compile
from generator.markup.mermaid import svg
from generator.markup.mermaid.flowchart import label_text
from generator.markup.mermaid.model import DiagramError, Theme

CommitType = Literal["NORMAL", "REVERSE", "HIGHLIGHT", "MERGE", "CHERRY"]
_OPTION = lazy_compile(r'(\w+)\s*:\s*("(?:[^"\\]|\\.)*"|\S+)')
_STEP = 56.0  # px between commits (more when their labels are wider)
RADIUS = 10.0


@dataclass
class Commit:
    """A commit of a git graph."""

    id: str
    branch: str
    parents: list[str]
    kind: CommitType = "NORMAL"
    tag: str = ""
    shown_id: bool = False  # an id the author wrote (shown under the commit)


@dataclass
class GitGraph:
    """A git graph: its branches and commits."""

    main: str = "main"
    branches: dict[str, float] = field(default_factory=dict)  # name -> order
    commits: list[Commit] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)


def read_gitgraph(lines: list[str], max_nodes: int) -> GitGraph:
    graph = GitGraph()
    head = lines[0].split(None, 1)
    if len(head) > 1 and head[1].rstrip(":").strip() not in ("LR", ""):
        graph.ignored.append(f"{lines[0]} (drawn left to right)")
    graph.branches[graph.main] = 0
    heads: dict[str, str | None] = {graph.main: None}
    current = graph.main
    for line in lines[1:]:
        word, _, rest = line.partition(" ")
        options = {k: _unquote(v) for k, v in _OPTION.findall(rest)}
        if word == "commit":
            _add(graph, heads, current, [], options, "NORMAL", max_nodes)
        elif word == "branch":
            name = _name(rest)
            if name in heads:
                raise DiagramError(f"a git branch created twice: `{name[:30]}`")
            order = options.get("order", "")
            graph.branches[name] = float(order) if _number(order) else len(graph.branches)
            heads[name] = heads[current]
            current = name
        elif word in ("checkout", "switch"):
            current = _known(_name(rest), heads)
        elif word == "merge":
            other = _known(_name(rest), heads)
            if other == current or heads[other] is None:
                raise DiagramError(f"a git merge of `{other[:30]}` into itself or of no commits")
            _add(graph, heads, current, [str(heads[other])], options, "MERGE", max_nodes)
        elif word == "cherry-pick":
            picked = options.get("id", "")
            if picked not in {c.id for c in graph.commits}:
                raise DiagramError(f"a cherry-pick of an unknown commit: `{picked[:30]}`")
            _add(graph, heads, current, [], {"tag": options.get("tag", "")}, "CHERRY", max_nodes)
        elif word in ("accTitle", "accDescr", "accTitle:", "accDescr:"):
            continue
        else:
            raise DiagramError(f"a gitGraph line not understood: `{line[:30]}`")
    if not graph.commits:
        raise DiagramError("a git graph without commits")
    return graph


def _add(
    graph: GitGraph,
    heads: dict[str, str | None],
    branch: str,
    extra: list[str],
    options: dict[str, str],
    kind: CommitType,
    max_nodes: int,
) -> None:
    if len(graph.commits) >= max_nodes:
        raise DiagramError(f"a git graph of over {max_nodes} commits is shown as source")
    given = options.get("id", "")
    if given in {c.id for c in graph.commits}:
        raise DiagramError(f"a git commit id used twice: `{given[:30]}`")
    written = options.get("type", "").upper()
    if kind == "NORMAL" and written in ("REVERSE", "HIGHLIGHT"):
        kind = written  # type: ignore[assignment]
    parent = heads[branch]
    commit = Commit(
        given or f"#{len(graph.commits)}",
        branch,
        ([parent] if parent else []) + extra,
        kind,
        label_text(options.get("tag", "")),
        bool(given),
    )
    graph.commits.append(commit)
    heads[branch] = commit.id


def _unquote(value: str) -> str:
    return value[1:-1] if len(value) >= 2 and value[0] == value[-1] == '"' else value


def _name(rest: str) -> str:
    name = _OPTION.sub("", rest).strip()
    if not name:
        raise DiagramError("a git branch without a name")
    return _unquote(name)


def _known(name: str, heads: dict[str, str | None]) -> str:
    if name not in heads:
        raise DiagramError(f"a git branch used before it is created: `{name[:30]}`")
    return name


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def draw_gitgraph(graph: GitGraph, theme: Theme, alt: str) -> str:
    line_h = svg.FONT * svg.LINE_HEIGHT
    lanes = {b: i for i, b in enumerate(sorted(graph.branches, key=lambda b: graph.branches[b]))}
    tagged = any(c.tag for c in graph.commits)
    labelled = any(c.shown_id for c in graph.commits)
    lane_h = 2 * RADIUS + 28 + (line_h + 6) * (tagged + labelled)
    top = 8 + (line_h + 10 if tagged else 0) + RADIUS
    left = 16 + max(svg.text_width(b) for b in lanes) + 28
    widths = [svg.text_width(c.id) if c.shown_id else 0 for c in graph.commits]
    xs: dict[str, float] = {}
    x = left + RADIUS
    for i, commit in enumerate(graph.commits):
        if i:
            x += max(_STEP, (widths[i - 1] + widths[i]) / 2 + 14)
        xs[commit.id] = x
    width = x + max(RADIUS, widths[-1] / 2) + 24
    ys = {b: top + lane * lane_h for b, lane in lanes.items()}
    colours = {b: theme.slices[lane % len(theme.slices)] for b, lane in lanes.items()}
    body: list[str] = []
    for branch, y in ys.items():
        body.append(svg.text([branch], 16, y, theme.text, anchor="start", bold=True))
        body.append(
            f'<line x1="{left - 8:.1f}" y1="{y:.1f}" x2="{width - 8:.1f}" y2="{y:.1f}"'
            f' stroke="{theme.line}" stroke-width="1" stroke-dasharray="4 4"/>'
        )
    by_id = {c.id: c for c in graph.commits}
    for commit in graph.commits:
        for parent_id in commit.parents:
            parent = by_id[parent_id]
            colour = colours[parent.branch if parent_id != commit.parents[0] else commit.branch]
            merged = parent_id != commit.parents[0]
            body.append(
                _link(
                    xs[parent_id],
                    ys[parent.branch],
                    xs[commit.id],
                    ys[commit.branch],
                    colour,
                    merged,
                )
            )
    for commit in graph.commits:
        cx, cy = xs[commit.id], ys[commit.branch]
        body.append(_dot(commit, cx, cy, colours[commit.branch], theme))
        if commit.tag:
            w = svg.text_width(commit.tag) + 14
            ty = cy - RADIUS - 8 - line_h
            body.append(
                f'<rect x="{cx - w / 2:.1f}" y="{ty:.1f}" width="{w:.1f}" height="{line_h:.1f}"'
                f' rx="4" fill="{theme.note_fill}" stroke="{theme.line}"/>'
            )
            body.append(svg.text([commit.tag], cx, ty + line_h / 2, theme.text))
        if commit.shown_id:
            body.append(svg.text([commit.id], cx, cy + RADIUS + 6 + line_h / 2, theme.text))
    height = top + (len(lanes) - 1) * lane_h + RADIUS + 12 + (line_h + 6) * labelled
    return svg.document(width, height, body, alt)


def _link(x1: float, y1: float, x2: float, y2: float, colour: str, merged: bool) -> str:
    """A branch leaves its parent's lane at once; a merged branch runs along its own lane and
    bends into the merge commit's."""
    if merged and y1 != y2:
        bend = min(_STEP, x2 - x1)
        d = (
            f"M{x1:.1f},{y1:.1f} L{x2 - bend:.1f},{y1:.1f} C{x2 - bend * 0.4:.1f},{y1:.1f}"
            f" {x2 - bend * 0.6:.1f},{y2:.1f} {x2:.1f},{y2:.1f}"
        )
    elif y1 == y2:
        d = f"M{x1:.1f},{y1:.1f} L{x2:.1f},{y2:.1f}"
    else:  # leaves the parent's lane, bends into the child's and runs along it
        bend = min(_STEP, x2 - x1)
        d = (
            f"M{x1:.1f},{y1:.1f} C{x1 + bend * 0.6:.1f},{y1:.1f} {x1 + bend * 0.4:.1f},{y2:.1f}"
            f" {x1 + bend:.1f},{y2:.1f} L{x2:.1f},{y2:.1f}"
        )
    return f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="4"/>'


def _dot(commit: Commit, cx: float, cy: float, colour: str, theme: Theme) -> str:
    r = RADIUS
    if commit.kind == "HIGHLIGHT":
        return (
            f'<rect x="{cx - r:.1f}" y="{cy - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}"'
            f' fill="{colour}" stroke="{theme.text}" stroke-width="2"/>'
        )
    dot = f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:g}" fill="{colour}" stroke="#ffffff" stroke-width="2"/>'
    if commit.kind == "MERGE":
        dot += f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r / 2:g}" fill="#ffffff"/>'
    elif commit.kind == "REVERSE":
        k = r * 0.55
        dot += (
            f'<path d="M{cx - k:.1f},{cy - k:.1f} L{cx + k:.1f},{cy + k:.1f} M{cx + k:.1f},'
            f'{cy - k:.1f} L{cx - k:.1f},{cy + k:.1f}" stroke="#ffffff" stroke-width="2"/>'
        )
    elif commit.kind == "CHERRY":
        dot += f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r / 3:g}" fill="{theme.text}"/>'
    return dot
