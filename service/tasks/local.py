"""Tasks run by this instance (the in-process backend, without a queue: pending task rows -> claimed
by this instance's executor -> their steps run here).

Started and stopped by the app's lifespan. On start it fails the tasks left `processing` whose
lease expired (SERVICE_RESTARTED: their instance stopped); then every poll interval, and at once
when a task is created here or one of its own ends, it claims the oldest pending task whose
account runs fewer than its share (`task_per_account`, and always fewer than
`task_concurrency`, so one account cannot take every slot) while its executor has a free slot,
and every third of the lease it fails again the tasks of instances that died meanwhile. A
stop fails what it still runs at once (a task runs at most once without a queue).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from service.deps import ServiceState
from service.tasks import leases
from service.tasks.dispatch import TaskDispatch
from service.tasks.executor import TaskExecutor
from service.tasks.leases import LeasePolicy

log = logging.getLogger("deckforge.tasks")


class LocalTasks(TaskDispatch):
    kind = "local"

    def __init__(self, state: ServiceState) -> None:
        self.state = state
        self.policy = LeasePolicy.of(state.settings, queued=False)
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
        return leases.expire(self.state.db, now=self.state.clock(), policy=self.policy)

    def _claim(self) -> str | None:
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
