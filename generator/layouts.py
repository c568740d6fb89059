"""A planned page -> what its template sees (`page`), including the composed markup of its layout.

`page.composed` is the whole body of a content slide, built here for every layout with the
fixed `df-*` classes the base stylesheet draws in the template's colours: a frame (the body's
content box) holding one stack (the content, centred in the frame). Templates include it
(built-in ones do) or build their own from the other fields (`body`, `sections`, `key`,
`image`, `quote`), as templates made before these layouts did.

In flowing layouts every block is wrapped in `<div class="df-u" data-df-u="i">`, so one layout
of the page measures each block (generator/pieces.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from markupsafe import Markup, escape

from generator.blocks import (
    block_html,
    blocks_html,
    breakable,
    figure_html,
    gallery_end,
    gallery_html,
    spans_html,
    title_html,
)
from generator.highlight import CodeStyle
from generator.markup.mermaid.config import coloured
from generator.model import FLOATS, Block, flowing_blocks, plain
from generator.pages import PlannedPage, room_of
from generator.picroom import beside_html
from generator.pointing import compact
from generator.screenshots import (
    CAPTION_ROOM,
    SPLIT_MEDIA,
    UPSCALE,
    beside_share,
    caption_lines,
    crowded_beside,
)
from generator.shapes import (
    code_pair,
    comparable,
    dated_items,
    key_number,
    numeric_items,
    pointed_code,
    source_pair,
    stacked,
    term_items,
)

Builder = Callable[[PlannedPage, CodeStyle | None], Markup | None]


def page_context(
    page: PlannedPage, code: CodeStyle | None = None, sizes: str = ""
) -> dict[str, Any]:
    """What a page template sees as `page`."""
    blocks = list(page.blocks)
    image: dict[str, str] | None = None
    key: dict[str, Any] | None = None
    quote: Markup | None = None
    layout, inner = _compose(page, code)
    found = None
    if layout in ("image-text", "image-full"):
        # the page's picture (not a slide deck's background picture): templates that place it
        # themselves (a PowerPoint template's picture placeholder) read `page.image`
        found = next(
            (
                b
                for b in blocks
                if b.type == "image"
                and getattr(b, "kind", "") not in ("badge", "background", "formula")
            ),
            None,
        )
        if found is not None:
            image = {"src": found.src, "alt": found.alt}
            blocks.remove(found)
    elif layout == "key-number" and blocks and (kn := key_number(blocks[0])):
        key = {"value": kn[0], "caption": spans_html(kn[1]).strip()}
        blocks = blocks[1:]
    elif layout == "quote" and blocks and blocks[0].type == "quote":
        quote = Markup("").join(Markup("<p>%s</p>") % spans_html(p) for p in blocks[0].paragraphs)
        blocks = blocks[1:]
    legacy = layout in ("columns", "cards", "image-text", "key-number", "quote")
    if not legacy:
        blocks = [b for b in _flat(page) if b is not found]  # `page.image` is drawn apart
    style = f"--df-body-size:{page.body_size:g}px;--df-title-size:{page.title_size:g}px"
    if sizes:
        style += ";" + sizes
    if page.columns > 1:
        style += f";--df-toc-columns:{page.columns}"
    if (room := room_of(page)) is not None:
        style += f";--df-picture-room:{room.height}px"
    if page.background:
        style += f";background:{page.background};--df-background:{page.background}"
    if page.color:
        style += f";color:{page.color};--df-text:{page.color}"
    return LazyContext(
        {
            "kind": page.kind,
            "layout": layout,
            "title": title_html(page.title),
            "subtitle": title_html(page.subtitle),
            "kicker": title_html(page.subtitle) if page.kind == "content" else "",
            "eyebrow": page.eyebrow and page.kind == "content",
            "scheme": bool(page.color),  # the source's own colours: its text colour for accents
            "chapter": title_html(page.chapter),
            "chapter_number": page.chapter_number,
            "number": page.number,
            "part": page.part,
            "parts": page.parts,
            "continued": page.parts > 1,
            # templates that draw `body` themselves get the blocks in measurable wrappers
            "body": (lambda: blocks_html(blocks, code))
            if legacy
            else (lambda: units_html(blocks, code)),
            "blocks": lambda: [block_html(b, code) for b in blocks],
            "sections": lambda: [
                {"title": title_html(s.title), "body": blocks_html(s.blocks, code)}
                for s in page.sections
            ],
            "entries": [
                {"number": page.entry_start + i, "title": title_html(t)}
                for i, t in enumerate(page.entries)
            ],
            "image": image,
            "key": key,
            "quote": quote,
            "composed": inner,
            "bleed": bleed(page, layout),
            "body_size": page.body_size,
            "title_size": page.title_size,
            "style": style,
            "notes": page.notes,
        }
    )


class LazyContext(dict[str, Any]):
    """A template's `page`: values given as functions are computed when a template reads them
    (the markup of blocks a template does not use is never built)."""

    def __getitem__(self, key: str) -> Any:
        value = super().__getitem__(key)
        if callable(value) and not isinstance(value, Markup):
            value = value()
            self[key] = value
        return value

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else default  # noqa: SIM401 - computes lazily

    # Copies (dict(page), {**page}) and iteration see computed values, never the functions.
    def __iter__(self) -> Iterator[str]:
        return iter(list(super().keys()))

    def keys(self) -> Any:
        return list(super().keys())

    def items(self) -> Any:
        return [(k, self[k]) for k in list(super().keys())]

    def values(self) -> Any:
        return [self[k] for k in list(super().keys())]


def _flat(page: PlannedPage) -> list[Block]:
    return flowing_blocks(page.blocks, page.sections)


def _compose(page: PlannedPage, code: CodeStyle | None) -> tuple[str, Markup]:
    """(the layout drawn, the composed body). A page whose material no longer suits its
    layout (an edited document) is drawn as `bullets`."""
    if page.kind != "content":
        return page.layout, Markup("")
    layout = page.layout if page.layout in _BUILDERS else "bullets"
    inner = _BUILDERS[layout](page, code)
    if inner is None:
        layout = "bullets"
        inner = _flowing(page, code) or Markup("")
    kind = f"df-l-{layout} df-on-bleed" if bleed(page, layout) else f"df-l-{layout}"
    frame = Markup('<div class="df-frame"><div class="df-stack %s">%s</div></div>')
    return layout, frame % (kind, inner)


def units_html(blocks: list[Block], code: CodeStyle | None) -> Markup:
    """Blocks, each in a wrapper carrying its index (a run of badge pictures: one wrapper)."""
    out: list[Markup] = []
    i = 0
    while i < len(blocks):
        b = blocks[i]
        if b.type == "image" and getattr(b, "kind", "") == "badge":
            j = i
            while (
                j < len(blocks)
                and blocks[j].type == "image"
                and getattr(blocks[j], "kind", "") == "badge"
            ):
                j += 1
            inner = blocks_html(blocks[i:j], code)
        elif len(blocks) == 1 and b.type == "image" and b.kind == "diagram":
            j = i + 1  # a diagram alone takes the body's whole height (its labels readable)
            inner = figure_html(b, code, whole=True)
        elif gallery_end(blocks, i) > i:  # a gallery: its boxes (each a unit) in one grid
            j = gallery_end(blocks, i)
            boxes = [
                Markup('<div class="df-u" data-df-u="%d">%s</div>') % (k, block_html(x, code))
                for k, x in enumerate(blocks[i:j], i)
            ]
            out.append(gallery_html(b.columns, boxes))
            i = j
            continue
        else:  # an inline admonition floats beside the block after it, if any
            j = i + 1
            inner = block_html(b, code, floated=j < len(blocks))
        # the block after an inline admonition sits beside the floated box (a box of its own)
        beside = i and blocks[i - 1].type == "quote" and blocks[i - 1].kind in FLOATS
        cls = "df-u df-beside" if beside else "df-u"
        out.append(Markup('<div class="%s" data-df-u="%d">%s</div>') % (cls, i, inner))
        i = j
    return Markup("").join(out)


def _flowing(page: PlannedPage, code: CodeStyle | None) -> Markup | None:
    return units_html(_flat(page), code)


def _grid(page: PlannedPage, code: CodeStyle | None) -> Markup | None:
    cards: list[tuple[Markup, Markup]] = []
    if page.sections and 2 <= len(page.sections) <= 6:
        cards = [(escape(title_html(s.title)), blocks_html(s.blocks, code)) for s in page.sections]
        intro = blocks_html(page.blocks, code)
    else:
        found = next((b for b in page.blocks if b.type == "list" and term_items(b)), None)
        if found is None:
            return None
        terms = term_items(found) or []
        cards = [
            (escape(breakable(t)), Markup('<p class="df-p">%s</p>') % spans_html(rest))
            for t, rest in terms
        ]
        intro = blocks_html([b for b in page.blocks if b is not found], code)
    kind = "cards" if page.layout == "cards" else "columns"
    items = Markup("").join(
        Markup('<div class="df-card">%s%s</div>')
        % (Markup('<div class="df-card-title">%s</div>') % c[0] if c[0] else Markup(""), c[1])
        for c in cards
    )
    head = Markup('<div class="df-intro">%s</div>') % intro if intro else Markup("")
    return head + Markup('<div class="df-grid df-%s df-n%d">%s</div>') % (kind, len(cards), items)


def _numbers(page: PlannedPage, code: CodeStyle | None) -> Markup | None:
    found = next((b for b in page.blocks if b.type == "list"), None)
    leads = numeric_items(found) if found is not None else None
    if found is None or not leads:
        return None
    cells = Markup("").join(
        Markup(
            '<div class="df-number"><div class="df-number-value">%s</div>'
            '<div class="df-number-label">%s</div></div>'
        )
        % (lead.lead, spans_html(lead.rest))
        for lead in leads
    )
    return _around(
        page, found, Markup('<div class="df-numbers df-n%d">%s</div>') % (len(leads), cells), code
    )


def _timeline(page: PlannedPage, code: CodeStyle | None) -> Markup | None:
    found = next((b for b in page.blocks if b.type == "list"), None)
    leads = dated_items(found) if found is not None else None
    if found is None or not leads:
        return None
    wide = len(leads) <= 5 and all(len(plain(x.rest)) <= 90 for x in leads)
    cells = Markup("").join(
        Markup(
            '<li class="df-tl-item"><div class="df-tl-dot"></div><div class="df-tl-date">%s</div>'
            '<div class="df-tl-text">%s</div></li>'
        )
        % (lead.lead, spans_html(lead.rest))
        for lead in leads
    )
    kind = "df-timeline-h" if wide else "df-timeline-v"
    body = Markup('<ol class="df-timeline %s df-n%d">%s</ol>') % (kind, len(leads), cells)
    return _around(page, found, body, code)


def _comparison(page: PlannedPage, code: CodeStyle | None) -> Markup | None:
    table = next((b for b in page.blocks if b.type == "table"), None)
    if table is None or not comparable(table):
        return None
    columns = max([len(table.header)] + [len(r) for r in table.rows])
    cells: list[Markup] = []
    for c in range(columns):
        text = table.header[c] if c < len(table.header) else []
        blank = " df-cmp-blank" if not plain(text).strip() else ""
        cells.append(
            Markup('<div class="df-cmp-head df-cmp-c%d%s">%s</div>') % (c, blank, spans_html(text))
        )
    for r, row in enumerate(table.rows):
        for c in range(columns):
            text = row[c] if c < len(row) else []
            cells.append(
                Markup('<div class="df-cmp-cell df-cmp-c%d df-cmp-r%d">%s</div>')
                % (c, r % 2, spans_html(text))
            )
    grid = Markup(
        '<div class="df-compare df-cols%d" style="grid-template-columns:repeat(%d,minmax(0,1fr))">%s</div>'
    ) % (columns, columns, Markup("").join(cells))
    return _around(page, table, grid, code)


def _code(page: PlannedPage, code: CodeStyle | None) -> Markup | None:
    pointed = pointed_code(page.blocks)
    if pointed is not None:  # the lines pointing at the code sit beside it, on its right
        head = blocks_html(pointed.before, code)
        lines = blocks_html([compact(b) for b in pointed.pointers], code)
        return (Markup('<div class="df-intro">%s</div>') % head if head else Markup("")) + Markup(
            '<div class="df-pointed"><div class="df-code-main">%s</div>'
            '<div class="df-pointers">%s</div></div>'
        ) % (block_html(pointed.code, code), lines)
    pair = code_pair(page.blocks)
    if pair is None:
        return None
    note, block = pair
    kind = "df-codepair df-stacked" if stacked(block) else "df-codepair"
    return Markup(
        '<div class="%s"><div class="df-code-note">%s</div><div class="df-code-main">%s</div></div>'
    ) % (kind, blocks_html(note, code), block_html(block, code))


def _steps(page: PlannedPage, code: CodeStyle | None) -> Markup | None:
    if not page.sections or len(page.sections) < 2:
        return None
    cells = Markup("").join(
        Markup(
            '<li class="df-step"><div class="df-step-num">%d</div><div class="df-step-body">'
            '<div class="df-step-title">%s</div>%s</div></li>'
        )
        % (i + 1, title_html(s.title), blocks_html(s.blocks, code))
        for i, s in enumerate(page.sections)
    )
    intro = blocks_html(page.blocks, code)
    head = Markup('<div class="df-intro">%s</div>') % intro if intro else Markup("")
    return head + Markup('<ol class="df-steps df-n%d">%s</ol>') % (len(page.sections), cells)


def _key_number(page: PlannedPage, code: CodeStyle | None) -> Markup | None:
    kn = key_number(page.blocks[0]) if page.blocks else None
    if kn is None:
        return None
    key = Markup(
        '<div class="df-key"><div class="df-key-value">%s</div><div class="df-key-caption">%s</div></div>'
    ) % (kn[0], spans_html(kn[1]).strip())
    return key + blocks_html(page.blocks[1:], code)


def _quote(page: PlannedPage, code: CodeStyle | None) -> Markup | None:
    if not page.blocks or page.blocks[0].type != "quote":
        return None
    inner = Markup("").join(Markup("<p>%s</p>") % spans_html(p) for p in page.blocks[0].paragraphs)
    return Markup('<blockquote class="df-bigquote">%s</blockquote>') % inner + blocks_html(
        page.blocks[1:], code
    )


def _pictures(page: PlannedPage) -> list[Block]:
    return [
        b
        for b in page.blocks
        if b.type == "image" and getattr(b, "kind", "") not in ("badge", "formula")
    ]


DIAGRAM_UPSCALE = 1.5  # a drawn diagram: at most 1.5 times its size (its labels)
SPLIT_LEAST = 0.2  # share of the body a picture beside text takes at least
BODY_W = 1120.0  # px of a slide's body (1280 px slide)
FULL_ROOM, FULL_CAPTION = 400, 2  # px of image-full's picture above a caption of up to 2 lines


def _img(b: Block, code: CodeStyle | None = None, height: int = 0) -> Markup:
    """A picture of a picture layout: as large as its room allows (the layout's CSS gives it
    the room's width, its height by its own proportions within the room's height), a raster
    picture at most UPSCALE times its own width; a small screenshot is not a thumbnail. A drawn
    diagram in the template's colours, at most DIAGRAM_UPSCALE times its size; `height`, when
    given, the most px it may take (a long caption under it takes the rest)."""
    high = Markup(";max-height:%dpx") % height if height else Markup("")
    if b.kind == "diagram":
        style = Markup(' style="max-width:%dpx%s"') % (round(b.width * DIAGRAM_UPSCALE), high)
        src = coloured(b.src, dict(code.colors) if code else {})
        return Markup('<img src="%s" alt="%s"%s>') % (src, b.alt, style)
    if b.width and not b.src.startswith("data:image/svg"):
        style = Markup(' style="max-width:%dpx%s"') % (b.width * UPSCALE, high)
        return Markup('<img src="%s" alt="%s"%s>') % (b.src, b.alt, style)
    if height:
        return Markup('<img src="%s" alt="%s" style="max-height:%dpx">') % (b.src, b.alt, height)
    return Markup('<img src="%s" alt="%s">') % (b.src, b.alt)


def _image_text(page: PlannedPage, code: CodeStyle | None) -> Markup | None:
    pictures = _pictures(page)
    if not pictures:
        return None
    rest = [b for b in page.blocks if b is not pictures[0]]
    style = Markup("")
    if source_pair(page.blocks):  # a diagram beside its source: its own width, the code the rest
        share = min(SPLIT_MEDIA, max(SPLIT_LEAST, pictures[0].width * DIAGRAM_UPSCALE / BODY_W))
        style = Markup(' style="flex-basis:%d%%"') % round(share * 100)
    elif crowded_beside(pictures[0]):  # a wide picture: a wider column (its labels)
        style = Markup(' style="flex-basis:%d%%"') % round(beside_share(pictures[0]) * 100)
    return Markup(
        '<div class="df-split"><div class="df-split-text">%s</div>'
        '<figure class="df-split-media"%s>%s</figure></div>'
    ) % (blocks_html(rest, code), style, _img(pictures[0], code))


def _image_full(page: PlannedPage, code: CodeStyle | None) -> Markup | None:
    pictures = _pictures(page)
    if len(pictures) != 1:
        return None
    rest = [b for b in page.blocks if b is not pictures[0]]
    if _bleeds(pictures[0]):  # the picture is the slide's background (`bleed`): the text on it
        return Markup('<div class="df-over">%s</div>') % blocks_html(rest, code)
    if not rest:  # the picture alone: the body's whole height
        return Markup('<figure class="df-full df-alone">%s</figure>') % _img(pictures[0], code)
    room = room_of(page)
    if room is not None and room.beside:  # the body's height to the picture, its caption beside
        return beside_html(pictures[0], rest, room.height, code)
    # text written before the picture introduces it (above it); text after it is its caption
    at = next(i for i, b in enumerate(page.blocks) if b is pictures[0])
    before, after = page.blocks[:at], page.blocks[at + 1 :]
    head = Markup('<div class="df-intro">%s</div>') % blocks_html(before, code)
    cap = Markup('<figcaption class="df-caption">%s</figcaption>') % blocks_html(after, code)
    return (head if before else Markup("")) + Markup('<figure class="df-full">%s%s</figure>') % (
        _img(pictures[0], code, _room(after) if not before and room is None else 0),
        cap if after else Markup(""),
    )


def _room(caption: list[Block]) -> int:
    """The px a picture above this caption may take when the caption is longer than
    FULL_CAPTION lines (0: the layout's own room): a line less of picture for each line more."""
    if not caption or any(b.type != "paragraph" for b in caption):
        return 0
    lines = sum(caption_lines(plain(b.spans)) for b in caption)
    return FULL_ROOM - CAPTION_ROOM * (lines - FULL_CAPTION) if lines > FULL_CAPTION else 0


def _bleeds(block: Block) -> bool:
    return getattr(block, "kind", "") == "background"


def bleed(page: PlannedPage, layout: str) -> dict[str, str] | None:
    """The picture that covers the whole slide (a full-bleed `image-full` page), or None."""
    if page.kind != "content" or layout != "image-full":
        return None
    found = next((b for b in _pictures(page) if _bleeds(b)), None)
    return {"src": found.src, "alt": found.alt} if found is not None else None


def _image_grid(page: PlannedPage, code: CodeStyle | None) -> Markup | None:
    pictures = _pictures(page)
    if not 2 <= len(pictures) <= 4:
        return None
    rest = [b for b in page.blocks if b not in pictures]
    cells = Markup("").join(
        Markup('<figure class="df-shot">%s%s</figure>') % (_img(b, code), _caption(b))
        for b in pictures
    )
    text = blocks_html(rest, code)
    head = Markup('<div class="df-intro">%s</div>') % text if rest else Markup("")
    return head + Markup('<div class="df-gallery df-n%d">%s</div>') % (len(pictures), cells)


def _caption(b: Block) -> Markup:
    """A picture's alt text under it; nothing for a picture without one, or for a drawn
    diagram or formula (its alt text is its source, not a caption)."""
    alt = b.alt.strip() if b.kind not in ("diagram", "formula") else ""
    return Markup("<figcaption>%s</figcaption>") % breakable(alt) if alt else Markup("")


def _around(page: PlannedPage, main: Block, body: Markup, code: CodeStyle | None) -> Markup:
    """`body` (the main block drawn by a layout) between the blocks before and after it."""
    at = next(i for i, b in enumerate(page.blocks) if b is main)
    before = blocks_html(page.blocks[:at], code)
    after = blocks_html(page.blocks[at + 1 :], code)
    head = Markup('<div class="df-intro">%s</div>') % before if before else Markup("")
    tail = Markup('<div class="df-outro">%s</div>') % after if after else Markup("")
    return head + body + tail


_BUILDERS: dict[str, Builder] = {
    "bullets": _flowing,
    "table": _flowing,
    "cards": _grid,
    "columns": _grid,
    "numbers": _numbers,
    "timeline": _timeline,
    "comparison": _comparison,
    "code": _code,
    "steps": _steps,
    "key-number": _key_number,
    "quote": _quote,
    "image-text": _image_text,
    "image-full": _image_full,
    "image-grid": _image_grid,
}
