"""A collapsed `<details>` block of pictures (answer screenshots, before/after comparisons) ->
its pictures in groups, each group one picture: the pictures under one label (a list item: a
question asked) side by side (a grid of two columns) as many as the slide's body shows at
GRID_SCALE or more of their size (at most MAX_SHOWN, at least one: answer screenshots whose
text would be drawn smaller than it is are one a slide, at the body's full size), after a
caption line of
the label and which side is which ("问题：… (← v1.0 · v1.1 →)"). No picture is left out and
none is shown without the words saying what it is.

"Only pictures" means more than MAX_SHOWN pictures and little else: at most LABEL_WORDS words
of text per picture ("v1.0:", a question asked).
"""

from __future__ import annotations

import base64
import io
from dataclasses import replace

from markdown_it.tree import SyntaxTreeNode

from generator.leftout import count_words
from generator.markup.crops import MAX_PIXELS
from generator.markup.events import Event, Heading, Item, Notes
from generator.model import Block, ListItem, Span, plain
from generator.screenshots import PAIR_READ, READ_HEIGHT, UPSCALE, caption_line, caption_lines

MAX_SHOWN = 4  # pictures on the slide: a 2 x 2 grid at most
LABEL_WORDS = 30  # words of text per picture that are still labels, not content
READ_WIDTH = 1120  # px: the body's width on a 1280x720 slide (generator.screenshots)
GAP = 16  # px between the grid's pictures
CAPTION_ROOM = 48  # px a caption line takes above a picture
# pictures side by side only when each is drawn at PAIR_READ of its size or larger: two 730 px
# answers side by side are drawn at three quarters of their size (about their size alone on a
# slide below a caption, and read as the pair the document compares); two 1450 px answers at
# two fifths, one a slide
GRID_SCALE = PAIR_READ


def details_end(nodes: list[SyntaxTreeNode], start: int) -> int | None:
    """The index of the HTML block closing the `<details>` that `nodes[start]` opens (an HTML
    block opening more `<details>` than it closes), or None."""
    depth = _opened(nodes[start])
    if depth <= 0:
        return None
    for k in range(start + 1, len(nodes)):
        depth += _opened(nodes[k])
        if depth <= 0:
            return k
    return None


def _opened(node: SyntaxTreeNode) -> int:
    if node.type != "html_block":
        return 0
    text = node.content.lower()
    return text.count("<details") - text.count("</details")


def collapse_pictures(events: list[Event]) -> list[Event]:
    """The events of one `<details>` block, its pictures side by side in groups (the pictures
    under one label together) when it holds nothing but pictures and their labels; each
    group is one picture after a caption line naming it and which side is which."""
    items = [e.block for e in events if isinstance(e, Item)]
    pictures = [p for b in items for p in _pictures(b)]
    words = sum(_label_words(b) for b in items)
    if len(pictures) <= MAX_SHOWN or words > LABEL_WORDS * len(pictures):
        return events
    title = next((plain(e.spans) for e in events if isinstance(e, Heading)), "")
    shown: list[Event] = []
    done = 0
    for label, group in _labelled_groups(items):
        while group:
            grid, count = _grid([p for p, _ in group[:MAX_SHOWN]])
            parts = [f"{p.alt or sub}".strip() for p, sub in group[:count]]
            caption = _caption(label, parts)
            first, last = done + 1, done + count
            grid.alt = f"{caption or title} (pictures {first}-{last} of {len(pictures)})"
            if count == 1:
                grid.alt = caption or title
            line = caption_line(caption)
            if line and _drawn_height(grid) + CAPTION_ROOM * caption_lines(line) <= READ_HEIGHT:
                shown.append(Item(Block("paragraph", [Span(line)])))
            # its alt text is the whole caption: on a picture slide of its own (a summarised
            # page's) the line under it, where no line fits above it in the flow of the page
            shown.append(Item(grid))
            group, done = group[count:], done + count
    heading = [e for e in events if isinstance(e, Heading)]
    notes = [e for e in events if isinstance(e, Notes)]
    return [*heading, *shown, *notes]


def _drawn_height(picture: Block) -> float:
    """The height a screenshot is drawn at in a slide's body: its width, at most UPSCALE
    times its own (generator.screenshots)."""
    if not picture.width or not picture.height:
        return float(READ_HEIGHT)
    scale = min(READ_WIDTH / picture.width, float(UPSCALE))
    return picture.height * scale


