"""Spec audit: the end user's browser front end calls the `token` endpoints (docs/service.md workflow,
step 2) from its own origin, so preflights and responses carry CORS headers; `Api-Key` (a
server-side secret) is not allowed from a browser."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from accounts_testkit import Env, make_env
from service_testkit import TOKEN

ORIGIN = "https://app.example.com"
TOKEN_ROUTES = [
    ("POST", "/v2/api/portable/create-task"),
    ("GET", "/v2/api/portable/task-result"),
    ("GET", "/api/ppt/v2/latestData"),
    ("POST", "/v2/api/htmljson-bridge/convert-html-to-json"),
    ("POST", "/api/ppt/v2/generatePptx"),
]


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Env]:
    e = make_env(tmp_path_factory.mktemp("audit-cors"), None)
    yield e
    e.state.db.close()


@pytest.mark.parametrize(("method", "path"), TOKEN_ROUTES)
def test_preflight_allows_the_token_header(env: Env, method: str, path: str) -> None:
    r = env.client.options(
        path,
        headers={
            "Origin": ORIGIN,
            "Access-Control-Request-Method": method,
            "Access-Control-Request-Headers": "token,content-type,last-event-id",
        },
    )
    assert r.status_code == 200, r.text
    assert r.headers["access-control-allow-origin"] == "*"
    allowed = {h.strip().lower() for h in r.headers["access-control-allow-headers"].split(",")}
    assert {"token", "content-type", "last-event-id"} <= allowed
    assert method in r.headers["access-control-allow-methods"]


def test_responses_expose_the_request_id(env: Env) -> None:
    r = env.client.get(
        "/v2/api/portable/task-result",
        params={"taskId": "nope"},
        headers={"token": TOKEN, "Origin": ORIGIN},
    )
    assert r.json()["code"] == 1001
    assert r.headers["access-control-allow-origin"] == "*"
    assert "x-request-id" in r.headers["access-control-expose-headers"].lower()
    assert r.headers["x-request-id"]


def test_api_key_is_not_allowed_from_a_browser(env: Env) -> None:
    r = env.client.options(
        "/api/ppt/listAllPptx",
        headers={
            "Origin": ORIGIN,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "api-key,content-type",
        },
    )
    assert r.status_code == 400
    assert "api-key" not in r.headers.get("access-control-allow-headers", "").lower()


def test_plain_options_is_still_the_envelope(env: Env) -> None:
    r = env.client.options("/api/ppt/listAllPptx")
    assert r.status_code == 200 and r.json()["code"] == 1010


def test_cors_origins_setting_narrows_the_allowed_origins(tmp_path: Path) -> None:
    e = make_env(tmp_path, None, cors_origins="https://app.example.com, https://b.example.org")

    def preflight(origin: str) -> httpx.Response:
        return e.client.options(
            "/v2/api/portable/task-result",
            headers={
                "Origin": origin,
                "Access-Control-Request-Method": "GET",
                "Access-Control-Request-Headers": "token",
            },
        )

    try:
        ok = preflight("https://b.example.org")
        assert ok.status_code == 200
        assert ok.headers["access-control-allow-origin"] == "https://b.example.org"
        other = preflight("https://evil.example.net")
        assert other.status_code == 400
        assert "access-control-allow-origin" not in other.headers
        r = e.client.get(
            "/v2/api/portable/task-result",
            params={"taskId": "nope"},
            headers={"token": TOKEN, "Origin": "https://evil.example.net"},
        )
        assert r.json()["code"] == 1001 and "access-control-allow-origin" not in r.headers
    finally:
        e.state.db.close()
