"""Titles that read in one line, on fragments of the real documents of samples/markdown: the
name above a title (its chapter's, its page's) only where the title needs it and the same way
for every slide of a chapter, a long heading shortened to its leading clause (the full heading
in the notes), never inside a word or a code span."""

from __future__ import annotations

import pytest

from generator.api import generate_from_markdown
from generator.blocks import title_html
from generator.model import Span, Title, plain
from generator.oneline import clause_prefixes, first_names
from generator.pages import PlannedPage
from tests.generator.fragments import FD_INSTALL, MARP_SCHEMES, MEETING_ITEMS
from tests.generator.fragments_oneline import (
    KEP_DESIGN,
    MEETING_OPENING,
    RUST_CLOSING,
    SLIDEV_TYPED,
)
from tests.generator.fragments_titles import MARP_PER_PAGES
from tests.generator.test_titles_structure import between, sample


def content(md: str) -> list[PlannedPage]:
    return [p for p in generate_from_markdown(md, "corporate").pages if p.kind == "content"]


def opening_heading(page: PlannedPage) -> str:
    first = page.blocks[0] if page.blocks else None
    return plain(first.spans) if first is not None and first.type == "heading" else ""


# -- the name above the title -------------------------------------------------------------------


def test_a_chapter_is_named_above_titles_as_they_read_shortened() -> None:
    """ "Design Details · Front loaded decay curve, modified maximum backoff methodology" would
    take two lines; the title shortened to its leading clause leaves room for the chapter's
    name, on each slide of the chapter ("Kubelet overhead analysis" too)."""
    pages = content(KEP_DESIGN)
    design = [p for p in pages if p.chapter == "Design Details"]
    assert {p.title for p in design} == {"Front loaded decay curve", "Kubelet overhead analysis"}
    assert [p.subtitle for p in design] == ["Design Details"] * len(design)
    assert all(opening_heading(p) != "Design Details" for p in design)


def test_a_chapter_is_named_above_each_slide_title_on_a_line_of_its_own() -> None:
    """fd's "Installation": "On Gentoo Linux · On openSUSE Linux · On Void Linux" leaves no
    room for it on the title's line: each of its slides names it on a line of its own above
    the title (it was named before the first title only)."""
    md = "# fd\nA simple, fast alternative to find.\n" + FD_INSTALL
    pages = content(md)
    assert pages[0].title == "On Ubuntu"
    assert [(p.subtitle, p.eyebrow) for p in pages] == [("Installation", True)] * len(pages)
    assert "On Gentoo Linux · On openSUSE Linux · On Void Linux" in [p.title for p in pages]
    assert all(opening_heading(p) != "Installation" for p in pages)


def test_a_chapter_its_first_slide_names_is_not_named_again_above_its_pages() -> None:
    """The "Proposal" slide comes first: "Existing backoff curve change ..." after it does not
    say "Proposal" again, above its title or as a heading."""
    pages = content(KEP_DESIGN)
    assert pages[0].title == "Proposal"
    existing = [p for p in pages if p.title.startswith("Existing backoff curve change")]
    assert existing
    for page in existing:
        assert page.subtitle == ""
        assert opening_heading(page) != "Proposal"


def test_agenda_items_name_their_section_the_same_way_on_each_slide() -> None:
    """Items under "Nominated RFCs, PRs and issues discussed this meeting": each carries the
    long section name on a line of its own above its title (none opens with it as a
    heading)."""
    pages = content(MEETING_ITEMS)
    section = "Nominated RFCs, PRs and issues discussed this meeting"
    items = [p for p in pages if p.title != "T-lang meeting agenda"]
    assert [p.title for p in items] == [
        'RFC: c"…" string literals',
        "Raw pointer alignment checks in debug",
    ]
    assert [(p.subtitle, p.eyebrow) for p in items] == [(section, True)] * 2
    headings = [plain(b.spans) for p in items for b in p.blocks if b.type == "heading"]
    assert section not in headings


def test_a_heading_repeated_within_one_section_is_not_named_by_it() -> None:
    """Two slides of a talk headed "Typed Provide / Inject" after the "Patterns & Tips" section
    slide: the section names nothing that would tell them apart, no kicker."""
    pages = content(SLIDEV_TYPED)
    typed = [p for p in pages if p.title == "Typed Provide / Inject"]
    assert len(typed) == 2
    assert [p.subtitle for p in typed] == ["", ""]


# -- a long heading -----------------------------------------------------------------------------


def test_a_heading_of_two_lines_is_shortened_to_its_leading_clause_the_notes_hold_it() -> None:
    pages = content(KEP_DESIGN)
    decay = [p for p in pages if p.source.startswith("chapters[1].pages[0]")]
    assert len(decay) >= 2
    assert [p.title for p in decay] == ["Front loaded decay curve"] * len(decay)
    # the first slide's notes hold the full heading
    assert decay[0].notes.startswith(
        "Front loaded decay curve, modified maximum backoff methodology.\n\n"
    )
    existing = [p for p in pages if p.title.startswith("Existing backoff")]
    assert existing[0].title == "Existing backoff curve change: front loaded decay"


def test_leading_clauses_end_at_punctuation_not_in_a_listing_nor_a_code_span() -> None:
    assert clause_prefixes("Front loaded decay curve, modified maximum backoff methodology") == [
        "Front loaded decay curve"
    ]
    assert clause_prefixes(
        "Existing backoff curve change: front loaded decay, lower maximum backoff"
    ) == ["Existing backoff curve change: front loaded decay", "Existing backoff curve change"]
    # a comma of a listing, a clause of one word
    assert clause_prefixes("Nominated RFCs, PRs and issues NOT discussed this meeting") == []
    assert clause_prefixes("Note: the flags are read once") == []
    spans = [Span("with using temporally page directive "), Span("a, b: c", code=True)]
    code = Title("with using temporally page directive a, b: c", spans)
    assert clause_prefixes(code) == []
    kept = clause_prefixes(
        Title("Use ref, then unref", [Span("Use "), Span("ref", code=True), Span(", then unref")])
    )
    assert kept == ["Use ref"]
    assert isinstance(kept[0], Title) and kept[0].spans[-1].code


