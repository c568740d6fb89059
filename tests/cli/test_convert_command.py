"""The command-line converter as a user runs it (subprocess): inputs, decoding, summary, page
numbering, exit codes, one-line errors, the report."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pptx import Presentation

from engine.cli import EXIT_FAILED, EXIT_OK, EXIT_PARTIAL, EXIT_USAGE, decode_html, sniff_binary

ROOT = Path(__file__).resolve().parents[2]
PAGE = '<div class="slide" style="width:320px;height:180px"><p>{t}</p></div>'
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00"


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`deckforge convert ARGS` through the installed entry point's code (service.cli:main)."""
    env = os.environ | {
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    }
    return subprocess.run(
        [sys.executable, "-c", "import sys; from service.cli import main; sys.exit(main())", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env=env,
    )


def convert(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return run("convert", *args, cwd=cwd)


def write_pages(folder: Path, pages: list[str]) -> None:
    folder.mkdir(exist_ok=True)
    for i, html in enumerate(pages, 1):
        (folder / f"{i:02d}.html").write_text(html, encoding="utf-8")


def texts(path: Path) -> list[str]:
    prs = Presentation(io.BytesIO(path.read_bytes()))
    return [s.shapes[0].text_frame.text if len(s.shapes) else "" for s in prs.slides]


def assert_one_line_error(proc: subprocess.CompletedProcess[str], *words: str) -> None:
    assert proc.returncode == EXIT_USAGE, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("deckforge"), proc.stderr
    assert "Traceback" not in proc.stderr
    for word in words:
        assert word in lines[0]


def test_directory_converts_in_name_order(tmp_path: Path) -> None:
    write_pages(tmp_path / "slides", [PAGE.format(t="one"), PAGE.format(t="two")])
    out = tmp_path / "deck.pptx"
    proc = convert(str(tmp_path / "slides"), "-o", str(out))
    assert proc.returncode == EXIT_OK, proc.stderr
    assert texts(out) == ["one", "two"]
    assert proc.stdout.startswith(f"wrote {out}: 2 pages, 2 converted, 0 failed (blank)")


def test_one_page_is_singular(tmp_path: Path) -> None:
    page = tmp_path / "a.html"
    page.write_text(PAGE.format(t="solo"))
    proc = convert(str(page), "-o", str(tmp_path / "a.pptx"))
    assert proc.returncode == EXIT_OK
    assert ": 1 page, 1 converted, 0 failed" in proc.stdout


def test_partial_failure_names_page_number_and_file(tmp_path: Path) -> None:
    write_pages(tmp_path / "slides", [PAGE.format(t="ok"), "<p>no root</p>"])
    out, report = tmp_path / "d.pptx", tmp_path / "r.json"
    proc = convert(
        str(tmp_path / "slides"),
        "-o",
        str(out),
        "--page-error-mode",
        "skip",
        "--report",
        str(report),
    )
    assert proc.returncode == EXIT_PARTIAL
    assert "  page 2 (slides/02.html): 50101 no element with class 'slide' -> skip" in proc.stdout
    data = json.loads(report.read_text())
    assert data["failedPageDetails"] == [
        {
            "index": 2,
            "code": 50101,
            "reason": "no element with class 'slide'",
            "finalAction": "skip",
            "name": "slides/02.html",
        }
    ]
    assert texts(out) == ["ok"]


def test_all_failed_uses_the_same_numbering(tmp_path: Path) -> None:
    bad = tmp_path / "bad.html"
    bad.write_text("<p>nothing</p>")
    out, report = tmp_path / "d.pptx", tmp_path / "r.json"
    proc = convert(str(bad), str(bad), "-o", str(out), "--report", str(report))
    assert proc.returncode == EXIT_FAILED
    assert not out.exists()
    assert proc.stderr.splitlines() == [  # the lines of a partial failure, without "-> blank"
        "deckforge: 50103 all pages failed",
        f"  page 1 ({bad}): 50101 no element with class 'slide'",
        f"  page 2 ({bad}): 50101 no element with class 'slide'",
    ]
    details = json.loads(report.read_text())["errorDetails"]
    assert [(d["field"], d["page"]) for d in details] == [("htmls[0]", 1), ("htmls[1]", 2)]


def test_json_input_and_invalid_request(tmp_path: Path) -> None:
    good = tmp_path / "req.json"
    good.write_text(json.dumps({"htmls": [PAGE.format(t="json")]}))
    assert convert(str(good), "-o", str(tmp_path / "a.pptx")).returncode == EXIT_OK
    assert texts(tmp_path / "a.pptx") == ["json"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"htmls": [PAGE.format(t="x"), 5]}))
    proc = convert(str(bad), "-o", str(tmp_path / "b.pptx"))
    assert proc.returncode == EXIT_USAGE
    assert "40010" in proc.stderr and "page 2 (bad.json htmls[1])" in proc.stderr


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        (lambda d: str(d / "missing.html"), ("no such file", "missing.html")),
        (lambda d: (d / "empty").mkdir() or str(d / "empty"), ("no .html files", "empty")),
        (
            lambda d: (d / "x.json").write_text('{"pages": []}') and str(d / "x.json"),
            ("no 'htmls' array", "x.json"),
        ),
        (
            lambda d: (d / "m.json").write_text('{"htmls": [') and str(d / "m.json"),
            ("not valid JSON", "m.json"),
        ),
    ],
    ids=["missing-file", "folder-without-html", "json-without-htmls", "malformed-json"],
)
def test_user_errors_exit_2_with_one_line(tmp_path: Path, setup, words) -> None:  # type: ignore[no-untyped-def]
    proc = convert(setup(tmp_path), "-o", str(tmp_path / "out.pptx"))
    assert_one_line_error(proc, *words)
    assert not (tmp_path / "out.pptx").exists()


