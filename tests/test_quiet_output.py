"""Ordinary runs print nothing but their own output: third-party notes on font files (fontTools'
`'created' timestamp seems very low`, said for Carlito) are not shown."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import requires_fonts

ROOT = Path(__file__).resolve().parents[1]
PAGE = (
    '<div class="slide" style="width:320px;height:180px;font-family:Calibri">'
    "<p>Calibri is Carlito here</p><p><b>bold</b> <i>italic</i> <b><i>both</i></b></p></div>"
)


@requires_fonts("fonts-crosextra-carlito")
def test_convert_with_carlito_prints_only_its_summary(tmp_path: Path) -> None:
    page = tmp_path / "p.html"
    page.write_text(PAGE, encoding="utf-8")
    env = os.environ | {
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    }
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "convert", str(page), "-o", str(tmp_path / "d.pptx")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout.startswith("wrote ") and len(proc.stdout.splitlines()) == 1


def test_fonttools_warnings_are_dropped_but_errors_kept() -> None:
    import logging

    import engine  # noqa: F401 - importing the engine quiets fontTools

    logger = logging.getLogger("fontTools.ttLib.tables._h_e_a_d")
    assert not logger.isEnabledFor(logging.WARNING)
    assert logger.isEnabledFor(logging.ERROR)
