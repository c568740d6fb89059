"""Fixture builders for the content-source tests (every file is made here, none is checked in)."""

from __future__ import annotations

import io
import json
import zipfile
import zlib

from PIL import Image


def png(size: tuple[int, int] = (4, 3)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (10, 120, 200)).save(out, format="PNG")
    return out.getvalue()


def make_docx(title_style: bool = True) -> bytes:
    import docx

    d = docx.Document()
    if title_style:
        d.add_paragraph("Quarterly Review", style="Title")
    d.add_heading("Results", 1)
    d.add_heading("Revenue", 2)
    p = d.add_paragraph("Revenue grew ")
    p.add_run("12%").bold = True
    p.add_run(" this quarter.")
    d.add_paragraph("Europe", style="List Bullet")
    d.add_paragraph("Germany", style="List Bullet 2")
    d.add_paragraph("Asia", style="List Bullet")
    t = d.add_table(rows=3, cols=2)
    for r, row in enumerate([("Region", "Sales"), ("EU", "10"), ("APAC", "7")]):
        for c, text in enumerate(row):
            t.cell(r, c).text = text
    d.add_heading("Details", 3)
    d.add_picture(io.BytesIO(png()))
    d.add_heading("Outlook", 1)
    d.add_heading("Next steps", 2)
    d.add_paragraph("Hire two engineers.")
    out = io.BytesIO()
    d.save(out)
    return out.getvalue()


def make_pdf(pages: list[list[tuple[float, str]]], bomb_bytes: int = 0) -> bytes:
    """A minimal valid PDF (Helvetica), each page a list of (font size, line) top to bottom.
    bomb_bytes: the first page's content stream is that many spaces, Flate-compressed."""
    objects: list[bytes] = []
    n_pages = len(pages)
    kids = " ".join(f"{4 + 2 * i} 0 R" for i in range(n_pages))
    objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {n_pages} >>".encode())
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    for i, lines in enumerate(pages):
        y = 760.0
        ops = []
        for size, text in lines:
            y -= size * 1.6
            safe = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            ops.append(f"BT /F1 {size:g} Tf 72 {y:g} Td ({safe}) Tj ET")
        stream = "\n".join(ops).encode("latin-1")
        extra = ""
        if bomb_bytes and i == 0:
            stream, extra = zlib.compress(b" " * bomb_bytes, 9), " /Filter /FlateDecode"
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            f"/Resources << /Font << /F1 3 0 R >> >> /Contents {5 + 2 * i} 0 R >>".encode()
        )
        head = f"<< /Length {len(stream)}{extra} >>\nstream\n".encode()
        objects.append(head + stream + b"\nendstream")
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for num, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % num + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for off in offsets:
        out.write(b"%010d 00000 n \n" % off)
    out.write(
        b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    )
    return out.getvalue()


def make_pptx() -> bytes:
    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    s0 = prs.slides.add_slide(prs.slide_layouts[0])
    s0.shapes.title.text = "Launch Plan"
    s0.placeholders[1].text = "Spring 2025"
    s1 = prs.slides.add_slide(prs.slide_layouts[1])
    s1.shapes.title.text = "Goals"
    body = s1.placeholders[1].text_frame
    body.text = "Grow users"
    p = body.add_paragraph()
    p.text = "Twice as many"
    p.level = 1
    body.add_paragraph().text = "Cut churn"
    s2 = prs.slides.add_slide(prs.slide_layouts[5])
    s2.shapes.title.text = "Budget"
    shape = s2.shapes.add_table(2, 2, Inches(1), Inches(2), Inches(4), Inches(1))
    for r, row in enumerate([("Item", "Cost"), ("Ads", "5k")]):
        for c, text in enumerate(row):
            shape.table.cell(r, c).text = text
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def make_xlsx(rows: int = 3) -> bytes:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Sales"
    ws.append(["Region", "Q1", "Q2"])
    for i in range(rows):
        ws.append([f"R{i}", i * 10, 2.0 * i])
    wb.create_sheet("Empty")
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def zip_bytes(members: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return out.getvalue()


def xmind_tree() -> dict[str, object]:
    def topic(title: str, *children: dict[str, object]) -> dict[str, object]:
        d: dict[str, object] = {"id": title, "title": title}
        if children:
            d["children"] = {"attached": list(children)}
        return d

    return topic(
        "Product",
        topic("Market", topic("Size", topic("10M users")), topic("Rivals")),
        topic("Team", topic("Hiring", topic("2 engineers", topic("backend")))),
        topic("Summary"),
    )


def make_xmind() -> bytes:
    sheet = [{"id": "s1", "title": "Sheet 1", "rootTopic": xmind_tree()}]
    return zip_bytes({"content.json": json.dumps(sheet).encode(), "metadata.json": b"{}"})


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<map version="1.0.1"><node TEXT="&lol4;"/></map>
"""
