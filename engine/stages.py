"""The engine's stages one at a time, for callers that work between them (deckforge's generator
measures laid-out pages before it keeps them; PowerPoint templates put slides on a company's
master): a page -> its layout (`engine.lay_out`) -> its slide model (`draw_page`, `slide_of`) ->
a deck's PPTX bytes (`write_slides`). `engine.convert` runs them all with page isolation.

Every page stage runs under the page's limits and time budget, as in `convert`, and raises
PageError (or RecursionError / MemoryError) where `convert` would record a failed page.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.budget import run_page
from engine.options import Options
from engine.pipeline import PageResult, convert_page

if TYPE_CHECKING:
    from engine.api import LaidOut
    from engine.pptx.base import BasePackage
    from engine.pptx.fontembed import EmbedMode


def draw_page(html: str, options: Options | None = None) -> PageResult:
    """One page's slide model (with its media and diagnostics), laid out and mapped as `convert`
    does for that page."""
    options = options or Options()
    return run_page(lambda: convert_page(html, options), options.limits)


def slide_of(laid: LaidOut, options: Options | None = None) -> PageResult:
    """The slide model of a page `engine.lay_out` laid out (with the same options), without
    laying it out again."""
    from engine.api import finish_laid_out

    options = options or Options()
    return run_page(lambda: finish_laid_out(laid, options), options.limits)


def write_slides(
    deck: Mapping[str, Any],
    media: Mapping[str, Mapping[str, Any]],
    *,
    base: BasePackage | None = None,
    embed: EmbedMode = "none",
) -> bytes:
    """The PPTX bytes of a slide model deck ({"width", "height", "slides", "title"?}; see
    docs/engine.md, The slide model) with its media, written on deckforge's own package or on a
    PowerPoint template's (`base`: its masters, layouts and theme; slides may name a `layout`
    and fill its `placeholders`)."""
    if base is not None:
        from engine.pptx.base import write_on_base_report

        return write_on_base_report(base, deck, media, embed=embed)[0]
    from engine.pptx import write_deck

    return write_deck(deck, media, embed=embed)
