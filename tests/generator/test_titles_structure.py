"""Titles, cover, contents and chapters that follow the document's headings, on fragments of the
real documents of samples/markdown (see each folder's SOURCES.md): a slide's title says where
it is (a repeated heading names its chapter, a merged slide its parts in order, a `#` after the
sections is a chapter of its own), the cover carries the document's title, the contents slide
lists every chapter, a document of one chapter has no divider, and decks keep their slides
(pandoc frames, Marp heading slides)."""

from __future__ import annotations

import os
import re
import sys

import pytest

from generator.api import generate_from_markdown
from generator.compose import draft_deck
from generator.errors import GeneratorError
from generator.markup.images import Assets
from generator.outline import document_name, parse_outline
from tests.generator.layout_samples import picture

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))

import markdown_corpus as mc  # noqa: E402

SAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "samples", "markdown")

sample = mc.sample


def between(text: str, first: str, stop: str | None) -> str:
    """The lines of `text` from the line `first` up to (not including) the line `stop`."""
    lines = text.split("\n")
    start = lines.index(first)
    end = lines.index(stop, start + 1) if stop else len(lines)
    return "\n".join(lines[start:end]) + "\n"


def first_heading(page) -> str:  # type: ignore[no-untyped-def]
    blocks = list(page.blocks) + [b for s in page.sections for b in s.blocks]
    if page.sections and page.sections[0].title:
        return str(page.sections[0].title)
    heads = [b for b in blocks if b.type == "heading"]
    return "".join(s.text for s in heads[0].spans) if heads else ""


# -- 1. titles that say where the slide is ------------------------------------------------------


def test_a_heading_repeated_under_each_release_names_its_release() -> None:
    changelog = sample("httpx-changelog")
    md = "# Changelog\n\n" + between(
        changelog, "## 0.18.0 (27th April, 2021)", "## 0.16.1 (October 8th, 2020)"
    )
    deck = generate_from_markdown(md, "corporate")
    repeated = [
        p for p in deck.pages if p.kind == "content" and p.title.startswith(("Added", "Fixed"))
    ]
    assert len(repeated) >= 3
    for page in repeated:  # each "Fixed" says "0.18.0 (27th April, 2021)" above it
        assert re.match(r"0\.1[78]\.\d", page.subtitle), (page.title, page.subtitle)
        assert page.subtitle == page.chapter


def test_a_merged_slide_is_titled_by_its_parts_in_order() -> None:
    changelog = sample("httpx-changelog")
    md = "# Changelog\n\n" + between(
        changelog, "## 0.23.0 (23rd May, 2022)", "## 0.22.0 (26th January, 2022)"
    )
    deck = generate_from_markdown(md, "corporate")
    (first, second, *_) = [p for p in deck.pages if p.kind == "content"]
    # "Changed" and "Fixed" do not fit one slide together: "Fixed" is not a heading on
    # "Changed (2/2)" but starts a slide of its own
    assert (first.title, first.parts, second.title, second.part) == ("Changed", 1, "Fixed", 1)
    assert first.subtitle == second.subtitle == "0.23.0 (23rd May, 2022)"
    assert first_heading(first) != "Fixed"


def test_a_merged_run_of_sections_is_titled_by_them_not_by_the_chapter() -> None:
    bat = sample("bat-readme")
    md = "# bat\n\n" + between(bat, "## How to use", "## Installation")
    deck = generate_from_markdown(md, "corporate")
    content = [p for p in deck.pages if p.kind == "content"]
    chapter_titled = {p.source for p in content if p.title == "How to use"}
    assert chapter_titled == {"chapters[0].pages[0]"}  # only its own opening text (continued)
    assert "find or fd · ripgrep" in [p.title for p in content]  # sections merged say so


