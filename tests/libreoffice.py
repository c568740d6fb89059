"""LibreOffice as the tests use it: a PPTX file to PDF in a private profile (never the user's)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

__all__ = ["SOFFICE", "libreoffice_pdf"]

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice") or "soffice"


def libreoffice_pdf(pptx: Path, out_dir: Path | None = None, timeout: float = 240) -> Path:
    """The PDF LibreOffice makes of `pptx` (written next to it, or in `out_dir`), with a
    profile of its own under that folder; fails with LibreOffice's messages when it makes none."""
    out = out_dir or pptx.parent
    profile = (out / "lo-profile").as_uri()
    result = subprocess.run(
        [SOFFICE, f"-env:UserInstallation={profile}", "--headless", "--norestore"]
        + ["--convert-to", "pdf", "--outdir", str(out), str(pptx)],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    pdf = out / (pptx.stem + ".pdf")
    assert result.returncode == 0, result.stderr
    assert pdf.exists(), result.stdout + result.stderr
    return pdf
