"""Pictures drawn in the room they get: an SVG file that gives its size but no viewBox (fd's
animated screencast, shown as a still) scales as a whole, centred in its room, instead of
keeping its own size in the room's top-left corner with the rest of the slide empty; two
screenshots the document compares share a slide when each stays readable side by side."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from lxml import etree
from PIL import Image

from generator.api import generate_from_markdown
from generator.markup.images import Assets
from generator.screenshots import PAIR_READ
from tests.generator.pptx_xml import NS, slides

FD = Path(__file__).resolve().parents[2] / "samples" / "markdown" / "fd-readme"
REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}embed"
EMU_PER_PX = 9525

# fd's README: the Demo section, the screencast (an svg-term film strip, width/height only)
FD_DEMO = """# fd

## Demo

![Demo](doc/screencast.svg)
"""


def drawn_pictures(pptx: bytes) -> list[tuple[int, int, Image.Image]]:
    """(left, width) in px and the image (RGBA) of every picture shape on every slide."""
    out = []
    with zipfile.ZipFile(io.BytesIO(pptx)) as zf:
        for n, slide in enumerate(slides(pptx), 1):
            rels = etree.fromstring(zf.read(f"ppt/slides/_rels/slide{n}.xml.rels"))
            targets = {r.get("Id"): r.get("Target") for r in rels}
            for pic in slide.iterfind(".//p:pic", NS):
                blip = pic.find(".//a:blip", NS)
                off, ext = pic.find(".//a:xfrm/a:off", NS), pic.find(".//a:xfrm/a:ext", NS)
                assert blip is not None and off is not None and ext is not None
                name = "ppt/" + str(targets[blip.get(REL)]).removeprefix("../")
                image = Image.open(io.BytesIO(zf.read(name))).convert("RGBA")
                left, width = int(off.get("x", 0)), int(ext.get("cx", 0))
                out.append((left // EMU_PER_PX, width // EMU_PER_PX, image))
    return out


def test_an_svg_without_a_viewbox_is_scaled_and_centred_in_its_room(tmp_path: Path) -> None:
    deck = generate_from_markdown(FD_DEMO, assets=Assets.beside(str(FD / "README.md")))
    deck.write(str(tmp_path / "fd.pptx"))
    (left, width, image), *_ = drawn_pictures((tmp_path / "fd.pptx").read_bytes())
    # the terminal (a dark rectangle) drawn in the picture: its columns of dark pixels
    row = [image.getpixel((x, image.height // 2)) for x in range(image.width)]
    dark = [x for x, (r, g, b, a) in enumerate(row) if a > 128 and r + g + b < 240]
    assert dark
    first, last = dark[0] / image.width, (dark[-1] + 1) / image.width
    inside = (left + first * width, left + last * width)  # px on the 1280 px slide
    assert abs((inside[0] + inside[1]) / 2 - 640) < 40  # centred on the slide
    assert inside[1] - inside[0] > 620  # at least its own width (620 px), never smaller


CHATGLM = FD.parent / "chatglm-readme"


def test_answers_the_document_compares_share_a_slide_when_each_reads(tmp_path: Path) -> None:
    """ChatGLM's update log compares v1.0 and v1.1 answers to four questions (a <details> of
    eight screenshots, two under each question): the 720 px pairs side by side on one slide,
    each answer drawn at PAIR_READ of its size or more (was one a slide: eight slides); the
    1450 px pair, which side by side would be drawn at two fifths, one a slide."""
    readme = CHATGLM / "README.md"
    deck = generate_from_markdown(readme.read_text("utf-8"), assets=Assets.beside(str(readme)))
    deck.write(str(tmp_path / "chatglm.pptx"))
    pptx = (tmp_path / "chatglm.pptx").read_bytes()
    compared = [
        n
        for n, page in enumerate(deck.pages)
        if "v1.1 版本 checkpoint" in page.title and any(b.type == "image" for b in page.blocks)
    ]
    assert len(compared) == 3 + 2
    drawn = drawn_pictures(pptx)
    by_size = {image.size: width for _, width, image in drawn}
    pairs = [size for size in by_size if size[0] > 1400 and size[1] < 500]
    assert len(pairs) == 3  # 728 + 16 + 720 px wide: two answers and the gap
    assert all(by_size[size] / size[0] >= PAIR_READ for size in pairs)  # 3/4 of their size
