"""Box tree construction (parsed elements + computed styles -> a tree of Box objects rooted at the slide)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.boxes import box as b
from engine.boxes.controls import CONTROL_TAGS, build_control, button_frame, native_look
from engine.boxes.counters import Counters, ancestors_in_scope
from engine.boxes.firstletter import (
    CONTAINERS,
    first_letter_style,
    first_line_values,
    inline_floats,
    set_first_line,
    split_first_letter,
)
from engine.boxes.lists import (
    hand_marker_to_first_line,
    marker_text,
    ordinal_for,
)
from engine.boxes.quotes import QuoteDepth, element_lang, quote_pairs
from engine.boxes.whitespace import collapse_inline_whitespace
from engine.budget import check
from engine.diagnostics import Diagnostics
from engine.links import dropped_reason, link_target
from engine.options import Options
from engine.style.types import UrlImage

REPLACED_TAGS = {
    "img",
    "svg",
    "video",
    "canvas",
    "iframe",
    "object",
    "embed",
    "input",
    "select",
    "textarea",
    "progress",
    "meter",
}
SKIP_TAGS = {"script", "style", "noscript", "template", "head", "title", "meta", "link", "base"}

DISPLAY_MAP: dict[str, tuple[str, str]] = {
    "block": ("block", b.FLOW),
    "list-item": ("block", b.FLOW),
    "flow-root": ("block", b.FLOW_ROOT),
    "inline": ("inline", b.INLINE),
    "inline-block": ("inline", b.FLOW_ROOT),
    "flex": ("block", b.FLEX),
    "inline-flex": ("inline", b.FLEX),
    "grid": ("block", b.GRID),
    "inline-grid": ("inline", b.GRID),
    "table": ("block", b.TABLE),
    "inline-table": ("inline", b.TABLE),
    "table-row-group": ("block", b.TABLE_ROW_GROUP),
    "table-header-group": ("block", b.TABLE_ROW_GROUP),
    "table-footer-group": ("block", b.TABLE_ROW_GROUP),
    "table-row": ("block", b.TABLE_ROW),
    "table-cell": ("block", b.TABLE_CELL),
    "table-caption": ("block", b.TABLE_CAPTION),
    "table-column": ("block", b.TABLE_COLUMN),
    "table-column-group": ("block", b.TABLE_COLUMN),
    "-webkit-box": ("block", b.FLOW),  # legacy flexbox, used for line clamping: a block container
    "-webkit-inline-box": ("inline", b.FLOW_ROOT),
}
TABLE_INTERNAL = frozenset({b.TABLE_ROW_GROUP, b.TABLE_ROW, b.TABLE_CELL})

BLOCKIFY = {b.INLINE: b.FLOW}


MAX_GENERATED_CHARS = 10_000  # per ::before / ::after (e.g. content: attr(x) of a huge attribute)


@dataclass
class BuildContext:
    styles: Any  # StyleMap
    diag: Diagnostics
    options: Options
    media: dict[str, dict[str, Any]] = field(default_factory=dict)
    counter: int = 0
    ordinals: dict[Any, dict[Any, int]] = field(default_factory=dict)  # list -> item ordinals
    counters: Counters = field(default_factory=Counters)  # CSS counters in scope
    quotes: QuoteDepth = field(default_factory=QuoteDepth)  # open-quote nesting depth
    decorations: tuple[Any, ...] = ()  # styles whose text-decoration reaches the text built now

    def next_index(self) -> int:
        self.counter += 1
        return self.counter


def build_box_tree(
    slide: Any, styles: Any, diag: Diagnostics, options: Options
) -> tuple[b.Box, dict[str, dict[str, Any]]]:
    """Build the box tree of the slide root; returns the root box and the page's media table."""
    ctx = BuildContext(styles, diag, options)
    style = styles.get(slide)
    outer, inner = DISPLAY_MAP.get(style["display"], ("block", b.FLOW))
    if inner == b.INLINE:
        inner = b.FLOW
    root = b.Box(style, "block", inner, element=slide, index=ctx.next_index())
    _load_backgrounds(root, ctx)
    ancestors_in_scope(ctx.counters, slide, styles)
    ctx.counters.apply(style, slide.tag.lower() if isinstance(slide.tag, str) else "", slide)
    ctx.counters.open()
    ctx.decorations = _decorating(style, ())
    root.children = _fix_children(root, list(_child_boxes(slide, style, ctx, None)), ctx)
    root.inline_content = _is_inline_container(root)
    return root, ctx.media


