"""Meeting notes a chair would present, on fragments of real team minutes (samples/markdown/
meeting-notes and tests/generator/fragments.py): an agenda item is one slide holding its link
line and what was decided, its discussion and long quoted comments in that slide's notes."""

from __future__ import annotations

from generator.api import generate_from_markdown
from generator.kinds import discussion_start, holds_discussion, speaker
from generator.leftout import block_text
from generator.minutes import brief_items
from generator.model import Block, Section, Span
from generator.outline import parse_outline
from generator.pages import PlannedPage
from tests.generator.fragments import MEETING_DISCUSSED, MEETING_ITEMS, MEETING_REVEAL
from tests.generator.test_titles_structure import between, mc, sample

HEAD = "---\ntitle: Triage meeting 2022-11-15\n---\n\n# T-lang meeting agenda\n\n"
FCP = "Remove const eval limit and implement an exponential backoff lint instead"


def shown(page: PlannedPage) -> str:
    return "\n".join(block_text(b) for b in page.blocks) + "\n".join(
        block_text(b) for s in page.sections for b in s.blocks
    )


def links(page: PlannedPage) -> list[str]:
    """The addresses a slide's text links to."""
    spans = [s for b in page.blocks for s in [*b.spans, *(x for i in b.items for x in i.spans)]]
    return [s.href for s in spans if s.href]


def item_slides(pages: list[PlannedPage], title: str) -> list[PlannedPage]:
    return [p for p in pages if p.kind == "content" and title in p.title]


def test_a_discussed_item_is_one_slide_of_its_outcome_with_the_discussion_in_its_notes() -> None:
    md = HEAD + between(sample("meeting-notes"), "## Proposed FCPs", "## Active FCPs")
    deck = generate_from_markdown(md, "corporate")
    slides = [p for p in deck.pages if p.kind == "content" and FCP.startswith(str(p.title))]
    # was 11 slides of transcript; its outcome at 18 pt takes two, the second titled by the
    # item's short name (its whole title runs to two lines)
    assert [(s.part, s.parts) for s in slides] == [(1, 2), (2, 2)]
    assert [str(s.title) for s in slides] == [FCP, "Remove const eval limit"]
    assert min(s.body_size for s in slides) >= 24
    slide = slides[0]
    assert slide.title == FCP  # its own title, without the agenda tool's quotes and reference
    text = "\n".join(shown(s) for s in slides)
    assert "Link: rust-lang/rust#103877" in text  # the link line stays, a link to click
    assert "https://github.com/rust-lang/rust/pull/103877" in links(slides[0])
    assert "pnkfelix to report consensus to the PR" in text  # what was decided
    assert "joshtriplett: can't have a deny limit" in text  # ... and the consensus
    assert "Team member @pnkfelix has proposed to merge this." in text  # the comment's lead
    assert "deny means .. machine dependent?" not in text  # the talk itself ...
    assert "Things I want to discourage" not in text  # ... and the quoted comment's body
    notes = "\n".join(s.notes for s in slides)
    assert "joshtriplett: maybe the fuzzer wants to timeout...?" in notes  # ... are here
    assert "Things I want to discourage" in notes
    assert "Discussion (" in text and "in the notes" in text  # the slide says where it is
    moved = [r for r in deck.left_out if r.kind == "notes" and "sections[0]" in r.where]
    assert moved and moved[0].words > 1000


def test_quoted_comments_of_another_meeting_show_their_first_sentence() -> None:
    deck = generate_from_markdown(MEETING_REVEAL, "corporate")
    slides = item_slides(deck.pages, "Stop using Reveal::All before borrowck")
    assert [(s.part, s.parts) for s in slides] == [(1, 2), (2, 2)]  # at 18 pt: two slides
    assert min(s.body_size for s in slides) >= 24
    text = "\n".join(shown(s) for s in slides)
    assert "Team member @lcnr has proposed to merge this." in text
    assert "This pull request changes the compiler to stop using" in text
    assert "This mostly impacts const evaluation" not in text
    assert "fn returns_opaque" not in text
    notes = "\n".join(s.notes for s in slides)
    assert "A crater run found 2 regressions" in notes
    # the vote's boxes; the closing remark (the opening one, when the slide has room)
    assert "☑ @compiler-errors" in text and "☐ @cramertj" in text
    assert "nikomatsakis: seems like we need to follow-up on this" in text
    assert "nikomatsakis: we were exposing more information" in notes
    assert "pnkfelix: lang or types." not in text
    assert "pnkfelix: lang or types." in notes


