"""split_segments: the ASCII fast path finds exactly the opportunities of the general loop."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.layout.inline.text import NORMAL_RULES, BreakRules, _break_between, split_segments


def _reference(text: str, rules: BreakRules) -> list[tuple[str, str]]:
    """The general per-character loop (spaces, then _break_between between letters)."""
    out: list[tuple[str, str]] = []
    word = ""
    i, n = 0, len(text)
    while i < n:
        if text[i] == " ":
            j = i
            while j < n and text[j] == " ":
                j += 1
            out.append((word, text[i:j]))
            word, i = "", j
            continue
        word += text[i]
        if i + 1 < n and text[i + 1] != " " and _break_between(text[i], text[i + 1], rules):
            out.append((word, ""))
            word = ""
        i += 1
    if word:
        out.append((word, ""))
    return out


def test_ascii_words_and_space_runs() -> None:
    assert split_segments("  ab  cd e ", True) == [
        ("", "  "),
        ("ab", "  "),
        ("cd", " "),
        ("e", " "),
    ]
    assert split_segments("", True) == []
    assert split_segments("a b", False) == [("a b", "")]


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=" ab.,;:!?()[]{}$%/\t-\u00ad\u200b\u4e00", max_size=16),
    st.sampled_from([NORMAL_RULES, BreakRules(keep_all=True), BreakRules(break_all=True)]),
)
def test_same_as_general_loop(text: str, rules: BreakRules) -> None:
    assert split_segments(text, True, rules) == _reference(text, rules)


def test_ascii_hyphens_break_before_letters_and_digits() -> None:
    """A hyphen before a letter or digit ends a segment; before a space, a hyphen, a slash or
    the end of the text it does not (command-line options, compound words)."""
    assert split_segments("see-also --no-ignore x-1 a- -b a--b/c-", True) == [
        ("see-", ""),
        ("also", " "),
        ("--", ""),
        ("no-", ""),
        ("ignore", " "),
        ("x-", ""),
        ("1", " "),
        ("a-", " "),
        ("-", ""),
        ("b", " "),
        ("a--", ""),
        ("b/c-", ""),
    ]


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=" aZ09-/.,()$%\t_~", max_size=24),
    st.sampled_from([NORMAL_RULES, BreakRules(keep_all=True), BreakRules(soft_hyphens=False)]),
)
def test_ascii_with_hyphens_same_as_general_loop(text: str, rules: BreakRules) -> None:
    assert split_segments(text, True, rules) == _reference(text, rules)
