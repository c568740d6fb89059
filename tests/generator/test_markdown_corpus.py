"""The corpus of real Markdown documents (samples/markdown) through the generator, checked as a
person would: no raw markup or front matter on slides, decks keep their slide count, local
pictures kept, words not lost (each missing word listed in the failure)."""

from __future__ import annotations

import os
import re
import sys
from functools import cache
from typing import Any

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))

import markdown_corpus as mc  # noqa: E402

import generator  # noqa: E402
from generator.markup.images import Assets  # noqa: E402

DOCUMENTS = mc.documents()
NAMES = [name for name, _ in DOCUMENTS]


def test_the_corpus_has_at_least_15_documents_with_sources() -> None:
    assert len(DOCUMENTS) >= 15
    folders = {os.path.relpath(mc.doc_folder(p), mc.CORPUS) for _, p in DOCUMENTS}
    for folder in folders:
        with open(os.path.join(mc.CORPUS, folder, "SOURCES.md"), encoding="utf-8") as fh:
            sources = fh.read()
        for field in ("Repository", "Path", "Commit", "Licence"):
            assert f"| {field} |" in sources, (folder, field)


@cache
def built(name: str) -> tuple[str, Any, mc.DeckText]:
    path = dict(DOCUMENTS)[name]
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    assets = Assets.beside(path, (mc.doc_folder(path),))
    deck = generator.generate_from_markdown(text, "corporate", assets=assets)
    return text, deck, mc.deck_text(deck.slides)


@pytest.mark.parametrize("name", NAMES)
def test_no_raw_markup_on_slides(name: str) -> None:
    text, _, shown = built(name)
    assert mc.markup_shown(shown, text) == []


@pytest.mark.parametrize("name", NAMES)
def test_no_front_matter_text_on_slides(name: str) -> None:
    from generator.markup.frontmatter import split_front_matter

    text, _, shown = built(name)
    front, _, lines = split_front_matter(text)
    if not lines:
        return
    visible = shown.text(code=False)  # code blocks may quote front matter as content
    raw_lines = text.split("\n")[1 : lines - 1]
    for line in raw_lines:  # `key: value` / `key = value` lines never appear as such
        line = line.strip()
        if line and not line.startswith("#") and (":" in line or "=" in line):
            assert line not in visible, line


@pytest.mark.parametrize("name", NAMES)
def test_decks_keep_their_slide_count(name: str) -> None:
    text, deck, _ = built(name)
    source = mc.source_slides(text)
    if not source:
        return
    # each source slide one slide of the deck; a slide whose code or text would be below the
    # readable floor continues on further slides ("(2/3)"), not counted here
    made = sum(1 for p in deck.pages if p.kind in ("cover", "divider", "content") and p.part == 1)
    assert abs(made - source) <= 0.25 * source, (made, source)


def test_the_decks_of_the_corpus_are_read_as_decks() -> None:
    counts = {n: mc.source_slides(built(n)[0]) for n in NAMES}
    assert counts["marp-gaia"] == 19  # 18 `---` rules
    assert counts["slidev-starter"] >= 15 and counts["slidev-composable-vue"] >= 30
    assert counts["bat-readme"] == counts["chatglm-readme"] == 0  # rules inside READMEs


@pytest.mark.parametrize("name", NAMES)
def test_every_local_picture_reaches_the_outline(name: str) -> None:
    path = dict(DOCUMENTS)[name]
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    expected = mc.expected_pictures(text, path)
    from generator.outline import parse_outline

    parsed = parse_outline(text, assets=Assets.beside(path, (mc.doc_folder(path),)))
    found = set()
    for chapter in parsed.chapters:
        for page in chapter.pages:
            for block in mc.walk_blocks(page.blocks + [b for s in page.sections for b in s.blocks]):
                if block.type == "image":
                    found.add(block.src)
                    grid = re.search(r"\(pictures (\d+)-(\d+) of \d+\)$", block.alt)
                    more = int(grid[2]) - int(grid[1]) if grid else 0
                    found.update(f"{block.src}#{k}" for k in range(more))
    # not shown but named in the notes: a collapsed <details>' other pictures, animated SVG
    messages = [d["message"] for d in parsed.diagnostics]
    listed = sum(int(m.split()[0]) for m in messages if "of a collapsed <details>" in m)
    listed += sum("animated SVG" in m for m in messages)
    assert len(found) + listed >= expected, (len(found), listed, expected)


