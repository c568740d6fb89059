"""Spec audit of the portable task endpoints (4.1, 4.2, 6) through the real app: a reconnect
after the final event ends at once, an unknown templateId is 1001 as in generatePptx, `type`
is any JSON number 1-7, and a wrongly typed field is named as such."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from accounts_testkit import assert_code, make_env
from service_testkit import TOKEN, LiveServer
from tasks_testkit import CREATE, MARKDOWN, STREAM, TEMPLATE, Event, read_sse, wait_done

GENERATE = "/api/ppt/v2/generatePptx"


@pytest.fixture(scope="module")
def idle(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """An app whose lifespan is not running: no runner, tasks stay pending."""
    env = make_env(tmp_path_factory.mktemp("audit-idle"), None)
    yield env
    env.state.db.close()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Any:
    env = make_env(tmp_path_factory.mktemp("audit-live"), None, task_poll_interval_s=0.05)
    with LiveServer(env.app) as server:
        yield env, server
    env.state.db.close()


def test_reconnect_after_the_final_event_ends_at_once(live: Any) -> None:
    """EventSource reconnects when a stream ends, sending the last id it saw: for a finished
    task with nothing after that id the stream must end, not wait (it waited ~16 min)."""
    env, server = live
    body = {"type": 7, "content": MARKDOWN, "templateId": TEMPLATE}
    task_id = env.post(CREATE, body, token=TOKEN)["data"]["taskId"]
    assert wait_done(env, task_id, TOKEN)["data"]["status"] == "success"
    with httpx.Client(base_url=server.url, timeout=60) as http:
        with http.stream("GET", STREAM, params={"taskId": task_id}, headers={"token": TOKEN}) as r:
            events = [e for e in read_sse(r.iter_lines()) if isinstance(e, Event)]
        final = events[-1]
        assert final.data["status"] == "success"
        for last_seen in (final.id, final.id + 5):
            started = time.monotonic()
            with http.stream(
                "GET",
                STREAM,
                params={"taskId": task_id},
                headers={"token": TOKEN, "Last-Event-ID": str(last_seen)},
                timeout=httpx.Timeout(60, read=5),
            ) as r:
                assert r.headers["content-type"].startswith("text/event-stream")
                items = list(read_sse(r.iter_lines()))
            assert items == ["stream open"]
            assert time.monotonic() - started < 5
        # one before the final event: the final event is replayed, then the stream ends
        with http.stream(
            "GET",
            STREAM,
            params={"taskId": task_id},
            headers={"token": TOKEN, "Last-Event-ID": str(final.id - 1)},
        ) as r:
            replay = [e for e in read_sse(r.iter_lines()) if isinstance(e, Event)]
        assert [e.id for e in replay] == [final.id]


def test_unknown_template_is_1001_like_generate(live: Any) -> None:
    env, _ = live
    body = {"type": 7, "content": MARKDOWN, "templateId": "no-such-template"}
    created = env.post(CREATE, body, token=TOKEN)
    assert_code(created, 1001, "templateId")
    generated = env.post(
        GENERATE, {"markdown": MARKDOWN, "templateId": "no-such-template"}, token=TOKEN
    )
    assert_code(generated, 1001, "templateId")
    assert created["message"] == generated["message"] == "template not found: templateId"


@pytest.mark.parametrize("kind", [7.0, "7"])
def test_type_is_any_json_number(idle: Any, kind: Any) -> None:
    out = idle.post(
        CREATE, {"type": kind, "content": MARKDOWN, "templateId": TEMPLATE}, token=TOKEN
    )
    assert out["code"] == 0, out
    assert out["data"]["status"] == "pending"


@pytest.mark.parametrize(
    ("body", "field", "reason"),
    [
        ({"content": MARKDOWN}, "type", "is required: a number 1-7"),
        ({"type": 7.5, "content": MARKDOWN}, "type", "must be a number 1-7"),
        ({"type": True, "content": MARKDOWN}, "type", "must be a number 1-7"),
        ({"type": [7], "content": MARKDOWN}, "type", "must be a number 1-7"),
        ({"type": 6, "content": 5}, "content", "must be a string"),
        ({"type": 7, "content": ["# a"]}, "content", "must be a string"),
        ({"type": 7}, "content", "is required for type 7"),
    ],
)
def test_wrong_types_are_named(idle: Any, body: dict[str, Any], field: str, reason: str) -> None:
    out = idle.post(CREATE, {"templateId": TEMPLATE, **body}, token=TOKEN)
    assert_code(out, 1010, field)
    assert out["data"]["errorDetails"][0]["reason"] == reason
