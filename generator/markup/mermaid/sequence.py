"""Sequence diagram text -> Sequence -> SVG: participants as boxes over lifelines, messages as
arrows in order, notes as boxes, loop/alt/opt/par... blocks as labelled frames."""

from __future__ import annotations

from collections.abc import Callable

from generator.markup.mermaid import svg
from generator.markup.mermaid.drawflow import arrowhead
from generator.markup.mermaid.flowchart import label_text
from generator.markup.mermaid.model import (
    DiagramError,
    FrameMark,
    Head,
    Message,
    SeqNote,
    Sequence,
    Theme,
)

ARROWS = ["-->>", "->>", "-->", "->", "--x", "-x", "--)", "-)"]  # longest first per family
FRAMES = ("loop", "alt", "opt", "par", "critical", "break", "rect")
NEXT = ("else", "and", "option")
IGNORED = ("autonumber", "activate", "deactivate", "box", "create", "destroy", "link", "links")
BOX_PAD, GAP, ROW_GAP, TOP = 14.0, 40.0, 8.0, 8.0


def read_sequence(lines: list[str], max_nodes: int, max_edges: int) -> Sequence:
    seq = Sequence()

    def participant(name: str, shown: str | None = None) -> str:
        name = name.strip().strip("+-").strip()
        if not name:
            raise DiagramError("a message without its participant")
        if name not in seq.participants:
            if len(seq.participants) >= max_nodes:
                raise DiagramError(f"over {max_nodes} participants: shown as source")
            seq.participants[name] = name
        if shown:
            seq.participants[name] = label_text(shown)
        return name

    depth = 0
    for line in lines[1:]:
        word = line.split()[0]
        if len(seq.rows) >= max_edges:
            raise DiagramError(f"over {max_edges} messages: shown as source")
        if word in ("participant", "actor"):
            rest = line[len(word) :].strip()
            name, _, shown = rest.partition(" as ")
            participant(name, shown or None)
            if word == "actor":
                seq.actors.add(name.strip())
        elif word in FRAMES:
            depth += 1
            seq.rows.append(FrameMark("open", word, label_text(line[len(word) :])))
        elif word in NEXT and depth:
            seq.rows.append(FrameMark("next", word, label_text(line[len(word) :])))
        elif word == "end":
            if not depth:
                raise DiagramError("an `end` without its block")
            depth -= 1
            seq.rows.append(FrameMark("close", "", ""))
        elif word.lower() == "note":
            seq.rows.append(_note(line, participant))
        elif word in IGNORED or word.startswith(("title", "accTitle", "accDescr")):
            seq.ignored.append(line)
        else:
            seq.rows.append(_message(line, participant))
    if depth:
        raise DiagramError("a loop/alt block without its `end`")
    return seq


def _note(line: str, add: Callable[[str], str]) -> SeqNote:
    words = line.split(None, 3)
    head, _, text = line.partition(":")
    parts = head.split()
    if len(parts) < 3 or len(words) < 3:
        raise DiagramError("a note without its participant")
    place = "over" if parts[1].lower() == "over" else parts[1].lower()
    names = " ".join(parts[2 if place == "over" else 3 :])
    first, _, last = names.partition(",")
    a = add(first)
    b = add(last) if last.strip() else a
    return SeqNote(
        label_text(text),
        a,
        b,
        "over" if place == "over" else ("left" if place == "left" else "right"),
    )


def _message(line: str, add: Callable[[str], str]) -> Message:
    head, _, text = line.partition(":")
    for arrow in ARROWS:
        at = head.find(arrow)
        if at > 0:
            a = add(head[:at])
            b = add(head[at + len(arrow) :])
            kind: Head = (
                "arrow" if arrow.endswith(">>") else "cross" if arrow.endswith("x") else "open"
            )
            return Message(a, b, label_text(text), arrow.startswith("--"), kind)
    raise DiagramError(f"a message expected at `{line[:30]}`")


