"""Slides keep what they are under and what they refer to, on fragments of real team minutes
(samples/markdown/meeting-notes: rust-lang/lang-team minutes/2022-11-15.md;
tests/generator/fragments.py MEETING_REVEAL: minutes/2022-09-13.md, MEETING_STYLE_TEAM:
minutes/2022-09-06.md) and a KEP
(samples/markdown/kep-crashloopbackoff):

- a kicker (the chapter or agenda section above a slide's title) that does not share the
  title's line stands on a line of its own above it, on each of its slides, never as a
  heading in the body and never running the title to two lines;
- an agenda item titled by its own words keeps its reference ("rfcs#3348") on the slide: its
  link line names it ("Link: rust-lang/rfcs#3348", a link to the address), else the line is
  labelled by it;
- a condensed discussion shows whole sentences, and a long quoted comment the sentence
  saying what it asks of the meeting.
"""

from __future__ import annotations

import os

import pytest

from engine.api import layout_boxes
from generator.api import generate_from_markdown
from generator.leftout import block_text
from generator.markup.images import Assets
from generator.model import plain
from generator.pages import PlannedPage
from tests.generator.fragments import (
    MEETING_ITEMS,
    MEETING_REVEAL,
    MEETING_STYLE_TEAM,
)
from tests.generator.pptx_xml import NS, slides
from tests.generator.test_titles_structure import between, mc, sample

TEMPLATES = sorted(
    d
    for d in os.listdir(
        os.path.join(os.path.dirname(__file__), "..", "..", "generator", "templates")
    )
    if not d.startswith((".", "_"))
)
HEAD = "---\ntitle: Triage meeting 2022-11-15\n---\n\n# T-lang meeting agenda\n\n"
DISCUSSED = "Nominated RFCs, PRs and issues discussed this meeting"
FCP = "Remove const eval limit and implement an exponential backoff lint instead"


def shown(page: PlannedPage) -> str:
    return "\n".join(block_text(b) for b in page.blocks)


def heading_lines(html: str) -> list[str]:
    """The text of each line of a slide's title region, top to bottom."""
    layout = layout_boxes(html)
    inside = {
        i
        for i, b in enumerate(layout.boxes)
        if b.kind == "box" and b.attributes.get("data-df-fit") == "title"
    }
    lines: dict[float, str] = {}
    for i, b in enumerate(layout.boxes):  # parents come first
        if b.parent in inside:
            inside.add(i)
            if b.kind == "line" and b.text.strip():
                lines[round(b.y)] = lines.get(round(b.y), "") + b.text
    return [lines[y] for y in sorted(lines)]


def test_an_agenda_section_too_long_beside_its_items_titles_reads_above_each_of_them() -> None:
    deck = generate_from_markdown(MEETING_ITEMS, "corporate")
    items = [
        (p, h)
        for p, h in zip(deck.pages, deck.pages_html, strict=True)
        if p.kind == "content" and p.subtitle
    ]
    titles = [str(p.title) for p, _ in items]
    assert titles == [
        'RFC: c"…" string literals',
        "Raw pointer alignment checks in debug",
    ]  # was: the section a heading in the first item's body, the later items without it
    for page, html in items:
        assert page.subtitle == DISCUSSED and page.eyebrow
        assert DISCUSSED not in shown(page)  # not a heading of the body
        lines = heading_lines(html)
        assert lines[0].strip() == DISCUSSED  # a line of its own above the title ...
        assert len(lines) == 2  # ... which reads in one line
        assert 'class="kicker df-eyebrow"' in html


def test_a_kicker_never_runs_before_a_title_of_two_lines() -> None:
    md = HEAD + between(sample("meeting-notes"), "## Proposed FCPs", "## Active FCPs")
    deck = generate_from_markdown(md, "corporate")
    slides = [
        (p, h)
        for p, h in zip(deck.pages, deck.pages_html, strict=True)
        if p.kind == "content" and FCP.startswith(str(p.title))
    ]
    assert len(slides) >= 2
    for page, html in slides:
        # was: "Proposed FCPs · Remove const eval … backoff" / "lint instead" in small type
        assert page.subtitle == "Proposed FCPs" and page.eyebrow
        assert "Proposed FCPs ·" not in html
        assert heading_lines(html)[0].strip() == "Proposed FCPs"
        assert page.title_size == max(p.title_size for p in deck.pages if p.kind == "content")


def test_a_chapter_named_above_its_slides_is_named_on_each_of_them() -> None:
    path = dict(mc.documents())["kep-crashloopbackoff"]
    deck = generate_from_markdown(
        sample("kep-crashloopbackoff"), "corporate", assets=Assets.beside(path)
    )
    design = [p for p in deck.pages if p.kind == "content" and p.chapter == "Design Details"]
    assert len(design) >= 3
    # was: named before the first slide's title only, the later slides under nothing
    assert all(p.subtitle == "Design Details" or p.title == "Design Details" for p in design)
    for page in design:
        heads = [plain(b.spans) for b in page.blocks if b.type == "heading"]
        assert "Design Details" not in heads


