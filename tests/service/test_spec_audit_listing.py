"""Spec audit of the number fields of 4.6, 4.7 and createApiToken through the real app: a JSON
boolean is not a number (pydantic's lax mode read `size: true` as 1 and listed one entry)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from accounts_testkit import CREATE_TOKEN, LIST_PPTS, LIST_RECORDS, Env, assert_code, make_env


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Env]:
    e = make_env(tmp_path_factory.mktemp("audit-listing"), None)
    yield e
    e.state.db.close()


@pytest.mark.parametrize("path", [LIST_RECORDS, LIST_PPTS])
@pytest.mark.parametrize("field", ["page", "size"])
@pytest.mark.parametrize("value", [True, False])
def test_paging_numbers_refuse_booleans(env: Env, path: str, field: str, value: bool) -> None:
    out = env.post(path, {field: value}, Api_Key=env.dev_key)
    assert_code(out, 1010, field)
    assert out["data"]["errorDetails"][0]["reason"] == "must be a number, not a boolean"


def test_record_type_refuses_booleans(env: Env) -> None:
    assert_code(env.post(LIST_RECORDS, {"type": True}, Api_Key=env.dev_key), 1010, "type")


@pytest.mark.parametrize("field", ["limit", "timeOfHours"])
def test_token_numbers_refuse_booleans(env: Env, field: str) -> None:
    out = env.post(CREATE_TOKEN, {"uid": "u1", field: True}, Api_Key=env.dev_key)
    assert_code(out, 1010, field)


def test_numbers_still_accepted(env: Env) -> None:
    """Integral numbers (also written 2.0) and numeric strings keep working."""
    for body in ({"page": 2, "size": 5}, {"page": 2.0, "size": "5"}):
        out = env.post(LIST_PPTS, body, Api_Key=env.dev_key)
        assert out["code"] == 0, out
        assert (out["data"]["page"], out["data"]["size"]) == (2, 5)
    out = env.post(CREATE_TOKEN, {"uid": "u1", "limit": 3, "timeOfHours": 1}, Api_Key=env.dev_key)
    assert out["code"] == 0, out


def test_page_bounds(env: Env) -> None:
    """docs/service.md: page 1..1,000,000; a page past the end is empty with the real total."""
    out = env.post(LIST_PPTS, {"page": 1_000_000, "size": 100}, Api_Key=env.dev_key)
    assert out["code"] == 0 and out["data"]["records"] == []
    assert out["data"]["page"] == 1_000_000
    assert_code(env.post(LIST_PPTS, {"page": 1_000_001}, Api_Key=env.dev_key), 1010, "page")
