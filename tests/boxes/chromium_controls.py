"""Expected form-control boxes from headless Chromium (FIXTURES markup -> each id'd element's
border box, in expected_controls.json). The tests lay the same
pages out and build their slides, and need no browser.
Recorded by `python -m tools.recorders.boxes_controls`.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "expected_controls.json"
PAGE = (
    "<!DOCTYPE html><html><head><style>html,body{margin:0}"
    ".slide{width:640px;height:360px;background:#fff;font:16px Arial}</style></head>"
    '<body><div class="slide">{snippet}</div></body></html>'
)
# name -> markup inside the slide
FIXTURES: dict[str, str] = {
    "text_fields": (
        '<input id=a value="Ada Lovelace"><input id=b placeholder="you@company.com">'
        "<input id=c size=10><input id=d style=\"font:16px 'DejaVu Sans'\">"
    ),
    "input_buttons": (
        '<input id=a type=submit><input id=b type=reset><input id=c type=button value="Go">'
        "<button id=d>Approve</button>"
    ),
    "select_textarea": (
        "<select id=a><option>Starter</option><option selected>Team</option></select>"
        "<textarea id=b>Fixes</textarea><textarea id=c cols=10 rows=4></textarea>"
    ),
    "tall_field": '<input id=a style="height:40px" value="Tall">',
    "checkbox_radio": (
        "<div style='font:14px Arial'>x<input id=a type=checkbox>y<input id=b type=radio checked>"
        "z<input id=c type=checkbox checked style='width:26px;height:26px'></div>"
    ),
    "range_bars": (
        "<input id=a type=range value=70><progress id=b value=0.4></progress>"
        "<meter id=c value=0.5></meter>"
    ),
    "author_styled": (
        '<input id=a style="border:1px solid #d1d5db;padding:10px 12px;width:200px;'
        'font-size:15px" value="x"><select id=b style="padding:10px 12px;width:300px">'
        "<option>Starter</option></select>"
    ),
    # a button with a definite height centres its content vertically (an anonymous block
    # with auto block margins, as Chromium lays a button out): an overflowing one stays at
    # the top; its baseline is its last line's
    "button_heights": (
        "<style>.ib{display:inline-block}</style>"
        '<button id=a style="height:60px"><span id=at class=ib>Go</span></button>'
        '<button id=c style="height:60px;display:block;width:200px"><span id=ct class=ib>Block</span>'
        '</button><button id=d style="height:60px;padding:0;border:0">Two<br>lines</button>'
        '<button id=e style="height:20px;font-size:20px"><span id=et class=ib>'
        'Over</span></button><button id=f style="height:60px;box-sizing:content-box;'
        'padding:10px 6px 0"><span id=ft class=ib>Pad</span></button>'
    ),
}
