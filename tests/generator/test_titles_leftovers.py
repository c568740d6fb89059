"""Titles a presenter keeps and nothing a slide tool leaves behind: a document's body chapter is
not named above each of its slides; a slide stacking two chapters is titled by both, each
under its heading inside; a section saying only "None." is one line on its neighbour; a slide
tool's positioned labels, draggable boxes and click controls go with their text, and a live
table of contents lists the deck's titles."""

from __future__ import annotations

import os
import sys

import pytest

from generator.api import GeneratedDeck, generate_from_markdown
from generator.compose import draft_deck, draft_pages
from generator.markup.sanitize import sanitize_html
from generator.model import Block, plain
from generator.outline import parse_outline
from generator.pages import PlannedPage
from tests.generator.fragments import (
    FD_INSTALL,
    HTTPX_JSON_HEADERS,
    MEETING_NOTHING,
    MEETING_NOTHING_LAST,
    SLIDEV_DRAG,
    SLIDEV_GRID3,
    SLIDEV_GRID_AFTER,
    SLIDEV_NAMED,
    SLIDEV_NAV_TOC,
)

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))

import markdown_corpus as mc  # noqa: E402

sample = mc.sample


def texts(blocks: list[Block]) -> list[str]:
    return [plain(b.spans) for b in blocks if b.spans]


def all_blocks(page: PlannedPage) -> list[Block]:
    return [*page.blocks, *(b for s in page.sections for b in s.blocks)]


def headings(blocks: list[Block]) -> list[str]:
    return [plain(b.spans) for b in blocks if b.type == "heading"]


def deck_text(deck: GeneratedDeck) -> str:
    return " ".join("".join(run[0] for run in mc.deck_text(deck.slides).runs).split())


# -- the document's body chapter ---------------------------------------------------------------


def test_the_chapter_holding_the_whole_document_is_not_named_above_its_slides() -> None:
    deck = draft_deck(parse_outline(sample("rust-release")), "en")
    body = deck.chapters[1].undivided  # its slides when it gets no divider (it gets none)
    assert len(body) >= 4 and "LazyCell and LazyLock" in [p.title for p in body]
    assert [p.subtitle for p in body] == [""] * len(body)  # not "What's in 1.80.0 stable"
    pages = draft_pages(parse_outline(sample("rust-release")), "en")
    assert "divider" not in [p.kind for p in pages]


def test_a_chapter_among_other_large_chapters_still_names_itself() -> None:
    # the release notes and an installation chapter of nine pages: neither is the body
    deck = draft_deck(parse_outline(sample("rust-release") + "\n" + FD_INSTALL), "en")
    rust = deck.chapters[1].undivided
    assert rust and all(p.subtitle == "What's in 1.80.0 stable" for p in rust)


# -- parts stacked on one slide ----------------------------------------------------------------


def test_two_short_chapters_on_one_slide_are_both_named_in_its_title() -> None:
    # each chapter is listed on the contents slide: neither hides under the other's title
    deck = generate_from_markdown("# QuickStart\n\n" + HTTPX_JSON_HEADERS, "corporate")
    (slide,) = [p for p in deck.pages if p.kind == "content"]
    assert slide.title == "JSON Response Content and Custom Headers"
    assert not slide.subtitle  # no kicker naming one of the two chapters
    # ... and each chapter opens under its own heading in the body, the first one too
    assert headings(slide.blocks) == ["JSON Response Content", "Custom Headers"]
    assert slide.blocks[0].type == "heading"
    assert sum(b.type == "code" for b in slide.blocks) == 2


@pytest.mark.usefixtures("whole_link_lists")
def test_the_tail_of_a_part_and_a_short_part_after_it_carry_the_first_parts_count() -> None:
    deck = generate_from_markdown(sample("rust-release"), "corporate")
    titles = [p.title for p in deck.pages]
    # two chapters of one sentence each sharing a slide: titled by the part, the closing
    # credits under their own heading; no title names two parts
    assert [t for t in titles if " · " in t] == []
    apis = [p for p in deck.pages if p.title == "Stabilized APIs"]
    assert len(apis) >= 2 and [p.part for p in apis] == list(range(1, len(apis) + 1))
    assert all(p.parts == len(apis) for p in apis)  # the last one too: "(6/6)"
    assert "Other changes" in titles  # not a heading on "(6/6)"


# -- sections saying there is nothing ----------------------------------------------------------


def test_a_section_saying_none_is_a_line_on_the_slide_before_it() -> None:
    pages = draft_pages(parse_outline(sample("meeting-notes")), "en")
    assert "P-critical issues" not in [p.title for p in pages]
    (host,) = [p for p in pages if "P-critical issues: None." in texts(all_blocks(p))]
    assert host.title == "Active FCPs"
    assert texts(all_blocks(host))[-1] == "P-critical issues: None."


