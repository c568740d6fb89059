"""Markdown text -> a stream of events (headings, blocks, comments) for the outline builders.

The grammar is generator.markup.grammar's. Raw HTML never reaches a slide as text: block HTML
is sanitized (generator.markup.sanitize) and turned into outline blocks
(generator.markup.htmlblocks); comments become events the builders read as directives or
speaker notes; fenced blocks are read by generator.markup.fences.
"""

from __future__ import annotations

from copy import copy
from dataclasses import replace

from markdown_it.tree import SyntaxTreeNode

from generator.markup import boilerplate
from generator.markup.addresses import linked_line
from generator.markup.clickhere import click_aside
from generator.markup.crops import tall_crops
from generator.markup.details import collapse_pictures, details_end
from generator.markup.events import Context, Event, Heading, Item, Notes, Slot
from generator.markup.fences import PICTURE_ALT, FenceReader
from generator.markup.grammar import MD
from generator.markup.grid import Grid, read_grid, row_labels
from generator.markup.heading_links import link_suffix
from generator.markup.images import is_badge_url
from generator.markup.inline import Inline, InlineImage, InlineReader
from generator.markup.math import Refused
from generator.markup.mermaid.config import configuration_lines
from generator.markup.missing import (
    Missing,
    caption_line,
    is_decorative,
    missing_label,
    notes_event,
    says_already,
    unlead,
)
from generator.markup.pairs import PAIR_LINES, pair_kind
from generator.markup.pointers import unpoint
from generator.markup.quotes import (
    ADMONITIONS,
    block_spans,
    callout,
    github_alert,
    inline_box,
    quote_parts,
)
from generator.markup.snippets import snippet
from generator.markup.spans import heading_attributes, no_placeholder, trim_spans
from generator.markup.syntax import (
    content_tabs,
    marp_alt,
    nested_blank_runs,
    termless_definitions,
)
from generator.model import Block, ListItem, Span, Spans, plain