def test_items_of_a_section_are_titled_by_themselves_not_with_their_section() -> None:
    deck = generate_from_markdown(MEETING_ITEMS, "corporate")
    discussed = "Nominated RFCs, PRs and issues discussed this meeting"
    raw = item_slides(deck.pages, "Raw pointer alignment checks in debug")
    assert len(raw) == 1 and raw[0].parts == 1
    assert raw[0].title == "Raw pointer alignment checks in debug"
    assert "we should wrap up" in shown(raw[0])
    cstr = [p for p in deck.pages if "string literals" in p.title]
    assert len(cstr) == 1 and cstr[0].parts == 1  # was five slides of transcript
    assert "mara: ummmmmmmm, let's try it out" in cstr[0].notes
    # the section is named on a line of its own above each item's title: before it, it would
    # run the title to two lines (tests/generator/test_agenda_context.py)
    for item in (raw[0], cstr[0]):
        assert item.subtitle == discussed and item.eyebrow
        assert not [b for b in item.blocks if b.type == "heading"]


def test_a_brief_item_shares_the_slide_of_the_discussed_item_after_it() -> None:
    """An item of a link line and one sentence ("Removing nomination.") was a slide alone: the
    discussion after it had taken all the room of its slide, so nothing could join it."""
    deck = generate_from_markdown(MEETING_DISCUSSED, "corporate")
    discussed = "Nominated RFCs, PRs and issues discussed this meeting"
    brief = "Remove drop order twist of && and || and make them associative"
    assert not [p for p in deck.pages if p.kind == "content" and brief in str(p.title)]
    slide = next(p for p in deck.pages if p.kind == "content" and str(p.title) == discussed)
    assert slide.parts == 1 and slide.body_size >= 24
    heads = [block_text(b) for b in slide.blocks if b.type == "heading"]
    assert heads == [brief, 'RFC: c"…" string literals']  # each item under its heading
    text = shown(slide)
    assert "Link: rust-lang/rust#103293" in text
    assert "Removing nomination." in text
    assert "Link: rust-lang/rfcs#3348" in text
    assert "Discussion (35 remarks, in the notes):" in text  # its remarks took less room
    assert "Removing nomination." in slide.notes and "mara: ummmmmmmm" in slide.notes
    raw = item_slides(deck.pages, "Raw pointer alignment checks in debug")
    assert len(raw) == 1 and "we should wrap up" in shown(raw[0])  # the next item: its own
    # the whole minutes: no slide holds one such item alone (was slide 11 of 16)
    whole = generate_from_markdown(sample("meeting-notes"), "corporate")
    alone = [p for p in whole.pages if p.kind == "content" and "Removing nomination." in shown(p)]
    assert len(alone) == 1 and "string literals" in shown(alone[0])


def test_items_of_brief_lines_alone_keep_sharing_their_sections_slide() -> None:
    """A section whose items are all brief (link lines) is no discussion's: one slide, as
    before (the rule joins a brief item only to an item holding more)."""
    sections = [
        Section(f"Item {n}", [Block("paragraph", [Span("Link:", bold=True), Span(" x")])])
        for n in range(3)
    ]
    assert brief_items(sections) == {}
    sections.append(Section("Talked", [Block("paragraph", [Span(f"a: {n}")]) for n in range(9)]))
    assert brief_items(sections) == {0: 3, 1: 3, 2: 3}


def test_a_long_deck_keeps_the_discussion_on_its_slides() -> None:
    deck = generate_from_markdown(MEETING_DISCUSSED, "corporate", length="long")
    text = "\n".join(shown(p) for p in deck.pages)
    assert "mara: ummmmmmmm, let's try it out" in text


def test_remarks_need_two_speakers_one_speaking_again() -> None:
    def para(text: str) -> Block:
        return Block("paragraph", [Span(text)])

    link = Block("paragraph", [Span("Link:", bold=True), Span(" https://example.org/1")])
    assert speaker(link) == ""  # a label, not a speaker
    assert speaker(para("josh: we want to keep this project member focused")) == "josh"
    notes = [para("Note: one."), para("Tip: two."), para("Warning: three."), para("See: four.")]
    assert discussion_start(notes) is None  # four labels, nobody speaks twice
    talk = [link, *notes[:1], para("a: x"), para("b: y"), para("a: z"), para("c: w")]
    assert discussion_start(talk) == 1


def test_only_meeting_notes_among_the_sample_documents_hold_a_discussion() -> None:
    names = [name for name, _ in mc.documents()]
    assert len(names) >= 17
    for name in names:
        outline = parse_outline(sample(name))
        found = holds_discussion([p for c in outline.chapters for p in c.pages])
        assert found == (name == "meeting-notes"), name  # bat's "Note:", "Example:" are labels
