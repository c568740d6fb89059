"""PNG renderer: text bodies that wrap are drawn in lines inside their box, where the engine's
Chromium-matching layout broke them (soft-wrapped paragraphs drawn like their exact-mode
twins), and bodies whose lines fit are drawn as before."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from png_helpers import png_image, slide, text_shape

from engine.api import convert
from engine.options import Options
from engine.render import render_deck_pngs, render_slide_png, slide_svg

pytestmark = pytest.mark.fonts("fonts-liberation")  # draws text with installed fonts

SIZE = (640.0, 360.0)
ROOT = Path(__file__).resolve().parents[2]
LONG = (
    "This is a long paragraph of English text inside a box that is far narrower than the "
    "text, so the renderer has to break it into several lines as PowerPoint does."
)


def draw(*shapes: dict[str, Any]) -> Image.Image:
    return png_image(render_slide_png(slide(*shapes), 640, size=SIZE))


def ink(im: Image.Image) -> list[tuple[int, int]]:
    """The dark pixels (text on white)."""
    w, h = im.size
    px = im.load()
    assert px is not None
    return [(x, y) for y in range(h) for x in range(w) if min(px[x, y]) < 128]


def bands(im: Image.Image) -> list[tuple[int, int]]:
    """Row ranges (top, bottom) that hold ink, gaps of blank rows between them."""
    rows = sorted({y for _x, y in ink(im)})
    out: list[tuple[int, int]] = []
    for y in rows:
        if out and y <= out[-1][1] + 1:
            out[-1] = (out[-1][0], y)
        else:
            out.append((y, y))
    return out


def test_long_paragraph_wraps_inside_its_box() -> None:
    shape = text_shape(LONG, 40, 20, 200, 300, size=12.0, line_spacing={"pts": 18.0})
    dark = ink(draw(shape))
    assert max(x for x, _ in dark) <= 241  # nothing right of the box
    assert min(x for x, _ in dark) >= 39
    lines = bands(draw(shape))
    assert len(lines) >= 5
    pitches = {b[0] - a[0] for a, b in zip(lines, lines[1:], strict=False)}
    assert all(22 <= p <= 26 for p in pitches), pitches  # 18 pt = 24 px a line
    unwrapped = copy.deepcopy(shape)
    unwrapped["text"]["wrap"] = False
    assert len(bands(draw(unwrapped))) == 1  # wrap="none": one line, off the slide


def test_cjk_paragraph_wraps_between_characters() -> None:
    text = "日本語の文章はここで折り返されます。これは長い段落で、複数の行に分けます。"
    shape = text_shape(text, 40, 20, 160, 300, size=12.0)
    shape["text"]["paragraphs"][0]["runs"][0].update(
        font="Noto Sans CJK JP", ea_font="Noto Sans CJK JP"
    )
    im = draw(shape)
    dark = ink(im)
    assert max(x for x, _ in dark) <= 201
    assert len(bands(im)) == 4  # 37 characters of 16 px in 160 px: 10 + 10 + 10 + 7


def test_runs_of_different_fonts_and_sizes_wrap_together() -> None:
    shape = text_shape("", 40, 20, 200, 300, size=12.0, line_spacing={"pct": 1.0})
    words = LONG.split()
    shape["text"]["paragraphs"][0]["runs"] = [
        {
            "text": word + " ",
            "font": "Liberation Serif" if i % 3 else "Liberation Sans",
            "size": 20.0 if i % 4 == 0 else 12.0,
            "bold": i % 5 == 0,
            "color": "000000",
        }
        for i, word in enumerate(words)
    ]
    im = draw(shape)
    dark = ink(im)
    assert min(x for x, _ in dark) >= 39 and max(x for x, _ in dark) <= 241
    lines = bands(im)
    assert len(lines) >= 6
    assert max(y for _, y in dark) < 320


@pytest.mark.parametrize(("anchor", "where"), [("t", 0.0), ("ctr", 0.5), ("b", 1.0)])
def test_title_wraps_and_anchors_by_its_wrapped_height(anchor: str, where: float) -> None:
    title = "A long title that wraps"  # "A long title that" is ~290 px, "wraps" ~100 px
    shape = text_shape(title, 40, 40, 300, 280, size=30.0, line_spacing={"pct": 1.0})
    shape["text"]["paragraphs"][0]["runs"][0]["bold"] = True
    shape["text"]["anchor"] = anchor
    im = draw(shape)
    lines = bands(im)
    assert len(lines) == 2
    assert max(x for x, _ in ink(im)) <= 341
    assert min(x for x, _ in ink(im)) >= 39
    top, bottom = lines[0][0], lines[-1][1]
    spare = 280 - (bottom - top)  # the room the anchor shares out above and below
    assert abs((top - 40) - where * spare) <= 16


def test_justified_wrapped_lines_reach_the_right_edge_but_the_last_does_not() -> None:
    shape = text_shape(LONG, 40, 20, 250, 300, size=12.0, align="just")
    im = draw(shape)
    lines = bands(im)
    assert len(lines) >= 4
    ends = [max(x for x, y in ink(im) if a <= y <= b) for a, b in lines]
    assert all(286 <= e <= 291 for e in ends[:-1]), ends
    assert ends[-1] < 280
    left = copy.deepcopy(shape)
    left["text"]["paragraphs"][0]["align"] = "l"
    plain = draw(left)
    ragged = [max(x for x, y in ink(plain) if a <= y <= b) for a, b in bands(plain)]
    assert min(ragged[:-1]) < 284  # left-aligned, some line ends short of the edge


def test_bullet_on_the_first_line_and_later_lines_at_the_margin() -> None:
    shape = text_shape(
        LONG,
        40,
        20,
        250,
        300,
        size=12.0,
        bullet={"char": "\u25a0", "color": "000000"},
        margin_left=30.0,
        indent=-30.0,
    )
    im = draw(shape)
    lines = bands(im)
    assert len(lines) >= 4
    starts = [min(x for x, y in ink(im) if a <= y <= b) for a, b in lines]
    assert starts[0] < 50  # the bullet at margin + indent
    assert all(69 <= s <= 72 for s in starts[1:]), starts  # text at the margin


def test_explicit_breaks_still_break_and_lines_that_fit_draw_as_before() -> None:
    shape = text_shape("first line", 40, 20, 400, 200, size=12.0)
    runs = shape["text"]["paragraphs"][0]["runs"]
    runs += [{"break": True}, {**runs[0], "text": "second line"}]
    assert len(bands(draw(shape))) == 2
    unwrapped = copy.deepcopy(shape)
    unwrapped["text"]["wrap"] = False
    assert slide_svg(slide(shape), 640, size=SIZE) == slide_svg(slide(unwrapped), 640, size=SIZE)


def test_vertical_body_wraps_in_its_turned_frame() -> None:
    shape = text_shape("HHHH HHHH HHHH HHHH", 80, 20, 120, 100, size=15.0)
    shape["text"]["vertical"] = "vert"
    dark = ink(draw(shape))
    assert all(78 <= x <= 202 and 18 <= y <= 122 for x, y in dark)
    columns = sorted({x for x, _ in dark})
    assert max(columns) - min(columns) > 40  # several lines side by side


PAGE = """<!DOCTYPE html><html><body style="margin:0"><div class="slide"
style="position:relative;width:640px;height:360px;background:#fff;font-family:'Liberation Sans'">
{}</div></body></html>"""
PAGES = {
    "paragraph": f'<p style="position:absolute;left:20px;top:20px;width:230px;margin:0;'
    f'font-size:14px;line-height:1.4">{LONG}</p>',
    "title": '<h1 style="position:absolute;left:20px;top:20px;width:360px;margin:0;'
    'font-size:40px">Quarterly results and the road ahead for the platform</h1>',
    "cjk": '<p style="position:absolute;left:20px;top:20px;width:250px;margin:0;font-size:18px;'
    "font-family:'Noto Sans CJK JP'\">日本語の文章はここで折り返されます。これは長い段落で、"
    "ブラウザが複数の行に分けます。句読点の規則も守ります。</p>",
    "list": '<ul style="position:absolute;left:20px;top:20px;width:300px;margin:0;'
    'font-size:15px;text-align:justify"><li>First bullet item with quite a lot of words so '
    "that it wraps around once or twice.</li><li>Second <b>bold part</b> and "
    "<span style=\"font-family:'Liberation Serif'\">serif</span> text that wraps as well.</li>"
    "</ul>",
    "centred": '<p style="position:absolute;left:20px;top:20px;width:280px;margin:0;'
    f'font-size:13px;text-align:center">{LONG}</p>',
}


@pytest.mark.fonts("fonts-noto-cjk")
@pytest.mark.parametrize("name", sorted(PAGES))
def test_soft_wrapped_page_draws_the_lines_of_its_exact_twin(name: str) -> None:
    page = PAGE.format(PAGES[name])
    soft, exact = (
        png_image(render_deck_pngs(convert([page], options=Options(line_breaks=mode)), 640)[0])
        for mode in ("soft", "exact")
    )
    soft_lines, exact_lines = bands(soft), bands(exact)
    assert len(exact_lines) >= 2
    assert len(soft_lines) == len(exact_lines)
    for (a, b), (c, d) in zip(soft_lines, exact_lines, strict=True):
        assert abs(a - c) <= 3 and abs(b - d) <= 3
    right = max(x for x, _ in ink(exact))
    assert max(x for x, _ in ink(soft)) <= right + 4  # no line runs past the exact lines' box


@pytest.mark.fonts("fonts-noto-cjk", "fonts-crosextra-caladea", "fonts-dejavu-core")
@pytest.mark.parametrize(
    "deck", ["deck-cjk-zh-biz", "deck-editorial-justify", "deck-typo-editorial"]
)
def test_exact_mode_corpus_decks_draw_as_without_wrapping(deck: str) -> None:
    """Every line of an exact-mode deck fits its box: drawn as the renderer drew it before
    it wrapped (wrap="none" takes that path; these decks have lines within a pixel of their
    box)."""
    folder = ROOT / "samples" / "corpus" / deck
    pages = sorted(folder.glob("*.html"))
    conversion = convert(
        [p.read_text(encoding="utf-8") for p in pages],
        options=Options(line_breaks="exact", file_roots=(str(folder),)),
        base_urls=[p.resolve().as_uri() for p in pages],
    )
    size = (conversion.slide_width, conversion.slide_height)
    for model in conversion.slides:
        unwrapped = copy.deepcopy(model)
        assert _unwrap(unwrapped["shapes"]) > 0
        assert slide_svg(model, 640, media=conversion.media, size=size) == slide_svg(
            unwrapped, 640, media=conversion.media, size=size
        )


def _unwrap(shapes: list[dict[str, Any]]) -> int:
    """Sets wrap="none" on every text body of the shapes (groups and table cells included);
    how many."""
    bodies = []
    for shape in shapes:
        bodies.append(shape.get("text"))
        for row in shape.get("rows") or []:
            bodies += [cell.get("text") for cell in row.get("cells") or [] if cell]
    for body in bodies:
        if isinstance(body, dict):
            body["wrap"] = False
    groups = [_unwrap(shape.get("shapes") or []) for shape in shapes]
    return sum(isinstance(b, dict) for b in bodies) + sum(groups)


def _numbered(third_start: int, gap: dict[str, Any]) -> dict[str, Any]:
    shape = text_shape("one", 40, 20, 300, 200, size=12.0, margin_left=30.0, indent=-30.0)
    first = shape["text"]["paragraphs"][0]
    first["bullet"] = {"autonum": "arabicPeriod", "start": 5}
    second = {k: v for k, v in first.items() if k != "bullet"}
    second.update(runs=[{**first["runs"][0], "text": "two"}], **gap)
    third = {
        **first,
        "runs": [{**first["runs"][0], "text": "three"}],
        "bullet": {"autonum": "arabicPeriod", "start": third_start},
    }
    shape["text"]["paragraphs"] = [first, second, third]
    return shape


def test_a_paragraph_without_a_bullet_restarts_the_numbering() -> None:
    """No bullet, left out or None, is one thing: the numbering after it starts again at the
    next numbered paragraph's own start (LibreOffice's outliner stops counting at a paragraph
    without numbering), so the third paragraph's start shows."""
    absent = slide_svg(slide(_numbered(5, {})), 640, size=SIZE)
    none = slide_svg(slide(_numbered(5, {"bullet": None})), 640, size=SIZE)
    assert absent == none
    assert slide_svg(slide(_numbered(6, {"bullet": None})), 640, size=SIZE) != none
