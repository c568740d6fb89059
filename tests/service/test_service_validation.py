"""40010 answers: malformed bodies, wrong types and per-request limits, each naming its field."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from service_testkit import AUTH, CONVERT, make_settings, page

from service.main import create_app

MAX_PAGES = 3
MAX_PAGE_BYTES = 400
MAX_REQUEST_BYTES = 1500


@pytest.fixture(scope="module")
def client(module_tmp: Path) -> Iterator[TestClient]:
    settings = make_settings(
        module_tmp,
        workers=1,
        max_pages=MAX_PAGES,
        max_page_bytes=MAX_PAGE_BYTES,
        max_request_bytes=MAX_REQUEST_BYTES,
    )
    with TestClient(create_app(settings)) as c:
        yield c


def invalid(
    client: TestClient, headers: dict[str, str] | None = None, **kwargs: object
) -> list[dict[str, str]]:
    r = client.post(CONVERT, headers={**AUTH, **(headers or {})}, **kwargs)  # type: ignore[arg-type]
    assert r.status_code == 200
    out = r.json()
    assert out["code"] == 40010, out
    assert out["message"] == "invalid request parameters"
    assert set(out["data"]) == {"requestId", "errorDetails"}
    assert out["data"]["requestId"] == r.headers["x-request-id"]
    return out["data"]["errorDetails"]


def fields(details: list[dict[str, str]]) -> list[str]:
    return [d["field"] for d in details]


def test_empty_htmls(client: TestClient) -> None:
    details = invalid(client, json={"htmls": []})
    assert details == [{"field": "htmls", "reason": "must not be empty"}]


def test_missing_htmls(client: TestClient) -> None:
    assert invalid(client, json={"filename": "x"}) == [{"field": "htmls", "reason": "is required"}]


def test_htmls_not_an_array(client: TestClient) -> None:
    [d] = invalid(client, json={"htmls": "<div class='slide'></div>"})
    assert d["field"] == "htmls"
    assert "array" in d["reason"] and "string" in d["reason"]


def test_non_string_elements_are_named(client: TestClient) -> None:
    details = invalid(client, json={"htmls": [page(), 7, None]})
    assert details == [
        {"field": "htmls[1]", "reason": "must be a string, got number"},
        {"field": "htmls[2]", "reason": "must be a string, got null"},
    ]


@pytest.mark.parametrize("raw", [b"not json", b'{"htmls": [', b"\xff\xfe\x00", b""])
def test_body_not_json(client: TestClient, raw: bytes) -> None:
    [d] = invalid(client, content=raw, headers={**AUTH, "content-type": "application/json"})
    assert d["field"] == "body"


@pytest.mark.parametrize("raw", [b"[]", b'["<div></div>"]', b'"text"', b"3", b"null", b"true"])
def test_body_not_an_object(client: TestClient, raw: bytes) -> None:
    [d] = invalid(client, content=raw)
    assert d["field"] == "body"
    assert "must be a JSON object" in d["reason"]


def test_bad_page_error_mode_and_filename(client: TestClient) -> None:
    details = invalid(client, json={"htmls": [page()], "pageErrorMode": "BLANK", "filename": 5})
    assert fields(details) == ["pageErrorMode", "filename"]
    assert details[0]["reason"] == "must be 'blank' or 'skip', got \"BLANK\""
    assert details[1]["reason"] == "must be a string, got number"


def test_too_many_pages(client: TestClient) -> None:
    [d] = invalid(client, json={"htmls": ["<p>x</p>"] * (MAX_PAGES + 1)})
    assert d == {
        "field": "htmls",
        "reason": f"has {MAX_PAGES + 1} pages; at most {MAX_PAGES} are allowed",
    }


def test_page_too_large(client: TestClient) -> None:
    big = page("x" * MAX_PAGE_BYTES)
    size = len(big.encode())
    [d] = invalid(client, json={"htmls": [page(), big]})
    assert d == {
        "field": "htmls[1]",
        "reason": f"page is {size} bytes; at most {MAX_PAGE_BYTES} bytes are allowed",
    }


def test_page_bytes_count_utf8(client: TestClient) -> None:
    # 130 CJK characters are 390 bytes of UTF-8: over the 400-byte page limit with the markup.
    [d] = invalid(client, json={"htmls": [page("字" * 130)]})
    assert d["field"] == "htmls[0]"


def test_request_too_large(client: TestClient) -> None:
    body = {"htmls": [page("y" * 300)] * 3, "filename": "z" * 600}
    [d] = invalid(client, json=body)
    assert d["field"] == "body"
    assert d["reason"].endswith(f"at most {MAX_REQUEST_BYTES} bytes are allowed")


def test_request_too_large_without_content_length(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"htmls": ["'
        for _ in range(20):
            yield b"x" * 100
        yield b'"]}'

    [d] = invalid(client, content=chunks())
    assert d == {
        "field": "body",
        "reason": f"request body is more than {MAX_REQUEST_BYTES} bytes; at most {MAX_REQUEST_BYTES} bytes are allowed",
    }


def test_lone_surrogate_is_refused(client: TestClient) -> None:
    raw = b'{"htmls": ["<div class=\\"slide\\">\\ud800</div>"]}'
    [d] = invalid(client, content=raw)
    assert d["field"] == "htmls[0]"


def test_limits_pass_at_the_boundary(client: TestClient) -> None:
    out = client.post(CONVERT, headers=AUTH, json={"htmls": [page()] * MAX_PAGES}).json()
    assert out["code"] == 0
    assert out["data"]["totalPages"] == MAX_PAGES
