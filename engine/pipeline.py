"""One page through every stage (HTML string -> parsed page -> styles -> boxes -> fragments -> slide model)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import partial
from typing import Any, cast

from engine.boxes.build import build_box_tree
from engine.diagnostics import Diagnostics
from engine.fonts.fontsets import use_font_set
from engine.fonts.webfonts import WebFonts, load_web_fonts, use_web_fonts
from engine.layout.base import LayoutContext, Space, layout_box
from engine.layout.fragments import BoxFragment
from engine.layout.positioned.absolute import place_absolutes
from engine.layout.positioned.sticky import place_stickies
from engine.localfiles import read_stylesheet
from engine.model.schema import Media, Slide
from engine.model.slide import build_slide
from engine.options import Options
from engine.parse import parse_page
from engine.style import compute_styles


@dataclass
class PageResult:
    """A converted page: its slide size (px), its slide model and the media it refers to."""

    width: float
    height: float
    slide: Slide
    media: dict[str, Media] = field(default_factory=dict)
    diagnostics: Diagnostics = field(default_factory=Diagnostics)
    web_fonts: WebFonts = field(default_factory=WebFonts)  # the page's @font-face faces


@dataclass
class LaidOutPage:
    root: BoxFragment
    media: dict[str, dict[str, Any]]
    lang: str
    web_fonts: WebFonts = field(default_factory=WebFonts)


def layout_page(
    html: str, options: Options | None = None, diag: Diagnostics | None = None
) -> LaidOutPage:
    """Parse, cascade, build boxes and lay out one page; returns the slide root's fragment and media."""
    options = options or Options()
    with use_font_set(options.font_set):
        return _layout_page(html, options, diag if diag is not None else Diagnostics())


def _layout_page(html: str, options: Options, diag: Diagnostics) -> LaidOutPage:
    load_css = partial(read_stylesheet, diag=diag, options=options) if options.file_roots else None
    page = parse_page(html, diag, options.limits, load_css)
    viewport = (float(options.viewport[0]), float(options.viewport[1]))
    styles = compute_styles(page, diag, viewport)
    own = slide_viewport(styles.get(page.slide), viewport)
    if own != viewport:
        # The page is seen in a viewport of the slide's own size (as a browser showing the
        # slide full-size does): vw/vh and @media then read the slide's size.
        viewport = own
        if _VIEWPORT_DEPENDENT.search(html):  # diagnostics are kept from the first pass
            styles = compute_styles(page, Diagnostics(), viewport)
    fonts = load_web_fonts(styles.font_faces, diag, options) if styles.font_faces else WebFonts()
    with use_web_fonts(fonts):  # @font-face faces come first in every font lookup
        root_box, media = build_box_tree(page.slide, styles, diag, options)
        lang = (page.root.get("lang") or "").strip()
        ctx = LayoutContext(diag, viewport, lang=lang)
        fragment = layout_box(root_box, ctx, Space(viewport[0], viewport[1]))
        fragment.x = fragment.y = 0.0
        place_absolutes(fragment, ctx)
        place_stickies(fragment, viewport)
    return LaidOutPage(fragment, media, lang, fonts)


_VIEWPORT_DEPENDENT = re.compile(r"@media|@container|\d(?:[sld]?v(?:w|h|i|b|min|max))\b", re.I)
_MAX_VIEWPORT = 16384.0


def slide_viewport(style: Any, default: tuple[float, float]) -> tuple[float, float]:
    """The viewport a page is laid out in: the slide root's own px width and height when both
    are given as lengths (within bounds), else `default`."""
    if style is None:
        return default
    w, h = style["width"], style["height"]
    if (
        type(w) is float
        and type(h) is float
        and 1.0 <= w <= _MAX_VIEWPORT
        and 1.0 <= h <= _MAX_VIEWPORT
    ):
        return (w, h)
    return default


def layout_html(html: str, options: Options | None = None) -> BoxFragment:
    """The slide root's fragment (after absolute positioning): for tests and debugging."""
    return layout_page(html, options).root


def convert_page(html: str, options: Options) -> PageResult:
    diag = Diagnostics()
    with use_font_set(options.font_set):  # fonts are resolved in this (the page's) thread
        page = layout_page(html, options, diag)
        with use_web_fonts(page.web_fonts):
            slide = build_slide(page.root, page.media, diag, options, page.lang)
    # The media store still holds plain dicts: their shape is checked by
    # tests/model/test_slide_model_schema.py against the model's JSON Schema.
    media = cast(dict[str, Media], page.media)
    return PageResult(page.root.width, page.root.height, slide, media, diag, page.web_fonts)
