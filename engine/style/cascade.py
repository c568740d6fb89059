"""The cascade: ParsedPage + stylesheets -> StyleMap (computed style per element and pseudo-element)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from lxml import etree

from engine.budget import check, current_limits
from engine.diagnostics import Diagnostics
from engine.parse import ParsedPage
from engine.style.animations import page_animator
from engine.style.buckets import RuleBuckets, rule_buckets
from engine.style.computed import (
    ComputedStyle,
    Ctx,
    anonymous_style,
    compute_style,
    describe,
)
from engine.style.declarations import Block, for_direction, parse_inline_style
from engine.style.fontface import FontFaceRule
from engine.style.hints import presentational_hints
from engine.style.media import media_matches
from engine.style.reuse import keep, reuse_key, reused
from engine.style.selectors import CompiledSelector, ElementIndex, match
from engine.style.stylesheet import Message, parse_stylesheet
from engine.style.uasheets import ua_sheet

_PSEUDO_NAMES = ("before", "after", "marker", "first-letter", "first-line", "placeholder")
# Form controls whose native look the author's background, border or border-radius turns off
# (Blink's LayoutTheme::IsControlStyled): the cascade remembers which rules were the UA's.
CONTROL_TAGS = frozenset({"input", "select", "textarea", "button"})
# Chromium's `::marker { unicode-bidi: isolate; font-variant-numeric: tabular-nums; white-space: pre;
# text-transform: none }`.
_MARKER_DEFAULTS = parse_inline_style(
    "white-space: pre; text-transform: none; font-variant-numeric: tabular-nums"
)[0]


# Elements with the same parent style and the same matched declaration blocks share one computed
# style object instead of a fresh computation each (tests switch this off to compare). Computed
# styles are never mutated after the cascade (later stages copy before changing a value).
SHARE_STYLES = True
# Only the rules whose rightmost id, class or tag occurs in the page are tried (tests switch this
# off to compare with trying every rule).
BUCKET_RULES = True


class PageRules(NamedTuple):
    ua: tuple[tuple[CompiledSelector, Block], ...]
    author: tuple[tuple[CompiledSelector, Block], ...]
    messages: tuple[Message, ...]
    font_faces: tuple[FontFaceRule, ...] = ()  # the @font-face rules whose @media match
    # Which of `ua` and `author` a page's elements can match, by their selectors' keys.
    ua_buckets: RuleBuckets = RuleBuckets((), {})
    author_buckets: RuleBuckets = RuleBuckets((), {})


def _sorted_entries(
    sheets: list[Any], viewport: tuple[float, float], max_entries: int = 1 << 62
) -> list[tuple[CompiledSelector, Block]]:
    """Rules in cascade order; at most `max_entries` selectors, the first ones in source order."""
    entries: list[tuple[tuple[int, int, int], int, CompiledSelector, Block]] = []
    order = 0
    for sheet in sheets:
        for rule in sheet.rules:
            order += 1
            if rule.media and not all(media_matches(m, viewport) for m in rule.media):
                continue
            if len(entries) + len(rule.selectors) > max_entries:
                break
            for sel in rule.selectors:
                entries.append((sel.specificity, order, sel, rule.block))
    entries.sort(key=lambda e: (e[0], e[1]))
    return [(e[2], e[3]) for e in entries]


@lru_cache(maxsize=128)
def page_rules(
    sheet_texts: tuple[str, ...],
    viewport: tuple[float, float],
    quirks: bool = False,
    max_rules: int = 1 << 62,
) -> PageRules:
    """All rules of a page in cascade order (per origin), plus the stylesheets' diagnostics.

    At most `max_rules` author selectors are kept (the first ones in source order)."""
    ua = [ua_sheet("ua.css")]
    if quirks:
        ua.append(ua_sheet("quirks.css"))
    author = [parse_stylesheet(text) for text in sheet_texts]
    messages: list[Message] = []
    for sheet in author:
        messages.extend(sheet.messages)
    entries = _sorted_entries(author, viewport, max_rules)
    total = sum(len(rule.selectors) for sheet in author for rule in sheet.rules)
    if total > max_rules:
        messages.append(("limit", f"style rules over the limit of {max_rules} ignored", "<style>"))
    faces = tuple(
        face
        for sheet in author
        for face in sheet.font_faces
        if all(media_matches(m, viewport) for m in face.media)
    )
    ua_entries = _sorted_entries(ua, viewport)
    return PageRules(
        tuple(ua_entries),
        tuple(entries),
        tuple(messages),
        faces,
        rule_buckets([sel for sel, _ in ua_entries]),
        rule_buckets([sel for sel, _ in entries]),
    )


def _merge(blocks: list[Block]) -> dict[str, Any]:
    cascaded: dict[str, Any] = {}
    for block in blocks:
        if block.normal:
            cascaded.update(block.normal)
    for block in blocks:
        if block.important:
            cascaded.update(block.important)
    return cascaded


def _generated(which: str, style: ComputedStyle) -> ComputedStyle | None:
    """A pseudo-element's style, or None for ::before/::after that generate no box."""
    if which in ("before", "after") and style["content"] in ("normal", "none"):
        return None
    return style


