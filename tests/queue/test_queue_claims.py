"""The lease mechanism as the queue uses it (a delivered message's claim, take-overs, hand-back)
and the sweep, against a real database (SQLite) and a real Redis."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from accounts_testkit import make_env
from queue_testkit import RedisServer
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from tasks_testkit import MARKDOWN, TEMPLATE

from service import library
from service.accounts import Principal
from service.db.models import Task, TaskEvent
from service.queue.broker import QueueClient, record_enqueued
from service.queue.sweep import sweep
from service.tasks import leases, store
from service.tasks.leases import LeasePolicy

NEW = store.NewTask(type=7, params={"content": MARKDOWN, "templateId": TEMPLATE}, files=[])


def _events(db: object, task_id: str) -> list[dict[str, object]]:
    with db.session() as s:  # type: ignore[attr-defined]
        rows = s.scalars(
            select(TaskEvent.data).where(TaskEvent.task_id == task_id).order_by(TaskEvent.seq)
        )
        return [json.loads(r) for r in rows]


def _row(db: object, task_id: str) -> Task:
    with db.session() as s:  # type: ignore[attr-defined]
        task = s.get(Task, task_id)
        assert task is not None
        s.expunge(task)
        return task


def test_claims_take_drop_and_count_redeliveries(tmp_path: Path) -> None:
    env = make_env(tmp_path, None)
    db, clock = env.state.db, env.clock
    me = Principal(env.state.default_account_id, "u1", "test")
    task_id = store.create_task(db, me, NEW, now=clock(), queue_size=10).id

    policy = LeasePolicy(lease_s=10, per_account=5, redeliveries=1, hand_back=True)

    def claim(owner: str) -> leases.Claim:
        return leases.claim(db, task_id, owner, now=clock(), policy=policy)

    assert claim("a") == leases.Claim(leases.RUN, 1, False, 0.0)
    assert claim("b").outcome == leases.DROP_LEASED  # a's lease is live
    clock.advance(11)  # a died: its lease expired
    assert claim("b") == leases.Claim(leases.RUN, 2, True, 11.0)  # waited since creation
    assert leases.hand_back(db, task_id, "b", now=clock())
    assert not leases.hand_back(db, task_id, "b", now=clock())  # no longer b's
    assert claim("c").redelivered is False  # a hand-back is no redelivery
    assert _row(db, task_id).attempts == 2
    clock.advance(11)  # c died too: budget 1 redelivery is used up
    assert claim("d").outcome == leases.EXHAUSTED
    task = _row(db, task_id)
    assert (task.status, task.error_code, task.attempts) == ("failed", "RETRIES_EXHAUSTED", 2)
    assert claim("e").outcome == leases.DROP_DONE
    statuses = [e["status"] for e in _events(db, task_id)]
    assert statuses == ["pending", "processing", "processing", "processing", "failed"]
    missing = leases.claim(db, "nope", "x", now=clock(), policy=policy)
    assert missing == leases.Claim(leases.DROP_MISSING)
    env.state.db.close()


def test_claim_waits_for_a_busy_account(tmp_path: Path) -> None:
    env = make_env(tmp_path, None)
    db, clock = env.state.db, env.clock
    me = Principal(env.state.default_account_id, "u1", "test")
    first = store.create_task(db, me, NEW, now=clock(), queue_size=10).id
    second = store.create_task(db, me, NEW, now=clock(), queue_size=10).id
    policy = LeasePolicy(lease_s=10.0, per_account=1, redeliveries=3, hand_back=True)
    assert leases.claim(db, first, "a", now=clock(), policy=policy).outcome == leases.RUN
    assert leases.claim(db, second, "b", now=clock(), policy=policy).outcome == leases.ACCOUNT_BUSY
    assert _row(db, second).status == "pending"
    env.state.db.close()


def test_one_ppt_and_one_charge_per_task(tmp_path: Path) -> None:
    env = make_env(tmp_path, None)
    db, clock = env.state.db, env.clock
    me = Principal(env.state.default_account_id, "u1", "test")
    new = library.NewPpt(file_name="a.pptx", pages=2, source="task", file_key="k", task_id="t1")
    with db.session() as s:
        library.produce_ppt(s, me, new, cost=2, now=clock())
        s.commit()
    with db.session() as s, pytest.raises(IntegrityError):
        library.produce_ppt(s, me, new, cost=2, now=clock())
    env.state.db.close()


def test_sweep_requeues_lost_messages_and_fails_exhausted(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    env = make_env(tmp_path, None, queue_url=redis_server.url, queue_requeue_after_s=5)
    db, clock, settings = env.state.db, env.clock, env.state.settings
    me = Principal(env.state.default_account_id, "u1", "test")
    client = QueueClient(settings, maintenance_chance=1_000_000)
    client.broker.flush_all()
    dead = store.create_task(db, me, NEW, now=clock(), queue_size=10).id
    policy = LeasePolicy(3.0, 5, settings.queue_max_redeliveries, hand_back=True)
    for _ in range(settings.queue_max_redeliveries + 1):  # claimed, then its worker died
        assert leases.claim(db, dead, "w", now=clock(), policy=policy).outcome == leases.RUN
        clock.advance(4)
    lost = store.create_task(db, me, NEW, now=clock(), queue_size=10).id
    queued = store.create_task(db, me, NEW, now=clock(), queue_size=10).id
    record_enqueued(db, lost, "gone-from-redis", now=clock())
    assert client.submit(db, queued, clock())
    assert sweep(db, client, settings, now=clock()).requeued == 0  # too recent
    clock.advance(10)
    result = sweep(db, client, settings, now=clock())
    assert (result.requeued, result.failed) == (1, 1)
    assert client.present(str(_row(db, lost).queue_message_id))
    assert _row(db, dead).error_code == "RETRIES_EXHAUSTED"
    assert client.depth() == 2  # `queued` kept its message; `lost` got a new one
    assert sweep(db, client, settings, now=clock()) == type(result)(0, 0)
    client.close()
    env.state.db.close()