def draw_sequence(seq: Sequence, theme: Theme, alt: str) -> str:
    names = list(seq.participants)
    if not names:
        raise DiagramError("a sequence diagram without participants")
    boxes = {n: svg.label_size(svg.wrap(seq.participants[n])) for n in names}
    widths = {n: max(boxes[n][0] + 2 * BOX_PAD, 90.0) for n in names}
    head_h = max(h for _, h in boxes.values()) + 2 * BOX_PAD * 0.7
    xs: dict[str, float] = {}
    x = 20.0
    for i, n in enumerate(names):
        x += widths[n] / 2 if i == 0 else widths[names[i - 1]] / 2 + GAP + widths[n] / 2
        xs[n] = x
    index = {n: i for i, n in enumerate(names)}
    for row in seq.rows:  # room for each message's text between its two lifelines
        if isinstance(row, Message) and row.source != row.target:
            a, b = sorted((index[row.source], index[row.target]))
            need = svg.label_size(svg.wrap(row.text, 40))[0] + 30
            short = need - (xs[names[b]] - xs[names[a]])
            if short > 0:
                for n in names[b:]:
                    xs[n] += short
        elif isinstance(row, Message):
            i = index[row.source]
            need = svg.label_size(svg.wrap(row.text, 40))[0] + 50
            if i + 1 < len(names) and xs[names[i + 1]] - xs[row.source] < need:
                short = need - (xs[names[i + 1]] - xs[row.source])
                for n in names[i + 1 :]:
                    xs[n] += short
    body, y, bottom_items = _rows(seq, xs, theme, TOP + head_h + 16)
    width = max(xs[n] + widths[n] / 2 for n in names) + 20
    for item in bottom_items:
        width = max(width, item)
    top = []
    for n in names:
        x0 = xs[n] - widths[n] / 2
        top.append(
            f'<line x1="{xs[n]:.1f}" y1="{TOP + head_h:.1f}" x2="{xs[n]:.1f}" y2="{y:.1f}" stroke="{theme.line}" stroke-width="1.5"/>'
        )
        for y0 in (TOP,):  # the heads only: a slide has no room for them twice
            top.append(
                f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{widths[n]:.1f}" height="{head_h:.1f}"'
                f' rx="{12 if n in seq.actors else 3}" fill="{theme.fill}" stroke="{theme.stroke}" stroke-width="2"/>'
            )
            top.append(
                svg.text(svg.wrap(seq.participants[n]), xs[n], y0 + head_h / 2, theme.node_text)
            )
    return svg.document(width, y + TOP, top + body, alt)


def _rows(
    seq: Sequence, xs: dict[str, float], theme: Theme, y: float
) -> tuple[list[str], float, list[float]]:
    """Messages, notes and frames from `y` down: (SVG parts, the y below them, right edges)."""
    line_h = svg.FONT * svg.LINE_HEIGHT
    body: list[str] = []
    frames: list[tuple[FrameMark, float, list[float], list[tuple[str, float]]]] = []
    rights: list[float] = []
    for row in seq.rows:
        if isinstance(row, FrameMark):
            if row.mark == "open":
                frames.append((row, y, [], []))
                y += line_h + 10
            elif row.mark == "next" and frames:
                frames[-1][3].append((row.label, y))
                y += line_h + 10
            elif frames:
                mark, y0, spread, nexts = frames.pop()
                y += 8
                drawn, right = _frame(mark, y0, y, spread, nexts, theme)
                body[:0] = [drawn]
                rights.append(right + 10)
                if frames:
                    frames[-1][2].extend(spread)
                y += 8
            continue
        if isinstance(row, SeqNote):
            lines = svg.wrap(row.text, 30)
            w, h = svg.label_size(lines)
            a, b = sorted((xs[row.first], xs[row.last]))
            w = max(w + 20, b - a + 60 if row.place == "over" else 0)
            x0 = {"over": (a + b) / 2 - w / 2, "left": a - 14 - w, "right": b + 14}[row.place]
            body.append(
                f'<rect x="{x0:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h + 12:.1f}" fill="{theme.note_fill}" stroke="{theme.cluster_stroke}" stroke-width="1"/>'
            )
            body.append(svg.text(lines, x0 + w / 2, y + (h + 12) / 2, theme.text))
            for f in frames:
                f[2].extend([x0, x0 + w])
            rights.append(x0 + w + 10)
            y += h + 12 + ROW_GAP
            continue
        lines = svg.wrap(row.text, 40)
        _, h = svg.label_size(lines)
        xa, xb = xs[row.source], xs[row.target]
        body.append(
            svg.text(
                lines,
                (xa + xb) / 2 if xa != xb else xa + 14,
                y + h / 2,
                theme.text,
                anchor="middle" if xa != xb else "start",
            )
        )
        y += h + 4
        dash = ' stroke-dasharray="6 5"' if row.dashed else ""
        if xa == xb:
            body.append(
                f'<path d="M{xa:.1f},{y:.1f} H{xa + 40:.1f} V{y + 20:.1f} H{xa + 6:.1f}" fill="none" stroke="{theme.line}" stroke-width="2"{dash}/>'
            )
            body.append(_head(row, (xa + 2, y + 20), (xa + 40, y + 20), theme))
            y += 20
        else:
            tip = xb - 2 if xb > xa else xb + 2
            body.append(
                f'<line x1="{xa:.1f}" y1="{y:.1f}" x2="{tip:.1f}" y2="{y:.1f}" stroke="{theme.line}" stroke-width="2"{dash}/>'
            )
            body.append(_head(row, (tip, y), (xa, y), theme))
        text_w = svg.label_size(lines)[0]
        for f in frames:
            f[2].extend([min(xa, xb), max(xa, xb) + (44 if xa == xb else 0)])
            if xa == xb:
                f[2].append(xa + 14 + text_w)
        y += ROW_GAP + 4
    return body, y, rights


