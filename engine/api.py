"""The library entry point (an ordered list of HTML pages -> one PPTX deck, with the per-page error policy)."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from engine.budget import DeckBudget, run_page
from engine.diagnostics import Diagnostics
from engine.errors import (
    PAGE_INTERNAL_ERROR,
    PAGE_LIMIT_EXCEEDED,
    PAGE_SIZE_MISMATCH,
    AllPagesFailed,
    ErrorDetail,
    InvalidRequest,
    PageError,
)
from engine.fonts.fontsets import FONT_SETS
from engine.fonts.webfonts import WebFonts, use_web_fonts
from engine.model.schema import ConversionInfo, Deck, Media, MediaInfo, Slide, blank_slide
from engine.options import Options
from engine.pipeline import PageResult, convert_page
from engine.pptx.fontembed import EMBED_MODES, EmbedMode, FontReport

if TYPE_CHECKING:
    from engine.pptx.base import BasePackage

PAGE_ERROR_MODES = ("blank", "skip")


@dataclass(frozen=True)
class FailedPage:
    index: int  # 1-based
    code: int
    reason: str
    final_action: str  # 'blank' | 'skip'

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "code": self.code,
            "reason": self.reason,
            "finalAction": self.final_action,
        }


@dataclass
class Conversion:
    """The result of `convert`: the deck bytes, the page accounting and the per-page report."""

    pptx_bytes: bytes
    total_pages: int
    success_pages: int
    failed_pages: int
    page_error_mode: str
    failed_page_details: list[FailedPage]
    slide_width: float
    slide_height: float
    slides: list[Slide]
    diagnostics: list[list[dict[str, str]]]
    filename: str | None = None
    media: dict[str, Media] = field(default_factory=dict, repr=False)
    fonts: FontReport | None = None  # the fonts embedded in the deck (engine/pptx/fontembed.py)
    # the pages' @font-face faces (the renderer draws runs naming them with these)
    web_fonts: WebFonts = field(default_factory=WebFonts, repr=False)

    def write(self, path: str | os.PathLike[str]) -> None:
        with open(path, "wb") as fh:
            fh.write(self.pptx_bytes)

    def summary(self) -> dict[str, Any]:
        return {
            "totalPages": self.total_pages,
            "successPages": self.success_pages,
            "failedPages": self.failed_pages,
            "pageErrorMode": self.page_error_mode,
            "failedPageDetails": [f.to_dict() for f in self.failed_page_details],
        }

    def to_dict(self, include_media: bool = False) -> ConversionInfo:
        """The slide model as plain JSON-able data (media listed by key unless include_media):
        engine/data/slide-model.schema.json describes it (docs/engine.md, "The slide model")."""
        media: dict[str, MediaInfo] = {}
        for key, entry in self.media.items():
            item = cast(MediaInfo, {k: v for k, v in entry.items() if k != "data"})
            item["bytes"] = len(entry["data"])
            if include_media:
                import base64

                item["data"] = base64.b64encode(entry["data"]).decode("ascii")
            media[key] = item
        out = {
            "width": self.slide_width,
            "height": self.slide_height,
            "slides": self.slides,
            "media": media,
            **self.summary(),
            "diagnostics": self.diagnostics,
            "fonts": self.fonts.to_dict() if self.fonts is not None else None,
        }
        return cast(ConversionInfo, out)


def validate(htmls: Any, page_error_mode: Any, options: Options) -> list[str]:
    """Request-level validation: raises InvalidRequest (40010) with one detail per problem."""
    details: list[ErrorDetail] = []
    limits = options.limits
    if options.font_set not in FONT_SETS:
        details.append(
            ErrorDetail(
                "options.font_set",
                f"must be one of {', '.join(FONT_SETS)}; got {str(options.font_set)[:40]!r}",
            )
        )
    if options.embed_fonts not in EMBED_MODES:
        details.append(
            ErrorDetail(
                "options.embed_fonts",
                f"must be one of {', '.join(EMBED_MODES)}; got {str(options.embed_fonts)[:40]!r}",
            )
        )
    if page_error_mode not in PAGE_ERROR_MODES:
        details.append(
            ErrorDetail(
                "pageErrorMode", f"must be one of blank, skip; got {str(page_error_mode)[:40]!r}"
            )
        )
    if not isinstance(htmls, (list, tuple)):
        details.append(ErrorDetail("htmls", "must be an array of strings"))
        raise InvalidRequest(details)
    if not htmls:
        details.append(ErrorDetail("htmls", "must not be empty"))
    if len(htmls) > limits.max_pages:
        details.append(
            ErrorDetail("htmls", f"has {len(htmls)} pages; at most {limits.max_pages} allowed")
        )
    total = 0
    for i, page in enumerate(htmls):
        if not isinstance(page, str):
            details.append(
                ErrorDetail(f"htmls[{i}]", f"must be a string, got {type(page).__name__}")
            )
            continue
        size = len(page.encode("utf-8", "surrogatepass"))
        total += size
        if size > limits.max_page_bytes:
            details.append(
                ErrorDetail(
                    f"htmls[{i}]",
                    f"is {size} bytes; at most {limits.max_page_bytes} allowed per page",
                )
            )
    if total > limits.max_total_bytes:
        details.append(
            ErrorDetail("htmls", f"total {total} bytes; at most {limits.max_total_bytes} allowed")
        )
    if details:
        raise InvalidRequest(details)
    return list(htmls)


def _page_options(options: Options, base_urls: Sequence[str | None] | None, i: int) -> Options:
    base = base_urls[i] if base_urls is not None and i < len(base_urls) else None
    return replace(options, base_url=base) if base != options.base_url else options


def convert(
    htmls: Sequence[str],
    *,
    page_error_mode: str = "blank",
    filename: str | None = None,
    options: Options | None = None,
    progress: Callable[[int, int], None] | None = None,
    base_urls: Sequence[str | None] | None = None,
    base: BasePackage | None = None,
) -> Conversion:
    """Convert HTML pages (each with a root element of class `slide`) into one PPTX deck.

    `base_urls[i]` is page i's own address (a file: URL), against which its relative URLs
    resolve; files are read only under `options.file_roots`.

    One page's failure never spoils the deck: per `page_error_mode` it becomes a blank slide
    or is left out, and is reported in `failed_page_details`. Raises InvalidRequest (40010) for a
    bad request and AllPagesFailed (50103) when no page converts.
    """
    options = options or Options()
    pages = validate(htmls, page_error_mode, options)
    jobs = [
        partial(convert_page, html, _page_options(options, base_urls, i))
        for i, html in enumerate(pages)
    ]
    return _convert_jobs(jobs, page_error_mode, filename, options, progress, base)


def convert_laid_out(
    pages: Sequence[LaidOut | str],
    *,
    page_error_mode: str = "blank",
    filename: str | None = None,
    options: Options | None = None,
    base: BasePackage | None = None,
    title: str | None = None,
    author: str | None = None,
) -> Conversion:
    """`convert` for pages already laid out by `lay_out` (with the same options): their slides
    are built from the kept layouts, without laying the pages out again; plain HTML strings
    among them are converted as `convert` does. The same deck, report and errors as `convert`.
    `title` / `author`: the package's document properties (default: the file name's title)."""
    options = options or Options()
    validate([p.html if isinstance(p, LaidOut) else p for p in pages], page_error_mode, options)
    jobs = [
        partial(finish_laid_out, p, options)
        if isinstance(p, LaidOut)
        else partial(convert_page, p, options)
        for p in pages
    ]
    meta = {k: v for k, v in (("title", title), ("author", author)) if v}
    return _convert_jobs(jobs, page_error_mode, filename, options, None, base, meta)


def _convert_jobs(
    jobs: Sequence[Callable[[], PageResult]],
    page_error_mode: str,
    filename: str | None,
    options: Options,
    progress: Callable[[int, int], None] | None,
    base: BasePackage | None = None,
    meta: dict[str, str] | None = None,
) -> Conversion:
    results: list[PageResult | FailedPage] = []
    deck_budget = DeckBudget()
    for i, job in enumerate(jobs):
        # The one place where page-level isolation lives.
        try:
            results.append(run_page(job, options.limits, deck_budget))
        except PageError as exc:
            results.append(FailedPage(i + 1, exc.code, exc.reason, page_error_mode))
        except (RecursionError, MemoryError) as exc:
            reason = (
                "page is nested too deeply to convert"
                if isinstance(exc, RecursionError)
                else "page needs more memory than allowed"
            )
            results.append(FailedPage(i + 1, PAGE_LIMIT_EXCEEDED, reason, page_error_mode))
        except Exception as exc:  # noqa: BLE001 - any bug in one page must not take the deck down
            reason = f"internal error while converting the page ({type(exc).__name__})"
            results.append(FailedPage(i + 1, PAGE_INTERNAL_ERROR, reason, page_error_mode))
        except BaseException as exc:  # a native library's panic (pyo3 PanicException) too
            if isinstance(exc, KeyboardInterrupt | SystemExit | GeneratorExit):
                raise
            reason = f"internal error in a native library while converting the page ({type(exc).__name__})"
            results.append(FailedPage(i + 1, PAGE_INTERNAL_ERROR, reason, page_error_mode))
        if progress is not None:
            progress(i + 1, len(jobs))
    return _deck(results, page_error_mode, filename, options, base, meta)


def _deck(
    results: list[PageResult | FailedPage],
    page_error_mode: str,
    filename: str | None,
    options: Options,
    base: BasePackage | None = None,
    meta: dict[str, str] | None = None,
) -> Conversion:
    width, height = _deck_size(results) if base is None else _base_size(base)
    for i, result in enumerate(results):
        if isinstance(result, PageResult) and (round(result.width), round(result.height)) != (
            width,
            height,
        ):
            which = "deck" if base is None else "template's slide"
            reason = f"slide size {_fmt(result.width)}x{_fmt(result.height)} px differs from the {which} size {width}x{height} px"
            results[i] = FailedPage(i + 1, PAGE_SIZE_MISMATCH, reason, page_error_mode)
    failures = [r for r in results if isinstance(r, FailedPage)]
    if len(failures) == len(results):
        raise AllPagesFailed(
            [ErrorDetail(f"htmls[{f.index - 1}]", f"{f.code}: {f.reason}") for f in failures]
        )
    slides: list[Slide] = []
    media: dict[str, Media] = {}
    diagnostics: list[list[dict[str, str]]] = []
    web_fonts = WebFonts()
    for result in results:
        if isinstance(result, FailedPage):
            diagnostics.append(
                [{"kind": "page", "message": f"{result.code}: {result.reason}", "where": ""}]
            )
            if page_error_mode == "blank":
                slides.append(blank_slide())
            continue
        slides.append(result.slide)
        media.update(result.media)
        web_fonts = web_fonts.merged(result.web_fonts)
        diagnostics.append(result.diagnostics.to_list())
    from engine.pptx.base import write_on_base_report
    from engine.pptx.deck import write_model_report

    deck: Deck = {"width": width, "height": height, "slides": slides, "title": deck_title(filename)}
    meta = meta or {}
    if "title" in meta:
        deck["title"] = meta["title"]
    if "author" in meta:
        deck["author"] = meta["author"]
    embed = cast(EmbedMode, options.embed_fonts)  # validated above
    max_bytes = options.limits.max_embedded_font_bytes
    with use_web_fonts(web_fonts):  # runs naming an @font-face family embed its faces
        if base is None:
            data, fonts = write_model_report(deck, media, embed, max_bytes)
        else:
            data, fonts = write_on_base_report(
                base, deck, media, embed=embed, max_font_bytes=max_bytes
            )
    return Conversion(
        pptx_bytes=data,
        total_pages=len(results),
        success_pages=len(results) - len(failures),
        failed_pages=len(failures),
        page_error_mode=page_error_mode,
        failed_page_details=failures,
        slide_width=float(width),
        slide_height=float(height),
        slides=slides,
        diagnostics=diagnostics,
        filename=filename,
        media=media,
        fonts=fonts,
        web_fonts=web_fonts,
    )


@dataclass(frozen=True, eq=False)
class LaidOutBox:
    """One box or line box of a laid-out page (border box, or a line's ink extent), in slide px
    from the slide root's top-left corner; CSS transforms are not applied."""

    kind: str  # 'box' | 'line'
    tag: str  # element tag ('anonymous' / '::before' for boxes without one; the block's for lines)
    attributes: dict[str, str]  # the element's attributes (a line: its block container's)
    x: float
    y: float
    width: float
    height: float
    parent: int  # index in `PageLayout.boxes` of the enclosing box; -1 for the slide root
    text: str = ""  # a line: its text


@dataclass(frozen=True)
class PageLayout:
    """`layout_boxes`' result: the slide root's size and every box and line in document order."""

    width: float
    height: float
    boxes: list[LaidOutBox]


def layout_boxes(html: str, options: Options | None = None) -> PageLayout:
    """Lay one page out exactly as `convert` does and return its boxes and lines (no slide model,
    no PPTX). For callers that check where content lands, e.g. that nothing overflows a region.
    Raises PageError (50101, 50104) as the page would fail in `convert`."""
    from engine.pipeline import layout_page

    root = layout_page(html, options or Options()).root
    out: list[LaidOutBox] = []
    collect_boxes(root, 0.0, 0.0, -1, out)
    return PageLayout(root.width, root.height, out)


@dataclass(eq=False)
class LaidOut:
    """A page laid out by `lay_out`: its boxes and lines (`layout`, as `layout_boxes` gives
    them) and the engine's layout, which `convert_laid_out` turns into the slide."""

    html: str
    layout: PageLayout
    page: Any = field(repr=False)  # engine.pipeline.LaidOutPage
    diagnostics: Diagnostics = field(repr=False)


def lay_out(html: str, options: Options | None = None) -> LaidOut:
    """Lay one page out exactly as `convert` does (the page's limits and time budget, in the
    same kind of worker thread) and keep the layout: for callers that measure where content
    lands and then convert the pages they keep (`convert_laid_out`) without a second layout.
    Raises PageError (50101, 50104), RecursionError or MemoryError as the page fails in
    `convert`."""
    from engine.pipeline import layout_page

    options = options or Options()
    diag = Diagnostics()

    def work() -> LaidOut:
        page = layout_page(html, options, diag)
        boxes: list[LaidOutBox] = []
        collect_boxes(page.root, 0.0, 0.0, -1, boxes)
        return LaidOut(html, PageLayout(page.root.width, page.root.height, boxes), page, diag)

    return run_page(work, options.limits)


def finish_laid_out(laid: LaidOut, options: Options) -> PageResult:
    """The slide of a laid-out page (in the caller's page budget: see engine.stages.slide_of)."""
    from engine.model.slide import build_slide

    page = laid.page
    with use_web_fonts(page.web_fonts):
        slide = build_slide(page.root, page.media, laid.diagnostics, options, page.lang)
    media = cast(dict[str, Media], page.media)
    return PageResult(
        page.root.width, page.root.height, slide, media, laid.diagnostics, page.web_fonts
    )


def collect_boxes(frag: Any, ox: float, oy: float, parent: int, out: list[LaidOutBox]) -> None:
    """Append the boxes and lines of fragment `frag` (at `ox`, `oy`) and its descendants to `out`."""
    from engine.layout.fragments import BoxFragment, TextFragment

    x, y = ox + frag.x, oy + frag.y
    element = frag.box.element
    attrs = {str(k): str(v) for k, v in element.attrib.items()} if element is not None else {}
    index = len(out)
    out.append(LaidOutBox("box", frag.box.tag, attrs, x, y, frag.width, frag.height, parent))
    for line in frag.lines:
        lx, ly = x + line.x, y + line.y
        texts = [i for i in line.items if isinstance(i, TextFragment) and i.text.strip()]
        if texts:
            left = min(t.x for t in texts)
            right = max(t.x + t.width for t in texts)
            text = "".join(t.text for t in texts)
            out.append(
                LaidOutBox(
                    "line",
                    frag.box.tag,
                    attrs,
                    lx + left,
                    ly,
                    right - left,
                    line.height,
                    index,
                    text,
                )
            )
        for item in line.items:
            if isinstance(item, BoxFragment):
                collect_boxes(item, lx, ly, index, out)
    for child in frag.children:
        collect_boxes(child, x, y, index, out)


def _deck_size(results: list[PageResult | FailedPage]) -> tuple[int, int]:
    """The size most pages share; ties go to the size seen first."""
    sizes = [(round(r.width), round(r.height)) for r in results if isinstance(r, PageResult)]
    if not sizes:
        return 1280, 720
    counts = Counter(sizes)
    best = max(counts.values())
    return next(s for s in sizes if counts[s] == best)


def _base_size(base: BasePackage) -> tuple[int, int]:
    width, height = base.size_px()
    return round(width), round(height)


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def deck_title(filename: str | None) -> str:
    """The deck title a file name gives (its base name without `.pptx`; "Presentation")."""
    if not filename:
        return "Presentation"
    base = os.path.basename(filename)
    return base[:-5] if base.lower().endswith(".pptx") else base
