"""Gantt chart text -> SVG: sections, tasks (`name : [done|active|crit|milestone,] [id,]
start, end|duration`, starts `after id...`, ends `until id`) on a date axis.

Dates are read with the diagram's `dateFormat` (dayjs tokens, `X`/`x` for Unix seconds or
milliseconds, ISO dates as a fallback); the axis is labelled with `axisFormat` (strftime-like,
`%s` the Unix seconds) and ticks every `tickInterval` or at a readable step. Each task is a row:
its section and name in columns on the left (always readable), its bar on the axis. `excludes`
and other display settings are read and not drawn (the bars keep calendar time).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Literal

from generator.lazyre import lazy_compile
from generator.markup.mermaid import svg
from generator.markup.mermaid.flowchart import label_text
from generator.markup.mermaid.model import DiagramError, Theme

Status = Literal["done", "active", "crit", "milestone"]
_TAGS = ("done", "active", "crit", "milestone")
_SETTINGS = ("dateFormat", "axisFormat", "tickInterval", "excludes", "includes", "todayMarker",
             "weekday", "inclusiveEndDates", "topAxis", "displayMode", "weekend", "click",
             "accTitle", "accDescr")  # fmt: skip
_TOKENS = lazy_compile(r"YYYY|YY|MMMM|MMM|MM|M|DD|D|HH|H|hh|h|mm|m|ss|s|SSS|A|a|ZZ|Z|.", re.S)
_STRPTIME = {"YYYY": "%Y", "YY": "%y", "MMMM": "%B", "MMM": "%b", "MM": "%m", "M": "%m",
             "DD": "%d", "D": "%d", "HH": "%H", "H": "%H", "hh": "%I", "h": "%I", "mm": "%M",
             "m": "%M", "ss": "%S", "s": "%S", "SSS": "%f", "A": "%p", "a": "%p", "ZZ": "%z",
             "Z": "%z"}  # fmt: skip
_DURATION = lazy_compile(r"(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w|M|y)")
_UNIT_S = {"ms": 0.001, "s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400,
           "M": 30 * 86400, "y": 365 * 86400}  # fmt: skip
_INTERVAL = lazy_compile(r"(\d+)\s*(millisecond|second|minute|hour|day|week|month)")
_INTERVAL_S = {"millisecond": 0.001, "second": 1, "minute": 60, "hour": 3600, "day": 86400,
               "week": 7 * 86400}  # fmt: skip
_STEPS_S = [0.001, 0.01, 0.1, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600,
            3 * 3600, 6 * 3600, 12 * 3600, 86400, 2 * 86400, 7 * 86400, 14 * 86400]  # fmt: skip
_MONTHS = [1, 3, 6, 12, 24, 60, 120]
CHART_W = 760.0  # px of the time axis
ROW_PAD = 12.0
MAX_TICKS = 60


@dataclass
class Task:
    """A Gantt task as written."""

    name: str
    section: str
    id: str
    status: list[Status]
    start: str  # as written: a date, `after id...`, or "" (after the task before)
    end: str  # a date, a duration or `until id`
    begins: datetime | None = None
    ends: datetime | None = None


@dataclass
class Gantt:
    """A Gantt chart: its settings and tasks."""

    title: str = ""
    date_format: str = "YYYY-MM-DD"
    axis_format: str = ""
    tick_interval: str = ""
    inclusive_end: bool = False
    tasks: list[Task] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)


def read_gantt(lines: list[str], max_nodes: int) -> Gantt:
    chart = Gantt()
    section = ""
    for line in lines[1:]:
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if word == "title":
            chart.title = label_text(rest)
        elif word == "section":
            section = label_text(rest)
        elif word == "dateFormat":
            chart.date_format = rest
        elif word == "axisFormat":
            chart.axis_format = rest
        elif word == "tickInterval":
            chart.tick_interval = rest
        elif word == "inclusiveEndDates":
            chart.inclusive_end = True
        elif word.rstrip(":") in _SETTINGS:
            chart.ignored.append(line)
        elif ":" in line:
            if len(chart.tasks) >= max_nodes:
                raise DiagramError(f"a gantt chart of over {max_nodes} tasks is shown as source")
            chart.tasks.append(_task(line, section, len(chart.tasks)))
        else:
            raise DiagramError(f"a gantt line not understood: `{line[:30]}`")
    if not chart.tasks:
        raise DiagramError("a gantt chart without tasks")
    _schedule(chart)
    return chart


def _task(line: str, section: str, n: int) -> Task:
    name, _, data = line.partition(":")
    parts = [p.strip() for p in data.split(",")]
    status: list[Status] = []
    while parts and parts[0] in _TAGS:
        status.append(parts.pop(0))  # type: ignore[arg-type]
    if not parts or not parts[-1] or len(parts) > 3:
        raise DiagramError(f"a gantt task expected as `name : [id,] start, end` at `{line[:30]}`")
    task_id = parts.pop(0) if len(parts) == 3 else f"task{n + 1}"
    start = parts[0] if len(parts) == 2 else ""
    return Task(label_text(name), section, task_id, status, start, parts[-1])


def _schedule(chart: Gantt) -> None:
    """Each task's start and end; `after`/`until` may name tasks written later, so passes
    repeat until nothing more resolves."""
    by_id = {t.id: t for t in chart.tasks}
    pending = list(chart.tasks)
    while pending:
        left = [t for t in pending if not _resolve(chart, t, by_id)]
        if len(left) == len(pending):
            raise DiagramError(f"a gantt task whose dates cannot be worked out: `{left[0].name}`")
        pending = left


def _resolve(chart: Gantt, task: Task, by_id: dict[str, Task]) -> bool:
    if task.begins is None:
        if task.start.startswith("after "):
            refs = [by_id.get(r) for r in task.start[6:].split()]
            if any(r is None for r in refs):
                raise DiagramError(f"a gantt task after an unknown task: `{task.start[:30]}`")
            ends = [r.ends for r in refs if r is not None]
            if any(e is None for e in ends):
                return False
            task.begins = max(e for e in ends if e is not None)
        elif task.start:
            task.begins = _date(task.start, chart.date_format)
        else:
            index = chart.tasks.index(task)
            if index == 0:
                raise DiagramError("a gantt chart whose first task has no start date")
            task.begins = chart.tasks[index - 1].ends
            if task.begins is None:
                return False
    if task.end.startswith("until "):
        target = by_id.get(task.end[6:].strip())
        if target is None:
            raise DiagramError(f"a gantt task until an unknown task: `{task.end[:30]}`")
        if target.begins is None:
            return False
        task.ends = target.begins
        return True
    task.ends = _end(task.end, task.begins, chart)
    return True


def _end(text: str, start: datetime, chart: Gantt) -> datetime:
    try:
        end = _date(text, chart.date_format)
        return end + timedelta(days=1) if chart.inclusive_end else end
    except DiagramError:
        pass
    match = _DURATION.fullmatch(text)
    if not match:
        raise DiagramError(f"a gantt end neither a date nor a duration: `{text[:30]}`")
    try:
        return start + timedelta(seconds=float(match.group(1)) * _UNIT_S[match.group(2)])
    except OverflowError:
        raise DiagramError(f"a gantt duration past the calendar: `{text[:30]}`") from None


def _date(text: str, date_format: str) -> datetime:
    text = text.strip()
    try:
        if date_format.strip() in ("X", "x"):
            seconds = float(text) / (1000 if date_format.strip() == "x" else 1)
            return datetime(1970, 1, 1, tzinfo=UTC) + timedelta(seconds=seconds)
        pattern = "".join(
            _STRPTIME.get(t, t.replace("%", "%%")) for t in _TOKENS.findall(date_format.strip())
        )
        parsed = datetime.strptime(text, pattern)
    except (ValueError, OverflowError):
        try:
            parsed = datetime.fromisoformat(text)
        except ValueError:
            raise DiagramError(
                f"a gantt date not in the chart's date format: `{text[:30]}`"
            ) from None
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)


# -- the axis ------------------------------------------------------------------------------


def _label(at: datetime, chart: Gantt) -> str:
    numeric = chart.date_format.strip() in ("X", "x")
    fmt = chart.axis_format or ("%s" if numeric else "%Y-%m-%d")
    seconds = (at - datetime(1970, 1, 1, tzinfo=UTC)).total_seconds()
    fmt = fmt.replace("%s", f"{seconds:g}").replace("%Q", f"{seconds * 1000:g}")
    fmt = fmt.replace("%L", f"{at.microsecond // 1000:03d}").replace("%-", "%")
    try:
        return at.strftime(fmt)
    except ValueError:
        return at.strftime("%Y-%m-%d")


def _ticks(first: datetime, last: datetime, chart: Gantt) -> list[datetime]:
    span = max((last - first).total_seconds(), 0.001)
    room = svg.text_width(_label(last, chart)) + 24
    most = max(2, min(MAX_TICKS, int(CHART_W / room)))
    wanted = _INTERVAL.fullmatch(chart.tick_interval.strip())
    if wanted:
        count, unit = int(wanted.group(1)), wanted.group(2)
        if unit == "month":
            ticks = _month_ticks(first, last, count)
        else:
            ticks = _step_ticks(first, last, count * _INTERVAL_S[unit])
        if 2 <= len(ticks) <= MAX_TICKS:
            return ticks
    for step in _STEPS_S:
        if span / step <= most:
            return _step_ticks(first, last, step)
    for months in _MONTHS:
        if span / (months * 30.4 * 86400) <= most:
            return _month_ticks(first, last, months)
    return [first, last]


def _step_ticks(first: datetime, last: datetime, step: float) -> list[datetime]:
    epoch = datetime(1970, 1, 1, tzinfo=UTC)
    start_s = (first - epoch).total_seconds()
    n = -(-start_s // step)  # the first multiple of the step at or after the first date
    ticks: list[datetime] = []
    while len(ticks) <= MAX_TICKS:
        at = epoch + timedelta(seconds=n * step)
        if at > last:
            break
        ticks.append(at)
        n += 1
    return ticks


def _month_ticks(first: datetime, last: datetime, months: int) -> list[datetime]:
    year, month = first.year, first.month
    at = datetime(year, month, 1, tzinfo=UTC)
    ticks: list[datetime] = []
    while at <= last and len(ticks) <= MAX_TICKS:
        if at >= first:
            ticks.append(at)
        month += months
        year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
        at = datetime(year, month, 1, tzinfo=UTC)
    return ticks


# -- drawing -------------------------------------------------------------------------------


def draw_gantt(chart: Gantt, theme: Theme, alt: str) -> str:
    line_h = svg.FONT * svg.LINE_HEIGHT
    names = [svg.wrap(t.name) for t in chart.tasks]
    sections = [svg.wrap(t.section) if t.section else [] for t in chart.tasks]
    section_w = max((svg.label_size(s)[0] for s in sections), default=0.0)
    section_w = section_w + 24 if section_w else 0.0
    name_w = max(svg.label_size(n)[0] for n in names) + 24
    left = 12 + section_w + name_w
    top = 12.0 + (line_h * 1.2 + 8 if chart.title else 0)
    first = min(t.begins for t in chart.tasks if t.begins is not None)
    last = max(t.ends for t in chart.tasks if t.ends is not None)
    last = max(last, first + timedelta(seconds=1))
    ticks = _ticks(first, last, chart)
    span = (last - first).total_seconds()

    def x(at: datetime) -> float:
        return left + CHART_W * (at - first).total_seconds() / span

    heights = [max(len(n), 1) * line_h + ROW_PAD for n in names]
    rows_h = sum(heights)
    width = left + CHART_W + 24 + svg.text_width(_label(last, chart)) / 2
    body: list[str] = []
    body += _bands(chart, heights, top, width, theme)
    for at in ticks:
        body.append(
            f'<line x1="{x(at):.1f}" y1="{top:.1f}" x2="{x(at):.1f}" y2="{top + rows_h:.1f}"'
            f' stroke="{theme.line}" stroke-width="1" stroke-dasharray="3 3"/>'
        )
        body.append(svg.text([_label(at, chart)], x(at), top + rows_h + line_h * 0.8, theme.text))
    y = top
    for i, task in enumerate(chart.tasks):
        h = heights[i]
        if sections[i] and (i == 0 or task.section != chart.tasks[i - 1].section):
            body.append(svg.text(sections[i], 12, y + h / 2, theme.text, anchor="start", bold=True))
        body.append(svg.text(names[i], 12 + section_w, y + h / 2, theme.text, anchor="start"))
        body.append(_bar(task, x, y + ROW_PAD / 2, h - ROW_PAD, theme))
        y += h
    height = top + rows_h + line_h * 1.6 + 8
    if chart.title:
        body.append(svg.text([chart.title], width / 2, 12 + line_h * 0.6, theme.text, bold=True))
    return svg.document(width, height, body, alt)


def _bands(chart: Gantt, heights: list[float], top: float, width: float, theme: Theme) -> list[str]:
    """Every other section's rows on a tinted band."""
    out: list[str] = []
    y, band = top, -1
    for i, task in enumerate(chart.tasks):
        if i == 0 or task.section != chart.tasks[i - 1].section:
            band += 1
        if band % 2 == 0 and any(t.section for t in chart.tasks):
            out.append(
                f'<rect x="4" y="{y:.1f}" width="{width - 8:.1f}" height="{heights[i]:.1f}"'
                f' fill="{theme.cluster_fill}"/>'
            )
        y += heights[i]
    return out


def _bar(task: Task, x: Callable[[datetime], float], y: float, h: float, theme: Theme) -> str:
    assert task.begins is not None and task.ends is not None
    x0, x1 = x(task.begins), x(task.ends)
    if "milestone" in task.status:
        cx, cy, r = (x0 + x1) / 2, y + h / 2, h / 2
        return (
            f'<polygon points="{cx:.1f},{cy - r:.1f} {cx + r:.1f},{cy:.1f} {cx:.1f},{cy + r:.1f}'
            f' {cx - r:.1f},{cy:.1f}" fill="{theme.stroke}" stroke="{theme.stroke}"/>'
        )
    fill, stroke, thick = theme.fill, theme.stroke, 1.5
    if "done" in task.status:
        fill, stroke = theme.cluster_fill, theme.line
    if "active" in task.status:
        fill = theme.slices[0]
    if "crit" in task.status:
        stroke, thick = "#c62828", 3.0
    return (
        f'<rect x="{x0:.1f}" y="{y:.1f}" width="{max(x1 - x0, 4):.1f}" height="{h:.1f}" rx="3"'
        f' fill="{fill}" stroke="{stroke}" stroke-width="{thick:g}"/>'
    )
