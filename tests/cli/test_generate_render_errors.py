"""`deckforge generate` and `deckforge render` treat mistakes as `deckforge convert` does: one line
and exit 2, checked before any work; render exits 3 when pages failed (4 when all did) and lists
failed pages in convert's one format."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.render.cli import main as render_main
from generator.cli import main as generate_main

MARKDOWN = "# Topic\n\n## Chapter\n\n### Page\n\n- one point\n"
SLIDE = '<div class="slide" style="width:320px;height:180px"><p>{t}</p></div>'


@pytest.fixture
def md(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "o.md"
    path.write_text(MARKDOWN, encoding="utf-8")
    (tmp_path / "afolder").mkdir()
    (tmp_path / "afile").write_text("x")
    return path


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["o.md", "-o", "nodir/x.pptx"], "cannot write the deck nodir/x.pptx: folder nodir/"),
        (["o.md", "--document", "nodir/d.json"], "cannot write the document nodir/d.json"),
        (["o.md", "--property", "nodir/p.txt"], "cannot write the pptxProperty nodir/p.txt"),
        (["o.md", "-o", "afolder"], "cannot write the deck afolder: it is a folder"),
        (["o.md", "--png", "afile"], "cannot write the PNGs into afile: afile is a file"),
        (["o.md", "--html", "afile/sub"], "cannot write the slide HTML into afile/sub"),
        (["missing.md"], "no such file: missing.md"),
        (["afolder"], "afolder is a folder, not a file"),
        (["o.md", "--template-package", "none.zip"], "no such file: none.zip"),
        (["o.md", "--png", "p", "--png-width", "0"], "--png-width must be 1..8192"),
    ],
)
def test_generate_mistakes_are_one_line_before_any_work(
    md: Path, args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert generate_main(args) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [f"deckforge generate: {err.split(': ', 1)[1].rstrip()}"]
    assert message in err
    assert "Traceback" not in err and "Errno" not in err
    assert not (md.parent / "o.pptx").exists()  # nothing was generated
    assert not (md.parent / "p").exists()


def test_generate_still_writes_everything_asked(md: Path) -> None:
    assert generate_main(["o.md", "--png", "out/png", "--png-width", "64", "--html", "h"]) == 0
    assert (md.parent / "o.pptx").exists()
    assert sorted(p.name for p in (md.parent / "out" / "png").iterdir())[0] == "01.png"


def pages(folder: Path, *htmls: str) -> Path:
    folder.mkdir()
    for i, html in enumerate(htmls, 1):
        (folder / f"0{i}.html").write_text(html, encoding="utf-8")
    return folder


def test_render_partial_failure_exits_3_with_convert_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = pages(tmp_path / "slides", SLIDE.format(t="ok"), "<p>no root</p>")
    assert render_main([str(folder), "--png", str(tmp_path / "png"), "--width", "80"]) == 3
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"wrote 2 PNGs to {tmp_path / 'png'} at 80 px")
    assert out[0].endswith("; 1 page failed and was drawn blank")
    assert out[1:] == ["  page 2 (slides/02.html): 50101 no element with class 'slide' -> blank"]
    assert len(list((tmp_path / "png").iterdir())) == 2


def test_render_success_says_nothing_about_failures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = pages(tmp_path / "slides", SLIDE.format(t="a"))
    assert render_main([str(folder), "--png", str(tmp_path / "png"), "--width", "80"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("wrote 1 PNG to") and "failed" not in out


def test_render_all_failed_exits_4_with_reasons(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = pages(tmp_path / "slides", "<p>a</p>", "<p>b</p>")
    assert render_main([str(folder), "--png", str(tmp_path / "png")]) == 4
    assert capsys.readouterr().err.splitlines() == [
        "deckforge render: 50103 all pages failed",
        "  page 1 (slides/01.html): 50101 no element with class 'slide'",
        "  page 2 (slides/02.html): 50101 no element with class 'slide'",
    ]
    assert not (tmp_path / "png").exists()


def test_render_refuses_a_file_as_its_folder_before_converting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "taken").write_text("x")
    folder = pages(tmp_path / "slides", SLIDE.format(t="a"))
    assert render_main([str(folder), "--png", str(tmp_path / "taken")]) == 2
    assert "is a file" in capsys.readouterr().err
