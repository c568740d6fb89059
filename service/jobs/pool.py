"""The worker pool (jobs -> separate processes, with a bounded queue, timeouts, a memory limit and
restarts).

Each worker is one process with its own pipe, so a job that hangs or crashes costs exactly that
job: the worker is killed or reaped and replaced, and the other workers keep going. A pool lives
in every process that does work (an API instance, a worker host's task process); `run()` is
awaited on that process's event loop and never blocks it (pipe I/O happens on a small thread
pool, one thread per worker). A worker dies with the process that started it (PR_SET_PDEATHSIG),
so a killed task process leaves no job running behind it.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import importlib
import logging
import multiprocessing
import os
import resource
import signal
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from service.logs import configure_logging, request_id_var

log = logging.getLogger("deckforge.workers")

STARTUP_TIMEOUT_S = 120.0
STOP_TIMEOUT_S = 3.0


class QueueFull(Exception):
    """Every worker is busy and the waiting line is full: answer 1012 at once."""


class JobFailed(Exception):
    """The job produced no result: `reason` is 'timeout', 'crash', 'error' or 'closed'."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


class WorkerStartError(RuntimeError):
    pass


@dataclass
class _Worker:
    slot: int
    process: BaseProcess
    conn: Connection
    jobs_done: int = 0


def _import(path: str) -> Any:
    module_name, _, attr = path.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr) if attr else module


def limit_memory(memory_bytes: int) -> None:
    """This process's address space is at most `memory_bytes` (RLIMIT_AS; 0: unchanged): an
    allocation past it raises MemoryError in the job, which fails that job only."""
    if memory_bytes <= 0:
        return
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        memory_bytes = min(memory_bytes, hard)
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, hard))


def die_with_parent() -> None:
    """SIGKILL to this process when its parent exits (Linux; elsewhere nothing). The parent of
    a forkserver's worker is the forkserver, which exits with the pool's process."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() == 1:  # the parent is already gone
        os._exit(1)


def worker_main(
    conn: Connection,
    job_path: str,
    log_level: str,
    log_json: bool,
    memory_bytes: int = 0,
    config: dict[str, Any] | None = None,
) -> None:
    """Body of a worker process: import the job function, then answer jobs until told to stop.

    If the job's module defines `worker_configure(config)`, it gets the pool's `config` first;
    `worker_init()` then runs once before the worker reports ready (a warm-up, so the first
    request does not pay for imports and caches). The memory limit applies after the warm-up.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the parent, which stops us
    die_with_parent()
    configure_logging(log_level, log_json)
    try:
        fn = _import(job_path)
        module = importlib.import_module(job_path.partition(":")[0])
        configure = getattr(module, "worker_configure", None)
        if callable(configure):
            configure(config or {})
        after_job = getattr(module, "worker_after_job", None)
        init = getattr(module, "worker_init", None)
        if callable(init):
            init()
        limit_memory(memory_bytes)
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, then exit
        conn.send(("startup-error", f"{type(exc).__name__}: {exc}"))
        return
    conn.send(("ready", os.getpid()))
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        job_id, request_id, payload = msg
        token = request_id_var.set(request_id)
        try:
            try:
                result = fn(payload)
            except Exception as exc:
                log.exception("job raised %s", type(exc).__name__)
                conn.send(("error", job_id, type(exc).__name__, _retire(after_job)))
                continue
            retire = _retire(after_job)
            try:
                conn.send(("ok", job_id, result, retire))
            except Exception as exc:  # e.g. an unpicklable result
                log.exception("job result could not be sent")
                conn.send(("error", job_id, type(exc).__name__, retire))
        finally:
            request_id_var.reset(token)


def _retire(after_job: Any) -> bool:
    """Ask the job module whether this worker is fit for another job (memory given back)."""
    if not callable(after_job):
        return False
    fit = bool(after_job())
    if not fit:
        log.warning("worker memory not recovered after a job; the pool replaces this worker")
    return not fit


