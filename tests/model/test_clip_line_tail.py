"""Text running out of an overflow:hidden block sideways (a long code line): the pieces wholly
past the clip edge are not written; the piece the edge cuts stays whole.

Chromium 156 boxes (tools/recorders/layout_boxes.py `render` on CODE): #p [0, 0, 320, 68] (its
padding box, the clip, ends at x = 320), #b [288.453125, 13, 28.8125, 18] (cut by the edge),
#d [480.5, 13, 220.84375, 18] (wholly past it: Chromium paints none of it).
"""

from __future__ import annotations

from engine import convert
from tests.layout.chromium_boxes import page

CODE = (
    '<pre id="p" style="width:300px;overflow:{ov};font:16px/24px \'Liberation Mono\';margin:0;'
    'padding:10px;background:#223"><span id="a" style="display:block">let total = '
    'items.iter().map(<span id="b">|x|</span> x.price).sum(); <span id="d">// total price in '
    'cents</span></span><span id="c" style="display:block">short line</span></pre>'
)


def _texts(overflow: str) -> str:
    slide = convert([page(CODE.replace("{ov}", overflow))]).to_dict()["slides"][0]
    return " | ".join(
        "".join(r.get("text", "") for p in s["text"]["paragraphs"] for r in p["runs"])
        for s in slide["shapes"]
        if s["kind"] == "text"
    )


def test_tail_past_the_clip_is_not_written() -> None:
    text = _texts("hidden")
    assert "// total price in cents" not in text
    assert "|x|" in text and "x.price).sum();" in text and "short line" in text


def test_visible_overflow_keeps_the_tail() -> None:
    assert "// total price in cents" in _texts("visible")