def _element_box(
    el: Any, parent_style: Any, ctx: BuildContext, href: str | None
) -> Iterator[b.Box]:
    check("boxes")
    tag = el.tag.lower() if isinstance(el.tag, str) else ""
    if not tag or tag in SKIP_TAGS:
        return
    style = ctx.styles.get(el)
    if style is None:
        return
    display = style["display"]
    if display == "none":
        return
    if tag == "a" and el.get("href"):
        href = link_target(el.get("href"))
        if href is None:
            ctx.diag.add("resource", dropped_reason(el.get("href")), "a")
    if display == "contents":  # no box: its counter properties are ignored too (Chromium)
        yield from _child_boxes(el, style, ctx, href)
        return
    counters = ctx.counters
    counters.apply(style, tag, el)
    counters.open()  # closed before the box is yielded: the children's counters go out of scope
    outer, inner = DISPLAY_MAP.get(display, ("inline", b.INLINE))
    if tag in CONTROL_TAGS:
        control = _control_box(el, tag, style, outer, ctx, href)
        if control is not None:
            counters.close()
            yield control
            return
    if tag == "button":
        style = native_look(el, style, ctx.styles)
    if tag == "br" or tag in REPLACED_TAGS:
        leaf = _leaf_box(el, tag, style, outer, ctx, href)
        counters.close()
        if leaf is not None:
            yield leaf
        return
    if display not in DISPLAY_MAP:
        ctx.diag.add("css", f"display: {display} treated as inline", tag)
    if style["position"] in ("absolute", "fixed") or style["float"] != "none":
        outer, inner = "block", BLOCKIFY.get(inner, inner)
    box = b.Box(style, outer, inner, element=el, href=href, index=ctx.next_index())
    _load_backgrounds(box, ctx)
    if display == "list-item":
        box.marker_style = ctx.styles.pseudo(el, "marker")
        box.marker = _marker_for(el, style, box.marker_style, ctx)
        box.ordinal = ordinal_for(el, ctx.ordinals)
    outer_decorations = ctx.decorations
    ctx.decorations = _decorating(style, () if _stops_decorations(box) else outer_decorations)
    children = list(_child_boxes(el, style, ctx, href))
    ctx.decorations = outer_decorations
    counters.close()
    line_values = first_line_values(el, ctx.styles) if inner in CONTAINERS else None
    if inner in CONTAINERS:
        letter_style = first_letter_style(el, ctx.styles, line_values)
        if letter_style is not None:
            children = split_first_letter(letter_style, children, ctx.next_index)
    button = button_frame(box, ctx.next_index) if tag == "button" else None
    if button is not None:  # the button's content goes into its centred anonymous block
        button.children = _fix_children(button, children, ctx)
        button.inline_content = _is_inline_container(button)
        children = [button]
    box.children = _fix_children(box, children, ctx)
    box.inline_content = _is_inline_container(box)
    hand_marker_to_first_line(box)
    if line_values:
        set_first_line(box, line_values)
    yield box


def _control_box(
    el: Any, tag: str, style: Any, outer: str, ctx: BuildContext, href: str | None
) -> b.Box | None:
    """A form control's box (engine/boxes/controls.py), None for those kept empty."""
    if style["position"] in ("absolute", "fixed") or style["float"] != "none":
        outer = "block"

    def pseudos() -> list[b.Box]:
        made = (_pseudo_box(el, "before", ctx, href), _pseudo_box(el, "after", ctx, href))
        return [p for p in made if p is not None]

    built = build_control(el, tag, style, outer, ctx.styles, ctx.next_index, pseudos)
    if built is None:
        return None
    box, children = built
    box.href = href
    if children is not None:
        box.children = _fix_children(box, children, ctx)
        box.inline_content = _is_inline_container(box)
    return box


