"""Absolutely positioned children of flex containers without insets on an axis (their static
position follows justify-content / align-self, CSS Flexbox 1 §4.1): name -> HTML placed inside a
1280x720 `.slide`, recorded from Chromium into expected_abspos_flex.json
(`python -m tools.recorders.layout_boxes --suites abspos_flex`).
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected_abspos_flex.json"


def flex(container: str, child: str, inflow: str = "") -> str:
    return (
        f'<div id="f" style="position:relative;display:flex;width:400px;height:200px;{container}">'
        f'{inflow}<div id="a" style="position:absolute;width:50px;height:30px;{child}"></div></div>'
    )


FIXTURES: dict[str, str] = {
    "column_center_bottom_inset": flex(
        "flex-direction:column;align-items:center;justify-content:flex-end", "bottom:-24px"
    ),
    "row_center_center": flex("justify-content:center;align-items:center", ""),
    "row_end_end": flex("justify-content:flex-end;align-items:flex-end", ""),
    "row_reverse_default": flex("flex-direction:row-reverse", ""),
    "column_reverse_default": flex("flex-direction:column-reverse", ""),
    "column_space_around_self_end": flex(
        "flex-direction:column;justify-content:space-around", "align-self:flex-end"
    ),
    "space_between_is_start": flex("justify-content:space-between;align-items:center", ""),
    "space_evenly_is_center": flex("justify-content:space-evenly", ""),
    "margins_center": flex("justify-content:center;align-items:center", "margin:10px 4px 2px 30px"),
    "left_set_top_static": flex("justify-content:center;align-items:center", "left:7px"),
    "wrap_reverse_start": flex("flex-wrap:wrap-reverse;align-items:flex-start", ""),
    "stretch_is_start": flex("align-items:stretch;justify-content:center", "height:auto"),
    "padding_border_center": flex(
        "padding:10px 20px 30px 40px;border:3px solid;justify-content:center;align-items:center",
        "",
    ),
    "overflowing_child_center": flex(
        "justify-content:center;align-items:center", "width:500px;height:260px"
    ),
    "auto_height_center": '<div id="f" style="position:relative;display:flex;width:400px;'
    'align-items:center;justify-content:center"><div id="i" style="width:20px;height:120px">'
    '</div><div id="a" style="position:absolute;width:50px;height:30px"></div></div>',
    "static_parent_not_cb": '<div id="p" style="position:relative;padding:12px">'
    '<div id="f" style="display:flex;width:300px;height:100px;justify-content:flex-end;'
    'align-items:center"><div id="a" style="position:absolute;width:60px;height:20px"></div>'
    "</div></div>",
}