def test_an_agenda_item_keeps_its_reference_on_its_slide() -> None:
    deck = generate_from_markdown(MEETING_ITEMS, "corporate")
    text = {str(p.title): shown(p) for p in deck.pages if p.kind == "content"}
    # its title is its own words; its link line names the reference it had (was its label:
    # "rfcs#3348: https://github.com/rust-lang/rfcs/pull/3348")
    assert "Link: rust-lang/rfcs#3348" in text['RFC: c"…" string literals']
    raw = text["Raw pointer alignment checks in debug"]
    assert "Link: rust-lang/compiler-team#570" in raw
    reveal = generate_from_markdown(MEETING_REVEAL, "corporate")
    item = [p for p in reveal.pages if str(p.title) == "Stop using Reveal::All before borrowck"]
    assert "Link: rust-lang/rust#101478" in shown(item[0])
    # a line whose address names no reference is labelled by it
    other = MEETING_ITEMS.replace(
        "https://github.com/rust-lang/compiler-team/issues/570", "https://example.org/570"
    )
    deck = generate_from_markdown(other, "corporate")
    text = {str(p.title): shown(p) for p in deck.pages if p.kind == "content"}
    assert "compiler-team#570: example.org/570" in text["Raw pointer alignment checks in debug"]


def test_a_condensed_discussion_shows_whole_sentences_and_what_was_asked() -> None:
    md = HEAD + between(sample("meeting-notes"), "## Proposed FCPs", "## Active FCPs")
    deck = generate_from_markdown(md, "corporate")
    text = "\n".join(
        shown(p) for p in deck.pages if p.kind == "content" and FCP.startswith(str(p.title))
    )
    # the remark was cut at "... whether we have …"
    assert (
        "joshtriplett: can't have a deny limit based on an unpredictable metric that varies "
        "from system to system, at the very least, and don't have consensus on whether we have "
        "a denyable lint even if it is, since it wouldn't be consistent from library to library"
    ) in text
    assert "…" not in text
    # the initiating comment's first sentence and the question it puts to the team
    assert "Before this change, there was a hard error" in text
    assert "I want lang team to sign off explicitly on the idea of introducing" in text
    assert "Things I want to discourage" not in text  # the rest stays in the notes
    reveal = generate_from_markdown(MEETING_REVEAL, "corporate")
    text = "\n".join(shown(p) for p in reveal.pages if p.kind == "content")
    assert "I propose to accept the breakage of this crate." in text
    style = generate_from_markdown(MEETING_STYLE_TEAM, "corporate")
    slides = [p for p in style.pages if str(p.title) == "Rust Style Team"]
    text = "\n".join(shown(p) for p in slides)
    assert "Doing this half by hand and half with rfcbot:" in text  # was all it showed
    assert "Lang team, shall we approve the creation of the Rust Style team?" in text
    assert "Link: rust-lang/rfcs#3309" in text
    assert all(p.subtitle == "Proposed FCPs" for p in slides)


@pytest.mark.parametrize("template", TEMPLATES)
def test_every_template_shows_the_line_above_the_title_in_its_title_bar(template: str) -> None:
    deck = generate_from_markdown(MEETING_ITEMS, template)
    above = [
        (p, h)
        for p, h in zip(deck.pages, deck.pages_html, strict=True)
        if p.kind == "content" and p.eyebrow and p.subtitle
    ]
    assert above
    for page, html in above:
        # editorial drew its cover's kicker rule on them too: the line sat below the title
        assert heading_lines(html)[0].strip() == page.subtitle


def test_a_title_under_a_line_above_it_is_a_named_title_shape_in_the_pptx() -> None:
    """With the chapter on a line above it, the title is still a shape of its own named as the
    title (PowerPoint's selection pane, the corpus measures of titles), not "anonymous text"."""
    deck = generate_from_markdown(MEETING_ITEMS, "corporate")
    decks = slides(deck.pptx_bytes)
    named: list[str] = []
    for number, page in enumerate(deck.pages, start=1):
        if not (page.kind == "content" and page.eyebrow and page.subtitle):
            continue
        slide = decks[number - 1]
        for sp in slide.iterfind(".//p:sp", NS):
            words = "".join(t.text or "" for t in sp.iterfind(".//a:t", NS)).strip()
            if words.startswith(page.title[:20]):
                named.append(sp.find(".//p:cNvPr", NS).get("name"))
    assert named
    assert all(n == "span.df-headline text" for n in named), named