def _head(row: Message, tip: tuple[float, float], back: tuple[float, float], theme: Theme) -> str:
    if row.head == "cross":
        x, y = tip
        return f'<path d="M{x - 6:.1f},{y - 6:.1f} L{x + 6:.1f},{y + 6:.1f} M{x - 6:.1f},{y + 6:.1f} L{x + 6:.1f},{y - 6:.1f}" stroke="{theme.line}" stroke-width="2"/>'
    return arrowhead(tip, back, theme.line)


def _frame(
    mark: FrameMark,
    y0: float,
    y1: float,
    spread: list[float],
    nexts: list[tuple[str, float]],
    theme: Theme,
) -> tuple[str, float]:
    x0 = (min(spread) if spread else 0) - 24
    x1 = (max(spread) if spread else 100) + 24
    tag = mark.kind
    tag_w = svg.text_width(tag) + 16
    line_h = svg.FONT * svg.LINE_HEIGHT
    labels = [mark.label] + [label for label, _ in nexts]
    need = tag_w + max(svg.text_width(f"[{t}]") for t in labels) + 24
    if x1 - x0 < need:
        x1 = x0 + need
    out = [
        f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{x1 - x0:.1f}" height="{y1 - y0:.1f}" fill="none" stroke="{theme.cluster_stroke}" stroke-width="1.5"/>',
        f'<path d="M{x0:.1f},{y0:.1f} H{x0 + tag_w:.1f} V{y0 + line_h - 4:.1f} L{x0 + tag_w - 8:.1f},{y0 + line_h + 4:.1f} H{x0:.1f} Z" fill="{theme.cluster_fill}" stroke="{theme.cluster_stroke}" stroke-width="1.5"/>',
        svg.text([tag], x0 + tag_w / 2, y0 + line_h / 2 + 2, theme.text, bold=True),
    ]
    if mark.label:
        out.append(
            svg.text(
                [f"[{mark.label}]"],
                x0 + tag_w + 12,
                y0 + line_h / 2 + 2,
                theme.text,
                anchor="start",
            )
        )
    for label, y in nexts:
        out.append(
            f'<line x1="{x0:.1f}" y1="{y:.1f}" x2="{x1:.1f}" y2="{y:.1f}" stroke="{theme.cluster_stroke}" stroke-width="1.5" stroke-dasharray="5 4"/>'
        )
        if label:
            out.append(svg.text([f"[{label}]"], (x0 + x1) / 2, y + line_h / 2 + 4, theme.text))
    return "".join(out), x1
