"""One worker process of a worker host (delivered `run_task(task_id)` messages -> the task's
steps run here, with the same steps code as the in-process runner).

Started by service.queue.host as `python -m service.queue.child --threads M`. A Dramatiq worker
with M threads consumes the queue (prefetch M: a busy process never holds a message another
process could start). For each message the task row is claimed (service.queue.claims); a
claimed task runs `service.tasks.steps.execute` with generate_ppt run inline in this process
(this process is the worker: no pool). A beat thread renews the leases of the running tasks
and Dramatiq's Redis heartbeat (Dramatiq beats only when it fetches).

SIGTERM: stop taking messages, let running tasks finish within `worker_grace_s`, then hand
back whatever still runs (lease released, a new message sent) and exit.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import socket
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from dramatiq import Worker

from service.config import Settings
from service.db.engine import Database
from service.deps import ServiceState, utc_now
from service.queue import claims
from service.queue.broker import QUEUE_NAME, declare_actor, make_broker
from service.queue.stats import ChildStats

log = logging.getLogger("deckforge.queue")

ACCOUNT_BUSY_WAIT_S = 0.5
IDLE_POLL_MS = 200  # an idle process asks Redis for a message at least this often
_process: WorkerProcess | None = None


class InlinePool:
    """The `pool` of a worker process's ServiceState: generate_ppt runs in a thread of this
    process (the worker host's processes are the workers). Its own threads, not the task's
    event loop's: a generation still running when the task timed out does not hold up the
    worker thread (the loop's shutdown would wait for it)."""

    size = 1
    started = True

    def __init__(self, threads: int) -> None:
        self.executor = ThreadPoolExecutor(max_workers=2 * threads, thread_name_prefix="df-gen")

    async def run(
        self, payload: Any, request_id: str | None = None, *, timeout_s: float | None = None
    ) -> Any:
        from service.gen_jobs import run_job
        from service.workers import JobFailed

        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.executor, run_job, payload)
        except Exception as exc:  # noqa: BLE001 - reported like a pool job's error
            log.warning("generation job failed", exc_info=True)
            raise JobFailed("error", type(exc).__name__) from None


class WorkerProcess:
    def __init__(self, settings: Settings, threads: int) -> None:
        from service.main import build_storage
        from service.metrics import Metrics

        self.settings = settings
        self.threads = threads
        self.owner = f"{socket.gethostname()[:30]}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.db = Database(settings)
        self.state = ServiceState(
            settings=settings,
            storage=build_storage(settings),
            pool=InlinePool(threads),  # type: ignore[arg-type]
            metrics=Metrics(),
            db=self.db,
            clock=utc_now,
        )
        self.executor = ThreadPoolExecutor(max_workers=2 * threads, thread_name_prefix="df-step")
        self.broker = make_broker(settings)
        self.actor = declare_actor(self.broker, run_task)
        self.running: dict[str, float] = {}
        self.lock = threading.Lock()
        self.stats = ChildStats()
        self.stopping = threading.Event()

    def handle(self, task_id: str) -> None:
        s = self.settings
        with self.lock:
            if task_id in self.running:  # a duplicate message: this process runs it already
                self.stats.deliveries.labels(claims.DROP_LEASED).inc()
                return
        claim = claims.claim_delivery(
            self.db,
            task_id,
            self.owner,
            now=utc_now(),
            lease_s=s.task_lease_s,
            per_account=s.task_per_account,
            max_redeliveries=s.queue_max_redeliveries,
        )
        self.stats.deliveries.labels(claim.outcome).inc()
        if claim.outcome == claims.ACCOUNT_BUSY:
            time.sleep(ACCOUNT_BUSY_WAIT_S)
            self.resend(task_id)
            return
        if claim.outcome != claims.RUN:
            log.info("task %s: message dropped (%s)", task_id, claim.outcome)
            return
        self.stats.wait_seconds.observe(claim.waited_s)
        if claim.redelivered:
            self.stats.redeliveries.inc()
            log.warning(
                "task %s: taken over after its worker died (attempt %s)", task_id, claim.attempt
            )
        started = time.monotonic()
        with self.lock:
            self.running[task_id] = started
        try:
            from service.tasks import steps

            asyncio.run(steps.execute(self.state, task_id, self.owner, self.executor))
        finally:
            with self.lock:
                self.running.pop(task_id, None)
            self.stats.task_seconds.observe(time.monotonic() - started)

    def resend(self, task_id: str) -> None:
        message = self.actor.send(task_id)
        claims.record_enqueued(
            self.db, task_id, str(message.options["redis_message_id"]), now=utc_now()
        )

    def beat_forever(self) -> None:
        """Renew the running tasks' leases and this consumer's Redis heartbeat."""
        s = self.settings
        every = max(0.2, min(s.task_lease_s / 3, s.queue_heartbeat_timeout_s / 4))
        while not self.stopping.wait(every):
            self.beat()

    def beat(self) -> None:
        from service.tasks import store

        with self.lock:
            ids = list(self.running)
        try:
            store.renew(self.db, self.owner, ids, now=utc_now(), lease_s=self.settings.task_lease_s)
        except Exception:  # noqa: BLE001 - a database hiccup: the next beat retries
            log.warning("lease renewal failed", exc_info=True)
        try:
            self.broker.do_qsize(QUEUE_NAME)  # any broker command records a heartbeat
        except Exception:  # noqa: BLE001 - Redis away: Dramatiq's consumer reconnects
            log.warning("queue heartbeat failed", exc_info=True)

    def serve(self, stop: threading.Event) -> None:
        worker = Worker(self.broker, worker_threads=self.threads, worker_timeout=IDLE_POLL_MS)
        worker.queue_prefetch = self.threads
        worker.start()
        beat = threading.Thread(target=self.beat_forever, name="df-beat", daemon=True)
        beat.start()
        log.info("worker process %s ready (%s threads)", self.owner, self.threads)
        # A timed wait: SIGTERM may land on another thread, and the handler only runs once the
        # main thread executes Python again (an untimed wait would never return).
        while not stop.wait(0.5):
            pass
        self.shutdown(worker)

    def shutdown(self, worker: Worker) -> None:
        grace = self.settings.worker_grace_s
        log.info("stopping: %s running tasks, grace %.0f s", len(self.running), grace)
        stopper = threading.Thread(
            target=worker.stop, kwargs={"timeout": int(grace * 1000)}, daemon=True
        )
        stopper.start()
        stopper.join(grace + 10)
        with self.lock:
            left = list(self.running)
        for task_id in left:
            try:
                if claims.hand_back(self.db, task_id, self.owner, now=utc_now()):
                    self.resend(task_id)
                    self.stats.handed_back.inc()
                    log.warning("task %s handed back (grace period over)", task_id)
            except Exception:  # noqa: BLE001 - the lease expires; the sweep requeues it
                log.exception("could not hand back task %s", task_id)
        self.stopping.set()


def run_task(task_id: str) -> None:
    """The `run_task` actor: claim and run one task in this worker process."""
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
    _warm_up()
    _process = WorkerProcess(settings, max(1, args.threads))
    _process.serve(stop)
    logging.shutdown()
    os._exit(0)  # threads stuck in a handed-back task must not keep the process alive


def _warm_up() -> None:
    from service.gen_jobs import worker_init
    from service.tasks.runner import _warm_up as warm_generator

    worker_init()
    warm_generator()


if __name__ == "__main__":
    raise SystemExit(main())
