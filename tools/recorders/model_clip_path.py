"""Record the colours of boxes cut by clip-path basic shapes from headless Chromium (FIXTURES ->
sampled pixels in tests/model/expected_clip_path.json, sampled as model_conic.py does).

    python -m tools.recorders.model_clip_path
"""

from __future__ import annotations

from tools.recorders.browser import TESTS
from tools.recorders.model_conic import record

OUT = TESTS / "model" / "expected_clip_path.json"

BOX = "position:absolute;left:{x}px;top:{y}px;width:{w}px;height:{h}px;"
FIXTURES = {
    # A funnel stage: a trapezoid from calc() points.
    "funnel_stage": BOX.format(x=100, y=100, w=400, h=60)
    + "background:#24406e;clip-path:polygon(0 0,100% 0,calc(100% - 40px) 100%,40px 100%)",
    # A chevron process step (concave), on a rounded box with a border and a shadow.
    "chevron_rounded": BOX.format(x=550, y=100, w=260, h=90)
    + "background:#1f9e89;border:4px solid #0b5d50;border-radius:12px;"
    "box-shadow:0 8px 20px rgba(0,0,0,.4);"
    "clip-path:polygon(0 0,85% 0,100% 50%,85% 100%,0 100%,15% 50%)",
    # A slanted hero band with a gradient.
    "slanted_gradient": BOX.format(x=100, y=250, w=500, h=200)
    + "background:linear-gradient(90deg,#4f46e5,#ec4899);"
    "clip-path:polygon(0 0,100% 0,100% 70%,0 100%)",
    # inset() with four values.
    "inset_four": BOX.format(x=700, y=250, w=300, h=200)
    + "background:#f2a541;clip-path:inset(10px 20% 30px 15%)",
}


def main() -> None:
    record(FIXTURES, OUT)


if __name__ == "__main__":
    main()
