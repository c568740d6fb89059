"""Where an API instance's tasks run (settings -> one backend, started and stopped by the lifespan):

    local   no DECKFORGE_QUEUE_URL: this instance claims and runs tasks (LocalTasks)
    queue   DECKFORGE_QUEUE_URL: each new task's id is enqueued for the worker hosts, which run
            it with the same executor and steps (service.queue.broker.QueueDispatch)
    none    `serve --no-workers` without a queue: API only, another instance sharing the
            database runs the tasks

The create-task endpoint only calls `submit(task_id)` after the task row is stored; the row is
the truth, the backend is a hint (a lost hint is recovered: local polls, the queue is swept).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from service.deps import ServiceState
    from service.tasks.leases import LeasePolicy

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
        dispatch = LocalTasks(state)
    else:
        dispatch = TaskDispatch()
        log.info("API only (run_workers=false): tasks wait for an instance that runs them")
    await dispatch.start()
    return dispatch


class LocalTasks(TaskDispatch):
    """The in-process backend (no queue): pending task rows -> claimed by this instance's
    executor -> their steps run here. On start it fails the tasks left `processing` whose lease
    expired (SERVICE_RESTARTED: their instance stopped); then every poll interval, and at once
    when a task is created here or one of its own ends, it claims the oldest pending task whose
    account runs fewer than its share (`task_per_account`, and always fewer than
    `task_concurrency`, so one account cannot take every slot) while its executor has a free
    slot; every third of the lease it fails the tasks of instances that died meanwhile. A stop
    fails what it still runs at once (without a queue a task runs at most once)."""

    kind = "local"

    def __init__(self, state: ServiceState) -> None:
        # Imported here: service.deps imports this module, and the executor needs service.deps.
        from service.tasks.executor import TaskExecutor
        from service.tasks.leases import LeasePolicy

        self.state = state
        self.policy: LeasePolicy = LeasePolicy.of(state.settings, queued=False)
        self._wake = asyncio.Event()
        self.executor = TaskExecutor(state, self.policy, slots=state.settings.task_concurrency)
        self.executor.on_done = lambda _: self._wake.set()
        self._loop_task: asyncio.Task[None] | None = None

    @property
    def owner(self) -> str:
        return self.executor.owner

    async def start(self) -> None:
        await self.executor.start()
        failed = await asyncio.to_thread(self._expire)
        if failed:
            log.warning("failed %s tasks left processing by a stopped instance", len(failed))
        self._loop_task = asyncio.create_task(self._loop(), name="deckforge-task-claims")

    async def submit(self, task_id: str) -> None:
        """A task was just created here: claim without waiting for the next poll."""
        self._wake.set()

    async def stop(self) -> None:
        if self._loop_task is not None:
            self._loop_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop_task
        failed = await self.executor.stop(grace_s=0.0)
        if failed:
            log.warning("stopping: failed %s running tasks (SERVICE_RESTARTED)", len(failed))

    def _expire(self) -> list[str]:
        from service.tasks import leases

        return leases.expire(self.state.db, now=self.state.clock(), policy=self.policy)

    def _claim(self) -> str | None:
        from service.tasks import leases

        return leases.claim_next(
            self.state.db, self.owner, now=self.state.clock(), policy=self.policy
        )

    async def _loop(self) -> None:
        settings = self.state.settings
        check_every = max(self.policy.lease_s / 3, settings.task_poll_interval_s)
        loop = asyncio.get_running_loop()
        next_check = loop.time() + check_every
        while True:
            try:
                if loop.time() >= next_check:
                    next_check = loop.time() + check_every
                    await asyncio.to_thread(self._expire)
                while self.executor.free > 0:
                    task_id = await asyncio.to_thread(self._claim)
                    if task_id is None:
                        break
                    self.executor.spawn(task_id)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - a database hiccup must not stop the claims
                log.exception("task claim iteration failed")
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), settings.task_poll_interval_s)
