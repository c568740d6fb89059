"""Titles that say what is on the slide, on fragments of the real documents of samples/markdown
(see each folder's SOURCES.md): the document's own title never prefixes a slide's title, a
chapter named above a title gives way before the title is cut, and a document ending with its
own thank-you slide gets no generated closing slide."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.api import generate_from_markdown
from generator.compose import draft_deck
from generator.leftout import block_text
from generator.markup.images import Assets
from generator.outline import parse_outline
from generator.partnames import distinct_titles
from tests.generator.test_titles_chapters import headings, words
from tests.generator.test_titles_structure import between, sample


def test_the_only_top_heading_under_a_front_matter_title_names_no_slide() -> None:
    notes = sample("meeting-notes")
    md = between(notes, "---", "## Scheduled meetings")
    md += between(notes, "## Announcements or custom items", "## RFCs waiting to be merged")
    outline = parse_outline(md)
    assert outline.topic == "Triage meeting 2022-11-15"
    assert [c.title for c in outline.chapters] == ["T-lang meeting agenda"]
    pages = [p for p in draft_deck(outline, "en").pages() if p.kind == "content"]
    assert pages
    for page in pages:
        assert page.subtitle == "", page.title
        assert "T-lang meeting agenda" not in page.title


def test_a_deck_titled_like_its_section_names_no_slide_by_it() -> None:
    deck = sample("slidev-composable-vue")
    lines = deck.split("\n")
    start = lines.index("# Typed Provide / Inject <MarkerCore/>") - 2
    end = lines.index("# Shared State <MarkerPattern />") - 2
    cover = lines[: lines.index("layout: 'intro'") - 1]
    section = lines.index("# Composable Vue", len(cover))  # the talk's own section slide
    md = "\n".join([*cover, *lines[section - 3 : section + 2], *lines[start:end]]) + "\n"
    generated = generate_from_markdown(md, "corporate")
    assert [p.title for p in generated.pages][:2] == ["Composable Vue", "Composable Vue"]
    typed = [p for p in generated.pages if p.kind == "content" and "Typed" in p.title]
    assert len(typed) == 2
    for page in typed:
        assert page.subtitle == "", page.subtitle


def test_sections_whose_titles_do_not_fit_together_are_titled_by_their_page() -> None:
    notes = sample("meeting-notes")
    md = "---\ntitle: Triage meeting 2022-11-15\n---\n\n# T-lang meeting agenda\n\n"
    md += "## Attendance\n\n* Team members: Josh, nikomatsakis, pnkfelix, scottmcm\n\n"
    md += between(
        notes,
        "## Nominated RFCs, PRs and issues discussed this meeting",
        "## Nominated RFCs, PRs and issues NOT discussed this meeting",
    )
    generated = generate_from_markdown(md, "corporate")
    titles = [p.title for p in generated.pages if p.kind == "content"]
    # long item titles: each titled by itself, nothing cut; the brief first item shares the
    # second one's slide, titled by the agenda item they are under (generator.minutes), so the
    # later item's slide does not name it again
    section = "Nominated RFCs, PRs and issues discussed this meeting"
    above = [p.subtitle for p in generated.pages if p.kind == "content"]
    assert above == ["", "", ""], above
    (first,) = [p for p in generated.pages if "Removing nomination." in words(p)]
    assert first.title == section
    assert headings(first) == [
        "Remove drop order twist of && and || and make them associative",
        'RFC: c"…" string literals',
    ]
    assert not any(t.endswith("…") or " · " in t for t in titles), titles


def test_a_deck_ending_with_its_own_thank_you_gets_no_generated_closing_slide() -> None:
    deck = sample("slidev-composable-vue")
    lines = deck.split("\n")
    start = lines.index("# Recap") - 2
    md = (
        "\n".join(lines[: lines.index("layout: 'intro'") - 1])
        + "\n\n"
        + "\n".join(lines[start:])
        + "\n"
    )
    generated = generate_from_markdown(md, "corporate")
    # its own centred last slide is the closing slide, and the only one
    assert [p.kind for p in generated.pages].count("closing") == 1
    assert generated.pages[-1].kind == "closing"
    assert generated.pages[-1].title == "Thank You!"
    # without its own last slide, the deck gets the generated one
    shorter = md.split("---\nlayout: center")[0]
    assert generate_from_markdown(shorter, "corporate").pages[-1].kind == "closing"


def last_kind(md: str) -> str:
    return generate_from_markdown(md, "corporate").pages[-1].kind


def test_closing_words_in_several_languages() -> None:
    talk = "# Talk\n\n## Intro\n\nText.\n\n## {}\n\nSee you.\n"
    for title in ("Thank You!", "Any questions?", "Q&A", "The End", "谢谢", "Merci !", "Danke"):
        assert last_kind(talk.format(title)) == "content", title
    for title in ("Ending conditions", "Questions about the API", "Thanksgiving menu"):
        assert last_kind(talk.format(title)) == "closing", title


# -- a merged page continued over several slides ------------------------------------------------


def content_titles(md: str) -> list[tuple[str, int, int]]:
    deck = generate_from_markdown(md, "corporate")
    return [(p.title, p.part, p.parts) for p in deck.pages if p.kind == "content"]


@pytest.mark.usefixtures("whole_link_lists")
def test_each_slide_of_a_merged_page_names_only_the_parts_on_it() -> None:
    rust = sample("rust-release")
    md = "# Announcing Rust 1.80.0\n\n## What's in 1.80.0 stable\n\n"
    md += between(rust, "### Stabilized APIs", "## Contributors to 1.80.0")
    titles = content_titles(md)
    assert len(titles) >= 2, titles
    # every slide of the API lists is titled and counted with them; "Other changes" does not
    # start on their continuation slide but on its own
    apis = len(titles) - 1
    assert titles[:-1] == [("Stabilized APIs", k + 1, apis) for k in range(apis)]
    assert titles[-1] == ("Other changes", 1, 1)


def test_a_release_starting_at_the_bottom_of_a_slide_is_named_on_that_slide_only() -> None:
    changelog = sample("httpx-changelog")
    md = "# Changelog\n\n" + between(
        changelog, "## 0.28.0 (28th November, 2024)", "## 0.27.1 (27th August, 2024)"
    )
    titles = content_titles(md)
    assert len(titles) >= 2, titles
    n = len(titles) - 1
    assert titles[0] == ("0.28.0 (28th November, 2024)", 1, n)
    # the release that started at the bottom of 0.28.0's last slide has a slide of its own
    assert titles[-1] == ("0.27.2 (27th August, 2024)", 1, 1), titles


def test_picture_slides_of_a_merged_page_name_the_part_their_pictures_are_in(
    tmp_path: Path,
) -> None:
    from PIL import Image

    readme = sample("chatglm-readme")
    md = "# ChatGLM-6B\n\n" + between(readme, "## 局限性", "## 引用")
    (tmp_path / "limitations").mkdir()  # the example screenshots (not in the corpus folder)
    for name in re.findall(r"limitations/([\w-]+\.(?:png|jpg))", md):
        Image.new("RGB", (400, 120), "white").save(tmp_path / "limitations" / name)
    assets = Assets.beside(str(tmp_path / "README.md"))
    deck = generate_from_markdown(md, "corporate", assets=assets)
    shown = [p for p in deck.pages if p.kind == "content"]
    assert len(shown) >= 3
    pictures = [p for p in shown if p.layout.startswith("image")]
    assert pictures, [p.title for p in shown]
    # the limitations' example pictures are titled by the limitations, not the licence
    assert {p.title for p in pictures} == {"局限性"}, [p.title for p in shown]
    for page in shown:  # the licence is named where its text is (title or heading), only there
        licence = "Apache-2.0" in " ".join(block_text(b) for b in page.blocks)
        named = [page.title] + [block_text(b) for b in page.blocks if b.type == "heading"]
        assert any("协议" in t for t in named) == licence, (page.title, licence)
    limits = [p for p in shown if "局限性" in p.title and "协议" not in p.title]
    assert [(p.part, p.parts) for p in limits] == [(k + 1, len(limits)) for k in range(len(limits))]


def test_a_chapter_its_slides_title_already_says_is_not_named_above_it() -> None:
    """marp-gaia: a section slide "3. Color scheme templates" over slides titled "Color scheme
    templates" names nothing above their titles (it would read twice)."""
    md = (
        "<!-- $theme: gaia -->\n\n# Talk\n\n---\n\n# 3. Color scheme templates\n\n---\n\n"
        "## Color scheme templates\n\nGaia has the default, invert and gaia schemes.\n\n---\n\n"
        "## Color scheme templates\n\nPick one per page.\n"
    )
    deck = generate_from_markdown(md, "corporate")
    shown = [(p.title, p.subtitle) for p in deck.pages if p.kind == "content"]
    assert shown == [("Color scheme templates", "")] * 2


def test_parts_a_slide_names_are_named_once() -> None:
    assert distinct_titles(["3. Colours", "Colours", "", "Fonts", "fonts"]) == [
        "3. Colours",
        "Fonts",
    ]
