"""A drawn diagram that moves off a capped page keeps its configured source beside it.

A how-to page shows a diagram's configuration (front matter `config:` with `themeVariables`,
an init directive) and then the diagram drawn from it: the configuration is the point of the
example, the picture its result. When a page is capped (generator.summarising) and both move
off its kept slides, the diagram's picture slide shows the source beside it (code left,
diagram right, with the source's short introduction above the code), as a page that keeps
them does (generator.shapes.source_pair); never the picture on a slide and its source only in
the notes. The gallery of moved pictures then holds, before such a diagram, the blocks shown
with it; each such run is a picture slide of its own.
"""

from __future__ import annotations

from generator.model import Block
from generator.shapes import source_beside
from generator.together import introduces


def beside(rest: list[Block]) -> dict[int, list[Block]]:
    """For each drawn diagram among `rest` (blocks in reading order) right after the code
    block of its configured source: id(diagram) -> the blocks shown with it (the source, and
    the short paragraph introducing the source right before it)."""
    out: dict[int, list[Block]] = {}
    for i, block in enumerate(rest):
        if i == 0 or not source_beside(rest[i - 1], block):
            continue
        code = rest[i - 1]
        intro = rest[i - 2] if i >= 2 else None
        lead = intro is not None and intro.type == "paragraph" and introduces(intro, code)
        out[id(block)] = [intro, code] if lead and intro is not None else [code]
    return out


def with_sources(
    rest: list[Block], found: list[Block], captioned: list[Block]
) -> tuple[list[Block], list[Block]]:
    """(the gallery entries of `rest`'s pictures `found`, shown as `captioned`, each
    diagram preceded by the blocks shown with it; the blocks of `rest` whose words go to the
    notes: all but those shown)."""
    shown = beside(rest)
    entries: list[Block] = []
    for picture, entry in zip(found, captioned, strict=True):
        entries += [*shown.get(id(picture), []), entry]
    taken = {id(b) for blocks in shown.values() for b in blocks}
    return entries, [b for b in rest if id(b) not in taken]


def sourced_runs(found: list[Block]) -> list[tuple[bool, list[Block]]]:
    """Gallery entries cut into runs: (True, [introduction, source, diagram]) for a diagram
    shown with its source (a slide of its own), (False, pictures) for the pictures between."""
    out: list[tuple[bool, list[Block]]] = []
    run: list[Block] = []
    i = 0
    while i < len(found):
        if found[i].type == "image":
            run.append(found[i])
            i += 1
            continue
        j = i
        while j < len(found) and found[j].type != "image":
            j += 1
        if run:
            out.append((False, run))
            run = []
        out.append((True, found[i : j + 1]))
        i = j + 1
    if run:
        out.append((False, run))
    return out


def picture_count(group: list[Block]) -> int:
    """The pictures of a gallery group (the blocks shown with a diagram are not pictures)."""
    return sum(1 for b in group if b.type == "image")
