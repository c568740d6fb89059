"""Task rows as the queue sees them (a delivered message -> the row claimed with a lease, or the
message dropped; a running task handed back; the rows the sweep looks at).

The database decides, never the queue: a message is only a hint that a task may need running.
A claim is one transaction on the row: a finished task drops the message; a task with a live
lease (another worker's, or this one's) drops it too (the owner runs it; if it dies, the sweep
or Dramatiq brings a message back); a pending task, a task handed back (no owner) or one whose
lease expired (its worker died) is taken. Each take-over after a death counts one redelivery; past the budget the
task fails with RETRIES_EXHAUSTED. Blocking functions: call them from a thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, select, update

from service.db.engine import Database
from service.db.models import Task
from service.tasks import store

RUN = "run"
DROP_DONE = "done"  # already finished: the message was a duplicate
DROP_LEASED = "leased"  # a live other owner runs it
DROP_MISSING = "missing"  # no such task (deleted)
ACCOUNT_BUSY = "account-busy"  # the account runs task_per_account tasks already: try later
EXHAUSTED = "exhausted"  # failed now: too many redeliveries
RACE = "race"  # the row changed under us: the other claimant runs it

RETRIES_EXHAUSTED = "RETRIES_EXHAUSTED"


def exhausted_message(deaths: int) -> str:
    return (
        f"the task's worker stopped {deaths} time{'' if deaths == 1 else 's'} before it finished "
        "(redelivery budget used up); create the task again"
    )


@dataclass(frozen=True)
class Claim:
    outcome: str
    attempt: int = 0
    redelivered: bool = False
    waited_s: float = 0.0  # RUN: from the task's creation to this claim


def claim_delivery(
    db: Database,
    task_id: str,
    owner: str,
    *,
    now: datetime,
    lease_s: float,
    per_account: int,
    max_redeliveries: int,
) -> Claim:
    """Decide what a delivered `run_task(task_id)` message does (see the module docstring)."""
    with db.session() as s, s.begin():
        task = s.scalar(select(Task).where(Task.id == task_id).with_for_update())
        if task is None:
            return Claim(DROP_MISSING)
        if task.status in store.DONE:
            return Claim(DROP_DONE)
        prev_owner, expires = task.lease_owner, task.lease_expires_at
        redelivered = False
        if task.status == store.PROCESSING:
            live = prev_owner is not None and expires is not None and expires >= now
            if live:  # also our own lease: a duplicate message while this process runs it
                return Claim(DROP_LEASED)
            # A handed-back task (no owner) is not a redelivery; a dead owner's task is.
            redelivered = prev_owner is not None
        else:
            busy = s.scalar(
                select(func.count())
                .select_from(Task)
                .where(Task.account_id == task.account_id, Task.status == store.PROCESSING)
            )
            if int(busy or 0) >= per_account:
                return Claim(ACCOUNT_BUSY)
        attempt = int(task.attempts or 0) + (1 if redelivered or task.attempts == 0 else 0)
        if attempt > max_redeliveries + 1:
            store.fail(s, task_id, None, RETRIES_EXHAUSTED, exhausted_message(attempt - 1), now)
            return Claim(EXHAUSTED, attempt - 1, redelivered)
        step = store.STEPS[1]
        cond = (Task.id == task_id) & (Task.status == task.status)
        cond &= Task.lease_owner.is_(None) if prev_owner is None else Task.lease_owner == prev_owner
        changed = s.execute(
            update(Task)
            .where(cond)
            .values(
                status=store.PROCESSING,
                lease_owner=owner,
                lease_expires_at=now + timedelta(seconds=lease_s),
                heartbeat_at=now,
                started_at=task.started_at or now,
                updated_at=now,
                step=step,
                progress=store.PROGRESS[step],
                attempts=attempt,
            )
        )
        if changed.rowcount != 1:  # type: ignore[attr-defined]
            return Claim(RACE)
        s.refresh(task)
        store.add_event(s, task_id, store.event_data(task), now)
        waited = (now - task.created_at).total_seconds()
        return Claim(RUN, attempt, redelivered, max(0.0, waited))


def record_enqueued(db: Database, task_id: str, message_id: str, *, now: datetime) -> None:
    """Remember the task's current message (the sweep checks it is still in Redis)."""
    with db.session() as s, s.begin():
        s.execute(
            update(Task)
            .where(Task.id == task_id, Task.status.in_((store.PENDING, store.PROCESSING)))
            .values(queue_message_id=message_id, enqueued_at=now)
        )


def hand_back(db: Database, task_id: str, owner: str, *, now: datetime) -> bool:
    """Release a running task's lease at once (graceful stop past the grace period): the next
    message takes it over without counting a redelivery. False when it was no longer ours."""
    with db.session() as s, s.begin():
        changed = s.execute(
            update(Task)
            .where(Task.id == task_id, Task.lease_owner == owner, Task.status == store.PROCESSING)
            .values(lease_owner=None, lease_expires_at=now, updated_at=now)
        )
        return changed.rowcount == 1  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Stale:
    """A task the sweep looks at: waiting or running with an expired (or released) lease."""

    id: str
    status: str
    message_id: str | None
    attempts: int
    owner: str | None  # processing: the dead owner; None when handed back (or pending)


def stale_tasks(db: Database, *, now: datetime, older_than_s: float, limit: int) -> list[Stale]:
    """Pending tasks enqueued (or created) over `older_than_s` ago, and processing tasks whose
    lease expired over `older_than_s` ago or was handed back: the candidates for a message."""
    cutoff = now - timedelta(seconds=older_than_s)
    enqueued = func.coalesce(Task.enqueued_at, Task.created_at)
    pending = (Task.status == store.PENDING) & (enqueued < cutoff)
    orphaned = (Task.status == store.PROCESSING) & (
        Task.lease_owner.is_(None) | (Task.lease_expires_at < cutoff)
    )
    with db.session() as s:
        rows = s.execute(
            select(Task.id, Task.status, Task.queue_message_id, Task.attempts, Task.lease_owner)
            .where(pending | orphaned)
            .order_by(Task.created_at)
            .limit(limit)
        ).all()
    return [Stale(str(i), str(st), m, int(a or 0), o) for i, st, m, a, o in rows]


def fail_exhausted(db: Database, task_id: str, attempts: int, *, now: datetime) -> bool:
    """Fail a processing task whose lease expired and whose redelivery budget is used up."""
    with db.session() as s, s.begin():
        return store.fail(s, task_id, None, RETRIES_EXHAUSTED, exhausted_message(attempts), now)
