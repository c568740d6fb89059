"""Grid layout fixtures: name -> HTML placed inside a 1280x720 `.slide` (see chromium_boxes.py).

Fixtures whose name starts with `text_` depend on text measurement (compared within 1 px);
the others are pure grid arithmetic (compared within 1/64 px).
"""


def grid(container: str, *items: str) -> str:
    inner = "".join(f'<div id="i{k}" style="{style}"></div>' for k, style in enumerate(items))
    return f'<div id="g" style="display:grid;{container}">{inner}</div>'


def cells(n: int, container: str, style: str = "") -> str:
    return grid(container, *([style] * n))


FIXTURES: dict[str, str] = {
    # fr, %, fixed and intrinsic tracks
    "fr_four_gap": cells(
        4, "width:1000px;grid-template-columns:repeat(4, 1fr);gap:24px", "height:20px"
    ),
    "fr_three": cells(3, "width:1000px;grid-template-columns:repeat(3, 1fr)"),
    "fr_seven_gap": cells(7, "width:1000px;grid-template-columns:repeat(7,1fr);column-gap:10px"),
    "fr_ratio_125": cells(2, "width:1000px;grid-template-columns:1fr 1.25fr;gap:30px"),
    "fr_ratio_21": cells(2, "width:997px;grid-template-columns:2fr 1fr;column-gap:13px"),
    "fr_121_odd": cells(3, "width:1003px;grid-template-columns:1fr 2fr 1fr;column-gap:7px"),
    "fr_fraction_sum": cells(2, "width:1000px;grid-template-columns:0.25fr 0.5fr"),
    "percent_columns": cells(2, "width:1000px;grid-template-columns:55% 45%"),
    "percent_columns_gap": cells(2, "width:1234px;grid-template-columns:55% 45%;column-gap:20px"),
    "fixed_and_fr": cells(3, "width:1000px;grid-template-columns:200px 1fr 25%;column-gap:16px"),
    "minmax_fr": cells(
        3, "width:900px;grid-template-columns:minmax(100px, 1fr) minmax(0, 2fr) minmax(400px, 1fr)"
    ),
    "auto_tracks_stretch": grid(
        "width:1000px;grid-template-columns:auto auto 1fr auto",
        "width:50px",
        "width:120px",
        "",
        "width:30px",
    ),
    "auto_tracks_only": grid(
        "width:1000px;grid-template-columns:auto auto auto",
        "width:50px",
        "width:120px",
        "width:30px",
    ),
    "fr_with_wide_item": grid(
        "width:600px;grid-template-columns:1fr 1fr 1fr", "width:400px", "", ""
    ),
    "fr_with_min_width_item": grid(
        "width:600px;grid-template-columns:repeat(3, 1fr)", "min-width:350px", "", ""
    ),
    "minmax_zero_fr_wide_item": grid(
        "width:600px;grid-template-columns:repeat(3, minmax(0, 1fr))", "width:400px", "", ""
    ),
    # repeat(auto-fill / auto-fit)
    "auto_fill": cells(
        5,
        "width:1000px;grid-template-columns:repeat(auto-fill, minmax(200px, 1fr));gap:20px",
        "height:30px",
    ),
    "auto_fill_fixed": cells(
        5, "width:1000px;grid-template-columns:repeat(auto-fill, 150px);gap:10px", "height:30px"
    ),
    "auto_fit_collapse": cells(
        2,
        "width:1000px;grid-template-columns:repeat(auto-fit, minmax(200px, 1fr));gap:20px",
        "height:30px",
    ),
    "auto_fill_keeps_empty": cells(
        2,
        "width:1000px;grid-template-columns:repeat(auto-fill, minmax(200px, 1fr));gap:20px",
        "height:30px",
    ),
    # placement
    "line_numbers": grid(
        "width:800px;grid-template-columns:repeat(4, 1fr);grid-auto-rows:50px;gap:10px",
        "grid-column:1 / 3",
        "grid-column:3 / -1;grid-row:1 / 3",
        "grid-column:span 2",
        "grid-row:3;grid-column:-2",
        "",
    ),
    "span_rows": grid(
        "width:600px;grid-template-columns:repeat(3, 1fr);grid-auto-rows:40px",
        "grid-row:span 2",
        "",
        "grid-column:span 2",
        "",
        "",
    ),
    "negative_implicit": grid(
        "width:600px;grid-template-columns:100px 100px;grid-auto-columns:50px;grid-auto-rows:30px",
        "grid-column:-4 / -3",
        "grid-column:4",
        "",
    ),
    "template_areas": '<div id="g" style="display:grid;width:1000px;height:600px;grid-template-columns:200px 1fr;grid-template-rows:80px 1fr 60px;'
    "grid-template-areas:'header header' 'side main' 'foot foot';gap:10px\">"
    '<div id="m" style="grid-area:main"></div><div id="h" style="grid-area:header"></div>'
    '<div id="s" style="grid-area:side"></div><div id="f" style="grid-area:foot"></div></div>',
    "named_lines": '<div id="g" style="display:grid;width:600px;grid-template-columns:[full-start] 100px [content-start] 1fr [content-end] 100px [full-end];grid-auto-rows:20px">'
    '<div id="a" style="grid-column:content"></div><div id="b" style="grid-column:full-start / full-end"></div>'
    '<div id="c" style="grid-column:content-start / span 2"></div></div>',
    "auto_flow_column": cells(
        5,
        "height:300px;width:600px;grid-template-rows:repeat(2, 100px);grid-auto-flow:column;grid-auto-columns:120px",
    ),
    "auto_flow_dense": grid(
        "width:600px;grid-template-columns:repeat(3, 1fr);grid-auto-rows:30px;grid-auto-flow:row dense",
        "",
        "grid-column:span 2",
        "grid-column:span 2",
        "",
    ),
    "auto_flow_sparse": grid(
        "width:600px;grid-template-columns:repeat(3, 1fr);grid-auto-rows:30px",
        "",
        "grid-column:span 2",
        "grid-column:span 2",
        "",
    ),
    "locked_row": grid(
        "width:600px;grid-template-columns:repeat(3, 1fr);grid-auto-rows:30px",
        "grid-row:2",
        "grid-row:2",
        "",
        "grid-column:2",
    ),
    # rows
    "auto_rows_fixed": cells(
        5, "width:600px;grid-template-columns:repeat(2, 1fr);grid-auto-rows:100px;row-gap:8px"
    ),
    "auto_rows_fr_equal": grid(
        "width:600px;grid-template-columns:repeat(2, 1fr);grid-auto-rows:1fr;gap:10px",
        "height:50px",
        "height:120px",
        "height:30px",
        "",
    ),
    "auto_rows_minmax": grid(
        "width:600px;grid-template-columns:1fr 1fr;grid-auto-rows:minmax(50px, auto)",
        "height:20px",
        "height:80px",
        "height:10px",
    ),
    "rows_fr_definite": cells(
        3, "width:400px;height:600px;grid-template-rows:1fr 2fr 100px;row-gap:20px"
    ),
    "rows_percent": cells(2, "width:400px;height:500px;grid-template-rows:30% 1fr"),
    "rows_auto_stretch_definite": grid(
        "width:400px;height:400px;grid-template-rows:auto auto", "height:50px", "height:70px"
    ),
    "rows_min_height": grid(
        "width:400px;min-height:300px;grid-template-rows:auto 1fr", "height:50px", "height:20px"
    ),
    "rows_spanning_item": grid(
        "width:400px;grid-template-columns:1fr 1fr;grid-template-rows:auto auto",
        "grid-row:span 2;height:200px",
        "height:30px",
        "height:50px",
    ),
    # alignment
    "items_center": grid(
        "width:600px;grid-template-columns:200px 200px;grid-auto-rows:100px;place-items:center",
        "width:50px;height:30px",
        "width:51px;height:31px",
    ),
    "items_start_end": grid(
        "width:600px;grid-template-columns:repeat(3, 1fr);grid-auto-rows:100px;justify-items:end;align-items:start",
        "width:50px;height:30px",
        "width:50px;height:30px;justify-self:start;align-self:end",
        "height:30px;justify-self:stretch;align-self:stretch",
    ),
    "items_auto_margins": grid(
        "width:600px;grid-template-columns:300px 300px;grid-auto-rows:100px",
        "width:50px;height:30px;margin:auto",
        "width:50px;height:30px;margin-left:auto",
    ),
    "items_margins_stretch": grid(
        "width:600px;grid-template-columns:300px 300px;grid-auto-rows:100px",
        "margin:10px 20px 5px",
        "margin:4%;max-width:100px",
    ),
    "content_center": cells(
        3,
        "width:1000px;height:300px;grid-template-columns:repeat(3, 100px);grid-template-rows:50px 50px;justify-content:center;align-content:center",
    ),
    "content_space_between": cells(
        3,
        "width:1000px;height:300px;grid-template-columns:repeat(3, 100px);grid-template-rows:50px 50px;justify-content:space-between;align-content:space-between",
    ),
    "content_space_around": cells(
        3,
        "width:1000px;height:301px;grid-template-columns:repeat(3, 100px);grid-template-rows:50px 50px;justify-content:space-around;align-content:space-around",
    ),
    "content_space_evenly": cells(
        3,
        "width:1000px;height:300px;grid-template-columns:repeat(3, 100px);grid-template-rows:50px 50px;justify-content:space-evenly;align-content:space-evenly",
    ),
    "content_end": cells(
        3,
        "width:1000px;height:300px;grid-template-columns:repeat(3, 100px);grid-template-rows:50px;justify-content:end;align-content:end",
    ),
    # container boxes and nesting
    "container_chrome": cells(
        4,
        "width:800px;padding:10px 20px 30px 40px;border:4px solid;grid-template-columns:1fr 1fr;gap:6px 12px",
        "height:25px",
    ),
    "inline_grid": '<div style="width:900px"><div id="g" style="display:inline-grid;grid-template-columns:100px 50px;gap:5px;padding:3px">'
    '<div id="a" style="height:20px"></div><div id="b" style="height:30px"></div></div></div>',
    "grid_in_flex": '<div id="f" style="display:flex;width:1000px;gap:20px"><div id="a" style="width:300px;height:100px"></div>'
    '<div id="g" style="flex:1;display:grid;grid-template-columns:repeat(2, 1fr);gap:10px"><div id="g1" style="height:40px"></div><div id="g2"></div><div id="g3" style="height:10px"></div></div></div>',
    "nested_grid": '<div id="g" style="display:grid;width:800px;grid-template-columns:1fr 3fr;gap:16px">'
    '<div id="a" style="height:200px"></div><div id="b" style="display:grid;grid-template-columns:repeat(3, 1fr);grid-auto-rows:1fr;gap:8px">'
    '<div id="b1" style="height:40px"></div><div id="b2"></div><div id="b3"></div><div id="b4" style="height:10px"></div></div></div>',
    "relative_item": grid(
        "width:400px;grid-template-columns:1fr 1fr",
        "height:20px;position:relative;top:5px;left:-5px",
        "height:20px",
    ),
    # text: intrinsic track sizes
    "text_auto_columns": '<div id="g" style="display:grid;width:800px;grid-template-columns:auto auto 1fr;font-size:16px">'
    '<div id="a">Short</div><div id="b">A longer label</div><div id="c">Rest</div></div>',
    "text_min_max_content": '<div id="g" style="display:grid;width:900px;grid-template-columns:min-content max-content 1fr;font-size:16px;gap:10px">'
    '<div id="a">Words that wrap</div><div id="b">Words that do not wrap</div><div id="c">x</div></div>',
    "text_fr_min_content": '<div id="g" style="display:grid;width:300px;grid-template-columns:1fr 1fr 1fr;font-size:16px">'
    '<div id="a">Incomprehensibilities</div><div id="b">b</div><div id="c">c</div></div>',
    "text_fit_content": '<div id="g" style="display:grid;width:800px;grid-template-columns:fit-content(150px) fit-content(300px) 1fr;font-size:16px">'
    '<div id="a">This text is longer than one hundred fifty pixels</div><div id="b">Short text</div><div id="c">x</div></div>',
    "text_rows_auto": '<div id="g" style="display:grid;width:400px;grid-template-columns:1fr 1fr;gap:10px;font-size:16px;line-height:20px">'
    '<div id="a">One line</div><div id="b">This text wraps onto several lines inside the column</div><div id="c">Third</div></div>',
    "text_inline_grid": '<div style="width:800px;font-size:16px"><div id="g" style="display:inline-grid;grid-template-columns:auto auto;gap:6px">'
    '<div id="a">Alpha beta</div><div id="b">Gamma</div></div></div>',
    "text_cards_grid": '<div id="g" style="display:grid;grid-template-columns:repeat(3, 1fr);gap:24px;width:1100px;padding:30px;font-size:18px;line-height:1.5">'
    '<div id="a" style="padding:20px;border:2px solid">Quarterly revenue up 12%</div><div id="b" style="padding:20px;border:2px solid">New markets opened in three regions this year</div>'
    '<div id="c" style="padding:20px;border:2px solid">Team</div></div>',
}