class StyleMap:
    """Computed styles of the slide root, its ancestors and descendants (+ pseudo-elements)."""

    def __init__(
        self,
        styles: dict[Any, ComputedStyle],
        pseudo_blocks: dict[tuple[Any, str], list[Block]],
        ctx: Ctx,
        animator: Any = None,
        control_blocks: dict[Any, tuple[list[Block], int]] | None = None,
    ) -> None:
        self._styles = styles
        # form controls -> (their matched blocks, how many of them came from the UA sheet)
        self._control_blocks = control_blocks or {}
        self._pseudo_blocks = pseudo_blocks
        self._animator = animator  # finished animations apply to ::before/::after too
        self._pseudo: dict[tuple[Any, str], ComputedStyle | None] = {}
        self._ctx = ctx
        self.font_faces: tuple[FontFaceRule, ...] = ()  # the page's @font-face rules
        # Pseudo-element styles computed once per (element style, pseudo-element, matched
        # blocks): list items' markers, for one.
        self._shared_pseudo: dict[tuple[int, ...], ComputedStyle] = {}

    def get(self, element: Any) -> ComputedStyle | None:
        """The element's computed style (None for elements outside the slide's tree)."""
        return self._styles.get(element)

    def __getitem__(self, element: Any) -> ComputedStyle:
        return self._styles[element]

    def __contains__(self, element: object) -> bool:
        return element in self._styles

    def __len__(self) -> int:
        return len(self._styles)

    def author_declares(self, element: Any, names: tuple[str, ...]) -> bool:
        """Whether the page's own rules, presentational hints or style attribute declare one of
        the (longhand) `names` on a form control (False for other elements)."""
        found = self._control_blocks.get(element)
        if found is None:
            return False
        blocks, ua_count = found
        return any(n in b.normal or n in b.important for b in blocks[ua_count:] for n in names)

    def pseudo(self, element: Any, which: str) -> ComputedStyle | None:
        """::before / ::after (None when content is none/normal) or ::marker (list items only)."""
        key = (element, which)
        if key in self._pseudo:
            return self._pseudo[key]
        result = self._compute_pseudo(element, which)
        self._pseudo[key] = result
        return result

    def _compute_pseudo(self, element: Any, which: str) -> ComputedStyle | None:
        parent = self._styles.get(element)
        if parent is None or which not in _PSEUDO_NAMES:
            return None
        blocks = self._pseudo_blocks.get((element, which), [])
        if which == "marker":
            if parent["display"] != "list-item":
                return None
            blocks = [_MARKER_DEFAULTS, *blocks]
        elif not blocks:
            return None
        blocks = for_direction(blocks, parent["direction"])
        key = (id(parent), _PSEUDO_NAMES.index(which), *map(id, blocks))
        shared = self._shared_pseudo.get(key) if SHARE_STYLES else None
        if shared is not None:  # the same parent style and rules
            return _generated(which, shared)
        ctx = self._ctx
        ctx.suffix = f"::{which}"
        merged = _merge(blocks)
        custom = any(b.custom for b in blocks)
        style = compute_style(merged, parent, ctx, element, custom)
        animator = self._animator
        if animator is not None and which != "marker" and style["animation-name"] != "none":
            where = describe(element) + ctx.suffix
            ended = animator.end_state(style, merged, blocks, where)
            if ended is not None:
                style = compute_style(ended, parent, ctx, element, True)
        elif "content" not in merged:  # content: attr() reads the element
            self._shared_pseudo[key] = style
        ctx.suffix = ""
        return _generated(which, style)

    def declared(self, element: Any, which: str) -> set[str]:
        """The properties a pseudo-element's own rules declare (not inherited ones)."""
        names: set[str] = set()
        for block in self._pseudo_blocks.get((element, which), ()):
            names.update(block.normal)
            names.update(block.important)
        return names

    def anonymous(self, parent: ComputedStyle, display: str) -> ComputedStyle:
        """Style of an anonymous box inside `parent`: inherited values, the rest initial."""
        return anonymous_style(parent, display)


def _scope(page: ParsedPage) -> list[Any]:
    ancestors = list(page.slide.iterancestors())
    ancestors.reverse()
    return ancestors + list(page.slide.iter(etree.Element))


