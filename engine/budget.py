"""Per-page budgets: Limits + a clock -> cooperative checks that stop a page over budget (50104, naming the stage).

Every stage calls `check(stage)` in its loops (per element, box, line or shape). The check is
a thread-local look-up and, every 32nd call, a read of the page thread's CPU clock (CPU time, so
a busy machine does not fail pages); when the page has used up `Limits.page_time_s` it raises PageError 50104 ("... over its time budget ... (stage: layout)") and the per-page loop
turns it into a failed page while the rest of the deck converts. Decoded image pixels are
counted per page and per deck the same way (`charge_pixels`).

`run_page` runs one page's pipeline in a page thread with a large stack (deep nesting up to
the parser's depth cap recurses through layout without hitting Python's or C's stack limits;
engine.pagethreads keeps such threads from page to page).
"""

from __future__ import annotations

import gc
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TypeVar

from engine.errors import PAGE_LIMIT_EXCEEDED, PageError
from engine.options import Limits
from engine.pagethreads import run_in_page_thread

T = TypeVar("T")

# Measured (sys.setprofile call depth): nested grid, flex, inline-block, table and div boxes cost
# at most ~12 Python frames per level, so a page at the parser's depth cap (512) recurses about
# 6,200 frames deep. The limit leaves 2.5x that; the worker's stack (virtual memory, touched only
# as deep as it is used) holds it even where calls go through C.
RECURSION_LIMIT = 16_000
STACK_BYTES = 128 * 1024 * 1024


@dataclass
class DeckBudget:
    """What a whole deck has used so far (decoded pixels of its distinct images)."""

    image_pixels: int = 0
    seen_images: set[str] = field(default_factory=set)


@dataclass
class PageBudget:
    """One page's deadline and counters; `stage` names the stage currently running."""

    limits: Limits
    deadline: float  # time.thread_time() of the page's worker thread
    deck: DeckBudget = field(default_factory=DeckBudget)
    ticks: int = 0
    image_pixels: int = 0
    seen_images: set[str] = field(default_factory=set)
    local_files: dict[str, bytes] = field(default_factory=dict)  # real path -> bytes read
    local_bytes: int = 0


_local = threading.local()


def current() -> PageBudget | None:
    budget: PageBudget | None = getattr(_local, "budget", None)
    return budget


_DEFAULT_LIMITS = Limits()
# The page thread's CPU clock is read on every 32nd check: a check site is a loop over elements,
# boxes, lines or shapes, so a page overruns its budget by at most 31 such steps.
CLOCK_EVERY_MASK = 31


def current_limits() -> Limits:
    """The limits of the page being converted in this thread (the defaults outside a page)."""
    budget: PageBudget | None = getattr(_local, "budget", None)
    return budget.limits if budget is not None else _DEFAULT_LIMITS


def check(stage: str) -> None:
    """Raise PageError 50104 when the current page has used up its time budget."""
    budget: PageBudget | None = getattr(_local, "budget", None)
    if budget is None:
        return
    ticks = budget.ticks = budget.ticks + 1
    if ticks & CLOCK_EVERY_MASK:  # the CPU clock costs ~0.8 us: read it every 32nd check
        return
    if time.thread_time() > budget.deadline:
        raise PageError(
            PAGE_LIMIT_EXCEEDED,
            f"page exceeds its time budget of {budget.limits.page_time_s:g} s (stage: {stage})",
        )


def charge_pixels(key: str, pixels: int) -> str | None:
    """Count a decoded image (once per distinct image and page); a reason when over budget."""
    budget = current()
    if budget is None or key in budget.seen_images:
        return None
    limits = budget.limits
    deck = budget.deck
    if budget.image_pixels + pixels > limits.max_page_image_pixels:
        return f"images on this page over {limits.max_page_image_pixels} decoded pixels"
    new_in_deck = key not in deck.seen_images
    if new_in_deck and deck.image_pixels + pixels > limits.max_deck_image_pixels:
        return f"images in this deck over {limits.max_deck_image_pixels} decoded pixels"
    budget.seen_images.add(key)
    budget.image_pixels += pixels
    if new_in_deck:
        deck.seen_images.add(key)
        deck.image_pixels += pixels
    return None


def run_page(fn: Callable[[], T], limits: Limits, deck: DeckBudget | None = None) -> T:
    """Run one page's conversion under its budget, in a page thread with a large stack
    (engine.pagethreads: kept from page to page, each page in a fresh context)."""
    budget = PageBudget(limits, limits.page_time_s, deck or DeckBudget())

    def work() -> T:
        budget.deadline += time.thread_time()
        _local.budget = budget
        try:
            return fn()
        finally:
            _local.budget = None

    if sys.getrecursionlimit() < RECURSION_LIMIT:
        sys.setrecursionlimit(RECURSION_LIMIT)
    _pause_gc()
    try:
        return run_in_page_thread(work, STACK_BYTES)
    finally:
        _resume_gc()


# The cyclic garbage collector is paused while pages convert: a page allocates hundreds of
# thousands of small objects (boxes, fragments, styles) that all live until the page is done,
# and full collections rescanning them cost ~25 % of a large page's time. A page's memory is
# bounded by its limits; what it leaves behind is collected when the last page finishes.
_GC_LOCK = threading.Lock()
_gc_state = {"pages": 0, "paused": False}


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused while the block runs, as it is while pages convert:
    for a caller that keeps many pages' layouts alive at once (the generator measures every
    slide of a deck and converts the layouts it keeps), where each collection would walk all
    of them. Layout leaves no reference cycles, so memory is still freed as pages are dropped."""
    _pause_gc()
    try:
        yield
    finally:
        _resume_gc()


def _pause_gc() -> None:
    with _GC_LOCK:
        if _gc_state["pages"] == 0 and gc.isenabled():
            gc.disable()
            _gc_state["paused"] = True
        _gc_state["pages"] += 1


def _resume_gc() -> None:
    with _GC_LOCK:
        _gc_state["pages"] -= 1
        if _gc_state["pages"] == 0 and _gc_state["paused"]:
            _gc_state["paused"] = False
            gc.enable()