def test_a_heading_level_one_after_the_sections_is_a_chapter_of_its_own() -> None:
    rich = sample("rich/README")
    md = between(rich, "## Rich Inspect", "# Rich CLI")
    deck = generate_from_markdown(md, "corporate")
    library = [p for p in deck.pages if p.kind == "content" and p.chapter == "Rich Library"]
    assert len(library) >= 5
    for page in library:
        assert "Rich Inspect" not in page.title + page.subtitle
        assert page.title.startswith("Rich Library") or page.subtitle == "Rich Library"


# -- 2. the cover ---------------------------------------------------------------------------------


def test_the_cover_is_the_logos_alt_text_not_the_first_subheading() -> None:
    bat = sample("bat-readme")
    md = between(bat, bat.split("\n")[0], "### Show non-printable characters")
    assets = Assets.beside(os.path.join(SAMPLES, "bat-readme", "README.md"))
    outline = parse_outline(md, assets=assets)
    assert outline.topic == "bat - a cat clone with wings"  # not "Syntax highlighting"


def test_a_logo_the_deck_cannot_have_still_names_the_cover() -> None:
    """A service request has no files beside the document: the missing logo's alt text is the
    cover, and the logo is listed in the cover's notes."""
    bat = sample("bat-readme")
    md = between(bat, bat.split("\n")[0], "### Show non-printable characters")
    outline = parse_outline(md)
    assert outline.topic == "bat - a cat clone with wings"  # not "Syntax highlighting"
    notes = outline.chapters[0].pages[0].notes
    assert "bat - a cat clone with wings" in notes


def test_a_missing_picture_after_a_shown_one_does_not_name_the_cover() -> None:
    shown = f"![Diagram of the pipeline stages]({picture('#1f3a5f')})"
    md = f"{shown}\n\n![The project logo and its wings](logo.png)\n\n## Usage\n\nRun it.\n"
    outline = parse_outline(md)
    assert outline.topic != "The project logo and its wings"


def test_without_a_title_the_cover_is_the_documents_file_name() -> None:
    rich = sample("rich/README")
    md = between(rich, rich.split("\n")[0], "## Rich Print")
    assert document_name(os.path.join(SAMPLES, "rich", "README.md")) == "rich"
    assert document_name(os.path.join(SAMPLES, "meeting-notes", "2022-11-15.md")) == "2022-11-15"
    # a translation of a generic name is named by its folder too; other dotted names keep theirs
    assert document_name(os.path.join(SAMPLES, "rich", "README.cn.md")) == "rich"
    assert document_name(os.path.join("docs", "index.pt-br.md")) == "docs"
    assert document_name(os.path.join("talks", "notes.v2.final.md")) == "notes.v2.final"
    assert parse_outline(md, name="rich").topic == "rich"  # its logo's alt text is only "Logo"
    deck = generate_from_markdown(md, "corporate", source_name="rich")
    assert deck.pages[0].title == "rich" and deck.subject == "rich"
    with pytest.raises(GeneratorError):  # a name is no content: an empty file stays refused
        parse_outline("   \n", name="empty")


# -- 3. contents and dividers ------------------------------------------------------------------------


def test_the_contents_slide_lists_every_chapter_and_small_chapters_get_no_dividers() -> None:
    md = sample("httpx-quickstart")
    chapters = [line[3:] for line in md.split("\n") if line.startswith("## ")]
    deck = generate_from_markdown(md, "corporate")
    entries = [e for p in deck.pages if p.kind == "contents" for e in p.entries]
    assert entries == ["Introduction", *chapters]  # the opening text, then all 17 sections
    # mostly one-slide sections: no chapter gets a divider, so none looks like a part of another
    assert [p for p in deck.pages if p.kind == "divider"] == []
    for page in deck.pages:
        if page.kind == "content" and page.chapter:
            assert page.chapter in page.title or page.subtitle == page.chapter


