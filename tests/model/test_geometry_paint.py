import math

from engine.model.geometry import css_transform, place_rect, translate
from engine.model.paint.fills import gradient_fill, gradient_line_length, line_for
from engine.style.types import LP, RGBA, ColorStop, LinearGradient, TransformFunction


def test_translate_percent_of_own_box():
    m = css_transform(
        (TransformFunction("translate", (LP(0, -50), LP(0, -50))),),
        200,
        100,
        (LP(0, 50), LP(0, 50)),
    )
    assert m.apply(0, 0) == (-100, -50)


def test_rotation_about_centre_keeps_centre():
    m = translate(10, 20).multiply(
        css_transform((TransformFunction("rotate", (-90.0,)),), 200, 40, (LP(0, 50), LP(0, 50)))
    )
    geom = place_rect(m, 0, 0, 200, 40)
    assert (round(geom["x"], 6), round(geom["y"], 6), geom["w"], geom["h"]) == (10, 20, 200, 40)
    assert math.isclose(geom["rotation"], 270.0)


def test_linear_gradient_angle_and_stops():
    g = LinearGradient(
        180.0,
        (
            ColorStop(RGBA(255, 0, 0), None),
            ColorStop(RGBA(0, 0, 255, 0.5), LP(0, 50)),
            ColorStop(RGBA(0, 0, 0), None),
        ),
    )
    fill = gradient_fill(g, 100, 200)
    assert fill["angle"] == 90.0  # CSS 'to bottom' -> OOXML 90 (top to bottom)
    assert [s["pos"] for s in fill["stops"]] == [0.0, 0.5, 1.0]
    assert fill["stops"][1] == {"pos": 0.5, "color": "0000FF", "alpha": 0.5}


def test_gradient_line_length_diagonal():
    assert math.isclose(gradient_line_length(45, 100, 100), 100 * math.sqrt(2))


def test_line_for_styles():
    assert line_for(2, RGBA(1, 2, 3), "dashed")["dash"] == "dash"
    assert line_for(2, RGBA(1, 2, 3), "none") is None
    assert line_for(0, RGBA(1, 2, 3), "solid") is None


def test_corner_gradient_angle_depends_on_aspect():
    g = LinearGradient(
        135.0,
        (ColorStop(RGBA(0, 0, 0), None), ColorStop(RGBA(255, 255, 255), None)),
        corner="bottom right",
    )
    fill = gradient_fill(g, 200, 100)  # CSS angle 180 - atan(100/200) = 153.43 deg
    assert math.isclose(fill["angle"], 153.43494882292202 - 90)
