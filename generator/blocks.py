"""Outline blocks -> escaped HTML fragments (Markup) with the fixed `df-*` classes templates style."""

from __future__ import annotations

from dataclasses import replace

from markupsafe import Markup, escape

from generator.cjk import may_hold_cjk, pattern
from generator.highlight import CodeStyle, code_html
from generator.markup.math import em_size, tinted
from generator.markup.mermaid.config import coloured
from generator.markup.sanitize import clean_fragment
from generator.model import FLOATS, Block, ListItem, Span, Title, title_spans
from generator.screenshots import UPSCALE, screenshot

ALIGNS = {"left", "center", "right"}
# runs with no break opportunity (no space, zero-width space, CJK character or hyphen)
LONG_RUN = r"[^\s\u200b\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef-]{40,}"
LONG_WESTERN_RUN = r"[^\s\u200b-]{40,}"  # the same in text without CJK (quick to compile)
RUN_PIECE = 30
# MkDocs Material's colour of each admonition type: the quote's bar, and a faint tint of it
# under the text (light enough for the template's text colour on a light or dark slide)
TONE_COLOURS = {
    "note": (68, 138, 255),
    "abstract": (0, 176, 255),
    "info": (0, 184, 212),
    "tip": (0, 191, 165),
    "success": (0, 200, 83),
    "question": (100, 221, 23),
    "warning": (255, 145, 0),
    "failure": (255, 82, 82),
    "danger": (255, 23, 68),
    "bug": (245, 0, 87),
    "example": (124, 77, 255),
    "quote": (158, 158, 158),
}
TINT = 0.1


def breakable(text: str) -> str:
    """Text with a zero-width space (a break opportunity nobody sees) every 30 characters inside
    runs of 40+ characters that have none (no space, hyphen or CJK), so that neither the engine
    nor Chromium overflows and the words stay whole when copied."""
    if len(text) < 40:
        return text
    return pattern(LONG_RUN if may_hold_cjk(text) else LONG_WESTERN_RUN).sub(
        lambda m: "\u200b".join(
            m.group(0)[i : i + RUN_PIECE] for i in range(0, len(m.group(0)), RUN_PIECE)
        ),
        text,
    )


_WRAPS = (("code", "code"), ("kbd", "kbd"), ("sub", "sub"), ("sup", "sup"), ("mark", "mark"))


def spans_html(spans: list[Span]) -> Markup:
    out = []
    for s in spans:
        html = escape(breakable(s.text))
        for flag, tag in _WRAPS:
            if getattr(s, flag):
                html = Markup(f"<{tag}>%s</{tag}>") % html
        if s.strike:
            html = Markup("<s>%s</s>") % html
        if s.italic:
            html = Markup("<em>%s</em>") % html
        if s.bold:
            html = Markup("<strong>%s</strong>") % html
        if s.href:
            html = Markup('<a href="%s">%s</a>') % (s.href, html)
        out.append(html)
    return Markup("").join(out)


def title_html(title: str) -> Markup | str:
    """A title as a template draws it: its inline formatting (code in the template's code face,
    emphasis, kbd, sub/sup) as escaped markup; a plain title as text (the template escapes it)."""
    if isinstance(title, Title):
        return spans_html([_unbroken(s) if s.code else s for s in title_spans(title)])
    return breakable(title)


def _unbroken(span: Span) -> Span:
    """A title's code span that no renderer breaks inside (`<!-- *template: invert -->` on
    one line, the title set smaller when it does not fit): its spaces no-break spaces, its
    hyphens no-break hyphens (both in the code faces)."""
    return replace(span, text=span.text.replace(" ", "\u00a0").replace("-", "\u2011"))


def _tone_style(tone: str) -> str:
    """An admonition's colours as CSS declarations, each after a `;` ("" for a plain quote)."""
    if tone not in TONE_COLOURS:
        return ""
    r, g, b = TONE_COLOURS[tone]
    return f";border-left-color:rgb({r},{g},{b});background:rgba({r},{g},{b},{TINT})"


def block_html(block: Block, code: CodeStyle | None = None, floated: bool = True) -> Markup:
    """A block's HTML; `floated`: an inline admonition floats (False: drawn full width, with
    no block after it to sit beside)."""
    t = block.type
    if t == "paragraph":
        return Markup('<p class="df-p">%s</p>') % spans_html(block.spans)
    if t == "heading":
        return Markup('<h4 class="df-h">%s</h4>') % spans_html(block.spans)
    if t == "list":
        return _list_html(block, code)
    if t == "table":
        return _table_html(block)
    if t == "quote":
        inner = Markup("").join(Markup("<p>%s</p>") % spans_html(p) for p in block.paragraphs)
        tone = _tone_style(block.tone)
        if block.kind == "nested":  # the outer quote's bar goes on beside it
            return Markup(
                '<div class="df-quote df-quote-outer" style="padding:0 0 0 0.8em">'
                '<blockquote class="df-quote" style="margin:0%s">%s</blockquote></div>'
            ) % (tone, inner)
        # an inline admonition: a narrow box floated beside the blocks after it
        cls = f"df-quote df-{block.kind}" if floated and block.kind in FLOATS else "df-quote"
        if tone:
            return Markup('<blockquote class="%s" style="%s">%s</blockquote>') % (
                cls,
                tone[1:],
                inner,
            )
        return Markup('<blockquote class="%s">%s</blockquote>') % (cls, inner)
    if t == "code":
        return code_html(block.text, block.language, code)
    if t == "image":
        return figure_html(block, code)
    if t == "html":
        return Markup('<div class="df-html">%s</div>') % Markup(clean_fragment(block.html))
    return Markup("")


