"""One task process of a worker host (delivered `run_task(task_id)` messages -> the task claimed and
run by this process's task executor, its heavy steps on this process's worker pool).

Started by service.queue.host as `python -m service.queue.child --threads M`. It runs the same
pieces as an API instance without a queue: one event loop (its own thread) with a TaskExecutor
of M slots (service.tasks.executor) and a worker pool (service.jobs) of one process, so content
parsing, planning and conversion are bounded in time and memory and killed at their deadline
exactly as in an API instance. A Dramatiq worker with M threads consumes the queue (prefetch M:
a busy process never holds a message another process could start); each message is claimed on
the task row (service.tasks.leases.claim) and, when it runs, its thread waits for the executor.
A beat thread keeps Dramatiq's Redis heartbeat (Dramatiq beats only when it fetches); the
executor renews the leases.

SIGTERM: stop taking messages, let running tasks finish within `worker_grace_s`, then hand
back whatever still runs (lease released, a new message sent) and exit.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import logging
import os
import signal
import threading
import time
from collections.abc import Coroutine
from typing import Any, TypeVar

from dramatiq import Worker

from service.config import Settings
from service.db.engine import Database
from service.deps import ServiceState, utc_now
from service.queue.broker import QUEUE_NAME, declare_actor, make_broker, record_enqueued
from service.queue.stats import ChildStats
from service.tasks import leases
from service.tasks.executor import TaskExecutor

log = logging.getLogger("deckforge.queue")
T = TypeVar("T")

ACCOUNT_BUSY_WAIT_S = 0.5
IDLE_POLL_MS = 200  # an idle process asks Redis for a message at least this often
_process: TaskProcess | None = None


class TaskProcess:
    def __init__(self, settings: Settings, threads: int) -> None:
        from service.jobs.run import build_pool
        from service.main import build_storage
        from service.metrics import Metrics

        self.settings = settings
        self.threads = threads
        self.stats = ChildStats()
        self.db = Database(settings)
        pool = build_pool(
            settings,
            size=1,
            queue_size=threads,
            on_restart=lambda reason: self.stats.job_restarts.labels(reason).inc(),
        )
        self.state = ServiceState(
            settings=settings,
            storage=build_storage(settings),
            pool=pool,
            metrics=Metrics(),
            db=self.db,
            clock=utc_now,
        )
        self.policy = leases.LeasePolicy.of(settings, queued=True)
        self.executor = TaskExecutor(self.state, self.policy, slots=threads)
        self.owner = self.executor.owner
        self.loop = asyncio.new_event_loop()
        self.loop_thread = threading.Thread(
            target=self.loop.run_forever, name="df-tasks", daemon=True
        )
        self.broker = make_broker(settings)
        self.actor = declare_actor(self.broker, run_task)
        self.stopping = threading.Event()

    def on_loop(self, coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Run `coro` on this process's event loop (from any other thread)."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def start(self) -> None:
        """The event loop, then the pool (warmed up) and the executor on it."""
        self.loop_thread.start()
        self.on_loop(self.state.pool.start()).result()
        self.on_loop(self.executor.start()).result()

    def handle(self, task_id: str) -> None:
        """A delivered message (in a Dramatiq worker thread): claim, then run to the end."""
        if task_id in self.executor.running:  # a duplicate message: this process runs it already
            self.stats.deliveries.labels(leases.DROP_LEASED).inc()
            return
        claim = leases.claim(self.db, task_id, self.owner, now=utc_now(), policy=self.policy)
        self.stats.deliveries.labels(claim.outcome).inc()
        if claim.outcome == leases.ACCOUNT_BUSY:
            time.sleep(ACCOUNT_BUSY_WAIT_S)
            self.resend(task_id)
            return
        if claim.outcome != leases.RUN:
            log.info("task %s: message dropped (%s)", task_id, claim.outcome)
            return
        self.stats.wait_seconds.observe(claim.waited_s)
        if claim.redelivered:
            self.stats.redeliveries.inc()
            log.warning(
                "task %s: taken over after its worker died (attempt %s)", task_id, claim.attempt
            )
        started = time.monotonic()
        try:
            self.on_loop(self.executor.run(task_id)).result()
        except concurrent.futures.CancelledError:
            log.info("task %s: cut short by the stop (handed back)", task_id)
        finally:
            self.stats.task_seconds.observe(time.monotonic() - started)

    def resend(self, task_id: str) -> None:
        message = self.actor.send(task_id)
        record_enqueued(self.db, task_id, str(message.options["redis_message_id"]), now=utc_now())

    def beat_forever(self) -> None:
        """Dramatiq's Redis heartbeat of this consumer (any broker command records one)."""
        every = max(0.2, self.settings.queue_heartbeat_timeout_s / 4)
        while not self.stopping.wait(every):
            try:
                self.broker.do_qsize(QUEUE_NAME)
            except Exception:  # noqa: BLE001 - Redis away: Dramatiq's consumer reconnects
                log.warning("queue heartbeat failed", exc_info=True)

    def serve(self, stop: threading.Event) -> None:
        self.start()
        worker = Worker(self.broker, worker_threads=self.threads, worker_timeout=IDLE_POLL_MS)
        worker.queue_prefetch = self.threads
        worker.start()
        beat = threading.Thread(target=self.beat_forever, name="df-beat", daemon=True)
        beat.start()
        log.info("task process %s ready (%s threads)", self.owner, self.threads)
        # A timed wait: SIGTERM may land on another thread, and the handler only runs once the
        # main thread executes Python again (an untimed wait would never return).
        while not stop.wait(0.5):
            pass
        self.shutdown(worker)

    def shutdown(self, worker: Worker) -> None:
        grace = self.settings.worker_grace_s
        log.info("stopping: %s running tasks, grace %.0f s", len(self.executor.running), grace)
        stopper = threading.Thread(
            target=worker.stop, kwargs={"timeout": int(grace * 1000)}, daemon=True
        )
        stopper.start()
        stopper.join(grace + 10)
        try:
            for task_id in self.on_loop(self.executor.stop(0.0)).result(30):
                self.resend(task_id)
                self.stats.handed_back.inc()
                log.warning("task %s handed back (grace period over)", task_id)
        except Exception:  # noqa: BLE001 - the leases expire; the sweep requeues the tasks
            log.exception("could not hand back the running tasks")
        self.stopping.set()
        self.state.pool.close()


def run_task(task_id: str) -> None:
    """The `run_task` actor: claim and run one task in this task process."""
    if _process is None:
        raise RuntimeError("run_task outside a worker process")
    _process.handle(task_id)


def main(argv: list[str] | None = None) -> int:
    global _process

    from service.logs import configure_logging

    p = argparse.ArgumentParser(prog="deckforge worker process")
    p.add_argument("--threads", type=int, default=1)
    args = p.parse_args(argv)
    settings = Settings()
    configure_logging(settings.log_level, settings.log_json)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the host forwards Ctrl-C as SIGTERM
    _process = TaskProcess(settings, max(1, args.threads))
    _process.serve(stop)
    logging.shutdown()
    os._exit(0)  # threads stuck in a handed-back task must not keep the process alive


if __name__ == "__main__":
    raise SystemExit(main())
