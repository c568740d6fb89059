"""Portable tasks: validation per field, the queue bound (1012), restart recovery, and SSE over
real HTTP (uvicorn on 127.0.0.1 + an httpx streaming client): event format, replay with
Last-Event-ID, a disconnect that does not cancel, heartbeats and LLM `delta` events."""

from __future__ import annotations

import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from accounts_testkit import assert_code, make_env
from service_testkit import TOKEN, LiveServer
from sqlalchemy import func, select, update
from tasks_testkit import (
    CREATE,
    FAST,
    MARKDOWN,
    PASTED,
    STREAM,
    TEMPLATE,
    Event,
    chat_server,
    create,
    read_sse,
    result,
)

from service.accounts import Principal, static_token_uid
from service.db.models import Task, TaskEvent
from service.tasks import leases, store
from service.tasks.leases import LeasePolicy

OK_MD = {"type": 7, "content": MARKDOWN}


@pytest.fixture(scope="module")
def idle(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """An app whose lifespan is not running: no runner, tasks stay pending."""
    return make_env(tmp_path_factory.mktemp("idle"), None, task_max_upload_bytes=2000)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"type": None}, "type"),
        ({"type": 8}, "type"),
        ({"type": "x"}, "type"),
        ({"type": True}, "type"),
        ({"type": 7}, "content"),
        ({"type": 7, "content": "  "}, "content"),
        ({"type": 1, "content": "t" * 1001}, "content"),
        ({"type": 6, "content": "t" * 20_001}, "content"),
        ({"type": 5, "content": "ftp://example.com/x"}, "content"),
        ({"type": 2}, "file"),
        ({**OK_MD, "templateId": ""}, "templateId"),
        # an unknown templateId answers 1001 (test_spec_audit_tasks), like generatePptx
        ({**OK_MD, "templateId": 5}, "templateId"),
        ({**OK_MD, "length": "huge"}, "length"),
        ({**OK_MD, "stream": "maybe"}, "stream"),
        ({**OK_MD, "prompt": "p" * 501}, "prompt"),
        ({**OK_MD, "lang": "x" * 21}, "lang"),
    ],
)
def test_validation_names_the_field(idle: Any, body: dict[str, Any], field: str) -> None:
    out = idle.post(CREATE, {"templateId": TEMPLATE, **body}, token=TOKEN)
    assert_code(out, 1010, field)
    assert field in out["message"]


@pytest.mark.parametrize(
    ("kind", "files", "field"),
    [
        ("2", [("a.exe", b"MZ")], "file[0]"),
        ("2", [(f"n{i}.txt", b"x") for i in range(6)], "file"),
        ("2", [("big.txt", b"x" * 2500)], "file"),
        ("4", [("doc.md", b"# x")], "file[0]"),
        ("4", [("a.docx", b"PK\x03\x04x"), ("b.docx", b"PK\x03\x04y")], "file"),
        ("7", [("a.md", b"# x")], "file"),
    ],
)
def test_file_validation(idle: Any, kind: str, files: list[tuple[str, bytes]], field: str) -> None:
    parts = [("file", f) for f in files]
    data = {"type": kind, "templateId": TEMPLATE, "content": "# Topic\n## A\n### B\n- c"}
    r = idle.client.post(CREATE, data=data, files=parts, headers={"token": TOKEN})
    assert_code(r.json(), 1010, field)


def test_queue_bound_answers_1012(tmp_path: Path) -> None:
    env = make_env(tmp_path, None, task_queue_size=2)
    try:
        for _ in range(2):
            assert create(env, OK_MD, TOKEN)["code"] == 0
        out = create(env, OK_MD, TOKEN)
        assert out["code"] == 1012, out
    finally:
        env.state.db.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_queue_bound_holds_under_concurrent_creates(
    tmp_path: Path, kind: str, request: pytest.FixtureRequest
) -> None:
    """12 creates at once (threads, each request on its own event loop through the real app)
    against a bound of 5: exactly 5 tasks exist and the 7 others answered 1012 (the bound is
    checked by the insert itself, not by a count before it)."""
    url = request.getfixturevalue("pg_server").create_database() if kind != "sqlite" else None
    env = make_env(tmp_path, url, task_queue_size=5)
    barrier = threading.Barrier(12)

    def one(_: int) -> int:
        barrier.wait()
        out = create(env, OK_MD, TOKEN)
        return int(out["code"])

    try:
        with ThreadPoolExecutor(12) as pool:
            codes = list(pool.map(one, range(12)))
        assert sorted(codes) == [0] * 5 + [1012] * 7, codes
        with env.state.db.session() as s:
            assert s.scalar(select(func.count()).select_from(Task)) == 5
    finally:
        env.state.db.close()


