"""Slide layouts (the engine's boxes and lines) -> what overflows, and how tall the content is.

A region is an element with `data-df-fit="<name>"`; every box and text line inside it must lie
within its border box. Everything must lie within the slide itself (region name `slide`).
Elements marked `data-df-decor` (and their content) are decoration and are not checked.

The generator wraps a page's content in a frame (`df-frame`, the body region's content box)
holding one stack (`df-stack`, the content itself); `measure` reads both, so one layout of a
page tells how much room its content takes and where every piece of it lies.
"""

from __future__ import annotations

import html as html_text
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from engine import LaidOut, LaidOutBox, Options, PageLayout, lay_out, with_digits
from generator.lazyre import lazy_compile

TOLERANCE = 0.5  # px
FIT_ATTR = "data-df-fit"
DECOR_ATTR = "data-df-decor"
FRAME_CLASS = "df-frame"
STACK_CLASS = "df-stack"
UNIT_ATTR = "data-df-u"  # a content block's wrapper: its index in the page's block list
TITLE_REGIONS = frozenset({"title", "subtitle"})
_OPTIONS = Options()


def overflowing_regions(html: str, options: Options | None = None) -> list[str]:
    """Names of the regions (and `slide`) whose content does not fit, in first-seen order.

    A page the engine cannot lay out at all (no slide root, a limit exceeded, an engine bug)
    has nothing to shrink: it answers [] and the conversion reports the page as failed."""
    laid = try_lay_out(html, options or _OPTIONS)
    if laid is None:
        return []
    page = laid.layout
    return overflows(page.boxes, page.width, page.height)


@dataclass
class _Layouts:
    """Layouts made with `options`, by page HTML (the same HTML lays out the same way)."""

    options: Options
    laid: dict[str, LaidOut] = field(default_factory=dict)
    measures: dict[int, Measure] = field(default_factory=dict)  # by id of the layout measured


# A slide's number is the one thing that differs between the same page planned at two places
# of a deck (a part that leaves renumbers every later slide). The built-in templates print it
# in the footer (`.foot`); for measuring, pages that differ only in the footer's digits share
# one layout: each digit stands for any digit, so the footer keeps its width (digits are
# tabular in the slide fonts) and the body, which the plan measures, is the same.
FOOTER_CLASS = "foot"
_FOOTER = lazy_compile(r'(<div class="foot">)([^<]*)(</div>)')
_DIGIT = lazy_compile(r"[0-9]")


# Speaker notes are hidden (`generator.templates.with_notes`): a page whose notes a later plan
# changes (the parts that left) lays out as before, so pages that differ only in their notes
# share one layout for measuring. A kept slide is laid out from its own HTML (`own_layouts`).
_NOTES = lazy_compile(r'<aside class="notes" style="display:none">[^<]*</aside>')


def layout_key(html: str) -> str:
    """The page's HTML with its footer's digits blanked and its hidden notes left out: the key
    its layout is shared under."""
    if "<aside" in html:
        html = _NOTES.sub("", html)
    return _numbered_key(html)


def _numbered_key(html: str) -> str:
    """The page's HTML with its footer's digits blanked."""
    return _FOOTER.sub(lambda m: m[1] + _DIGIT.sub("#", m[2]) + m[3], html)


_SHARED: ContextVar[_Layouts | None] = ContextVar("deckforge_layouts", default=None)


@contextmanager
def shared_layouts(options: Options) -> Iterator[None]:
    """Within the block, a page whose HTML was laid out before with `options` is not laid out
    again (the plans of one deck share their slides' layouts). A kept slide must not share its
    layout with another kept slide: see `own_layouts`."""
    token = _SHARED.set(_Layouts(options))
    try:
        yield
    finally:
        _SHARED.reset(token)


def own_layouts(slides: list[tuple[str, LaidOut | None]], options: Options) -> list[LaidOut | None]:
    """The layouts of a deck's slides (each slide's HTML and the layout it was measured by),
    each slide its own (building a slide adds to its layout's diagnostics): a layout already
    taken by an earlier slide is made again; one shared with a page of another number is
    renumbered (`renumbered`), else made again."""
    seen: set[int] = set()
    out: list[LaidOut | None] = []
    for html, one in slides:
        if one is not None and id(one) in seen:
            one = _lay_out(html, options)
        elif one is not None and one.html != html:
            one = renumbered(one, html, options) or _lay_out(html, options)
        if one is not None:
            seen.add(id(one))
        out.append(one)
    return out


def renumbered(laid: LaidOut, html: str, options: Options) -> LaidOut | None:
    """The layout of `html`, a page that differs from the laid-out one only in its footer's
    digits (another slide number), made from `laid` when the new digits take the widths the
    old ones took (engine.with_digits); None when the pages differ otherwise or the footer
    would lay out otherwise."""
    if _numbered_key(html) != _numbered_key(laid.html):
        return None
    return with_digits(
        laid, html, FOOTER_CLASS, _footer_digits(laid.html), _footer_digits(html), options
    )