def figure_html(block: Block, code: CodeStyle | None = None, whole: bool = False) -> Markup:
    """A picture block in its figure; `whole`: a picture alone on its slide, as high as the body
    (`df-whole`)."""
    kind = f"{block.kind} df-whole" if whole else block.kind
    return Markup('<figure class="df-figure df-%s">%s</figure>') % (kind, _img(block, code))


def _img(block: Block, code: CodeStyle | None = None) -> Markup:
    if block.kind == "formula":  # drawn math: in the text's colour, sized in em of the text
        w, h = em_size(block.width, block.height)
        src = tinted(block.src, code.ink if code else "#222222")
        return Markup('<img src="%s" alt="%s" style="width:%.2fem;height:%.2fem">') % (
            src,
            block.alt,
            w,
            h,
        )
    if block.kind == "diagram":  # drawn Mermaid: in the template's colours and body font
        src = coloured(block.src, dict(code.colors) if code else {})
        return Markup('<img src="%s" alt="%s" width="%d" height="%d">') % (
            src,
            block.alt,
            block.width,
            block.height,
        )
    if screenshot(block):  # it carries text: the body's width, at most UPSCALE its own
        style = Markup(' style="max-width:%dpx"') % (block.width * UPSCALE)
        return Markup('<img class="df-read" src="%s" alt="%s"%s>') % (block.src, block.alt, style)
    size = Markup("")
    if block.width > 0 and block.height > 0:
        size = Markup(' width="%d" height="%d"') % (block.width, block.height)
    return Markup('<img src="%s" alt="%s"%s>') % (block.src, block.alt, size)


def gallery_html(columns: int, boxes: list[Markup]) -> Markup:
    """A gallery's boxes (generator.gallery) in a grid of `columns` equal columns."""
    style = f"grid-template-columns:repeat({columns},minmax(0,1fr))"
    return Markup('<div class="df-variants" style="%s">%s</div>') % (
        style,
        Markup("").join(boxes),
    )


def gallery_end(blocks: list[Block], i: int) -> int:
    """The end of the gallery's boxes from `i` (`i` itself when `blocks[i]` is none)."""
    j = i
    while (
        j < len(blocks)
        and blocks[j].type == "quote"
        and blocks[j].columns > 1
        and blocks[j].columns == blocks[i].columns
    ):
        j += 1
    return j


def blocks_html(blocks: list[Block], code: CodeStyle | None = None) -> Markup:
    """Blocks in order; consecutive badge images make one strip, a gallery's boxes one grid."""
    out: list[Markup] = []
    badges: list[Block] = []
    i = 0
    while i <= len(blocks):
        b = blocks[i] if i < len(blocks) else None
        if b is not None and b.type == "image" and b.kind == "badge":
            badges.append(b)
            i += 1
            continue
        if badges:
            imgs = Markup(" ").join(_img(x) for x in badges)
            out.append(Markup('<p class="df-badges">%s</p>') % imgs)
            badges = []
        end = gallery_end(blocks, i)
        if b is not None and end > i:
            boxes = [block_html(x, code) for x in blocks[i:end]]
            out.append(gallery_html(b.columns, boxes))
            i = end
            continue
        if b is not None:
            out.append(block_html(b, code))
        i += 1
    return Markup("").join(out)


def _list_html(block: Block, code: CodeStyle | None = None) -> Markup:
    items = Markup("").join(_item_html(i, code) for i in block.items)
    attrs = Markup(' class="df-list"')
    if block.columns > 1:  # many short items, read down the columns (generator.listcols)
        attrs = Markup(' class="df-list df-cols" style="column-count:%d;column-gap:1.5em"') % (
            block.columns
        )
    if block.ordered:
        return Markup('<ol%s start="%d">%s</ol>') % (attrs, block.start, items)
    return Markup("<ul%s>%s</ul>") % (attrs, items)


def _item_html(item: ListItem, code: CodeStyle | None = None) -> Markup:
    nested = blocks_html(item.children, code)
    box = Markup("")
    if item.checked is not None:
        box = Markup("☑ ") if item.checked else Markup("☐ ")
    return Markup("<li>%s%s%s</li>") % (box, spans_html(item.spans), nested)


def _table_html(block: Block) -> Markup:
    columns = max([len(block.header)] + [len(r) for r in block.rows])
    align = [a if a in ALIGNS else "left" for a in block.align] + ["left"] * columns

    def cells(row: list[list[Span]], tag: str) -> Markup:
        padded = list(row) + [[]] * (columns - len(row))
        return Markup("").join(
            Markup('<%s style="text-align:%s">%s</%s>') % (tag, align[i], spans_html(c), tag)
            for i, c in enumerate(padded)
        )

    head = Markup("<thead><tr>%s</tr></thead>") % cells(block.header, "th") if block.header else ""
    body = Markup("").join(Markup("<tr>%s</tr>") % cells(r, "td") for r in block.rows)
    if not block.widths:  # the columns take widths from their content (auto table layout)
        return Markup('<table class="df-table">%s<tbody>%s</tbody></table>') % (head, body)
    cols = Markup("").join(
        Markup('<col style="width:%s%%">') % f"{100 * w:.3f}" for w in block.widths
    )
    # the whole table's columns, as percentages the automatic layout keeps (a column still
    # never narrower than its longest word)
    return Markup('<table class="df-table"><colgroup>%s</colgroup>%s<tbody>%s</tbody></table>') % (
        cols,
        head,
        body,
    )
