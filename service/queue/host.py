"""A worker host (`deckforge worker`: settings -> N task processes consuming the task queue,
kept running, swept, measured and stopped gracefully).

The host process runs no task itself. It migrates the database once, starts N children
(`python -m service.queue.child`, each with its task executor and a worker pool of one job
process), replaces a child that exits (counted by reason, with a
back-off when one keeps failing at start), sweeps the queue every `queue_sweep_interval_s`, and
serves /healthz, /readyz and /metrics on `worker_metrics_port`. SIGTERM or SIGINT: every child
gets SIGTERM (stop taking messages, finish or hand back within `worker_grace_s`); children still
alive after the grace period and a margin are killed.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from service.config import Settings
from service.db.engine import Database
from service.deps import utc_now
from service.queue.broker import QueueClient
from service.queue.stats import ChildrenCollector, HostStats
from service.queue.sweep import sweep

log = logging.getLogger("deckforge.queue")

POLL_S = 0.25
STOP_MARGIN_S = 15.0
QUICK_EXIT_S = 10.0  # a child that exits sooner than this after its start backs off
MAX_BACKOFF_S = 30.0


@dataclass
class Child:
    slot: int
    proc: subprocess.Popen[bytes]
    started: float
    failures: int = 0
    restart_at: float | None = None


@dataclass
class Host:
    settings: Settings
    processes: int
    threads: int
    children: list[Child] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self.metrics_dir = tempfile.mkdtemp(prefix="deckforge-worker-metrics-")
        self.client = QueueClient(self.settings, maintenance_chance=1_000_000)
        self.stats = HostStats(self.client.depth, self.alive)
        self.stats.registry.register(ChildrenCollector(self.metrics_dir))
        self.db: Database | None = None

    def alive(self) -> int:
        return sum(1 for c in self.children if c.proc.poll() is None)

    def spawn(self, slot: int, failures: int = 0) -> Child:
        env = dict(
            os.environ,
            PROMETHEUS_MULTIPROC_DIR=self.metrics_dir,
            DECKFORGE_LOG_LEVEL=self.settings.log_level,
        )
        cmd = [sys.executable, "-m", "service.queue.child", "--threads", str(self.threads)]
        proc = subprocess.Popen(cmd, env=env, preexec_fn=_stop_with_parent(os.getpid()))
        log.info("worker process %s started (pid %s)", slot, proc.pid)
        return Child(slot, proc, time.monotonic(), failures)

    def run(self) -> int:
        try:
            server = self.serve_http()
        except OSError as exc:
            s = self.settings
            print(
                f"deckforge worker: cannot listen on {s.worker_metrics_host}:"
                f"{s.worker_metrics_port}: {(exc.strerror or str(exc)).lower()} "
                "(pick another --metrics-port, or 0 for none)",
                file=sys.stderr,
            )
            return 1
        self.db = Database(self.settings)
        self.db.upgrade()
        self.children = [self.spawn(i) for i in range(self.processes)]
        log.info(
            "worker host ready: %s processes x %s threads",
            self.processes,
            self.threads,
            extra={"processes": self.processes, "threads": self.threads},
        )
        next_sweep = time.monotonic() + self.settings.queue_sweep_interval_s
        try:
            while not self.stop.wait(POLL_S):
                self.reap()
                if time.monotonic() >= next_sweep:
                    next_sweep = time.monotonic() + self.settings.queue_sweep_interval_s
                    self.sweep_once()
        finally:
            self.shutdown()
            if server is not None:
                server.shutdown()
                server.server_close()
            self.client.close()
            self.db.close()
            shutil.rmtree(self.metrics_dir, ignore_errors=True)
        return 0

    def reap(self) -> None:
        now = time.monotonic()
        for i, child in enumerate(self.children):
            code = child.proc.poll()
            if code is None:
                continue
            if child.restart_at is None:
                reason = f"signal {-code}" if code < 0 else f"exit {code}"
                self.stats.restarts.labels(reason).inc()
                quick = now - child.started < QUICK_EXIT_S
                failures = child.failures + 1 if quick else 0
                delay = min(MAX_BACKOFF_S, 0.5 * 2**failures) if failures else 0.0
                log.warning("worker process %s exited (%s); restart in %.1f s", i, reason, delay)
                child.failures, child.restart_at = failures, now + delay
            if now >= child.restart_at:
                self.children[i] = self.spawn(child.slot, child.failures)

    def sweep_once(self) -> None:
        assert self.db is not None
        try:
            result = sweep(self.db, self.client, self.settings, now=utc_now())
        except Exception as exc:  # noqa: BLE001 - Redis or the database away: next time
            log.warning("queue sweep failed: %s", exc)
            return
        self.stats.requeued.inc(result.requeued)
        self.stats.failed.inc(result.failed)

    def shutdown(self) -> None:
        grace = self.settings.worker_grace_s
        log.info("stopping %s worker processes (grace %.0f s)", self.alive(), grace)
        for child in self.children:
            if child.proc.poll() is None:
                child.proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + grace + STOP_MARGIN_S
        for child in self.children:
            try:
                child.proc.wait(max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                log.error("worker process %s did not stop; killing it", child.proc.pid)
                child.proc.kill()
                child.proc.wait()
        log.info("worker host stopped")

    def health(self, ready: bool) -> tuple[int, dict[str, Any]]:
        alive = self.alive()
        data: dict[str, Any] = {"processes": self.processes, "aliveProcesses": alive}
        if not ready:
            return 200, {"status": "ok", **data}
        checks = {"queue": self._check(self.client.ping), "database": self._check(self._db_ok)}
        ok = alive > 0 and all(v == "ok" for v in checks.values()) and not self.stop.is_set()
        data.update(checks, queueDepth=self._depth())
        return (200 if ok else 503), {"status": "ready" if ok else "not ready", **data}

    def _db_ok(self) -> bool:
        assert self.db is not None
        self.db.ping()
        return True

    @staticmethod
    def _check(fn: Any) -> str:
        try:
            fn()
            return "ok"
        except Exception as exc:  # noqa: BLE001 - any failure means not ready
            return f"failing: {type(exc).__name__}"

    def _depth(self) -> int:
        try:
            return self.client.depth()
        except Exception:  # noqa: BLE001
            return -1

    def serve_http(self) -> ThreadingHTTPServer | None:
        port = self.settings.worker_metrics_port
        if port == 0:
            return None
        server = ThreadingHTTPServer((self.settings.worker_metrics_host, port), _handler(self))
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, name="df-metrics", daemon=True).start()
        log.info("worker host metrics on http://%s:%s/metrics", *server.server_address[:2])
        return server


def _handler(host: Host) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            path = self.path.split("?", 1)[0]
            if path == "/metrics":
                self._send(200, generate_latest(host.stats.registry), CONTENT_TYPE_LATEST)
            elif path in ("/healthz", "/readyz"):
                status, data = host.health(ready=path == "/readyz")
                self._send(status, json.dumps(data).encode(), "application/json")
            else:
                self._send(404, b'{"status": "not found"}', "application/json")

        def _send(self, status: int, body: bytes, kind: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            return

    return Handler


def run_host(settings: Settings, processes: int, threads: int) -> int:
    host = Host(settings, processes, threads)

    def on_signal(signum: int, _: Any) -> None:
        log.info("signal %s: stopping", signum)
        host.stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    return host.run()


def _stop_with_parent(host_pid: int) -> Callable[[], None] | None:
    """A child gets SIGTERM when its host dies, even by kill -9 (Linux PR_SET_PDEATHSIG): it
    hands its task back and exits instead of running on unsupervised beside the host's
    replacement. The C library is loaded here, before the fork: the function run between fork
    and exec only makes two system calls."""
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None

    def arm() -> None:
        prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        if os.getppid() != host_pid:  # the host died before the signal was armed
            os.kill(os.getpid(), signal.SIGTERM)

    return arm