def _footer_digits(html: str) -> str:
    """The digits of the page's footers' text, in order."""
    texts = (html_text.unescape(m[2]) for m in _FOOTER.finditer(html))
    return "".join(_DIGIT.findall("".join(texts)))


def try_lay_out(html: str, options: Options) -> LaidOut | None:
    """The engine's layout of one page, or None when the page cannot be laid out (the
    conversion then reports it as failed, with the engine's reason)."""
    shared = _SHARED.get()
    if shared is None or shared.options is not options:
        return _lay_out(html, options)
    key = layout_key(html)
    laid = shared.laid.get(key)
    if laid is None:
        laid = _lay_out(html, options)
        if laid is not None:
            shared.laid[key] = laid
    return laid


def laid_before(html: str, options: Options) -> LaidOut | None:
    """The layout of a page laid out before with `options` within `shared_layouts`, without
    laying it out; None when it was not."""
    shared = _SHARED.get()
    if shared is None or shared.options is not options:
        return None
    return shared.laid.get(layout_key(html))


def _lay_out(html: str, options: Options) -> LaidOut | None:
    try:
        return lay_out(html, options)
    except RecursionError:
        return None
    except Exception:  # noqa: BLE001 - convert() isolates and reports the same failure per page
        return None


@dataclass
class Measure:
    """One laid-out page: overflowing regions, the content frame and stack, and the boxes."""

    laid: LaidOut
    regions: list[str]
    frame: LaidOutBox | None  # the body's content box (df-frame)
    stack: LaidOutBox | None  # the content (df-stack)
    boxes: list[LaidOutBox]
    children: list[list[int]]
    units: dict[int, int]  # block index -> box index of its wrapper

    @property
    def body_fits(self) -> bool:
        """Nothing outside its region or the slide, and the content within its frame."""
        if set(self.regions) - TITLE_REGIONS:
            return False
        return self.frame is None or self.used <= self.room + TOLERANCE

    @property
    def title_fits(self) -> bool:
        return not (set(self.regions) & TITLE_REGIONS)

    @property
    def room(self) -> float:
        """Height available to the content (the frame), 0 when the page has no frame."""
        return self.frame.height if self.frame is not None else 0.0

    @property
    def used(self) -> float:
        """Height the content takes (the stack's)."""
        return self.stack.height if self.stack is not None else 0.0

    def descendants(self, index: int, tag: str, stop: frozenset[str] = frozenset()) -> list[int]:
        """Boxes under `index` with `tag`, in document order, not looking inside them nor
        inside boxes whose tag is in `stop`."""
        out: list[int] = []
        todo = list(reversed(self.children[index]))
        while todo:
            i = todo.pop()
            b = self.boxes[i]
            if b.kind == "box" and b.tag == tag:
                out.append(i)
                continue
            if b.kind == "box" and b.tag in stop:
                continue
            todo.extend(reversed(self.children[i]))
        return out

    def lines(self, index: int) -> list[LaidOutBox]:
        """The text lines of box `index` itself (not of its block descendants)."""
        return [self.boxes[i] for i in self.children[index] if self.boxes[i].kind == "line"]


def measured(laid: LaidOut) -> Measure:
    """`measure(laid)`, made once per layout within `shared_layouts` (a layout shared by pages
    of the same HTML is measured once; the measure keeps its layout, so its id stays its own)."""
    shared = _SHARED.get()
    if shared is None:
        return measure(laid)
    found = shared.measures.get(id(laid))
    if found is None or found.laid is not laid:
        found = shared.measures[id(laid)] = measure(laid)
    return found


def measure(laid: LaidOut) -> Measure:
    page: PageLayout = laid.layout
    boxes = page.boxes
    children: list[list[int]] = [[] for _ in boxes]
    frame = stack = None
    units: dict[int, int] = {}
    for i, b in enumerate(boxes):
        if b.parent >= 0:
            children[b.parent].append(i)
        if b.kind != "box":
            continue
        classes = b.attributes.get("class", "").split()
        if frame is None and FRAME_CLASS in classes:
            frame = b
        elif stack is None and STACK_CLASS in classes:
            stack = b
        unit = b.attributes.get(UNIT_ATTR)
        if unit is not None and unit.isdigit() and int(unit) not in units:
            units[int(unit)] = i
    regions = overflows(boxes, page.width, page.height)
    if frame is None:  # a template that draws the blocks itself: its body region is the frame
        frame = next(
            (b for b in boxes if b.kind == "box" and b.attributes.get(FIT_ATTR) == "body"), None
        )
        if frame is not None and units:
            tops = [boxes[i].y for i in units.values()]
            bottoms = [boxes[i].y + boxes[i].height for i in units.values()]
            stack = LaidOutBox(
                "box", "div", {}, frame.x, min(tops), frame.width, max(bottoms) - min(tops), -1
            )
    return Measure(laid, regions, frame, stack, boxes, children, units)


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
