"""CSS animations at load: end states against Chromium (finished animations, infinite ones
cancelled), the animation shorthand, diagnostics, and the written PPTX."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from engine.api import convert
from engine.model.geometry import css_transform
from engine.style.animation_values import animation_shorthand
from engine.style.animations import end_offset
from engine.style.values import INVALID
from tests.layout.chromium_boxes import page
from tests.style.style_helpers import run

EXPECTED = json.loads(
    (Path(__file__).resolve().parents[1] / "layout" / "expected_text.json").read_text()
)
ANIM = sorted(name for name in EXPECTED if name.startswith("anim_"))


def _chromium_matrix(value: str) -> tuple[float, ...]:
    if value == "none":
        return (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    inner = value[value.index("(") + 1 : -1]
    return tuple(float(v) for v in inner.split(","))


@pytest.mark.parametrize("name", ANIM)
def test_end_state_matches_chromium(name: str) -> None:
    record = EXPECTED[name]
    from engine.diagnostics import Diagnostics
    from engine.options import Limits
    from engine.parse import parse_page
    from engine.style import compute_styles

    parsed = parse_page(page(record["html"]), Diagnostics(), Limits())
    styles = compute_styles(parsed, Diagnostics(), (1280.0, 720.0))
    for ident, want in record["styles"].items():
        style = styles[parsed.root.get_element_by_id(ident)]
        assert style["opacity"] == pytest.approx(float(want["opacity"]), abs=1e-6), ident
        _x, _y, w, h = record["boxes"][ident]
        m = css_transform(style["transform"], w, h, style["transform-origin"])
        got = (m.a, m.b, m.c, m.d, m.e, m.f)
        # css_transform includes transform-origin: compare translations of the pure matrices.
        assert got == pytest.approx(_chromium_matrix(want["transform"]), abs=1e-4), ident
        if ident == "a" and "color" in want:
            r, g, b = (int(v) for v in want["color"][4:-1].split(","))
            assert (style["color"].r, style["color"].g, style["color"].b) == (r, g, b)


def test_shorthand_assigns_times_in_order_and_name_last() -> None:
    pairs = dict(animation_shorthand((), "fadeIn .8s ease-out .2s forwards, none 1s infinite"))
    assert pairs["animation-name"] == "fadeIn, none"
    assert pairs["animation-duration"] == ".8s, 1s"
    assert pairs["animation-delay"] == ".2s, 0s"
    assert pairs["animation-fill-mode"] == "forwards, none"
    assert pairs["animation-iteration-count"] == "1, infinite"
    assert pairs["animation-timing-function"] == "ease-out, ease"
    assert animation_shorthand((), "a 1s 2s 3s") is INVALID  # three times


def test_cubic_bezier_with_spaces_is_one_timing_function() -> None:
    pairs = dict(animation_shorthand((), "rise 0.7s cubic-bezier(.22, 1, .36, 1) both"))
    assert pairs["animation-timing-function"] == "cubic-bezier(.22, 1, .36, 1)"
    assert pairs["animation-name"] == "rise"
    assert pairs["animation-fill-mode"] == "both"


@pytest.mark.parametrize(
    ("direction", "count", "offset"),
    [
        ("normal", 1.0, 1.0),
        ("reverse", 1.0, 0.0),
        ("alternate", 2.0, 0.0),
        ("alternate", 3.0, 1.0),
        ("alternate-reverse", 1.0, 0.0),
        ("alternate-reverse", 2.0, 1.0),
        ("normal", 1.5, None),
    ],
)
def test_end_offset(direction: str, count: float, offset: float | None) -> None:
    assert end_offset(direction, count) == offset


def test_keyframes_in_media_and_last_definition_wins() -> None:
    css = (
        "@keyframes k { to { opacity: .2 } } @media screen { @keyframes k { to { opacity: .7 } } }"
        "#t { opacity: 0; animation: k 1s forwards }"
    )
    assert run('<p id="t">x</p>', css)["t"]["opacity"] == pytest.approx(0.7)


def test_later_animation_in_list_wins_and_var_resolves() -> None:
    css = (
        "@keyframes a { to { opacity: .3 } } @keyframes b { to { opacity: var(--o) } }"
        "#t { --o: .9; opacity: 0; animation: a 1s forwards, b 1s forwards }"
    )
    assert run('<p id="t">x</p>', css)["t"]["opacity"] == pytest.approx(0.9)


def test_end_state_is_inherited_by_children() -> None:
    css = "@keyframes c { to { color: rgb(0, 128, 0) } } #t { color: red; animation: c 1s both }"
    r = run('<div id="t"><span id="s">x</span></div>', css)
    assert (r["s"]["color"].r, r["s"]["color"].g) == (0, 128)


def test_diagnostics_name_each_case_once() -> None:
    css = (
        "@keyframes f { to { opacity: 1 } } .a { opacity: 0; animation: f 1s forwards }"
        ".b { animation: f 1s infinite } .c { animation: f 1s } .d { animation: nope 1s forwards }"
    )
    r = run(
        '<p class="a">1</p><p class="a">2</p><p class="b">3</p><p class="c">4</p><p class="d">5</p>',
        css,
    )
    messages = r.messages("css")
    assert messages.count("animation 'f' shown at its end state") == 1
    assert any("infinite" in m for m in messages)
    assert any("without fill-mode" in m for m in messages)
    assert any("'nope' has no @keyframes" in m for m in messages)


def test_transition_is_accepted_silently() -> None:
    r = run('<p id="t">x</p>', "#t { opacity: .4; transition: opacity 2s ease, transform 1s }")
    assert r["t"]["opacity"] == pytest.approx(0.4)
    assert not r.messages()


def test_faded_in_text_is_written_opaque() -> None:
    html = page(
        "<style>@keyframes fadeIn{from{opacity:0}to{opacity:1}}"
        "h1{opacity:0;animation:fadeIn .8s ease-out .2s forwards;font:40px 'Liberation Sans'}</style>"
        "<h1>Hello animated world</h1>"
    )
    deck = convert([html])
    xml = etree.fromstring(
        zipfile.ZipFile(io.BytesIO(deck.pptx_bytes)).read("ppt/slides/slide1.xml")
    )
    ns = {"a": "http://schemas.openxmlformats.org/drawingml/2006/main"}
    texts = [t.text for t in xml.iterfind(".//a:t", ns)]
    assert "Hello animated world" in texts
    assert not xml.findall(".//a:rPr//a:alpha", ns)  # fully opaque once the animation ended


# Chromium 156, getComputedStyle(el, '::before' | '::after') after every finite animation is
# finished (tools/recorders/layout_text.py FINISH_SCRIPT): pseudo-elements end their animations
# like elements do.
PSEUDO_HTML = (
    "<style>@keyframes grow{from{opacity:0;transform:scaleX(0)}to{opacity:1;transform:scaleX(1)}}"
    "@keyframes blink{50%{opacity:.2}}"
    '#a::before{content:"";display:block;width:80px;height:4px;background:#f00;opacity:0;'
    "animation:grow .6s ease-out .3s forwards}"
    '#a::after{content:"x";opacity:.5;animation:grow 1s}'
    '#b::before{content:"";display:block;width:40px;height:40px;opacity:.7;'
    "animation:blink 2s infinite}"
    '</style><div id="a" style="width:200px;height:50px">T</div>'
    '<div id="b" style="width:100px">U</div>'
)
PSEUDO_CHROMIUM = {  # (element, pseudo) -> (opacity, transform is identity / none)
    ("a", "before"): 1.0,
    ("a", "after"): 0.5,
    ("b", "before"): 0.7,
}


@pytest.mark.parametrize(("key", "opacity"), sorted(PSEUDO_CHROMIUM.items()))
def test_pseudo_elements_take_their_animation_end_state(
    key: tuple[str, str], opacity: float
) -> None:
    from engine.diagnostics import Diagnostics
    from engine.options import Limits
    from engine.parse import parse_page
    from engine.style import compute_styles

    parsed = parse_page(page(PSEUDO_HTML), Diagnostics(), Limits())
    styles = compute_styles(parsed, Diagnostics(), (1280.0, 720.0))
    ident, which = key
    style = styles.pseudo(parsed.root.get_element_by_id(ident), which)
    assert style is not None
    assert style["opacity"] == pytest.approx(opacity)
    m = css_transform(style["transform"], 80, 4, style["transform-origin"])
    assert (m.a, m.b, m.c, m.d) == pytest.approx((1.0, 0.0, 0.0, 1.0))


def test_animated_pseudo_element_is_written_opaque() -> None:
    deck = convert([page(PSEUDO_HTML)])
    xml = etree.fromstring(
        zipfile.ZipFile(io.BytesIO(deck.pptx_bytes)).read("ppt/slides/slide1.xml")
    )
    ns = {"a": "http://schemas.openxmlformats.org/drawingml/2006/main"}
    fills = xml.findall(".//a:solidFill/a:srgbClr[@val='FF0000']", ns)
    assert len(fills) == 1  # the ::before bar, at its end state (opacity 1, scaleX(1))
    assert not fills[0].findall("a:alpha", ns)
