"""Background images: gradients (angles, sides, corners, stops, radial shapes), url(), layers."""

from __future__ import annotations

import pytest
from style_helpers import decl

from engine.style.types import LP, RGBA, ColorStop, LinearGradient, RadialGradient, UrlImage

RED = RGBA(255, 0, 0)
BLUE = RGBA(0, 0, 255)
GREEN = RGBA(0, 128, 0)


def image(value: str, extra: str = "") -> object:
    layers = decl(f"{extra} background-image: {value}")["background-image"]
    assert len(layers) == 1
    return layers[0]


@pytest.mark.parametrize(
    ("direction", "angle"),
    [
        ("", 180.0),
        ("45deg,", 45.0),
        ("-90deg,", -90.0),
        ("0.25turn,", 90.0),
        ("100grad,", 90.0),
        ("3.14159265rad,", pytest.approx(180.0)),
        ("0,", 0.0),
        ("to top,", 0.0),
        ("to right,", 90.0),
        ("to bottom,", 180.0),
        ("to left,", 270.0),
    ],
)
def test_linear_gradient_angles(direction: str, angle: float) -> None:
    g = image(f"linear-gradient({direction} red, blue)")
    assert isinstance(g, LinearGradient)
    assert g.angle == angle
    assert g.corner is None


@pytest.mark.parametrize(
    ("corner", "angle", "name"),
    [
        ("to top right", 45.0, "top right"),
        ("to right bottom", 135.0, "bottom right"),
        ("to bottom left", 225.0, "bottom left"),
        ("to left top", 315.0, "top left"),
    ],
)
def test_linear_gradient_corners(corner: str, angle: float, name: str) -> None:
    g = image(f"linear-gradient({corner}, red, blue)")
    assert isinstance(g, LinearGradient)
    assert (g.angle, g.corner) == (angle, name)


def test_stop_positions_two_position_and_hard_stops() -> None:
    g = image(
        "linear-gradient(90deg, red, blue 30%, green 30% 60%, #fff 20px, rgba(0,0,0,.5) calc(100% - 1em))",
        "font-size: 10px;",
    )
    assert isinstance(g, LinearGradient)
    assert g.stops == (
        ColorStop(RED, None),
        ColorStop(BLUE, LP(0.0, 30.0)),
        ColorStop(GREEN, LP(0.0, 30.0)),
        ColorStop(GREEN, LP(0.0, 60.0)),
        ColorStop(RGBA(255, 255, 255), 20.0),
        ColorStop(RGBA(0, 0, 0, 0.5), LP(-10.0, 100.0)),
    )


def test_current_color_stops_resolve() -> None:
    g = image("linear-gradient(currentColor 10%, transparent)", "color: red;")
    assert isinstance(g, LinearGradient)
    assert g.stops[0] == ColorStop(RED, LP(0.0, 10.0))
    assert g.stops[1].color == RGBA(0, 0, 0, 0.0)


def test_repeating_linear() -> None:
    g = image("repeating-linear-gradient(45deg, #000 0 10px, #fff 10px 20px)")
    assert isinstance(g, LinearGradient)
    assert g.repeating is True
    assert [s.position for s in g.stops] == [0.0, 10.0, 10.0, 20.0]


def test_radial_defaults() -> None:
    g = image("radial-gradient(red, blue)")
    assert g == RadialGradient(
        "ellipse",
        "farthest-corner",
        (LP(0.0, 50.0), LP(0.0, 50.0)),
        (ColorStop(RED, None), ColorStop(BLUE, None)),
        None,
        False,
    )


def test_radial_shape_size_position() -> None:
    g = image("radial-gradient(circle at 80% 30%, red 0%, transparent 55%)")
    assert isinstance(g, RadialGradient)
    assert (g.shape, g.size, g.center) == (
        "circle",
        "farthest-corner",
        (LP(0.0, 80.0), LP(0.0, 30.0)),
    )
    g = image("radial-gradient(closest-side ellipse at left top, red, blue)")
    assert isinstance(g, RadialGradient)
    assert (g.shape, g.size, g.center) == ("ellipse", "closest-side", (LP(0.0, 0.0), LP(0.0, 0.0)))
    g = image("radial-gradient(50px 30% at 10px 20px, red, blue)")
    assert isinstance(g, RadialGradient)
    assert (g.shape, g.size, g.radii, g.center) == (
        "ellipse",
        "explicit",
        (50.0, LP(0.0, 30.0)),
        (10.0, 20.0),
    )
    g = image("radial-gradient(circle 2em, red, blue)", "font-size: 10px;")
    assert isinstance(g, RadialGradient)
    assert (g.shape, g.radii) == ("circle", (20.0, 20.0))
    g = image("repeating-radial-gradient(circle farthest-side at right bottom, red, blue 10px)")
    assert isinstance(g, RadialGradient)
    assert (g.repeating, g.size, g.center) == (
        True,
        "farthest-side",
        (LP(0.0, 100.0), LP(0.0, 100.0)),
    )


def test_urls() -> None:
    assert image("url(a.png)") == UrlImage("a.png")
    assert image("url( 'b c.png' )") == UrlImage("b c.png")
    assert image('url("data:image/png;base64,AAA=")') == UrlImage("data:image/png;base64,AAA=")


def test_invalid_gradients_drop_the_declaration() -> None:
    s = decl(
        "background-image: url(ok.png); background-image: linear-gradient(to middle, red, blue)"
    )
    assert s["background-image"] == (UrlImage("ok.png"),)
    s = decl("background-image: linear-gradient(red)")
    assert isinstance(s["background-image"][0], LinearGradient)
    s = decl(
        "background-image: url(ok.png); background-image: radial-gradient(circle 1px 2px, red, blue)"
    )
    assert s["background-image"] == (UrlImage("ok.png"),)


def test_unsupported_image_function_layer_becomes_none_with_diagnostic() -> None:
    from style_helpers import run

    r = run('<div id="t">x</div>', "#t { background-image: cross-fade(red, blue), url(x.png) }")
    assert r["t"]["background-image"] == ("none", UrlImage("x.png"))
    assert any("cross-fade" in m for m in r.messages("unsupported"))


def test_background_longhand_lists() -> None:
    s = decl(
        "background-image: url(a.png), linear-gradient(red, blue);"
        "background-position: right 10px bottom 20%, center;"
        "background-size: cover, 50% auto;"
        "background-repeat: no-repeat, repeat-x;"
        "-webkit-background-clip: text; background-origin: content-box, border-box"
    )
    assert s["background-position"] == (
        (LP(-10.0, 100.0), LP(0.0, 80.0)),
        (LP(0.0, 50.0), LP(0.0, 50.0)),
    )
    assert s["background-size"] == ("cover", (LP(0.0, 50.0), "auto"))
    assert s["background-repeat"] == (("no-repeat", "no-repeat"), ("repeat", "no-repeat"))
    assert s["background-clip"] == ("text", "text")
    assert s["background-origin"] == ("content-box", "border-box")


def test_background_lists_repeat_to_layer_count() -> None:
    s = decl(
        "background-image: url(a.png), url(b.png), url(c.png); background-size: 10px 20px, contain"
    )
    assert s["background-size"] == ((10.0, 20.0), "contain", (10.0, 20.0))
    assert s["background-repeat"] == (("repeat", "repeat"),) * 3