def test_sections_saying_none_join_their_neighbours_line_by_line() -> None:
    md = "# T-lang meeting agenda\n\n" + MEETING_NOTHING
    pages = [p for p in draft_pages(parse_outline(md), "en") if p.kind == "content"]
    titles = [p.title for p in pages] + [s.title for p in pages for s in p.sections]
    assert "PRs on the lang-team repo" not in titles
    assert "Pending lang team project proposals" not in titles
    lines = [t for p in pages for t in texts(all_blocks(p))]
    assert "Pending lang team project proposals: None." in lines
    assert "PRs on the lang-team repo: None." in lines
    assert "Zip. Nada. Zilch." in lines  # saying it with words of its own is content


def test_a_document_starting_with_a_section_saying_none_puts_it_on_the_next_slide() -> None:
    md = "# T-lang meeting agenda\n\n## P-critical issues\n\nNone.\n\n" + MEETING_NOTHING
    pages = [p for p in draft_pages(parse_outline(md), "en") if p.kind == "content"]
    assert "P-critical issues" not in [p.title for p in pages]
    assert texts(all_blocks(pages[0]))[:2] == ["P-critical issues: None.", "Zip. Nada. Zilch."]


def test_a_section_saying_none_after_a_chapter_of_subsections_keeps_its_slide() -> None:
    # the line would land in the last subsection ("Unreserve braced enum variants ...")
    md = "# T-lang meeting agenda\n\n" + MEETING_NOTHING_LAST
    pages = [p for p in draft_pages(parse_outline(md), "en") if p.kind == "content"]
    assert [p.title for p in pages] == ["Active FCPs", "P-critical issues"]


# -- a slide tool's leftovers ------------------------------------------------------------------


@pytest.fixture(scope="module")
def slidev_deck() -> GeneratedDeck:
    return generate_from_markdown(SLIDEV_NAV_TOC + "\n---\n" + SLIDEV_DRAG, "corporate")


def test_positioned_labels_draggables_and_controls_go_with_their_text(
    slidev_deck: GeneratedDeck,
) -> None:
    text = deck_text(slidev_deck)
    assert "Keyboard Shortcuts" in text and "Draggable Elements" in text
    assert "Here!" not in text  # the label beside the arrow
    assert "Double-click me!" not in text  # a draggable box
    assert "Use the `v-drag` component" in text  # ... the same markup shown as code stays
    dropped = [r.text or r.message for r in slidev_deck.left_out if r.kind == "html"]
    assert any("'Here!'" in d for d in dropped)
    assert any("'Double-click me!'" in d for d in dropped)


def test_a_live_table_of_contents_lists_the_decks_titles(slidev_deck: GeneratedDeck) -> None:
    (toc,) = [p for p in slidev_deck.pages if p.title == "Table of contents"]
    assert toc.layout == "columns" and len(toc.sections) == 2
    assert any(b.type == "code" for b in toc.sections[0].blocks)
    (listed,) = toc.sections[1].blocks
    titles = [plain(i.spans) for i in listed.items]
    assert titles == ["Navigation", "Table of contents", "Draggable Elements"]


def test_a_click_control_and_positioned_words_are_removed_but_positioned_content_stays() -> None:
    cover = sanitize_html(
        '<div @click="$slidev.nav.next" class="mt-12 py-1" hover:bg="white op-10">\n'
        "  Press Space for next page <carbon:arrow-right />\n</div>"
    )
    assert "Press Space" not in cover.html and cover.dropped
    # the composable talk's cover: the event and its date, positioned at the bottom left
    deck = generate_from_markdown(SLIDEV_NAMED, "corporate")
    text = deck_text(deck)
    assert "Apr. 29th, 2021" in text and "VueDay" in text


# -- a slide's grid ----------------------------------------------------------------------------


def test_a_three_column_grid_is_read_row_by_row_its_row_labels_above_each_row() -> None:
    pages = [p for c in parse_outline(SLIDEV_NAMED + SLIDEV_GRID3).chapters for p in c.pages]
    (page,) = [p for p in pages if p.title == "Passing Refs as Arguments"]
    assert page.hint == "columns"
    assert [s.title for s in page.sections] == ["Implementation", "Usage"]
    implementation, usage = (s.blocks for s in page.sections)
    assert [plain(b.spans) for b in implementation if b.type == "paragraph"][:1] == [
        "Plain function"
    ]
    assert [b.type for b in implementation] == ["paragraph", "code"] * 3
    assert [b.type for b in usage] == ["paragraph", "code"] * 3
    assert "function add(a: number, b: number)" in implementation[1].text
    assert "add(a, 5)" in usage[5].text  # the last row's usage, not its implementation


def test_a_heading_under_a_grid_stays_a_line_of_its_last_column() -> None:
    pages = [p for c in parse_outline(SLIDEV_NAMED + SLIDEV_GRID_AFTER).chapters for p in c.pages]
    (page,) = [p for p in pages if p.title == "Shared State"]
    assert len(page.sections) == 2 and [s.title for s in page.sections] == ["", ""]
    assert [b.type for b in page.sections[0].blocks] == ["code"]
    last = page.sections[1].blocks
    assert [b.type for b in last] == ["code", "code", "paragraph"]
    assert "But it's not SSR compatible!" in plain(last[-1].spans)
    assert last[-1].spans[0].bold
