"""Where an API instance's tasks run (settings -> one backend, started and stopped by the lifespan):

    local   no DECKFORGE_QUEUE_URL: this instance claims and runs tasks (service.tasks.local)
    queue   DECKFORGE_QUEUE_URL: each new task's id is enqueued for the worker hosts, which run
            it with the same executor and steps (service.queue.broker.QueueDispatch)
    none    `serve --no-workers` without a queue: API only, another instance sharing the
            database runs the tasks

The create-task endpoint only calls `submit(task_id)` after the task row is stored; the row is
the truth, the backend is a hint (a lost hint is recovered: local polls, the queue is swept).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from service.deps import ServiceState

log = logging.getLogger("deckforge.tasks")


class TaskDispatch:
    """The `none` backend (API only); the others override what they do."""

    kind = "none"

    async def start(self) -> None:
        return None

    async def submit(self, task_id: str) -> None:
        return None

    async def stop(self) -> None:
        return None

    @property
    def broker_ping(self) -> Callable[[], object] | None:
        """A blocking check of the backend's broker for /readyz (None: no broker)."""
        return None


async def start_dispatch(state: ServiceState) -> TaskDispatch:
    """The backend the settings ask for, started (see the module docstring)."""
    from service.tasks import store

    settings = state.settings
    await asyncio.to_thread(store.warm_up, state.db, state.clock())  # creates' SQL compiled
    dispatch: TaskDispatch
    if settings.queue_url is not None:
        from service.queue import require_queue_extra

        require_queue_extra()  # one clear message (pip install 'deckforge[queue]'), not an ImportError
        from service.queue.broker import QueueDispatch

        dispatch = QueueDispatch(state)
        log.info("tasks go to the queue; this instance runs none")
    elif settings.run_workers:
        from service.tasks.local import LocalTasks

        dispatch = LocalTasks(state)
    else:
        dispatch = TaskDispatch()
        log.info("API only (run_workers=false): tasks wait for an instance that runs them")
    await dispatch.start()
    return dispatch