class WorkerPool:
    """`size` worker processes behind a bounded waiting line.

    `run()` raises QueueFull when `size + queue_size` jobs are already admitted, and JobFailed
    when the job timed out (the worker is killed), crashed the worker (it is replaced) or
    raised. Workers are recycled after `max_jobs_per_worker` jobs (0 = never).
    """

    def __init__(
        self,
        job: str,
        *,
        size: int,
        queue_size: int,
        timeout_s: float,
        max_jobs_per_worker: int = 0,
        start_method: str = "forkserver",
        preload: Iterable[str] = (),
        log_level: str = "INFO",
        log_json: bool = True,
        on_restart: Callable[[str], None] | None = None,
        memory_bytes: int = 0,
        config: dict[str, Any] | None = None,
    ) -> None:
        if size < 1:
            raise ValueError("size must be at least 1")
        self.job = job
        self.size = size
        self.queue_size = queue_size
        self.timeout_s = timeout_s
        self.max_jobs_per_worker = max_jobs_per_worker
        self._ctx: Any = multiprocessing.get_context(start_method)
        if start_method == "forkserver":
            self._ctx.set_forkserver_preload([*preload, job.partition(":")[0]])
        self._log_level = log_level
        self._log_json = log_json
        self.on_restart = on_restart
        self.memory_bytes = memory_bytes
        self.config = dict(config or {})
        self._workers: dict[int, _Worker] = {}
        self._lock = threading.Lock()
        self._idle: asyncio.Queue[_Worker] | None = None
        self._threads = ThreadPoolExecutor(max_workers=size, thread_name_prefix="deckforge-pipe")
        self._next_job = 0
        self.running = 0
        self.waiting = 0
        self.started = False
        self.closed = False

    # -- lifecycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        """Spawn every worker and wait until each reports ready (raises WorkerStartError)."""
        loop = asyncio.get_running_loop()
        workers = await asyncio.gather(
            *(loop.run_in_executor(self._threads, self._spawn, slot) for slot in range(self.size))
        )
        self._idle = asyncio.Queue()
        for w in workers:
            self._idle.put_nowait(w)
        self.started = True

    def close(self) -> None:
        """Stop every worker: ask politely, then kill what is left."""
        self.closed = True
        with self._lock:
            workers = list(self._workers.values())
            self._workers.clear()
        for w in workers:
            with contextlib.suppress(OSError, ValueError):
                w.conn.send(None)
        for w in workers:
            w.process.join(STOP_TIMEOUT_S)
            if w.process.is_alive():
                w.process.kill()
                w.process.join(STOP_TIMEOUT_S)
            w.conn.close()
        self._threads.shutdown(wait=False, cancel_futures=True)

    # -- state ----------------------------------------------------------------------------------

    @property
    def capacity(self) -> int:
        return self.size + self.queue_size

    def alive_workers(self) -> int:
        with self._lock:
            return sum(1 for w in self._workers.values() if w.process.is_alive())

    def worker_pids(self) -> list[int]:
        with self._lock:
            return [w.process.pid for w in self._workers.values() if w.process.pid is not None]

    # -- running jobs ---------------------------------------------------------------------------

    async def run(
        self, payload: Any, request_id: str | None = None, *, timeout_s: float | None = None
    ) -> Any:
        """Run the job on a worker and return its result; `timeout_s` (default: the pool's)
        is when the worker is killed and JobFailed('timeout') raised."""
        if self.closed or not self.started or self._idle is None:
            raise JobFailed("closed")
        if self.running + self.waiting >= self.capacity:
            raise QueueFull()
        idle = self._idle
        self.waiting += 1
        try:
            worker = await idle.get()
        finally:
            self.waiting -= 1
        self.running += 1
        self._next_job += 1
        job_id = self._next_job
        loop = asyncio.get_running_loop()
        ctx = contextvars.copy_context()
        fut = loop.run_in_executor(
            self._threads,
            ctx.run,
            self._exchange,
            worker,
            job_id,
            request_id,
            payload,
            timeout_s or self.timeout_s,
        )

        def _release(f: asyncio.Future[tuple[str, Any, _Worker]]) -> None:
            self.running -= 1
            w = f.result()[2] if not f.cancelled() and f.exception() is None else worker
            idle.put_nowait(w)

        fut.add_done_callback(_release)
        # Shield: if the request is cancelled, the exchange still finishes and frees the worker.
        kind, value, _ = await asyncio.shield(fut)
        if kind == "ok":
            return value
        raise JobFailed(kind, str(value or ""))

    def _exchange(
        self,
        worker: _Worker,
        job_id: int,
        request_id: str | None,
        payload: Any,
        timeout_s: float,
    ) -> tuple[str, Any, _Worker]:
        """Send one job to `worker` and wait for its answer (runs on a pipe thread)."""
        if not worker.process.is_alive():
            log.warning("worker pid=%s died while idle; replacing it", worker.process.pid)
            worker = self._replace(worker, "died")
            if not worker.process.is_alive():
                return ("crash", "no worker available", worker)
        try:
            worker.conn.send((job_id, request_id, payload))
            if not worker.conn.poll(timeout_s):
                log.error(
                    "job timed out after %.1fs; killing worker pid=%s",
                    timeout_s,
                    worker.process.pid,
                )
                return ("timeout", f"{timeout_s}s", self._replace(worker, "timeout"))
            msg = worker.conn.recv()
        except (EOFError, OSError) as exc:
            worker.process.join(1.0)
            log.error(
                "worker pid=%s crashed (exit code %s) during a job",
                worker.process.pid,
                worker.process.exitcode,
            )
            return ("crash", type(exc).__name__, self._replace(worker, "crash"))
        except Exception as exc:  # e.g. an unpicklable payload; the pipe state is unknown
            log.exception("could not hand the job to worker pid=%s", worker.process.pid)
            return ("error", type(exc).__name__, self._replace(worker, "error"))
        kind, _job, value, retire = msg
        worker.jobs_done += 1
        if retire:
            worker = self._replace(worker, "memory")
        elif self.max_jobs_per_worker and worker.jobs_done >= self.max_jobs_per_worker:
            worker = self._replace(worker, "recycle")
        return (kind, value, worker)

    # -- process management ---------------------------------------------------------------------

    def _spawn(self, slot: int) -> _Worker:
        parent_conn, child_conn = self._ctx.Pipe(duplex=True)
        process = self._ctx.Process(
            target=worker_main,
            args=(
                child_conn,
                self.job,
                self._log_level,
                self._log_json,
                self.memory_bytes,
                self.config,
            ),
            name=f"deckforge-worker-{slot}",
            daemon=True,
        )
        process.start()
        child_conn.close()
        try:
            ready = parent_conn.poll(STARTUP_TIMEOUT_S)
            msg = parent_conn.recv() if ready else ("startup-error", "no answer")
        except (EOFError, OSError):
            msg = ("startup-error", f"exited with code {process.exitcode}")
        if msg[0] != "ready":
            process.kill()
            process.join(STOP_TIMEOUT_S)
            parent_conn.close()
            log.error("worker %s failed to start: %s", slot, msg[1])
            raise WorkerStartError(f"worker {slot} failed to start: {msg[1]}")
        worker = _Worker(slot=slot, process=process, conn=parent_conn)
        with self._lock:
            if self.closed:
                process.kill()
            self._workers[slot] = worker
        log.info("worker %s started (pid=%s)", slot, process.pid)
        return worker

    def _replace(self, worker: _Worker, reason: str) -> _Worker:
        """Stop `worker` (gracefully when recycling, else kill) and start its successor."""
        if reason in ("recycle", "memory"):
            with contextlib.suppress(OSError):
                worker.conn.send(None)
            worker.process.join(STOP_TIMEOUT_S)
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join(STOP_TIMEOUT_S)
        worker.conn.close()
        if self.on_restart is not None:
            self.on_restart(reason)
        if self.closed:
            return worker
        try:
            return self._spawn(worker.slot)
        except WorkerStartError:
            # Keep the dead worker in its slot; the next job retries the spawn.
            with self._lock:
                self._workers[worker.slot] = worker
            return worker
