"""The command-line converter: inputs, summary, exit codes, report."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from pptx import Presentation

from engine.cli import EXIT_FAILED, EXIT_OK, EXIT_PARTIAL, EXIT_USAGE, main

PAGE = '<div class="slide" style="width:320px;height:180px"><p>{t}</p></div>'


def write_pages(folder: Path, pages: list[str]) -> None:
    for i, html in enumerate(pages, 1):
        (folder / f"{i:02d}.html").write_text(html, encoding="utf-8")


def test_directory_converts_in_name_order(tmp_path, capsys):
    write_pages(tmp_path, [PAGE.format(t="one"), PAGE.format(t="two")])
    out = tmp_path / "deck.pptx"
    assert main(["convert", str(tmp_path), "-o", str(out)]) == EXIT_OK
    prs = Presentation(io.BytesIO(out.read_bytes()))
    assert [s.shapes[0].text_frame.text for s in prs.slides] == ["one", "two"]
    assert "2 pages, 2 converted, 0 failed" in capsys.readouterr().out


def test_partial_success_exit_code_and_report(tmp_path, capsys):
    write_pages(tmp_path, [PAGE.format(t="ok"), "<p>no root</p>"])
    out, report = tmp_path / "d.pptx", tmp_path / "r.json"
    code = main(
        [
            "convert",
            str(tmp_path),
            "-o",
            str(out),
            "--page-error-mode",
            "skip",
            "--report",
            str(report),
        ]
    )
    assert code == EXIT_PARTIAL
    assert "page 2: 50101" in capsys.readouterr().out
    data = json.loads(report.read_text())
    assert data["failedPageDetails"][0]["finalAction"] == "skip"
    assert len(Presentation(str(out)).slides) == 1


def test_total_failure_writes_nothing(tmp_path):
    page = tmp_path / "bad.html"
    page.write_text("<p>nothing</p>")
    out = tmp_path / "d.pptx"
    assert main(["convert", str(page), "-o", str(out)]) == EXIT_FAILED
    assert not out.exists()


def test_json_input_and_invalid_request(tmp_path):
    good = tmp_path / "req.json"
    good.write_text(json.dumps({"htmls": [PAGE.format(t="json")]}))
    assert main(["convert", str(good), "-o", str(tmp_path / "a.pptx")]) == EXIT_OK
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"htmls": [PAGE.format(t="x"), 5]}))
    assert main(["convert", str(bad), "-o", str(tmp_path / "b.pptx")]) == EXIT_USAGE


def test_sample_deck_via_python_m_engine(tmp_path):
    out = tmp_path / "sample.pptx"
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "convert", "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "3 pages, 3 converted" in proc.stdout
    assert len(Presentation(str(out)).slides) == 3
