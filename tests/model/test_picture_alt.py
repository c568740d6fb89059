"""An <img>'s alt text (an inline <svg>'s aria-label or <title>) is the picture's description."""

from __future__ import annotations

import base64
import io
import zipfile

from PIL import Image

from engine.api import convert


def _png() -> str:
    buf = io.BytesIO()
    Image.new("RGB", (20, 10), "red").save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def test_alt_text_becomes_the_picture_description() -> None:
    html = (
        '<div class="slide" style="width:1280px;height:720px">'
        f'<img src="{_png()}" alt="Quarterly  sales\nchart" style="width:200px">'
        f'<img src="{_png()}" alt="" style="width:100px">'
        '<svg width="50" height="50" aria-label="A circle"><circle cx="25" cy="25" r="20"/></svg>'
        "</div>"
    )
    result = convert([html])
    shapes = [s for s in result.slides[0]["shapes"] if s["kind"] == "picture"]
    assert [s.get("alt") for s in shapes] == ["Quarterly sales chart", None, "A circle"]
    with zipfile.ZipFile(io.BytesIO(result.pptx_bytes)) as z:
        xml = z.read("ppt/slides/slide1.xml").decode()
    assert 'descr="Quarterly sales chart"' in xml and 'descr="A circle"' in xml
    assert xml.count("descr=") == 2
