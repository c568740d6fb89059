"""Hostile SVG (file reads, renderer panics and aborts, filter bombs) -> decks that hold none of it."""

from __future__ import annotations

import base64
import io
import subprocess
import sys
import time
import urllib.parse
import zipfile
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pytest
import resvg_py
from lxml import etree
from PIL import Image

from engine import convert
from engine.model.svg import media as svg_module
from engine.model.svg.sanitize import sanitize_svg
from engine.options import Limits, Options

SECRET_RGB = (0x13, 0x57, 0x9B)


@pytest.fixture(scope="module")
def secret_png(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("secret") / "secret-file.png"
    Image.new("RGB", (40, 40), SECRET_RGB).save(path)
    return path


def _slide(body: str) -> str:
    return f'<div class="slide" style="width:320px;height:180px">{body}</div>'


def _media(pptx: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        return {n: z.read(n) for n in z.namelist()}


def _has_secret_pixels(data: bytes) -> bool:
    with Image.open(io.BytesIO(data)) as im:
        rgb = im.convert("RGB")
        colors = rgb.getcolors(maxcolors=1 << 20) or []
    return any(
        all(abs(c - s) <= 2 for c, s in zip(color, SECRET_RGB, strict=True)) for _, color in colors
    )


def _attacks(path: Path) -> list[str]:
    p = str(path)
    uri = path.as_uri()
    return [
        # the regex filter's bypass: removing `href=''` joined `hr` + `ef=` into a new href
        f"<image hrhref=''ef='{p}' width='40' height='40'/>",
        f"<image href='{p}' width='40' height='40'/>",
        f"<image xlink:href='{uri}' width='40' height='40'/>",
        f"<image href='  {p}' width='40' height='40'/>",
        f"<use href='{uri}#x'/>",
        f"<filter id='f'><feImage href='{p}'/></filter><rect width='40' height='40' filter='url(#f)'/>",
        f"<pattern id='p' width='40' height='40'><image href='{p}' width='40' height='40'/></pattern>"
        "<rect width='40' height='40' fill='url(#p)'/>",
        f"<rect width='40' height='40' style='fill:url({uri})'/>",
        f"<style>@import url({uri}); rect {{ fill: url({p}) }}</style><rect width='40' height='40'/>",
        f"<foreignObject width='40' height='40'><img xmlns='http://www.w3.org/1999/xhtml' src='{p}'/></foreignObject>",
        f"<!DOCTYPE svg [<!ENTITY e SYSTEM '{uri}'>]><text>&e;</text>",
    ]


def _pages(secret: Path) -> list[str]:
    pages = []
    for attack in _attacks(secret):
        svg = (
            "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' "
            f"width='120' height='80' viewBox='0 0 40 40'>{attack.replace('<!DOCTYPE', '<!--').replace(']>', '-->')}</svg>"
        )
        pages.append(_slide(svg))  # inline <svg>
        data = urllib.parse.quote(
            attack.split("]>")[0] + "]>" + svg if attack.startswith("<!DOCTYPE") else svg
        )
        pages.append(_slide(f"<img src='data:image/svg+xml,{data}' width='120' height='80'>"))
        b64 = base64.b64encode(svg.encode()).decode()
        pages.append(_slide(f"<img src='data:image/svg+xml;base64,{b64}' width='120' height='80'>"))
    return pages


def test_the_attack_reads_the_file_when_not_sanitized(secret_png: Path) -> None:
    """The reproducer is real: resvg given the joined href reads the file's pixels."""
    svg = (
        "<svg xmlns='http://www.w3.org/2000/svg' width='40' height='40'>"
        f"<image href='{secret_png}' width='40' height='40'/></svg>"
    )
    png = bytes(resvg_py.svg_to_bytes(svg_string=svg, width=40, height=40))
    assert _has_secret_pixels(png)


def test_svg_never_reads_server_files(secret_png: Path) -> None:
    pages = _pages(secret_png)
    result = convert(pages)
    assert result.failed_pages == 0
    parts = _media(result.pptx_bytes)
    secret_bytes = secret_png.read_bytes()
    assert any(name.endswith(".svg") for name in parts)
    for name, data in parts.items():
        assert str(secret_png).encode() not in data, name
        assert secret_png.name.encode() not in data, name
        assert secret_bytes not in data, name
        if name.endswith((".png", ".jpeg", ".jpg", ".gif")):
            assert not _has_secret_pixels(data), name
    removed = [d for page in result.diagnostics for d in page if "removed" in d["message"]]
    assert len(removed) >= len(_attacks(secret_png)) * 2


def test_sanitizer_keeps_local_references_and_data_rasters() -> None:
    png = io.BytesIO()
    Image.new("RGB", (4, 4), (200, 10, 10)).save(png, format="PNG")
    data_uri = "data:image/png;base64," + base64.b64encode(png.getvalue()).decode()
    markup = (
        "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink'>"
        "<defs><linearGradient id='g'><stop offset='0' stop-color='red'/></linearGradient>"
        "<circle id='c' r='3'/></defs>"
        "<rect width='10' height='10' fill='url(#g)' onclick='alert(1)'/>"
        "<use xlink:href='#c'/><script>alert(1)</script>"
        f"<image href='{data_uri}' width='4' height='4'/>"
        "<image href='data:image/svg+xml,%3Csvg/%3E' width='4' height='4'/>"
        "<a href='javascript:alert(1)'><circle r='1'/></a></svg>"
    )
    safe = sanitize_svg(markup)
    assert safe is not None
    text = safe.tostring()
    tree = etree.fromstring(text.encode())
    ns = {"s": "http://www.w3.org/2000/svg"}
    href = "{http://www.w3.org/1999/xlink}href"
    assert tree.find(".//s:rect", ns).get("fill") == "url(#g)"
    assert tree.find(".//s:rect", ns).get("onclick") is None
    assert tree.find(".//s:use", ns).get(href) == "#c"
    assert tree.find(".//s:script", ns) is None
    images = tree.findall(".//s:image", ns)
    assert len(images) == 1 and images[0].get(href).startswith("data:image/png;base64,")
    assert tree.find(".//s:a", ns).get(href) is None
    assert safe.removed == 4  # onclick, <script>, the SVG-in-SVG image, javascript: link


# -- renderer panics and aborts -----------------------------------------------------------------

PANICS = [
    # unwinding panics (pyo3 PanicException, a BaseException) ...
    "<rect width='50' height='50' style='filter:drop-shadow(1e10px 1e10px 2px red)'/>",
    "<filter id='f'><feOffset dx='1e10' dy='1e10'/></filter><rect width='50' height='50' filter='url(#f)'/>",
    "<circle r='1e10' fill='red'/>",
    # ... and one that aborts the whole process ("panic in a destructor during cleanup")
    "<rect x='10' y='10' width='50' height='50' stroke='red' stroke-width='1e10'/>",
]


@pytest.mark.parametrize("body", PANICS)
def test_renderer_panic_stays_inside_its_page(body: str) -> None:
    svg = f"<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'>{body}</svg>"
    pages = [_slide("<p>one</p>"), _slide(svg + "<p>two</p>"), _slide("<p>three</p>")]
    result = convert(pages)
    assert result.total_pages == 3
    assert result.failed_pages == 0  # the numbers are clamped before rendering
    texts = [
        run["text"]
        for slide in result.slides
        for shape in slide["shapes"]
        if shape.get("kind") == "text"
        for para in shape["text"]["paragraphs"]
        for run in para["runs"]
    ]
    assert [t for t in texts if t in ("one", "two", "three")] == ["one", "two", "three"]


def test_a_panic_unclamped_is_a_failed_page_not_a_lost_deck(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """If a native panic still reaches the page loop, it fails that page only."""
    try:  # a real pyo3 PanicException, raised by resvg in this process
        resvg_py.svg_to_bytes(
            svg_string="<svg xmlns='http://www.w3.org/2000/svg' width='9' height='9'>"
            "<circle r='1e10'/></svg>",
            width=9,
            height=9,
            skip_system_fonts=True,
        )
    except BaseException as exc:  # noqa: BLE001
        panic = exc
    assert not isinstance(panic, Exception)
    import engine.api

    real = engine.api.convert_page

    def panicking(html: str, options: Options):  # type: ignore[no-untyped-def]
        if "PANIC" in html:
            raise panic
        return real(html, options)

    monkeypatch.setattr(engine.api, "convert_page", panicking)
    result = convert([_slide("a"), _slide("PANIC"), _slide("c")])
    assert (result.total_pages, result.success_pages) == (3, 2)
    assert result.failed_page_details[0].index == 2
    assert "PanicException" in result.failed_page_details[0].reason


# -- render time -------------------------------------------------------------------------------

BOMBS = [
    "<filter id='f'><feTurbulence baseFrequency='0.05' numOctaves='100000'/></filter>"
    "<rect width='400' height='300' filter='url(#f)'/>",
    "<filter id='f'><feMorphology operator='dilate' radius='1000'/></filter>"
    "<rect width='400' height='300' fill='red' filter='url(#f)'/>",
    "<defs>"
    + "".join(
        f"<pattern id='p{i}' width='2' height='2' patternUnits='userSpaceOnUse'>"
        f"<rect width='2' height='2' fill='url(#p{i + 1})'/><circle r='1' fill='blue'/></pattern>"
        for i in range(12)
    )
    + "</defs><rect width='400' height='300' fill='url(#p0)'/>",
]


USE_BOMB = (
    "<defs><circle id='l0' r='5' fill='red'/>"
    + "".join(
        f"<g id='l{i + 1}'>"
        + "".join(f"<use href='#l{i}' x='{k % 3}'/>" for k in range(8))
        + "</g>"
        for i in range(7)
    )
    + "</defs><use href='#l7'/>"
)  # 8^7 circles: cheap to estimate; resvg refuses it (node limit) or runs into the timeout


@pytest.mark.parametrize("body", [*BOMBS, USE_BOMB])
def test_svg_bombs_get_bounded_work(body: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every render the engine asks for is planned within the work budget (output pixels x
    estimated cost per pixel) and all of them together get at most the SVG time limit, past
    which the renderer is killed (test_the_renderer_process_survives_a_timeout); the page
    converts. What a bomb costs in seconds is benchmarks' business, not a test's."""
    calls: list[tuple[str, int, int, float]] = []
    real = svg_module.rasterize

    def counting(svg: str, width: int, height: int, fonts: Any, timeout_s: float) -> Any:
        calls.append((svg, width, height, timeout_s))
        return real(svg, width, height, fonts, timeout_s)

    monkeypatch.setattr(svg_module, "rasterize", counting)
    monkeypatch.setattr(svg_module, "_RENDERED", OrderedDict())  # no render from the cache
    svg = f"<svg xmlns='http://www.w3.org/2000/svg' width='400' height='300'>{body}</svg>"
    limit = 1.0
    options = Options(limits=Limits(svg_render_timeout_s=limit))
    result = convert([_slide(svg + "<p>text</p>")], options=options)
    assert result.success_pages == 1
    assert 1 <= len(calls) <= 2  # the render, and at most one filter-free retry
    assert sum(timeout for *_, timeout in calls) <= limit
    for text, width, height, _ in calls:
        work = width * height * svg_module.render_cost(etree.fromstring(text.encode()))
        assert work <= svg_module.RENDER_BUDGET * 1.01, (width, height)  # 1 %: pixel rounding
    if body is USE_BOMB:
        # 8^7 circles the estimate cannot see: resvg's node limit or the time limit stops it,
        # whichever comes first on this machine; the picture is dropped with a diagnostic.
        shapes = result.slides[0]["shapes"]
        assert [s for s in shapes if s.get("kind") == "picture"] == []
        messages = [d["message"] for d in result.diagnostics[0]]
        assert [m for m in messages if m.startswith("SVG rendering failed (")], messages


def test_the_renderer_process_survives_a_timeout() -> None:
    """After a killed render, the next SVG renders normally."""
    options = Options(limits=Limits(svg_render_timeout_s=0.5))
    bomb = f"<svg xmlns='http://www.w3.org/2000/svg' width='400' height='300'>{USE_BOMB}</svg>"
    plain = "<svg xmlns='http://www.w3.org/2000/svg' width='40' height='30'><rect width='9' height='9'/></svg>"
    result = convert([_slide(bomb), _slide(plain)], options=options)
    pictures = [
        [s for s in slide["shapes"] if s.get("kind") == "picture"] for slide in result.slides
    ]
    assert (len(pictures[0]), len(pictures[1])) == (0, 1)


def test_css_background_svg_is_sanitized_and_drawn(secret_png: Path) -> None:
    svg = (
        "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'>"
        "<circle cx='5' cy='5' r='4' fill='red'/>"
        f"<image href='{secret_png}' width='10' height='10'/></svg>"
    )
    url = "data:image/svg+xml," + urllib.parse.quote(svg)
    html = _slide(
        f'<div style=\'width:100px;height:100px;background:url("{url}") no-repeat;'
        "background-size:100px 100px'></div>"
    )
    result = convert([html])
    pictures = [s for s in result.slides[0]["shapes"] if s.get("kind") == "picture"]
    assert len(pictures) == 1
    png = result.media[pictures[0]["media"]]["data"]
    assert not _has_secret_pixels(png)
    with Image.open(io.BytesIO(png)) as im:
        assert im.convert("RGB").getpixel((im.width // 2, im.height // 2)) == (255, 0, 0)
    for data in _media(result.pptx_bytes).values():
        assert str(secret_png).encode() not in data


def test_a_killed_engine_process_leaves_no_render_running(tmp_path: Path) -> None:
    """A service worker killed mid-render (its request timed out) takes its renderer along."""
    script = tmp_path / "engine_process.py"
    bomb = f"<svg xmlns='http://www.w3.org/2000/svg' width='400' height='300'>{USE_BOMB}</svg>"
    script.write_text(
        "import sys, threading, time\n"
        f"sys.path.insert(0, {str(Path(__file__).resolve().parents[2])!r})\n"
        "from engine.model.svg import render as svgrender\n"
        f"bomb = {bomb!r}\n"
        "threading.Thread(target=svgrender.rasterize, args=(bomb, 400, 300),"
        " kwargs={'timeout_s': 600}).start()\n"
        "while svgrender._HELPER.proc is None:\n    time.sleep(0.05)\n"
        "time.sleep(0.5)\nprint(svgrender._HELPER.proc.pid, flush=True)\ntime.sleep(600)\n"
    )
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None
        helper = int(parent.stdout.readline())
        assert _alive(helper)
    finally:
        parent.kill()
        parent.wait()
    deadline = time.monotonic() + 5
    while _alive(helper) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(helper)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state not in ("Z", "X")
