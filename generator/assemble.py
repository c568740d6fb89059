"""Fitted slide HTML + the layouts the fit check kept -> the engine's Conversion (PPTX + slide model), without laying the pages out again."""

from __future__ import annotations

import os
from collections.abc import Sequence

from engine.api import Conversion, convert
from engine.options import Options
from engine.pipeline import PageResult
from generator.fit import Fitter


def convert_fitted(
    htmls: Sequence[str],
    fitter: Fitter,
    *,
    filename: str | None,
    options: Options,
    properties: dict[str, str] | None = None,
) -> Conversion:
    """The deck of `htmls`, built from the layouts `fitter` kept while checking them.

    The fit check laid every page out already (same engine, same options); this turns those
    layouts into slide models and writes the PPTX. When a page's layout was not kept or did not
    convert, or the pages differ in size, the whole deck goes through `engine.api.convert`
    (its per-page isolation and error report) instead: the output is the same either way."""
    results: list[PageResult] = []
    for html in htmls:
        result = fitter.page_result(html)
        if result is None:
            return convert(list(htmls), filename=filename, options=options)
        results.append(result)
    sizes = {(round(r.width), round(r.height)) for r in results}
    if len(sizes) != 1:
        return convert(list(htmls), filename=filename, options=options)
    from engine.pptx import write_deck_report

    width, height = sizes.pop()
    media: dict[str, dict[str, object]] = {}
    for r in results:
        media.update(r.media)
    slides = [r.slide for r in results]
    deck = {"width": width, "height": height, "slides": slides, "title": _title(filename)}
    props = properties or {}
    if props.get("title"):
        deck["title"] = props["title"]
    if props.get("author"):
        deck["author"] = props["author"]
    data, fonts = write_deck_report(
        deck,
        media,
        embed=options.embed_fonts,  # type: ignore[arg-type]  # "none" | "subset" | "full"
        max_font_bytes=options.limits.max_embedded_font_bytes,
    )
    return Conversion(
        pptx_bytes=data,
        total_pages=len(results),
        success_pages=len(results),
        failed_pages=0,
        page_error_mode="blank",
        failed_page_details=[],
        slide_width=float(width),
        slide_height=float(height),
        slides=slides,
        diagnostics=[r.diagnostics.to_list() for r in results],
        filename=filename,
        media=media,
        fonts=fonts,
    )


def _title(filename: str | None) -> str:
    """The deck title the engine gives a file name (engine.api.convert)."""
    if not filename:
        return "Presentation"
    base = os.path.basename(filename)
    return base[:-5] if base.lower().endswith(".pptx") else base
