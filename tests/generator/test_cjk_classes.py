"""The generator's CJK character classes are compiled only for text that may hold a CJK
character (a large class costs a few ms to compile), and give the same answers either way."""

from __future__ import annotations

import re

import pytest

from generator import cjk
from generator.blocks import LONG_RUN, breakable
from generator.cjk import may_hold_cjk, pattern
from generator.compose import deck_language
from generator.estimate import text_width
from generator.highlight import cjk_lang
from generator.kickers import KICKER_SHARE, SURE, TITLE_LINE, surely_fits
from generator.leftout import count_words
from generator.model import Chapter, Outline
from generator.summary import weighted_length

OLD_WORD = re.compile(
    r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]|[^\W_]+(?:['’.-][^\W_]+)*"
)
OLD_LONG_RUN = re.compile(r"[^\s\u200b\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef-]{40,}")
WESTERN = [
    "Ship it: don't wait for v1.2 - really",
    "Don’t wait — “really” → café, naïve, Ελληνικά, русский ™ €5 ★",
    "https://example.com/a/very/long/path/that/has/no/break/at/all/in/it/anywhere",
    "“quoted_run_with_no_space_at_all_but_typographic_quotes_around_it”",
]
# Emoji, as the corpus READMEs write them (bat: "concatenate files :wink:", fd: "same 546 files
# :smile:", rich: ":vampire:", mermaid: ":trophy:"): above every CJK class, so no class compiles
EMOJI = [
    "Even with a pager set, you can still use bat to concatenate files 😉.",
    "same 546 files 😄. 🧛 🦝 💩 👍 🏆",
]
CJK = [
    "日本語のテキスト and words",
    "한국어 문장",
    "中文句子 mixed café",
    "ᄀᄁ jamo",
    "長い" + "x" * 45 + "日本" + "y" * 50,
]


def _old_breakable(text: str) -> str:
    if len(text) < 40:
        return text
    return OLD_LONG_RUN.sub(
        lambda m: "\u200b".join(m.group(0)[i : i + 30] for i in range(0, len(m.group(0)), 30)),
        text,
    )


def _old_surely_fits(kicker: str, title: str) -> bool:
    wide = len(re.findall(cjk.CJK_TEXT, f"{kicker}{title}"))
    return (len(kicker) * KICKER_SHARE + len(title) + wide) <= TITLE_LINE * SURE


LARGE = {cjk.WIDE, cjk.HAN, cjk.KANA, cjk.HANGUL, cjk.CJK_CHAR, cjk.CJK_TEXT, LONG_RUN}


def test_western_text_compiles_no_cjk_class(monkeypatch: pytest.MonkeyPatch) -> None:
    pattern.cache_clear()
    compiled: list[str] = []
    compile_ = re.compile

    def recording(source: str, flags: int = 0) -> re.Pattern[str]:
        compiled.append(source)
        return compile_(source, flags)

    monkeypatch.setattr(cjk.re, "compile", recording)
    assert count_words("Ship it: don't wait for v1.2 - really") == 7
    assert text_width("abcd", 10) == 20.0
    assert cjk_lang("print('hello')", "en") == ""
    assert surely_fits("Setup", "Install the tool")
    assert pattern.cache_info().currsize == 0  # ASCII: not even the test for CJK
    for text in WESTERN + EMOJI:
        assert not may_hold_cjk(text)
        assert count_words(text) == len(OLD_WORD.findall(text))
        assert text_width(text, 10) == len(text) * 5.0
        assert weighted_length(text) == len(text)
        assert cjk_lang(text, "en") == ""
        assert breakable(text) == _old_breakable(text)
        assert surely_fits("Über", text) == _old_surely_fits("Über", text)
    assert "\u200b" in breakable(WESTERN[3])
    assert deck_language(Outline("Café — “naïve”", "", [Chapter("Über", [])])) == "en"
    assert compiled and not any(c in source for source in compiled for c in LARGE), compiled


def test_cjk_text_is_measured_and_counted_as_before() -> None:
    pattern.cache_clear()
    for text in CJK + ["naïve über"]:
        assert count_words(text) == len(OLD_WORD.findall(text))
        assert breakable(text) == _old_breakable(text)
        assert surely_fits("概要", text) == _old_surely_fits("概要", text)
    assert not surely_fits("", "日" * 25) and surely_fits("", "a" * 25)  # a wide one counts twice
    assert text_width("日本", 10) == 20.0 and text_width("日a", 10) == 15.0
    assert weighted_length("日本ab") == 2 + 2 * 2.2
    assert cjk_lang("# コメント", "en") == "ja"
    assert cjk_lang("// 주석", "en") == "ko"
    assert cjk_lang("# 注释", "zh-TW") == "zh-TW"
    assert deck_language(Outline("中文标题", "", [Chapter("第一章", [])])) == "zh-CN"
    assert pattern.cache_info().currsize > 1
