"""PlantUML diagrams (```plantuml fences, `@startuml` blocks) -> the Mermaid drawers' models.

The common subsets are read: sequence diagrams (participants, messages, notes, frames) into a
Sequence, component and deployment diagrams (groups, components, interfaces, links) into a
Flow with subgraphs; each by a small reader over PlantUML's tokens (tokens.py). A diagram is
read as a sequence diagram when every statement is one (as PlantUML decides), else as a
component diagram; one neither reader understands, and every other kind (`@startmindmap`,
`@startgantt`, activity and class diagrams...), raises DiagramError: it keeps its source.
"""

from __future__ import annotations

from generator.markup.mermaid.model import DiagramError, Flow, Sequence
from generator.markup.mermaid.plantuml.components import read_components
from generator.markup.mermaid.plantuml.sequence import read_plantuml_sequence
from generator.markup.mermaid.plantuml.tokens import statements


def read_plantuml(source: str, max_nodes: int, max_edges: int) -> Flow | Sequence:
    """A PlantUML diagram's model (raises DiagramError when it keeps its source)."""
    first = source.strip().split(None, 1)[0] if source.strip() else ""
    if first.startswith("@start") and first != "@startuml":
        raise DiagramError(f"a PlantUML {first[len('@start') :]} diagram is shown as its source")
    lines = statements(source)
    if not lines:
        raise DiagramError("an empty PlantUML diagram")
    try:
        return read_plantuml_sequence(lines, max_nodes, max_edges)
    except DiagramError as not_sequence:
        try:
            return read_components(lines, max_nodes, max_edges)
        except DiagramError as not_components:
            why = not_sequence if _sequence_like(lines) else not_components
            raise DiagramError(f"{why}: the PlantUML diagram is shown as its source") from why


def stated_direction(source: str) -> bool:
    """A diagram that states its direction (`left to right direction`...)."""
    return any(line.endswith(" direction") for line in statements(source))


def _sequence_like(lines: list[str]) -> bool:
    """A diagram whose first statement declares a participant or sends a message."""
    word = lines[0].split()[0].lower()
    return word in ("participant", "actor", "autonumber") or "->" in lines[0]


__all__ = ["read_plantuml", "stated_direction"]
