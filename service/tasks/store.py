"""Task rows (inputs, state) and their numbered events and page HTML -> database operations.

Blocking functions: call them from a thread (`asyncio.to_thread`), never on the event loop.
Every state change of a running task is a conditional UPDATE on `lease_owner` (the runner that
claimed it, service.tasks.leases) and `status = 'processing'` (`owned`), so a task that runner
lost (failed, expired, handed back) is never written to again by it. Each change writes an event
in the same transaction.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, delete, func, insert, literal, select, text, update
from sqlalchemy.orm import Session

from service.accounts import Principal
from service.db.engine import Database
from service.db.models import PptDocument, Task, TaskEvent, TaskFile, TaskPage, new_id

PENDING, PROCESSING, SUCCESS, FAILED = "pending", "processing", "success", "failed"
DONE = (SUCCESS, FAILED)
STEPS = ("create_task", "parse_content", "generate_content", "generate_ppt", "upload")
PROGRESS = {
    "create_task": 0,
    "parse_content": 10,
    "generate_content": 30,
    "generate_ppt": 60,
    "upload": 90,
}
_PG_CREATE_LOCK = 0x7461736B  # "task": advisory lock held while a create counts the queue
SERVICE_RESTARTED = "SERVICE_RESTARTED"
RESTARTED_MESSAGE = (
    "the service instance running this task stopped before it finished; create the task again"
)


class TaskNotFound(Exception):
    """No such task for this principal (also another account's or another uid's task)."""


class QueueFullError(Exception):
    """The service-wide bound of pending + processing tasks is reached (1012)."""


@dataclass(frozen=True)
class NewTask:
    type: int
    params: dict[str, Any]
    files: list[tuple[str, bytes]]


FIRST_EVENT = 1  # the number of the event written with the task (status pending)


_WRITE_LOCKS: dict[str, threading.Lock] = {}
_WRITE_LOCKS_GUARD = threading.Lock()


@contextlib.contextmanager
def write_turn(db: Database) -> Iterator[None]:
    """On SQLite, this process's task writers take turns on a lock before they write: a writer
    then waits for the one before it and is woken at once, instead of sleeping in SQLite's busy
    handler (steps growing to 100 ms while the lock may be free), which made concurrent creates
    and event writes wait for seconds. PostgreSQL: nothing (row locks)."""
    if db.dialect != "sqlite":
        yield
        return
    with _WRITE_LOCKS_GUARD:
        lock = _WRITE_LOCKS.setdefault(db.url, threading.Lock())
    with lock:
        yield


@contextlib.contextmanager
def writing(db: Database) -> Iterator[Session]:
    """A session in a write transaction, taken in turn (`write_turn`)."""
    with write_turn(db), db.session() as s, s.begin():
        yield s


def step_number(step: str) -> int:
    """1-based number of a step (spec 2.3 `step` is a number); 0 for an unknown name."""
    return STEPS.index(step) + 1 if step in STEPS else 0


def event_data(task: Task) -> dict[str, Any]:
    """The task-result fields (2.2) of `task` now, links excepted (added when sent)."""
    data: dict[str, Any] = {
        "taskId": task.id,
        "status": task.status,
        "progress": task.progress,
        "step": task.step,
    }
    if task.status == SUCCESS:
        data["pptId"] = task.ppt_id
        data["leftOut"] = json.loads(task.left_out) if task.left_out else []
    if task.status == FAILED:
        data["errorCode"] = task.error_code
        data["errorMessage"] = task.error_message
    return data


def add_event(session: Session, task_id: str, data: dict[str, Any], now: datetime) -> int:
    """Append an event (next number of this task) in the caller's transaction."""
    last = session.scalar(select(func.max(TaskEvent.seq)).where(TaskEvent.task_id == task_id))
    seq = int(last or 0) + 1
    session.add(TaskEvent(task_id=task_id, seq=seq, data=json.dumps(data), create_time=now))
    session.flush()
    return seq


