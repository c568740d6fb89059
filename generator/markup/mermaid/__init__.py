"""Mermaid diagrams (```mermaid fences) -> SVG pictures, pure Python, no browser.

Each diagram type has a small reader of its own text (flowchart, state, class, sequence and
C4 diagrams, pie, gantt and xy charts, git graphs, user journeys, mindmaps); node-and-edge diagrams are laid out in layers by grandalf (Sugiyama) and
drawn as SVG with their labels as text (the engine keeps SVG text as text boxes). A picture is
drawn at the size it is meant to be shown (labels FONT px), in the template's colours (see
config) unless the diagram names its own theme.

Bounded: a diagram of more than MAX_LINES lines, drawn larger than MAX_WIDTH x MAX_HEIGHT, MAX_NODES nodes or MAX_EDGES links, a
document's diagrams past MAX_DIAGRAMS or past RENDER_BUDGET_S seconds of drawing, a type not
drawn (sankey, quadrant, block...) and a diagram the reader does not understand
keep their source as a code block, with a `diagram` diagnostic saying why.
"""

from __future__ import annotations

import base64
import time
from dataclasses import dataclass

from generator.markup.mermaid import config
from generator.markup.mermaid.basics import DiagramError

MAX_LINES = 300  # lines of one diagram drawn
MAX_CHARS = 20_000  # characters of one diagram drawn
MAX_NODES = 80  # nodes (participants, slices) of one diagram
MAX_EDGES = 160  # links (messages) of one diagram
MAX_DIAGRAMS = 60  # diagrams drawn in one document
MAX_WIDTH, MAX_HEIGHT = 1400, 500  # px of a picture: larger, its 20 px labels would be drawn
# below 16 px (12 pt) once fitted into a slide's body (~1120 x 400 px of a 1280 px slide): its
# source is shown
RENDER_BUDGET_S = 20.0  # seconds of drawing for one document (the rest keep their source)


@dataclass(frozen=True)
class Caps:
    """The nodes and links one diagram may have."""

    nodes: int
    edges: int


@dataclass
class Diagram:
    """A drawn diagram: an SVG data: URI and its size in px."""

    src: str
    width: int
    height: int
    ignored: list[str]  # statements read and not drawn (styling)


@dataclass
class NotDrawn:
    """Why a diagram keeps its source."""

    why: str


def kind(source: str) -> str:
    """A diagram's type: the first word of its first line after its configuration."""
    body = config.read(source).body
    return body[0].split()[0] if body and body[0].split() else ""


def draw(source: str, options: str = "") -> Diagram:
    """One diagram's picture (raises DiagramError when it keeps its source); `options`: the
    fence's attributes after its language."""
    settings = config.read(source, options)
    lines = settings.body
    if not lines:
        raise DiagramError("an empty Mermaid diagram")
    if len(lines) > MAX_LINES:
        raise DiagramError(f"a Mermaid diagram of over {MAX_LINES} lines is shown as its source")
    # the readers and drawers of every diagram type load with a document's first diagram
    from generator.markup.mermaid.drawing import drawn

    picture, ignored = drawn(lines, settings, source.strip(), Caps(MAX_NODES, MAX_EDGES))
    return _diagram(picture, ignored)


def draw_plantuml(source: str) -> Diagram:
    """A PlantUML diagram's picture (its sequence, component and deployment subsets, drawn by
    the same drawers; raises DiagramError when it keeps its source)."""
    if len(source.strip().split("\n")) > MAX_LINES:
        raise DiagramError(f"a PlantUML diagram of over {MAX_LINES} lines is shown as its source")
    from generator.markup.mermaid.drawing import drawn_plantuml

    picture, ignored = drawn_plantuml(
        source, config.TEMPLATE, Caps(MAX_NODES, MAX_EDGES), (MAX_WIDTH, MAX_HEIGHT)
    )
    return _diagram(picture, ignored, "PlantUML")


def _diagram(picture: str, ignored: list[str], name: str = "Mermaid") -> Diagram:
    from defusedxml import ElementTree as SafeET

    root = SafeET.fromstring(picture)  # the drawing is well-formed XML (labels escaped)
    width, height = float(root.get("width") or 0), float(root.get("height") or 0)
    if width > MAX_WIDTH or height > MAX_HEIGHT:
        raise DiagramError(
            f"a {name} diagram too large to read on a slide ({width:.0f} x {height:.0f} px)"
            " is shown as its source"
        )
    uri = "data:image/svg+xml;base64," + base64.b64encode(picture.encode("utf-8")).decode("ascii")
    return Diagram(uri, max(1, round(width)), max(1, round(height)), ignored)


class MermaidRenderer:
    """One document's diagrams: drawn within its caps."""

    def __init__(self) -> None:
        self.pictures = 0
        self.spent = 0.0

    def picture(
        self, source: str, options: str = "", language: str = "mermaid"
    ) -> Diagram | NotDrawn:
        """A diagram's picture, or why it keeps its source; `language`: mermaid or plantuml."""
        name = "PlantUML" if language == "plantuml" else "Mermaid"
        if len(source) > MAX_CHARS:
            return NotDrawn(f"a {name} diagram over {MAX_CHARS} characters is shown as source")
        if self.pictures >= MAX_DIAGRAMS:
            return NotDrawn(f"over {MAX_DIAGRAMS} {name} diagrams: the rest are shown as source")
        if self.spent >= RENDER_BUDGET_S:
            return NotDrawn(f"{name} diagrams over {RENDER_BUDGET_S:.0f} s of drawing: source")
        start = time.perf_counter()
        try:
            diagram = draw_plantuml(source) if language == "plantuml" else draw(source, options)
        except DiagramError as e:
            return NotDrawn(str(e))
        except (ValueError, KeyError, IndexError, ArithmeticError, RecursionError) as e:
            return NotDrawn(f"a {name} diagram not understood ({type(e).__name__})")
        finally:
            self.spent += time.perf_counter() - start
        self.pictures += 1
        return diagram


__all__ = ["Diagram", "MermaidRenderer", "NotDrawn", "draw", "draw_plantuml", "kind"]
