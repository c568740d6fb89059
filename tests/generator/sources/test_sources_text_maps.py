"""Pasted text and mind maps -> outlines; Markdown writer round trip; XML and size guards."""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from srcfix import BILLION_LAUGHS, make_xmind, xmind_tree, zip_bytes

from generator.model import Block, Chapter, Outline, Page, Span, plain
from generator.outline import parse_outline
from generator.sources import SourceError, SourceLimits, outline_to_markdown
from generator.sources.mindmap import (
    freemind_to_outline,
    markdown_map_to_outline,
    xmind_to_outline,
)
from generator.sources.text import PAGE_CHARS, text_to_outline

PASTED = """Climate Report

1. Introduction
The planet is warming. Seas are rising.

Key facts

- CO2 is up
- Ice is down

1.1 Details
Sentence one is here. Sentence two is here.
"""


def titles(outline: Outline) -> list[tuple[str, list[str]]]:
    return [(c.title, [p.title for p in c.pages]) for c in outline.chapters]


def test_pasted_text_structure() -> None:
    outline = text_to_outline(PASTED)
    assert outline.topic == "Climate Report"
    assert titles(outline) == [("Introduction", ["Introduction", "Key facts", "Details"])]
    intro, facts, details = outline.chapters[0].pages
    assert plain(intro.blocks[0].spans) == "The planet is warming. Seas are rising."
    assert [plain(i.spans) for i in facts.blocks[0].items] == ["CO2 is up", "Ice is down"]
    assert plain(details.blocks[0].spans) == "Sentence one is here. Sentence two is here."


def test_pasted_text_is_deterministic_and_long_text_is_paged_by_sentences() -> None:
    assert text_to_outline(PASTED).to_dict() == text_to_outline(PASTED).to_dict()
    long = "Overview\n\n" + " ".join(f"Sentence number {i} says something." for i in range(200))
    outline = text_to_outline(long)
    pages = [p for c in outline.chapters for p in c.pages]
    assert len(pages) > 5
    for page in pages:
        text = " ".join(plain(b.spans) for b in page.blocks)
        assert 0 < len(text) <= PAGE_CHARS + 40
        assert text.endswith(".")  # whole sentences only
    joined = " ".join(plain(b.spans) for p in pages for b in p.blocks)
    assert joined == " ".join(f"Sentence number {i} says something." for i in range(200))


def test_continuation_pages_keep_the_title() -> None:
    text = "Report\n\nResults 2024\n\n" + " ".join(f"Figure {i} went up again." for i in range(120))
    pages = [p.title for c in text_to_outline(text).chapters for p in c.pages]
    assert pages[:3] == ["Results 2024", "Results 2024 (2)", "Results 2024 (3)"]


def test_pasted_text_limits() -> None:
    with pytest.raises(SourceError) as err:
        text_to_outline("   \n\n  ")
    assert err.value.code == "CONTENT_EMPTY"
    with pytest.raises(SourceError) as err:
        text_to_outline("x" * 101, SourceLimits(max_extracted_chars=100))
    assert err.value.code == "CONTENT_TOO_LONG"


SPAN = st.builds(
    lambda t, b, i, c: Span(" ".join(t.split()) or "x", b, i, c),
    st.text(min_size=1, max_size=15),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(SPAN, min_size=1, max_size=4))
@example([Span(":::")])  # a colon fence's opening
@example([Span("[0]")])  # `\[0\]` would be display math
@example([Span(": 0")])  # a definition list's definition
def test_markdown_writer_keeps_any_text(spans: list[Span]) -> None:
    """Escaping and emphasis never lose or alter text (NUL aside, which the parser replaces)."""
    outline = Outline("T", "", [Chapter("C", [Page("P", [Block("paragraph", spans)])])])
    back = parse_outline(outline_to_markdown(outline))
    got = plain(back.chapters[0].pages[0].blocks[0].spans)
    assert " ".join(got.split()) == " ".join(plain(spans).replace("\x00", "\ufffd").split())


@pytest.mark.parametrize(
    "spans",
    [
        [Span("==0==")],
        [Span("x", bold=True), Span("a===b==")],
        [Span("a="), Span("m", mark=True), Span("=b")],
        [Span("at :smile: and 12:30:00")],
    ],
)
def test_markdown_writer_escapes_marks_and_shortcodes(spans: list[Span]) -> None:
    """`==` in text is not read back as a mark, `=` beside a mark span stays text, and a
    `:shortcode:` in text stays text; mark spans keep their mark."""
    outline = Outline("T", "", [Chapter("C", [Page("P", [Block("paragraph", spans)])])])
    back = parse_outline(outline_to_markdown(outline)).chapters[0].pages[0].blocks[0].spans
    assert plain(back) == plain(spans)
    assert [s.text for s in back if s.mark] == [s.text for s in spans if s.mark]