PNG_40x20 = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAJUlEQVR4nGM8wTAwgGmA7B21eNTiUYtHLR61eNTiUYtHLR4AAAAo1ADwx1MCoQAAAABJRU5ErkJggg=="

FIXTURES.update(
    {
        "auto_tracks_odd": grid(
            "width:1001px;grid-template-columns:auto auto auto",
            "width:10px",
            "width:20px",
            "width:30px",
        ),
        "span_auto_tracks": grid(
            "width:1000px;grid-template-columns:auto auto auto;justify-content:start",
            "grid-column:span 2;width:300px",
            "width:50px",
            "width:100px",
            "width:20px",
        ),
        "repeat_pattern": cells(
            4,
            "width:1000px;grid-template-columns:repeat(2, 100px 1fr);column-gap:10px",
            "height:5px",
        ),
        "grid_area_numbers": grid(
            "width:600px;grid-template-columns:repeat(4, 1fr);grid-template-rows:repeat(3, 40px)",
            "grid-area:1 / 2 / 3 / 4",
            "grid-area:3 / 1 / auto / span 4",
            "",
        ),
        "grid_shorthand": grid("width:600px;grid:auto-flow 40px / 1fr 2fr", "", "", ""),
        "grid_template_shorthand": "<div id=\"g\" style=\"display:grid;width:600px;grid-template:'a b' 50px 'c c' 30px / 1fr 2fr\">"
        '<div id="c" style="grid-area:c"></div><div id="b" style="grid-area:b"></div><div id="a" style="grid-area:a"></div></div>',
        "image_cells": f'<div id="g" style="display:grid;width:600px;grid-template-columns:1fr 1fr;grid-auto-rows:100px">'
        f'<img id="a" src="{PNG_40x20}"><img id="b" src="{PNG_40x20}" style="justify-self:stretch;align-self:stretch">'
        f'<img id="c" src="{PNG_40x20}" style="width:100%"></div>',
        "percent_height_in_item": grid(
            "width:600px;height:300px;grid-template-columns:1fr 1fr;grid-template-rows:1fr 2fr",
            "",
            "",
        ).replace('style=""></div>', 'style=""><div id="in" style="height:50%"></div></div>', 1),
        "text_span_columns": '<div id="g" style="display:grid;width:900px;grid-template-columns:auto auto 1fr;font-size:16px;justify-content:start">'
        '<div id="a" style="grid-column:span 2">A heading that spans two auto columns</div><div id="b">x</div>'
        '<div id="c">one</div><div id="d">two</div></div>',
        "text_auto_rows_fr": '<div id="g" style="display:grid;width:600px;grid-template-columns:repeat(3, 1fr);grid-auto-rows:1fr;gap:10px;font-size:16px;line-height:20px">'
        '<div id="a">Short</div><div id="b">A longer text that wraps over a few lines in this column</div><div id="c">Mid length text here</div>'
        '<div id="d">Last</div></div>',
        "text_overflow_hidden_fr": '<div id="g" style="display:grid;width:300px;grid-template-columns:1fr 1fr;font-size:16px">'
        '<div id="a" style="overflow:hidden">Incomprehensibilities</div><div id="b">b</div></div>',
    }
)

