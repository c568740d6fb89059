"""No near-empty slides: a slide that would show one sentence, one bullet or one line of links
joins a neighbour (generator.lone), tested on fragments of the corpus documents whose decks
had such slides; and the corpus measure counts such slides as near-empty."""

from __future__ import annotations

import os
import sys

import pytest

from generator.api import GeneratedDeck, generate_from_markdown
from generator.lone import lone
from generator.model import Block, ListItem, Span, plain
from generator.pages import PlannedPage
from generator.planner import BODY_FLOOR
from tests.generator.fragments_lone import (
    BAT_TOOLS_TAIL,
    CHATGLM_INTRODUCTION,
    CHATGLM_POINTERS,
    HTTPX_RELEASES,
    KEP_GLOBAL_OVERRIDE,
    KEP_RAPID,
    MERMAID_EXAMPLES,
    MKDOCS_MATH_CONFIG,
    RUST_CHECK_CFG,
    RUST_LAST,
)

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))

import markdown_corpus as mc  # noqa: E402


def near_empty(deck: GeneratedDeck) -> list[int]:
    return mc.near_empty(deck.slides, [p.kind for p in deck.pages])


def content(deck: GeneratedDeck) -> list[tuple[PlannedPage, str]]:
    return [
        (p, mc.deck_text([s]).text())
        for p, s in zip(deck.pages, deck.slides, strict=True)
        if p.kind == "content"
    ]


def slide_with(deck: GeneratedDeck, words: str) -> tuple[PlannedPage, str]:
    found = [(p, t) for p, t in content(deck) if words in t]
    assert len(found) == 1, (words, [p.title for p, _ in content(deck)])
    return found[0]


def never_below_the_floor(deck: GeneratedDeck) -> None:
    for page, _ in content(deck):
        assert page.body_size >= BODY_FLOOR, (page.title, page.body_size)


def test_a_chapter_introduction_joins_the_slide_after_it_and_a_tail_the_part_before() -> None:
    deck = generate_from_markdown(MKDOCS_MATH_CONFIG, None)
    assert near_empty(deck) == []
    # the chapter's one sentence opens the first MathJax slide (no slide of its own)
    page, text = slide_with(deck, "The following configuration enables support")
    assert page.title == "MathJax" and "MathJax is a powerful" in text, text
    assert not any(p.title == "Configuration" for p, _ in content(deck))
    # "See additional configuration options:" and its link stay on the last MathJax part
    page, text = slide_with(deck, "See additional configuration options")
    assert page.title == "MathJax" and page.part == page.parts > 1
    assert "Arithmatex" in text and "mkdocs.yml" in text
    never_below_the_floor(deck)


def test_a_lone_section_joins_the_slide_before_it_under_its_heading() -> None:
    md = "# bat\n\n## How to use\n\n### Integration with other tools\n\n" + BAT_TOOLS_TAIL
    deck = generate_from_markdown(md, None)
    assert near_empty(deck) == []
    page, text = slide_with(deck, "The prettybat script is a wrapper")
    # the title names both sections (one line), each under its own heading
    assert page.title == "man and prettier / shfmt / rustfmt" and "MANPAGER" in text
    heading = [b for b in page.blocks if b.type == "heading"]
    assert [plain(b.spans) for b in heading] == ["man", "prettier / shfmt / rustfmt"]
    assert page.source.count("+") == 1  # the slide holds both sections
    assert page.body_size >= 20.0  # pages share a slide at the size continuations merge to
    never_below_the_floor(deck)


def headings(page: PlannedPage) -> list[str]:
    return [plain(b.spans) for b in page.blocks if b.type == "heading"]


def numbered_in_order(deck: GeneratedDeck) -> None:
    assert [p.number for p in deck.pages] == list(range(1, len(deck.pages) + 1))


