"""Images of Markdown documents: files next to them, data: URIs, remote images through the
engine's guarded fetch, badges, alt text as the PPTX picture description."""

from __future__ import annotations

import base64
import io
import os
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from generator.api import generate_from_markdown
from generator.cli import main as generate_main
from generator.markup.images import Assets
from generator.model import Block, Outline, plain
from generator.outline import parse_outline
from tests.routes_server import serve_routes

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"


def png(w: int = 40, h: int = 30, colour: str = "red") -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), colour).save(buf, "PNG")
    return buf.getvalue()


def images(outline: Outline) -> list[Block]:
    """The document's pictures shown (not the frames standing for pictures not read)."""
    return [b for b in outline.blocks() if b.type == "image"]


def pictures(pptx: bytes) -> list[str]:
    """The cNvPr elements of every picture of the deck (their descr = alt text)."""
    import re

    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        xml = "".join(z.read(n).decode() for n in z.namelist() if n.startswith("ppt/slides/slide"))
    return re.findall(r"<p:pic>.*?<p:cNvPr [^>]*>", xml)


def test_local_images_next_to_the_document(tmp_path: Path) -> None:
    (tmp_path / "resources").mkdir()
    (tmp_path / "resources" / "cli-demo.png").write_bytes(png(120, 80))
    doc = tmp_path / "README.md"
    doc.write_text(
        "# ChatGLM-6B\n\n### 使用方式\n\n![命令行 Demo](resources/cli-demo.png)\n", "utf-8"
    )
    o = parse_outline(doc.read_text("utf-8"), assets=Assets.beside(str(doc)))
    (img,) = images(o)
    assert img.src.startswith("data:image/png;base64,") and (img.width, img.height) == (120, 80)
    assert img.alt == "命令行 Demo" and img.kind == "picture"
    deck = generate_from_markdown(doc.read_text("utf-8"), assets=Assets.beside(str(doc)))
    (pic,) = pictures(deck.pptx_bytes)
    assert 'descr="命令行 Demo"' in pic  # the alt text is the picture's description


def test_files_outside_the_allowed_folders_and_no_local_files(tmp_path: Path) -> None:
    (tmp_path / "images").mkdir()
    (tmp_path / "images" / "marp.png").write_bytes(png())
    (tmp_path / "examples").mkdir()
    doc = tmp_path / "examples" / "gaia.md"
    doc.write_text("", "utf-8")
    doc.write_text("# Gaia\n\n### Basic\n\n![70% center](../images/marp.png)\n", "utf-8")
    text = doc.read_text("utf-8")
    o = parse_outline(text, assets=Assets.beside(str(doc)))
    assert images(o) == []
    assert "outside the allowed folders" in o.diagnostics[0]["message"]
    with_assets = parse_outline(text, assets=Assets.beside(str(doc), (str(tmp_path),)))
    assert len(images(with_assets)) == 1 and images(with_assets)[0].alt == ""  # Marp words out
    none = parse_outline(text)  # the service: no files given with the Markdown
    assert images(none) == []
    assert none.diagnostics[0]["message"].startswith("image not found (no file given")


def test_symlink_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    secret = tmp_path / "secret.png"
    secret.write_bytes(png())
    folder = tmp_path / "doc"
    folder.mkdir()
    os.symlink(secret, folder / "link.png")
    doc = folder / "a.md"
    doc.write_text("# A\n\n### B\n\n![x](link.png)\n", "utf-8")
    o = parse_outline(doc.read_text("utf-8"), assets=Assets.beside(str(doc)))
    assert images(o) == [] and "outside the allowed folders" in o.diagnostics[0]["message"]


def test_image_size_limit(tmp_path: Path) -> None:
    (tmp_path / "big.png").write_bytes(png(400, 400, "blue") + b"\0" * 5000)
    doc = tmp_path / "a.md"
    doc.write_text("# A\n\n### B\n\n![big](big.png)\n", "utf-8")
    small = Assets.beside(str(doc), max_image_bytes=4000)
    o = parse_outline(doc.read_text("utf-8"), assets=small)
    assert images(o) == [] and "4000 bytes" in o.diagnostics[0]["message"]


def test_data_uris_everywhere_and_html_img() -> None:
    uri = "data:image/png;base64," + base64.b64encode(png(10, 8)).decode()
    md = f'# T\n\n### P\n\n![chart]({uri})\n\n<p align="center"><img src="{uri}" alt="logo" width="5"></p>\n'
    o = parse_outline(md)
    first, second = images(o)
    assert (first.alt, first.width, first.height) == ("chart", 10, 8)
    assert (second.alt, second.width, second.height) == ("logo", 5, 4)  # declared width, ratio kept


@pytest.fixture()
def image_server() -> Iterator[str]:
    with serve_routes({"/pic.png": ("image/png", png(33, 11))}) as srv:
        yield srv.url


