"""The Dramatiq side of the queue (settings -> a Redis broker, the `run_task` actor, and the
QueueClient that API instances and the sweep use to enqueue task ids and look at the queue).

A message carries only a task id. Its Redis message id is stored on the task row
(`queue_message_id`): the message lives in the queue's `.msgs` hash from enqueue until a worker
acknowledges it, so the sweep can tell a message still queued or in flight (on a live or dead
worker) from one Redis lost, and re-enqueue only the latter.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

import dramatiq
import redis
from dramatiq.brokers.redis import MAINTENANCE_SCALE, RedisBroker
from sqlalchemy import update

from service.config import Settings
from service.db.engine import Database
from service.db.models import Task
from service.tasks import store
from service.tasks.dispatch import TaskDispatch

if TYPE_CHECKING:
    from service.deps import ServiceState

log = logging.getLogger("deckforge.queue")

QUEUE_NAME = "deckforge-tasks"
ACTOR_NAME = "run_task"
NAMESPACE = "dramatiq"
# Dead-worker maintenance (moving a silent worker's unacknowledged messages back to the queue)
# runs on this share of broker commands (out of a million); the sweep forces it as well.
MAINTENANCE_CHANCE = 10_000
REDIS_TIMEOUT_S = 5.0  # a Redis that does not answer fails the call (no hang)


def queue_url(settings: Settings) -> str:
    if settings.queue_url is None:
        raise ValueError("DECKFORGE_QUEUE_URL is not set")
    return settings.queue_url.get_secret_value()


def make_broker(settings: Settings, *, maintenance_chance: int = MAINTENANCE_CHANCE) -> RedisBroker:
    """A Redis broker without Dramatiq's middleware: no Dramatiq retries (a task's failure is
    recorded in its row; redeliveries after a worker died are bounded by the claim) and no
    Dramatiq time limit (the steps enforce DECKFORGE_TASK_TIMEOUT_S)."""
    client = redis.Redis.from_url(
        queue_url(settings),
        socket_timeout=REDIS_TIMEOUT_S,
        socket_connect_timeout=REDIS_TIMEOUT_S,
        health_check_interval=30,
    )
    return RedisBroker(
        client=client,
        namespace=NAMESPACE,
        heartbeat_timeout=int(settings.queue_heartbeat_timeout_s * 1000),
        maintenance_chance=min(maintenance_chance, MAINTENANCE_SCALE),
        middleware=[],
    )


def declare_actor(broker: RedisBroker, fn: Callable[[str], None]) -> dramatiq.Actor[Any, Any]:
    """The `run_task(task_id)` actor on `broker` (workers pass the function that runs tasks;
    senders pass any function, it is never called there)."""
    return dramatiq.Actor(
        fn,
        broker=broker,
        actor_name=ACTOR_NAME,
        queue_name=QUEUE_NAME,
        priority=0,
        options={"max_retries": 0},
    )


def _never_called(task_id: str) -> None:  # pragma: no cover - senders only enqueue
    raise RuntimeError(f"run_task({task_id}) called outside a worker")


class QueueClient:
    """Enqueue task ids and look at the queue (API instances, the worker host's sweep)."""

    def __init__(self, settings: Settings, *, maintenance_chance: int = MAINTENANCE_CHANCE) -> None:
        self.broker = make_broker(settings, maintenance_chance=maintenance_chance)
        self.actor = declare_actor(self.broker, _never_called)
        self.client: redis.Redis = self.broker.client
        self._msgs_key = f"{NAMESPACE}:{QUEUE_NAME}.msgs"
        self._queue_key = f"{NAMESPACE}:{QUEUE_NAME}"

    def enqueue(self, task_id: str) -> str:
        """Send one `run_task(task_id)` message; returns its Redis message id."""
        message = self.actor.send(task_id)
        return str(message.options["redis_message_id"])

    def submit(self, db: Database, task_id: str, now: datetime) -> bool:
        """A new task: enqueue it and record its message. When Redis is away the task stays
        pending and the worker hosts' sweep enqueues it later (False)."""
        try:
            message_id = self.enqueue(task_id)
        except (redis.RedisError, OSError) as exc:
            log.warning("task %s not enqueued (%s); the sweep will retry", task_id, exc)
            return False
        record_enqueued(db, task_id, message_id, now=now)
        return True

    def present(self, message_id: str) -> bool:
        """Whether the message is still queued or in flight (not acknowledged, not lost)."""
        return bool(self.client.hexists(self._msgs_key, message_id))

    def depth(self) -> int:
        """Messages waiting in the queue (not yet fetched by a worker)."""
        return int(self.client.llen(self._queue_key))

    def ping(self) -> bool:
        return bool(self.client.ping())

    def maintain(self) -> None:
        """Run Dramatiq's dead-worker maintenance now (this client's broker runs it on every
        command when made with maintenance_chance=MAINTENANCE_SCALE): messages held by a worker
        silent for the heartbeat timeout go back to the queue."""
        self.broker.do_qsize(QUEUE_NAME)

    def close(self) -> None:
        self.broker.close()
        self.client.close()


def record_enqueued(db: Database, task_id: str, message_id: str, *, now: datetime) -> None:
    """Remember the task's current message (the sweep checks it is still in Redis)."""
    with db.session() as s, s.begin():
        s.execute(
            update(Task)
            .where(Task.id == task_id, Task.status.in_((store.PENDING, store.PROCESSING)))
            .values(queue_message_id=message_id, enqueued_at=now)
        )


class QueueDispatch(TaskDispatch):
    """The API side of the queue backend: a created task's id goes to Redis (a worker host runs
    it); /readyz also checks Redis."""

    kind = "queue"

    def __init__(self, state: ServiceState) -> None:
        self.state = state
        self.client = QueueClient(state.settings)

    async def submit(self, task_id: str) -> None:
        state = self.state
        await asyncio.to_thread(self.client.submit, state.db, task_id, state.clock())

    async def stop(self) -> None:
        self.client.close()

    @property
    def broker_ping(self) -> Callable[[], object] | None:
        return self.client.ping
