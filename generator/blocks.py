"""Outline blocks -> escaped HTML fragments (Markup) with the fixed `df-*` classes templates style."""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from generator.highlight import CodeStyle, code_html
from generator.model import Block, ListItem, Span

ALIGNS = {"left", "center", "right"}
LONG_RUN = re.compile(r"[^\s\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef-]{40,}")
RUN_PIECE = 30


def breakable(text: str) -> str:
    """Text with a space every 30 characters inside runs of 40+ characters that have no break
    opportunity (no space, hyphen or CJK), so that neither the engine nor Chromium overflows."""
    if len(text) < 40:
        return text
    return LONG_RUN.sub(
        lambda m: " ".join(
            m.group(0)[i : i + RUN_PIECE] for i in range(0, len(m.group(0)), RUN_PIECE)
        ),
        text,
    )


def spans_html(spans: list[Span]) -> Markup:
    out = []
    for s in spans:
        html = escape(breakable(s.text))
        if s.code:
            html = Markup("<code>%s</code>") % html
        if s.italic:
            html = Markup("<em>%s</em>") % html
        if s.bold:
            html = Markup("<strong>%s</strong>") % html
        if s.href:
            html = Markup('<a href="%s">%s</a>') % (s.href, html)
        out.append(html)
    return Markup("").join(out)


def block_html(block: Block, code: CodeStyle | None = None) -> Markup:
    t = block.type
    if t == "paragraph":
        return Markup('<p class="df-p">%s</p>') % spans_html(block.spans)
    if t == "heading":
        return Markup('<h4 class="df-h">%s</h4>') % spans_html(block.spans)
    if t == "list":
        return _list_html(block)
    if t == "table":
        return _table_html(block)
    if t == "quote":
        inner = Markup("").join(Markup("<p>%s</p>") % spans_html(p) for p in block.paragraphs)
        return Markup('<blockquote class="df-quote">%s</blockquote>') % inner
    if t == "code":
        return code_html(block.text, block.language, code)
    if t == "image":
        return Markup('<figure class="df-figure"><img src="%s" alt="%s"></figure>') % (
            block.src,
            block.alt,
        )
    return Markup("")


def blocks_html(blocks: list[Block], code: CodeStyle | None = None) -> Markup:
    return Markup("").join(block_html(b, code) for b in blocks)


def _list_html(block: Block) -> Markup:
    items = Markup("").join(_item_html(i) for i in block.items)
    if block.ordered:
        return Markup('<ol class="df-list" start="%d">%s</ol>') % (block.start, items)
    return Markup('<ul class="df-list">%s</ul>') % items


def _item_html(item: ListItem) -> Markup:
    nested = Markup("").join(_list_html(c) for c in item.children if c.type == "list")
    return Markup("<li>%s%s</li>") % (spans_html(item.spans), nested)


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
    return Markup('<table class="df-table">%s<tbody>%s</tbody></table>') % (head, body)
