"""Operational surface: /healthz, /readyz, /metrics, OpenAPI docs, settings."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from service_testkit import AUTH, CONVERT, NO_SLIDE, make_settings, page

from service.config import Settings
from service.main import create_app


def test_healthz(client: TestClient) -> None:
    r = client.get("/healthz")
    assert r.status_code == 200
    assert r.json() == {"code": 0, "message": "ok", "data": {"status": "ok"}}


def test_readyz(client: TestClient) -> None:
    r = client.get("/readyz")
    assert r.status_code == 200
    body = r.json()
    assert body["code"] == 0
    assert body["data"]["status"] == "ready"
    assert body["data"]["aliveWorkers"] == 2
    assert body["data"]["storage"] == "local: ok"


def test_readyz_is_503_when_storage_fails(client: TestClient) -> None:
    storage = client.app.state.service.storage  # type: ignore[attr-defined]
    root = storage.root
    storage.root = root / "missing" / "dir"
    try:
        r = client.get("/readyz")
    finally:
        storage.root = root
    assert r.status_code == 503
    assert r.json()["code"] == 1013
    assert r.json()["data"]["storage"] == "local: failing"


def metric(text: str, line_start: str) -> float:
    for line in text.splitlines():
        if line.startswith(line_start + " "):
            return float(line.rsplit(" ", 1)[1])
    raise AssertionError(f"{line_start} not in metrics")


def test_metrics_count_requests_pages_and_failures(client: TestClient) -> None:
    client.post(CONVERT, headers=AUTH, json={"htmls": [page(), NO_SLIDE, page()]})
    client.post(CONVERT, headers=AUTH, json={"htmls": []})
    client.post(CONVERT, headers={"token": "wrong"}, json={"htmls": [page()]})
    r = client.get("/metrics")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/plain")
    text = r.text
    assert metric(text, "deckforge_pages_converted_total") == 2
    assert metric(text, 'deckforge_page_failures_total{code="50101"}') == 1
    assert metric(text, 'deckforge_convert_requests_total{code="0"}') == 1
    assert metric(text, 'deckforge_convert_requests_total{code="40010"}') == 1
    assert metric(text, 'deckforge_convert_requests_total{code="98"}') == 1
    assert metric(text, "deckforge_conversion_seconds_count") == 1
    assert metric(text, "deckforge_queue_depth") == 0
    assert metric(text, "deckforge_jobs_running") == 0
    route = f'deckforge_http_requests_total{{method="POST",route="{CONVERT}",status="200"}}'
    assert metric(text, route) == 3


def test_openapi_shows_real_models(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    op = spec["paths"][CONVERT]["post"]
    body_schema = op["requestBody"]["content"]["application/json"]["schema"]
    assert set(body_schema["properties"]) == {"htmls", "pageErrorMode", "filename", "templateId"}
    assert body_schema["required"] == ["htmls"]
    assert body_schema["properties"]["pageErrorMode"]["enum"] == ["blank", "skip"]
    assert op["security"] == [{"token": []}]  # the `token` header, as a security scheme
    assert spec["components"]["securitySchemes"]["token"]["in"] == "header"
    ref = op["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    assert ref.endswith("/ConvertResponse")
    result = spec["components"]["schemas"]["ConvertResult"]
    assert set(result["properties"]) == {
        "fileUrl",
        "expireAt",
        "totalPages",
        "successPages",
        "failedPages",
        "pageErrorMode",
        "failedPageDetails",
        "pptId",
    }
    assert "FailedPageDetail" in spec["components"]["schemas"]
    assert "422" not in op["responses"]
    assert client.get("/docs").status_code == 200


def test_settings_from_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DECKFORGE_WORKERS", "3")
    monkeypatch.setenv("DECKFORGE_MAX_PAGES", "7")
    monkeypatch.setenv("DECKFORGE_TOKENS", "a, b ,,c")
    monkeypatch.setenv("DECKFORGE_URL_TTL_S", "60")
    monkeypatch.setenv("DECKFORGE_DATA_DIR", str(tmp_path))
    s = Settings()
    assert (s.workers, s.max_pages, s.url_ttl_s) == (3, 7, 60)
    assert s.token_set == frozenset({"a", "b", "c"})
    assert "a, b" not in repr(s)  # secrets are masked


def test_generated_secrets_are_stored_privately(tmp_path: Path) -> None:
    s = make_settings(tmp_path, tokens="", signing_secret="")
    [token] = s.token_set
    key = s.signing_key
    assert (tmp_path / "dev-token").stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "signing.key").stat().st_mode & 0o777 == 0o600
    again = make_settings(tmp_path, tokens="", signing_secret="")
    assert again.token_set == {token}
    assert again.signing_key == key


def test_s3_without_bucket_fails_at_startup(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="DECKFORGE_S3_BUCKET"):
        create_app(make_settings(tmp_path, storage="s3"))
