"""Candidate pages -> runs of pages that share a slide: tiny neighbours (cards, columns, a
heading on a neighbour's slide), one-command pages as steps (a sentence between commands is a
step too), short pages of a little text and code stacked under their titles."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.model import Block, Page, flowing_blocks
from generator.shapes import choose_layout

MAX_MERGED = {"short": 4, "medium": 4, "long": 1}
MERGED_CHARS = {"short": 900, "medium": 600, "long": 0}  # text of the pages one slide takes
MAX_STEPS = 4
MAX_STEP_WEIGHT = 8  # command lines and sentences of one steps slide
SHARED_SHARE = 1.15  # ... and consecutive short pages share a slide up to this much together
MAX_SHARED = 3


def page_blocks(page: Page) -> list[Block]:
    """A page's blocks with its content titles as headings (the flowing form of the page)."""
    return flowing_blocks(page.blocks, page.sections)


@dataclass
class Candidate:
    """A page that may share a slide with its neighbours in a run."""

    chapter: int
    page: Page
    source: str
    alone: bool  # the only page of its chapter
    implicit: bool = False  # titled after its chapter (a `##` section without `###` pages)
    tiny: bool = False
    command: bool = False
    simple: bool = False
    short: bool = False  # a short section (a command or a snippet and a sentence or two)
    share: float = 1.0  # the share of a slide it takes (an estimate)
    chars: int = 0
    kicker: str = ""  # the page a section's slides come from (a long page cut at its sections)
    cut: str = ""  # ... for every part of such a page, its lead part too
    before: list[Candidate] = field(default_factory=list)  # tiny pages shown before it
    after: list[Candidate] = field(default_factory=list)  # ... and after it
    pages: list[Page] = field(default_factory=list)


def merge_runs(candidates: list[Candidate], length: str) -> list[list[Candidate]]:
    """Consecutive candidates grouped: runs of one-command pages (steps) and of tiny pages."""
    runs: list[list[Candidate]] = []
    for c in candidates:
        run = runs[-1] if runs else None
        if run is not None and _joins(run, c, length):
            run.append(c)
        else:
            runs.append([c])
    if length == "long":
        return runs
    out: list[list[Candidate]] = []
    for k, run in enumerate(runs):  # a tiny page left alone joins a neighbour's slides
        c = run[0]
        if len(run) == 1 and c.tiny and not c.command:
            before = out[-1] if out else None
            after = runs[k + 1] if k + 1 < len(runs) else None
            if before is not None and _takes_step(before, c):
                before.append(c)  # a sentence between commands: a step of their slide
                continue
            if after is not None and _takes_step(after, c):
                after.insert(0, c)
                continue
            if (
                before is not None
                and len(before) == 1
                and _near(before[0], c)
                and _host(before[0], c)
            ):
                before[0].after.append(c)
                continue
            if after is not None and len(after) == 1 and _near(c, after[0]) and _host(after[0], c):
                after[0].before.append(c)
                continue
        last = out[-1] if out else None
        if last is not None and _steps_run(run) and _steps_run(last) and _steps_fit(last, run):
            last.extend(run)  # commands on both sides of a sentence taken as a step
            continue
        out.append(run)
    return _shared(out)


def _steps_run(run: list[Candidate]) -> bool:
    """Commands (and sentences taken as steps between them)."""
    return any(r.command for r in run) and all(r.command or _sentence(r.page) for r in run)


def _steps_fit(a: list[Candidate], b: list[Candidate]) -> bool:
    weight = sum(_step_weight(r.page) for r in [*a, *b])
    near = _near(a[-1], b[0])
    return near and len(a) + len(b) <= MAX_STEPS and weight <= MAX_STEP_WEIGHT


def _sentence(page: Page) -> bool:
    blocks = page_blocks(page)
    return len(blocks) == 1 and blocks[0].type == "paragraph" and not page.sections


def _shared(runs: list[list[Candidate]]) -> list[list[Candidate]]:
    """Consecutive short pages left alone (each a slide of its own) share a slide: up to
    MAX_SHARED of them while together they take at most SHARED_SHARE of a slide."""
    out: list[list[Candidate]] = []
    open_run = False  # out[-1] is a short page alone or short pages sharing a slide
    for run in runs:
        c = run[0]
        alone = len(run) == 1 and c.short and not c.before and not c.after
        if (
            alone
            and open_run
            and len(out[-1]) < MAX_SHARED
            and _near(out[-1][-1], c)
            and sum(r.share for r in out[-1]) + c.share <= SHARED_SHARE
        ):
            out[-1].append(c)
            continue
        out.append(run)
        open_run = alone
    return out


def _takes_step(run: list[Candidate], c: Candidate) -> bool:
    """A steps run (commands) that can take a tiny page of one sentence as a step."""
    if len(run) < 2 or not all(r.command for r in run) or len(run) >= MAX_STEPS:
        return False
    weight = sum(_step_weight(r.page) for r in run) + 1
    near = all(_near(r, c) or _near(c, r) for r in run)
    return _sentence(c.page) and weight <= MAX_STEP_WEIGHT and near


def _host(c: Candidate, guest: Candidate) -> bool:
    """A page that can take a tiny neighbour at its start or end: one that flows (a layout of
    its own, numbers or a timeline, would be lost); a table only from its own chapter (a
    table of another chapter, such as a changelog's earlier releases, keeps its slide)."""
    page = c.page
    hint = str(getattr(page, "hint", "") or "")
    layout = choose_layout(page.blocks, page.sections, hint)
    return layout == "bullets" or (layout == "table" and c.chapter == guest.chapter)


def _near(a: Candidate, b: Candidate) -> bool:
    """`a` then `b`: in one chapter, or sections (`##` without `###`) one after the other; the
    sections of a page cut at its content titles only among themselves (a slide never starts
    a page under another page's title)."""
    if a.cut != b.cut:
        return False
    if a.chapter == b.chapter:
        return True
    sections = a.alone and a.implicit and b.alone and b.implicit
    return sections and b.chapter == a.chapter + 1


def _joins(run: list[Candidate], c: Candidate, length: str) -> bool:
    last = run[-1]
    if c.cut != last.cut:  # a page cut at its content titles: its parts apart
        return False
    across = c.alone and last.alone and c.implicit and last.implicit
    neighbours = c.chapter == last.chapter or (across and c.chapter == last.chapter + 1)
    if not neighbours:
        return False
    if all(r.command for r in run) and c.command:
        weight = sum(_step_weight(r.page) for r in [*run, c])
        return len(run) < MAX_STEPS and weight <= MAX_STEP_WEIGHT
    if length == "long":
        return False
    if any(r.command for r in run) or c.command or len(run) >= MAX_MERGED[length]:
        return False
    if not (c.simple and all(r.simple for r in run)):
        return False
    if not (c.tiny or last.tiny):  # a tiny page joins a small neighbour, two small ones do not
        return False
    return sum(r.chars for r in run) + c.chars <= MERGED_CHARS[length]


def _step_weight(page: Page) -> int:
    """A step's command lines and sentences (what a steps slide has room for)."""
    blocks = page_blocks(page)
    return sum(len(b.text.strip().split("\n")) if b.type == "code" else 1 for b in blocks)
