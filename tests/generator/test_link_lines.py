"""Link lines people can click, on fragments of real documents: a paragraph or list item whose
whole value is a bare web address after a label ("**Link:** https://github.com/...", in
samples/markdown/meeting-notes: rust-lang/lang-team minutes/2022-11-15.md, and
tests/generator/fragments.py MEETING_REVEAL) is a hyperlink in the PPTX under the address's
short name; an address inside a sentence (samples/markdown/kep-crashloopbackoff) stays as
written."""

from __future__ import annotations

from generator.api import generate_from_markdown
from generator.markup.addresses import linked_line, short_address
from generator.model import Block, Span, plain
from generator.outline import parse_outline
from tests.generator.fragments import MEETING_REVEAL
from tests.generator.pptx_xml import NS, slides
from tests.generator.test_titles_structure import between, sample

HEAD = "---\ntitle: Triage meeting 2022-11-15\n---\n\n# T-lang meeting agenda\n\n"
REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"


def first_blocks(md: str) -> list[Block]:
    outline = parse_outline(md)
    return [b for c in outline.chapters for p in c.pages for b in p.blocks] + [
        b for c in outline.chapters for p in c.pages for s in p.sections for b in s.blocks
    ]


def test_short_names_of_addresses() -> None:
    assert short_address("https://github.com/rust-lang/rfcs/pull/3324") == "rust-lang/rfcs#3324"
    assert (
        short_address("https://github.com/rust-lang/compiler-team/issues/570")
        == "rust-lang/compiler-team#570"
    )
    assert short_address("https://github.com/rust-lang/lang-team/") == "rust-lang/lang-team"
    assert (
        short_address("https://sli.dev/features/slide-scope-style")
        == "sli.dev/features/slide-scope-style"
    )
    assert (
        short_address("https://storage.googleapis.com/k8s-triage/index.html")
        == "storage.googleapis.com/…/index.html"
    )
    long = "https://play.rust-lang.org/?version=stable&mode=debug&edition=2021&gist=de37822bc57e"
    assert short_address(long) == "play.rust-lang.org"


def test_a_link_line_of_the_minutes_is_a_link_under_its_short_name() -> None:
    md = between(sample("meeting-notes"), "## RFCs waiting to be merged", "## Proposed FCPs")
    blocks = first_blocks(HEAD + md)
    lines = [b for b in blocks if b.type == "paragraph" and plain(b.spans).startswith("Link:")]
    assert [plain(b.spans) for b in lines] == [
        "Link: rust-lang/rfcs#3324",
        "Link: rust-lang/rfcs#3327",
    ]
    link = lines[0].spans[-1]  # was the text "https://github.com/rust-lang/rfcs/pull/3324"
    assert link.href == "https://github.com/rust-lang/rfcs/pull/3324"
    assert lines[0].spans[0] == Span("Link:", bold=True)
    # ... a list item too
    items = [
        i
        for b in first_blocks(MEETING_REVEAL)
        for i in b.items
        if plain(i.spans).startswith("Link")
    ]
    assert [plain(i.spans) for i in items] == ["Link: rust-lang/rust#101478"]
    assert items[0].spans[-1].href == "https://github.com/rust-lang/rust/pull/101478"


def test_an_address_in_a_sentence_or_already_linked_stays_as_written() -> None:
    kep = sample("kep-crashloopbackoff")
    at = kep.index("* Test coverage of proper requeue behavior; see")
    item = first_blocks(kep[at : kep.index("\n\n", at)])[0].items[0]
    assert "https://github.com/kubernetes/kubernetes/issues/123602" in plain(item.spans)
    assert not any(s.href for s in item.spans)
    written = [Span("Link:", bold=True), Span(" https://x.org/a", href="https://x.org/a")]
    assert linked_line(written) == written
    code = [Span("Link: "), Span("https://x.org/a", code=True)]
    assert linked_line(code) == code


def test_the_pptx_links_the_line() -> None:
    md = between(sample("meeting-notes"), "## RFCs waiting to be merged", "## Proposed FCPs")
    deck = generate_from_markdown(HEAD + md, "corporate")
    number = next(k for k, p in enumerate(deck.pages) if p.kind == "content")
    slide = slides(deck.pptx_bytes)[number]
    linked = [
        "".join(t.text or "" for t in r.iterfind("a:t", NS))
        for r in slide.iterfind(".//a:r", NS)
        if r.find("a:rPr/a:hlinkClick", NS) is not None
    ]
    assert linked == ["rust-lang/rfcs#3324", "rust-lang/rfcs#3327"]  # was plain text
    clicks = slide.findall(".//a:hlinkClick", NS)
    assert all(c.get(REL) for c in clicks)