FIXTURES.update(
    {
        "text_two_column_slide": '<div id="g" style="display:grid;grid-template-columns:1fr 1.25fr;gap:48px;width:1136px;height:560px;padding:80px 72px;font-size:18px;line-height:1.5">'
        '<div id="l"><h2 id="h" style="margin:0 0 16px;font-size:36px;line-height:1.2">What changed this quarter</h2><p id="p" style="margin:0">We shipped the new onboarding flow and cut time to first value by a third.</p></div>'
        '<div id="r" style="display:grid;grid-template-columns:repeat(2, minmax(0, 1fr));grid-auto-rows:1fr;gap:16px">'
        '<div id="r1" style="padding:16px;border:1px solid">Activation up 18%</div><div id="r2" style="padding:16px;border:1px solid">Churn down to 2.1% monthly across plans</div>'
        '<div id="r3" style="padding:16px;border:1px solid">NPS 54</div><div id="r4" style="padding:16px;border:1px solid">Support tickets halved</div></div></div>',
        "text_minmax_auto_clamp": '<div id="g" style="display:grid;grid-template-columns:minmax(auto, 120px) 1fr;width:500px;font-size:16px">'
        '<div id="a">Extraordinarily</div><div id="b">b</div></div>',
        "text_label_value_rows": '<div id="g" style="display:grid;grid-template-columns:max-content 1fr;gap:8px 24px;width:500px;font-size:15px;line-height:22px">'
        '<div id="k1">Owner</div><div id="v1">Platform team</div><div id="k2">Launch date</div><div id="v2">March 14, with a staged rollout over two weeks to all regions</div>'
        '<div id="k3">Status</div><div id="v3">On track</div></div>',
        "empty_grid_rows": '<div id="g" style="display:grid;width:300px;grid-template-rows:100px 50px;row-gap:10px"></div>',
        "text_align_baseline": '<div id="g" style="display:grid;grid-template-columns:100px 100px 100px;align-items:baseline;width:400px">'
        '<div id="a" style="font-size:30px">Big</div><div id="b" style="font-size:12px;padding-top:5px">small</div>'
        '<div id="c" style="font-size:16px;align-self:start">start</div><div id="d" style="font-size:20px">next row</div></div>',
        "text_align_baseline_fallback": '<div id="g" style="display:grid;grid-template-columns:1fr 1fr;width:400px;align-items:start;font-size:16px">'
        '<div id="a" style="font-size:30px">Big</div><div id="b">small</div></div>',
    }
)