def test_a_continuation_slide_of_a_two_line_heading_is_titled_by_its_short_name() -> None:
    """An agenda item of the minutes (samples/markdown/meeting-notes) on several slides: its
    first slide keeps the whole heading, the later ones the first of the things it joins,
    in one line with their counter (they wrapped to two lines as the first)."""
    fcp = "Remove const eval limit and implement an exponential backoff lint instead"
    head = "---\ntitle: Triage meeting 2022-11-15\n---\n\n# T-lang meeting agenda\n\n"
    md = head + between(sample("meeting-notes"), "## Proposed FCPs", "## Active FCPs")
    pages = [p for p in content(md) if fcp.startswith(str(p.title))]
    assert [(str(p.title), p.part) for p in pages] == [
        (fcp, 1),
        *(("Remove const eval limit", k) for k in range(2, len(pages) + 1)),
    ]
    assert len(pages) >= 2


def test_short_names_are_leading_clauses_or_the_first_of_the_things_joined() -> None:
    assert first_names(
        "Remove const eval limit and implement an exponential backoff lint instead"
    ) == ["Remove const eval limit"]
    # never inside a listing, never a name of one word
    assert first_names("Nominated RFCs, PRs and issues NOT discussed this meeting") == []
    assert first_names("Install and configure") == []
    assert first_names("Existing backoff curve change: front loaded decay") == [
        "Existing backoff curve change"
    ]
    code = Title("Use `a and b` and c", [Span("Use "), Span("a and b", code=True), Span(" and c")])
    assert first_names(code) == []


# -- code in a title ----------------------------------------------------------------------------


def test_a_code_span_in_a_title_is_drawn_whole_on_one_line() -> None:
    """A heading and its subheading ("with using temporally page directive `<!-- *template:
    invert -->`") on one slide: the code span stays code, and no renderer may break inside it
    (no-break spaces and hyphens; the title is set smaller when it does not fit)."""
    pages = generate_from_markdown(MARP_SCHEMES + MARP_PER_PAGES, "corporate").pages
    page = next(p for p in pages if p.title.startswith("Templates can use"))
    assert isinstance(page.title, Title)
    assert [s.text for s in page.title.spans if s.code] == ["<!-- *template: invert -->"]
    drawn = str(title_html(page.title))
    code = drawn[drawn.index("<code>") + 6 : drawn.index("</code>")]
    assert code == "&lt;!\u2011\u2011\u00a0*template:\u00a0invert\u00a0\u2011\u2011&gt;"
    assert drawn.startswith("Templates can use to per pages! — with using temporally page")


# -- closing credits ----------------------------------------------------------------------------


def test_closing_credits_join_under_the_part_before_them_by_their_own_heading() -> None:
    """ "Contributors to 1.80.0" (two sentences) shares the "Other changes" slide: the slide is
    titled "Other changes" alone (not "Other changes · Contributors to 1.80.0"), its body does
    not repeat that title, the credits keep their heading in it."""
    pages = content(RUST_CLOSING)
    last = pages[-1]
    assert "chapters[2]" in last.source  # the credits share the slide
    assert last.title == "Other changes"
    headings = [plain(b.spans) for b in last.blocks if b.type == "heading"]
    assert headings == ["Contributors to 1.80.0"]
    assert plain(last.blocks[0].spans).startswith("Check out everything that changed")


def test_the_documents_introduction_leads_a_slide_of_cards_it_does_not_name() -> None:
    """The minutes' "T-lang meeting agenda" (the date line) shares a slide with "Attendance"
    and "Meeting roles", titled by those two: the date leads the slide above their cards, not
    a card under the document's title the slide's title does not name."""
    pages = content(MEETING_OPENING)
    page = pages[0]
    assert page.title == "Attendance · Meeting roles"
    assert [s.title for s in page.sections] == ["Attendance", "Meeting roles"]
    assert page.layout in ("cards", "columns")
    lead = page.blocks[0]
    assert lead.type == "list" and plain(lead.items[0].spans) == "Meeting date: 2022-11-15"


def test_a_heading_short_enough_for_one_line_is_not_laid_out_to_count_its_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """httpx's release headings ("0.27.0 (21st February, 2024)") have a clause to shorten to
    but read in one line whatever their letters: no page without its body is laid out to
    count their lines, and the titles stay whole."""
    from generator.planner import Planner

    md = (
        "# Changelog\n\n## 0.27.0 (21st February, 2024)\n\n### Deprecated\n\n"
        "* The `app=...` shortcut has been deprecated. Use the explicit style of "
        "`transport=httpx.WSGITransport()` or `transport=httpx.ASGITransport()` instead.\n"
    )
    bare: list[str] = []
    measure = Planner.measure

    def measured(self: Planner, page: PlannedPage, lang: str | None = None):  # type: ignore[no-untyped-def]
        if not page.blocks:
            bare.append(str(page.title))
        return measure(self, page, lang)

    monkeypatch.setattr(Planner, "measure", measured)
    pages = content(md)
    assert "0.27.0 (21st February, 2024)" in {str(p.title) for p in pages}
    assert "0.27.0 (21st February, 2024)" not in bare
