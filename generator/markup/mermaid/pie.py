"""Pie chart text (`pie [showData]`, `title ...`, `"Label" : value`) -> SVG: slices in the
theme's series colours, a legend beside them with each slice's share (and value with
showData)."""

from __future__ import annotations

import math

from generator.markup.mermaid import svg
from generator.markup.mermaid.flowchart import label_text
from generator.markup.mermaid.model import DiagramError, Pie, Theme

RADIUS = 150.0


def read_pie(lines: list[str], max_nodes: int) -> Pie:
    head = lines[0].split(None, 1)
    rest = head[1] if len(head) > 1 else ""
    pie = Pie("", [], show_data="showData" in rest.split())
    if "title" in rest.split():
        pie.title = label_text(rest.partition("title")[2])
    for line in lines[1:]:
        if line.startswith("title"):
            pie.title = label_text(line[len("title") :])
            continue
        if line.startswith(("accTitle", "accDescr")):
            continue
        name, colon, value = line.rpartition(":")
        try:
            number = float(value.strip())
        except ValueError:
            number = -1.0
        if not colon or not math.isfinite(number) or number < 0:
            raise DiagramError(f'a slice expected as `"label" : value` at `{line[:30]}`')
        if len(pie.slices) >= max_nodes:
            raise DiagramError(f"a pie of over {max_nodes} slices is shown as source")
        pie.slices.append((label_text(name), number))
    if not pie.slices or sum(v for _, v in pie.slices) <= 0:
        raise DiagramError("a pie without slices")
    return pie


def draw_pie(pie: Pie, theme: Theme, alt: str) -> str:
    total = sum(v for _, v in pie.slices)
    line_h = svg.FONT * svg.LINE_HEIGHT
    top = 12.0 + (line_h * 1.2 + 8 if pie.title else 0)
    cx, cy = 20 + RADIUS, top + RADIUS
    body: list[str] = []
    if pie.title:
        body.append("")  # the title goes in once the width is known
    angle = -math.pi / 2
    colours = theme.slices
    legend_x = cx + RADIUS + 40
    widest = 0.0
    rows = max(len(pie.slices) * (line_h + 8), 2 * RADIUS)
    legend_y = cy - min(rows, len(pie.slices) * (line_h + 8)) / 2
    for i, (name, value) in enumerate(pie.slices):
        share = value / total
        colour = colours[i % len(colours)]
        sweep = share * 2 * math.pi
        if share >= 0.9999:
            body.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{RADIUS}" fill="{colour}" stroke="#ffffff" stroke-width="2"/>'
            )
        elif share > 0:
            x1, y1 = cx + RADIUS * math.cos(angle), cy + RADIUS * math.sin(angle)
            x2, y2 = cx + RADIUS * math.cos(angle + sweep), cy + RADIUS * math.sin(angle + sweep)
            large = 1 if sweep > math.pi else 0
            body.append(
                f'<path d="M{cx:.1f},{cy:.1f} L{x1:.2f},{y1:.2f} A{RADIUS},{RADIUS} 0 {large} 1 {x2:.2f},{y2:.2f} Z"'
                f' fill="{colour}" stroke="#ffffff" stroke-width="2"/>'
            )
        angle += sweep
        y = legend_y + i * (line_h + 8)
        body.append(
            f'<rect x="{legend_x:.1f}" y="{y:.1f}" width="{line_h:.1f}" height="{line_h:.1f}" fill="{colour}"/>'
        )
        shown = f"{value:g}, " if pie.show_data else ""
        entry = f"{name} ({shown}{share * 100:.0f}%)" if name else f"{shown}{share * 100:.0f}%"
        body.append(
            svg.text([entry], legend_x + line_h + 10, y + line_h / 2, theme.text, anchor="start")
        )
        widest = max(widest, line_h + 10 + svg.text_width(entry))
    width = max(legend_x + widest + 20, svg.text_width(pie.title) + 40)
    if pie.title:
        body[0] = svg.text([pie.title], width / 2, 12 + line_h * 0.6, theme.text, bold=True)
    height = max(cy + RADIUS, legend_y + len(pie.slices) * (line_h + 8)) + 16
    return svg.document(width, height, body, alt)
