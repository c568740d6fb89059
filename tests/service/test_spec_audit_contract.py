"""Spec audit of the decisions docs/service.md states for what the spec leaves open: versioning (9: the
exact paths, no aliases, no trailing-slash redirect), task transitions (3) and latestData's
`completed` against 4.2 (4.3: getConvertResult's role)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from accounts_testkit import Env, make_env
from service_testkit import TOKEN, LiveServer
from tasks_testkit import CREATE, LATEST, MARKDOWN, RESULT, TEMPLATE, Event, read_sse, result

SPEC_PATHS = [
    ("POST", "/v2/api/portable/create-task"),
    ("GET", "/v2/api/portable/task-result"),
    ("POST", "/v2/api/portable/task-result"),
    ("GET", "/api/ppt/v2/latestData"),
    ("POST", "/v2/api/htmljson-bridge/convert-html-to-json"),
    ("POST", "/api/ppt/v2/generatePptx"),
    ("POST", "/api/record/listPage"),
    ("POST", "/api/ppt/listAllPptx"),
]
OTHER_SPELLINGS = [
    ("POST", "/api/portable/create-task"),
    ("POST", "/v1/api/portable/create-task"),
    ("GET", "/v2/api/ppt/latestData"),
    ("POST", "/api/ppt/generatePptx"),
    ("POST", "/v2/api/ppt/listAllPptx"),
    ("POST", "/api/htmljson-bridge/convert-html-to-json"),
]


@pytest.fixture(scope="module")
def idle(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Env]:
    env = make_env(tmp_path_factory.mktemp("audit-contract"), None)
    yield env
    env.state.db.close()


@pytest.mark.parametrize(("method", "path"), SPEC_PATHS)
def test_spec_paths_exist_and_trailing_slash_is_not_redirected(
    idle: Env, method: str, path: str
) -> None:
    exact = idle.client.request(method, path, headers={"token": "nope", "Api-Key": "nope"})
    assert exact.status_code == 200 and exact.json()["code"] == 98  # the route is there
    slashed = idle.client.request(method, path + "/", follow_redirects=False)
    assert slashed.status_code == 200, slashed.headers  # was a 307 to the path without "/"
    assert slashed.json()["code"] == 1001


@pytest.mark.parametrize(("method", "path"), OTHER_SPELLINGS)
def test_other_versions_are_not_aliases(idle: Env, method: str, path: str) -> None:
    r = idle.client.request(method, path, headers={"token": TOKEN}, follow_redirects=False)
    assert r.status_code == 200 and r.json()["code"] == 1001


def test_wrong_method_is_1010(idle: Env) -> None:
    r = idle.client.get("/api/ppt/listAllPptx", headers={"Api-Key": idle.dev_key})
    assert r.status_code == 200 and r.json()["code"] == 1010


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Env, LiveServer]]:
    env = make_env(tmp_path_factory.mktemp("audit-flow"), None, task_poll_interval_s=0.05)
    with LiveServer(env.app) as server:
        yield env, server
    env.state.db.close()


def _statuses(server: LiveServer, body: dict[str, Any]) -> tuple[str, list[str]]:
    with (
        httpx.Client(base_url=server.url, timeout=120) as http,
        http.stream("POST", CREATE, json={**body, "stream": True}, headers={"token": TOKEN}) as r,
    ):
        events = [e for e in read_sse(r.iter_lines()) if isinstance(e, Event)]
    return events[0].data["taskId"], [e.data["status"] for e in events]


TRANSITIONS = re.compile(r"pending( processing)* (success|failed)")


@pytest.mark.parametrize(
    ("body", "final"),
    [
        ({"type": 7, "content": MARKDOWN}, "success"),
        ({"type": 1, "content": "Solar power"}, "failed"),  # no LLM configured
    ],
)
def test_transitions(live: tuple[Env, LiveServer], body: dict[str, Any], final: str) -> None:
    env, server = live
    task_id, statuses = _statuses(server, {**body, "templateId": TEMPLATE})
    assert TRANSITIONS.fullmatch(" ".join(statuses)), statuses
    assert statuses[-1] == final
    for _ in range(2):  # final: polling keeps answering it
        out = result(env, task_id, TOKEN)
        assert out["data"]["status"] == final
        assert out["code"] == (0 if final == "success" else 5001)
    latest = env.client.get(LATEST, params={"taskId": task_id}, headers={"token": TOKEN}).json()
    assert latest["data"]["status"] == "completed" and latest["data"]["taskStatus"] == final


def test_latest_data_completed_only_once_the_result_is_final(
    live: tuple[Env, LiveServer],
) -> None:
    env, _ = live
    body = {"type": 7, "content": MARKDOWN, "templateId": TEMPLATE}
    task_id = env.post(CREATE, body, token=TOKEN)["data"]["taskId"]
    auth = {"token": TOKEN}
    seen: set[str] = set()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        before = env.client.get(LATEST, params={"taskId": task_id}, headers=auth).json()["data"]
        polled = env.client.get(RESULT, params={"taskId": task_id}, headers=auth).json()["data"]
        after = env.client.get(LATEST, params={"taskId": task_id}, headers=auth).json()["data"]
        final = polled["status"] in ("success", "failed")
        assert before["status"] in ("running", "completed")
        if before["status"] == "completed":
            assert final and polled["fileUrl"]
        if final:
            assert after["status"] == "completed"
            assert after["payload"]["current"] == after["payload"]["total"] > 0
            break
        seen.add(before["status"])
        time.sleep(0.02)
    else:
        raise AssertionError("the task did not finish")
    assert "running" in seen


def test_success_stays_final_after_the_ppt_is_deleted(live: tuple[Env, LiveServer]) -> None:
    env, server = live
    task_id, statuses = _statuses(server, {"type": 7, "content": MARKDOWN, "templateId": TEMPLATE})
    assert statuses[-1] == "success"
    ppt_id = result(env, task_id, TOKEN)["data"]["pptId"]
    assert env.post("/api/ppt/delete", {"id": ppt_id}, token=TOKEN)["code"] == 0
    out = result(env, task_id, TOKEN)
    assert out["code"] == 0 and out["data"]["status"] == "success"
    assert out["data"]["pptId"] == ppt_id
    assert [out["data"][k] for k in ("fileUrl", "coverUrl", "previewUrl")] == [None] * 3


def test_repeated_calls(idle: Env) -> None:
    """docs/service.md "Repeated calls": the same create twice is two tasks; a read repeats; delete
    twice is 0 then 1001."""
    body = {"type": 7, "content": MARKDOWN, "templateId": TEMPLATE}
    first = idle.post(CREATE, body, token=TOKEN)["data"]["taskId"]
    second = idle.post(CREATE, body, token=TOKEN)["data"]["taskId"]
    assert first != second
    assert result(idle, first, TOKEN) == result(idle, first, TOKEN)
    principal, key = idle.new_account("repeats", credits=5)
    ppt_id = idle.add_ppt(principal.account_id, "u1", idle.clock())
    assert idle.post("/api/ppt/delete", {"id": ppt_id}, Api_Key=key)["code"] == 0
    assert idle.post("/api/ppt/delete", {"id": ppt_id}, Api_Key=key)["code"] == 1001
