"""User journey text (`journey`, `title ...`, `section ...`, `Task: score: actor, actor`) -> SVG:
a column per task under its section's band, the actors' dots in the task's box, and below, a
face per task at the height of its score (5 at the top, 1 at the bottom: smiling, neutral, sad)
joined by the journey's line; the actors' colours in a legend on the left."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.markup.mermaid import svg
from generator.markup.mermaid.flowchart import label_text
from generator.markup.mermaid.model import DiagramError, Theme

COLUMN = 150.0  # px of a task's column at the least
LEVEL = 34.0  # px between two scores
FACE = 15.0  # px: a face's radius
WRAP = 14  # characters of a task's line


@dataclass
class Step:
    """A step of a user journey."""

    name: str
    section: str
    score: int
    actors: list[str]


@dataclass
class Journey:
    """A user journey: its title and steps."""

    title: str = ""
    steps: list[Step] = field(default_factory=list)


def read_journey(lines: list[str], max_nodes: int) -> Journey:
    journey = Journey()
    section = ""
    for line in lines[1:]:
        word, _, rest = line.partition(" ")
        if word == "title":
            journey.title = label_text(rest)
        elif word == "section":
            section = label_text(rest)
        elif word.rstrip(":") in ("accTitle", "accDescr"):
            continue
        else:
            name, _, data = line.partition(":")
            score_text, _, actors = data.partition(":")
            try:
                score = int(score_text.strip())
            except ValueError:
                score = 0
            if not name.strip() or not 1 <= score <= 5:
                raise DiagramError(
                    f"a journey task expected as `task: 1-5: actors` at `{line[:30]}`"
                )
            if len(journey.steps) >= max_nodes:
                raise DiagramError(f"a journey of over {max_nodes} tasks is shown as source")
            names = [label_text(a) for a in actors.split(",") if a.strip()]
            journey.steps.append(Step(label_text(name), section, score, names))
    if not journey.steps:
        raise DiagramError("a journey without tasks")
    return journey


def draw_journey(journey: Journey, theme: Theme, alt: str) -> str:
    line_h = svg.FONT * svg.LINE_HEIGHT
    actors = list(dict.fromkeys(a for s in journey.steps for a in s.actors))
    colour = {a: theme.slices[(i + 1) % len(theme.slices)] for i, a in enumerate(actors)}
    legend_w = max((svg.text_width(a) for a in actors), default=0.0) + 44 if actors else 0.0
    names = [svg.wrap(s.name, WRAP) for s in journey.steps]
    widths = [max(COLUMN, svg.label_size(n)[0] + 24) for n in names]
    left = 12 + legend_w
    top = 12.0 + (line_h * 1.2 + 8 if journey.title else 0)
    band_h = line_h + 14
    box_h = max(len(n) for n in names) * line_h + 16 + (14 if actors else 0)
    xs = [left + sum(widths[:i]) + widths[i] / 2 for i in range(len(widths))]
    body: list[str] = []
    body += _bands(journey, xs, widths, top, band_h, theme)
    box_top = top + band_h + 6
    score_top = box_top + box_h + 16 + FACE
    for i, step in enumerate(journey.steps):
        x, w = xs[i], widths[i] - 10
        body.append(
            f'<rect x="{x - w / 2:.1f}" y="{box_top:.1f}" width="{w:.1f}" height="{box_h:.1f}"'
            f' rx="6" fill="{theme.fill}" stroke="{theme.stroke}" stroke-width="1.5"/>'
        )
        body.append(
            svg.text(names[i], x, box_top + (box_h - (14 if actors else 0)) / 2, theme.node_text)
        )
        for k, actor in enumerate(step.actors):
            dx = x - (len(step.actors) - 1) * 8 + k * 16
            body.append(
                f'<circle cx="{dx:.1f}" cy="{box_top + box_h - 12:.1f}" r="6" fill="{colour[actor]}"'
                f' stroke="{theme.stroke}"/>'
            )
    faces = [(xs[i], score_top + (5 - s.score) * LEVEL) for i, s in enumerate(journey.steps)]
    for x, y in faces:
        body.append(
            f'<line x1="{x:.1f}" y1="{box_top + box_h:.1f}" x2="{x:.1f}" y2="{y - FACE:.1f}"'
            f' stroke="{theme.line}" stroke-dasharray="4 4"/>'
        )
    path = " L".join(f"{x:.1f},{y:.1f}" for x, y in faces)
    body.append(f'<path d="M{path}" fill="none" stroke="{theme.stroke}" stroke-width="2"/>')
    for (x, y), step in zip(faces, journey.steps, strict=True):
        body.append(_face(x, y, step.score, theme))
    for i, actor in enumerate(actors):
        y = box_top + i * (line_h + 6) + line_h / 2
        body.append(
            f'<circle cx="20" cy="{y:.1f}" r="7" fill="{colour[actor]}" stroke="{theme.stroke}"/>'
        )
        body.append(svg.text([actor], 34, y, theme.text, anchor="start"))
    width = left + sum(widths) + 12
    height = max(score_top + 4 * LEVEL + FACE + 12, box_top + len(actors) * (line_h + 6) + 12)
    if journey.title:
        body.append(svg.text([journey.title], width / 2, 12 + line_h * 0.6, theme.text, bold=True))
    return svg.document(width, height, body, alt)


def _bands(
    journey: Journey, xs: list[float], widths: list[float], top: float, h: float, theme: Theme
) -> list[str]:
    """Each section's name on a band over its tasks' columns."""
    out: list[str] = []
    start = 0
    steps = journey.steps
    for i in range(1, len(steps) + 1):
        if i < len(steps) and steps[i].section == steps[start].section:
            continue
        x0 = xs[start] - widths[start] / 2 + 5
        x1 = xs[i - 1] + widths[i - 1] / 2 - 5
        if steps[start].section:
            out.append(
                f'<rect x="{x0:.1f}" y="{top:.1f}" width="{x1 - x0:.1f}" height="{h:.1f}" rx="6"'
                f' fill="{theme.cluster_fill}" stroke="{theme.cluster_stroke}"/>'
            )
            label = steps[start].section
            out.append(svg.text([label], (x0 + x1) / 2, top + h / 2, theme.text, bold=True))
        start = i
    return out


def _face(x: float, y: float, score: int, theme: Theme) -> str:
    r = FACE
    eyes = "".join(
        f'<circle cx="{x + dx:.1f}" cy="{y - r * 0.3:.1f}" r="1.8" fill="{theme.text}"/>'
        for dx in (-r * 0.35, r * 0.35)
    )
    mouth_y = y + r * 0.35
    if score >= 4:  # a smile
        mouth = f"M{x - r * 0.45:.1f},{mouth_y - 2:.1f} Q{x:.1f},{mouth_y + 6:.1f} {x + r * 0.45:.1f},{mouth_y - 2:.1f}"
    elif score <= 2:  # a frown
        mouth = f"M{x - r * 0.45:.1f},{mouth_y + 3:.1f} Q{x:.1f},{mouth_y - 5:.1f} {x + r * 0.45:.1f},{mouth_y + 3:.1f}"
    else:
        mouth = f"M{x - r * 0.4:.1f},{mouth_y:.1f} L{x + r * 0.4:.1f},{mouth_y:.1f}"
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:g}" fill="{theme.note_fill}" stroke="{theme.text}"'
        f' stroke-width="1.5"/>{eyes}<path d="{mouth}" fill="none" stroke="{theme.text}"'
        ' stroke-width="1.8"/>'
    )