def _labelled_groups(items: list[Block]) -> list[tuple[str, list[tuple[Block, str]]]]:
    """The pictures in reading order, grouped by the top-level list item holding them (its
    text the group's label), each with the label of its own sub-item ("v1.0")."""
    groups: list[tuple[str, list[tuple[Block, str]]]] = []
    for block in items:
        if block.type == "image":
            if block.kind == "picture":
                groups.append(("", [(block, "")]))
            continue
        for item in block.items if block.type == "list" else []:
            label = _label(plain(item.spans))
            found = [(p, _label(plain(sub.spans))) for c in item.children for sub, p in _subs(c)]
            found += [(p, "") for c in item.children if c.type == "image" for p in _pictures(c)]
            if found:
                groups.append((label, found))
    merged: list[tuple[str, list[tuple[Block, str]]]] = []
    for label, group in groups:  # unlabelled single pictures side by side
        if merged and not label and not merged[-1][0] and len(merged[-1][1]) < 2:
            merged[-1][1].extend(group)
        else:
            merged.append((label, group))
    return merged


def _subs(block: Block) -> list[tuple[ListItem, Block]]:
    """The pictures of a nested list with the sub-item each is under."""
    if block.type != "list":
        return []
    return [(sub, p) for sub in block.items for c in sub.children for p in _pictures(c)]


def _label(text: str) -> str:
    return " ".join(text.split()).rstrip(":：").strip()


def _caption(label: str, parts: list[str]) -> str:
    """The group's label and which picture is which: '← v1.0 · v1.1 →' for a pair."""
    named = [p for p in parts if p]
    if len(named) != len(parts) or not named:
        return label
    if len(named) == 1:  # first: a long label's caption line is cut at its end
        return f"{named[0]} · {label}" if label else named[0]
    sides = f"← {named[0]} · {named[1]} →" if len(named) == 2 else " · ".join(named)
    return f"{label} ({sides})" if label else sides


def _pictures(block: Block) -> list[Block]:
    """The pictures of a block, those of its list items included, in order."""
    if block.type == "image":
        return [block] if block.kind == "picture" else []
    return [p for item in block.items for c in item.children for p in _pictures(c)]


def _label_words(block: Block) -> int:
    if block.type == "image":
        return 0
    if block.type == "list":
        return sum(_item_words(i) for i in block.items)
    from generator.leftout import block_text

    return count_words(block_text(block))


def _item_words(item: ListItem) -> int:
    return count_words(plain(item.spans)) + sum(_label_words(c) for c in item.children)


def _grid(pictures: list[Block]) -> tuple[Block, int]:
    """The first pictures side by side in one picture (rows of two), as many as are drawn at
    GRID_SCALE or more in the body (READ_WIDTH x READ_HEIGHT), and how many; the first picture
    alone when no two fit (or one cannot be read as a raster picture)."""
    from PIL import Image, UnidentifiedImageError

    try:
        images = [Image.open(io.BytesIO(_data(p))) for p in pictures]
    except (UnidentifiedImageError, OSError, ValueError):
        return pictures[0], 1
    for n in range(len(images), 1, -1):
        rows = [images[k : k + 2] for k in range(0, n, 2)]
        width = max(sum(im.width for im in row) + GAP * (len(row) - 1) for row in rows)
        height = sum(max(im.height for im in row) for row in rows) + GAP * (len(rows) - 1)
        if (
            width * height > MAX_PIXELS
            or min(READ_WIDTH / width, READ_HEIGHT / height) < GRID_SCALE
        ):
            continue
        sheet = Image.new("RGB", (width, height), "white")
        top = 0
        for row in rows:
            left = (width - sum(im.width for im in row) - GAP * (len(row) - 1)) // 2
            for im in row:
                sheet.paste(im.convert("RGBA"), (left, top), im.convert("RGBA"))
                left += im.width + GAP
            top += max(im.height for im in row) + GAP
        out = io.BytesIO()
        sheet.save(out, format="PNG")
        uri = "data:image/png;base64," + base64.b64encode(out.getvalue()).decode("ascii")
        return replace(pictures[0], src=uri, width=width, height=height), n
    return pictures[0], 1


def _data(picture: Block) -> bytes:
    if not picture.src.startswith("data:image/") or picture.src.startswith("data:image/svg"):
        raise ValueError("not a raster picture")
    return base64.b64decode(picture.src.split(",", 1)[1])
