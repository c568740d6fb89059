"""A collapsed `<details>` block of pictures (answer screenshots, before/after comparisons) ->
at most one slide of them: its first pictures under its summary, side by side in one picture
(a grid of two columns) of as many as the slide's body shows at MIN_SCALE or more of their
size (at most MAX_SHOWN, at least the first one); the others listed in the slide's notes with
the labels written between them.

A reader opens such a block to look at a few examples; spread over one slide per picture it
would outweigh the document around it. "Only pictures" means more than MAX_SHOWN pictures and
little else: at most LABEL_WORDS words of text per picture ("v1.0:", a question asked).
"""

from __future__ import annotations

import base64
import io
from dataclasses import replace

from markdown_it.tree import SyntaxTreeNode

from generator.leftout import count_words
from generator.markup.crops import MAX_PIXELS, MIN_SCALE
from generator.markup.events import Context, Event, Heading, Item, Notes
from generator.model import Block, ListItem, plain
from generator.screenshots import READ_HEIGHT

MAX_SHOWN = 4  # pictures on the slide: a 2 x 2 grid at most
LABEL_WORDS = 30  # words of text per picture that are still labels, not content
READ_WIDTH = 1120  # px: the body's width on a 1280x720 slide (generator.screenshots)
GAP = 16  # px between the grid's pictures


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


def collapse_pictures(events: list[Event], ctx: Context) -> list[Event]:
    """The events of one `<details>` block, its pictures kept to MAX_SHOWN when it holds
    nothing but pictures and their labels (the rest in the notes and the diagnostics)."""
    items = [e.block for e in events if isinstance(e, Item)]
    pictures = [p for b in items for p in _pictures(b)]
    words = sum(_label_words(b) for b in items)
    if len(pictures) <= MAX_SHOWN or words > LABEL_WORDS * len(pictures):
        return events
    title = next((plain(e.spans) for e in events if isinstance(e, Heading)), "")
    grid, count = _grid(pictures[:MAX_SHOWN])
    if count > 1:  # the picture's description says what it stands for
        grid.alt = f"{title} (pictures 1-{count} of {len(pictures)})".strip()
    rest = pictures[count:]
    lines = [f"{len(rest)} more pictures of “{title or 'details'}” not shown on the slide:"]
    lines += [f"- {p.alt}" if p.alt else f"- picture {count + i + 1}" for i, p in enumerate(rest)]
    labels = [line for b in items for line in _label_lines(b, "")]
    if labels:
        lines += ["The labels written between them:", *labels]
    text = "\n".join(lines)
    ctx.note("pictures", f"{len(rest)} pictures of a collapsed <details> in the notes", text)
    kept: list[Event] = [e for e in events if isinstance(e, (Heading, Notes))]
    heading = [e for e in kept if isinstance(e, Heading)]
    notes = [e for e in kept if not isinstance(e, Heading)]
    return [*heading, Item(grid), Notes(text), *notes]


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


def _label_lines(block: Block, indent: str) -> list[str]:
    if block.type == "image":
        return []
    if block.type != "list":
        from generator.leftout import block_text

        text = " ".join(block_text(block).split())
        return [indent + text] if text else []
    out = []
    for item in block.items:
        text = " ".join(plain(item.spans).split())
        if text:
            out.append(f"{indent}- {text}")
        out += [line for c in item.children for line in _label_lines(c, indent + "  ")]
    return out


def _grid(pictures: list[Block]) -> tuple[Block, int]:
    """The first pictures side by side in one picture (rows of two), as many as are drawn at
    MIN_SCALE or more in the body (READ_WIDTH x READ_HEIGHT), and how many; the first picture
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
        if width * height > MAX_PIXELS or min(READ_WIDTH / width, READ_HEIGHT / height) < MIN_SCALE:
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