def create_task(
    db: Database,
    principal: Principal,
    new: NewTask,
    *,
    now: datetime,
    queue_size: int,
    per_account: int = 0,
) -> Task:
    """Insert a pending task, its files and event 1; QueueFullError past the service bound,
    AccountQueueFullError past the account's share (`per_account` pending + processing tasks
    of one account; 0: none), so one tenant cannot fill the queue for everyone.

    The bound is checked by the INSERT itself (`INSERT ... SELECT ... WHERE (count of pending +
    processing) < queue_size`), so two concurrent creates cannot both pass it: SQLite runs a
    write statement under the database's single write lock on the newest snapshot; PostgreSQL
    first takes a transaction-scoped advisory lock that serialises creates across instances
    (READ COMMITTED would let two inserts count without each other)."""
    task_id = new_id()
    values: dict[str, Any] = {
        "id": task_id,
        "account_id": principal.account_id,
        "uid": principal.uid,
        "token_id": principal.token_id,
        "type": new.type,
        "params": json.dumps(new.params),
        "status": PENDING,
        "progress": 0,
        "step": STEPS[0],
        "total_pages": 0,
        "created_at": now,
        "updated_at": now,
    }
    columns = [Task.__table__.c[name] for name in values]
    waiting = (
        select(func.count())
        .select_from(Task)
        .where(Task.status.in_((PENDING, PROCESSING)))
        .scalar_subquery()
    )
    mine = (
        select(func.count())
        .select_from(Task)
        .where(Task.status.in_((PENDING, PROCESSING)), Task.account_id == principal.account_id)
        .scalar_subquery()
    )
    bound = waiting < queue_size
    if per_account:
        bound = bound & (mine < per_account)
    row = select(*(literal(values[c.name], type_=c.type) for c in columns)).where(bound)
    with writing(db) as s:
        if db.dialect == "postgresql":
            s.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _PG_CREATE_LOCK})
        # RETURNING, not rowcount: psycopg reports -1 for INSERT ... SELECT.
        inserted = s.execute(insert(Task).from_select(columns, row).returning(Task.id))
        if inserted.scalar_one_or_none() is None:
            if per_account and int(s.scalar(select(mine)) or 0) >= per_account:
                raise AccountQueueFullError()
            raise QueueFullError()
        task = Task(**values)  # the row just written, not read back (a detached copy)
        if new.files:
            s.execute(
                insert(TaskFile),
                [
                    {"task_id": task_id, "idx": i, "name": name, "data": data}
                    for i, (name, data) in enumerate(new.files)
                ],
            )
        event = {"task_id": task_id, "seq": FIRST_EVENT, "create_time": now}
        s.execute(insert(TaskEvent).values(**event, data=json.dumps(event_data(task))))
    return task


class AccountQueueFullError(Exception):
    """The account already has its share of the task queue pending or processing."""


def warm_up(db: Database, now: datetime) -> None:
    """Compile (SQLAlchemy caches it per process) the SQL of a create and of a stream's poll,
    with no effect: a create bounded by a queue size of 0 inserts nothing. Otherwise the
    concurrent first creates after a start each compile it (~10 ms of CPU each)."""
    with contextlib.suppress(QueueFullError):
        create_task(db, Principal(0, None, "warm-up"), NewTask(0, {}, []), now=now, queue_size=0)
    events_after(db, "", 0)


def get_task(session: Session, principal: Principal, task_id: str) -> Task:
    """The principal's task (its account; its uid for a token) or TaskNotFound."""
    stmt = select(Task).where(Task.id == task_id, Task.account_id == principal.account_id)
    if principal.uid is not None:
        stmt = stmt.where(Task.uid == principal.uid)
    task = session.scalar(stmt)
    if task is None:
        raise TaskNotFound(task_id)
    return task


MARKDOWN_TASK_TYPE = 7  # a task whose content is the Markdown outline itself


def task_markdown(session: Session, task: Task) -> str | None:
    """The Markdown a task stands for (generatePptx with its id): the Markdown the newest PPT
    generated for it was made from (kept with that PPT's document only), else its content when
    it is a Markdown task (type 7), else the text its LLM step produced (its `delta` events in
    order); None when there is none."""
    last = session.scalar(
        select(PptDocument.markdown)
        .where(PptDocument.task_id == task.id, PptDocument.markdown.is_not(None))
        .limit(1)
    )
    if last:
        return str(last)
    params = json.loads(task.params or "{}")
    content = params.get("content") if isinstance(params, dict) else None
    if task.type == MARKDOWN_TASK_TYPE and isinstance(content, str) and content.strip():
        return content
    parts = []
    for data in session.scalars(
        select(TaskEvent.data).where(TaskEvent.task_id == task.id).order_by(TaskEvent.seq)
    ):
        delta = json.loads(data).get("delta")
        if isinstance(delta, str):
            parts.append(delta)
    return "".join(parts) or None


def account_of(db: Database, task_id: str) -> int | None:
    with db.session() as s:
        account_id = s.scalar(select(Task.account_id).where(Task.id == task_id))
    return int(account_id) if account_id is not None else None


def load_inputs(db: Database, task_id: str) -> tuple[Task, list[tuple[str, bytes]]]:
    with db.session() as s:
        task = s.get(Task, task_id)
        if task is None:
            raise TaskNotFound(task_id)
        files = s.execute(
            select(TaskFile.name, TaskFile.data)
            .where(TaskFile.task_id == task_id)
            .order_by(TaskFile.idx)
        ).all()
        return task, [(str(n), bytes(d)) for n, d in files]


def owned(task_id: str, owner: str) -> ColumnElement[bool]:
    """The row condition of every change a runner makes to its task: it still holds the lease."""
    return (Task.id == task_id) & (Task.lease_owner == owner) & (Task.status == PROCESSING)


