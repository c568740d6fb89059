"""What a generate process pays only when its document needs it: module-level patterns are
compiled on first use (`generator.lazyre`), and the emoji table loads only for text that may
hold an emoji shortcode, not for icon shortcodes alone (MkDocs Material's content tabs,
samples/markdown/mkdocs-math/math.md: `=== ":octicons-file-code-16: `mkdocs.yml`"`)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.lazyre import LazyPattern, lazy_compile
from generator.markup import inline
from generator.outline import parse_outline

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_lazy_pattern_compiles_on_first_use_and_then_is_the_compiled_pattern() -> None:
    lazy = lazy_compile(r"(\d+)-(\d+)", re.IGNORECASE)
    assert "search" not in vars(lazy)
    found = lazy.search("pages 12-14")
    assert found is not None and found.groups() == ("12", "14")
    assert isinstance(lazy.search.__self__, re.Pattern)  # type: ignore[attr-defined]
    assert lazy.pattern == r"(\d+)-(\d+)" and lazy.flags == re.IGNORECASE


@pytest.mark.parametrize("method", ["search", "match", "fullmatch", "findall"])
def test_a_lazy_pattern_answers_as_re_compile(method: str) -> None:
    source, text = r"[A-Z]\w+", "Alpha beta Gamma"
    for lazy in (lazy_compile(source), lazy_compile(source)):
        expected = getattr(re.compile(source), method)(text, 1)
        got = getattr(lazy, method)(text, 1)
        assert (got.group() if isinstance(got, re.Match) else got) == (
            expected.group() if isinstance(expected, re.Match) else expected
        )
    lazy = lazy_compile(r"\s+")
    assert lazy.split("a b  c", 1) == ["a", "b  c"]
    assert lazy.sub("_", "a b  c") == "a_b_c" and lazy.subn("_", "a b") == ("a_b", 1)
    assert [m.start() for m in lazy_compile("b").finditer("abcb")] == [1, 3]


def test_importing_the_generator_compiles_none_of_its_module_patterns() -> None:
    got = _run(
        "import json, sys\n"
        "from generator.cli import load_generator\n"
        "from generator.lazyre import LazyPattern\n"
        "load_generator()\n"
        "lazy = [(m, k) for m, mod in list(sys.modules.items()) if m.startswith('generator')\n"
        "        for k, v in vars(mod).items() if isinstance(v, LazyPattern)]\n"
        "done = [f'{m}.{k}' for m, k in lazy if 'search' in vars(vars(sys.modules[m])[k])]\n"
        "print(json.dumps({'lazy': len(lazy), 'compiled': done}))\n"
    )
    assert got["lazy"] > 50  # type: ignore[operator]
    assert got["compiled"] == []


def test_icon_shortcodes_alone_do_not_load_the_emoji_table() -> None:
    got = _run(
        "import json, sys\n"
        "from generator.outline import parse_outline\n"
        "outline = parse_outline('# Setup\\n\\n## Files\\n\\n:octicons-file-code-16: `mkdocs.yml`"
        " and :material-check: done\\n')\n"
        "text = [s.text for c in outline.chapters for p in c.pages for b in p.blocks"
        " for s in b.spans]\n"
        "print(json.dumps({'emoji': 'emoji' in sys.modules, 'text': text}))\n"
    )
    assert got["emoji"] is False
    assert "octicons" not in "".join(got["text"])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    [
        ":octicons-file-code-16: mkdocs.yml",
        "see :material-check: and :fontawesome-brands-github: here",
        "time 10:30: ok :octicons-x-16:",  # a name that is no icon: the table decides
        "same 546 files :smile:.",
        ":smile:octicons-x-16: glued",
        ":octicons-x-16: :A_button_(blood_type):",
    ],
)
def test_shortcodes_read_as_emojize_reads_them(text: str) -> None:
    import emoji

    expected = inline.ICON.sub("", emoji.emojize(text, language="alias"))
    assert inline._shortcodes(text) == expected


def test_the_emoji_name_pattern_is_emojize_s_and_no_icon_is_an_emoji() -> None:
    import emoji
    from emoji import core

    assert isinstance(inline.EMOJI_NAME, LazyPattern)
    assert inline.EMOJI_NAME.pattern == ":[" + core._EMOJI_NAME_PATTERN + "]+:"
    names = [n for data in emoji.EMOJI_DATA.values() for n in [data["en"], *data.get("alias", [])]]
    assert not [n for n in names if inline.ICON.fullmatch(n)]


def test_a_document_with_icon_tabs_reads_the_same() -> None:
    md = (
        "# Math\n\n## Setup\n\n"
        '=== ":octicons-file-code-16: `mkdocs.yml`"\n\n'
        "    ``` yaml\n    markdown_extensions:\n      - pymdownx.arithmatex\n    ```\n"
    )
    outline = parse_outline(md)
    words = " ".join(
        s.text for c in outline.chapters for p in c.pages for b in p.blocks for s in b.spans
    )
    assert "octicons" not in words
