"""Bounded shaping caches and word-by-word shaping: bounded size, no emptying cliff, and cached
or word-assembled results equal to one fresh shaping of the whole text."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.fonts import face as face_module
from engine.fonts import measure, separable
from engine.fonts.cache import BoundedCache
from engine.fonts.face import FontFile
from engine.fonts.measure import FontStack, shaping_size
from engine.fonts.separable import space_separable
from tests.conftest import requires_fonts


def _path(family: str) -> str:
    """The file fontconfig gives for a family (regular)."""
    return str(FontStack((family,), 400, "normal", "").primary.path)


@functools.cache
def _examined(family: str) -> FontFile:
    """A FontFile of its own whose tables have been examined (as after enough multi-word texts)."""
    font = FontFile(_path(family), 0)
    font._multiword = face_module.WORD_SHAPING_AFTER
    assert font.words_separable()
    return font


PRINTABLE = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=40)


# ASCII words with kerning and ligature candidates, digits and punctuation, joined by space runs.
WORDS = st.sampled_from(
    ["line", "of", "the", "AVATAR", "To", "Wa", "office", "ffl", "12", "3.5", "(x)", "A", "V", "y."]
)
TEXTS = st.lists(st.tuples(WORDS, st.sampled_from([" ", "  ", "   "])), min_size=1, max_size=8).map(
    lambda pairs: "".join(w + s for w, s in pairs)
)


# -- BoundedCache -------------------------------------------------------------------------
def test_cache_keeps_at_most_two_generations() -> None:
    cache: BoundedCache[int, int] = BoundedCache(10)
    for i in range(1000):
        cache.put(i, i * i)
        assert len(cache) <= 20
    assert cache.get(999) == 999 * 999
    assert cache.get(989) == 989 * 989  # in the previous generation
    assert cache.get(0) is None  # long gone


def test_cache_turnover_keeps_the_recent_entries_no_cliff() -> None:
    cache: BoundedCache[str, int] = BoundedCache(4)
    for i, key in enumerate("abcd"):
        cache.put(key, i)
    cache.put("e", 4)  # turnover: a-d become the old generation, not dropped
    assert [cache.get(k) for k in "abcde"] == [0, 1, 2, 3, 4]


def test_cache_hit_in_old_generation_survives_the_next_turnover() -> None:
    cache: BoundedCache[int, int] = BoundedCache(3)
    for i in range(3):
        cache.put(i, i)
    cache.put(3, 3)  # 0-2 old
    assert cache.get(0) == 0  # used again: back in the young generation
    for i in range(4, 6):
        cache.put(i, i)  # second turnover: 1 and 2 dropped, 0 kept
    assert cache.get(0) == 0
    assert cache.get(1) is None and 1 not in cache


@given(st.lists(st.tuples(st.integers(0, 50), st.booleans()), max_size=300), st.integers(1, 8))
def test_cache_never_exceeds_its_bound_and_never_lies(ops: list, size: int) -> None:
    cache: BoundedCache[int, str] = BoundedCache(size)
    truth: dict[int, str] = {}
    for key, write in ops:
        if write:
            cache.put(key, f"v{key}-{len(truth)}")
            truth[key] = cache.young[key]
        else:
            found = cache.get(key)
            assert found is None or found == truth[key]
        assert len(cache.young) <= size and len(cache.old) <= size


def test_cache_rejects_a_zero_size() -> None:
    with pytest.raises(ValueError):
        BoundedCache(0)


# -- separability -------------------------------------------------------------------------
@requires_fonts("fonts-dejavu-core", "fonts-liberation")
def test_space_separability_of_known_fonts(tmp_path: Path) -> None:
    assert space_separable(_path("DejaVu Sans Mono"), 0)  # no lookup touches the space
    assert not space_separable(_path("Liberation Sans"), 0)  # kerning pairs with the space
    assert not space_separable(str(tmp_path / "missing.ttf"), 0)


@requires_fonts("fonts-dejavu-core", "fonts-liberation")
def test_each_font_file_is_examined_once_until_it_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    examined: list[str] = []
    real = separable._examine

    def counting(path: str, index: int, examine: object) -> object:
        examined.append(path)
        return real(path, index, examine)

    monkeypatch.setattr(separable, "_examine", counting)
    font = tmp_path / "font.ttf"
    font.write_bytes(Path(_path("DejaVu Sans Mono")).read_bytes())
    for _ in range(3):
        assert space_separable(str(font), 0)
        assert separable.context_free_chars(str(font), 0, "123") == frozenset("123")
    assert examined == [str(font)] * 2  # one examination per question
    font.write_bytes(Path(_path("Liberation Sans")).read_bytes())  # another size and time
    assert not space_separable(str(font), 0)
    assert separable.context_free_chars(str(font), 0, "123") is None
    assert examined == [str(font)] * 4


@requires_fonts("fonts-liberation")
def test_liberation_sans_really_kerns_across_spaces() -> None:
    """Why the examination matters: shaping word by word would change these advances."""
    font = FontFile(_path("Liberation Sans"), 0)
    whole = font._shape_whole("A Y", "en", True, (), "Latn")
    words = [
        *font._shape_whole("A", "en", True, (), "Latn"),
        *font._shape_whole(" ", "en", True, (), "Latn"),
    ]
    assert whole[:2] != words
    for _ in range(face_module.WORD_SHAPING_AFTER + 1):
        font.shape("A Y", "en", True, (), "Latn")
    assert font.words_separable() is False
    assert font.shape("A Y", "en", True, (), "Latn") == whole


@requires_fonts("fonts-dejavu-core")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS, st.booleans(), st.sampled_from(["Latn", ""]))
def test_word_by_word_shaping_equals_whole_shaping(text: str, liga: bool, script: str) -> None:
    font = _examined("DejaVu Sans Mono")
    expected = font._shape_whole(text, "en-US", liga, (), script)
    assert font.shape(text, "en-US", liga, (), script) == expected  # assembled from words
    assert font.shape(text, "en-US", liga, (), script) == expected  # words from the cache


@requires_fonts("fonts-dejavu-core", "fonts-noto-core")
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(PRINTABLE, st.sampled_from(["DejaVu Sans Mono", "Noto Sans"]), st.booleans())
def test_any_printable_ascii_shapes_as_one_whole_shaping(
    text: str, family: str, liga: bool
) -> None:
    """Words, space runs and runs of lookup-free characters (nominal advances, no HarfBuzz)."""
    font = _examined(family)
    for script in ("Latn", "Zyyy"):
        expected = font._shape_whole(text, "en-US", liga, (), script)
        assert font.shape(text, "en-US", liga, (), script) == expected


@requires_fonts("fonts-dejavu-core")
def test_lookup_free_characters_of_dejavu_sans_mono() -> None:
    font = _examined("DejaVu Sans Mono")
    assert set("0123456789 .,") <= font._free  # digits: no lookup acts on them
    assert not {"f", "i", "l"} & font._free  # ligature and dotless-i lookups
    assert font.shape("12345", "en", True, (), "Latn") == [font.advance_units(ord("1"))] * 5


@requires_fonts("fonts-dejavu-core")
def test_word_shaping_starts_after_enough_multiword_texts() -> None:
    font = FontFile(_path("DejaVu Sans Mono"), 0)
    for i in range(face_module.WORD_SHAPING_AFTER - 1):
        font.shape(f"a {i}", "en", True, (), "Latn")
    assert font._separable is None  # small documents never pay for the examination
    font.shape("one more", "en", True, (), "Latn")
    assert font._separable is True


@requires_fonts("fonts-dejavu-core")
def test_font_file_cache_is_bounded_and_hits_equal_fresh_shapes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(face_module, "SHAPE_CACHE_SIZE", 8)
    font = FontFile(_path("DejaVu Sans Mono"), 0)
    words = [f"w{i}x" for i in range(100)]
    first = [font.shape(w, "en", True, (), "Latn") for w in words]
    assert len(font._shape_cache) <= 16
    fresh = FontFile(_path("DejaVu Sans Mono"), 0)
    assert [fresh._shape_whole(w, "en", True, (), "Latn") for w in words] == first
    assert font.shape(words[-1], "en", True, (), "Latn") is first[-1]  # a hit


# -- FontStack ----------------------------------------------------------------------------
@requires_fonts("fonts-dejavu-core")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS, st.sampled_from([6.0, 13.3, 16.0, 17.3]), st.sampled_from(["", "ja"]))
def test_char_advances_from_words_equal_one_whole_shaping(
    text: str, size: float, lang: str
) -> None:
    words = FontStack(("DejaVu Sans Mono",), 400, "normal", lang)
    source = words.primary.source
    source._separable = space_separable(source.path, source.index)  # type: ignore[attr-defined]
    assert words._word_advances(text, shaping_size(size), True) is not None
    got = words.char_advances(text, size)
    whole = FontStack(("DejaVu Sans Mono",), 400, "normal", lang)
    tag = whole._ascii_tag(text)
    upem = float(whole.primary.units_per_em)
    units = whole.primary.source._shape_whole(text, whole.lang, True, (), tag)  # type: ignore[attr-defined]
    assert got == [u / upem * shaping_size(size) for u in units]
    assert words.char_advances(text, size) == got  # from cached words


@requires_fonts("fonts-liberation")
def test_char_advances_in_a_kerning_font_stay_whole_shapings() -> None:
    stack = FontStack(("Liberation Sans",), 400, "normal", "")
    for i in range(face_module.WORD_SHAPING_AFTER + 16):
        stack.char_advances(f"A Y {i}", 16.0)
    assert stack._word_advances("A Y", 16.0, True) is None
    assert len(stack._word_px) == 0


def test_stack_caches_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(measure, "SHAPED_CACHE_SIZE", 5)
    monkeypatch.setattr(measure, "WIDTHS_CACHE_SIZE", 5)
    stack = FontStack(("sans-serif",), 400, "normal", "")
    widths = [stack.measure(f"word{i}", 16.0) for i in range(60)]
    assert len(stack._shaped) <= 10 and len(stack._widths) <= 10
    fresh = FontStack(("sans-serif",), 400, "normal", "")
    assert [fresh.measure(f"word{i}", 16.0) for i in range(60)] == widths


def test_font_stacks_are_bounded_and_a_fresh_stack_measures_the_same() -> None:
    """Any number of distinct family lists (a hostile page, a long-lived worker) keeps at most
    2 x STACKS_CACHE_SIZE stacks; a stack dropped and made again measures the same."""
    from engine.fonts import measure

    first = measure.font_stack(("sans-serif",), 400, "normal", "")
    width = first.measure("Bounded stacks", 16.0)
    for i in range(3 * measure.STACKS_CACHE_SIZE):
        measure.font_stack((f"no-such-family-{i}", "sans-serif"), 400, "normal", "")
        assert len(measure._STACKS) <= 2 * measure.STACKS_CACHE_SIZE
    again = measure.font_stack(("sans-serif",), 400, "normal", "")
    assert again.measure("Bounded stacks", 16.0) == width
