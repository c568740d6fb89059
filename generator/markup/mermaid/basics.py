"""The two names of a diagram every document's path uses (a theme of the drawing
configuration, the error a reader raises), apart from the diagram model (`model`), which
loads with the first diagram a document draws."""

from __future__ import annotations

from dataclasses import dataclass


class DiagramError(Exception):
    """A diagram this reader does not understand or will not draw (over a cap): its source is
    shown instead, with this message."""


@dataclass
class Theme:
    """The colours a diagram is drawn in (#hex, or the template's placeholders, see colours)."""

    text: str
    line: str
    fill: str
    stroke: str
    node_text: str
    cluster_fill: str
    cluster_stroke: str
    note_fill: str
    slices: list[str]