def test_markdown_writer_keeps_emphasis_between_spaces() -> None:
    spans = [Span("Sales grew "), Span("12%", bold=True), Span(" and "), Span("x*y", italic=True)]
    outline = Outline("T", "", [Chapter("C", [Page("P", [Block("paragraph", spans)])])])
    back = parse_outline(outline_to_markdown(outline)).chapters[0].pages[0].blocks[0].spans
    assert [(s.text, s.bold, s.italic) for s in back] == [
        ("Sales grew ", False, False),
        ("12%", True, False),
        (" and ", False, False),
        ("x*y", False, True),
    ]


def test_pasted_text_with_arbitrary_input_never_crashes() -> None:
    for text in ("#", "- ", "1.", "|a|\n|-|", "```", "<script>x</script>", "\x00\x01 text."):
        try:
            outline = text_to_outline(text)
        except SourceError as exc:
            assert exc.code == "CONTENT_EMPTY"
        else:
            parse_outline(outline_to_markdown(outline))


def test_xmind_json_levels() -> None:
    outline = xmind_to_outline(make_xmind())
    assert outline.topic == "Product"
    assert titles(outline) == [
        ("", ["Product"]),
        ("Market", ["Market", "Size"]),
        ("Team", ["Hiring"]),
    ]
    assert [plain(i.spans) for i in outline.chapters[0].pages[0].blocks[0].items] == ["Summary"]
    hiring = outline.chapters[2].pages[0].blocks[0]
    assert plain(hiring.items[0].spans) == "2 engineers"
    assert plain(hiring.items[0].children[0].items[0].spans) == "backend"


def test_xmind_8_xml() -> None:
    ns = "urn:xmind:xmap:xmlns:content:2.0"
    xml = (
        f'<xmap-content xmlns="{ns}"><sheet><topic><title>Root</title><children>'
        '<topics type="attached"><topic><title>A</title><children><topics type="attached">'
        '<topic><title>A1</title><children><topics type="attached"><topic><title>x</title>'
        "</topic></topics></children></topic></topics></children></topic></topics></children>"
        "</topic></sheet></xmap-content>"
    )
    outline = xmind_to_outline(zip_bytes({"content.xml": xml.encode()}))
    assert outline.topic == "Root" and titles(outline) == [("A", ["A1"])]


def test_freemind_and_markdown_maps() -> None:
    mm = (
        b'<map version="1.0.1"><node TEXT="Trip"><node TEXT="Days"><node TEXT="Monday">'
        b'<node TEXT="Museum"/></node></node></node></map>'
    )
    outline = freemind_to_outline(mm)
    assert outline.topic == "Trip" and titles(outline) == [("Days", ["Monday"])]
    md = b"# Trip\n## Days\n### Monday\n- Museum\n  - Cafe\n"
    assert titles(markdown_map_to_outline(md)) == [("Days", ["Monday"])]


def test_mind_map_guards() -> None:
    with pytest.raises(SourceError) as err:
        freemind_to_outline(BILLION_LAUGHS)
    assert err.value.code == "UNSAFE_CONTENT"
    xxe = b'<?xml version="1.0"?><!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]><map><node TEXT="&x;"/></map>'
    with pytest.raises(SourceError) as err:
        freemind_to_outline(xxe)
    assert err.value.code == "UNSAFE_CONTENT"
    with pytest.raises(SourceError) as err:
        xmind_to_outline(make_xmind(), SourceLimits(max_tree_nodes=5))
    assert err.value.code == "FILE_TOO_LARGE"
    deep: dict[str, object] = {"title": "leaf"}
    for i in range(60):
        deep = {"title": f"n{i}", "children": {"attached": [deep]}}
    data = zip_bytes({"content.json": json.dumps([{"rootTopic": deep}]).encode()})
    with pytest.raises(SourceError) as err:
        xmind_to_outline(data)
    assert err.value.code == "FILE_TOO_LARGE"
    nested = zip_bytes({"content.json": b"[" * 100_000 + b"]" * 100_000})
    for junk in (b"<map>", b"<other/>", zip_bytes({"content.json": b"[1]"}), nested):
        with pytest.raises(SourceError) as err:
            (xmind_to_outline if junk.startswith(b"PK") else freemind_to_outline)(junk)
        assert err.value.code == "FILE_UNREADABLE"
    assert xmind_tree()["title"] == "Product"