# aspect-ratio on grid items (align/justify normal behave as start in the ratio-dependent axis)
FIXTURES.update(
    {
        "ar_grid_fixed_columns": '<div style="display:grid;grid-template-columns:200px 100px"><div id="a" style="aspect-ratio:2/1"></div><div id="b" style="aspect-ratio:1"></div></div>',
        "ar_grid_fr_columns": '<div style="display:grid;width:600px;grid-template-columns:repeat(3,minmax(0,1fr));gap:10px"><div id="a" style="aspect-ratio:1"></div><div id="b" style="aspect-ratio:2"></div><div id="c" style="height:50px"></div></div>',
        "ar_grid_stretch_explicit": '<div style="display:grid;grid-template-columns:200px;align-items:stretch"><div id="a" style="aspect-ratio:4"></div></div>',
    }
)

# Row subgrids (CSS Grid 2 section 9, grid-template-rows: subgrid): the items size the
# parent's rows; the subgrid's margin/border/padding weigh on its first and last rows, its own
# row-gap is centred in the parent's gutters; items past its rows are clamped into them
FIXTURES.update(
    {
        "subgrid_rows_edges": '<div id="g" style="display:grid;grid-template-columns:repeat(3,200px);column-gap:10px;width:700px"><div id="c1" style="display:grid;grid-row:span 3;grid-template-rows:subgrid;padding:10px;border:2px solid;margin-top:3px"><div id="a1" style="height:20px"></div><div id="b1" style="height:50px"></div><div id="d1" style="height:10px"></div></div><div id="c2" style="display:grid;grid-row:span 3;grid-template-rows:subgrid;padding:5px"><div id="a2" style="height:40px"></div><div id="b2" style="height:30px"></div><div id="d2" style="height:10px;margin-bottom:7px"></div></div><div id="c3" style="display:grid;grid-row:span 3;grid-template-rows:subgrid"><div id="a3" style="height:10px"></div><div id="b3" style="height:10px"></div></div></div>',
        "subgrid_rows_own_gap": '<div id="h" style="display:grid;grid-template-columns:repeat(2,200px);row-gap:10px;column-gap:10px;width:700px"><div id="e1" style="display:grid;grid-row:span 2;grid-template-rows:subgrid;row-gap:4px;padding:6px"><div id="f1" style="height:20px"></div><div id="k1" style="height:50px"></div></div><div id="e2" style="display:grid;grid-row:span 2;grid-template-rows:subgrid;padding:6px"><div id="f2" style="height:40px"></div><div id="k2" style="height:30px"></div></div></div>',
        "text_subgrid_rows_cards": '<div id="g" style="display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:20px;width:760px;font:16px \'Liberation Sans\'"><div id="c1" style="display:grid;grid-template-rows:subgrid;grid-row:span 3;row-gap:8px;padding:16px;border:1px solid"><h3 id="t1" style="margin:0;font-size:20px">Short</h3><p id="p1" style="margin:0">A longer body text that wraps onto several lines in this card.</p><a id="l1">Read more</a></div><div id="c2" style="display:grid;grid-template-rows:subgrid;grid-row:span 3;row-gap:8px;padding:16px;border:1px solid"><h3 id="t2" style="margin:0;font-size:20px">A much longer title over two lines</h3><p id="p2" style="margin:0">Brief.</p><a id="l2" style="align-self:end">Read more</a></div><div id="c3" style="display:grid;grid-template-rows:subgrid;grid-row:span 3;row-gap:8px;padding:16px;border:1px solid"><h3 id="t3" style="margin:0;font-size:20px">Title</h3><p id="p3" style="margin:0">Body</p></div><div id="c4" style="display:grid;grid-template-rows:subgrid;grid-row:span 2;padding:4px;border:1px solid"><span id="s1">one</span><span id="s2">two</span><span id="s3">three (clamped)</span></div></div>',
    }
)