def compute_styles(page: ParsedPage, diag: Diagnostics, viewport: tuple[float, float]) -> StyleMap:
    """Run the cascade and compute the style of every element around and inside the slide root."""
    viewport = (float(viewport[0]), float(viewport[1]))
    rules = page_rules(
        tuple(page.stylesheets),
        viewport,
        bool(getattr(page, "quirks", False)),
        current_limits().max_style_rules,
    )
    for kind, message, where in rules.messages:
        diag.add(kind, message, where)
    elements = _scope(page)
    matched: dict[Any, list[Block]] = {el: [] for el in elements}
    pseudo_blocks: dict[tuple[Any, str], list[Block]] = {}
    index = ElementIndex(elements)
    root = page.root

    def apply(entries: tuple[tuple[CompiledSelector, Block], ...], buckets: RuleBuckets) -> None:
        get = matched.get
        positions = buckets.positions(index) if BUCKET_RULES else range(len(entries))
        for n, position in enumerate(positions):
            if not n & 63:
                check("style")
            sel, block = entries[position]
            found = match(sel, root, index)
            if not found:
                continue
            pseudo = sel.pseudo
            if pseudo is None:
                for el in found:
                    lst = get(el)
                    if lst is not None:
                        lst.append(block)
            else:
                for el in found:
                    if el in matched:
                        pseudo_blocks.setdefault((el, pseudo), []).append(block)

    apply(rules.ua, rules.ua_buckets)
    control_blocks = {
        el: (matched[el], len(matched[el])) for el in elements if el.tag in CONTROL_TAGS
    }
    for el, block in presentational_hints(elements):
        matched[el].append(block)
    apply(rules.author, rules.author_buckets)

    ctx = Ctx(viewport, diag)
    animator = page_animator(tuple(page.stylesheets), viewport, diag)
    styles: dict[Any, ComputedStyle] = {}
    # (id of the parent's style, ids of the matched blocks) -> the computed style; the blocks and
    # parent styles stay alive (in `matched` and `styles`) while this map is used.
    computed: dict[tuple[int, ...], ComputedStyle] = {}
    root_element = elements[0] if elements else None
    for el in elements:
        check("style")
        blocks = matched[el]
        inline = el.get("style")
        if inline:
            block, messages = parse_inline_style(inline)
            if messages:
                where = describe(el) + " style"
                for kind, message in messages:
                    diag.add(kind, message, where)
            blocks.append(block)
        parent_el = el.getparent()
        parent = styles.get(parent_el) if parent_el is not None else None
        blocks = for_direction(blocks, parent["direction"] if parent is not None else "ltr")
        key = (id(parent), *map(id, blocks))
        style = computed.get(key) if SHARE_STYLES else None
        if style is None:  # else a sibling/cousin with the same parent style and the same rules
            style, shared = _element_style(el, blocks, parent, ctx, animator)
            if shared:
                computed[key] = style
        styles[el] = style
        if el is root_element:
            ctx.root_font_size = style["font-size"]
    style_map = StyleMap(styles, pseudo_blocks, ctx, animator, control_blocks)
    style_map.font_faces = rules.font_faces
    return style_map


def _element_style(
    el: Any, blocks: list[Block], parent: ComputedStyle | None, ctx: Ctx, animator: Any
) -> tuple[ComputedStyle, bool]:
    """The element's style, and whether it may be shared: computed values depend only on the
    parent's style and the blocks (content: attr() reads the element, finished animations the
    page's @keyframes; those are not shared). Shared styles are kept across pages too."""
    if not SHARE_STYLES:
        return _computed_alone(el, blocks, parent, ctx, animator), False
    key = reuse_key(ctx, parent, blocks)
    found = reused(key, ctx, el, parent, blocks)
    if found is not None:
        return found, True
    if any("content" in block.normal or "content" in block.important for block in blocks):
        return _computed_alone(el, blocks, parent, ctx, animator), False
    heard: list[str] = []
    ctx.heard = heard
    try:
        style = _computed_alone(el, blocks, parent, ctx, animator)
    finally:
        ctx.heard = None
    if style["animation-name"] != "none":
        return style, False
    keep(key, style, parent, blocks, heard)
    return style, True


def _computed_alone(
    el: Any, blocks: list[Block], parent: ComputedStyle | None, ctx: Ctx, animator: Any
) -> ComputedStyle:
    """The element's style computed from its blocks (and its finished animations)."""
    has_custom = False
    if not blocks:
        cascaded: dict[str, Any] = {}
    elif len(blocks) == 1 and not blocks[0].important:
        cascaded = blocks[0].normal
        has_custom = blocks[0].custom
    else:
        cascaded = _merge(blocks)
        has_custom = any(block.custom for block in blocks)
    style = compute_style(cascaded, parent, ctx, el, has_custom)
    if animator is not None and style["animation-name"] != "none":
        ended = animator.end_state(style, cascaded, blocks, describe(el))
        if ended is not None:  # finished animations with fill-mode forwards/both
            style = compute_style(ended, parent, ctx, el, True)
    return style
