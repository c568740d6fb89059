"""Expected locale glyph forms from headless Chromium (a `lang` + a full-width punctuation mark ->
where its ink sits in its 1em advance, from screenshot pixels, as JSON).

Noto Sans CJK draws the same code point differently per language (its `locl` forms): the
Japanese full-width colon and exclamation mark are centred, the Simplified Chinese ones sit at
the left. Chromium picks the form from the element's `lang` (the page's or an inner one);
expected_locale_glyphs.json stores, per fixture, the ink's left and right edges as fractions of
the 100px em box.
Recorded by `python -m tools.recorders.model_locale_glyphs`.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "expected_locale_glyphs.json"
SIZE = 100

# name -> (<html lang>, lang of the span or None, text)
FIXTURES = {
    "colon_ja": ("ja", None, "\uff1a"),
    "colon_zh_cn": ("zh-CN", None, "\uff1a"),
    "colon_ko": ("ko", None, "\uff1a"),
    "colon_zh_tw": ("zh-TW", None, "\uff1a"),
    "exclamation_ja": ("ja", None, "\uff01"),
    "exclamation_zh_cn": ("zh-CN", None, "\uff01"),
    "colon_ja_span_in_zh_page": ("zh-CN", "ja", "\uff1a"),
}


def page(html_lang: str, span_lang: str | None, text: str) -> str:
    lang = f" lang='{span_lang}'" if span_lang else ""
    return (
        f"<!DOCTYPE html><html lang='{html_lang}'><head><meta charset='utf-8'><style>"
        "html,body{margin:0}.slide{width:1280px;height:720px}"
        f"#t{{font:{SIZE}px/1 sans-serif;position:absolute;left:0;top:0}}</style></head><body>"
        f"<div class='slide'><span id='t'{lang}>{text}</span></div></body></html>"
    )