# Column subgrids, and subgrids in both axes: the same rules across the columns (an
# inline-grid's shrink-to-fit width counts the subgrid's items too)
FIXTURES.update(
    {
        "text_subgrid_columns_rows_of_a_list": '<div id="g" style="display:grid;grid-template-columns:auto 1fr auto;column-gap:12px;row-gap:6px;width:600px;font:14px \'Liberation Sans\'"><div id="r1" style="grid-column:1/-1;display:grid;grid-template-columns:subgrid;padding:4px 10px;border:1px solid"><span id="a1">Name</span><span id="b1">Description of the thing</span><span id="c1">$10</span></div><div id="r2" style="grid-column:1/-1;display:grid;grid-template-columns:subgrid;column-gap:4px;padding:4px 10px;border:1px solid"><span id="a2">A much longer name</span><span id="b2">Short</span><span id="c2">$1,250.00</span></div><div id="r3" style="grid-column:span 2;display:grid;grid-template-columns:subgrid"><b id="a3">x</b><b id="b3">y</b><b id="c3">z clamped</b></div></div>',
        "text_subgrid_columns_shrink_to_fit": '<div id="h" style="display:inline-grid;grid-template-columns:auto auto;font:14px \'Liberation Sans\'"><div id="r4" style="grid-column:span 2;display:grid;grid-template-columns:subgrid;grid-template-rows:auto;padding:0 5px"><i id="a4">left item</i><i id="b4">right</i></div><div id="q">below</div></div>',
        "text_subgrid_both_axes": '<div id="g" style="display:grid;grid-template-columns:100px auto;grid-template-rows:auto auto;gap:10px;width:400px;font:14px \'Liberation Sans\'"><div id="s" style="grid-column:1/3;grid-row:1/3;display:grid;grid-template-columns:subgrid;grid-template-rows:subgrid;padding:5px;border:2px solid"><span id="a">one</span><span id="b">two words here</span><span id="c" style="height:40px">three</span><span id="d">four</span></div></div>',
    }
)

# An auto column holding a picture sized by a percentage gives way to its neighbour's
# min-content (CSS Sizing 3, 5.2.2)
PNG_900x300 = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAA4QAAAEsAQAAAACz5UA8AAAAOElEQVR42u3BMQEAAADCoPVPbQ0PoAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAL4MhZgAAU/DcI8AAAAASUVORK5CYII="
FIXTURES.update(
    {
        "compressible_img_auto_column": f'<div id="g" style="display:grid;grid-template-columns:auto auto;width:900px"><div id="a" style="width:300px"></div><div id="b"><img id="c" src="{PNG_900x300}" style="max-width:100%;display:block"></div></div>',
    }
)
