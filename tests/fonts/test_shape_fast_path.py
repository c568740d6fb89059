"""FontStack._shape's printable-ASCII fast path gives exactly what the general path gives."""

from __future__ import annotations

import pytest

from engine.fonts import measure
from engine.fonts.measure import FontStack
from tests.conftest import requires_fonts

TEXTS = [
    "AVATAR To Wa Yo LT P. office fi ffl",  # kerning pairs and ligatures
    "line 12 of the preformatted text",
    "    ",
    "1234567890.,;:!?",
    "x",
]


def _general(stack: FontStack, monkeypatch: pytest.MonkeyPatch, text: str, liga: bool) -> list:
    with monkeypatch.context() as m:  # no ASCII shortcut at all: the per-character fallback walk
        m.setattr(measure, "_covers_ascii", lambda face: False)
        shaped = stack._shape(text, liga)
    return [shaped.runs, shaped.em, shaped.em_sum, shaped.n_clusters, shaped.n_spaces]


@requires_fonts("fonts-liberation", "fonts-dejavu-core")
@pytest.mark.parametrize(
    ("families", "lang"),
    [
        (("Liberation Sans",), ""),
        (("Liberation Serif",), "en"),
        (("DejaVu Sans Mono",), ""),
        (("Liberation Sans",), "ja"),  # a CJK content language: the run is tagged Hani
    ],
)
@pytest.mark.parametrize("liga", [True, False])
def test_ascii_fast_path_equals_general_path(
    families: tuple[str, ...], lang: str, liga: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    for text in TEXTS:
        fast_stack = FontStack(families, 400, "normal", lang)
        slow_stack = FontStack(families, 400, "normal", lang)
        fast = fast_stack._shape(text, liga)
        assert len(fast.runs) == 1 and fast.runs[0][1:] == (0, len(text))
        expected = _general(slow_stack, monkeypatch, text, liga)
        assert [fast.runs, fast.em, fast.em_sum, fast.n_clusters, fast.n_spaces] == expected
        assert fast_stack._shape(text, liga) is fast  # cached


@requires_fonts("fonts-liberation")
def test_kerning_survives_the_fast_path() -> None:
    stack = FontStack(("Liberation Sans",), 400, "normal", "")
    pair = stack.char_advances("AV", 100.0)
    alone = stack.char_advances("A", 100.0) + stack.char_advances("V", 100.0)
    assert pair[0] < alone[0]  # the AV kerning pair moves V closer
    assert pair[1] == alone[1]
