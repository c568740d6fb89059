"""The PNG renderer's line wrapping (engine/render/wrap.py): where a line too wide for its box
is cut, with made-up advances so every break is known exactly."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.render.wrap import FIT_TOLERANCE_PX, Room, RunText, WrappedLine, overflows, wrap


def runs_of(*texts: str, advance: float = 10.0) -> list[RunText]:
    """Runs of the texts, every character `advance` px wide (a run's size is its index)."""
    return [RunText({"text": t, "size": i}, t, [advance] * len(t)) for i, t in enumerate(texts)]


def no_hyphen(_run: Mapping[str, Any]) -> float:
    return 0.0


def lines_of(wrapped: list[WrappedLine]) -> list[str]:
    return ["".join(str(r["text"]) for r in line.runs) for line in wrapped]


def test_breaks_at_spaces_and_the_trailing_space_hangs() -> None:
    # "aaaa " is 50 px, but its space hangs: "aaaa" fits 40 px, "aaaa bb" (70) does not;
    # the later lines have 50 px: "bb cc".
    out = wrap(runs_of("aaaa bb cc"), Room(40, 50), hang=False, hyphen=no_hyphen)
    assert lines_of(out) == ["aaaa", "bb cc"]
    assert [line.soft_end for line in out] == [True, False]


def test_a_line_that_fits_is_one_line() -> None:
    runs = runs_of("aaaa bbbb")
    assert not overflows(runs, 90)
    assert overflows(runs, 90 - 2 * FIT_TOLERANCE_PX)
    assert lines_of(wrap(runs, Room(90, 90), hang=False, hyphen=no_hyphen)) == ["aaaa bbbb"]


def test_first_line_and_later_lines_have_their_own_room() -> None:
    out = wrap(runs_of("aa bb cc dd ee"), Room(20, 50), hang=False, hyphen=no_hyphen)
    assert lines_of(out) == ["aa", "bb cc", "dd ee"]


def test_runs_are_cut_into_slices_that_keep_their_properties() -> None:
    out = wrap(runs_of("one two ", "three four"), Room(100, 100), hang=False, hyphen=no_hyphen)
    assert lines_of(out) == ["one two", "three four"]
    assert [[r["size"] for r in line.runs] for line in out] == [[0], [1]]
    out = wrap(runs_of("one two th", "ree four"), Room(100, 100), hang=False, hyphen=no_hyphen)
    assert lines_of(out) == ["one two", "three four"]  # the word across two runs stays whole
    assert [[r["size"] for r in line.runs] for line in out] == [[0], [0, 1]]


def test_cjk_breaks_between_characters_but_not_before_closing_punctuation() -> None:
    # Five characters fit; the sixth is a full stop, which may not start a line: the
    # character before it goes down with it.
    out = wrap(runs_of("一二三四五。六七"), Room(50, 50), hang=False, hyphen=no_hyphen)
    assert lines_of(out) == ["一二三四", "五。六七"]
    out = wrap(runs_of("一二三四五六七八"), Room(50, 50), hang=False, hyphen=no_hyphen)
    assert lines_of(out) == ["一二三四五", "六七八"]


def test_hanging_punctuation_may_pass_the_end() -> None:
    out = wrap(runs_of("一二三四五。六七"), Room(50, 50), hang=True, hyphen=no_hyphen)
    assert lines_of(out) == ["一二三四五。", "六七"]


def test_korean_breaks_at_spaces_only() -> None:
    out = wrap(runs_of("가나다 라마바사"), Room(60, 60), hang=False, hyphen=no_hyphen)
    assert lines_of(out) == ["가나다", "라마바사"]


def test_soft_hyphen_shows_a_hyphen_only_where_the_line_breaks() -> None:
    def hyphen(run: Mapping[str, Any]) -> float:
        return 10.0

    text = "ab co\u00admpu\u00adter"
    runs = [RunText({"text": text}, text, [0.0 if ch == "\u00ad" else 10.0 for ch in text])]
    out = wrap(runs, Room(60, 60), hang=False, hyphen=hyphen)
    # "ab co-" is 60 px with its hyphen; "ab compu-" would not fit.
    assert lines_of(out) == ["ab co-", "mpu\u00adter"]
    assert lines_of(wrap(runs, Room(200, 200), hang=False, hyphen=hyphen)) == [text]


def test_zero_width_space_is_a_break_opportunity() -> None:
    text = "abcd\u200befgh"
    runs = [RunText({"text": text}, text, [10, 10, 10, 10, 0, 10, 10, 10, 10])]
    out = wrap(runs, Room(50, 50), hang=False, hyphen=no_hyphen)
    assert lines_of(out) == ["abcd\u200b", "efgh"]


def test_a_word_longer_than_the_line_is_cut_between_characters() -> None:
    out = wrap(runs_of("ab abcdefghij"), Room(40, 40), hang=False, hyphen=no_hyphen)
    assert lines_of(out) == ["ab", "abcd", "efgh", "ij"]


def test_combining_marks_stay_with_their_letter() -> None:
    text = "abce\u0301fg"  # e + combining acute at the cut
    runs = [RunText({"text": text}, text, [10, 10, 10, 10, 0, 10, 10])]
    assert lines_of(wrap(runs, Room(35, 35), hang=False, hyphen=no_hyphen)) == [
        "abc",
        "e\u0301fg",
    ]


def test_lines_are_bounded() -> None:
    out = wrap(runs_of("a " * 100), Room(10, 10), hang=False, hyphen=no_hyphen, budget=5)
    assert len(out) == 5
    assert lines_of(out)[:4] == ["a"] * 4
