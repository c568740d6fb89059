"""A fieldset painted as Chromium 156 paints it (pixels read off its screenshot: a 4px red
border, a 28px legend with margin-left 20px): the border and background start where the top
border is centred on the legend (y 12), and the top border stops either side of the legend's
border box (x 34 to 84.05)."""

from __future__ import annotations

from engine.options import Options
from engine.pipeline import convert_page


def test_legend_cuts_the_top_border_and_the_box_starts_at_its_middle() -> None:
    page = (
        "<div class=slide style='width:300px;height:120px;font:16px Arial'>"
        "<fieldset style='border:4px solid red;margin:0;padding:10px;background:#00f'>"
        "<legend style='margin-left:20px;padding:0 5px;font-size:24px'>Leg</legend>x</fieldset>"
        "</div>"
    )
    shapes = convert_page(page, Options(viewport=(300, 120))).slide["shapes"]
    rects = {
        (s["name"], round(s["x"], 2)): (round(s["y"], 2), round(s["w"], 2), round(s["h"], 2))
        for s in shapes
        if s["name"].startswith("fieldset")
    }
    assert rects == {
        ("fieldset", 0.0): (12.0, 300.0, 58.0),
        ("fieldset border-top", 0.0): (12.0, 34.0, 4.0),
        ("fieldset border-top", 84.05): (12.0, 215.95, 4.0),
        ("fieldset border-bottom", 0.0): (66.0, 300.0, 4.0),
        ("fieldset border-left", 0.0): (16.0, 4.0, 50.0),
        ("fieldset border-right", 296.0): (16.0, 4.0, 50.0),
    }