def test_warm_up_writes_nothing(tmp_path: Path) -> None:
    """The start-up warm-up (compiles a create's SQL) inserts no task, file or event."""
    env = make_env(tmp_path, None)
    try:
        store.warm_up(env.state.db, env.clock())
        with env.state.db.session() as s:
            assert s.scalar(select(func.count()).select_from(Task)) == 0
            assert s.scalar(select(func.count()).select_from(TaskEvent)) == 0
    finally:
        env.state.db.close()


def test_restart_fails_tasks_left_processing(tmp_path: Path) -> None:
    before = make_env(tmp_path, None)
    db, now = before.state.db, before.clock()
    me = Principal(before.state.default_account_id, static_token_uid(TOKEN), "test")
    new = store.NewTask(type=7, params={"content": MARKDOWN, "templateId": TEMPLATE}, files=[])
    stale = store.create_task(db, me, new, now=now, queue_size=100).id
    alive = store.create_task(db, me, new, now=now, queue_size=100).id
    with db.session() as s, s.begin():
        for task_id, lease in ((stale, -10), (alive, 3600)):
            s.execute(
                update(Task)
                .where(Task.id == task_id)
                .values(
                    status="processing",
                    step="generate_ppt",
                    lease_owner="dead-instance",
                    lease_expires_at=now + timedelta(seconds=lease),
                )
            )
    db.close()
    after = make_env(tmp_path, None, **FAST)
    with after.client:  # start-up: the runner's recovery runs before it serves
        token = {"token": TOKEN}
        r = after.client.get(
            "/v2/api/portable/task-result", params={"taskId": stale}, headers=token
        )
        out = r.json()
        assert out["code"] == 5001 and out["data"]["errorCode"] == "SERVICE_RESTARTED", out
        assert out["data"]["step"] == "generate_ppt"
        with after.state.db.session() as s:
            failed = s.get(Task, stale)
            running = s.get(Task, alive)
            assert failed is not None and running is not None
            assert (failed.status, failed.error_code) == ("failed", "SERVICE_RESTARTED")
            assert failed.finished_at is not None and failed.lease_owner is None
            assert (running.status, running.lease_owner) == ("processing", "dead-instance")
            last = s.scalar(
                select(TaskEvent.data)
                .where(TaskEvent.task_id == stale)
                .order_by(TaskEvent.seq.desc())
                .limit(1)
            )
            assert last is not None and json.loads(last)["errorCode"] == "SERVICE_RESTARTED"
    after.state.db.close()


def _events(lines: Any) -> tuple[list[Event], list[str]]:
    events: list[Event] = []
    comments: list[str] = []
    for item in read_sse(lines):
        if isinstance(item, Event):
            events.append(item)
            if item.data["status"] in ("success", "failed"):
                break
        else:
            comments.append(item)
    return events, comments


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Any:
    env = make_env(
        tmp_path_factory.mktemp("live"), None, task_sse_heartbeat_s=0.2, task_poll_interval_s=0.05
    )
    with LiveServer(env.app) as server:
        yield env, server
    env.state.db.close()


def test_sse_stream_and_replay(live: Any) -> None:
    env, server = live
    auth = {"token": TOKEN}
    with (
        httpx.Client(base_url=server.url, timeout=120) as http,
        http.stream(
            "POST", CREATE, json={**OK_MD, "templateId": TEMPLATE, "stream": True}, headers=auth
        ) as r,
    ):
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        events, _ = _events(r.iter_lines())
    assert [e.id for e in events] == list(range(1, len(events) + 1))
    assert {e.name for e in events} == {"message"}
    first, last = events[0].data, events[-1].data
    task_id = first["taskId"]
    assert (first["status"], first["step"], first["progress"]) == ("pending", "create_task", 0)
    steps = [e.data["step"] for e in events]
    assert steps == sorted(steps, key=store.STEPS.index)
    assert set(steps) == set(store.STEPS)
    progress = [e.data["progress"] for e in events]
    assert progress == sorted(progress) and progress[-1] == 100
    # an event per page as its HTML is stored (latestData), before the conversion finishes
    pages = [e.data for e in events if "current" in e.data]
    assert [p["current"] for p in pages] == list(range(1, pages[0]["total"] + 1))
    assert {p["step"] for p in pages} == {"generate_ppt"} and pages[-1]["progress"] == 75
    assert last["status"] == "success" and last["fileUrl"] and last["previewUrl"]
    assert last["coverUrl"] and last["pptId"]
    polled = result(env, task_id, TOKEN)["data"]
    assert polled["pptId"] == last["pptId"]
    # reconnect: everything after event 2 is replayed from the database
    with (
        httpx.Client(base_url=server.url, timeout=60) as http,
        http.stream(
            "GET", STREAM, params={"taskId": task_id}, headers={**auth, "Last-Event-ID": "2"}
        ) as r,
    ):
        replay, _ = _events(r.iter_lines())
    assert [e.id for e in replay] == [e.id for e in events[2:]]
    assert [e.data for e in replay] == [e.data for e in events[2:]]


