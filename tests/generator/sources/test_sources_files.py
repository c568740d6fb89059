"""File sources: docx, pdf, pptx, xlsx/csv, html, txt; bounded against bombs and broken files."""

from __future__ import annotations

import zipfile

import pytest
from srcfix import make_docx, make_pdf, make_pptx, make_xlsx, png, zip_bytes

from generator.model import plain
from generator.outline import parse_outline
from generator.sources import SourceError, SourceLimits, outline_to_markdown
from generator.sources.errors import check_zip
from generator.sources.pdf import pdf_to_outline
from generator.sources.sheets import ROWS_PER_PAGE, csv_to_outline, xlsx_to_outline
from generator.sources.slides import pptx_to_outline
from generator.sources.webpage import html_to_outline
from generator.sources.word import docx_to_outline


def titles(outline):  # type: ignore[no-untyped-def]
    return [(c.title, [p.title for p in c.pages]) for c in outline.chapters]


def test_docx_keeps_heading_levels_lists_tables_and_images() -> None:
    outline = docx_to_outline(make_docx())
    assert outline.topic == "Quarterly Review"
    assert titles(outline) == [("Results", ["Revenue"]), ("Outlook", ["Next steps"])]
    page = outline.chapters[0].pages[0]
    para, bullets, table = page.blocks
    assert [(s.text, s.bold) for s in para.spans] == [
        ("Revenue grew ", False),
        ("12%", True),
        (" this quarter.", False),
    ]
    assert [plain(i.spans) for i in bullets.items] == ["Europe", "Asia"]
    assert [plain(i.spans) for i in bullets.items[0].children[0].items] == ["Germany"]
    assert [plain(c) for c in table.header] == ["Region", "Sales"]
    assert [[plain(c) for c in r] for r in table.rows] == [["EU", "10"], ["APAC", "7"]]
    section = page.sections[0]
    assert section.title == "Details"
    assert section.blocks[0].type == "image"
    assert section.blocks[0].src.startswith("data:image/png;base64,")


def test_docx_without_title_style_several_heading_1_are_chapters() -> None:
    outline = docx_to_outline(make_docx(title_style=False))
    # two Heading 1 -> chapters, topic from the (empty) core title -> the file name
    assert titles(outline) == [("Results", ["Revenue"]), ("Outlook", ["Next steps"])]
    assert outline.topic == "file"


def test_docx_single_heading_1_is_the_topic() -> None:
    import io

    import docx

    d = docx.Document()
    d.add_heading("Only Title", 1)
    d.add_heading("Chapter", 2)
    d.add_heading("Page", 3)
    d.add_paragraph("Text.")
    d.add_heading("Sub", 4)
    d.add_paragraph("More.")
    out = io.BytesIO()
    d.save(out)
    outline = docx_to_outline(out.getvalue())
    assert outline.topic == "Only Title"
    assert titles(outline) == [("Chapter", ["Page"])]
    assert outline.chapters[0].pages[0].sections[0].title == "Sub"


def test_docx_image_cap_and_markdown_round_trip() -> None:
    outline = docx_to_outline(make_docx(), SourceLimits(max_images=0))
    assert not any(
        b.type == "image"
        for c in outline.chapters
        for p in c.pages
        for s in p.sections
        for b in s.blocks
    )
    full = docx_to_outline(make_docx())
    assert parse_outline(outline_to_markdown(full)).to_dict() == full.to_dict()


def test_pdf_headings_by_font_size() -> None:
    pdf = make_pdf(
        [
            [(28, "Annual Report"), (18, "Growth"), (11, "Sales rose in every region this year."),
             (11, "Costs fell, said the board of the company.")],
            [(18, "Risks"), (14, "Supply"), (11, "Supply chains remain fragile across the sector.")],
        ]
    )  # fmt: skip
    outline = pdf_to_outline(pdf)
    assert outline.topic == "Annual Report"
    assert titles(outline) == [("Growth", ["Growth"]), ("Risks", ["Supply"])]
    assert plain(outline.chapters[0].pages[0].blocks[0].spans) == (
        "Sales rose in every region this year. Costs fell, said the board of the company."
    )


