"""Spec audit of section 5 through the real app: every `token` operation (4.1-4.5, and the SSE
reconnect) refuses an expired temporary token and an `Api-Key`; 4.6 and 4.7 refuse a token.
All with code 98, HTTP 200 and a requestId."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from accounts_testkit import LIST_PPTS, LIST_RECORDS, Env, assert_code, make_env

TOKEN_ROUTES = [
    ("POST", "/v2/api/portable/create-task", {"type": 7, "content": "# A", "templateId": "x"}),
    ("GET", "/v2/api/portable/task-result?taskId=t", None),
    ("POST", "/v2/api/portable/task-result", {"taskId": "t"}),
    ("GET", "/v2/api/portable/task-stream?taskId=t", None),
    ("GET", "/api/ppt/v2/latestData?taskId=t", None),
    ("POST", "/v2/api/htmljson-bridge/convert-html-to-json", {"htmls": ["<p>x</p>"]}),
    ("POST", "/api/ppt/v2/generatePptx", {"markdown": "# A"}),
]


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Env]:
    e = make_env(tmp_path_factory.mktemp("audit-auth"), None)
    yield e
    e.state.db.close()


def _call(env: Env, method: str, path: str, body: Any, headers: dict[str, str]) -> dict[str, Any]:
    r = env.client.request(method, path, json=body, headers=headers)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


@pytest.mark.parametrize(("method", "path", "body"), TOKEN_ROUTES)
def test_expired_token_is_98_everywhere(env: Env, method: str, path: str, body: Any) -> None:
    token = env.token(env.dev_key, "audit-user", timeOfHours=1)
    env.clock.advance(3600)
    try:
        out = _call(env, method, path, body, {"token": token})
    finally:
        env.clock.advance(-3600)
    assert_code(out, 98)
    assert "expired" in out["message"]


@pytest.mark.parametrize(("method", "path", "body"), TOKEN_ROUTES)
def test_api_key_is_not_a_token(env: Env, method: str, path: str, body: Any) -> None:
    assert_code(_call(env, method, path, body, {"Api-Key": env.dev_key}), 98)


@pytest.mark.parametrize("path", [LIST_RECORDS, LIST_PPTS])
def test_token_is_not_an_api_key(env: Env, path: str) -> None:
    token = env.token(env.dev_key, "audit-user")
    assert_code(_call(env, "POST", path, {}, {"token": token}), 98)
    assert_code(_call(env, "POST", path, {}, {"Api-Key": token}), 98)
