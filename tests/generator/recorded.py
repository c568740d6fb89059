"""Test helpers: the pages the generator lays out, recorded as HTML while a test runs."""

from __future__ import annotations

import pytest

import generator.fit
from engine import LaidOut, Options


def engine_layouts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The HTML of every page the generator's fitting hands to the engine from now on
    (`generator.fit.lay_out`, whatever calls it)."""
    made: list[str] = []
    real = generator.fit.lay_out

    def lay_out(html: str, options: Options | None = None) -> LaidOut:
        made.append(html)
        return real(html, options)

    monkeypatch.setattr(generator.fit, "lay_out", lay_out)
    return made


def page_layouts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The HTML of every page the generator lays out from now on (`generator.fit._lay_out`:
    pages served from the shared layouts are not counted)."""
    made: list[str] = []
    real = generator.fit._lay_out

    def lay_out(html: str, options: Options) -> LaidOut | None:
        made.append(html)
        return real(html, options)

    monkeypatch.setattr(generator.fit, "_lay_out", lay_out)
    return made
