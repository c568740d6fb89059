"""The calibration's factors (the ratio measured / estimated of a kind of block) are found
once per kind until the next measured block: a factor asked again is the one found before,
and a block measured since changes it."""

from __future__ import annotations

import pytest

from generator.estimate import Calibration
from generator.model import Block, Span


def test_a_factor_is_found_again_only_after_a_block_was_measured(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cal = Calibration()
    sorts: list[int] = []
    real = sorted

    def counted(values: list[float]) -> list[float]:
        sorts.append(len(values))
        return real(values)

    monkeypatch.setattr("generator.estimate.sorted", counted, raising=False)
    assert cal.factor("paragraph") is None  # nothing measured yet
    for measured in (120.0, 110.0, 130.0):
        cal.learn("paragraph", 100.0, measured)
    assert cal.factor("paragraph") == 1.2
    assert cal.factor("paragraph") == 1.2 and sorts == [3]  # asked again: found before
    assert cal.factor("code") == 1.2 and sorts == [3, 3]  # a kind of its own: all blocks'
    cal.learn("paragraph", 100.0, 200.0)
    assert cal.factor("paragraph") == 1.3  # a block measured since: found anew
    assert sorts == [3, 3, 4]


def test_calibrated_heights_follow_what_was_measured() -> None:
    cal = Calibration()
    block = Block("paragraph", [Span("One short paragraph of text.")])
    assert cal.height([block], 24.0, 1000.0, 20.0) is None
    for measured in (100.0, 100.0, 100.0):
        cal.learn("paragraph", 50.0, measured)
    twice = cal.height([block], 24.0, 1000.0, 20.0)
    for measured in (200.0, 200.0, 200.0):
        cal.learn("paragraph", 50.0, measured)
    assert twice is not None and cal.height([block], 24.0, 1000.0, 20.0) == 2 * twice