def _leaf_box(
    el: Any, tag: str, style: Any, outer: str, ctx: BuildContext, href: str | None
) -> b.Box | None:
    """The box of a <br> or of a replaced element (None when there is nothing to show)."""
    if tag == "br":
        return b.Box(style, "inline", b.BREAK, element=el, index=ctx.next_index())
    if style["display"] not in DISPLAY_MAP:
        ctx.diag.add("css", f"display: {style['display']} treated as inline", tag)
    # Replaced elements bring in the resource loaders and the image/SVG decoders: a page
    # without <img>, <svg> or url() backgrounds never imports them.
    from engine.boxes.replaced import replaced_for

    replaced = replaced_for(el, tag, style, ctx.diag, ctx.options, ctx.media, ctx.styles)
    if replaced is None:
        return None
    box = b.Box(
        style, outer, b.REPLACED, element=el, replaced=replaced, href=href, index=ctx.next_index()
    )
    if style["position"] in ("absolute", "fixed") or style["float"] != "none":
        box.outer = "block"
    return box


def _child_boxes(el: Any, style: Any, ctx: BuildContext, href: str | None) -> Iterator[b.Box]:
    before = _pseudo_box(el, "before", ctx, href)
    if before is not None:
        yield before
    if _is_closed_details(el):  # only its first <summary> is slotted in (Chromium)
        summary = _closed_details_summary(el)
        if summary is not None:
            yield from _element_box(summary, style, ctx, href)
    else:
        yield from _content_boxes(el, style, ctx, href)
    after = _pseudo_box(el, "after", ctx, href)
    if after is not None:
        yield after


def _content_boxes(el: Any, style: Any, ctx: BuildContext, href: str | None) -> Iterator[b.Box]:
    if el.text:
        yield _text_box(el.text, style, ctx, href)
    for child in el:
        if isinstance(child.tag, str):
            yield from _element_box(child, style, ctx, href)
        if child.tail:
            yield _text_box(child.tail, style, ctx, href)


def _is_closed_details(el: Any) -> bool:
    return isinstance(el.tag, str) and el.tag.lower() == "details" and el.get("open") is None


def _closed_details_summary(el: Any) -> Any:
    """A closed <details>' first <summary> child, the one element Chromium shows of it."""
    for child in el:
        if isinstance(child.tag, str) and child.tag.lower() == "summary":
            return child
    return None


def _load_backgrounds(box: b.Box, ctx: BuildContext) -> None:
    """Decode (or, when the caller allows it, fetch) the url() images of background layers once,
    with the caller's options and limits; the slide model looks them up by URL."""
    for layer in box.style["background-image"] or ():
        if not isinstance(layer, UrlImage) or layer.url in box.background_media:
            continue
        from engine.images import image_media  # see _leaf_box
        from engine.resources import load_resource

        where = box.describe()
        resource = load_resource(layer.url, ctx.diag, ctx.options, where)
        entry = (
            image_media(resource, ctx.diag, ctx.options, ctx.media, where)
            if resource is not None
            else None
        )
        if entry is not None:
            box.background_media[layer.url] = entry["key"]


def _text_box(text: str, style: Any, ctx: BuildContext, href: str | None) -> b.Box:
    box = b.Box(style, "inline", b.TEXT, text=text, href=href, index=ctx.next_index())
    box.decorations = ctx.decorations
    return box


def _decorating(style: Any, outer: tuple[Any, ...]) -> tuple[Any, ...]:
    """The decorating styles inside a box with `style`: the outer ones, then its own."""
    return (*outer, style) if style["text-decoration-line"] else outer


def _stops_decorations(box: b.Box) -> bool:
    """Decorations of ancestors do not reach into atomic inlines, floats or out-of-flow boxes."""
    return box.is_atomic_inline or box.out_of_flow or box.style["float"] != "none"


