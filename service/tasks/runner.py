"""The task runner of one instance (pending task rows -> claimed with a lease -> steps run).

Started and stopped by the app's lifespan. On start it fails the tasks left `processing` with
an expired lease (SERVICE_RESTARTED: their instance stopped); then every poll interval it
renews the leases of its running tasks (heartbeat), repeats that recovery (another instance may
have died) and claims pending tasks while it runs fewer than `task_concurrency`. A claim never
takes a task of an account that already runs its share (`task_per_account`, and always fewer
than `task_concurrency`, so one account cannot take every slot).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import uuid
from concurrent.futures import ThreadPoolExecutor

from service.deps import ServiceState
from service.tasks import steps, store

log = logging.getLogger("deckforge.tasks")


class TaskRunner:
    def __init__(self, state: ServiceState) -> None:
        self.state = state
        self.owner = f"{socket.gethostname()[:30]}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.running: dict[str, asyncio.Task[None]] = {}
        self._loop_task: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self.executor = ThreadPoolExecutor(
            max_workers=state.settings.task_concurrency, thread_name_prefix="deckforge-task"
        )

    async def start(self) -> None:
        await asyncio.to_thread(_warm_up)
        failed = await asyncio.to_thread(self.recover)
        if failed:
            log.warning("failed %s tasks left processing by a stopped instance", len(failed))
        self._loop_task = asyncio.create_task(self._loop(), name="deckforge-task-runner")

    def recover(self) -> list[str]:
        return store.recover_expired(self.state.db, now=self.state.clock())

    def wake(self) -> None:
        """A task was just created here: claim without waiting for the next poll."""
        self._wake.set()

    async def stop(self) -> None:
        if self._loop_task is not None:
            self._loop_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop_task
        ids = list(self.running)
        for t in list(self.running.values()):
            t.cancel()
        for t in list(self.running.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        self.executor.shutdown(wait=False, cancel_futures=True)
        # A clean stop fails what it ran at once (no wait for the lease to expire).
        for task_id in ids:
            await asyncio.to_thread(
                store.fail_task,
                self.state.db,
                task_id,
                self.owner,
                store.SERVICE_RESTARTED,
                store.RESTARTED_MESSAGE,
                self.state.clock(),
            )

    async def _loop(self) -> None:
        settings = self.state.settings
        beat_every = max(settings.task_lease_s / 3, settings.task_poll_interval_s)
        next_beat = 0.0
        loop = asyncio.get_running_loop()
        while True:
            try:
                if loop.time() >= next_beat:
                    next_beat = loop.time() + beat_every
                    await asyncio.to_thread(self._beat)
                while len(self.running) < settings.task_concurrency:
                    task_id = await asyncio.to_thread(self._claim)
                    if task_id is None:
                        break
                    self._spawn(task_id)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - a database hiccup must not stop the runner
                log.exception("task runner iteration failed")
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), settings.task_poll_interval_s)

    def _beat(self) -> None:
        now = self.state.clock()
        s = self.state.settings
        store.renew(self.state.db, self.owner, list(self.running), now=now, lease_s=s.task_lease_s)
        store.recover_expired(self.state.db, now=now)

    def _claim(self) -> str | None:
        s = self.state.settings
        return store.claim(
            self.state.db,
            self.owner,
            now=self.state.clock(),
            lease_s=s.task_lease_s,
            per_account=s.account_running_tasks,
        )

    def _spawn(self, task_id: str) -> None:
        t = asyncio.create_task(steps.execute(self.state, task_id, self.owner, self.executor))
        self.running[task_id] = t

        def done(_: asyncio.Task[None]) -> None:
            self.running.pop(task_id, None)
            self._wake.set()

        t.add_done_callback(done)


def _warm_up() -> None:
    """Import the generator's task modules and load the built-in templates before serving, so
    the first tasks do not pay for it (imports hold the GIL the event loop needs)."""
    import generator.api
    import generator.llm_steps
    import generator.sources
    from generator.templates import builtin_templates

    del generator
    builtin_templates()