def test_output_in_missing_folder_is_one_line(tmp_path: Path) -> None:
    page = tmp_path / "a.html"
    page.write_text(PAGE.format(t="x"))
    proc = convert(str(page), "-o", str(tmp_path / "nope" / "deck.pptx"))
    assert_one_line_error(proc, "nope", "does not exist")
    proc = convert(str(page), "--report", str(tmp_path / "nope" / "r.json"))
    assert_one_line_error(proc, "report", "does not exist")


def test_bad_flag_exits_2() -> None:
    proc = convert("--page-error-mode", "explode")
    assert proc.returncode == EXIT_USAGE and "invalid choice" in proc.stderr


def test_latin1_page_decoded_from_meta_charset(tmp_path: Path) -> None:
    page = tmp_path / "latin.html"
    page.write_bytes(
        b'<meta charset="iso-8859-1">' + PAGE.format(t="caf\xe9 \x80").encode("latin-1")
    )
    out = tmp_path / "l.pptx"
    proc = convert(str(page), "-o", str(out))
    assert proc.returncode == EXIT_OK and proc.stderr == ""
    # As in browsers, the iso-8859-1 label means windows-1252 (0x80 is the euro sign).
    assert texts(out) == ["café €"]


def test_bom_wins_and_invalid_utf8_is_reported(tmp_path: Path) -> None:
    bom = tmp_path / "01.html"
    bom.write_bytes(b"\xff\xfe" + PAGE.format(t="utf16 ✓").encode("utf-16-le"))
    bad = tmp_path / "02.html"
    bad.write_bytes(PAGE.format(t="caf\xe9").encode("latin-1"))  # no charset: UTF-8
    out, report = tmp_path / "b.pptx", tmp_path / "r.json"
    proc = convert(str(tmp_path), "-o", str(out), "--report", str(report))
    assert proc.returncode == EXIT_OK
    assert texts(out) == ["utf16 ✓", "caf\ufffd"]
    warning = f"deckforge: page 2 ({tmp_path.name}/02.html): invalid UTF-8 at byte 58"
    assert proc.stderr.startswith(warning)
    diags = json.loads(report.read_text())["diagnostics"][1]
    assert any(d["kind"] == "html" and "invalid UTF-8" in d["message"] for d in diags)


