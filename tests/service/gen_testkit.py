"""Helpers for the generation, template and preview tests: a started app (real workers) per
module, generation calls, PPTX slide text and PNG sizes."""

from __future__ import annotations

import io
import re
import struct
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from accounts_testkit import Env, make_env

GENERATE = "/api/ppt/v2/generatePptx"
LOAD = "/api/ppt/loadPptx"
SAVE = "/api/ppt/savePptx"
DOWNLOAD = "/api/ppt/downloadPptx"
TEMPLATES = "/api/ppt/templates"
UPLOAD = "/api/ppt/uploadTemplate"

MARKDOWN = """# Quarterly Review
Numbers and plans

## Results

### Revenue Growth
- Sales up in every region
- Margins held steady

### Team Update
#### Hiring
Two engineers joined
#### Training
Everyone finished the course
"""


@contextmanager
def started_env(tmp: Path, database_url: str | None = None, **overrides: Any) -> Iterator[Env]:
    """An app with its lifespan running (worker pool and task runner; TestClient entered)."""
    env = make_env(tmp, database_url, **overrides)
    try:
        with env.client:
            yield env
    finally:
        env.state.db.close()


def get_path(env: Env, url: str) -> Any:
    """GET a link the app produced (local storage / preview), through the same TestClient."""
    parts = urlsplit(url)
    return env.client.get(f"{parts.path}?{parts.query}")


def slide_texts(pptx: bytes) -> list[str]:
    """Text of each slide in slide order: a paragraph's runs joined as PowerPoint shows them,
    paragraphs (and line breaks) joined by a space."""
    from lxml import etree

    ns = {"a": "http://schemas.openxmlformats.org/drawingml/2006/main"}
    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        names = [n for n in z.namelist() if re.fullmatch(r"ppt/slides/slide\d+\.xml", n)]
        names.sort(key=lambda n: int(re.findall(r"\d+", n)[0]))
        out = []
        for n in names:
            root = etree.fromstring(z.read(n))
            paragraphs = [
                "".join(
                    t if isinstance(t, str) else " "
                    for t in p.xpath("a:r/a:t/text() | a:br", namespaces=ns)
                )
                for p in root.iterfind(".//a:p", ns)
            ]
            out.append(" ".join(p for p in paragraphs if p))
        return out


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", data[:16]
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def stored_files(env: Env) -> set[str]:
    return {p.name for p in (env.tmp / "files").glob("*") if not p.name.startswith(".")}
