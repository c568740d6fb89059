"""The task executor of one process (claimed task ids -> their steps run, at most `slots` at once,
each under the task timeout, their leases renewed, stopped gracefully).

Every process that runs tasks has one, on one event loop, whichever backend tells it what to run:
an API instance without a queue (service.tasks.dispatch.LocalTasks claims pending tasks)
and each task process of a worker host (service.queue.child claims on delivered messages). The
light steps run on the executor's own threads (apart from the request handlers' thread pool),
the heavy ones as jobs on the process's worker pool (service.tasks.steps, service.jobs).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from service.deps import ServiceState
from service.tasks import leases, steps
from service.tasks.leases import LeasePolicy

log = logging.getLogger("deckforge.tasks")


def new_owner() -> str:
    """A runner's lease owner: host, process id (the tests and operators find the process by
    it) and a random part."""
    return f"{socket.gethostname()[:30]}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class TaskExecutor:
    def __init__(self, state: ServiceState, policy: LeasePolicy, *, slots: int) -> None:
        self.state = state
        self.policy = policy
        self.slots = slots
        self.owner = new_owner()
        self.running: dict[str, asyncio.Task[None]] = {}
        self.on_done: Callable[[str], None] | None = None
        # Twice the slots: a task past its timeout may leave a blocking step (an LLM stream)
        # running in its thread while the next task starts.
        self.threads = ThreadPoolExecutor(max_workers=2 * slots, thread_name_prefix="df-task")
        self._beat: asyncio.Task[None] | None = None

    @property
    def free(self) -> int:
        return self.slots - len(self.running)

    async def start(self) -> None:
        await asyncio.to_thread(warm_up)
        self._beat = asyncio.create_task(self._heartbeat(), name="deckforge-task-leases")

    def spawn(self, task_id: str) -> asyncio.Task[None]:
        """Run the steps of a task this executor claimed (`self.owner` holds its lease)."""
        t = asyncio.create_task(
            steps.execute(self.state, task_id, self.owner, self.threads, self.policy),
            name=f"deckforge-task-{task_id[:8]}",
        )
        self.running[task_id] = t

        def done(_: asyncio.Task[None]) -> None:
            self.running.pop(task_id, None)
            if self.on_done is not None:
                self.on_done(task_id)

        t.add_done_callback(done)
        return t

    async def run(self, task_id: str) -> None:
        """spawn() and wait for the end (raises CancelledError when stop() cut it short)."""
        await self.spawn(task_id)

    async def _heartbeat(self) -> None:
        settings = self.state.settings
        every = max(self.policy.lease_s / 3, settings.task_poll_interval_s)
        while True:
            await asyncio.sleep(every)
            ids = list(self.running)
            if not ids:
                continue
            try:
                now = self.state.clock()
                await asyncio.to_thread(
                    leases.renew,
                    self.state.db,
                    self.owner,
                    ids,
                    now=now,
                    lease_s=self.policy.lease_s,
                )
            except Exception:  # noqa: BLE001 - a database hiccup: the next beat retries
                log.warning("lease renewal failed", exc_info=True)

    async def stop(self, grace_s: float = 0.0) -> list[str]:
        """Let running tasks finish within `grace_s`, cancel the rest and give their leases up
        (handed back or failed, by the policy). Returns the ids given up."""
        if self.running and grace_s > 0:
            await asyncio.wait(list(self.running.values()), timeout=grace_s)
        left = list(self.running)
        cut = list(self.running.values())
        for t in cut:
            t.cancel()
        for t in cut:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        if self._beat is not None:
            self._beat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._beat
        self.threads.shutdown(wait=False, cancel_futures=True)
        if not left:
            return []
        return await asyncio.to_thread(
            leases.give_up,
            self.state.db,
            left,
            self.owner,
            now=self.state.clock(),
            policy=self.policy,
        )


def warm_up() -> None:
    """Import the generator's task modules and load the built-in templates before taking tasks,
    so the first ones do not pay for it (imports hold the GIL the event loop needs)."""
    import generator.api
    import generator.llm_steps
    import generator.sources
    from generator.templates import builtin_templates

    del generator
    builtin_templates()
