"""prepare_content: per-type checks, allowed extensions, size caps, and the planner accepting the result."""

from __future__ import annotations

import pytest
from srcfix import make_docx, make_pptx, make_xmind

from generator.api import generate_from_markdown
from generator.outline import parse_outline
from generator.sources import SourceError, SourceLimits, UploadedFile, prepare_content


def code_of(*args, **kwargs) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(SourceError) as err:
        prepare_content(*args, **kwargs)
    assert err.value.message
    return err.value.code


def test_type_checks() -> None:
    assert code_of(9, "x") == "UNSUPPORTED_TASK_TYPE"
    for t in (1, 5, 6, 7):
        assert code_of(t, "  ") == "CONTENT_REQUIRED"
    for t in (2, 3, 4):
        assert code_of(t, None, []) == "CONTENT_REQUIRED"
    assert code_of(1, "x" * 1001) == "CONTENT_TOO_LONG"
    assert code_of(6, "word " * 4001) == "CONTENT_TOO_LONG"
    assert code_of(7, "   \n```\n```") == "CONTENT_EMPTY"


def test_type_1_passes_the_topic_and_type_7_the_markdown() -> None:
    got = prepare_content(1, "  Solar power  ")
    assert (got.topic, got.markdown, got.outline) == ("Solar power", "", None)
    md = "# Deck\n## A\n### B\n- c\n"
    got = prepare_content(7, md)
    assert got.markdown == md.strip() and not got.expandable
    assert got.outline is not None and got.outline.topic == "Deck"


def test_allowed_extensions_per_type() -> None:
    docx = make_docx()
    assert code_of(4, None, [UploadedFile("a.pdf", b"%PDF")]) == "UNSUPPORTED_TYPE"
    assert code_of(3, None, [UploadedFile("a.docx", docx)]) == "UNSUPPORTED_TYPE"
    assert code_of(2, None, [UploadedFile("a.exe", b"MZ")]) == "UNSUPPORTED_TYPE"
    assert code_of(2, None, [UploadedFile("noext", b"hi")]) == "UNSUPPORTED_TYPE"
    two = [UploadedFile("a.docx", docx), UploadedFile("b.docx", docx)]
    assert code_of(4, None, two) == "UNSUPPORTED_TYPE"


def test_file_count_and_size_caps() -> None:
    files = [UploadedFile(f"{i}.txt", b"Hello there.") for i in range(6)]
    assert code_of(2, None, files) == "FILE_TOO_LARGE"
    limits = SourceLimits(max_file_bytes=100, max_total_bytes=150)
    assert code_of(2, None, [UploadedFile("a.txt", b"x" * 101)], limits=limits) == "FILE_TOO_LARGE"
    pair = [UploadedFile("a.txt", b"x" * 80), UploadedFile("b.txt", b"y" * 80)]
    assert code_of(2, None, pair, limits=limits) == "FILE_TOO_LARGE"
    assert code_of(2, None, [UploadedFile("bad.docx", b"garbage")]) == "FILE_UNREADABLE"
    assert code_of(2, None, [UploadedFile("bin.txt", b"\x00\x01\x02")]) == "FILE_UNREADABLE"
    text = "\n\n".join(f"Heading {i}\nBody text number {i}." for i in range(30))
    assert code_of(6, text, limits=SourceLimits(max_pages=10)) == "CONTENT_TOO_LONG"
    files = [UploadedFile("t.txt", text.encode())]
    assert code_of(2, None, files, limits=SourceLimits(max_pages=10)) == "FILE_TOO_LARGE"


def test_type_4_keeps_the_word_structure_and_the_planner_builds_it() -> None:
    got = prepare_content(4, None, [UploadedFile("review.docx", make_docx())])
    assert not got.expandable
    assert parse_outline(got.markdown).to_dict() == got.outline.to_dict()  # type: ignore[union-attr]
    assert "## Results" in got.markdown and "### Revenue" in got.markdown
    assert "| Region | Sales |" in got.markdown
    deck = generate_from_markdown(got.markdown)
    assert deck.subject == "Quarterly Review" and deck.page_count >= 3
    shown = [b.type for p in deck.pages for b in p.blocks] + [
        b.type for p in deck.pages for s in p.sections for b in s.blocks
    ]
    assert "table" in shown and deck.left_out == []


def test_several_files_merge_and_mind_maps() -> None:
    files = [UploadedFile("review.docx", make_docx()), UploadedFile("plan.pptx", make_pptx())]
    got = prepare_content(2, None, files)
    assert got.outline is not None and got.outline.topic == "Quarterly Review"
    assert [c.title for c in got.outline.chapters] == ["Results", "Outlook", "Launch Plan"]
    got = prepare_content(3, None, [UploadedFile("p.xmind", make_xmind())])
    assert "### Hiring" in got.markdown and got.expandable
    got = prepare_content(6, "Plan\n\nWe start in May. We ship in June.")
    assert got.outline is not None and got.outline.topic == "Plan"
