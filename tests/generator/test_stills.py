"""An animated terminal screencast (a CSS-animated film strip of frames, as svg-term and
termtosvg write them) becomes a still of the frame held longest; other animations get none."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from lxml import etree

from generator.markup.images import Assets, animated_svg
from generator.markup.stills import svg_still
from generator.outline import parse_outline

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20">{}</svg>'
# three frames of a 60 px wide terminal side by side, the strip moved by whole frames
STRIP = (
    '<svg width="180"><svg><text y="10">$</text></svg>'
    '<svg x="60"><text y="10">$ ls</text></svg>'
    '<svg x="120"><text y="10">$ ls</text><text y="18">a.txt</text></svg></svg>'
)


def still(body: str) -> etree._Element | None:
    data = svg_still(etree.fromstring(SVG.format(body)))
    return None if data is None else etree.fromstring(data)


def test_an_svg_term_strip_shows_the_frame_held_longest() -> None:
    """svg-term: the animation in the group's style attribute, translateX keyframes; the third
    frame is on screen from 40 % to the end (60 %), longer than any other."""
    body = (
        "<style>@keyframes p{0%{transform:translateX(0)}10%{transform:translateX(-60px)}"
        "40%{transform:translateX(-120px)}}</style>"
        '<g style="animation-duration:3s;animation-name:p;animation-timing-function:steps(1,end);'
        f'fill:#fff">{STRIP}</g>'
    )
    root = still(body)
    assert root is not None and not animated_svg(root)
    (group,) = [el for el in root.iter() if el.get("transform")]
    assert group.get("transform") == "translate(-120 0)"
    assert group.get("style") == "fill: #fff"  # its other declarations stay
    # only the shown frame is left to draw: the hidden ones would cost the renderer
    assert ["".join(t.itertext()) for t in root.iter("{*}text")] == ["$ ls", "a.txt"]


def test_a_termtosvg_strip_by_id_rule_and_translate_y() -> None:
    """termtosvg: frames stacked, the animation set by an #id rule of the sheet, translateY;
    of equal holds the later frame (the end of the recording)."""
    body = (
        "<style>#screen_view{animation-duration:2s;animation-iteration-count:infinite;"
        "animation-name:roll}@keyframes roll{0%{transform:translateY(0)}"
        "50%{transform:translateY(-20px)}}</style>"
        '<g id="screen_view"><text y="10">$</text><text y="30">$ ls</text></g>'
    )
    root = still(body)
    assert root is not None and not animated_svg(root)
    (group,) = [el for el in root.iter() if el.get("transform")]
    assert group.get("transform") == "translate(0 -20)"


@pytest.mark.parametrize(
    "body",
    [
        "<style>@keyframes p{0%{opacity:0}100%{opacity:1}} rect{animation:p 1s}</style>"
        '<rect id="r" style="animation:p 1s" width="5" height="5"/>',
        "<style>@keyframes p{0%{transform:rotate(0)}100%{transform:rotate(90deg)}}</style>"
        '<rect style="animation:p 1s" width="5" height="5"/>',
        '<rect width="10" height="10"><animate attributeName="x" to="5" dur="1s"/></rect>',
        "<style>@keyframes p{0%{transform:translateX(0)}50%{transform:translateX(-9px)}}</style>"
        '<rect width="5" height="5"/>',  # keyframes that move nothing
    ],
)
def test_other_animations_get_no_still(body: str) -> None:
    assert still(body) is None


def test_a_document_with_a_strip_shows_it_and_says_so(tmp_path: Path) -> None:
    body = (
        "<style>@keyframes p{0%{transform:translateX(0)}90%{transform:translateX(-120px)}}"
        f'</style><g style="animation:p 3s steps(1,end) infinite">{STRIP}</g>'
    )
    (tmp_path / "cast.svg").write_text(SVG.format(body))
    doc = tmp_path / "a.md"
    doc.write_text("# A\n\n### Demo\n\n![Demo](cast.svg)\n")
    o = parse_outline(doc.read_text(), assets=Assets.beside(str(doc)))
    (picture,) = [b for b in o.blocks() if b.type == "image"]
    data = base64.b64decode(picture.src.split(",", 1)[1])
    assert b"translate(0 0)" in data  # 0 %..90 % is the longest hold: the first frame here
    assert not animated_svg(etree.fromstring(data))
    (said,) = [d["message"] for d in o.diagnostics]
    assert said == "animated SVG, shown as a still (the frame on screen longest): cast.svg"


@pytest.mark.usefixtures("roomy_budget")
def test_fds_demo_still_costs_the_deck_none_of_its_word_budget() -> None:
    """fd's README fills its slide budget; the Demo still's slide (a picture, no words) does
    not push the deck over it: its integration and option pages stay slides."""
    from generator.api import generate_from_markdown

    readme = Path(__file__).resolve().parents[2] / "samples/markdown/fd-readme/README.md"
    deck = generate_from_markdown(readme.read_text("utf-8"), assets=Assets.beside(str(readme)))
    titles = [p.title for p in deck.pages]
    (demo,) = [p for p in deck.pages if p.title == "Demo"]
    assert demo.layout == "image-full"
    assert "Using fd with fzf" in titles and "Using fd with rofi" in titles
    assert "Command-line options" in titles


def test_picture_slides_are_free_of_the_budget_up_to_ten() -> None:
    from generator.budget import FREE_PICTURE_SLIDES, content_slides
    from generator.model import Block, Span
    from generator.pages import PlannedPage
    from generator.reshape import Fitted

    def slide(layout: str, blocks: list[Block]) -> Fitted:
        return Fitted(
            PlannedPage(kind="content", layout=layout, title="t", blocks=blocks), "", None
        )

    shot = Block("image", src="data:image/png;base64,", width=800, height=600)
    caption = Block("paragraph", [Span("What it shows")])
    words = [slide("bullets", [Block("paragraph", [Span("text")])]) for _ in range(5)]
    pictures = [slide("image-full", [shot, caption]) for _ in range(3)]
    assert content_slides(words + pictures) == 5
    with_text = slide("image-full", [shot, caption, Block("paragraph", [Span("more")])])
    assert content_slides([*words, with_text]) == 6  # words beside it: a slide of words
    many = [slide("image-grid", [shot, shot]) for _ in range(FREE_PICTURE_SLIDES + 2)]
    assert content_slides(words + many) == 5 + 2


def test_kep_alt_texts_written_over_lines_keep_their_spaces_and_lose_their_quotes() -> None:
    """The KEP's graphs have alt texts over two lines, some in quotes: the caption under the
    graph reads 'initial values and 2 different', not 'values and2', and shows no quotes."""
    from generator.screenshots import caption_line

    kep = Path(__file__).resolve().parents[2] / "samples/markdown/kep-crashloopbackoff/README.md"
    text = kep.read_text("utf-8")
    o = parse_outline(text, assets=Assets.beside(str(kep)))
    alts = [b.alt for b in o.blocks() if b.type == "image"]
    assert any("for 2 initial values and 2 different maximum backoff thresholds" in a for a in alts)
    quoted = next(a for a in alts if a.startswith('"A graph showing the changes'))
    assert (
        caption_line(quoted)
        == "A graph showing the changes to restarts depending on some initial values"
    )
