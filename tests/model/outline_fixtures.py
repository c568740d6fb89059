"""CSS outline fixtures: name -> (HTML placed in a 640x360 white `.slide`, the outline's colour,
sample points in slide px). tools/recorders/model_outline.py records, from Chromium's screenshot, the
bounding box of the pixels of that colour and the colour at each sample point."""

FIXTURES: dict[str, tuple[str, str, list[tuple[int, int]]]] = {
    "solid_offset": (
        '<div style="position:absolute;left:100px;top:80px;width:200px;height:100px;'
        'background:#dddddd;outline:4px solid #00aa00;outline-offset:6px"></div>',
        "#00aa00",
        [(92, 130), (200, 72), (95, 130)],
    ),
    "no_offset_thick": (
        '<div style="position:absolute;left:60px;top:60px;width:120px;height:80px;'
        'outline:10px solid #0000cc"></div>',
        "#0000cc",
        [(55, 100), (120, 145), (65, 100)],
    ),
    "negative_offset_inside": (
        '<div style="position:absolute;left:300px;top:60px;width:160px;height:120px;'
        'background:#eeeeee;outline:3px solid #cc0000;outline-offset:-10px"></div>',
        "#cc0000",
        [(308, 120), (380, 171), (312, 120)],
    ),
    "rounded_follows_radius": (
        '<div style="position:absolute;left:120px;top:200px;width:200px;height:100px;'
        'border-radius:20px;background:#dddddd;outline:4px solid #aa00aa;outline-offset:2px"></div>',
        "#aa00aa",
        [(220, 196), (116, 250), (116, 202)],
    ),
    # A positioned box paints its outline with itself: a later positioned sibling covers it.
    "positioned_outline_under_next": (
        '<div style="position:absolute;left:400px;top:220px;width:80px;height:80px;'
        'outline:6px solid #008888"></div>'
        '<div style="position:absolute;left:483px;top:220px;width:80px;height:80px;background:#ffcc00"></div>',
        "#008888",
        [(485, 260), (520, 260)],
    ),
    # In normal flow, outlines come after all backgrounds (CSS 2.1 Appendix E, step 10): the
    # first block's outline lies over the second block's background.
    "flow_outline_over_next_background": (
        '<div style="position:absolute;left:20px;top:200px;width:80px">'
        '<div style="height:40px;outline:6px solid #008888"></div>'
        '<div style="height:40px;background:#ffcc00"></div></div>',
        "#008888",
        [(60, 242), (60, 250)],
    ),
    # An outline is not part of the box: no layout effect, and outline-style none draws nothing.
    "style_none": (
        '<div style="position:absolute;left:20px;top:300px;width:80px;height:30px;'
        'outline:5px none #ff0000;background:#eeeeee"></div>',
        "#ff0000",
        [(18, 315)],
    ),
}
