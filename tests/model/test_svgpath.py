"""SVG path data flattened for clip-path: path(): commands, relative forms, smooth curves, arcs."""

from __future__ import annotations

import math

import pytest

from engine.model.svg.path import path_polygon


def test_lines_relative_and_implicit() -> None:
    assert path_polygon("m10 10 h 20 v 20 h -20 z") == [(10, 10), (30, 10), (30, 30), (10, 30)]
    assert path_polygon("M0,0 10,0 10-10z") == [(0, 0), (10, 0), (10, -10)]  # pairs after M: L
    assert path_polygon("M0 0 l10 0 0 10") == [(0, 0), (10, 0), (10, 10)]


def test_curves_and_their_reflections() -> None:
    cubic = path_polygon("M0 0 C 0 10 10 10 10 0 S 20 -10 20 0 Z")
    assert cubic is not None
    assert max(y for _, y in cubic) == pytest.approx(7.5, abs=0.1)
    assert min(y for _, y in cubic) == pytest.approx(-7.5, abs=0.1)  # S mirrors (10, 10)
    quad = path_polygon("M0 0 Q 5 10 10 0 T 20 0 Z")
    assert quad is not None
    assert max(y for _, y in quad) == pytest.approx(5, abs=0.1)
    assert min(y for _, y in quad) == pytest.approx(-5, abs=0.1)  # T mirrors (5, 10)


def test_arc_through_its_centre() -> None:
    pts = path_polygon("M 0 50 A 50 50 0 0 1 100 50 Z")  # the upper half circle
    assert pts is not None
    assert all(math.hypot(x - 50, y - 50) == pytest.approx(50) for x, y in pts)
    assert min(y for _, y in pts) == pytest.approx(0, abs=0.3)
    small = path_polygon("M 0 0 A 1 1 0 0 0 100 0 Z")  # radii scaled up to reach the end
    assert small is not None and max(y for _, y in small) == pytest.approx(50, abs=0.3)


def test_bad_data() -> None:
    for d in (
        "L 0 0 L 10 0 L 0 10",
        "M0 0 L 1",
        "M0 0 L10 0 L 10 10 Z M 20 20 L 30 20 L 30 30",
        "M0 0 x 10",
        "M0 0 L10 10",
        "",
    ):
        assert path_polygon(d) is None, d
