"""Local assets: relative and file: URLs read only under Options.file_roots, against each page's
base URL; <link rel=stylesheet> files; refusals reported, never raised."""

from __future__ import annotations

import io
import os
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from engine import convert
from engine.diagnostics import Diagnostics
from engine.localfiles import absolute_urls, read_local, resolve_local
from engine.options import Limits, Options

SLIDE = '<div class="slide" style="width:320px;height:180px">{body}</div>'


def png(path: Path, colour: str = "red") -> Path:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), colour).save(buf, "PNG")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())
    return path


def deck(tmp: Path, html: str, page_dir: Path | None = None, **opts: object):
    page_dir = page_dir or tmp
    page_dir.mkdir(parents=True, exist_ok=True)
    page = page_dir / "01.html"
    page.write_text(html, encoding="utf-8")
    options = Options(**opts) if opts else Options()  # type: ignore[arg-type]
    return convert([html], options=options, base_urls=[page.resolve().as_uri()])


def media_names(result) -> list[str]:
    with zipfile.ZipFile(io.BytesIO(result.pptx_bytes)) as zf:
        return sorted(n for n in zf.namelist() if n.startswith("ppt/media/"))


def slide_xml(result) -> str:
    with zipfile.ZipFile(io.BytesIO(result.pptx_bytes)) as zf:
        return zf.read("ppt/slides/slide1.xml").decode()


def messages(result) -> list[str]:
    return [d["message"] for d in result.diagnostics[0]]


IMG = SLIDE.format(body='<img src="{src}" style="width:80px;height:80px">')


def test_relative_image_next_to_the_page_is_read_under_an_allowed_root(tmp_path: Path) -> None:
    png(tmp_path / "pic.png")
    result = deck(tmp_path, IMG.format(src="pic.png"), file_roots=(str(tmp_path),))
    assert media_names(result) == ["ppt/media/image1.png"]
    assert "<p:pic>" in slide_xml(result)
    assert not messages(result)


def test_no_file_access_by_default(tmp_path: Path) -> None:
    png(tmp_path / "pic.png")
    result = deck(tmp_path, IMG.format(src="pic.png"))
    assert media_names(result) == []
    assert any("only data: URIs" in m for m in messages(result))


@pytest.mark.parametrize(
    ("src", "reason"),
    [
        ("../outside.png", "outside the allowed folders"),
        ("link.png", "outside the allowed folders"),  # a symbolic link out of the root
        ("file://otherhost/pages/pic.png", "not a local file URL"),
        ("missing.png", "No such file"),
        ("fifo.png", "not a regular file"),
    ],
)
def test_refused_local_urls_are_reported(tmp_path: Path, src: str, reason: str) -> None:
    pages = tmp_path / "pages"
    png(tmp_path / "outside.png")
    pages.mkdir()
    os.symlink(tmp_path / "outside.png", pages / "link.png")
    os.mkfifo(pages / "fifo.png")  # opening it for reading would block: it must not be opened
    result = deck(tmp_path, IMG.format(src=src), page_dir=pages, file_roots=(str(pages),))
    assert media_names(result) == []
    assert any(reason in m and src[:40] in m for m in messages(result)), messages(result)


def test_absolute_file_url_inside_the_root_and_query_ignored(tmp_path: Path) -> None:
    pic = png(tmp_path / "sub" / "a b.png")
    src = pic.resolve().as_uri() + "?v=2#x"
    result = deck(tmp_path, IMG.format(src=src), file_roots=(str(tmp_path),))
    assert media_names(result) == ["ppt/media/image1.png"]


def test_file_over_the_fetch_limit_is_not_read(tmp_path: Path) -> None:
    pic = png(tmp_path / "pic.png")
    limits = Limits(max_fetch_bytes=pic.stat().st_size - 1)
    result = deck(tmp_path, IMG.format(src="pic.png"), file_roots=(str(tmp_path),), limits=limits)
    assert media_names(result) == []
    assert any("over" in m and "bytes not read" in m for m in messages(result))


def test_relative_url_without_a_page_address_is_refused() -> None:
    assert resolve_local("pic.png", Options(file_roots=("/",))) == (
        "relative URL and no page address"
    )
    diag = Diagnostics()
    assert read_local("pic.png", diag, Options()) is None
    assert "local files are not allowed" in diag.items[0].message


