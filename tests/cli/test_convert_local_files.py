"""`deckforge convert` reads images and stylesheets next to the pages (and in --assets folders),
nothing else, and says so when it refused some."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

from PIL import Image

from engine.cli import EXIT_OK, EXIT_USAGE
from tests.cli.test_convert_command import convert

PAGE = '<div class="slide" style="width:320px;height:180px"><img src="{src}" width="40"></div>'


def png(path: Path) -> None:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), "red").save(buf, "PNG")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())


def pictures(deck: Path) -> int:
    with zipfile.ZipFile(deck) as zf:
        return sum(n.startswith("ppt/media/") for n in zf.namelist())


def test_images_next_to_the_page_are_read(tmp_path: Path) -> None:
    png(tmp_path / "slides" / "pic.png")
    (tmp_path / "slides" / "01.html").write_text(PAGE.format(src="pic.png"))
    out = tmp_path / "d.pptx"
    done = convert(str(tmp_path / "slides"), "-o", str(out), "-q")
    assert done.returncode == EXIT_OK, done.stderr
    assert pictures(out) == 1
    assert "not read" not in done.stderr


def test_no_local_files_reads_none(tmp_path: Path) -> None:
    png(tmp_path / "pic.png")
    (tmp_path / "01.html").write_text(PAGE.format(src="pic.png"))
    out = tmp_path / "d.pptx"
    done = convert(str(tmp_path / "01.html"), "-o", str(out), "--no-local-files", "-q")
    assert done.returncode == EXIT_OK, done.stderr
    assert pictures(out) == 0


def test_a_sibling_assets_folder_needs_assets(tmp_path: Path) -> None:
    png(tmp_path / "assets" / "pic.png")
    (tmp_path / "slides").mkdir()
    (tmp_path / "slides" / "01.html").write_text(PAGE.format(src="../assets/pic.png"))
    out, report = tmp_path / "d.pptx", tmp_path / "r.json"
    done = convert(str(tmp_path / "slides"), "-o", str(out), "--report", str(report), "-q")
    assert done.returncode == EXIT_OK
    assert pictures(out) == 0
    assert "1 local file outside the pages' folders not read (allow a folder with --assets" in (
        done.stderr
    )
    [[diag]] = json.loads(report.read_text())["diagnostics"]
    assert diag["message"] == "not read (outside the allowed folders): ../assets/pic.png"
    done = convert(
        str(tmp_path / "slides"), "-o", str(out), "--assets", str(tmp_path / "assets"), "-q"
    )
    assert done.returncode == EXIT_OK and pictures(out) == 1


def test_assets_must_be_a_folder(tmp_path: Path) -> None:
    (tmp_path / "01.html").write_text(PAGE.format(src="x.png"))
    done = convert(str(tmp_path / "01.html"), "--assets", str(tmp_path / "nope"))
    assert done.returncode == EXIT_USAGE
    assert "--assets" in done.stderr and "not a folder" in done.stderr


def test_json_pages_resolve_against_the_json_files_folder(tmp_path: Path) -> None:
    png(tmp_path / "pic.png")
    request = tmp_path / "request.json"
    request.write_text(json.dumps({"htmls": [PAGE.format(src="pic.png")]}))
    out = tmp_path / "d.pptx"
    done = convert(str(request), "-o", str(out), "-q")
    assert done.returncode == EXIT_OK, done.stderr
    assert pictures(out) == 1