def _pseudo_box(el: Any, which: str, ctx: BuildContext, href: str | None) -> b.Box | None:
    style = ctx.styles.pseudo(el, which)
    if style is None or style["display"] == "none":
        return None
    content = style["content"]
    if not isinstance(content, tuple):
        return None
    counters = ctx.counters  # a ::before / ::after is a child of its element
    counters.apply(style)
    text = "".join(_content_piece(piece, ctx, el) for piece in content)
    counters.open()  # a counter it nested inside its parent's goes out of scope with it
    counters.close()
    if len(text) > MAX_GENERATED_CHARS:
        ctx.diag.add("limit", f"generated content cut to {MAX_GENERATED_CHARS} characters", which)
        text = text[:MAX_GENERATED_CHARS]
    outer, inner = DISPLAY_MAP.get(style["display"], ("inline", b.INLINE))
    if style["position"] in ("absolute", "fixed") or style["float"] != "none":
        outer, inner = "block", BLOCKIFY.get(inner, inner)
    box = b.Box(style, outer, inner, pseudo=which, href=href, index=ctx.next_index())
    _load_backgrounds(box, ctx)
    if text:
        text_box = b.Box(style, "inline", b.TEXT, text=text, href=href, index=ctx.next_index())
        text_box.decorations = _decorating(
            style, () if _stops_decorations(box) else ctx.decorations
        )
        box.children = _fix_children(box, [text_box], ctx)
    box.inline_content = _is_inline_container(box)
    return box


def _content_piece(piece: Any, ctx: BuildContext, el: Any = None) -> str:
    """One piece of a resolved `content` value as text: a string, counter(name, style) /
    counters(name, separator, style) of the counters in scope (engine.boxes.counters), or a
    quotation mark at the walk's quote depth (engine.boxes.quotes)."""
    if isinstance(piece, str):
        return piece
    if isinstance(piece, tuple) and len(piece) == 3 and piece[0] == "quote":
        return ctx.quotes.text(str(piece[1]), quote_pairs(piece[2], element_lang(el)))
    if isinstance(piece, tuple) and len(piece) == 3 and piece[0] == "counter":
        return ctx.counters.text(piece[1], str(piece[2]))
    if isinstance(piece, tuple) and len(piece) == 4 and piece[0] == "counters":
        return ctx.counters.joined(piece[1], str(piece[2]), str(piece[3]))
    return ""


def _marker_for(el: Any, style: Any, marker_style: Any, ctx: BuildContext) -> str | None:
    """The marker's text: the ::marker `content` when set (Chromium shows it whatever the
    list-style-type), else the list-style-type's counter text or string."""
    content = marker_style["content"] if marker_style is not None else "normal"
    if content == "none":
        return None
    if isinstance(content, tuple):
        text = "".join(_content_piece(piece, ctx, el) for piece in content)
        return text[:MAX_GENERATED_CHARS] or None
    list_type = style["list-style-type"]
    if list_type == "none":
        return None
    return marker_text(list_type, ordinal_for(el, ctx.ordinals))


def _fix_children(parent: b.Box, children: list[b.Box], ctx: BuildContext) -> list[b.Box]:
    """Generate anonymous boxes: CSS 2.1 9.2.1.1 (block containers) and flex/grid item wrapping."""
    if parent.inner in (b.FLEX, b.GRID):
        return _wrap_items(parent, children, ctx)
    if parent.inner == b.INLINE:
        return children  # whitespace is processed by the enclosing block container
    if parent.inner in (b.TABLE, b.TABLE_ROW_GROUP, b.TABLE_ROW):
        return [c for c in children if not (c.inner == b.TEXT and not c.text.strip())]
    if any(c.inner in TABLE_INTERNAL for c in children):
        children = _wrap_table_parts(parent, children, ctx)
    inline_floats(children)
    in_flow = [c for c in children if not c.out_of_flow]
    has_block = any(c.outer == "block" for c in in_flow)
    if not has_block:
        collapse_inline_whitespace(parent, children)
        return [c for c in children if not (c.inner == b.TEXT and c.text == "")]
    out: list[b.Box] = []
    for is_run, group in _runs(children, lambda c: c.outer != "block" or c.out_of_flow):
        if not is_run:
            out.extend(group)
        elif any(not _is_blank_text(c) and not c.out_of_flow for c in group):
            out.append(_anonymous_block(parent, group, ctx))
        else:
            out.extend(c for c in group if c.out_of_flow)
    return out


