"""Worker host metrics (queue and task events -> Prometheus series on the host's /metrics).

Worker processes count in Prometheus' multiprocess mode (PROMETHEUS_MULTIPROC_DIR, set by the
host for its children only); the host serves their sum plus its own series (process restarts,
sweep actions, live processes) and the queue depth read from Redis at scrape time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.metrics_core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

PREFIX = "deckforge_worker_"
CHILD_SERIES = (
    "deliveries",
    "task_redeliveries",
    "tasks_handed_back",
    "task_seconds",
    "task_wait_seconds",
    "job_restarts",
)
TASK_BUCKETS = (0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 900.0)


class ChildStats:
    """Counted in each worker process (multiprocess mode: summed by the host)."""

    def __init__(self) -> None:
        self.deliveries = Counter(
            f"{PREFIX}deliveries", "Messages delivered, by claim outcome", ["outcome"]
        )
        self.redeliveries = Counter(
            f"{PREFIX}task_redeliveries", "Tasks taken over after their worker died"
        )
        self.handed_back = Counter(
            f"{PREFIX}tasks_handed_back", "Tasks handed back on a graceful stop"
        )
        self.task_seconds = Histogram(
            f"{PREFIX}task_seconds",
            "Time a worker process ran a task (claim to end)",
            buckets=TASK_BUCKETS,
        )
        self.job_restarts = Counter(
            f"{PREFIX}job_restarts",
            "Job processes of the task processes' pools replaced, by reason (timeout, crash, "
            "memory, recycle)",
            ["reason"],
        )
        self.wait_seconds = Histogram(
            f"{PREFIX}task_wait_seconds",
            "Time from a task's creation to the claim that ran it",
            buckets=TASK_BUCKETS,
        )


class HostStats:
    """The host's own series, in its own registry."""

    def __init__(self, depth: Callable[[], float], alive: Callable[[], float]) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.restarts = Counter(
            f"{PREFIX}restarts",
            "Worker processes replaced after they exited, by reason",
            ["reason"],
            registry=r,
        )
        self.requeued = Counter(
            f"{PREFIX}tasks_requeued", "Tasks re-enqueued by the sweep (message lost)", registry=r
        )
        self.failed = Counter(
            f"{PREFIX}tasks_failed_by_sweep",
            "Tasks failed by the sweep (redelivery budget used up)",
            registry=r,
        )
        self.alive = Gauge(f"{PREFIX}processes_alive", "Worker processes running", registry=r)
        self.alive.set_function(alive)
        r.register(_DepthCollector(depth))


class _DepthCollector(Collector):
    def __init__(self, depth: Callable[[], float]) -> None:
        self._depth = depth

    def collect(self) -> Iterable[Metric]:
        try:
            value = float(self._depth())
        except Exception:  # noqa: BLE001 - Redis away: report -1 rather than fail the scrape
            value = -1.0
        yield GaugeMetricFamily(
            f"{PREFIX}queue_depth",
            "Messages waiting in the task queue (-1: Redis unreachable)",
            value,
        )


class ChildrenCollector(Collector):
    """The worker processes' series (multiprocess files in `path`): ChildStats' only."""

    def __init__(self, path: str) -> None:
        from prometheus_client.multiprocess import MultiProcessCollector

        self._inner = MultiProcessCollector(None, path=path)  # type: ignore[arg-type]
        self._names = {PREFIX + n for n in CHILD_SERIES}

    def collect(self) -> Iterator[Metric]:
        for family in self._inner.collect():
            if family.name in self._names:
                yield family
