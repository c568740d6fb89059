"""The deck's structure as a presenter reads it: an authored deck's own section slides shown
without our chapter numbers; the contents slide naming the chapters shown; dividers for every
chapter or none."""

from __future__ import annotations

import os
import re
import sys
from typing import Any, cast

import pytest

from generator.api import generate_from_markdown
from generator.deckplan import all_or_none, divided_deck
from generator.model import Span, plain
from generator.together import title_paragraph
from tests.generator.fragments import (
    MARP_QUOTE,
    MARP_SCHEMES,
    MEETING_DISCUSSED,
    MKDOCS_TYPES,
    SLIDEV_NAMED,
)

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))

import markdown_corpus as mc  # noqa: E402

sample = mc.sample


def chapter_of(source: str) -> int | None:
    found = {int(n) for n in re.findall(r"chapters\[(\d+)\]", source)}
    return found.pop() if len(found) == 1 else None


# -- an authored deck's section slides ---------------------------------------------------------


def test_an_authored_decks_heading_only_slides_carry_no_chapter_number() -> None:
    deck = generate_from_markdown(sample("marp-gaia"), "corporate")
    dividers = [(p, h) for p, h in zip(deck.pages, deck.pages_html, strict=True)]
    dividers = [(p, h) for p, h in dividers if p.kind == "divider"]
    assert [p.title for p, _ in dividers][:2] == [
        "Introduce new features!! — 1. Title Slides",
        "e.g. This page 😋",
    ]
    for page, html in dividers:
        assert page.chapter_number == 0
        assert 'class="div-num"' not in html  # no "01" / "02" beside the deck's own "1." / "2."
    assert "contents" not in [p.kind for p in deck.pages]  # the deck's own structure only


@pytest.mark.usefixtures("whole_document")
def test_a_documents_dividers_keep_their_numbers() -> None:
    # planned whole: a budget the deck is over only by its dividers would take them
    deck = generate_from_markdown(sample("mkdocs-admonitions"), "corporate")
    pairs = zip(deck.pages, deck.pages_html, strict=True)
    dividers = [(p, h) for p, h in pairs if p.kind == "divider"]
    assert [p.chapter_number for p, _ in dividers] == [2, 3, 4]  # 01: the introduction
    assert all(re.search(rf'class="div-num">0{p.chapter_number}<', h) for p, h in dividers)


# -- the contents slide ------------------------------------------------------------------------


def test_the_contents_slide_lists_only_the_chapters_shown() -> None:
    deck = generate_from_markdown(sample("mermaid-readme"), "corporate")
    (contents,) = [p for p in deck.pages if p.kind == "contents"]
    assert "Table of content" not in contents.entries  # the README's own contents, left out
    assert contents.entries[:3] == ["Introduction", "About", "Examples"]  # its opening text
    shown = {int(n) for p in deck.pages for n in re.findall(r"chapters\[(\d+)\]", p.source)}
    titles = [c["title"] for c in deck.document["outline"]["chapters"]]
    assert contents.entries[1:] == [t for i, t in enumerate(titles) if t and i in shown]


# -- dividers for all chapters or none ---------------------------------------------------------


def test_the_share_of_chapters_of_several_slides_decides_for_all() -> None:
    assert all_or_none([True, True, False]) is True
    assert all_or_none([True, False, False]) is False
    assert all_or_none([True] * 7 + [False] * 5) is True
    assert all_or_none([True] * 5 + [False] * 5) is False
    assert all_or_none([]) is False


def test_chapters_of_one_or_two_slides_get_no_dividers() -> None:
    """Dividers only when a divider is at most a quarter of its chapter on average: bat's
    README (chapters of 2, 5, 2, 2, 3, 3, 1 and 2 slides) had 8 dividers in 34 slides."""
    assert divided_deck([2, 5, 2, 2, 3, 3, 1, 2], 2) is False  # most take two: 2.5 on average
    assert divided_deck([1, 3, 7, 6, 1, 6], 2) is True  # 4 on average
    assert divided_deck([3, 3, 2], 2) is False  # under 3 on average
    assert divided_deck([4, 4, 1, 1, 1], 2) is False  # most are one slide
    assert divided_deck([], 2) is False
    md = "# Plan\n## Part\n### First page\n- alpha\n- beta\n### Second page\n**12%** growth\n"
    md += "## Next\n### Third page\n- gamma\n### Fourth page\n- delta\n"
    deck = generate_from_markdown(md, "corporate", length="long")  # chapters of two slides
    assert not [p for p in deck.pages if p.kind == "divider"]
    contents = [e for p in deck.pages if p.kind == "contents" for e in p.entries]
    assert contents == ["Part", "Next"]  # the chapters: listed, and named above their titles
    assert [p.subtitle for p in deck.pages if p.kind == "content"] == ["Part"] * 2 + ["Next"] * 2


