"""Task leases (a task row + a runner -> claimed, renewed, handed back, given up or expired): the one
mechanism by which a task runs in one place at a time, whichever backend told a runner about it.

The database decides, never the delivery: a queue message or a poll is only a hint that a task
may need running. A claim is one transaction on the row: a finished task drops the hint; a task
with a live lease (another runner's, or this one's) drops it too (its owner runs it); a pending
task, a task handed back (no owner) or one whose lease expired (its runner died) is taken, with a
lease (`lease_owner`, `lease_expires_at`) the runner renews every third of `lease_s`. Each
take-over after a death counts one redelivery (`attempts`); past the policy's budget the task
fails. Every later state change of the task is conditional on the lease (store.owned), so a
runner that lost its task (expired, handed back) never writes to it again; the upload step is one
transaction conditional on the lease, and a task has at most one PPT and one charge (unique
`task_id`): running a step twice is harmless.

    LeasePolicy   what one deployment promises (LeasePolicy.of): in-process, a task runs at most
                  once (no redelivery; a stopped instance's tasks fail SERVICE_RESTARTED); with a
                  queue, a task whose worker died is taken over up to queue_max_redeliveries
                  times (then RETRIES_EXHAUSTED) and a stopping worker hands its tasks back
    claim         a given task (a delivered queue message)
    claim_next    the oldest pending task (the in-process backend's poll)
    renew         the heartbeat of a runner's tasks
    hand_back     release a lease at once (a graceful stop, a database outage): the next claim
                  takes the task without counting a redelivery
    give_up       a stopping runner's unfinished tasks: handed back, or failed (policy)
    expire        tasks whose runner died, past their budget: failed

Blocking functions: call them from a thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, bindparam, func, select, update
from sqlalchemy.orm import Session

from service.config import Settings
from service.db.engine import Database
from service.db.models import Task
from service.tasks import store

RUN = "run"
DROP_DONE = "done"  # already finished: the hint was a duplicate
DROP_LEASED = "leased"  # a live other owner runs it
DROP_MISSING = "missing"  # no such task (deleted)
ACCOUNT_BUSY = "account-busy"  # the account runs its share of tasks already: try later
EXHAUSTED = "exhausted"  # failed now: too many redeliveries
RACE = "race"  # the row changed under us: the other claimant runs it

RETRIES_EXHAUSTED = "RETRIES_EXHAUSTED"
SERVICE_RESTARTED = store.SERVICE_RESTARTED


def exhausted_message(deaths: int) -> str:
    return (
        f"the task's worker stopped {deaths} time{'' if deaths == 1 else 's'} before it finished "
        "(redelivery budget used up); create the task again"
    )


@dataclass(frozen=True)
class LeasePolicy:
    """`per_account`: tasks of one account processing at once (a claim beyond it waits);
    `redeliveries`: take-overs of a task whose runner died; `hand_back`: a stopping runner hands
    its tasks back (else they fail SERVICE_RESTARTED, as do expired ones without redeliveries)."""

    lease_s: float
    per_account: int
    redeliveries: int
    hand_back: bool

    @classmethod
    def of(cls, settings: Settings, *, queued: bool) -> LeasePolicy:
        """In-process (`queued` False): the runner's per-account share of its slots, at most
        once. Queue: the service-wide per-account share, at least once within the budget."""
        if queued:
            return cls(
                settings.task_lease_s,
                settings.task_per_account,
                settings.queue_max_redeliveries,
                hand_back=True,
            )
        return cls(settings.task_lease_s, settings.account_running_tasks, 0, hand_back=False)

    def failure(self, deaths: int) -> tuple[str, str]:
        """(errorCode, errorMessage) of a task whose runner died once too often."""
        if self.hand_back:
            return RETRIES_EXHAUSTED, exhausted_message(deaths)
        return SERVICE_RESTARTED, store.RESTARTED_MESSAGE


@dataclass(frozen=True)
class Claim:
    outcome: str
    attempt: int = 0
    redelivered: bool = False
    waited_s: float = 0.0  # RUN: from the task's creation to this claim


def _take(
    s: Session,
    task: Task,
    owner: str,
    now: datetime,
    lease_s: float,
    attempt: int,
    guard: ColumnElement[bool] | None = None,
) -> bool:
    """The conditional UPDATE that gives `task` (as read in this transaction) to `owner`, and its
    event; False when another claimant changed the row first (or `guard` no longer holds)."""
    step = store.STEPS[1]
    prev = task.lease_owner
    cond = (Task.id == task.id) & (Task.status == task.status)
    cond &= Task.lease_owner.is_(None) if prev is None else Task.lease_owner == prev
    if guard is not None:
        cond &= guard
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
        return False
    s.refresh(task)
    store.add_event(s, task.id, store.event_data(task), now)
    return True


def claim(db: Database, task_id: str, owner: str, *, now: datetime, policy: LeasePolicy) -> Claim:
    """Decide what a hint that `task_id` may need running does (see the module docstring)."""
    with store.writing(db) as s:
        task = s.scalar(select(Task).where(Task.id == task_id).with_for_update())
        if task is None:
            return Claim(DROP_MISSING)
        if task.status in store.DONE:
            return Claim(DROP_DONE)
        prev_owner, expires = task.lease_owner, task.lease_expires_at
        redelivered = False
        if task.status == store.PROCESSING:
            live = prev_owner is not None and expires is not None and expires >= now
            if live:  # also our own lease: a duplicate hint while this runner runs it
                return Claim(DROP_LEASED)
            # A handed-back task (no owner) is not a redelivery; a dead owner's task is.
            redelivered = prev_owner is not None
        else:
            busy = s.scalar(
                select(func.count())
                .select_from(Task)
                .where(Task.account_id == task.account_id, Task.status == store.PROCESSING)
            )
            if int(busy or 0) >= policy.per_account:
                return Claim(ACCOUNT_BUSY)
        attempts = int(task.attempts or 0)
        attempt = attempts + (1 if redelivered or attempts == 0 else 0)
        if attempt > policy.redeliveries + 1:
            code, message = policy.failure(attempt - 1)
            store.fail(s, task_id, None, code, message, now)
            return Claim(EXHAUSTED, attempt - 1, redelivered)
        if not _take(s, task, owner, now, policy.lease_s, attempt):
            return Claim(RACE)
        waited = (now - task.created_at).total_seconds()
        return Claim(RUN, attempt, redelivered, max(0.0, waited))


_OTHER = Task.__table__.alias("other")
_BUSY = (
    select(func.count())
    .where(_OTHER.c.account_id == Task.account_id, _OTHER.c.status == store.PROCESSING)
    .scalar_subquery()
)
# Built once: an idle instance polls every `task_poll_interval_s`, and building these per poll
# cost more CPU than running them.
_ANY_PENDING = select(Task.id).where(Task.status == store.PENDING).limit(1)
_PICK = (
    select(Task)
    .where(Task.status == store.PENDING, bindparam("per_account") > _BUSY)
    .order_by(Task.created_at, Task.id)
    .limit(1)
)
_PICK_LOCKED = _PICK.with_for_update(skip_locked=True, of=Task)


def claim_next(db: Database, owner: str, *, now: datetime, policy: LeasePolicy) -> str | None:
    """Claim the oldest pending task whose account runs fewer than `policy.per_account` tasks
    (SQLite serialises writers; PostgreSQL skips rows locked by another instance's claim).
    Returns the task id, or None. An idle poll (nothing pending) is one indexed read, without
    taking the write turn."""
    with db.session() as s:
        if s.scalar(_ANY_PENDING) is None:
            return None
    with store.writing(db) as s:
        stmt = _PICK_LOCKED if db.dialect == "postgresql" else _PICK
        task = s.scalar(stmt, {"per_account": policy.per_account})
        guard = policy.per_account > _BUSY  # checked again by the UPDATE: exact on SQLite
        if task is None or not _take(s, task, owner, now, policy.lease_s, 1, guard):
            return None
        return str(task.id)


def renew(db: Database, owner: str, task_ids: list[str], *, now: datetime, lease_s: float) -> None:
    """Heartbeat: extend the lease of the tasks `owner` runs."""
    if not task_ids:
        return
    with store.writing(db) as s:
        s.execute(
            update(Task)
            .where(
                Task.id.in_(task_ids), Task.lease_owner == owner, Task.status == store.PROCESSING
            )
            .values(heartbeat_at=now, lease_expires_at=now + timedelta(seconds=lease_s))
        )


def hand_back(db: Database, task_id: str, owner: str, *, now: datetime) -> bool:
    """Release a running task's lease at once: the next claim takes it over without counting a
    redelivery. False when it was no longer ours."""
    with store.writing(db) as s:
        changed = s.execute(
            update(Task)
            .where(store.owned(task_id, owner))
            .values(lease_owner=None, lease_expires_at=now, updated_at=now)
        )
        return changed.rowcount == 1  # type: ignore[attr-defined]


def give_up(
    db: Database, task_ids: list[str], owner: str, *, now: datetime, policy: LeasePolicy
) -> list[str]:
    """A stopping runner's unfinished tasks: handed back (policy.hand_back) or failed with
    SERVICE_RESTARTED at once (no wait for their leases to expire). Returns the ids handed
    back (their runner sends a new hint) or failed."""
    done = []
    for task_id in task_ids:
        if policy.hand_back:
            if hand_back(db, task_id, owner, now=now):
                done.append(task_id)
            continue
        with store.writing(db) as s:
            if store.fail(s, task_id, owner, SERVICE_RESTARTED, store.RESTARTED_MESSAGE, now):
                done.append(task_id)
    return done


def expire(
    db: Database, *, now: datetime, policy: LeasePolicy, after_s: float = 0.0, limit: int = 500
) -> list[str]:
    """Fail the tasks whose runner died (lease expired more than `after_s` ago) and whose
    redeliveries are used up (every one, without redeliveries); the rest wait for a claim.
    Returns the ids failed."""
    cutoff = now - timedelta(seconds=after_s)
    with db.session() as s:
        rows = s.execute(
            select(Task.id, Task.attempts, Task.lease_owner)
            .where(
                Task.status == store.PROCESSING,
                Task.lease_owner.is_not(None),
                Task.lease_expires_at < cutoff,
            )
            .order_by(Task.created_at)
            .limit(limit)
        ).all()
    failed = []
    for task_id, attempts, dead_owner in rows:
        deaths = max(int(attempts or 0), 1)
        if deaths <= policy.redeliveries:
            continue
        code, message = policy.failure(deaths)
        with store.writing(db) as s:  # still the dead owner's: not taken over meanwhile
            if store.fail(s, task_id, dead_owner, code, message, now):
                failed.append(str(task_id))
    return failed
