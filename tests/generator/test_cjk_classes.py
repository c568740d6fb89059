"""The generator's CJK character classes are compiled only for text that is not ASCII (a large
class costs ~10 ms to compile), and give the same answers either way."""

from __future__ import annotations

import re

from generator.cjk import pattern
from generator.estimate import text_width
from generator.highlight import cjk_lang
from generator.leftout import count_words

OLD_WORD = re.compile(
    r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]|[^\W_]+(?:['’.-][^\W_]+)*"
)


def test_latin_text_compiles_no_cjk_class() -> None:
    pattern.cache_clear()
    assert count_words("Ship it: don't wait for v1.2 - really") == 7
    assert text_width("abcd", 10) == 20.0
    assert cjk_lang("print('hello')", "en") == ""
    assert pattern.cache_info().currsize == 0


def test_cjk_text_is_measured_and_counted_as_before() -> None:
    pattern.cache_clear()
    for text in ("日本語のテキスト and words", "한국어 문장", "中文句子 mixed café", "naïve über"):
        assert count_words(text) == len(OLD_WORD.findall(text))
    assert text_width("日本", 10) == 20.0 and text_width("日a", 10) == 15.0
    assert cjk_lang("# コメント", "en") == "ja"
    assert cjk_lang("// 주석", "en") == "ko"
    assert cjk_lang("# 注释", "zh-TW") == "zh-TW"
    assert pattern.cache_info().currsize > 0