def test_a_release_of_one_bullet_joins_the_release_after_it() -> None:
    deck = generate_from_markdown("# Changelog\n\n" + HTTPX_RELEASES, None)
    assert near_empty(deck) == []
    page, text = slide_with(deck, "Reintroduced supposedly-private")
    assert page.title == "0.27.2 (27th August, 2024) · 0.27.1 (27th August, 2024)"
    assert "Support for zstd content decoding" in text  # 0.27.1, its columns as headings
    # each release under its own heading, the first one too (the title names both)
    assert headings(page) == [
        "0.27.2 (27th August, 2024)",
        "Fixed",
        "0.27.1 (27th August, 2024)",
        "Added",
        "Fixed",
    ]
    assert not page.subtitle  # no one release named above a slide of two
    assert page.body_size >= 20.0  # pages share a slide at the size continuations merge to
    numbered_in_order(deck)
    # not on 0.28.0's continuation slide; the contents slide still lists the release
    before, _ = slide_with(deck, "The deprecated app argument has now been removed")
    assert before.title == "0.28.0 (28th November, 2024)" and before.parts == 2
    contents = [p for p in deck.pages if p.kind == "contents"]
    assert "0.27.2 (27th August, 2024)" in [str(e) for e in contents[0].entries]
    never_below_the_floor(deck)


@pytest.mark.usefixtures("whole_link_lists")
def test_a_chapter_of_one_sentence_never_joins_the_tail_of_a_chapter_named_above_it() -> None:
    # "What's in 1.80.0 stable" is named above each of its slides: the contributors' sentence
    # on its last page would read as part of it (the document's body chapter, named nowhere,
    # takes it: test_titles_leftovers); here no slide takes it, so it is no slide of its own
    # but named on the closing slide, its words in that slide's notes (generator.alsolines)
    deck = generate_from_markdown("# Announcing Rust 1.80.0\n\n" + RUST_LAST, None)
    assert not [p for p, t in content(deck) if "Many people came together" in t]
    closing = deck.pages[-1]
    assert closing.kind == "closing" and "Contributors to 1.80.0" in closing.subtitle
    assert "Many people came together" in closing.notes
    other, _ = slide_with(deck, "Check out everything that changed")
    assert other.title == "Other changes" and other.subtitle == "What's in 1.80.0 stable"
    numbered_in_order(deck)


def test_a_lone_section_joins_the_first_slide_of_a_section_of_several_slides_after_it() -> None:
    md = (
        "# KEP-4603: Tune CrashLoopBackoff\n\n## Alternatives\n\n" + KEP_GLOBAL_OVERRIDE + KEP_RAPID
    )
    deck = generate_from_markdown(md, None)
    assert near_empty(deck) == []
    page, text = slide_with(deck, "Allow an override of the global constant")
    # the slide holds the one-sentence section and the next section's start: its title
    # names both (one line); the next section opens under its heading (the first one's
    # heading would not leave room for it at a readable size: the title says it)
    assert page.title == "Global override and RestartPolicy: Rapid" and page.parts == 1
    assert headings(page)[-1] == "RestartPolicy: Rapid"
    assert "two-pronged approach" in text
    # the next section's continuation keeps its own title and number
    rest, _ = slide_with(deck, "general community consensus")
    assert rest.title == "RestartPolicy: Rapid" and (rest.part, rest.parts) == (2, 2)
    numbered_in_order(deck)
    never_below_the_floor(deck)


def test_an_intro_of_pointers_alone_is_no_slide_its_links_in_the_cover_notes() -> None:
    deck = generate_from_markdown(CHATGLM_POINTERS + CHATGLM_INTRODUCTION, None)
    assert near_empty(deck) == []
    titles = [p.title for p, _ in content(deck)]
    assert titles == ["介绍"]  # no "简介" slide of two links
    cover = deck.pages[0]
    assert "加入我们的 Discord 和 WeChat" in cover.notes
    assert "智谱AI开放平台" in cover.notes
    assert any(r.kind == "notes" and r.where == "chapters[0].pages[0]" for r in deck.left_out)


def test_an_intro_that_says_something_keeps_its_slide() -> None:
    # a sentence without a link before the pointers: the intro introduces
    md = CHATGLM_POINTERS.replace(
        "<p align", "ChatGLM-6B 是一个开源的对话语言模型。\n\n<p align", 1
    )
    deck = generate_from_markdown(md + CHATGLM_INTRODUCTION, None)
    assert "加入我们的 Discord 和 WeChat" in content(deck)[0][1]
    # nor is a document of pointers alone emptied
    deck = generate_from_markdown(CHATGLM_POINTERS, None)
    assert any("Discord" in text for _, text in content(deck))


