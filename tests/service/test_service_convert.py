"""The convert endpoint through the real app: every response shape of spec 4.4, auth, headers."""

from __future__ import annotations

import io
import re

from fastapi.testclient import TestClient
from pptx import Presentation
from service_testkit import AUTH, CONVERT, NO_SLIDE, OTHER_TOKEN, page

EXPIRE_RE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")


def post(client: TestClient, body: object, headers: dict[str, str] | None = None) -> dict:
    r = client.post(CONVERT, json=body, headers=AUTH if headers is None else headers)
    assert r.status_code == 200
    assert r.headers["x-request-id"]
    return r.json()


def download_slides(client: TestClient, url: str) -> int:
    r = client.get(url)
    assert r.status_code == 200
    return len(Presentation(io.BytesIO(r.content)).slides)


def test_full_success(client: TestClient) -> None:
    out = post(client, {"htmls": [page("a"), page("b")]})
    assert out["code"] == 0
    assert out["message"] == "success"
    data = out["data"]
    assert set(data) == {
        "fileUrl",
        "expireAt",
        "totalPages",
        "successPages",
        "failedPages",
        "pageErrorMode",
        "failedPageDetails",
        "pptId",  # extra: the PPT recorded in the library (spec 4.7)
    }
    assert data["totalPages"] == 2
    assert data["successPages"] == 2
    assert data["failedPages"] == 0
    assert data["pageErrorMode"] == "blank"
    assert data["failedPageDetails"] == []
    assert EXPIRE_RE.match(data["expireAt"])
    # The default lifetime is 24 h from the (fake) clock: 2025-01-01T12:00:00Z.
    assert data["expireAt"] == "2025-01-02T12:00:00Z"
    assert download_slides(client, data["fileUrl"]) == 2


def test_partial_success_blank_keeps_a_blank_slide(client: TestClient) -> None:
    out = post(client, {"htmls": [page("a"), NO_SLIDE, page("c")], "pageErrorMode": "blank"})
    assert out["code"] == 0
    data = out["data"]
    assert (data["totalPages"], data["successPages"], data["failedPages"]) == (3, 2, 1)
    assert data["pageErrorMode"] == "blank"
    [detail] = data["failedPageDetails"]
    assert detail["index"] == 2
    assert detail["code"] == 50101
    assert detail["finalAction"] == "blank"
    assert isinstance(detail["reason"], str) and detail["reason"]
    assert download_slides(client, data["fileUrl"]) == 3


def test_partial_success_skip_leaves_the_page_out(client: TestClient) -> None:
    out = post(
        client,
        {"htmls": [page("a"), page("b", 640, 360), NO_SLIDE, page("d")], "pageErrorMode": "skip"},
    )
    assert out["code"] == 0
    data = out["data"]
    assert (data["totalPages"], data["successPages"], data["failedPages"]) == (4, 2, 2)
    assert [(d["index"], d["code"], d["finalAction"]) for d in data["failedPageDetails"]] == [
        (2, 50102, "skip"),
        (3, 50101, "skip"),
    ]
    assert download_slides(client, data["fileUrl"]) == 2


def test_all_pages_failed(client: TestClient) -> None:
    out = post(client, {"htmls": [NO_SLIDE, "<p>nothing</p>"]})
    assert out["code"] == 50103
    assert out["message"] == "all pages failed"
    assert set(out["data"]) == {"requestId", "errorDetails"}
    assert [d["field"] for d in out["data"]["errorDetails"]] == ["htmls[0]", "htmls[1]"]
    assert all(d["reason"] for d in out["data"]["errorDetails"])


def test_request_id_matches_header_and_client_id_is_kept(client: TestClient) -> None:
    r = client.post(CONVERT, json={"htmls": []}, headers={**AUTH, "X-Request-Id": "abc-123"})
    assert r.headers["x-request-id"] == "abc-123"
    assert r.json()["data"]["requestId"] == "abc-123"
    r = client.post(CONVERT, json={"htmls": []}, headers={**AUTH, "X-Request-Id": "bad id!"})
    rid = r.headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{32}", rid)
    assert r.json()["data"]["requestId"] == rid


def test_missing_token_is_code_98(client: TestClient) -> None:
    out = post(client, {"htmls": [page()]}, headers={})
    assert out["code"] == 98
    assert out["data"]["requestId"]


def test_wrong_token_is_code_98(client: TestClient) -> None:
    out = post(client, {"htmls": [page()]}, headers={"token": "nope"})
    assert out["code"] == 98


def test_every_configured_token_is_accepted(client: TestClient) -> None:
    assert post(client, {"htmls": [page()]}, headers={"token": OTHER_TOKEN})["code"] == 0


def test_auth_is_checked_before_the_body(client: TestClient) -> None:
    r = client.post(CONVERT, content=b"not json", headers={"token": "nope"})
    assert r.json()["code"] == 98


def test_unknown_route_and_wrong_method_use_the_envelope(client: TestClient) -> None:
    r = client.get("/v2/api/nothing-here")
    assert r.status_code == 200
    assert r.json()["code"] == 1001
    assert r.headers["x-request-id"] == r.json()["data"]["requestId"]
    r = client.get(CONVERT, headers=AUTH)
    assert r.status_code == 200
    assert r.json()["code"] == 1010


def metric_value(client: TestClient, name: str) -> float:
    for line in client.get("/metrics").text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    raise AssertionError(f"{name} not in /metrics")


def test_conversion_cpu_reported_by_the_worker_is_counted(client: TestClient) -> None:
    """The worker measures the CPU of the conversion itself (benchmarks/load_convert.py sets
    the service's total CPU against it); a refused request adds nothing."""
    name = "deckforge_conversion_cpu_seconds_total"
    before = metric_value(client, name)
    assert post(client, {"htmls": [page("a"), page("b")]})["code"] == 0
    after_ok = metric_value(client, name)
    assert 0 < after_ok - before < 60
    assert post(client, {"htmls": []})["code"] == 40010
    assert metric_value(client, name) == after_ok


def test_convert_job_returns_its_cpu_time() -> None:
    from service.jobs.convert import convert_job

    result = convert_job({"htmls": [page("a")], "pageErrorMode": "blank", "filename": "a.pptx"})
    assert result["status"] == "ok"
    assert 0 < result["cpuSeconds"] < 60
    assert result["pptx"][:2] == b"PK"
