"""Pictures a presenter can use: the CLI reads a project's pictures (the current folder when the
document lies inside it), pictures that carry text get a slide's body to themselves (tall ones
cut into readable crops), pictures the deck cannot have leave no frame: they are listed in the
notes of their slide (and the CLI says which option gets them); animated SVG is such a picture."""

from __future__ import annotations

import base64
import io
import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from generator.api import generate_from_markdown
from generator.cli import main as generate_main
from generator.markup.crops import tall_crops
from generator.markup.images import Assets
from generator.model import Block, Outline, plain
from generator.outline import parse_outline
from generator.screenshots import READ_HEIGHT
from generator.summary import MAX_SLIDES
from tests.generator.fragments import KEP_SUMMARY_CHART

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))

import picture_scale  # noqa: E402

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
FD = CORPUS / "fd-readme"
KEP = CORPUS / "kep-crashloopbackoff"


def png(w: int, h: int, colour: str = "red") -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), colour).save(buf, "PNG")
    return buf.getvalue()


def shown(outline: Outline) -> list[Block]:
    return [b for b in outline.blocks() if b.type == "image"]


# -- where the CLI reads pictures from ---------------------------------------------------------


def project(tmp: Path) -> Path:
    """A project: images/logo.png, docs/talk.md pointing at ../images/logo.png."""
    (tmp / "images").mkdir(parents=True)
    (tmp / "images" / "logo.png").write_bytes(png(40, 30))
    (tmp / "docs").mkdir()
    doc = tmp / "docs" / "talk.md"
    doc.write_text("# Talk\n\n### Logo\n\n![the project logo](../images/logo.png)\n", "utf-8")
    return doc


def run(doc: Path, out: Path, capsys: pytest.CaptureFixture[str], *more: str) -> str:
    assert generate_main([str(doc), "-o", str(out), "--document", str(out) + ".json", *more]) == 0
    return capsys.readouterr().out


def document_notes(out: Path) -> str:
    import json

    doc = json.loads(Path(str(out) + ".json").read_text("utf-8"))
    return "\n".join(p.get("notes", "") for c in doc["outline"]["chapters"] for p in c["pages"])


def document_images(out: Path) -> list[dict[str, object]]:
    import json

    doc = json.loads(Path(str(out) + ".json").read_text("utf-8"))
    found = []
    for chapter in doc["outline"]["chapters"]:
        for page in chapter["pages"]:
            found += [b for b in page["blocks"] if b["type"] == "image"]
    return found


def test_the_cli_reads_the_projects_pictures_from_the_folder_it_runs_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = project(tmp_path)
    monkeypatch.chdir(tmp_path)  # the project's top: the document lies inside it
    printed = run(doc.relative_to(tmp_path), tmp_path / "a.pptx", capsys)
    (img,) = document_images(tmp_path / "a.pptx")
    assert str(img["src"]).startswith("data:image/png") and "outside" not in printed


def test_the_cli_refuses_pictures_outside_the_document_folder_from_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = project(tmp_path / "p")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # the document does not lie inside the current folder
    printed = run(doc, tmp_path / "a.pptx", capsys)
    assert document_images(tmp_path / "a.pptx") == []  # not the logo, nor a frame
    assert "../images/logo.png" in document_notes(tmp_path / "a.pptx")
    assert "1 pictures outside the allowed folders not read: pass --assets DIR" in printed
    monkeypatch.chdir(doc.parent)  # inside the document's folder: only that folder
    run(doc, tmp_path / "b.pptx", capsys)
    assert document_images(tmp_path / "b.pptx") == []


