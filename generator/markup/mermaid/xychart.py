"""XY chart text (`xychart-beta`, `title`, `x-axis [a, b, ...]` or `x-axis min --> max`,
`y-axis "title" min --> max`, `bar [...]`, `line [...]`) -> SVG: bars side by side per
category and lines with their points, on a y axis with round ticks. `horizontal` charts are
drawn upright (noted)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

from generator.lazyre import lazy_compile
from generator.markup.mermaid import svg
from generator.markup.mermaid.flowchart import label_text
from generator.markup.mermaid.model import DiagramError, Theme

PLOT_W, PLOT_H = 760.0, 360.0
_RANGE = lazy_compile(r'^(?:("[^"]*"|\S+)\s+)?(-?[\d.]+)\s*-->\s*(-?[\d.]+)$')
_LIST = lazy_compile(r'^(?:("[^"]*"|[^\[\s]+)\s*)?\[(.*)\]$')


@dataclass
class Series:
    """A bar or line series of an XY chart."""

    kind: Literal["bar", "line"]
    values: list[float]


@dataclass
class XYChart:
    """An XY chart: its axes and series."""

    title: str = ""
    x_title: str = ""
    categories: list[str] = field(default_factory=list)
    x_range: tuple[float, float] | None = None
    y_title: str = ""
    y_range: tuple[float, float] | None = None
    series: list[Series] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)


def read_xychart(lines: list[str], max_nodes: int) -> XYChart:
    chart = XYChart()
    if "horizontal" in lines[0].split()[1:]:
        chart.ignored.append(f"{lines[0]} (drawn upright)")
    for line in lines[1:]:
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if word == "title":
            chart.title = label_text(rest)
        elif word == "x-axis":
            chart.x_title, chart.categories, chart.x_range = _axis(rest)
        elif word == "y-axis":
            chart.y_title, categories, chart.y_range = _axis(rest)
            if categories:
                raise DiagramError("a y axis of categories is not drawn")
        elif word in ("bar", "line"):
            found = _LIST.match(rest)
            if not found:
                raise DiagramError(f"a series expected as `{word} [1, 2, ...]` at `{line[:30]}`")
            values = [_number(v) for v in found.group(2).split(",") if v.strip()]
            if len(values) > max_nodes:
                raise DiagramError(f"a series of over {max_nodes} values is shown as source")
            chart.series.append(Series(word, values))  # type: ignore[arg-type]
        elif word.rstrip(":") in ("accTitle", "accDescr"):
            continue
        else:
            raise DiagramError(f"an xychart line not understood: `{line[:30]}`")
    if not chart.series or not any(s.values for s in chart.series):
        raise DiagramError("an xychart without data")
    return chart


def _axis(text: str) -> tuple[str, list[str], tuple[float, float] | None]:
    listed = _LIST.match(text)
    if listed:
        items = [label_text(v) for v in listed.group(2).split(",") if v.strip()]
        return label_text(listed.group(1) or ""), items, None
    ranged = _RANGE.match(text)
    if ranged:
        return (
            label_text(ranged.group(1) or ""),
            [],
            (_number(ranged.group(2)), _number(ranged.group(3))),
        )
    return label_text(text), [], None


def _number(text: str) -> float:
    try:
        value = float(text.strip())
    except ValueError:
        raise DiagramError(f"a number expected at `{text.strip()[:20]}`") from None
    if not math.isfinite(value):
        raise DiagramError("a number expected")
    return value


def _nice_ticks(low: float, high: float) -> list[float]:
    span = high - low or abs(high) or 1.0
    raw = span / 6
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    first = math.ceil(low / step - 1e-9) * step
    return [first + k * step for k in range(int((high - first) / step + 1e-9) + 1)]


def draw_xychart(chart: XYChart, theme: Theme, alt: str) -> str:
    line_h = svg.FONT * svg.LINE_HEIGHT
    count = max(len(s.values) for s in chart.series)
    names = chart.categories or [f"{_x_value(chart, i, count):g}" for i in range(count)]
    values = [v for s in chart.series for v in s.values]
    low, high = chart.y_range or (min(0.0, *values), max(values))
    if high <= low:
        high = low + 1
    ticks = _nice_ticks(low, high)
    tick_w = max(svg.text_width(f"{t:g}") for t in ticks)
    left = 16 + (line_h + 8 if chart.y_title else 0) + tick_w + 10
    top = 12.0 + (line_h * 1.2 + 8 if chart.title else 0)
    column = PLOT_W / max(count, 1)
    labels = [svg.wrap(n, max(4, int(column / (svg.FONT * 0.6)))) for n in names]
    label_h = max(len(lab) for lab in labels) * line_h

    def y(value: float) -> float:
        return top + PLOT_H * (1 - (value - low) / (high - low))

    body: list[str] = []
    for t in ticks:
        body.append(
            f'<line x1="{left:.1f}" y1="{y(t):.1f}" x2="{left + PLOT_W:.1f}" y2="{y(t):.1f}"'
            f' stroke="{theme.line}" stroke-width="1" stroke-dasharray="3 3"/>'
        )
        body.append(svg.text([f"{t:g}"], left - 8, y(t), theme.text, anchor="end"))
    bars = [s for s in chart.series if s.kind == "bar"]
    slot = column * 0.8 / max(len(bars), 1)
    for k, series in enumerate(bars):
        colour = theme.slices[k % len(theme.slices)]
        for i, value in enumerate(series.values):
            x0 = left + column * i + column * 0.1 + slot * k
            base, tip = y(max(low, min(0.0, high))), y(value)
            body.append(
                f'<rect x="{x0:.1f}" y="{min(base, tip):.1f}" width="{slot:.1f}"'
                f' height="{abs(base - tip):.1f}" fill="{colour}"/>'
            )
    for k, series in enumerate(s for s in chart.series if s.kind == "line"):
        colour = theme.slices[(len(bars) + k) % len(theme.slices)]
        points = [(left + column * (i + 0.5), y(v)) for i, v in enumerate(series.values)]
        path = " L".join(f"{px:.1f},{py:.1f}" for px, py in points)
        body.append(f'<path d="M{path}" fill="none" stroke="{colour}" stroke-width="3"/>')
        body += [
            f'<circle cx="{px:.1f}" cy="{py:.1f}" r="4" fill="{colour}"/>' for px, py in points
        ]
    body.append(
        f'<path d="M{left:.1f},{top:.1f} L{left:.1f},{top + PLOT_H:.1f} L{left + PLOT_W:.1f},'
        f'{top + PLOT_H:.1f}" fill="none" stroke="{theme.text}" stroke-width="1.5"/>'
    )
    for i, lines in enumerate(labels):
        cx = left + column * (i + 0.5)
        body.append(svg.text(lines, cx, top + PLOT_H + 8 + len(lines) * line_h / 2, theme.text))
    bottom = top + PLOT_H + 8 + label_h
    if chart.x_title:
        body.append(
            svg.text(
                [chart.x_title], left + PLOT_W / 2, bottom + line_h * 0.6, theme.text, bold=True
            )
        )
        bottom += line_h + 4
    if chart.y_title:
        body.append(_vertical(chart.y_title, 16 + line_h / 2, top + PLOT_H / 2, theme))
    width = left + PLOT_W + 20
    if chart.title:
        body.append(svg.text([chart.title], width / 2, 12 + line_h * 0.6, theme.text, bold=True))
    return svg.document(width, bottom + 12, body, alt)


def _x_value(chart: XYChart, i: int, count: int) -> float:
    if not chart.x_range or count < 2:
        return float(i + 1)
    low, high = chart.x_range
    return round(low + (high - low) * i / (count - 1), 6)


def _vertical(label: str, x: float, cy: float, theme: Theme) -> str:
    """The y axis title, turned to read upwards."""
    drawn = svg.text([label], 0, 0, theme.text, bold=True)
    return f'<g transform="translate({x:.1f},{cy:.1f}) rotate(-90)">{drawn}</g>'