def test_disconnect_does_not_cancel(live: Any) -> None:
    env, server = live
    body = {"type": 6, "content": PASTED, "templateId": TEMPLATE, "stream": "true"}
    with (
        httpx.Client(base_url=server.url, timeout=60) as http,
        http.stream("POST", CREATE, json=body, headers={"token": TOKEN}) as r,
    ):
        first = next(e for e in read_sse(r.iter_lines()) if isinstance(e, Event))
    task_id = first.data["taskId"]
    from tasks_testkit import wait_done

    done = wait_done(env, task_id, TOKEN)
    assert done["data"]["status"] == "success", done


def test_llm_deltas_and_heartbeats(live: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    env, server = live
    answer = "# Garden\n\n## Work\n\n### Beds\n- Twenty families\n- Herbs and vegetables\n"
    pieces = [answer[i : i + 8] for i in range(0, len(answer), 8)]
    with chat_server(pieces, delay=0.06) as chat:
        monkeypatch.setenv("DECKFORGE_LLM_BASE_URL", chat.base_url)
        monkeypatch.setenv("DECKFORGE_LLM_MODEL", "test-model")
        monkeypatch.setenv("DECKFORGE_LLM_RETRIES", "0")
        body = {"type": 6, "content": PASTED, "templateId": TEMPLATE, "stream": True}
        with (
            httpx.Client(base_url=server.url, timeout=120) as http,
            http.stream("POST", CREATE, json=body, headers={"token": TOKEN}) as r,
        ):
            events, comments = _events(r.iter_lines())
        assert chat.requests and chat.requests[0]["stream"] is True
    deltas = [e.data["delta"] for e in events if "delta" in e.data]
    assert "".join(deltas) == answer
    assert all(e.data["step"] == "generate_content" for e in events if "delta" in e.data)
    assert "heartbeat" in comments
    assert events[-1].data["status"] == "success", events[-1]


def test_claim_respects_the_per_account_bound(tmp_path: Path) -> None:
    env = make_env(tmp_path, None)
    db, now = env.state.db, env.clock()
    try:
        with db.session() as s:
            from service import accounts

            other = accounts.create_account(s, "other", credits=100, now=now)
            s.commit()
            other_id = other.id
        new = store.NewTask(type=7, params={"content": MARKDOWN, "templateId": TEMPLATE}, files=[])
        mine = Principal(env.state.default_account_id, "u1", "test")
        theirs = Principal(other_id, "u2", "test")
        ids = []
        for _ in range(3):
            env.clock.advance(1)  # the claim takes the oldest first
            ids.append(store.create_task(db, mine, new, now=env.clock(), queue_size=100).id)
        env.clock.advance(1)
        late = store.create_task(db, theirs, new, now=env.clock(), queue_size=100).id

        policy = LeasePolicy(lease_s=60, per_account=2, redeliveries=0, hand_back=False)

        def claim() -> str | None:
            return leases.claim_next(db, "me", now=env.clock(), policy=policy)

        assert [claim(), claim(), claim(), claim()] == [ids[0], ids[1], late, None]
        with db.session() as s:
            waiting = s.get(Task, ids[2])
            assert waiting is not None and waiting.status == "pending"
            s.execute(update(Task).where(Task.id == ids[0]).values(status="success"))
            s.commit()
        assert claim() == ids[2]
    finally:
        db.close()


def test_clean_stop_fails_running_tasks_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with chat_server(["# Slow\n"] * 40, delay=0.25) as chat:
        monkeypatch.setenv("DECKFORGE_LLM_BASE_URL", chat.base_url)
        monkeypatch.setenv("DECKFORGE_LLM_MODEL", "test-model")
        env = make_env(tmp_path, None, **FAST)
        with env.client:
            task_id = create(env, {"type": 6, "content": PASTED}, TOKEN)["data"]["taskId"]
            deadline = time.monotonic() + 30
            while result(env, task_id, TOKEN)["data"]["step"] != "generate_content":
                assert time.monotonic() < deadline
                time.sleep(0.05)
        with env.state.db.session() as s:
            task = s.get(Task, task_id)
            assert task is not None
            assert (task.status, task.error_code) == ("failed", "SERVICE_RESTARTED")
        env.state.db.close()
