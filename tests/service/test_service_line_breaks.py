"""The line_breaks setting (DECKFORGE_LINE_BREAKS) reaches the conversion: soft by default
(paragraphs wrap in their box), exact on request (every browser line ends in a:br)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from service_testkit import AUTH, CONVERT, make_settings

from service.jobs.convert import convert_job
from service.main import create_app

PAGE = (
    '<div class="slide" style="width:640px;height:360px;font:18px Liberation Sans">'
    '<p style="width:160px">one two three four five six seven eight nine ten</p></div>'
)


def _breaks(pptx: bytes) -> int:
    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        return z.read("ppt/slides/slide1.xml").decode().count("<a:br")


def _converted_breaks(tmp: Path, **settings: str) -> int:
    with TestClient(create_app(make_settings(tmp, workers=1, **settings))) as client:
        r = client.post(CONVERT, json={"htmls": [PAGE]}, headers=AUTH)
        assert r.status_code == 200 and r.json()["code"] == 0, r.json()
        download = client.get(r.json()["data"]["fileUrl"])
        assert download.status_code == 200
        return _breaks(download.content)


@pytest.mark.fonts("fonts-liberation")
def test_the_setting_chooses_the_line_breaks(tmp_path: Path) -> None:
    assert _converted_breaks(tmp_path / "soft") == 0
    assert _converted_breaks(tmp_path / "exact", line_breaks="exact") >= 2


@pytest.mark.fonts("fonts-liberation")
def test_the_job_reads_the_payload() -> None:
    base = {"htmls": [PAGE], "pageErrorMode": "blank"}
    assert _breaks(convert_job(base)["pptx"]) == 0
    assert _breaks(convert_job({**base, "lineBreaks": "exact"})["pptx"]) >= 2
    assert _breaks(convert_job({**base, "lineBreaks": "bogus"})["pptx"]) == 0
