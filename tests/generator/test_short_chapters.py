"""Chapters too short for a slide of their own, chapters whose pictures cannot be shown, and a
short "Also in the document" list (generator.alsolines), on fragments of the corpus documents
whose decks had a near-empty slide or lost a chapter without a trace."""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path

from generator.alsoin import ALSO_SOURCE
from generator.alsolines import closing_line, onto_closing, with_chapters
from generator.api import Assets, GeneratedDeck, generate_from_markdown
from generator.model import Block, ListItem, Span, plain
from generator.pages import PlannedPage
from tests.generator.fragments_short import CHATGLM_DEPLOY_TO_LIMITS

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))

import markdown_corpus as mc  # noqa: E402

DOCUMENTS = dict(mc.documents())
CHATGLM = DOCUMENTS["chatglm-readme"]


@cache
def deck_of(markdown: str, beside: str) -> GeneratedDeck:
    return generate_from_markdown(markdown, None, assets=Assets.beside(beside))


def near_empty(deck: GeneratedDeck) -> list[int]:
    return mc.near_empty(deck.slides, [p.kind for p in deck.pages])


def texts(deck: GeneratedDeck) -> list[tuple[PlannedPage, str]]:
    return [(p, mc.deck_text([s]).text()) for p, s in zip(deck.pages, deck.slides, strict=True)]


def test_a_one_sentence_chapter_no_slide_takes_is_named_on_the_closing_slide() -> None:
    # "高效参数微调" is one sentence between a chapter of several slides (named above their
    # titles, never split) and a full one: it is no slide; with the examples chapter (its
    # screenshots absent) it is two names, a line of the closing slide
    deck = deck_of("# ChatGLM-6B\n\n" + CHATGLM_DEPLOY_TO_LIMITS, CHATGLM)
    assert not [p for p, _ in texts(deck) if p.kind == "content" and p.title == "高效参数微调"]
    assert near_empty(deck) == []
    assert not [p for p in deck.pages if p.source == ALSO_SOURCE]  # no slide of two items
    closing = deck.pages[-1]
    assert closing.kind == "closing"
    assert closing.subtitle == "ChatGLM-6B · 文档中的其他内容：高效参数微调、ChatGLM-6B 示例"
    assert "P-tuning v2" in closing.notes and "ptuning/README.md" in closing.notes
    numbers = [p.number for p in deck.pages]
    assert numbers == list(range(1, len(numbers) + 1))


def test_a_chapter_whose_pictures_are_absent_is_a_line_of_the_also_slide() -> None:
    # the whole README: the examples chapter (ten screenshots, none given with the Markdown)
    # and the one-sentence tuning chapter are lines of the Also slide with the licence and
    # the citation that left the slides; no near-empty slide is left
    deck = deck_of(Path(CHATGLM).read_text(encoding="utf-8"), CHATGLM)
    (also,) = [(p, t) for p, t in texts(deck) if p.source == ALSO_SOURCE]
    page, text = also
    items = [plain(i.spans) for i in page.blocks[0].items]
    assert items[0].startswith("高效参数微调：") and "P-tuning v2" in items[0]
    # named with its gist; why it shows nothing is for the notes
    assert items[1] == "ChatGLM-6B 示例：以下是一些使用 web_demo.py 得到的示例截图。"
    assert "ChatGLM-6B 示例：10 张图片在生成演示文稿时不可用" in page.notes
    assert [i.split("：")[0] for i in items[-2:]] == ["协议", "引用"]  # with their gists
    assert items[-2].startswith("协议：本仓库的代码依照 Apache-2.0 协议开源")
    assert not [p for p in deck.pages if p.kind == "content" and p.title == "高效参数微调"]
    assert near_empty(deck) == []
    # the contents slide leads only to slides: the chapter that is a line is not an entry
    (contents,) = [p for p in deck.pages if p.kind == "contents"]
    assert "高效参数微调" not in [str(e) for e in contents.entries]
    assert "低成本部署" in [str(e) for e in contents.entries]
    numbers = [p.number for p in deck.pages]
    assert numbers == list(range(1, len(numbers) + 1))


def test_an_empty_chapter_without_missing_pictures_leaves_no_line() -> None:
    # a heading with nothing under it at all stays as before: listed as left out, no line
    md = "# T\n\n## One\n\n" + "".join(
        f"- point {k} of a list that fills a slide\n" for k in range(6)
    )
    deck = deck_of(md + "\n## Empty\n\n## Two\n\n" + md.split("## One\n\n")[1], CHATGLM)
    assert not [p for p in deck.pages if p.source == ALSO_SOURCE]
    assert "Empty" not in deck.pages[-1].subtitle


def item(*spans: Span) -> ListItem:
    return ListItem(list(spans))


def also(*items: ListItem) -> PlannedPage:
    return PlannedPage(
        "content", "bullets", "Also in the document", blocks=[Block("list", items=list(items))]
    )


def test_a_short_also_list_is_one_line_of_the_closing_slide() -> None:
    closing = PlannedPage("closing", "closing", "Thank you", "fd", notes="")
    short = also(item(Span("Maintainers")), item(Span("License")))
    assert closing_line(short, "en") == "Also in the document: Maintainers · License"
    gone, shown = onto_closing(short, closing, "en")
    assert gone is None and shown is not None
    assert shown.subtitle == "fd · Also in the document: Maintainers · License"
    # three items, or an item long to name, keep the slide
    three = also(item(Span("Maintainers")), item(Span("License")), item(Span("Development")))
    assert onto_closing(three, closing, "en") == (three, closing)
    long = also(item(Span("Using bat on Windows with a terminal of its own and colours")))
    assert closing_line(long, "en") is None


def test_a_chapter_line_names_its_title_in_bold_then_its_words() -> None:
    page = PlannedPage(
        "content",
        "bullets",
        "Contributing",
        chapter="Contributing",
        blocks=[Block("paragraph", [Span("Take a look at the "), Span("CONTRIBUTING.md")])],
        source="chapters[9].pages[0]",
        notes="n",
    )
    made = with_chapters(None, [page], "en")
    assert made is not None and made.source == ALSO_SOURCE and made.notes == "n"
    (line,) = made.blocks[0].items
    assert (
        line.spans[0].bold
        and plain(line.spans) == "Contributing: Take a look at the CONTRIBUTING.md"
    )
    kept = with_chapters(made, [], "en")
    assert kept is made
