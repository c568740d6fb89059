"""Computed styles reused across pages.

An element's computed style depends only on its parent's computed style, its matched
declaration blocks (in order), the viewport, the root font size and the var() size limit (see
`compute_style`). The pages of one deck share their stylesheets, so the same blocks under the
same parent style recur from page to page (a generator lays one slide out many times): such
styles are computed once per process. Blocks come from bounded caches of parsed rules; an entry
keeps its parent style and blocks alive, so the identities in its key stay theirs. The messages
a computation reported are reported again, for the element at hand, when it is reused.
Styles are never mutated after the cascade, so one object can serve several pages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.budget import current_limits
from engine.fonts.cache import BoundedCache
from engine.style.computed import ComputedStyle, Ctx
from engine.style.declarations import Block

ReuseKey = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Kept:
    """A computed style with everything its key names, held so their identities stay unique."""

    style: ComputedStyle
    parent: ComputedStyle | None
    blocks: tuple[Block, ...]
    messages: tuple[str, ...]  # what computing it reported, in order


# At most 2 x 1,024 styles (~7 kB each) are kept: a deck of the built-in templates needs a few
# hundred.
_KEPT: BoundedCache[ReuseKey, Kept] = BoundedCache(1024)


def reuse_key(ctx: Ctx, parent: ComputedStyle | None, blocks: list[Block]) -> ReuseKey:
    """Everything a computed style depends on, by identity for the parent and the blocks."""
    limit = current_limits().max_var_bytes
    return (ctx.viewport, ctx.root_font_size, limit, id(parent), *map(id, blocks))


def reused(
    key: ReuseKey, ctx: Ctx, element: Any, parent: ComputedStyle | None, blocks: list[Block]
) -> ComputedStyle | None:
    """The style computed earlier for the same key (its messages reported again for `element`),
    None when there is none."""
    kept = _KEPT.get(key)
    if kept is None or kept.parent is not parent or len(kept.blocks) != len(blocks):
        return None
    if any(a is not b for a, b in zip(kept.blocks, blocks, strict=True)):
        return None
    if kept.messages:
        ctx.element = element
        ctx.suffix = ""
        for message in kept.messages:
            ctx.report(message)
    return kept.style


def keep(
    key: ReuseKey,
    style: ComputedStyle,
    parent: ComputedStyle | None,
    blocks: list[Block],
    messages: list[str],
) -> None:
    _KEPT.put(key, Kept(style, parent, tuple(blocks), tuple(messages)))


def clear() -> None:
    """Forget every kept style (tests)."""
    _KEPT.clear()
