"""Slide HTML -> the regions its content overflows, measured with the engine's own layout boxes.

A region is an element with `data-df-fit="<name>"`; every box and text line inside it must lie
within its border box. Everything must lie within the slide itself (region name `slide`).
Elements marked `data-df-decor` (and their content) are decoration and are not checked.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, cast

from engine.api import LaidOutBox, _collect, layout_boxes
from engine.diagnostics import Diagnostics
from engine.model.schema import Media, Slide
from engine.options import Options
from engine.pipeline import LaidOutPage, PageResult, layout_page

TOLERANCE = 0.5  # px
FIT_ATTR = "data-df-fit"
DECOR_ATTR = "data-df-decor"
_OPTIONS = Options()


def overflowing_regions(html: str) -> list[str]:
    """Names of the regions (and `slide`) whose content does not fit, in first-seen order.

    A page the engine cannot lay out at all (no slide root, a limit exceeded, an engine bug)
    has nothing to shrink: it answers [] and the conversion reports the page as failed."""
    try:
        page = layout_boxes(html, _OPTIONS)
    except RecursionError:
        return []
    except Exception:  # noqa: BLE001 - convert() isolates and reports the same failure per page
        return []
    return overflows(page.boxes, page.width, page.height)


class Fitter:
    """An overflow check that keeps the layout of the pages it checked, so that the final
    conversion turns a fitted page into its slide model without laying it out again
    (`page_result`). Callable like `overflowing_regions`; keeps the last `keep` layouts, and
    the layouts of the pages the planner settled on (`pin`) until they are converted."""

    def __init__(self, options: Options = _OPTIONS, keep: int = 16) -> None:
        self.options = options
        self.keep = keep
        self.laid: OrderedDict[str, tuple[LaidOutPage, Diagnostics]] = OrderedDict()
        self.pinned: dict[str, tuple[LaidOutPage, Diagnostics]] = {}

    def pin(self, html: str) -> None:
        """Keep the layout of `html` (a final page) until `page_result` takes it."""
        kept = self.laid.pop(html, None)
        if kept is not None:
            self.pinned[html] = kept

    def __call__(self, html: str) -> list[str]:
        diag = Diagnostics()
        try:
            page = layout_page(html, self.options, diag)
            boxes: list[LaidOutBox] = []
            _collect(page.root, 0.0, 0.0, -1, boxes)
        except RecursionError:
            return []
        except Exception:  # noqa: BLE001 - as overflowing_regions: convert() reports the page
            return []
        self.laid[html] = (page, diag)
        self.laid.move_to_end(html)
        while len(self.laid) > self.keep:
            self.laid.popitem(last=False)
        return overflows(boxes, page.root.width, page.root.height)

    def page_result(self, html: str) -> PageResult | None:
        """The converted page (slide model, media, diagnostics) of a page this checker laid out,
        or None (not kept, or the slide model failed: the caller converts it afresh)."""
        from engine.model.slide import build_slide

        kept = self.pinned.pop(html, None) or self.laid.pop(html, None)
        if kept is None:
            return None
        page, diag = kept
        try:
            slide: dict[str, Any] = build_slide(
                page.root, page.media, diag, self.options, page.lang
            )
        except Exception:  # noqa: BLE001 - the engine's own conversion reports the failure
            return None
        media = cast(dict[str, Media], page.media)
        return PageResult(page.root.width, page.root.height, cast(Slide, slide), media, diag)


def overflows(boxes: list[LaidOutBox], width: float, height: float) -> list[str]:
    regions: list[int] = [-1] * len(boxes)  # index of each box's nearest region box
    decor = [False] * len(boxes)
    found: list[str] = []
    for i, b in enumerate(boxes):
        parent = b.parent
        region = regions[parent] if parent >= 0 else -1
        decor[i] = (parent >= 0 and decor[parent]) or (
            b.kind == "box" and DECOR_ATTR in b.attributes
        )
        if b.kind == "box" and FIT_ATTR in b.attributes:
            regions[i] = i
            bounds: LaidOutBox | None = boxes[region] if region >= 0 else None
        else:
            regions[i] = region
            bounds = boxes[region] if region >= 0 else None
        if decor[i] or i == 0 or (b.width <= 0 and b.height <= 0):
            continue
        name = _outside(b, bounds, width, height)
        if name and name not in found:
            found.append(name)
    return found


def _outside(b: LaidOutBox, region: LaidOutBox | None, width: float, height: float) -> str | None:
    if b.x < -TOLERANCE or b.y < -TOLERANCE:
        return _name(region) if region is not None else "slide"
    if b.x + b.width > width + TOLERANCE or b.y + b.height > height + TOLERANCE:
        return _name(region) if region is not None else "slide"
    if region is None:
        return None
    if (
        b.x < region.x - TOLERANCE
        or b.y < region.y - TOLERANCE
        or b.x + b.width > region.x + region.width + TOLERANCE
        or b.y + b.height > region.y + region.height + TOLERANCE
    ):
        return _name(region)
    return None


def _name(region: LaidOutBox) -> str:
    return region.attributes.get(FIT_ATTR) or "body"
