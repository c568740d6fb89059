"""A diagram's lines -> its SVG drawing, by its type (the readers and drawers of every type).

Loaded with a document's first Mermaid diagram (generator.markup.mermaid.draw): a document
without one never loads them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from generator.markup.mermaid import config
from generator.markup.mermaid.c4 import draw_c4, read_c4
from generator.markup.mermaid.classes import read_classes
from generator.markup.mermaid.drawflow import draw_flow
from generator.markup.mermaid.flowchart import read_flowchart
from generator.markup.mermaid.gantt import draw_gantt, read_gantt
from generator.markup.mermaid.gitgraph import draw_gitgraph, read_gitgraph
from generator.markup.mermaid.journey import draw_journey, read_journey
from generator.markup.mermaid.layout import place
from generator.markup.mermaid.mindmap import read_mindmap
from generator.markup.mermaid.model import DiagramError, Flow, Theme
from generator.markup.mermaid.pie import draw_pie, read_pie
from generator.markup.mermaid.plantuml import read_plantuml, stated_direction
from generator.markup.mermaid.sequence import draw_sequence, read_sequence
from generator.markup.mermaid.state import read_state
from generator.markup.mermaid.xychart import draw_xychart, read_xychart

if TYPE_CHECKING:
    from generator.markup.mermaid import Caps

FLOWS: dict[str, Callable[[list[str], int, int], Flow]] = {
    "graph": read_flowchart,
    "flowchart": read_flowchart,
    "flowchart-elk": read_flowchart,
    "stateDiagram": read_state,
    "stateDiagram-v2": read_state,
    "classDiagram": read_classes,
    "classDiagram-v2": read_classes,
}
C4_KINDS = ("C4Context", "C4Container", "C4Component", "C4Dynamic", "C4Deployment")


def drawn(lines: list[str], settings: config.Config, alt: str, caps: Caps) -> tuple[str, list[str]]:
    """(the SVG picture, the statements read and not drawn) of a diagram's body `lines`
    (raises DiagramError when it keeps its source)."""
    first = lines[0].split()[0]
    theme = config.theme(settings)
    ignored: list[str] = []
    if first in FLOWS or first == "mindmap":
        flow = (
            read_mindmap(lines, settings.indents, caps.nodes)
            if first == "mindmap"
            else FLOWS[first](lines, caps.nodes, caps.edges)
        )
        if not flow.nodes:
            raise DiagramError("a Mermaid diagram without nodes")
        picture = draw_flow(flow, place(flow), theme, alt)
        ignored = flow.ignored
    elif first == "sequenceDiagram":
        seq = read_sequence(lines, caps.nodes, caps.edges)
        picture = draw_sequence(seq, theme, alt)
        ignored = seq.ignored
    elif first == "pie":
        picture = draw_pie(read_pie(lines, caps.nodes), theme, alt)
    elif first == "gantt":
        chart = read_gantt(lines, caps.nodes)
        picture = draw_gantt(chart, theme, alt)
        ignored = chart.ignored
    elif first in ("xychart-beta", "xychart"):
        xy = read_xychart(lines, caps.nodes)
        picture = draw_xychart(xy, theme, alt)
        ignored = xy.ignored
    elif first in C4_KINDS:
        c4 = read_c4(lines, caps.nodes, caps.edges)
        picture = draw_c4(c4, theme, alt)
        ignored = c4.ignored
    elif first == "journey":
        picture = draw_journey(read_journey(lines, caps.nodes), theme, alt)
    elif first in ("gitGraph", "gitGraph:"):
        graph = read_gitgraph(lines, caps.nodes)
        picture = draw_gitgraph(graph, theme, alt)
        ignored = graph.ignored
    else:
        raise DiagramError(f"a Mermaid {first} diagram is shown as its source (not drawn)")
    return picture, ignored


def drawn_plantuml(
    source: str, theme: Theme, caps: Caps, limits: tuple[float, float]
) -> tuple[str, list[str]]:
    """(the SVG picture, the statements read and not drawn) of a PlantUML diagram: a sequence
    diagram drawn as Mermaid's, a component or deployment diagram as a flowchart (top to
    bottom, or left to right when that is too tall for a slide (`limits`, px) and this is not,
    unless the diagram states its direction)."""
    model = read_plantuml(source, caps.nodes, caps.edges)
    alt = source.strip()
    if isinstance(model, Flow):
        placed = place(model)
        if placed.height > limits[1] and not stated_direction(source):
            across = place(replace(model, direction="LR"))  # too tall for a slide: across
            if across.height < placed.height and across.width <= limits[0]:
                model, placed = replace(model, direction="LR"), across
        return draw_flow(model, placed, theme, alt), model.ignored
    return draw_sequence(model, theme, alt), model.ignored