def test_chapters_never_share_a_slide_in_a_long_deck() -> None:
    deck = generate_from_markdown("# Changelog\n\n" + HTTPX_RELEASES, None, length="long")
    page, _ = slide_with(deck, "Reintroduced supposedly-private")
    assert page.title == "0.27.2 (27th August, 2024)"


def test_a_paragraph_cut_off_before_its_code_stays_alone_rather_than_shrink() -> None:
    """Joined with the next part (its introduction and code), the paragraph would need type
    below the reading size of prose (18 pt): it keeps a slide of its own at that size."""
    deck = generate_from_markdown("# Rust\n\n## What's in 1.80.0 stable\n\n" + RUST_CHECK_CFG, None)
    page, text = slide_with(deck, "In 1.79, rustc stabilized")
    assert "Unexpected cfgs are reported" not in text and page.part == 1
    parts = [p for p, _ in content(deck) if p.title.startswith("Checked")]
    assert [(p.part, p.parts) for p in parts] == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert [p.number for p in parts] == [2, 3, 4, 5]
    assert min(p.body_size for p in parts) >= 24
    never_below_the_floor(deck)


def test_a_lead_in_joins_the_picture_after_it() -> None:
    deck = generate_from_markdown("# Mermaid\n\n" + MERMAID_EXAMPLES, None)
    assert near_empty(deck) == []
    page, _ = slide_with(deck, "The following are some examples of the diagrams")
    assert page.title.startswith("Flowchart")
    assert any(b.type == "image" for b in page.blocks)


def test_a_long_deck_keeps_each_page_on_its_own_slides() -> None:
    md = "# bat\n\n## How to use\n\n### Integration with other tools\n\n" + BAT_TOOLS_TAIL
    deck = generate_from_markdown(md, None, length="long")
    page, _ = slide_with(deck, "The prettybat script is a wrapper")
    assert page.title == "prettier / shfmt / rustfmt"


def test_an_authored_deck_keeps_its_one_line_slides() -> None:
    md = "---\nmarp: true\n---\n\n# Deck\n\n---\n\n## One\n\nA presentation about presentations.\n\n---\n\n## Two\n\n- point one\n- point two\n"
    deck = generate_from_markdown(md, None)
    titles = [p.title for p, _ in content(deck)]
    assert "One" in titles and "Two" in titles


def test_what_counts_as_lone() -> None:
    def page(*blocks: Block) -> PlannedPage:
        return PlannedPage("content", "bullets", "T", blocks=list(blocks))

    sentence = Block("paragraph", [Span("Check out everything that changed in Rust.")])
    label = Block("heading", [Span("Fixed")])
    item = Block("list", items=[ListItem([Span("Reintroduced the URLTypes shortcut.")])])
    names = Block("list", items=[ListItem([Span(n)]) for n in ("sharkdp", "tmccombs", "tavian")])
    assert lone(page(sentence)) and lone(page(label, item)) and lone(page(names))
    long_words = Block("paragraph", [Span("word " * 61)])
    assert not lone(page(long_words))
    assert not lone(page(sentence, sentence, sentence))  # three paragraphs: a slide
    code = Block("code", text="fd -h")
    assert not lone(page(sentence, code))
    figure = PlannedPage("content", "key-number", "T", blocks=[Block("paragraph", [Span("12%")])])
    assert not lone(figure)  # a key number in its own layout is a slide


def test_the_near_empty_measure_counts_one_sentence_set_large() -> None:
    deck = generate_from_markdown(
        "# T\n\n## One\n\nCheck out everything that changed in Rust, Cargo, and Clippy.\n\n"
        "## Two\n\n"
        + "".join(f"- point {k} of a list that fills the slide well\n" for k in range(8)),
        None,
        length="long",
    )
    numbers = {p.title: p.number for p, _ in content(deck)}
    assert near_empty(deck) == [numbers["One"]]
    (slide,) = [s for p, s in zip(deck.pages, deck.slides, strict=True) if p.title == "One"]
    assert mc.body_share(slide) > mc.NEAR_EMPTY  # set large, it covers more than the old measure