def test_pdf_page_cap_and_broken_files() -> None:
    pdf = make_pdf([[(11, f"Page {i} text.")] for i in range(4)])
    with pytest.raises(SourceError) as err:
        pdf_to_outline(pdf, SourceLimits(max_pdf_pages=3))
    assert err.value.code == "FILE_TOO_LARGE"
    for junk in (b"", b"%PDF-1.4\ngarbage", b"not a pdf at all" * 100):
        with pytest.raises(SourceError) as err:
            pdf_to_outline(junk)
        assert err.value.code in ("FILE_UNREADABLE", "CONTENT_EMPTY")


def test_pdf_stream_bomb_is_refused_within_bounds() -> None:
    import resource
    import time

    pdf = make_pdf([[(11, "x")], [(11, "Second page text.")]], bomb_bytes=80 * 1024 * 1024)
    assert len(pdf) < 300_000
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.monotonic()
    with pytest.raises(SourceError) as err:
        pdf_to_outline(pdf)
    assert err.value.code == "FILE_TOO_LARGE"  # pypdf's 75 MB decompression cap
    assert time.monotonic() - started < 20
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown_mb < 400


def test_pptx_titles_bodies_and_tables() -> None:
    outline = pptx_to_outline(make_pptx())
    assert (outline.topic, outline.subtitle) == ("Launch Plan", "Spring 2025")
    assert titles(outline) == [("", ["Goals", "Budget"])]
    goals = outline.chapters[0].pages[0].blocks[0]
    assert [plain(i.spans) for i in goals.items] == ["Grow users", "Cut churn"]
    assert plain(goals.items[0].children[0].items[0].spans) == "Twice as many"
    table = outline.chapters[0].pages[1].blocks[0]
    assert [[plain(c) for c in r] for r in table.rows] == [["Ads", "5k"]]


def test_pptx_slide_cap() -> None:
    with pytest.raises(SourceError) as err:
        pptx_to_outline(make_pptx(), SourceLimits(max_slides=2))
    assert err.value.code == "FILE_TOO_LARGE"


def test_xlsx_sheets_become_paged_tables() -> None:
    outline = xlsx_to_outline(make_xlsx(rows=ROWS_PER_PAGE + 1), name="sales.xlsx")
    assert outline.topic == "sales"
    assert titles(outline) == [("Sales", ["Sales (1/2)", "Sales (2/2)"])]
    first, second = (p.blocks[0] for p in outline.chapters[0].pages)
    assert [plain(c) for c in first.header] == ["Region", "Q1", "Q2"]
    assert [plain(c) for c in first.rows[1]] == ["R1", "10", "2"]
    assert len(first.rows) == ROWS_PER_PAGE and len(second.rows) == 1
    capped = xlsx_to_outline(make_xlsx(rows=50), SourceLimits(max_sheet_rows=5))
    assert sum(len(p.blocks[0].rows) for p in capped.chapters[0].pages) == 4


def test_csv_sniffs_the_delimiter() -> None:
    outline = csv_to_outline(b"name;score\nAda;9\nBob;7\n", name="scores.csv")
    table = outline.chapters[0].pages[0].blocks[0]
    assert [plain(c) for c in table.header] == ["name", "score"]
    assert [[plain(c) for c in r] for r in table.rows] == [["Ada", "9"], ["Bob", "7"]]


