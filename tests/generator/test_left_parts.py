"""Where the parts that leave a deck over its slide budget go, and which leave first: a part is
named in its own chapter's notes (never on an unrelated slide), chapters that leave whole and
long sets of pages are listed on an "Also in the document" slide; a page before one that
stays never leaves; text leaves before pictures."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.alsoin import (
    ALSO_SOURCE,
    ALSO_TITLE,
    ALSO_TITLE_ZH,
    HEADING,
    LEFT_WORDS,
    also_page,
)
from generator.api import PlannedDeck, plan_from_markdown
from generator.condense import condense_platforms
from generator.drop import Left, chosen
from generator.leaving import drop_pages
from generator.markup.images import Assets
from generator.model import Outline, plain
from generator.outline import parse_outline
from generator.pages import PlannedPage
from tests.generator.fragments_leftparts import BAT_TAIL, FD_INSTALL

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
BAT = CORPUS / "bat-readme" / "README.md"
KEP = CORPUS / "kep-crashloopbackoff" / "README.md"


def _chapter(outline: Outline, title: str) -> int:
    return next(ci for ci, c in enumerate(outline.chapters) if c.title == title)


def _page(outline: Outline, chapter: str, title: str) -> Left:
    ci = _chapter(outline, chapter)
    return Left(ci, next(pi for pi, p in enumerate(outline.chapters[ci].pages) if p.title == title))


def _notes_of(outline: Outline, chapter: str, title: str) -> str:
    x = _page(outline, chapter, title)
    return outline.chapters[x.chapter].pages[x.page].notes


def _fd_install() -> Outline:
    return parse_outline("## Integration with other programs\n\n" + FD_INSTALL)


def test_a_page_is_named_in_its_own_chapters_notes_not_on_the_slide_before_it() -> None:
    outline = _fd_install()
    ubuntu = _page(outline, "Installation", "On Ubuntu")
    dropped = drop_pages(outline, [ubuntu]).outline
    # the slide before it in reading order belongs to another chapter: not its notes
    assert HEADING not in _notes_of(
        dropped, "Integration with other programs", "Using fd with xargs or parallel"
    )
    notes = _notes_of(dropped, "Installation", "On Debian")  # its chapter's first kept page
    assert HEADING + "Installation · On Ubuntu" in notes
    assert "fdfind" in notes


def test_a_page_before_a_table_that_stays_never_leaves() -> None:
    """The first install routes (Ubuntu, Debian) stay with the table of the other platforms;
    the pages after the table leave."""
    platforms = condense_platforms(_fd_install())
    outline = platforms.outline
    made = frozenset(
        (outline.chapters[ci].title, outline.chapters[ci].pages[pi].title)
        for ci, pi in platforms.made
    )
    order = chosen(outline, {}, math.inf, made=made)
    titles = [outline.chapters[x.chapter].pages[x.page].title for x in order]
    assert "From binaries" in titles
    assert "On Ubuntu" not in titles and "On Debian" not in titles


def test_chapters_that_leave_whole_are_listed_on_the_also_slide() -> None:
    outline = parse_outline(BAT_TAIL)
    gone = ("Using bat on Windows", "Troubleshooting", "Development", "Contributing")
    left = [
        Left(ci, pi)
        for ci, c in enumerate(outline.chapters)
        if c.title in gone
        for pi in range(len(c.pages))
    ]
    dropped = drop_pages(outline, left)
    # the last slide kept before them is not theirs: its notes stay its own
    assert HEADING not in _notes_of(dropped.outline, "Configuration file", "Format")
    assert dropped.also is not None
    assert dropped.also.entries() == [(title, []) for title in gone]
    page = also_page(dropped.also, "en")
    assert page.title == ALSO_TITLE and page.source == ALSO_SOURCE
    assert also_page(dropped.also, "zh-CN").title == ALSO_TITLE_ZH
    items = [plain(item.spans) for item in page.blocks[0].items]
    assert [item.split(": ")[0] for item in items] == list(gone)  # each with its gist or bare
    # a troubleshooting chapter is named by its questions, not its first answer's gist
    asked = [p.title for p in outline.chapters[_chapter(outline, "Troubleshooting")].pages]
    assert items[1] == "Troubleshooting: " + " · ".join(asked)
    # every left page named in the notes, with its words
    assert HEADING + "Troubleshooting · Garbled output" in page.notes
    assert "BAT_PAGER" in page.notes or "less" in page.notes
    assert HEADING + "Using bat on Windows · Cygwin" in page.notes
    records = [r for r in dropped.records if "Troubleshooting · File encodings" in r.message]
    assert records and ALSO_TITLE in records[0].message


def test_a_long_set_of_a_chapters_pages_goes_on_the_also_slide() -> None:
    """Seven Customization pages (over LEFT_WORDS words) would make one slide's notes a wall:
    they are listed on the Also slide under their chapter; two short ones stay in the notes
    of the page before them, and the Also slide names them (no part leaves unnamed)."""
    outline = parse_outline(BAT.read_text(encoding="utf-8"))
    custom = _chapter(outline, "Customization")
    pages = outline.chapters[custom].pages
    titles = [p.title for p in pages]
    few = drop_pages(outline, [Left(custom, pi) for pi in range(9, len(pages))])
    assert few.also is not None and few.also.parts == ()  # no words on the Also slide ...
    assert few.also.entries() == [("Customization", titles[9:])]  # ... only their names
    notes = _notes_of(few.outline, "Customization", "Using less as a pager")
    assert HEADING + "Customization · Indentation" in notes
    assert HEADING + "Customization · Dark mode" in notes

    many = drop_pages(outline, [Left(custom, pi) for pi in range(3, len(pages))])
    assert HEADING not in _notes_of(many.outline, "Customization", "Output style")
    assert many.also is not None
    assert many.also.entries() == [("Customization", titles[3:])]
    item = plain(also_page(many.also, "en").blocks[0].items[0].spans)
    assert item.startswith("Customization: Decorations · Adding new syntaxes")


def test_other_chapters_pictures_leave_before_the_proposals_pages_of_text() -> None:
    """The KEP's Alternatives show graphs: their own pages of text leave before them, and
    they leave before the proposal's and the design's later pages of text (what the thing
    proposes or risks is shown before the alternatives it rejected)."""
    outline = parse_outline(KEP.read_text(encoding="utf-8"), assets=Assets.beside(str(KEP)))
    order = [
        (outline.chapters[x.chapter].title, outline.chapters[x.chapter].pages[x.page].title)
        for x in chosen(outline, {}, math.inf)
    ]
    pictures = [
        order.index(("Alternatives", t))
        for t in (
            "RestartPolicy: Rapid",
            "Flat-rate restarts for Succeeded Pods",
            "Front loaded decay with interval",
        )
    ]
    assert order.index(("Alternatives", "Late recovery")) < min(pictures)
    for text in (
        ("Proposal", "User Stories"),
        ("Proposal", "Risks and Mitigations"),
        ("Design Details", "Refactor of recovery threshold"),
        ("Design Details", "Benchmarking"),
    ):
        assert order.index(text) > max(pictures), text


def _plan(path: Path) -> PlannedDeck:
    text = path.read_text(encoding="utf-8")
    assets = Assets.beside(str(path))
    return plan_from_markdown(text, "corporate", source_name="x", assets=assets)


def _left_words(deck: PlannedDeck) -> dict[str, int]:
    """The words of the left parts each slide's notes took (by the slide's title)."""
    out: dict[str, int] = {}
    for r in deck.left_out:
        m = re.search(r'over the slide budget\), in the notes of "(.*)"$', r["message"])
        if m is not None and r["kind"] == "notes":
            out[m.group(1)] = out.get(m.group(1), 0) + int(r["words"])
    return out


@pytest.mark.usefixtures("roomy_budget")
def test_the_kep_deck_shows_its_graphs_and_lists_what_it_leaves() -> None:
    deck = _plan(KEP)
    content = [p for p in deck.pages if p["kind"] == "content"]
    shown = {b["src"] for p in content for b in p["blocks"] if b["type"] == "image" and b["src"]}
    assert len(shown) >= 11  # of the 12 graphs the KEP shows (8 before text left first)
    also = [p for p in content if p["source"] == ALSO_SOURCE]
    assert len(also) == 1 and also[0]["title"] == ALSO_TITLE
    listed = json.dumps(also[0]["blocks"], ensure_ascii=False)
    assert "Production Readiness Review Questionnaire" in listed
    # no slide but the Also slide carries thousands of words of left parts in its notes
    taken = _left_words(deck)
    assert taken and max(taken.values()) <= LEFT_WORDS, taken
    # a page's own text moved to its notes comes before the parts named in them (after
    # them it would read as theirs)
    left = HEADING + "Alternatives · Late recovery"
    before = next(p for p in content if left in str(p.get("notes", "")))
    assert before["title"] == "Front loaded decay with interval"
    notes = str(before["notes"])
    own = "the current proposal is to implement a new initial value of 1s"
    assert notes.index(own) < notes.index(left)


def test_a_page_s_own_text_in_its_notes_comes_before_the_parts_named_there(
    medium_budget: Callable[[int], None],
) -> None:
    """The KEP's last two alternatives: the first keeps its slide (its later text in its
    notes), the second leaves, named in the first's notes after that text (before it, the
    text would read as the named part's)."""
    lines = KEP.read_text(encoding="utf-8").splitlines(keepends=True)
    start = lines.index("## Alternatives\n")
    late = lines.index("### Late recovery\n")
    end = lines.index("## Appendix A\n")
    medium_budget(1)
    md = "# KEP\n\n" + "".join(lines[start : start + 7] + lines[late:end])
    deck = plan_from_markdown(md, "corporate", source_name="x")
    (kept,) = [p for p in deck.pages if p["title"] == "Late recovery"]
    notes = str(kept["notes"])
    named = notes.index(HEADING + "Alternatives · More complex heuristics")
    assert notes.index("the first case is unlikely to be address by Kubernetes") < named