def test_linked_stylesheets_apply_in_document_order_with_their_own_base(tmp_path: Path) -> None:
    png(tmp_path / "img" / "bg.png", "blue")
    (tmp_path / "css").mkdir()
    (tmp_path / "css" / "theme.css").write_text(
        ".slide{background:url(../img/bg.png) 0 0/100% 100%} p{color:#00ff00;font-size:20px}"
    )
    (tmp_path / "css" / "print.css").write_text("p{color:#0000ff}")
    (tmp_path / "css" / "alt.css").write_text("p{color:#ff00ff}")
    html = (
        "<style>p{color:#ff0000}</style>"
        '<link rel="stylesheet" href="../css/theme.css">'
        '<link rel="stylesheet" href="../css/print.css" media="print">'
        '<link rel="alternate stylesheet" href="../css/alt.css">'
        + SLIDE.format(body="<p>Hello</p>")
    )
    result = deck(tmp_path, html, page_dir=tmp_path / "pages", file_roots=(str(tmp_path),))
    xml = slide_xml(result)
    assert '<a:srgbClr val="00FF00"/>' in xml  # the linked sheet comes after <style>
    assert "0000FF" not in xml and "FF00FF" not in xml  # print media and alternate: not applied
    assert media_names(result) == ["ppt/media/image1.png"]  # url() relative to the stylesheet


def test_linked_stylesheet_refused_without_file_access(tmp_path: Path) -> None:
    (tmp_path / "t.css").write_text("p{color:#00ff00}")
    html = '<link rel="stylesheet" href="t.css">' + SLIDE.format(body="<p>Hi</p>")
    result = deck(tmp_path, html)
    assert "00FF00" not in slide_xml(result)
    assert any("external stylesheet not fetched: t.css" in m for m in messages(result))


def test_linked_stylesheets_count_towards_the_stylesheet_limit(tmp_path: Path) -> None:
    rules = "".join(f".c{i}{{color:red}}" for i in range(200)) + "p{color:#00ff00}"
    (tmp_path / "big.css").write_text(rules)
    html = '<link rel="stylesheet" href="big.css">' + SLIDE.format(body="<p>Hi</p>")
    limits = Limits(max_stylesheet_bytes=1000)
    result = deck(tmp_path, html, file_roots=(str(tmp_path),), limits=limits)
    assert "00FF00" not in slide_xml(result)  # the last rule was past the cut
    assert any("stylesheets over 1000 characters cut" in m for m in messages(result))


def test_absolute_urls_rewrites_only_urls() -> None:
    css = (
        'a{background:url(../img/x.png), url("y z.png")} @media (min-width:1px){b{c:url( q.png )}}'
        " d{e:f(url(k.png))} g{filter:url(#f); h:url(data:image/png;base64,AA==)}"
    )
    assert absolute_urls(css, "file:///d/css/theme.css") == (
        'a{background:url(file:///d/img/x.png), url("file:///d/css/y z.png")} '
        "@media (min-width:1px){b{c:url(file:///d/css/q.png)}}"
        " d{e:f(url(file:///d/css/k.png))} g{filter:url(#f); h:url(data:image/png;base64,AA==)}"
    )


def test_a_page_reads_each_file_once_and_at_most_its_local_byte_budget(tmp_path: Path) -> None:
    png(tmp_path / "a.png", "red")
    png(tmp_path / "b.png", "blue")
    size = (tmp_path / "a.png").stat().st_size
    many = "".join(f'<img src="a.png" style="width:{i % 7 + 1}px">' for i in range(300))
    result = deck(tmp_path, SLIDE.format(body=many), file_roots=(str(tmp_path),))
    assert media_names(result) == ["ppt/media/image1.png"] and not messages(result)
    both = SLIDE.format(body='<img src="a.png"><img src="b.png"><img src="a.png">')
    limits = Limits(max_page_local_bytes=size)  # room for one of the two files
    result = deck(tmp_path, both, file_roots=(str(tmp_path),), limits=limits)
    assert media_names(result) == ["ppt/media/image1.png"]
    assert any("local files of this page over" in m and "b.png" in m for m in messages(result))


@pytest.mark.parametrize(
    "path", ["/a/b.png", "/a%20b/c%C3%A9.png", "/x/%25/y.png", "/%E4%B8%AD/%zz.png", ""]
)
def test_a_file_urls_path_is_the_path_url2pathname_gives(path: str) -> None:
    from urllib.request import url2pathname

    from engine.localfiles import url_path

    assert url_path(path) == url2pathname(path)


def test_a_picture_in_a_folder_with_escaped_characters_is_read(tmp_path: Path) -> None:
    png(tmp_path / "my pics" / "café.png")
    page = IMG.format(src="my%20pics/caf%C3%A9.png")
    result = deck(tmp_path, page, file_roots=(str(tmp_path),))
    assert media_names(result) == ["ppt/media/image1.png"]