def set_step(db: Database, task_id: str, owner: str, step: str, *, now: datetime) -> bool:
    """Move a running task to `step` (progress from PROGRESS) with an event; False when the
    task is no longer this instance's (failed by recovery)."""
    with writing(db) as s:
        changed = s.execute(
            update(Task)
            .where(owned(task_id, owner))
            .values(step=step, progress=PROGRESS[step], updated_at=now)
        )
        if changed.rowcount != 1:  # type: ignore[attr-defined]
            return False
        task = s.get(Task, task_id)
        assert task is not None
        s.refresh(task)
        add_event(s, task_id, event_data(task), now)
        return True


def add_delta(db: Database, task_id: str, owner: str, text: str, *, now: datetime) -> None:
    """An event carrying LLM output text (`delta`) with the task's current fields."""
    with writing(db) as s:
        task = s.scalar(select(Task).where(owned(task_id, owner)))
        if task is not None:
            add_event(s, task_id, {**event_data(task), "delta": text}, now)


def add_page(
    db: Database, task_id: str, owner: str, index: int, total: int, html: str, *, now: datetime
) -> bool:
    """Store page `index` (0-based, of `total`) as soon as its HTML exists, for latestData:
    the page, the task's page count and progress (60 -> 75 over the pages) and an event with
    `current` (pages stored) and `total`. Page 0 drops pages of an earlier attempt. False when
    the task is no longer this instance's."""
    step = "generate_ppt"
    progress = PROGRESS[step] + (PROGRESS["upload"] - PROGRESS[step]) * (index + 1) // (2 * total)
    with writing(db) as s:
        changed = s.execute(
            update(Task)
            .where(owned(task_id, owner))
            .values(total_pages=total, progress=progress, updated_at=now)
        )
        if changed.rowcount != 1:  # type: ignore[attr-defined]
            return False
        stale = TaskPage.task_id == task_id
        s.execute(delete(TaskPage).where(stale if index == 0 else stale & (TaskPage.idx == index)))
        s.add(TaskPage(task_id=task_id, idx=index, html=html))
        task = s.get(Task, task_id)
        assert task is not None
        s.refresh(task)
        add_event(s, task_id, {**event_data(task), "current": index + 1, "total": total}, now)
        return True


def fail(
    session: Session, task_id: str, owner: str | None, code: str, message: str, now: datetime
) -> bool:
    """Fail the task (only while processing and, with `owner`, still this instance's) and drop
    its uploaded files; in the caller's transaction. False when it was not failed."""
    cond = owned(task_id, owner) if owner else (Task.id == task_id) & (Task.status != SUCCESS)
    changed = session.execute(
        update(Task)
        .where(cond, Task.status != FAILED)
        .values(
            status=FAILED,
            error_code=code[:64],
            error_message=message[:2000],
            lease_owner=None,
            updated_at=now,
            finished_at=now,
        )
    )
    return _finished(session, task_id, changed.rowcount, now)  # type: ignore[attr-defined]


def _finished(session: Session, task_id: str, rowcount: int, now: datetime) -> bool:
    """After the UPDATE that ended a task: drop its uploaded files and add its final event."""
    if rowcount != 1:
        return False
    session.execute(delete(TaskFile).where(TaskFile.task_id == task_id))
    task = session.get(Task, task_id)
    assert task is not None
    session.refresh(task)
    add_event(session, task_id, event_data(task), now)
    return True


def fail_task(
    db: Database, task_id: str, owner: str | None, code: str, message: str, now: datetime
) -> bool:
    with writing(db) as s:
        return fail(s, task_id, owner, code, message, now)


def succeed(
    session: Session,
    task_id: str,
    owner: str,
    ppt_id: str,
    now: datetime,
    left_out: list[dict[str, Any]] | None = None,
) -> bool:
    """Mark the task successful with its PPT and what its deck left out (caller's transaction,
    with the charge)."""
    changed = session.execute(
        update(Task)
        .where(owned(task_id, owner))
        .values(
            status=SUCCESS,
            progress=100,
            step=STEPS[-1],
            ppt_id=ppt_id,
            left_out=json.dumps(left_out or [], ensure_ascii=False),
            lease_owner=None,
            updated_at=now,
            finished_at=now,
        )
    )
    return _finished(session, task_id, changed.rowcount, now)  # type: ignore[attr-defined]


def events_after(db: Database, task_id: str, after: int, limit: int = 200) -> list[tuple[int, str]]:
    """Events numbered above `after`, in order: (seq, JSON text)."""
    with db.session() as s:
        rows = s.execute(
            select(TaskEvent.seq, TaskEvent.data)
            .where(TaskEvent.task_id == task_id, TaskEvent.seq > after)
            .order_by(TaskEvent.seq)
            .limit(limit)
        ).all()
        return [(int(q), str(d)) for q, d in rows]


def pages_from(session: Session, task_id: str, start: int) -> dict[str, str]:
    rows = session.execute(
        select(TaskPage.idx, TaskPage.html)
        .where(TaskPage.task_id == task_id, TaskPage.idx >= start)
        .order_by(TaskPage.idx)
    ).all()
    return {str(i): str(h) for i, h in rows}


def page_count(session: Session, task_id: str) -> int:
    return int(session.scalar(select(func.count()).where(TaskPage.task_id == task_id)) or 0)
