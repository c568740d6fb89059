"""engine.pagethreads: pages run in page threads kept from page to page, each page as in a new
thread (a fresh context, its own budget), errors raised in the caller, forks safe."""

from __future__ import annotations

import contextvars
import multiprocessing
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from engine import budget, pagethreads
from engine.api import lay_out
from engine.options import Limits

_SEEN: contextvars.ContextVar[str] = contextvars.ContextVar("test_pagethreads_seen", default="")
PAGE = '<div class="slide" style="width:640px;height:360px"><p>Hello</p></div>'


def test_pages_share_a_thread_that_is_not_the_callers() -> None:
    first = budget.run_page(threading.get_ident, Limits())
    second = budget.run_page(threading.get_ident, Limits())
    assert first == second != threading.get_ident()
    assert pagethreads.idle_threads() >= 1


def test_each_page_starts_in_a_fresh_context() -> None:
    def page() -> str:
        before = _SEEN.get()
        _SEEN.set("set by a page")
        return before

    _SEEN.set("the caller's")
    assert budget.run_page(page, Limits()) == ""  # neither the caller's value ...
    assert budget.run_page(page, Limits()) == ""  # ... nor the previous page's
    assert _SEEN.get() == "the caller's"


def test_each_page_has_its_own_budget_and_none_is_left_behind() -> None:
    def page() -> float:
        current = budget.current()
        assert current is not None
        return current.limits.page_time_s

    assert budget.run_page(page, Limits(page_time_s=3.0)) == 3.0
    assert budget.run_page(page, Limits(page_time_s=5.0)) == 5.0
    assert budget.run_page(budget.current, Limits()) is not None
    # the thread that ran them now waits with no budget set
    assert pagethreads.run_in_page_thread(budget.current, budget.STACK_BYTES) is None


def test_an_error_is_raised_in_the_caller_and_the_thread_serves_on() -> None:
    def failing() -> None:
        raise ValueError("bad page")

    with pytest.raises(ValueError, match="bad page"):
        budget.run_page(failing, Limits())
    assert budget.run_page(lambda: 7, Limits()) == 7


def test_deep_recursion_fits_the_page_threads_stack() -> None:
    def deep(n: int) -> int:
        return 0 if n == 0 else deep(n - 1) + 1

    assert budget.run_page(lambda: deep(12_000), Limits()) == 12_000


def test_concurrent_callers_get_their_own_results() -> None:
    with ThreadPoolExecutor(max_workers=6) as pool:
        results = list(pool.map(lambda i: budget.run_page(lambda: i * i, Limits()), range(60)))
    assert results == [i * i for i in range(60)]
    assert pagethreads.idle_threads() <= pagethreads.MAX_IDLE


def _child_lays_out(out: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    out.put(len(lay_out(PAGE).layout.boxes))


def test_a_forked_child_lays_out_with_threads_of_its_own() -> None:
    expected = len(lay_out(PAGE).layout.boxes)  # the parent now has an idle page thread
    assert pagethreads.idle_threads() >= 1
    ctx = multiprocessing.get_context("fork")
    out = ctx.Queue()
    child = ctx.Process(target=_child_lays_out, args=(out,))
    child.start()
    child.join(30)
    assert child.exitcode == 0
    assert out.get(timeout=5) == expected
