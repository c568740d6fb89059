"""Typed data of a Mermaid diagram between parsing, layout and drawing."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

# re-exported: the readers and drawers import them from here with the rest
from generator.markup.mermaid.basics import DiagramError as DiagramError
from generator.markup.mermaid.basics import Theme as Theme

Shape = Literal[
    "rect", "round", "stadium", "subroutine", "cylinder", "circle", "diamond", "hexagon",
    "parallelogram", "trapezoid", "flag", "start", "end", "class",
]  # fmt: skip
Line = Literal["solid", "dotted", "thick", "invisible"]
Direction = Literal["TB", "BT", "LR", "RL"]
Head = Literal["arrow", "open", "cross"]


@dataclass
class Node:
    """A flowchart node."""

    id: str
    label: str
    shape: Shape = "rect"
    members: list[str] = field(default_factory=list)  # a class's attributes and methods


@dataclass
class Edge:
    """A flowchart edge."""

    source: str
    target: str
    label: str = ""
    line: Line = "solid"
    arrow: bool = True
    both: bool = False


@dataclass
class Cluster:
    """A subgraph (flowchart) or composite state: a titled box around its nodes."""

    id: str
    title: str
    nodes: list[str] = field(default_factory=list)


@dataclass
class Flow:
    """A node-and-edge diagram: flowchart, state or class diagram."""

    direction: Direction
    nodes: dict[str, Node] = field(default_factory=dict)
    edges: list[Edge] = field(default_factory=list)
    clusters: list[Cluster] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)  # statements read and not drawn (style...)


@dataclass
class Message:
    """A sequence diagram's message."""

    source: str
    target: str
    text: str
    dashed: bool
    head: Head


@dataclass
class SeqNote:
    """A sequence diagram's note."""

    text: str
    first: str
    last: str
    place: Literal["left", "right", "over"]


@dataclass
class FrameMark:
    """Where a loop/alt/opt/par/critical/break/rect block opens, continues (`else`, `and`,
    `option`) or closes (`end`)."""

    mark: Literal["open", "next", "close"]
    kind: str
    label: str


@dataclass
class Sequence:
    """A sequence diagram: its participants and rows."""

    participants: dict[str, str] = field(default_factory=dict)  # id -> shown name
    actors: set[str] = field(default_factory=set)
    rows: list[Message | SeqNote | FrameMark] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)


@dataclass
class Pie:
    """A pie chart: its title and slices."""

    title: str
    slices: list[tuple[str, float]]
    show_data: bool = False