class Converter(FenceReader):
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.reader = InlineReader(self._footnote_number, ctx.formulas)
        self.previous_code: str | None = None  # the code block read just before, if any
        self.missing: list[Missing] = []  # pictures not shown, for the notes of their slide
        self.captions: list[Block] = []  # the lines standing for some of them
        self.depth = 0  # nesting of node(): the notes event follows a top-level block
        self.asides: list[str] = []  # sentences of links for the notes (markup.clickhere)

    def events(self, text: str) -> list[Event]:
        env: dict[str, object] = {}
        tokens = MD.parse(termless_definitions(content_tabs(nested_blank_runs(text))), env)
        root = SyntaxTreeNode(tokens)
        out: list[Event] = []
        nodes = root.children
        skip = -1  # nodes up to here were read as a grid's cells or a <details> block
        for n, node in enumerate(nodes):
            if n <= skip:
                continue
            grid = read_grid(nodes, n) if self.ctx.deck else None
            if grid is not None:
                out.extend(self.grid_events(grid))
                skip = grid.end
                continue
            after = nodes[n + 1] if n + 1 < len(nodes) else None
            if boilerplate.instruction_left_out(self.ctx, node, after, self.reader):
                continue
            end = details_end(nodes, n)
            if end is not None:  # a <details> block: its pictures grouped and captioned
                found = [e for inner in nodes[n : end + 1] for e in self.node(inner)]
                out.extend(collapse_pictures(found))
                skip = end
                continue
            events = self.node(node)
            paired = pair_kind(events, out[-1]) if out else None
            if paired == "drawn once":
                out.pop()  # a source too long to show with its drawing: the drawing stands for it
                self.ctx.note(
                    "diagram", "a diagram's source too long to show with it: drawn once", ""
                )
            elif paired == "configured":
                code = out[-1].block  # type: ignore[union-attr]
                code.text = configuration_lines(code.text, PAIR_LINES)
            elif paired == "pair":  # its source is on the slide: the notes need not repeat it
                events = [e for e in events if not isinstance(e, Notes)]
            out.extend(events)
        return unpoint(unlead(out))

    def grid_events(self, grid: Grid) -> list[Event]:
        """A grid's cells, read in rows, as its columns: each column's cells under a Slot; a
        first column of row labels is no column: each label stands above its row's cells."""
        labels = row_labels(grid, self.node)
        out: list[Event] = []
        for column in range(1 if labels else 0, grid.columns):
            out.append(Slot())
            for row, cell in enumerate(grid.cells[column :: grid.columns]):
                if labels is not None and row < len(labels):
                    out.extend(Item(copy(e.block)) for e in labels[row] if isinstance(e, Item))
                for node in cell:
                    out.extend(self.node(node))
        return [*out, Slot(closing=True)]

    def _footnote_number(self, label: str) -> int:
        numbers = self.ctx.footnotes
        if label not in numbers:
            numbers[label] = len(numbers) + 1
        return numbers[label]

    # -- block nodes ---------------------------------------------------------------------
    def node(self, node: SyntaxTreeNode) -> list[Event]:
        self.depth += 1
        try:
            events = self._signed_off(node, self._node(node))
        finally:
            self.depth -= 1
        if self.depth or not self.asides:
            return events + (self.take_missing() if self.depth == 0 else [])
        asides, self.asides = self.asides, []
        return [*events, Notes("\n".join(asides)), *self.take_missing()]

    def _signed_off(self, node: SyntaxTreeNode, events: list[Event]) -> list[Event]:
        if node.type != "heading" and boilerplate.SIGNOFF.search(self.ctx.heading):
            # a release sign-off checklist: process tracking for a release team
            for e in events:
                if isinstance(e, Item):
                    boilerplate.left_out(self.ctx, "the release sign-off checklist", e.block)
            return [e for e in events if not isinstance(e, Item)]
        return events

    def _node(self, node: SyntaxTreeNode) -> list[Event]:
        t = node.type
        if t not in ("fence", "code_block"):
            self.previous_code = None
        if t == "heading":
            inline = self.inline(node.children[0] if node.children else None)
            spans = heading_attributes(trim_spans(no_placeholder(inline.spans)))
            linked = link_suffix(spans)  # `Flowchart [docs - live editor]`: links, not title
            spans = linked.title if linked else spans
            self.ctx.heading = plain(spans).strip()
            pictures: list[Event] = [Item(b) for b in self.heading_pictures(inline)]
            if pictures and not self.ctx.heading:  # a heading of nothing but a picture
                return pictures
            links: list[Event] = [Notes(linked.notes())] if linked else []
            return [Heading(int(node.tag[1]), spans), *links, *pictures]
        if t == "html_block":
            return self.html_block(node.content)
        if t == "colon_fence":
            return self.container(node)
        if t == "admonition":
            return self.admonition(node)
        if t == "kep_unresolved":
            return self.unresolved(node)
        items: list[Event] = [Item(b) for b in self.blocks(node)]
        return items + [  # a drawn diagram's source stays with the slide, in its notes
            Notes(f"Mermaid diagram source:\n{i.block.alt}")
            for i in items
            if isinstance(i, Item) and i.block.kind == "diagram"
        ]

    def blocks(self, node: SyntaxTreeNode) -> list[Block]:
        t = node.type
        if t == "paragraph":
            return self.paragraph(node)
        if t in ("bullet_list", "ordered_list"):
            block = self.list_block(node)
            return [block] if block.items else []
        if t == "table":
            return self.table(node)
        if t == "blockquote":
            return self.quote(node)
        if t in ("fence", "code_block"):
            return self.code(node)
        if t in ("math_block", "math_block_label", "math_block_eqno", "amsmath"):
            return self.formula(node.content)
        if t == "dl":
            return self.deflist(node)
        if t == "footnote_block":
            return self.footnotes(node)
        if t == "html_block":  # inside a block: its headings (a <details> summary) are bold lines
            return [
                e.block
                if isinstance(e, Item)
                else Block("heading", [Span(plain(e.spans), bold=True)])
                for e in self.html_block(node.content)
                if isinstance(e, Item) or (isinstance(e, Heading) and plain(e.spans).strip())
            ]
        if t in ("colon_fence", "admonition"):
            return [e.block for e in self.node(node) if isinstance(e, Item)]
        if t == "heading":
            inline = self.inline(node.children[0] if node.children else None)
            spans = trim_spans(no_placeholder(inline.spans))
            title = [Block("heading", [Span(plain(spans), bold=True)])] if spans else []
            return title + self.heading_pictures(inline)
        if t == "frame_subtitle":  # beamer's \framesubtitle{...}: the slide's lead line
            return [Block("paragraph", [Span(node.content, italic=True)])] if node.content else []
        if t == "pandoc_pause":
            self.ctx.note("animation", "a pause (`. . .`): the slide shows all its content at once")
            return []
        return []  # hr and anything unknown

    def inline(self, node: SyntaxTreeNode | None, display: bool = False) -> Inline:
        """An inline run; display math written inside it stays in `display` when the caller
        draws it (`display`), else it is shown as its TeX source in the text."""
        result = self.reader.read(node)
        for what in result.dropped:
            self.ctx.note("html", f"dropped {what}")
        for tex, refused in zip(result.math, result.refused, strict=True):
            self._math(tex, refused)
        if not display and result.display:
            result.spans.extend(Span(" " + tex, code=True) for tex in result.display)
            for tex in result.display:
                self._math(tex, Refused("display math inside a list or table: shown as source"))
            result.display = []
        return result

    def paragraph(self, node: SyntaxTreeNode) -> list[Block]:
        source = node.children[0].content if node.children else ""
        if source.startswith("<<<"):
            imported = snippet(source, self.ctx.images.assets)
            if imported.block is None:
                self.ctx.note("source", imported.why, source.strip())
                return []
            return [imported.block]
        inline = self.inline(node.children[0] if node.children else None, display=True)
        images = [c for b in (self.image(i) for i in inline.images) if b for c in tall_crops(b)]
        spans = linked_line(trim_spans(no_placeholder(inline.spans)))
        aside = click_aside(spans) if not self.ctx.deck else None
        if aside is not None:  # "Click here to …": no slide follows the link, the notes keep it
            spans, self.asides = aside.kept, [*self.asides, aside.note]
        out: list[Block] = []
        text = plain(spans).strip()
        images = [b for b in images if b.type == "image" or not says_already(text, plain(b.spans))]
        if text and boilerplate.paragraph_left_out(self.ctx, node, text):
            spans = []
        if plain(spans).strip():
            out.append(Block("paragraph", spans))
        mark_badge_rows(images)
        formulas = [b for tex in inline.display for b in self.formula(tex)]
        return out + formulas + images

    def heading_pictures(self, inline: Inline) -> list[Block]:
        """The pictures written inside a heading (`### [![](logo.png)](url)`): the slide's
        pictures, after the heading; badges beside a project's title stay out."""
        # a heading's picture brands it (a project's logo): decorative when it is missing
        found = [replace(i, linked=True) for i in inline.images if not is_badge_url(i.src)]
        return [c for b in (self.image(i) for i in found) if b for c in tall_crops(b)]

    def image(self, found: InlineImage) -> Block | None:
        """An image block whose src is a data: URI; for a picture the deck cannot have, its
        caption line (a content picture with a describing alt text) or None, the picture
        listed for the slide's notes (generator.markup.missing)."""
        alt, width, height, kind = marp_alt(found.alt)
        badge = is_badge_url(found.src)
        picture = self.ctx.images.load(found.src, self.ctx.where())
        from generator.markup.htmlblocks import declared_size

        if picture is None:
            decorative = is_decorative(found, badge)
            if not badge:  # badges are no loss (their row is left out when shown too)
                self.missing.append(Missing(missing_label(alt, found.src), found.src.strip()))
            line = None if decorative else caption_line(alt)
            if line is not None:
                self.captions.append(line)
            return line

        w = width or found.width
        h = height or found.height
        w, h = declared_size(picture.width, picture.height, str(w or ""), str(h or ""))
        kind = "badge" if badge and kind == "picture" else kind
        return Block("image", src=picture.src, alt=alt[:PICTURE_ALT], width=w, height=h, kind=kind)

    def take_missing(self) -> list[Event]:
        """The notes event listing the pictures read since the last call (none: [])."""
        if not self.missing:
            return []
        found, captions, self.missing, self.captions = self.missing, self.captions, [], []
        return [notes_event(found, captions)]

    def list_block(self, node: SyntaxTreeNode) -> Block:
        ordered = node.type == "ordered_list"
        start = 1
        if ordered:
            try:
                start = max(0, min(int(node.attrs.get("start", 1)), 10**6))
            except (TypeError, ValueError):
                start = 1
        items = [self.list_item(li) for li in node.children]
        return Block("list", ordered=ordered, start=start, items=items)

    def list_item(self, li: SyntaxTreeNode) -> ListItem:
        spans: Spans = []
        children: list[Block] = []
        checked: bool | None = None
        if "task-list-item" in str(li.attrs.get("class", "")):
            checked = _task_checked(li)
        nodes = li.children
        k = -1
        while k + 1 < len(nodes):
            k += 1
            child = nodes[k]
            end = details_end(nodes, k)
            if end is not None:  # a <details>: its summary goes when nothing under it is shown
                found = [b for inner in nodes[k : end + 1] for b in self.blocks(inner)]
                if any(b.type != "heading" for b in found):
                    children.extend(found)
                k = end
                continue
            if child.type == "paragraph" and not children:
                inline = self.inline(child.children[0] if child.children else None)
                more = linked_line(trim_spans(no_placeholder(inline.spans)))
                if spans and more:
                    spans.append(Span(" "))
                spans.extend(more)
                children.extend(b for b in (self.image(i) for i in inline.images) if b)
            else:
                children.extend(self.blocks(child))
        return ListItem(trim_spans(spans), children, checked)

    def table(self, node: SyntaxTreeNode) -> list[Block]:
        header: list[Spans] = []
        rows: list[list[Spans]] = []
        align: list[str] = []
        for part in node.children:
            for tr in part.children:
                cells = []
                for c in tr.children:
                    inline = self.inline(c.children[0] if c.children else None)
                    cells.append(trim_spans(no_placeholder(inline.spans)))
                if part.type == "thead":
                    header = cells
                    align = [_align(c.attrs.get("style")) for c in tr.children]
                else:
                    rows.append(cells)
        if not header and not rows:
            return []
        return [Block("table", header=header, rows=rows, align=align)]

    def quote(self, node: SyntaxTreeNode) -> list[Block]:
        blocks = [b for child in node.children for b in self.blocks(child)]
        parts = quote_parts([], blocks, merge=True)
        if parts and parts[0].type == "quote":
            tone = github_alert(parts[0].paragraphs)
            parts = [replace(b, tone=b.tone or tone) if b.type == "quote" else b for b in parts]
        return [out for b in parts for out in self.unless_notice(b)]

    def unless_notice(self, block: Block) -> list[Block]:
        """A quote unless it is a licence or boilerplate notice (listed); other blocks as is."""
        return boilerplate.unless_notice(self.ctx, block) if block.type == "quote" else [block]

    def unresolved(self, node: SyntaxTreeNode) -> list[Event]:
        """A KEP's `<<[UNRESOLVED]>>` region: a review comment (text alone) goes to the
        speaker notes, titled "Unresolved" and its label, never shown as agreed text; a
        region over headings keeps its content without the markers; nothing when it holds
        the template's "Fill out when targeting ..." placeholder."""
        if boilerplate.PLACEHOLDER.match(node.content):
            boilerplate.note(self.ctx, "a template placeholder not filled in", node.content)
            return []
        inner = self.events(node.content)
        if not inner or not all(isinstance(e, Item) for e in inner):
            return inner
        label = str(node.meta.get("label", "")).strip()
        title = f"Unresolved ({label})" if label else "Unresolved"
        return [Notes(f"{title}: {_events_text(inner)}")]

    def deflist(self, node: SyntaxTreeNode) -> list[Block]:
        items: list[ListItem] = []
        for child in node.children:
            if child.type == "dt":
                inline = self.inline(child.children[0] if child.children else None)
                term = [Span(s.text, True, s.italic, s.code, s.href) for s in inline.spans]
                items.append(ListItem(trim_spans(no_placeholder(term))))
            elif child.type == "dd" and items:
                for sub in child.children:
                    items[-1].children.extend(self.blocks(sub))
        return [Block("list", items=items)] if items else []

    def footnotes(self, node: SyntaxTreeNode) -> list[Block]:
        found: list[tuple[int, ListItem]] = []
        for fn in node.children:
            label = str(fn.meta.get("label", ""))
            number = self._footnote_number(label)
            spans: Spans = []
            for child in fn.children:
                for block in self.blocks(child):
                    for p in block_spans(block):
                        spans += ([Span(" ")] if spans else []) + p
            found.append((number, ListItem(trim_spans(spans))))
        found.sort(key=lambda x: x[0])
        # each note a line of its own under the text, its number raised as in the text
        return [Block("paragraph", [Span(str(n), sup=True), Span(" "), *i.spans]) for n, i in found]

    def container(self, node: SyntaxTreeNode) -> list[Event]:
        name = (node.info or "").strip().split()[0].lower() if node.info else ""
        inner = self.events(node.content)
        if name in ("notes", "note") and name == "notes":
            return [Notes(_events_text(inner))]
        if name in ADMONITIONS:
            title = " ".join((node.info or "").split()[1:]) or ADMONITIONS[name]
            parts = callout(title, [e.block for e in inner if isinstance(e, Item)], name)
            return [Item(b) for c in parts for b in self.unless_notice(c)]
        return inner

    def admonition(self, node: SyntaxTreeNode) -> list[Event]:
        kind = str(node.meta.get("tag", "note")).lower()
        title = ""
        blocks: list[Block] = []
        for child in node.children:
            if child.type == "admonition_title":
                inline = self.inline(child.children[0] if child.children else None)
                title = plain(inline.spans).strip()
            else:
                blocks.extend(self.blocks(child))
        parts = callout(title or ADMONITIONS.get(kind, kind.title()), blocks, kind)
        parts = inline_box(parts, (node.info or "").split()[1:])
        return [Item(b) for c in parts for b in self.unless_notice(c)]

    def html_block(self, html: str) -> list[Event]:
        from generator.markup.htmlblocks import html_events

        return html_events(html, self)


def mark_badge_rows(images: list[Block]) -> None:
    """Several small pictures in one paragraph: a row of badges."""
    if len(images) < 2:
        return
    small = [b for b in images if b.kind == "badge" or (0 < b.height <= 40 and b.width <= 400)]
    if len(small) * 2 >= len(images):
        for b in small:
            if b.kind == "picture":
                b.kind = "badge"


def _task_checked(li: SyntaxTreeNode) -> bool:
    for node in li.walk():
        if node.type == "html_inline" and "checkbox" in node.content:
            return "checked" in node.content
    return False


def _align(style: object) -> str:
    text = str(style or "")
    for value in ("center", "right"):
        if value in text:
            return value
    return "left"


def _events_text(events: list[Event]) -> str:
    parts = []
    for e in events:
        if isinstance(e, Heading):
            parts.append(plain(e.spans))
        elif isinstance(e, Item):
            parts.extend(plain(p) for p in block_spans(e.block))
    return "\n".join(p for p in parts if p.strip())
