"""Every part under its own title: a chapter listed on the contents slide is never shown under
another chapter's title; a chapter of several slides is never split across slides holding
another chapter (whole small chapters share a slide instead); a section joined under another
page's title shows the page it comes from; a deck page of nothing but headings is a section
slide, as the pages of one heading around it."""

from __future__ import annotations

from generator.api import GeneratedDeck, generate_from_markdown
from generator.model import plain
from generator.outline import parse_outline
from generator.pages import PlannedPage, source_chapters
from generator.pieces import Piece
from generator.together import keep_introductions
from tests.generator.fragments import MARP_LAST, MARP_SCHEMES
from tests.generator.fragments_titles import (
    CHATGLM_DEPLOY,
    HTTPX_FIXED_TAIL,
    KEP_USER_STORIES,
    MARP_PER_PAGES,
    MKDOCS_INLINE_TABS,
)


def content(deck: GeneratedDeck) -> list[PlannedPage]:
    return [p for p in deck.pages if p.kind == "content"]


def words(page: PlannedPage) -> str:
    from generator.leftout import block_text

    return " ".join(block_text(b) for b in page.blocks)


def headings(page: PlannedPage) -> list[str]:
    return [plain(b.spans) for b in page.blocks if b.type == "heading"]


def test_source_chapters_lists_each_chapter_once_in_order() -> None:
    source = "chapters[4].pages[0]+chapters[5].pages[0]+chapters[5].pages[1]"
    assert source_chapters(source) == [4, 5]
    assert source_chapters("chapters[1]+chapters[2].pages[0]") == [1, 2]
    assert source_chapters("") == []


def test_a_releases_tail_is_not_shared_with_the_next_release() -> None:
    # 0.26.0 takes two slides (Added · Deprecated, then Fixed); 0.25.2 is one bullet: it keeps
    # its slide rather than turning 0.26.0's "Fixed" slide into "Fixed · 0.25.2"
    deck = generate_from_markdown("# Changelog\n\n" + HTTPX_FIXED_TAIL, "corporate")
    pages = content(deck)
    for page in pages:  # no slide holds two releases
        assert len(source_chapters(page.source)) == 1, (page.title, page.source)
    (fixed,) = [p for p in pages if "double escaping of URL path" in words(p)]
    # the release is named above its title, or by the title of the slide before it (its
    # "Added" and "Deprecated" side by side under the release's name)
    before = pages[pages.index(fixed) - 1]
    assert fixed.title == "Fixed"
    assert "0.26.0 (20th December, 2023)" in (fixed.subtitle, before.title)
    assert "missing type hints" not in words(fixed)
    (release,) = [p for p in pages if "missing type hints" in words(p)]
    assert release.title == "0.25.2 (24th November, 2023)"


def test_a_short_chapter_is_not_joined_under_the_last_page_of_a_long_one() -> None:
    # the fine-tuning chapter (one sentence) after the four pages of low-cost deployment: not
    # a heading under "多卡部署" with "低成本部署" above the title
    deck = generate_from_markdown("# ChatGLM-6B\n\n" + CHATGLM_DEPLOY, "corporate")
    pages = content(deck)
    # no slide of its own either: it is named on the closing slide (generator.alsolines)
    assert not [p for p in pages if "P-tuning v2" in words(p)]
    closing = deck.pages[-1]
    assert "高效参数微调" in closing.subtitle and "P-tuning v2" in closing.notes
    deploy = [p for p in pages if p.subtitle == "低成本部署"]
    assert [p.title for p in deploy][-1] == "多卡部署"
    assert all("高效参数微调" not in p.title and "P-tuning" not in words(p) for p in deploy)


def test_a_section_is_never_joined_under_another_pages_title() -> None:
    # "Task isolation" (the first story, under "User Stories" above its title like the other
    # two) after the one-paragraph "Refactor ..." slide: the two titles do not share one title
    # line, so the story is never shown under "Refactor ..." (its title named one part only);
    # sharing a slide, they would be under "Proposal", each under its own heading
    md = "# KEP-4603: Tune CrashLoopBackoff\n\n## Proposal\n\n" + KEP_USER_STORIES
    pages = content(generate_from_markdown(md, "corporate"))
    (story,) = [p for p in pages if "new gaming session" in words(p)]
    assert not story.title.startswith("Refactor and flat rate")
    if "Finally, this KEP proposes" in words(story):
        assert story.title == "Proposal"
        assert headings(story)[0].startswith("Refactor and flat rate")
        assert headings(story)[-2:] == ["User Stories", "Task isolation"]
    else:
        assert (story.title, story.subtitle) == ("Task isolation", "User Stories")


def test_a_tabs_closing_sentence_stays_with_the_code_above_it() -> None:
    # each tab: an admonition, its source, "Use `inline end` to align to the right ...", then
    # the next tab's label: the sentence never opens a slide without the code it explains
    md = "# Admonitions\n\n## Usage\n\n" + MKDOCS_INLINE_TABS
    (page,) = [p for c in parse_outline(md).chapters for p in c.pages]
    blocks = page.blocks
    pieces = keep_introductions([Piece(b, i, 0.0, 10.0) for i, b in enumerate(blocks)], blocks)
    code = [k for k, p in enumerate(pieces) if p.block.type == "code"]
    assert len(code) == 2
    closing = [plain(blocks[k + 1].spans) for k in code]
    assert closing[0].startswith("Use inline end to align") and closing[1].startswith("Use inline")
    assert pieces[code[0]].keep_next  # the next tab's label follows the sentence
    # the last tab's sentence is followed by the page's own text: no part ends there, the
    # code may end a slide as before
    assert plain(blocks[code[1] + 2].spans).startswith("Important: admonitions")
    assert not pieces[code[1]].keep_next


def test_a_deck_page_of_headings_only_is_a_section_slide() -> None:
    # "# Templates can use to per pages!" with a smaller heading under it and nothing else:
    # a section slide naming both, as "That's all!" with its line after it
    deck = generate_from_markdown(MARP_SCHEMES + MARP_PER_PAGES + MARP_LAST, "corporate")
    found = [p for p in deck.pages if "Templates can use" in p.title]
    assert [p.kind for p in found] == ["divider"]
    assert "with using temporally page directive" in found[0].title
    assert not [p for p in content(deck) if "Templates can use" in p.title]
    closing = [p for p in deck.pages if p.title.startswith("That's all!")]
    assert [p.kind for p in closing] == ["divider"]
