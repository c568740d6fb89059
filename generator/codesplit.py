"""Where a code block taller than a slide is cut: at the code's own boundaries, never mid-object.

The measured code block comes as runs (one per source line that starts a visual line, with its
top and bottom). They are merged into parts cut only where the code allows it, best first:

1. after a blank line, before a line back at the block's base indentation (a new statement,
   a new top-level key) that is not a closing bracket (`}`, `]`, `)`, `end`...), or after a
   closing line at that indentation; never after a line that goes on (ending with `,`, `(`,
   `\\`, `&&`...) unless it is a closing line (`},`);
   A closing fence (a front matter's `---`, a code example's ```` ``` ````) is one too. A
   level whose boundaries all fall within the block's first MIN_LINES lines (the opening keys
   `theme:` / `icon:` / `admonition:` of a nested YAML map) is passed over for the next one;
2. inside a part still taller than the room, the same one nesting level deeper (the part's
   first line and a closing last line aside);
3. between lines, only when no boundary is left (never within the first or last MIN_LINES
   lines of such a stretch, and the first MIN_LINES never end a slide on their own: the
   opening keys of a nested map go with its first entries).

A console transcript (its first line a prompt: `>>> `, `$ `, `In [1]: `...) is cut only before
a prompt that follows what a command printed: the commands typed one after the other and
what they print stay together (the answer a model printed never opens a slide of its own);
a transcript of one exchange, or one exchange taller than the room, is cut as any code.

A part of fewer than MIN_LINES lines (a lone `})`, one key) joins its neighbour when they fit
together, so that no slide holds a line or two of a block. A part taller than SOFT_SHARE of the
room is also cut one level deeper, softly: the packer (generator.pack) cuts there only when
cutting at the part's own ends would leave a slide less than half full (an introduction alone
on a slide, the object on the next).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from generator.lazyre import lazy_compile

MIN_LINES = 3
SOFT_SHARE = 0.4  # a part taller than this share of the room also gets soft cuts one level deeper
CLOSER = lazy_compile(r"^\s*(?:[}\])]|end\b|fi\b|done\b|esac\b|</)")
FENCES = ("---", "```", "~~~")
CONTINUED = (",", "\\", "(", "[", "{", "&&", "||", "|")  # a line ending so goes on
# MkDocs Material code annotations: a comment ending in `(1)` or `(1)!`, or the circled number
# the Markdown reader shows for one (the list that follows the block explains them)
# a console's prompt: Python's, a shell's, IPython's, PowerShell's
PROMPT = lazy_compile(r"^(?:>>>|\$|In \[\d+\]:|PS>)(?: |$)")
ANNOTATION = lazy_compile(r"(?:#|//|/\*|--|<!--|;)\s*\(\d+\)!?|[\u2460-\u2473]")


@dataclass
class Run:
    """Source lines [first, end) of a code block and their measured extent."""

    first: int
    end: int
    top: float
    bottom: float
    free: bool = False  # a line amid a stretch without boundaries: a part even when short
    soft: bool = False  # the cut after it is one nesting level deeper (taken when needed)
    opening: bool = False  # the first lines of a stretch cut between lines: never a slide's last


def has_annotations(code: str) -> bool:
    return ANNOTATION.search(code) is not None


def regroup(lines: list[str], runs: list[Run], room: float) -> list[Run]:
    """Runs merged into parts cut at the code's boundaries (see the module docstring); a part
    is taller than `room` only when it is one run."""
    parts = _join_small(lines, runs, _split(lines, runs, room), room)
    return [s for part in parts for s in _softened(lines, runs, part, room)]


def _softened(lines: list[str], runs: list[Run], part: Run, room: float) -> list[Run]:
    """A part taller than SOFT_SHARE of the room, cut one nesting level deeper by soft cuts (the
    packer takes one only when the hard cut would leave a slide less than half full)."""
    inner = [r for r in runs if part.first <= r.first < part.end]
    if part.free or part.bottom - part.top <= SOFT_SHARE * room or len(inner) < 2 * MIN_LINES:
        return [part]
    cuts = _boundaries(lines, inner)
    if not cuts or len(cuts) == len(inner) - 1:
        return [part]
    segments = [_merge(inner[a:b]) for a, b in zip([0, *cuts], [*cuts, len(inner)], strict=True)]
    segments = _join_small(lines, inner, segments, float("inf"))
    segments[0] = replace(segments[0], first=part.first, top=part.top)
    segments[-1] = replace(segments[-1], end=part.end, bottom=part.bottom)
    return [replace(s, soft=k < len(segments) - 1) for k, s in enumerate(segments)]


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _merge(runs: list[Run]) -> Run:
    return Run(runs[0].first, runs[-1].end, runs[0].top, runs[-1].bottom)


def _height(runs: list[Run]) -> float:
    return runs[-1].bottom - runs[0].top


def _split(lines: list[str], runs: list[Run], room: float) -> list[Run]:
    if len(runs) <= 1 or _height(runs) <= room:
        return [_merge(runs)]
    cuts = _boundaries(lines, runs)
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, len(runs)], strict=True)]
    if not cuts or max(sizes) < MIN_LINES:  # a boundary at (nearly) every line: flat code
        return _between_lines(lines, runs)
    out: list[Run] = []
    for a, b in zip([0, *cuts], [*cuts, len(runs)], strict=True):
        segment = runs[a:b]
        out.extend(_split(lines, segment, room) if _height(segment) > room else [_merge(segment)])
    return out


def _between_lines(lines: list[str], runs: list[Run]) -> list[Run]:
    """No boundary left: one part per line, the first and last MIN_LINES lines kept together
    (the packer then fills the slides evenly, no slide with a line or two of the part)."""
    counts = [sum(1 for x in lines[r.first : r.end] if x.strip()) for r in runs]
    head = tail = 0
    seen = 0
    while head < len(runs) and seen < MIN_LINES:
        seen += counts[head]
        head += 1
    seen = 0
    while tail < len(runs) - head and seen < MIN_LINES:
        seen += counts[len(runs) - 1 - tail]
        tail += 1
    middle = [replace(r, free=True) for r in runs[head : len(runs) - tail]]
    out = [replace(_merge(runs[:head]), opening=bool(middle)), *middle]
    return out + [_merge(runs[len(runs) - tail :])] if tail else out


def _boundaries(lines: list[str], runs: list[Run]) -> list[int]:
    """Indices k (0 < k < len(runs)) where the runs may part, at the outermost level that has
    any: the base indentation of the runs' lines, the first line and a closing last line
    aside (inside `x = {` ... `}` the base is the level of the members); in a console
    transcript, before its prompts."""
    if _transcript(lines, runs):
        cuts = [k for k in range(1, len(runs)) if _exchange_starts(lines, runs[k].first)]
        if cuts:
            return cuts  # (one exchange: cut as any code, its output at its own boundaries)
    inner = runs[1:]
    if len(inner) > 1 and _closes(lines, inner[-1].first):
        inner = inner[:-1]
    levels = sorted({_indent(lines[r.first]) for r in inner if lines[r.first].strip()})
    for level in levels:
        cuts = [
            k
            for k in range(1, len(runs))
            if _cut_before(lines, runs[k].first, level) and not _closes(lines, runs[k].first)
        ]
        if any(_count_runs(lines, runs[:k]) >= MIN_LINES for k in cuts):
            return cuts  # (a level whose cuts only part the opening keys is no boundary)
    return []


def transcript(code: str) -> bool:
    """Code of a console transcript: some line of it is a prompt."""
    return any(PROMPT.match(line) for line in code.split("\n"))


def _transcript(lines: list[str], runs: list[Run]) -> bool:
    """Runs of a console transcript: the first line a prompt, another prompt later, and some
    line that is none (what a command printed)."""
    firsts = [lines[r.first] for r in runs if lines[r.first].strip()]
    prompts = sum(1 for line in firsts if PROMPT.match(line))
    return bool(firsts) and bool(PROMPT.match(firsts[0])) and 2 <= prompts < len(firsts)


def _exchange_starts(lines: list[str], i: int) -> bool:
    """Line i is a prompt after what a command printed (or after a blank line): the commands
    typed one after the other and what they print are one exchange."""
    if not PROMPT.match(lines[i]):
        return False
    before = lines[i - 1]
    return not before.strip() or not PROMPT.match(before)


def _count_runs(lines: list[str], runs: list[Run]) -> int:
    return sum(1 for r in runs for line in lines[r.first : r.end] if line.strip())


def _closes(lines: list[str], i: int) -> bool:
    """A closing bracket or keyword, or a fence closing one opened above: the `---` ending a
    front matter, the ```` ``` ```` ending a Markdown example's code block."""
    if CLOSER.match(lines[i]):
        return True
    line = lines[i].strip()
    for fence in FENCES:
        if line == fence:
            return sum(1 for x in lines[:i] if x.strip().startswith(fence)) % 2 == 1
    return False


def _cut_before(lines: list[str], i: int, level: int) -> bool:
    """Line i starts a part: after a blank line, at the level, or after a closing line at the
    level (`---` then an indented diagram)."""
    line = lines[i]
    if not line.strip() or i == 0:
        return False
    before = lines[i - 1]
    if before.rstrip().endswith(CONTINUED) and not CLOSER.match(before):
        return False  # a selector list, arguments, a shell line continued on this one
    if not before.strip() or _indent(line) <= level:
        return True
    return _indent(before) <= level and _closes(lines, i - 1)


def _join_small(lines: list[str], runs: list[Run], parts: list[Run], room: float) -> list[Run]:
    """A part of fewer than MIN_LINES non-blank lines joins the part before it (the first part:
    the one after it) when the two fit the room together; else it takes the nearest lines of
    that part (which keeps MIN_LINES)."""
    out = list(parts)
    k = 0
    while k < len(out) and len(out) > 1:
        if out[k].free or _count(lines, out[k]) >= MIN_LINES:
            k += 1
            continue
        other = k - 1 if k > 0 and not out[k - 1].free else k + 1
        if other >= len(out) or out[other].free:
            k += 1
            continue
        a, b = sorted((k, other))
        joined = Run(out[a].first, out[b].end, out[a].top, out[b].bottom)
        if joined.bottom - joined.top <= room:
            out[a : b + 1] = [joined]
            k = a
            continue
        moved = _take_lines(lines, runs, out[a], out[b])
        if moved is not None:
            out[a : b + 1] = moved
        k += 1
    return out


def _take_lines(lines: list[str], runs: list[Run], first: Run, second: Run) -> list[Run] | None:
    """Two neighbouring parts, the short one grown to MIN_LINES lines by the nearest runs of
    the other; None when the other would keep fewer."""
    grow_first = _count(lines, first) < MIN_LINES
    donor = second if grow_first else first
    inside = [r for r in runs if donor.first < r.first < donor.end]
    for r in inside if grow_first else reversed(inside):
        head = Run(first.first, r.first, first.top, r.top)
        tail = Run(r.first, second.end, r.top, second.bottom)
        small, rest = (head, tail) if grow_first else (tail, head)
        if _count(lines, small) >= MIN_LINES:
            return [head, tail] if _count(lines, rest) >= MIN_LINES else None
    return None


def _count(lines: list[str], run: Run) -> int:
    return sum(1 for line in lines[run.first : run.end] if line.strip())