def divided_chapters(deck) -> tuple[set[int], set[int]]:  # type: ignore[no-untyped-def]
    """(chapters with a divider, titled chapters shown) by chapter index."""
    titled = {i for i, c in enumerate(deck.document["outline"]["chapters"]) if c["title"]}
    divided: set[int] = set()
    shown: set[int] = set()
    pending = False
    for page in deck.pages:
        if page.kind == "divider":
            pending = True
            continue
        if page.kind != "content":
            continue
        ci = chapter_of(page.source)
        if ci is not None and ci in titled and ci not in shown:
            shown.add(ci)
            if pending:
                divided.add(ci)
        pending = False
    return divided, shown


def test_dividers_go_to_every_chapter_or_to_none() -> None:
    for name in ("fd-readme", "mermaid-readme"):
        deck = generate_from_markdown(sample(name), "corporate")
        divided, shown = divided_chapters(deck)
        assert divided in (set(), shown), name  # fd: half its chapters are one slide
        assert [p.number for p in deck.pages] == list(range(1, len(deck.pages) + 1))
        for page, html in zip(deck.pages, deck.pages_html, strict=True):
            foot = re.search(r'class="foot">(\d+)<', html)
            assert foot is None or int(foot.group(1)) == page.number
        records = [(r.where, r.kind, r.message, r.text) for r in deck.left_out]
        assert len(records) == len(set(records))


# -- slides without a heading, a slide's own colours -------------------------------------------


def runs(slide: Any) -> list[Any]:
    return [
        r
        for sh in slide["shapes"]
        if sh.get("kind") == "text"
        for p in sh["text"]["paragraphs"]
        for r in p["runs"]
    ]


def fill(slide: Any) -> str:
    return str(slide["background"]["color"])


def test_a_slide_without_a_heading_has_no_title_bar() -> None:
    deck = generate_from_markdown(MARP_QUOTE, "corporate")
    assert [p.title for p in deck.pages][1:3] == ["", "Overview"]
    quote, titled = cast(Any, deck.slides[1]), cast(Any, deck.slides[2])
    assert not [s for s in quote["shapes"] if s.get("name") == "div.head"]  # no empty bar
    assert [s for s in titled["shapes"] if s.get("name") == "div.head"]
    (bar,) = [s for s in quote["shapes"] if s.get("name", "").endswith("border-left")]
    assert bar["y"] + bar["h"] / 2 < 380  # centred in a body that takes the bar's room (410)
    for template in ("minimal", "data", "education"):
        html = generate_from_markdown(MARP_QUOTE, template).pages_html[1]
        assert 'class="head"' not in html and "untitled" in html


def test_a_marp_colour_scheme_class_colours_its_slide() -> None:
    deck = generate_from_markdown(MARP_SCHEMES, "corporate")
    slides = [(p, s) for p, s in zip(deck.pages, deck.slides, strict=True) if p.kind == "content"]
    assert [p.title for p, _ in slides] == ["Color scheme templates"] * 3
    (default, default_slide), (invert, invert_slide), (gaia, gaia_slide) = slides
    assert default.background == "" and fill(default_slide) == "FFFFFF"
    assert fill(invert_slide) == "455A64"  # Gaia's inverted scheme
    assert fill(gaia_slide) == "0288D1"  # Gaia's theme colour
    for slide in (invert_slide, gaia_slide):
        body = [
            r
            for r in runs(slide)
            if r["text"].strip() in ("Default", "Invert", "Change color scheme")
        ]
        assert body and {r["color"] for r in body} == {"FFF8E1"}