def test_every_titled_part_that_leaves_is_named_on_a_slide() -> None:
    # fd's talk keeps "How to use" but leaves some of its pages (their words in the notes of
    # the page before): the Also slide names them under their chapter, so no feature leaves
    # the talk without the audience seeing its name
    text = (CORPUS / "fd-readme" / "README.md").read_text(encoding="utf-8")
    fd = CORPUS / "fd-readme" / "README.md"
    plan = plan_from_markdown(text, "corporate", assets=Assets.beside(str(fd)))
    (also,) = [p for p in map(PlannedPage.from_dict, plan.pages) if p.source == ALSO_SOURCE]
    items = [plain(i.spans) for i in also.blocks[0].items]
    how = next(i for i in items if i.startswith("How to use"))
    assert "Excluding specific files or directories" in how
    assert "Placeholder syntax" in how  # a section of a kept page that left
    # their words are in the notes of the kept page before them, not the Also slide's
    assert "Sometimes we want to ignore search results" not in also.notes


def test_a_short_also_list_on_the_closing_slide_names_the_parts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # rich's talk with no room for feature parts (a deck at its length's maximum,
    # generator.features) leaves two sections of a kept page: one line of the closing slide,
    # naming them (not only their page, which is on the slides)
    monkeypatch.setattr("generator.features.FEATURE_ROOM", 0)
    rich = CORPUS / "rich" / "README.md"
    plan = plan_from_markdown(rich.read_text(encoding="utf-8"), "corporate")
    closing = PlannedPage.from_dict(plan.pages[-1])
    assert closing.kind == "closing"
    assert "Also in the document: Rich Library (" in closing.subtitle
    assert "Syntax Highlighting · Tracebacks)" in closing.subtitle
