"""benchmarks/editability.py, the editability figure: paragraphs carrying line breaks the HTML
did not have (none with soft line breaks, every wrapped one with exact breaks), <br> not
counted, and wrapped HTML paragraphs written whole."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = (
    '<div class="slide" style="width:640px;height:360px;font:18px Liberation Sans">'
    '<p style="width:200px">{text}</p><p>one<br>two</p></div>'
)


def figures(corpus: Path, mode: str, out: Path) -> dict:
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, str(ROOT / "benchmarks" / "editability.py"), str(corpus)]
    cmd += ["--line-breaks", mode, "--json", str(out)]
    subprocess.run(cmd, check=True, env=env, capture_output=True, timeout=300)
    return json.loads(out.read_text())


@pytest.mark.fonts("fonts-liberation")
def test_the_figure_counts_inserted_breaks_only(tmp_path: Path) -> None:
    deck = tmp_path / "corpus" / "deck"
    deck.mkdir(parents=True)
    words = "a paragraph long enough to wrap over several lines of its narrow box"
    (deck / "01.html").write_text(PAGE.format(text=words), encoding="utf-8")
    (deck / "02.html").write_text(PAGE.format(text="short"), encoding="utf-8")
    soft = figures(tmp_path / "corpus", "soft", tmp_path / "soft.json")["total"]
    exact = figures(tmp_path / "corpus", "exact", tmp_path / "exact.json")["total"]
    assert soft["paragraphs"] == exact["paragraphs"] == 4
    assert soft["html_br_elements"] == 2
    assert soft["paragraphs_with_br"] == 2  # the <br> ones
    assert soft["paragraphs_with_inserted_breaks"] == 0
    assert exact["paragraphs_with_inserted_breaks"] == 1  # the wrapped paragraph
    assert soft["wrapped_hard_lines"] == 1 and soft["wrapped_written_whole"] == 1
