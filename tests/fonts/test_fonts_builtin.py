"""The built-in fallback font: deterministic metrics and widths on any machine."""

from __future__ import annotations

import threading

import pytest

from engine.fonts import builtin_active, font_stack, use_builtin_fonts

# Liberation Sans advances (units of 2048): H 1479, e 1139, l 455, o 1139.
HELLO_16 = (1479 + 1139 + 455 + 455 + 1139) / 2048 * 16


def test_context_manager_forces_builtin() -> None:
    with use_builtin_fonts():
        assert builtin_active()
        stack = font_stack(("Liberation Sans", "Arial", "sans-serif"), 400, "normal")
        face = stack.primary
        assert (face.family, face.path, face.index) == ("Liberation Sans", "", 0)
        assert stack.measure("Hello", 16) == pytest.approx(HELLO_16)
        assert (face.ascent(16), face.descent(16), face.normal_line_height(16)) == (14, 3, 18)
        assert face.hhea_ascent == pytest.approx(0.905, abs=1e-3)
        assert face.hhea_descent == pytest.approx(0.212, abs=1e-3)
        # Wide characters are 1em, combining marks 0, accented letters their base letter.
        assert stack.measure("你好", 10) == 20.0
        assert stack.measure("e\u0301", 16) == stack.measure("e", 16)
        assert stack.measure("é", 16) == stack.measure("e", 16)
        assert stack.segments("Hi 你好") == [(face, "Hi 你好")]
        assert stack.measure("ab", 16, letter_spacing=2) == pytest.approx(
            stack.measure("ab", 16) + 4
        )
        bold = font_stack(("Liberation Sans",), 700, "normal")
        assert bold.primary.bold and not bold.primary.synthetic_bold
        assert bold.measure("Hello", 16) > stack.measure("Hello", 16)
    assert not builtin_active()


def test_environment_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DECKFORGE_FONTS", "builtin")
    assert builtin_active()
    assert font_stack(("DejaVu Serif",), 400, "normal").primary.path == ""


def test_builtin_mode_is_per_context() -> None:
    seen: list[bool] = []
    inside = threading.Event()
    done = threading.Event()

    def other() -> None:
        inside.wait(5)
        seen.append(builtin_active())
        done.set()

    t = threading.Thread(target=other)
    t.start()
    with use_builtin_fonts():
        inside.set()
        done.wait(5)
    t.join(5)
    assert seen == [False]


def test_without_fontconfig_the_builtin_face_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.fonts import resolve

    monkeypatch.setattr(resolve, "available", lambda: False)
    stack = font_stack(("No Such Family For This Test",), 400, "normal")
    assert stack.primary.path == ""
    assert stack.measure("Hello", 16) == pytest.approx(HELLO_16)
