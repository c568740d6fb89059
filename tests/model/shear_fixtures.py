"""Skewed boxes: name -> (HTML placed in a 640x360 white `.slide`, sample points in slide px).
tools/recorders/model_shear.py records the transformed bounding box of #a (getBoundingClientRect) and the
colour at each point."""

FIXTURES: dict[str, tuple[str, list[tuple[int, int]]]] = {
    "skew_x_badge": (
        '<div id="a" style="position:absolute;left:100px;top:60px;width:120px;height:40px;'
        'background:#22d3ee;transform:skewX(-12deg)"></div>',
        [(98, 62), (106, 62), (214, 90), (224, 96), (160, 80)],
    ),
    "skew_y_with_border": (
        '<div id="a" style="position:absolute;left:300px;top:100px;width:100px;height:60px;'
        'background:#ffcc00;border:4px solid #333333;transform:skewY(10deg)"></div>',
        [(352, 92), (352, 140), (352, 180), (301, 110)],
    ),
    "skew_and_rotate": (
        '<div id="a" style="position:absolute;left:100px;top:200px;width:160px;height:60px;'
        'background:#7c3aed;transform:rotate(-5deg) skewX(20deg)"></div>',
        [(180, 230), (95, 205), (265, 255)],
    ),
}
