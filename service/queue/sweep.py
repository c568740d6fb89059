"""The queue sweep (task rows + Redis -> lost messages re-enqueued, tasks past the redelivery
budget failed): nothing stays `pending` or `processing` because Redis lost a message.

Run periodically by every worker host (several hosts sweeping at once is harmless: a duplicate
message is dropped by the claim). A task is looked at once its message is older than
`queue_requeue_after_s` (pending) or its lease expired that long ago (processing):

- processing, owner set (its worker died), redelivery budget used up -> failed RETRIES_EXHAUSTED;
- its recorded message still in Redis (queued, or held by a worker; a dead worker's messages
  return to the queue by Dramatiq's maintenance, forced here first) -> left to Dramatiq;
- otherwise (Redis restarted without persistence, or the message was dropped while another
  worker held the lease) -> a new message is enqueued and recorded on the row.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from service.config import Settings
from service.db.engine import Database
from service.queue import claims
from service.queue.broker import QueueClient

log = logging.getLogger("deckforge.queue")

SWEEP_LIMIT = 500


@dataclass(frozen=True)
class SweepResult:
    requeued: int = 0
    failed: int = 0


def sweep(db: Database, client: QueueClient, settings: Settings, *, now: datetime) -> SweepResult:
    client.maintain()
    stale = claims.stale_tasks(
        db, now=now, older_than_s=settings.queue_requeue_after_s, limit=SWEEP_LIMIT
    )
    requeued = failed = 0
    for task in stale:
        dead = task.status == "processing" and task.owner is not None
        if dead and task.attempts > settings.queue_max_redeliveries:
            if claims.fail_exhausted(db, task.id, task.attempts, now=now):
                failed += 1
                log.warning("task %s failed: its worker died %s times", task.id, task.attempts)
            continue
        if task.message_id is not None and client.present(task.message_id):
            continue
        message_id = client.enqueue(task.id)
        claims.record_enqueued(db, task.id, message_id, now=now)
        requeued += 1
        log.warning("task %s (%s) re-enqueued: its message was lost", task.id, task.status)
    return SweepResult(requeued, failed)