def test_binary_input_is_not_html(tmp_path: Path) -> None:
    (tmp_path / "01.html").write_text(PAGE.format(t="ok"))
    (tmp_path / "02.html").write_bytes(PNG)
    (tmp_path / "03.html").write_bytes(bytes(range(256)) * 4)
    proc = convert(str(tmp_path), "-o", str(tmp_path / "d.pptx"))
    assert proc.returncode == EXIT_PARTIAL, proc.stderr
    assert f"page 2 ({tmp_path.name}/02.html): 50101 not HTML: the file is a PNG image" in (
        proc.stdout
    )
    assert f"page 3 ({tmp_path.name}/03.html): 50101 not HTML: the file is binary data" in (
        proc.stdout
    )
    assert "invalid UTF-8" not in proc.stderr  # one message for binary files, not two


def test_sniff_and_decode_units() -> None:
    assert sniff_binary(PNG) == "a PNG image"
    assert sniff_binary(b"%PDF-1.7\n") == "a PDF document"
    assert sniff_binary("<p>текст</p>".encode()) == ""
    assert sniff_binary(b"\xff\xfe<\x00p\x00") == ""  # UTF-16 text has NUL bytes
    assert decode_html(
        b'<meta http-equiv="Content-Type" content="text/html; charset=gbk">\xc4\xe3'
    )[0].endswith("你")
    assert decode_html(b"\xef\xbb\xbf<p>x</p>") == ("<p>x</p>", [])


def test_diagnostics_speak_css(tmp_path: Path) -> None:
    page = tmp_path / "s.html"
    page.write_text(
        '<div class="slide" style="width:320px;height:180px">'
        '<p style="text-shadow: 0 6px 12px rgba(0,0,0,.5), 1px 1px red">x</p></div>'
    )
    report = tmp_path / "r.json"
    proc = convert(str(page), "-o", str(tmp_path / "s.pptx"), "--report", str(report))
    assert proc.returncode == EXIT_OK
    messages = [d["message"] for d in json.loads(report.read_text())["diagnostics"][0]]
    assert (
        "text-shadow: 0px 6px 12px rgb(0 0 0 / 0.5), 1px 1px 0px rgb(255 0 0) is not mapped"
        in messages
    )
    assert not any("Shadow(" in m or "RGBA(" in m for m in messages)


def test_sample_deck_via_python_m_engine(tmp_path: Path) -> None:
    out = tmp_path / "sample.pptx"
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "convert", "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    assert "3 pages, 3 converted" in proc.stdout
    assert len(Presentation(str(out)).slides) == 3


def test_in_process_main_returns_codes(tmp_path: Path) -> None:
    from engine.cli import main, main_convert

    page = tmp_path / "a.html"
    page.write_text(PAGE.format(t="x"))
    assert main(["convert", str(page), "-o", str(tmp_path / "a.pptx")]) == EXIT_OK
    assert main_convert([str(tmp_path / "nope.html")]) == EXIT_USAGE


@pytest.mark.fonts("fonts-liberation")
def test_line_breaks_soft_by_default_exact_on_request(tmp_path: Path) -> None:
    page = tmp_path / "p.html"
    page.write_text(
        '<div class="slide" style="width:640px;height:360px;font:18px Liberation Sans">'
        '<p style="width:160px">one two three four five six seven eight nine ten</p></div>',
        encoding="utf-8",
    )
    breaks = {}
    for mode in ("soft", "exact", None):
        out = tmp_path / f"{mode}.pptx"
        args = [str(page), "-o", str(out)] + (["--line-breaks", mode] if mode else [])
        assert convert(*args).returncode == EXIT_OK
        lines = Presentation(io.BytesIO(out.read_bytes())).slides[0].shapes[0].text_frame.text
        breaks[mode] = lines.count("\v")  # python-pptx reads a:br as a vertical tab
    assert breaks == {"soft": 0, None: 0, "exact": breaks["exact"]} and breaks["exact"] >= 2
    bad = convert(str(page), "-o", str(tmp_path / "x.pptx"), "--line-breaks", "wrap")
    assert bad.returncode == EXIT_USAGE