def test_html_drops_scripts_and_keeps_structure() -> None:
    html = (
        "<html><head><title>T</title><script>steal()</script></head><body><h1>Guide</h1>"
        "<p>Hello <b>there</b><script>alert(1)</script><style>p{}</style></p><h2>Part</h2>"
        "<h3>Steps</h3><ol><li>one<ul><li>deep</li></ul></li><li>two</li></ol>"
        '<iframe src="x"></iframe><table><tr><th>a</th></tr><tr><td>1</td></tr></table></body></html>'
    )
    outline = html_to_outline(html)
    md = outline_to_markdown(outline)
    assert "alert" not in md and "steal" not in md and "p{}" not in md
    assert outline.topic == "Guide"
    assert titles(outline)[-1] == ("Part", ["Steps"])
    steps = outline.chapters[-1].pages[0].blocks
    assert steps[0].ordered and [plain(i.spans) for i in steps[0].items] == ["one", "two"]
    assert plain(steps[0].items[0].children[0].items[0].spans) == "deep"
    assert steps[1].type == "table"


@pytest.mark.parametrize("parser", [docx_to_outline, pptx_to_outline, xlsx_to_outline])
def test_zip_bomb_refused_before_reading(parser) -> None:  # type: ignore[no-untyped-def]
    bomb = zip_bytes({"word/document.xml": b"\0" * (30 * 1024 * 1024)})
    assert len(bomb) < 100_000
    with pytest.raises(SourceError) as err:
        parser(bomb)
    assert err.value.code == "UNSAFE_CONTENT"


def test_zip_member_count_and_declared_size_limits() -> None:
    many = zip_bytes({f"m{i}.xml": b"x" for i in range(30)})
    with pytest.raises(SourceError) as err:
        check_zip(many, SourceLimits(max_zip_members=20), "many.docx")
    assert err.value.code == "FILE_TOO_LARGE"
    big = zip_bytes({"a.bin": png() * 100}, compression=zipfile.ZIP_STORED)
    with pytest.raises(SourceError) as err:
        check_zip(big, SourceLimits(max_zip_unpacked_bytes=1000), "big.xlsx")
    assert err.value.code == "FILE_TOO_LARGE"


@pytest.mark.parametrize("parser", [docx_to_outline, pptx_to_outline, xlsx_to_outline])
def test_broken_packages_fail_cleanly(parser) -> None:  # type: ignore[no-untyped-def]
    for junk in (b"", b"PK\x03\x04 truncated", zip_bytes({"hello.txt": b"hi"})):
        with pytest.raises(SourceError) as err:
            parser(junk)
        assert err.value.code == "FILE_UNREADABLE"


def test_remaining_limits_are_enforced() -> None:
    from generator.sources import prepare_content

    with pytest.raises(SourceError) as err:
        prepare_content(7, "# A\n" + "x" * 200, limits=SourceLimits(max_markdown_chars=100))
    assert err.value.code == "CONTENT_TOO_LONG"
    stored = zip_bytes({"big.xml": b"y" * 5000}, compression=zipfile.ZIP_STORED)
    with pytest.raises(SourceError) as err:
        check_zip(stored, SourceLimits(max_zip_member_bytes=4000), "m.docx")
    assert err.value.code == "FILE_TOO_LARGE"
    wide = xlsx_to_outline(make_xlsx(rows=2), SourceLimits(max_sheet_cols=2))
    assert [plain(c) for c in wide.chapters[0].pages[0].blocks[0].header] == ["Region", "Q1"]
    small = docx_to_outline(make_docx(), SourceLimits(max_image_bytes=10))
    blocks = [b for c in small.chapters for p in c.pages for s in p.sections for b in s.blocks]
    assert not any(b.type == "image" for b in blocks)
    with pytest.raises(SourceError) as err:
        pdf_to_outline(make_pdf([[(11, "Text.")]]), SourceLimits(max_parse_s=0))
    assert err.value.code == "FILE_TOO_LARGE"
    with pytest.raises(SourceError) as err:
        pptx_to_outline(make_pptx(), SourceLimits(max_parse_s=0))
    assert err.value.code == "FILE_TOO_LARGE"