def _runs(
    children: list[b.Box], in_run: Callable[[b.Box], bool]
) -> Iterator[tuple[bool, list[b.Box]]]:
    """Consecutive children split into maximal runs that satisfy `in_run` and single others."""
    run: list[b.Box] = []
    for child in children:
        if in_run(child):
            run.append(child)
            continue
        if run:
            yield True, run
            run = []
        yield False, [child]
    if run:
        yield True, run


def _anonymous(parent: b.Box, display: str, inner: str, ctx: BuildContext) -> b.Box:
    """A block-level anonymous box inheriting from `parent` (CSS 2.1 9.2.1.1 / 17.2.1)."""
    style = ctx.styles.anonymous(parent.style, display)
    return b.Box(style, "block", inner, anonymous=True, index=ctx.next_index())


def _anonymous_block(parent: b.Box, run: list[b.Box], ctx: BuildContext) -> b.Box:
    """An anonymous block box holding a run of inline-level boxes (CSS 2.1 9.2.1.1)."""
    anon = _anonymous(parent, "block", b.FLOW, ctx)
    collapse_inline_whitespace(anon, run)
    anon.children = [c for c in run if not (c.inner == b.TEXT and c.text == "")]
    anon.inline_content = True
    return anon


def _wrap_table_parts(parent: b.Box, children: list[b.Box], ctx: BuildContext) -> list[b.Box]:
    """CSS 2.1 17.2.1: rows, row groups and cells outside a table get an anonymous table around
    each run of them (the `display: table-cell` centring idiom)."""
    out: list[b.Box] = []
    pending: list[b.Box] = []  # a table run, with blank text between parts kept inside it
    for child in children:
        if child.inner in TABLE_INTERNAL or (pending and _is_blank_text(child)):
            pending.append(child)
            continue
        out.extend(_anonymous_tables(parent, pending, ctx))
        pending = []
        out.append(child)
    out.extend(_anonymous_tables(parent, pending, ctx))
    return out


def _anonymous_tables(parent: b.Box, run: list[b.Box], ctx: BuildContext) -> list[b.Box]:
    parts = [c for c in run if not _is_blank_text(c)]
    if not parts:
        return []
    table = _anonymous(parent, "table", b.TABLE, ctx)
    table.children = parts
    return [table]


def _wrap_items(parent: b.Box, children: list[b.Box], ctx: BuildContext) -> list[b.Box]:
    """Flex and grid items: runs of text become anonymous block items; items are blockified."""
    out: list[b.Box] = []
    for is_run, group in _runs(children, lambda c: c.inner in (b.TEXT, b.BREAK)):
        if is_run:
            if any(not _is_blank_text(c) for c in group):
                out.append(_anonymous_block(parent, group, ctx))
            continue
        (child,) = group
        if child.outer == "inline":
            child.outer = "block"  # blockification of flex/grid items
            if child.inner == b.INLINE:
                child.inner = b.FLOW
                child.children = _fix_children(child, child.children, ctx)
                child.inline_content = _is_inline_container(child)
        out.append(child)
    return out


def _is_blank_text(box: b.Box) -> bool:
    return box.inner == b.TEXT and not box.text.strip(" \t\n\r\f")


def _is_inline_container(box: b.Box) -> bool:
    if box.inner not in (b.FLOW, b.FLOW_ROOT, b.TABLE_CELL, b.TABLE_CAPTION):
        return False
    in_flow = [c for c in box.children if not c.out_of_flow]
    return (
        bool(in_flow)
        and all(c.outer == "inline" for c in in_flow)
        or bool(box.marker and not in_flow)
    )
