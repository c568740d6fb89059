"""A slide's UnoCSS/Tailwind grid (`<div class="grid grid-cols-3">` ... `</div>` around Markdown,
as Slidev decks write a label | implementation | usage table): its cells read in rows, shown as
that many columns (each column the cells under one another, its heading its title) instead of
every cell flowing in source order. Only 2 or 3 columns (`grid-cols-N`, or as many tracks as
`grid-cols-[160px_1fr_180px]` lists); the markup's tags are read with the standard library's
HTML tokenizer, never with patterns."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from markdown_it.tree import SyntaxTreeNode

from generator.markup.events import Event, Item
from generator.model import Spans, plain

if TYPE_CHECKING:
    from generator.markup.gridtags import Tag, Tags

MAX_COLUMNS = 3
ROW_LABEL_CHARS = 80  # a row label: a short phrase ("Accepts refs, returns a reactive result.")


def _read(html: str) -> Tags:
    # the HTML tokenizer loads with a document's first block that may open a grid
    from generator.markup.gridtags import read_tags

    return read_tags(html)


def grid_columns(classes: list[str]) -> int:
    """The columns a `grid` element's classes ask for (0: not a grid, or not a column count)."""
    if "grid" not in classes:
        return 0
    for c in classes:
        if not c.startswith("grid-cols-"):
            continue
        value = c.removeprefix("grid-cols-")
        if value.isdigit():
            return int(value)
        if value.startswith("[") and value.endswith("]"):
            return len([t for t in value[1:-1].split("_") if t])
    return 0


@dataclass
class Grid:
    """A grid of HTML columns: its cells in source order."""

    columns: int
    cells: list[list[SyntaxTreeNode]]  # in source order (row by row); a cell may be empty
    end: int  # the index of the node closing the grid


def read_grid(nodes: list[SyntaxTreeNode], start: int) -> Grid | None:
    """The grid opened by `nodes[start]` (an HTML block whose only content is the opening tag
    of a 2-3 column grid), its cells up to the node closing it; None when it is not one."""
    node = nodes[start]
    if node.type != "html_block" or not ("grid" in node.content or "&" in node.content):
        return None  # no `grid` class (unless spelt with character references)
    opening = _read(node.content)
    tags = [t for t in opening.tags if t.name == "div"]
    if opening.text.strip() or not tags or tags[0].kind != "start":
        return None
    columns = grid_columns(tags[0].classes)
    if not 2 <= columns <= MAX_COLUMNS:
        return None
    cells: list[list[SyntaxTreeNode]] = []
    depth, group = 0, False
    for tag in tags:  # the opening block may open the first cell too: <div class="grid"><div>
        depth, group = _step(tag, depth, group, cells)
    for k in range(start + 1, len(nodes)):
        n = nodes[k]
        read = _read(n.content) if n.type == "html_block" else None
        divs = [t for t in read.tags if t.name == "div"] if read is not None else []
        structural = read is not None and not read.text.strip() and _only_tags(read)
        if read is not None and structural:
            for tag in divs:
                depth, group = _step(tag, depth, group, cells)
                if depth == 0:
                    return Grid(columns, cells, k) if len(cells) >= columns else None
            continue
        if depth == 1:
            cells.append([n])  # a cell of its own: a heading, a code block, a whole <div>
        elif depth > 1:
            if not group:
                cells.append([])
                group = True
            cells[-1].append(n)
    return None


def _only_tags(read: Tags) -> bool:
    """An HTML block of tags only (wrappers such as `<v-clicks>`, `<div>` openings)."""
    return bool(read.tags)


def _step(tag: Tag, depth: int, group: bool, cells: list[list[SyntaxTreeNode]]) -> tuple[int, bool]:
    """One div tag inside the grid: (depth, whether a cell of several nodes is open)."""
    if tag.kind == "empty":
        if depth == 1:
            cells.append([])  # <div /> holding a cell's place
        return depth, group
    if tag.kind == "start":
        if depth == 1:
            cells.append([])
            group = True
        return depth + 1, group
    depth -= 1
    return depth, group and depth > 1


def row_labels(
    grid: Grid, read: Callable[[SyntaxTreeNode], list[Event]]
) -> list[list[Event]] | None:
    """The labels of a grid's rows, when its first column is one (an empty corner cell over a
    short phrase a row, at least two rows): each row's label as a bold paragraph (none for
    the header row), to stand above that row's cell in every other column; else None."""
    if grid.columns < 3 or grid.cells[0]:
        return None
    rows = len(grid.cells) // grid.columns
    labels: list[list[Event]] = [[]]
    for row in range(1, rows):
        events = [e for node in grid.cells[row * grid.columns] for e in read(node)]
        items = [e for e in events if isinstance(e, Item)]
        if len(items) != len(events) or any(i.block.type != "paragraph" for i in items):
            return None
        text = " ".join(plain(i.block.spans).strip() for i in items)
        if not text or len(text) > ROW_LABEL_CHARS:
            return None
        labels.append([Item(replace(i.block, spans=_bold(i.block.spans))) for i in items])
    return labels if rows >= 3 else None


def _bold(spans: Spans) -> Spans:
    return [replace(s, bold=True) for s in spans]