def test_the_home_folder_is_no_project(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = project(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    run(doc, tmp_path / "a.pptx", capsys)
    assert document_images(tmp_path / "a.pptx") == []


def test_a_symbolic_link_out_of_the_project_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    outside = tmp_path / "outside.png"
    outside.write_bytes(png(40, 30))
    top = tmp_path / "proj"
    doc = project(top)
    (top / "images" / "logo.png").unlink()
    os.symlink(outside, top / "images" / "logo.png")
    monkeypatch.chdir(top)
    printed = run(doc, tmp_path / "a.pptx", capsys)
    assert document_images(tmp_path / "a.pptx") == []
    assert "outside the allowed folders" in printed


def test_only_image_files_are_embedded(tmp_path: Path) -> None:
    (tmp_path / "config.xml").write_text("<?xml version='1.0'?><config><key>s3cret</key></config>")
    (tmp_path / "notes.svg").write_text("<html><body>s3cret</body></html>")
    (tmp_path / "keys.png").write_text("s3cret")
    doc = tmp_path / "a.md"
    doc.write_text("# A\n\n### B\n\n![](config.xml)\n\n![](notes.svg)\n\n![](keys.png)\n")
    o = parse_outline(doc.read_text(), assets=Assets.beside(str(doc)))
    assert shown(o) == []
    assert "s3cret" not in str(o.to_dict())
    assert all(name in o.chapters[0].pages[0].notes for name in ("config.xml", "keys.png"))
    assert [d["message"].split(":")[0] for d in o.diagnostics] == ["unreadable image"] * 3


# -- pictures that cannot be had ---------------------------------------------------------------


def test_a_remote_picture_leaves_its_alt_text_and_the_notes_say_where_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A content picture not fetched: its describing alt text is an italic line under the text
    it belongs to, the notes say what and where it is; an HTML picture and a badge leave no
    line, and a page of nothing else is not made."""
    doc = tmp_path / "a.md"
    doc.write_text(
        "# A\n\n### Demo\n\nIt highlights code.\n\n"
        "![Syntax highlighting example](https://i.imgur.com/x.png)\n\n"
        '### Sized\n\n<img src="https://github.com/o/r/raw/main/shot.png" width="400" '
        'height="300" alt="The dashboard">\n\n### Badge\n\n'
        "![build](https://img.shields.io/badge/build-passing-green)\n"
    )
    printed = run(doc, tmp_path / "a.pptx", capsys)
    assert document_images(tmp_path / "a.pptx") == []
    import json

    outline = json.loads(Path(str(tmp_path / "a.pptx") + ".json").read_text("utf-8"))["outline"]
    (demo,) = [p for c in outline["chapters"] for p in c["pages"]]  # Sized and Badge: not made
    assert demo["title"] == "Demo"
    caption = demo["blocks"][1]["spans"]
    assert caption == [{"text": "Syntax highlighting example", "italic": True}]
    assert "Syntax highlighting example: https://i.imgur.com/x.png" in demo["notes"]
    assert "The dashboard: https://github.com/o/r/raw/main/shot.png" in demo["notes"]
    line = "3 remote images not fetched: pass --remote-images HOST to fetch them"
    assert f"{line} (i.imgur.com, github.com, img.shields.io)" in printed  # the badge too


def test_a_missing_decorative_html_picture_gets_no_frame() -> None:
    """alt="" marks an HTML picture as decoration (a Slidev cover's event logo): when it is
    missing nothing stands for it; nor for one without an alt attribute, whose page of nothing
    else is not made (its notes say which picture is missing)."""
    md = (
        "# Talk\n\n### Cover\n\nPatterns for good composables\n\n"
        '<div><img src="https://x.org/logo.png" alt=""> <b>Vue</b>Day</div>\n\n'
        '<img src="https://x.org/inline.png" alt=""> and words\n\n'
        '### Shot\n\n<img src="https://x.org/shot.png">\n'
    )
    deck = generate_from_markdown(md, "corporate")
    frames = {p.title: [b for b in p.blocks if b.type == "image"] for p in deck.pages}
    assert frames["Cover"] == [] and "Shot" not in frames
    (cover,) = [p for p in deck.pages if p.title == "Cover"]
    assert "https://x.org/shot.png" in cover.notes


def test_a_slide_of_only_a_missing_picture_is_not_made() -> None:
    md = (
        "# A\n\n### Intro\n\nSome words.\n\n### Demo\n\n"
        "![A terminal running the search](https://x.org/demo.gif)\n\n### Next\n\nMore words.\n"
    )
    deck = generate_from_markdown(md, "corporate")
    assert all("Demo" not in p.title for p in deck.pages)
    (intro,) = [p for p in deck.pages if p.title.startswith("Intro")]
    assert "A terminal running the search: https://x.org/demo.gif" in intro.notes


# -- animated SVG ------------------------------------------------------------------------------


def test_fds_screencast_is_shown_as_the_still_it_pauses_on() -> None:
    """fd's Demo (svg-term: a film strip of 156 terminal frames moved by a CSS animation) is
    a still of the frame held longest, the last command with its output, not its first
    frame (an empty prompt); the diagnostics say it is animated and shown as a still."""
    from lxml import etree

    o = parse_outline(
        (FD / "README.md").read_text("utf-8"), assets=Assets.beside(str(FD / "README.md"))
    )
    (demo,) = [b for b in shown(o) if b.alt == "Demo"]
    assert (demo.width, demo.height) == (620, 454)
    root = etree.fromstring(base64.b64decode(demo.src.split(",", 1)[1]))
    moved = [el for el in root.iter() if el.get("transform")]
    assert [el.get("transform") for el in moved] == ["translate(-9240 0)"]
    strip = moved[0][0]  # the film strip: one frame of 156 left, at x = 9240
    assert [frame.get("x") for frame in strip] == ["9240"]
    assert "keyframes" not in etree.tostring(root).decode()
    assert "animation" not in str(moved[0].get("style"))
    notes = "\n".join(p.notes for c in o.chapters for p in c.pages)
    assert "doc/screencast.svg" not in notes
    (said,) = [d["message"] for d in o.diagnostics if "animated SVG" in d["message"]]
    assert said.startswith("animated SVG, shown as a still")


@pytest.mark.parametrize(
    ("body", "animated"),
    [
        ('<rect width="10" height="10"><animate attributeName="x" to="5" dur="1s"/></rect>', True),
        ("<style>@keyframes p{0%{opacity:0}100%{opacity:1}} rect{animation:p 1s}</style>", True),
        ("<style>@media print{rect{fill:red}}</style><rect width='5' height='5'/>", False),
    ],
)
def test_smil_and_css_keyframes_are_animations(tmp_path: Path, body: str, animated: bool) -> None:
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">{body}</svg>'
    (tmp_path / "a.svg").write_text(svg)
    doc = tmp_path / "a.md"
    doc.write_text("# A\n\n### B\n\n![moving](a.svg)\n")
    o = parse_outline(doc.read_text(), assets=Assets.beside(str(doc)))
    assert [b.alt for b in shown(o)] == ([] if animated else ["moving"])
    assert any("animated SVG" in d["message"] for d in o.diagnostics) == animated


# -- pictures that carry text --------------------------------------------------------------------


def kep_deck() -> list[tuple[str, str, list[Block]]]:
    deck = generate_from_markdown(
        "# KEP\n\n" + KEP_SUMMARY_CHART, "corporate", assets=Assets.beside(str(KEP / "README.md"))
    )
    return [(p.layout, h, p.blocks) for p, h in zip(deck.pages, deck.pages_html, strict=True)]


def test_a_chart_beside_a_paragraph_gets_the_body_to_itself() -> None:
    slides = [s for s in kep_deck() if any(b.type == "image" for b in s[2])]
    assert slides
    for layout, html, blocks in slides:
        assert layout != "image-text"  # never a column beside text
        assert [b.type for b in blocks].count("image") == 1
        assert 'class="df-read"' in html or "df-full" in html


def test_a_chart_is_drawn_as_large_as_the_body_allows(tmp_path: Path) -> None:
    src = "data:image/png;base64," + base64.b64encode(png(600, 371)).decode()
    md = "# A\n\n### Chart\n\n" + "Some words before the chart. " * 12 + f"\n\n![]({src})\n"
    deck = generate_from_markdown(md, "corporate")
    deck.write(str(tmp_path / "a.pptx"))
    (drawn,) = picture_scale.pictures(str(tmp_path / "a.pptx"))
    # the body's spare height too (generator.picroom): corporate's body is 500 px high
    assert drawn.scale > 1.3 and READ_HEIGHT < drawn.drawn_height <= 500
    for template in ("minimal", "data"):  # the smallest body and the tallest one
        deck = generate_from_markdown(md, template)
        assert not deck.left_out or all(r.kind != "too-large" for r in deck.left_out)


# -- long-text screenshots -----------------------------------------------------------------------


def test_a_long_screenshot_is_cut_into_readable_crops() -> None:
    src = "data:image/png;base64," + base64.b64encode(png(600, 2400)).decode()
    crops = tall_crops(Block("image", src=src, alt="answer", width=600, height=2400))
    assert [(b.width, b.height) for b in crops] == [(600, 800)] * 3
    assert [b.alt for b in crops] == ["answer (1/3)", "answer (2/3)", "answer (3/3)"]
    assert all(READ_HEIGHT / b.height >= 0.5 for b in crops)
    short = Block("image", src=src, alt="", width=600, height=900)  # sized by the document
    assert tall_crops(short) == [short]


def test_crops_are_one_a_slide() -> None:
    src = "data:image/png;base64," + base64.b64encode(png(600, 2400)).decode()
    deck = generate_from_markdown(f"# A\n\n### Answer\n\nThe answer:\n\n![answer]({src})\n")
    shots = [p for p in deck.pages if any(b.type == "image" for b in p.blocks)]
    assert len(shots) == 3
    assert all([b.type for b in p.blocks].count("image") == 1 for p in shots)


def test_charts_of_a_summarised_page_get_the_body_with_their_alt_text_under_and_in_the_notes(
    medium_budget: Callable[[int], None],
) -> None:
    medium_budget(MAX_SLIDES + 2)  # over budget whole: the list capped, the charts after it
    items = "\n".join(
        f"- entry {i}: a change with a sentence of detail about it" for i in range(90)
    )
    src = "data:image/png;base64," + base64.b64encode(png(600, 371)).decode()
    pics = "\n\n".join(f"![Restarts of run {i} in elapsed time]({src})" for i in range(2))
    deck = generate_from_markdown(f"# Log\n\n## Changes\n\n### All\n\n{items}\n\n{pics}\n")
    charts = [p for p in deck.pages if any(b.type == "image" for b in p.blocks)]
    assert [p.layout for p in charts] == ["image-full", "image-full"]
    # no picture slide without words: the alt text is the caption line (and the notes)
    captions = [[plain(b.spans) for b in p.blocks if b.type == "paragraph"] for p in charts]
    assert captions == [[f"Restarts of run {i} in elapsed time"] for i in range(2)]
    assert [p.notes for p in charts] == [f"Restarts of run {i} in elapsed time" for i in range(2)]
    html = deck.pages_html[deck.pages.index(charts[0])]
    assert "df-full df-alone" not in html and "df-caption" in html


def test_a_long_alt_text_of_one_sentence_is_a_caption_cut_at_a_word() -> None:
    from generator.screenshots import CAPTION_CHARS, caption_line

    alt = "A graph showing the change in elapsed time for observed restarts " * 6
    line = caption_line(alt)
    assert line.endswith(" …") and len(line) <= CAPTION_CHARS + 2
    assert alt.startswith(line[:-2]) and alt[len(line) - 2] == " "  # cut at a word
    cjk = caption_line("问题：" + "未来的资产" * 80)
    assert cjk.endswith(" …") and len(cjk) <= CAPTION_CHARS / 2.2 + 3
    assert caption_line("Pictures (pictures 1-2 of 8)") == "Pictures"