def test_marp_background_and_text_colour_directives_colour_their_slide() -> None:
    md = MARP_QUOTE.replace(
        "<!-- *template: invert -->", '<!-- _backgroundColor: "#222" -->\n<!-- _color: "#eee" -->'
    )
    deck = generate_from_markdown(md, "corporate")
    assert (deck.pages[1].background, deck.pages[1].color) == ("#222", "#eee")
    assert fill(deck.slides[1]) == "222222"
    assert {r["color"] for r in runs(deck.slides[1]) if "Greek" in r["text"]} == {"EEEEEE"}
    assert (deck.pages[2].background, deck.pages[2].color) == ("", "")  # this slide only


# -- a title is kept with what follows ---------------------------------------------------------


@pytest.mark.usefixtures("no_galleries")
def test_an_admonitions_title_never_ends_a_slide() -> None:
    deck = generate_from_markdown("# Admonitions\n\n" + MKDOCS_TYPES, "corporate")
    parts = [p for p in deck.pages if p.title == "Supported types"]
    assert len(parts) >= 2
    for page in parts:
        last = page.blocks[-1]  # the page's last slide ends as the document does
        assert last.type != "quote" or not title_paragraph(last.paragraphs[-1]), page.part
        first = page.blocks[0]
        assert first.type != "quote" or title_paragraph(first.paragraphs[0]), page.part
    shown = [plain(q.paragraphs[0]) for p in parts for q in p.blocks if q.type == "quote"]
    assert "Success" in shown and "Failure" in shown  # each admonition under its title


def test_a_short_bold_paragraph_is_a_title_a_sentence_is_not() -> None:
    assert title_paragraph([Span("Success", bold=True)])
    assert not title_paragraph([Span("Success")])
    assert not title_paragraph([Span("Lorem ipsum dolor sit amet, " * 4, bold=True)])
    assert not title_paragraph([Span("Note", bold=True), Span(": read this")])


# -- a slide never starts a page under another page's title -----------------------------------


def test_a_page_cut_at_its_content_titles_never_starts_under_another_pages_title() -> None:
    deck = generate_from_markdown(MEETING_DISCUSSED, "corporate")
    discussed = "Nominated RFCs, PRs and issues discussed this meeting"
    first = "Remove drop order twist of && and || and make them associative"  # its own title
    # its first items on one slide, titled by them or, when their titles do not fit together,
    # by the page
    slide = next(
        p
        for p in deck.pages
        if p.kind == "content" and (first in p.title or p.title == discussed and p.part == 1)
    )
    # the page is named where it starts: too long to share the title line, on a line of its
    # own above the title (tests/generator/test_agenda_context.py)
    assert slide.subtitle == discussed and slide.eyebrow
    assert discussed not in [plain(b.spans) for b in slide.blocks if b.type == "heading"]
    assert "P-critical issues" not in slide.title
    for page in deck.pages:
        if "P-critical issues" in page.title:
            assert "pages[2]" not in page.source  # the page before stays apart


def test_a_slide_without_a_heading_takes_the_name_its_front_matter_gives() -> None:
    deck = generate_from_markdown(SLIDEV_NAMED, "corporate")
    titles = [p.title for p in deck.pages if p.kind == "content"]
    # `name: VueUse` titles its slide; `name: Sponsors` held only a remote sponsor wall: not made
    assert titles == ["Anthony Fu", "VueUse"]


def test_a_contents_of_up_to_two_dozen_entries_takes_one_slide_in_two_columns() -> None:
    """httpx's quickstart lists 17 sections: one contents slide in two columns at body size
    or above the floor (it took two slides of 9 and 8), the slide's style naming the columns."""
    deck = generate_from_markdown(sample("httpx-quickstart"), "corporate")
    contents = [
        (p, h) for p, h in zip(deck.pages, deck.pages_html, strict=True) if p.kind == "contents"
    ]
    assert len(contents) == 1
    page, html = contents[0]
    assert len(page.entries) == 18 and page.columns == 2 and page.parts == 1  # + introduction
    assert page.body_size >= 18
    assert "--df-toc-columns:2" in html
    few = generate_from_markdown(sample("mermaid-readme"), "corporate")
    assert all(p.columns == 1 for p in few.pages if p.kind == "contents")  # one column holds it