def test_a_changelogs_contents_names_the_first_versions_and_the_range_of_the_rest() -> None:
    md = sample("httpx-changelog")
    versions = [line[3:] for line in md.split("\n") if line.startswith("## ")]
    (contents,) = draft_deck(parse_outline(md), "en").contents()
    assert contents.entries[:9] == versions[:9]
    assert contents.entries[9] == f"{versions[9]} … {versions[-1]} ({len(versions) - 9} more)"
    assert len(contents.entries) == 10


def test_a_document_of_one_chapter_has_no_divider_and_no_contents() -> None:
    notes = sample("meeting-notes")
    md = between(notes, notes.split("\n")[0], "## Action item review")
    deck = generate_from_markdown(md, "corporate")
    kinds = [p.kind for p in deck.pages]
    assert "divider" not in kinds and "contents" not in kinds
    assert deck.pages[0].title == "Triage meeting 2022-11-15"
    titles = [(p.title, p.part) for p in deck.pages if p.kind == "content"]
    assert len(titles) == len(set(titles))  # no two slides titled "T-lang meeting agenda"


@pytest.mark.usefixtures("whole_document")
def test_dividers_carry_their_chapters_number_in_the_contents() -> None:
    md = sample("bat-readme")
    deck = generate_from_markdown(md, "corporate")
    entries = [e for p in deck.pages if p.kind == "contents" for e in p.entries]
    dividers = [p for p in deck.pages if p.kind == "divider"]
    assert len(dividers) >= 4
    assert len(entries) > len(dividers)  # a chapter of one slide is listed too
    for page in dividers:
        assert entries[page.chapter_number - 1] == page.title


# -- 4. decks keep their slides -----------------------------------------------------------------------


def test_a_pandoc_slide_show_keeps_a_slide_per_frame_and_its_sections() -> None:
    md = sample("pandoc-beamer")
    frames = [line[3:].split(" {")[0] for line in md.split("\n") if line.startswith("## ")]
    sections = [line[2:] for line in md.split("\n") if line.startswith("# ")]
    deck = generate_from_markdown(md, "corporate")
    assert [p.title for p in deck.pages if p.kind == "content"] == frames
    assert [p.title for p in deck.pages if p.kind == "divider"] == sections
    assert deck.pages[0].title == "Presentation Title"
    assert "Kevin Ernst · Weirauch Lab" in deck.pages_html[0]  # the institute on the cover
    two = next(p for p in deck.pages if p.title == "Two-A")
    assert two.layout in ("columns", "cards") and len(two.sections) == 2
    plain = next(p for p in deck.pages if p.title.startswith("A plain slide"))
    assert [b.type for b in plain.blocks] == ["paragraph", "paragraph"]  # the footnote a line
    assert plain.blocks[1].spans[0].sup and "Do footnotes work?" in plain.blocks[1].spans[-1].text
    pause = next(p for p in deck.pages if p.title == "Slide with a pause")
    text = " ".join(s.text for b in pause.blocks for s in b.spans)
    assert ". . ." not in text and "\\framesubtitle" not in text


def test_a_marp_decks_heading_slides_stay_slides_and_only_sections_are_dividers() -> None:
    md = sample("marp-gaia")
    deck = generate_from_markdown(md, "corporate")
    assert deck.page_count == mc.source_slides(md) + 1  # every part a slide, and the closing
    dividers = [p.title for p in deck.pages if p.kind == "divider"]
    assert "e.g. This page 😋" in dividers  # a short heading alone: a section slide ...
    # ... and so is a page of nothing but headings, its first a short one
    assert any(t.startswith("Templates can use to per pages! — with using") for t in dividers)
    last = deck.pages[-2]
    assert last.kind == "content" and "of Marp" in last.title  # the last part is no chapter
    tips = [
        p
        for p in deck.pages
        if any("Tips" in s.text for b in p.blocks for q in b.paragraphs for s in q)
    ]
    assert len(tips) == 1 and tips[0].title == ""  # the quote slide on its own, never merged
    assert "contents" not in [p.kind for p in deck.pages]  # no contents invented for a deck
