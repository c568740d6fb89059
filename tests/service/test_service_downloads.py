"""Download links over real HTTP: HEAD answers the file's headers, Range requests (206 / 416)
make downloads resumable."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from service_testkit import AUTH, CONVERT, LiveServer, make_settings, page

from service.main import create_app

PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    app = create_app(make_settings(tmp_path_factory.mktemp("downloads"), workers=1))
    with LiveServer(app) as server:
        yield server


@pytest.fixture(scope="module")
def file_url(live: LiveServer) -> str:
    body = {"htmls": [page("range"), page("two")], "filename": "deck"}
    data = httpx.post(live.url + CONVERT, json=body, headers=AUTH, timeout=60).json()["data"]
    return str(data["fileUrl"])


@pytest.fixture(scope="module")
def full(file_url: str) -> httpx.Response:
    r = httpx.get(file_url)
    assert r.status_code == 200
    return r


def test_head_answers_the_file_headers(file_url: str, full: httpx.Response) -> None:
    r = httpx.head(file_url)
    assert r.status_code == 200
    assert r.content == b""
    assert r.headers["content-length"] == str(len(full.content))
    assert r.headers["content-type"] == PPTX
    assert r.headers["content-disposition"] == full.headers["content-disposition"]
    assert "filename*=UTF-8" in r.headers["content-disposition"]
    assert r.headers["accept-ranges"] == "bytes"
    assert "code" not in r.headers.get("content-type", "")  # not a JSON envelope


def test_single_range_is_206(file_url: str, full: httpx.Response) -> None:
    size = len(full.content)
    r = httpx.get(file_url, headers={"Range": "bytes=0-99"})
    assert r.status_code == 206
    assert r.content == full.content[:100]
    assert r.headers["content-range"] == f"bytes 0-99/{size}"
    assert r.headers["content-length"] == "100"
    assert r.headers["content-type"] == PPTX
    # Resume: the rest from an offset, and a suffix range.
    rest = httpx.get(file_url, headers={"Range": "bytes=100-"})
    assert rest.status_code == 206 and full.content[:100] + rest.content == full.content
    tail = httpx.get(file_url, headers={"Range": "bytes=-10"})
    assert tail.status_code == 206 and tail.content == full.content[-10:]
    head = httpx.head(file_url, headers={"Range": "bytes=0-9"})
    assert head.status_code == 206 and head.headers["content-length"] == "10"


def test_unsatisfiable_range_is_416(file_url: str, full: httpx.Response) -> None:
    size = len(full.content)
    r = httpx.get(file_url, headers={"Range": f"bytes={size}-{size + 10}"})
    assert r.status_code == 416
    assert r.headers["content-range"] == f"bytes */{size}"


def test_head_on_a_bad_link_is_refused(file_url: str) -> None:
    r = httpx.head(file_url.replace("signature=", "signature=x"))
    assert r.status_code == 403
    assert r.content == b""


def test_range_needs_a_valid_link(file_url: str) -> None:
    r = httpx.get(file_url.replace("signature=", "signature=x"), headers={"Range": "bytes=0-9"})
    assert r.status_code == 403 and r.json()["code"] == 98
