"""A picture drawn as large as its slide's body allows: a picture alone, or above a short
caption, takes the body's spare height (the layouts' fixed caps fit the smallest template
body); a picture with a caption it would otherwise be shrunk for (a chart, a code-path
diagram) is drawn at the body's full height with its caption in a column beside it.

Fragments: the Kubernetes KEP "Tune CrashLoopBackoff" (samples/markdown/kep-crashloopbackoff,
its Design Details' charts and its Kubelet overhead analysis' code-path diagram)."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest
from lxml import etree

from generator.api import generate_from_markdown
from generator.markup.images import Assets
from tests.generator.pptx_xml import EMU_PER_PX, NS, slides

KEP = Path(__file__).resolve().parents[2] / "samples" / "markdown" / "kep-crashloopbackoff"

SOURCE = (KEP / "README.md").read_text("utf-8").split("\n")
# Design Details: two pages, each a paragraph, a picture and more paragraphs (the charts and
# the code-path diagram are screenshots: their text and they flow, a slide each)
PICTURES = "\n".join(
    [
        "# Tune CrashLoopBackoff\n\n## Design Details\n\n### Front loaded decay curve\n",
        *SOURCE[567:594],
        "\n### Kubelet overhead analysis\n",
        *SOURCE[712:719],
    ]
)
# the sequence diagram (381x476 px) and the paragraph after it: side by side
BESIDE = "\n".join(
    [
        "# Tune CrashLoopBackoff\n\n## Design Details\n\n### Front loaded decay curve\n",
        "Some text.\n\n### Kubelet overhead analysis\n",
        *SOURCE[673:684],
    ]
)

BODY_TOP, BODY_BOTTOM = 160, 660  # px: the default template's body


class Shape(NamedTuple):
    pic: bool
    x: float
    y: float
    w: float
    h: float
    text: str


def _shapes(slide: etree._Element) -> list[Shape]:
    """A slide's shapes: picture or not, box in px, text."""
    out: list[Shape] = []
    for shape in slide.iterfind(".//p:spTree/*", NS):
        off, ext = shape.find(".//a:xfrm/a:off", NS), shape.find(".//a:xfrm/a:ext", NS)
        if off is None or ext is None:
            continue
        text = "".join(t.text or "" for t in shape.iterfind(".//a:t", NS))
        x, y = int(off.get("x", 0)) / EMU_PER_PX, int(off.get("y", 0)) / EMU_PER_PX
        w, h = int(ext.get("cx", 0)) / EMU_PER_PX, int(ext.get("cy", 0)) / EMU_PER_PX
        out.append(Shape(shape.tag.endswith("}pic"), x, y, w, h, text))
    return out


def _boxes(markdown: str, tmp_path: Path, template: str | None = None) -> list[list[Shape]]:
    """The shapes of every slide of the deck made of `markdown`."""
    deck = generate_from_markdown(markdown, template, assets=Assets.beside(str(KEP / "README.md")))
    deck.write(str(tmp_path / "deck.pptx"))
    return [_shapes(slide) for slide in slides((tmp_path / "deck.pptx").read_bytes())]


@pytest.fixture(scope="module")
def kep_deck(tmp_path_factory: pytest.TempPathFactory) -> list[list[Shape]]:
    readme = KEP / "README.md"
    deck = generate_from_markdown(readme.read_text("utf-8"), assets=Assets.beside(str(readme)))
    out = tmp_path_factory.mktemp("kep") / "kep.pptx"
    deck.write(str(out))
    return [_shapes(slide) for slide in slides(out.read_bytes())]


def test_a_diagram_with_its_caption_beside_it_takes_the_body_height(
    kep_deck: list[list[Shape]],
) -> None:
    """The code-path diagram (960x540 px) above its 2-line caption was 400 px high (711 px
    wide, its labels unreadable when projected): now at least 470 px, its caption right of
    it."""
    (slide,) = [s for s in kep_deck if any(p.pic and abs(p.w / p.h - 960 / 540) < 0.02 for p in s)]
    (pic,) = [p for p in slide if p.pic]
    caption = next(p for p in slide if "code paths responsible" in p.text)
    assert pic.h >= 470
    assert caption.x >= pic.x + pic.w


def test_every_picture_stays_in_the_body_clear_of_text(kep_deck: list[list[Shape]]) -> None:
    for slide in kep_deck:
        texts = [p for p in slide if not p.pic and p.text.strip() and p.y >= BODY_TOP]
        for pic in (p for p in slide if p.pic and p.w < 1280):
            assert pic.y >= BODY_TOP - 1 and pic.y + pic.h <= BODY_BOTTOM + 1
            for t in texts:
                apart = t.x >= pic.x + pic.w - 1 or t.x + t.w <= pic.x + 1
                assert apart or t.y >= pic.y + pic.h - 1 or t.y + t.h <= pic.y + 1


def test_pictures_alone_take_the_body_height(tmp_path: Path) -> None:
    """The chart alone on its slide was capped at 460 px (the smallest template's body); on
    the default template's 500 px body it takes more, inside it."""
    shapes = _boxes(PICTURES, tmp_path)
    alone = [
        p
        for slide in shapes
        for p in slide
        if p.pic and not any(t.text.strip() and BODY_TOP <= t.y < BODY_BOTTOM for t in slide)
    ]
    assert len(alone) == 1
    assert all(p.h > 480 and p.y + p.h <= BODY_BOTTOM + 1 for p in alone)


def test_a_wide_diagram_beside_its_lead_in_takes_a_wider_column(tmp_path: Path) -> None:
    """The code-path diagram (960x540) beside the paragraph that leads into it: a column of
    46 % of the body would draw it at 0.54 of its size; its column takes what draws it at
    0.7 (672 px), the text keeps a column of its own beside it."""
    shapes = _boxes(PICTURES, tmp_path)
    (slide,) = [s for s in shapes if any(p.pic and abs(p.w / p.h - 960 / 540) < 0.02 for p in s)]
    (pic,) = [p for p in slide if p.pic]
    (text,) = [p for p in slide if "diagram showcases" in p.text]
    assert pic.w >= 0.7 * 960 - 1
    assert text.x + text.w <= pic.x and text.w >= 0.3 * 1120


def test_a_picture_beside_text_takes_the_body_height(tmp_path: Path) -> None:
    """The sequence diagram beside its paragraph was 430 px high: now the body's."""
    (pic,) = [p for slide in _boxes(BESIDE, tmp_path) for p in slide if p.pic]
    assert pic.h > 480 and pic.y + pic.h <= BODY_BOTTOM + 1


def test_on_the_smallest_body_the_pictures_stay_inside(tmp_path: Path) -> None:
    """The minimal template's body is 460 px high (top 200 px): the pictures stay in it."""
    pics = [p for slide in _boxes(PICTURES, tmp_path, "minimal") for p in slide if p.pic]
    assert pics and all(p.y >= 200 - 1 and p.y + p.h <= 200 + 460 + 1 for p in pics)