def test_local_pictures_are_shown_on_the_slides() -> None:
    """The corpus's local pictures a reader sees on the slides (mc.pictures_shown): every one
    (an animated screencast as its still). Those of the parts that leave a talk over its
    budget (the design proposal's rejected alternatives, a README's update log condensed to
    one slide) are on the backup slides after its closing slide (generator.backup)."""
    shown: dict[str, tuple[int, int]] = {}
    for name in NAMES:
        text, deck, _ = built(name)
        path = dict(DOCUMENTS)[name]
        kept = mc.pictures_shown(text, path, deck.pages, deck.slides)
        shown[name] = (kept, mc.expected_pictures(text, path))
    pictured = {n: v for n, v in shown.items() if v[1]}
    assert pictured == {
        "bat-readme": (1, 1),
        "chatglm-readme": (11, 11),
        "fd-readme": (1, 1),
        "kep-crashloopbackoff": (12, 12),
        "marp-gaia": (1, 1),
    }
    _, deck, _ = built("chatglm-readme")
    log = [r for r in deck.left_out if r.kind == "appendix" and "update log" in r.message]
    assert len(log) == 1 and log[0].message.startswith("10 pictures")


def test_pictures_are_counted_as_a_reader_sees_them(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each picture of a grid drawn as one picture counts, badges and drawn diagrams do not."""
    import io

    from PIL import Image

    def png(name: str, w: int, h: int, colour: str) -> None:
        out = io.BytesIO()
        Image.new("RGB", (w, h), colour).save(out, "PNG")
        (tmp_path / "doc" / name).write_bytes(out.getvalue())

    (tmp_path / "doc").mkdir()
    colours = ["red", "green", "blue", "navy", "olive", "teal"]
    for k, colour in enumerate(colours):
        png(f"p{k}.png", 300, 200, colour)
    png("b0.png", 80, 20, "gray")
    png("b1.png", 90, 20, "black")
    questions = "\n".join(
        f"- Question {q}\n  - before:\n  ![](p{2 * q}.png)\n  - after:\n  ![](p{2 * q + 1}.png)"
        for q in range(3)
    )
    md = (
        "# Doc\n\n## Part\n\n### Examples\n\n<details><summary>Answers</summary>\n\n"
        f"{questions}\n</details>\n\n### Status\n\n"
        "[![ci](b0.png)](https://x.org/ci) [![v](b1.png)](https://x.org/v)\n\nThe build.\n\n"
        "```mermaid\ngraph TD\n  A-->B\n```\n"
    )
    doc = tmp_path / "doc" / "README.md"
    doc.write_text(md)
    monkeypatch.setattr(mc, "CORPUS", str(tmp_path))
    assets = Assets.beside(str(doc), (mc.doc_folder(str(doc)),))
    deck = generator.generate_from_markdown(md, "corporate", assets=assets)
    grids = [b for p in deck.pages for b in p.blocks if "(pictures" in b.alt]
    assert [b.alt.rsplit("(", 1)[1] for b in grids] == [
        "pictures 1-2 of 6)",
        "pictures 3-4 of 6)",
        "pictures 5-6 of 6)",
    ]
    assert mc.expected_pictures(md, str(doc)) == 8
    assert mc.pictures_shown(md, str(doc), deck.pages, deck.slides) == 6


@pytest.mark.parametrize("name", NAMES)
def test_words_are_not_lost(name: str) -> None:
    text, deck, shown = built(name)
    # boilerplate (navigation rows, notices to editors, template scaffolding) is left out on
    # purpose, each piece listed in full in the document's diagnostics
    listed = [
        d.get("text", "")
        for d in deck.document["outline"].get("diagnostics", [])
        if d.get("kind") == "boilerplate"
    ]
    total, lost, missing = mc.words_lost(text, shown, listed)
    assert lost <= 0.03 * total, missing
    assert len(missing) <= 25, missing  # and each one is listed for the reader


@pytest.mark.parametrize("name", NAMES)
def test_every_content_slide_shows_its_own_number(name: str) -> None:
    """The number a content slide's footer shows is its place in the deck, also where a lone
    slide waited for the slide after it or joined one (the footer is laid out again)."""
    from lxml import html as lxml_html

    _, deck, _ = built(name)
    for place, (page, page_html) in enumerate(zip(deck.pages, deck.pages_html, strict=True), 1):
        if page.kind != "content":
            continue
        feet = lxml_html.fromstring(page_html).find_class("foot")
        assert feet and feet[0].text_content().split()[-1] == str(place), (place, page.title)
