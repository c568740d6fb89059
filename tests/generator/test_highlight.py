"""Code in each template's palette (Pygments), and CJK text inside code drawn with the CJK face of
its own language: Chinese with the Chinese face, not the Japanese one."""

from __future__ import annotations

import re

import pytest

from generator import generate_from_markdown
from generator.highlight import cjk_lang, contrast, highlight, palette
from generator.templates import builtin_templates
from tests.generator.fragments import CHATGLM_CODE
from tests.generator.pptx_xml import runs, slides


@pytest.mark.parametrize("tid", sorted(builtin_templates()))
def test_every_template_palette_reads_on_its_code_background(tid: str) -> None:
    colors = builtin_templates()[tid].manifest["colors"]
    p = palette(colors)
    for role in ("keyword", "string", "comment", "number", "name"):
        assert contrast(getattr(p, role), p.background) >= 3.0, (tid, role)
    assert contrast(p.text, p.background) >= 4.5


def test_tokens_take_the_template_colours() -> None:
    colors = builtin_templates()["corporate"].manifest["colors"]
    p = palette(colors)
    html = str(highlight('def f(x):\n    return "a"  # note\n', "python", p))
    assert html.startswith(f'<span style="color:{p.keyword}">def </span>')
    assert f'<span style="color:{p.string}">&#34;a&#34;  </span>' in html
    assert f'color:{p.comment};font-style:italic"># note' in html
    assert p.keyword == colors["primary"]  # navy reads on the light surface as it is
    assert str(highlight("def f(x): pass", "no-such-language", p)) == "def f(x): pass"
    assert "<span" not in str(highlight("x" * 30_000, "python", p))  # bounded work


def test_highlighted_code_reaches_the_slide_in_colour() -> None:
    md = "# API\n### Calling\n```python\nimport httpx\nresponse = httpx.get(url)\n```\n"
    deck = generate_from_markdown(md, "dark-tech")
    colors = builtin_templates()["dark-tech"].manifest["colors"]
    xml = slides(deck.pptx_bytes)[1]
    keyword = [r for r in xml.iter("{*}r") if (r.findtext("{*}t") or "").strip() == "import"]
    fill = keyword[0].find("{*}rPr/{*}solidFill/{*}srgbClr")
    assert fill is not None and fill.get("val").lower() == palette(colors).keyword[1:]


def test_cjk_in_code_gets_the_face_of_its_language() -> None:
    assert cjk_lang("// 中文注释", "en") == "zh-CN"
    assert cjk_lang("# ひらがなとカタカナ", "en") == "ja"
    assert cjk_lang("// 한국어", "en") == "ko"
    assert cjk_lang("print('x')", "en") == ""
    english = "# Model\n### Calling the model\n" + CHATGLM_CODE
    japanese = "# Model\n### Calling the model\n```python\nprint('こんにちは、世界')\n```\n"
    zh = generate_from_markdown(english, "corporate")
    ja = generate_from_markdown(japanese, "corporate")
    assert re.search(r'<pre class="df-code" lang="zh-CN">', zh.pages_html[1])
    assert '<html lang="zh-CN">' in zh.pages_html[1] and '<html lang="en">' in zh.pages_html[0]
    zh_runs = [r for r in runs(slides(zh.pptx_bytes)[1]) if "你好" in r.text]
    ja_runs = [r for r in runs(slides(ja.pptx_bytes)[1]) if "こんにちは" in r.text]
    assert zh_runs and ja_runs
    assert {r.lang for r in zh_runs} == {"zh-CN"}
    zh_faces = {r.east_asian for r in zh_runs}
    assert "" not in zh_faces and not any("JP" in f for f in zh_faces)  # not the Japanese face
    assert {r.lang for r in ja_runs} == {"ja-JP"}  # PowerPoint reads each run's language


def test_a_code_block_is_highlighted_once_per_content(monkeypatch: pytest.MonkeyPatch) -> None:
    """The planner renders a page once per size it tries: the same code (in the same palette
    and deck language) is tokenized once."""
    from generator import highlight as module

    calls: list[str] = []

    def counting(text: str, language: str, colors: module.Palette) -> object:
        calls.append(text)
        return highlight(text, language, colors)

    monkeypatch.setattr(module, "highlight", counting)
    module.code_html.cache_clear()
    corporate = module.CodeStyle(palette(builtin_templates()["corporate"].manifest["colors"]))
    dark = module.CodeStyle(palette(builtin_templates()["dark-tech"].manifest["colors"]))
    code = 'print("hello")\n'
    first = module.code_html(code, "python", corporate)
    assert module.code_html(code, "python", corporate) == first
    assert len(calls) == 1
    assert module.code_html(code, "python", dark) != first  # another palette: highlighted again
    assert module.code_html(code + "x = 1\n", "python", corporate) != first
    assert len(calls) == 3
