"""Record locale glyph forms from headless Chromium (tests/model/chromium_locale_glyphs.py FIXTURES
-> where each full-width mark's ink sits in its 1em advance, in
tests/model/expected_locale_glyphs.json).

    python -m tools.recorders.model_locale_glyphs
"""

from __future__ import annotations

import io

from tests.model.chromium_locale_glyphs import FIXTURES, OUT, SIZE, page
from tools.recorders.browser import chromium_tab, write_json


def main() -> None:
    from PIL import Image

    out = {}
    with chromium_tab((1280, 720)) as tab:
        for name, (html_lang, span_lang, text) in FIXTURES.items():
            tab.set_content(page(html_lang, span_lang, text))
            width = tab.evaluate("document.getElementById('t').getBoundingClientRect().width")
            shot = Image.open(
                io.BytesIO(tab.screenshot(clip={"x": 0, "y": 0, "width": SIZE, "height": SIZE}))
            )
            ink = shot.convert("L").point(lambda v: 255 if v < 128 else 0).getbbox()
            assert ink is not None, name
            out[name] = {
                "html_lang": html_lang,
                "span_lang": span_lang,
                "text": text,
                "advance": width,
                "ink_left": ink[0] / SIZE,
                "ink_right": ink[2] / SIZE,
            }
    write_json(OUT, out, ensure_ascii=False)


if __name__ == "__main__":
    main()