def test_remote_images_only_through_the_guarded_fetch(image_server: str) -> None:
    md = f"# T\n\n### P\n\n![remote]({image_server}/pic.png)\n"
    off = parse_outline(md)
    assert images(off) == [] and "remote images are off" in off.diagnostics[0]["message"]
    guarded = parse_outline(md, assets=Assets(network=True, allowed_hosts=("127.0.0.1",)))
    assert images(guarded) == []  # the guard refuses this machine's own addresses
    assert "not fetched" in guarded.diagnostics[0]["message"]
    other_host = parse_outline(
        md, assets=Assets(network=True, allowed_hosts=("example.org",), allow_loopback=True)
    )
    assert images(other_host) == []  # a host not on the list
    fetched = parse_outline(
        md, assets=Assets(network=True, allowed_hosts=("127.0.0.1",), allow_loopback=True)
    )
    (img,) = images(fetched)
    assert (img.width, img.height) == (33, 11) and img.src.startswith("data:image/png")


def test_badge_rows_are_a_strip() -> None:
    badge = "data:image/png;base64," + base64.b64encode(png(90, 20)).decode()
    md = (
        f"# fd\n\n### Badges\n\n[![CICD]({badge})](https://github.com/sharkdp/fd/actions) "
        f"[![Version info]({badge})](https://crates.io/crates/fd-find)\n\nText.\n"
    )
    deck = generate_from_markdown(md)
    o = parse_outline(md)
    assert [b.kind for b in images(o)] == ["badge", "badge"]
    assert '<p class="df-badges"><img' in deck.pages_html[1]
    assert len(pictures(deck.pptx_bytes)) == 2


def test_cli_reads_images_beside_the_file_and_with_assets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = CORPUS / "marp-gaia"
    out = tmp_path / "gaia.pptx"
    doc = str(folder / "examples" / "gaia.md")
    monkeypatch.chdir(tmp_path)  # a folder the document is not in: only its own folder
    assert generate_main([doc, "-o", str(out)]) == 0
    # the logo twice (slide 6 and the last slide's heading): not read, nothing stands for it
    assert pictures(out.read_bytes()) == []
    assert generate_main([doc, "-o", str(out), "--assets", str(folder)]) == 0
    assert [descr(p) for p in pictures(out.read_bytes())] == [""] * 2  # the logo (no alt)
    assert generate_main([doc, "-o", str(out), "--assets", str(folder), "--no-local-files"]) == 0
    assert pictures(out.read_bytes()) == []


def descr(pic: str) -> str:
    found = re.search(r'descr="([^"]*)"', pic)
    return found.group(1) if found else ""


def test_word_and_powerpoint_pictures_are_kept() -> None:
    from pptx import Presentation
    from pptx.util import Inches

    from generator.sources.slides import pptx_to_outline

    prs = Presentation()
    first = prs.slides.add_slide(prs.slide_layouts[0])
    first.shapes.title.text = "Deck"
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = "Chart"
    pic = slide.shapes.add_picture(io.BytesIO(png(40, 30)), Inches(1), Inches(1))
    pic._element.nvPicPr.cNvPr.set("descr", "Sales chart")
    buf = io.BytesIO()
    prs.save(buf)
    (img,) = images(pptx_to_outline(buf.getvalue()))
    assert (img.alt, img.width, img.height) == ("Sales chart", 40, 30)


def test_a_picture_written_in_a_heading_is_the_slides_picture(tmp_path: Path) -> None:
    """`###### [![](../images/marp.png)](url)`: the logo is shown on its slide, not dropped
    with the heading that held it (nor is the heading left empty)."""
    from tests.generator.fragments import MARP_LAST, MARP_QUOTE

    (tmp_path / "images").mkdir()
    (tmp_path / "images" / "marp.png").write_bytes(png(200, 120))
    (tmp_path / "examples").mkdir()
    doc = tmp_path / "examples" / "gaia.md"
    doc.write_text("", "utf-8")
    text = MARP_QUOTE + MARP_LAST
    assets = Assets.beside(str(doc), (str(tmp_path),))  # the repository's folder, as the CLI
    o = parse_outline(text, assets=assets)
    (img,) = images(o)
    assert (img.width, img.height) == (200, 120)
    last = o.chapters[-1].pages[-1]
    assert img in last.blocks and "of Marp" in last.title
    assert not [b for b in o.blocks() if b.type == "heading" and not plain(b.spans).strip()]
    deck = generate_from_markdown(text, assets=assets)
    assert len(pictures(deck.pptx_bytes)) == 1


def test_badges_beside_a_heading_stay_out() -> None:
    o = parse_outline(
        "# fd [![CI](https://github.com/sharkdp/fd/actions/workflows/CICD.yml/badge.svg)](x)\n\ntext\n"
    )
    assert not [b for b in o.blocks() if b.type == "image"]
