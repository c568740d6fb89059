"""The planner's helpers for slides: flowing form of a page, continuation slides from pieces,
shortened blocks, a slide's language and the size limits of a page (long documents, columns)."""

from __future__ import annotations

from dataclasses import replace

from generator.highlight import cjk_lang
from generator.leftout import block_text
from generator.model import Block, plain, title_spans
from generator.pages import PlannedPage
from generator.pieces import Piece, assemble, shorten
from generator.shapes import source_pair

DENSE_SLIDES = 45  # a document estimated at more content slides starts at the smaller base size


def dense_document(drafts: list[PlannedPage]) -> bool:
    """Whether the drafts are text enough for a long deck (the estimate at the base size)."""
    from generator.pagesize import estimate_slides

    total = 0
    for page in drafts:
        if page.kind == "content":
            total += estimate_slides(page.blocks + [b for s in page.sections for b in s.blocks])
    return total > DENSE_SLIDES


COLUMNS = frozenset({"cards", "columns", "numbers", "image-grid", "comparison", "timeline"})


def column_cap(text: str, n: int, width: float) -> float:
    """The largest body size at which the longest word of `text` fits one of `n` columns
    sharing `width` (gaps and padding taken off)."""
    longest = max((len(w) for w in text.split()), default=0)
    column = (width - 24 * (n - 1)) / n - 44  # gaps and card padding
    return column / (0.62 * longest * 1.1) if longest > 0 else float("inf")


def word_cap(page: PlannedPage, width: float) -> float:
    """The largest body size at which the longest word of a page laid out in columns (or of
    a list set in columns, generator.listcols) still fits its column (type grows, words are
    not broken in the middle)."""
    if page.layout not in COLUMNS:
        listed = [b for b in page.blocks if b.type == "list" and b.columns > 1]
        if not listed:
            return float("inf")
        caps = [column_cap(block_text(b), b.columns, width) for b in listed]
        return min(caps)
    n = max(
        1,
        len(page.sections)
        or max((len(b.items) for b in page.blocks if b.type == "list"), default=1),
    )
    if page.layout == "comparison":
        n = max(
            (len(r) for b in page.blocks if b.type == "table" for r in [b.header, *b.rows]),
            default=1,
        )
    text = " ".join(
        [s.title for s in page.sections]
        + [block_text(b) for b in page.blocks]
        + [block_text(b) for s in page.sections for b in s.blocks]
    )
    return column_cap(text, n, width)


def slide_lang(page: PlannedPage, deck_lang: str) -> str:
    """The slide's language: the deck's, or the language of the CJK text on a slide of a
    deck in another language (Chinese in a code comment of an English deck), so that the
    engine draws it with that language's CJK face (the engine reads the page's lang)."""
    if deck_lang.lower().startswith(("zh", "ja", "ko")):
        return deck_lang
    parts = [page.title, page.subtitle, *page.entries]
    parts += [block_text(b) for b in page.blocks]
    parts += [s.title + " " + " ".join(block_text(b) for b in s.blocks) for s in page.sections]
    return cjk_lang(" ".join(parts), deck_lang) or deck_lang


def flowing(page: PlannedPage) -> PlannedPage:
    """A page as one flowing column of blocks (content titles as headings)."""
    blocks = list(page.blocks)
    for s in page.sections:
        if s.title:
            blocks.append(Block("heading", title_spans(s.title, bold=True)))
        blocks.extend(s.blocks)
    layout = "table" if blocks and all(b.type == "table" for b in blocks) else "bullets"
    return replace(page, blocks=blocks, sections=[], layout=layout)


def scaled(piece: Piece, scale: float) -> Piece:
    return replace(
        piece,
        top=piece.top * scale,
        bottom=piece.bottom * scale,
        lead=piece.lead * scale,
        tail=piece.tail * scale,
    )


def make_flowing(page: PlannedPage, chunk: list[Piece], i: int, n: int) -> PlannedPage:
    blocks = assemble(chunk)
    layout = "table" if blocks and all(b.type == "table" for b in blocks) else "bullets"
    layout = "image-text" if source_pair(blocks) else layout  # a diagram beside its source
    notes = page.notes if i == 0 else ""  # the page's notes once, on its first slide
    return replace(
        page, blocks=blocks, sections=[], layout=layout, part=i + 1, parts=n, notes=notes
    )


def make_contents(page: PlannedPage, chunk: list[Piece], i: int, n: int) -> PlannedPage:
    first = chunk[0].group if chunk else 0
    entries = [plain(p.block.spans) for p in chunk]
    return replace(page, entries=entries, entry_start=page.entry_start + first, part=i + 1, parts=n)


def cut_block(block: Block) -> Block | None:
    """A shorter version of one block's text (a piece that cannot fit even alone)."""
    if block.type in ("paragraph", "heading") and len(plain(block.spans)) > 8:
        return replace(block, spans=shorten(block.spans, 0.7))
    if block.type == "table":
        cells = block.header + [c for r in block.rows for c in r]
        if max((len(plain(c)) for c in cells), default=0) <= 8:
            return None
        return replace(
            block,
            header=[shorten(c, 0.7) if len(plain(c)) > 8 else c for c in block.header],
            rows=[[shorten(c, 0.7) if len(plain(c)) > 8 else c for c in r] for r in block.rows],
        )
    if block.type == "code":
        lines = block.text.split("\n")
        if len(lines) > 1:
            return replace(block, text="\n".join(lines[: max(1, len(lines) * 2 // 3)]))
    if block.type == "list" and block.items and len(plain(block.items[0].spans)) > 8:
        item = block.items[0]
        return replace(
            block, items=[replace(item, spans=shorten(item.spans, 0.7))] + block.items[1:]
        )
    return None
