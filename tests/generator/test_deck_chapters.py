"""The deck's chapters as a presenter shows them: in a document whose chapters get dividers, a
divider only before a chapter of several fitted slides (decided once the chapter is fitted, not
from the text estimate), the contents slide listing every chapter and each divider numbered as
its entry there, slides numbered in order; a document's own table of contents (a section of
links to places in the document) left out and listed."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from generator.api import generate_from_markdown, regenerate
from generator.compose import draft_pages
from generator.markup.images import Assets
from generator.outline import parse_outline
from tests.generator.fragments import (
    CHATGLM_EXAMPLES,
    CHATGLM_UPDATES,
    HTTPX_JSON_BINARY,
    KEP_DRAWBACKS_INFRA,
    MERMAID_TOC,
)

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))

import markdown_corpus as mc  # noqa: E402


def chapters(deck):  # type: ignore[no-untyped-def]
    """(divider title or None, content slides) per chapter index, in deck order."""
    out: dict[int, list] = {}  # type: ignore[type-arg]
    divided: dict[int, str] = {}
    pending = None
    for page in deck.pages:
        if page.kind == "divider":
            pending = page.title
            continue
        if page.kind != "content":
            continue
        found = set(re.findall(r"chapters\[(\d+)\]", page.source))
        if len(found) != 1:
            pending = None
            continue
        ci = int(found.pop())
        if pending is not None:
            divided[ci] = pending
            pending = None
        out.setdefault(ci, []).append(page)
    return {ci: (divided.get(ci), pages) for ci, pages in out.items()}


def assert_in_order(deck) -> None:  # type: ignore[no-untyped-def]
    assert [p.number for p in deck.pages] == list(range(1, len(deck.pages) + 1))
    for page, html in zip(deck.pages, deck.pages_html, strict=True):
        foot = re.search(r'class="foot">(\d+)<', html)
        assert foot is None or int(foot.group(1)) == page.number
    dividers = [p for p in deck.pages if p.kind == "divider"]
    entries = [e for p in deck.pages if p.kind == "contents" for e in p.entries]
    for page in dividers:
        assert entries[page.chapter_number - 1] == page.title
    chapters = [c["title"] for c in deck.document["outline"]["chapters"] if c["title"]]
    assert not entries or set(entries) <= set(chapters)
    records = [(r.where, r.kind, r.message, r.text) for r in deck.left_out]
    assert len(records) == len(set(records))  # a chapter set again is not listed twice


def test_a_chapter_that_fits_one_slide_gets_no_divider() -> None:
    md = "# QuickStart\n\n" + HTTPX_JSON_BINARY  # a long deck: chapters of 2 slides get one
    guess = [p.kind for p in draft_pages(parse_outline(md), "en", "long")]
    assert guess.count("divider") == 0  # one chapter of two estimated slides of two: none ...
    deck = generate_from_markdown(md, "corporate", length="long")
    assert [p.kind for p in deck.pages].count("divider") == 0  # ... and it fits one
    json_slides = [p for p in deck.pages if p.title == "Sending JSON Encoded Data"]
    # two slides: on one, its prose would be set below 18 pt
    assert [(p.kind, p.part, p.parts) for p in json_slides] == [
        ("content", 1, 2),
        ("content", 2, 2),
    ]
    assert any(b.type == "code" for p in json_slides for b in p.blocks)
    assert_in_order(deck)


def test_documents_of_many_chapters_list_them_in_the_contents_without_dividers() -> None:
    # the changelog at its whole length (medium condenses its older releases: test_talk_budget)
    for name, length in (("httpx-quickstart", "medium"), ("httpx-changelog", "long")):
        path = dict(mc.documents())[name]
        with open(path, encoding="utf-8") as fh:
            deck = generate_from_markdown(fh.read(), "corporate", length=length)
        assert [p for p in deck.pages if p.kind == "divider"] == [], name
        entries = [e for p in deck.pages if p.kind == "contents" for e in p.entries]
        entries = entries[1:] if entries[:1] == ["Introduction"] else entries  # opening text
        chapters = [c["title"] for c in deck.document["outline"]["chapters"] if c["title"]]
        assert entries[:9] == chapters[:9] and len(entries) in (len(chapters), 10)
        assert [p.number for p in deck.pages] == list(range(1, len(deck.pages) + 1))


def test_a_chapter_the_estimate_puts_at_one_slide_but_that_takes_several_gets_its_divider(
    tmp_path: Path,
) -> None:
    from PIL import Image

    (tmp_path / "examples").mkdir()
    for name in re.findall(r"examples/([\w-]+\.png)", CHATGLM_EXAMPLES):  # the screenshots
        Image.new("RGB", (720, 480), "white").save(tmp_path / "examples" / name)
    assets = Assets.beside(str(tmp_path / "README.md"))
    md = "# ChatGLM-6B\n\n" + CHATGLM_UPDATES + CHATGLM_EXAMPLES  # long: chapters get dividers
    outline = parse_outline(md, assets=assets)
    guess = [(p.kind, p.title) for p in draft_pages(outline, "zh-CN", "long")]
    assert ("divider", "ChatGLM-6B 示例") not in guess  # eight short sections: one slide ...
    deck = generate_from_markdown(md, "corporate", length="long", assets=assets)
    found = chapters(deck)
    assert len(found[1][1]) >= 2 and found[1][0] == "ChatGLM-6B 示例"  # ... two: a divider
    assert all(p.subtitle == "" for p in found[1][1])  # the divider names the chapter
    assert_in_order(deck)


def test_regenerating_from_the_outline_decides_dividers_the_same_way() -> None:
    md = "# QuickStart\n\n" + HTTPX_JSON_BINARY
    deck = generate_from_markdown(md, "corporate", length="long")
    again = regenerate({**deck.document, "pages": []})
    assert [(p.kind, p.title) for p in again.pages] == [(p.kind, p.title) for p in deck.pages]


def test_an_empty_chapter_of_a_document_gets_no_divider_and_is_listed() -> None:
    md = "# KEP-4603: Tune CrashLoopBackoff\n\n" + KEP_DRAWBACKS_INFRA
    deck = generate_from_markdown(md, "corporate")
    assert [p.kind for p in deck.pages][-2:] == ["content", "closing"]
    assert "Infrastructure Needed (Optional)" not in [p.title for p in deck.pages]
    (record,) = [r for r in deck.left_out if r.kind == "empty"]
    assert record.text == "Infrastructure Needed (Optional)" and record.where == "chapters[1]"
    assert_in_order(deck)


def test_a_decks_section_slides_keep_their_dividers() -> None:
    path = dict(mc.documents())["marp-gaia"]
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    deck = generate_from_markdown(text, "corporate")
    assert deck.page_count == mc.source_slides(text) + 1  # a slide per slide, then the closing
    assert [p.kind for p in deck.pages].count("divider") >= 4
    assert not [r for r in deck.left_out if r.kind == "empty"]


# -- a document's own table of contents --------------------------------------------------------

MERMAID_ABOUT = (
    "## About\n\nMermaid is a JavaScript-based diagramming and charting tool that uses "
    "Markdown-inspired text definitions and a renderer to create and modify complex diagrams.\n"
)


def test_a_section_of_links_to_places_in_the_document_is_left_out_and_listed() -> None:
    md = "# Mermaid\n\n" + MERMAID_TOC + "\n" + MERMAID_ABOUT
    deck = generate_from_markdown(md, "corporate")
    titles = [p.title for p in deck.pages]
    assert "Table of content" not in titles
    shown = " ".join(mc.deck_text([s]).text() for s in deck.slides)
    assert "Expand contents" not in shown and "Reporting vulnerabilities" not in shown
    (record,) = [r for r in deck.left_out if r.kind == "contents"]
    assert "Related projects" in record.text and record.words >= 12
    assert "Mermaid is a JavaScript-based" in shown  # the document itself is all there


def test_links_to_places_in_the_document_among_text_stay() -> None:
    md = (
        "# Guide\n\n## Setup\n\nRead [the usage notes](#usage) first, then install it.\n\n"
        "- [Usage](#usage): the commands, with examples for each\n- [Options](#options)\n\n"
        "## Usage\n\nRun it.\n"
    )
    deck = generate_from_markdown(md, "corporate")
    assert not [r for r in deck.left_out if r.kind == "contents"]
    shown = " ".join(mc.deck_text([s]).text() for s in deck.slides)
    assert "the usage notes" in shown and "the commands, with examples" in shown
