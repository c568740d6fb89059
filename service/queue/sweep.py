"""The queue sweep (task rows + Redis -> lost messages re-enqueued, tasks past the redelivery
budget failed): nothing stays `pending` or `processing` because Redis lost a message.

Run periodically by every worker host (several hosts sweeping at once is harmless: a duplicate
message is dropped by the claim). A task is looked at once its message is older than
`queue_requeue_after_s` (pending) or its lease expired that long ago (processing):

- processing, its worker died, redelivery budget used up -> failed RETRIES_EXHAUSTED
  (service.tasks.leases.expire, the lease mechanism's own rule);
- its recorded message still in Redis (queued, or held by a worker; a dead worker's messages
  return to the queue by Dramatiq's maintenance, forced here first) -> left to Dramatiq;
- otherwise (Redis restarted without persistence, the task was created while Redis was away, or
  the message was dropped while another worker held the lease) -> a new message is enqueued and
  recorded on the row.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, select

from service.config import Settings
from service.db.engine import Database
from service.db.models import Task
from service.queue.broker import QueueClient, record_enqueued
from service.tasks import leases, store

log = logging.getLogger("deckforge.queue")

SWEEP_LIMIT = 500


@dataclass(frozen=True)
class SweepResult:
    requeued: int = 0
    failed: int = 0


@dataclass(frozen=True)
class Stale:
    """A task that may need a message: waiting, or running with an expired (or released) lease."""

    id: str
    status: str
    message_id: str | None


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
            select(Task.id, Task.status, Task.queue_message_id)
            .where(pending | orphaned)
            .order_by(Task.created_at)
            .limit(limit)
        ).all()
    return [Stale(str(i), str(st), m) for i, st, m in rows]


def sweep(db: Database, client: QueueClient, settings: Settings, *, now: datetime) -> SweepResult:
    client.maintain()
    after_s = settings.queue_requeue_after_s
    policy = leases.LeasePolicy.of(settings, queued=True)
    failed = leases.expire(db, now=now, policy=policy, after_s=after_s, limit=SWEEP_LIMIT)
    for task_id in failed:
        log.warning("task %s failed: its worker died once too often", task_id)
    requeued = 0
    for task in stale_tasks(db, now=now, older_than_s=after_s, limit=SWEEP_LIMIT):
        if task.message_id is not None and client.present(task.message_id):
            continue
        message_id = client.enqueue(task.id)
        record_enqueued(db, task.id, message_id, now=now)
        requeued += 1
        log.warning("task %s (%s) re-enqueued: its message was lost", task.id, task.status)
    return SweepResult(requeued, len(failed))
