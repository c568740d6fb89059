"""engine.budget.check: the page's CPU clock is read every CLOCK_EVERY_MASK + 1 checks, so a page
over its budget stops within that many check sites; outside a page a check does nothing."""

from __future__ import annotations

import time

import pytest

from engine import budget
from engine.errors import PAGE_LIMIT_EXCEEDED, PageError
from engine.options import Limits


def test_check_outside_a_page_never_raises() -> None:
    assert budget.current() is None
    for _ in range(1000):
        budget.check("layout")
    assert budget.current() is None  # no budget was started or counted


def test_over_budget_page_stops_within_one_clock_interval() -> None:
    calls: list[int] = []

    def page() -> None:
        end = time.thread_time() + 0.01
        while time.thread_time() < end:  # use up the (tiny) budget
            pass
        for i in range(10 * (budget.CLOCK_EVERY_MASK + 1)):
            calls.append(i)
            budget.check("layout")

    with pytest.raises(PageError) as err:
        budget.run_page(page, Limits(page_time_s=0.001))
    assert err.value.code == PAGE_LIMIT_EXCEEDED and "(stage: layout)" in str(err.value)
    assert len(calls) <= budget.CLOCK_EVERY_MASK + 1


def test_page_within_budget_passes_many_checks() -> None:
    def page() -> int:
        for _ in range(100 * (budget.CLOCK_EVERY_MASK + 1)):
            budget.check("style")
        return 7

    assert budget.run_page(page, Limits(page_time_s=60.0)) == 7
