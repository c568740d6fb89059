"""Prometheus metrics (service events -> counters, a latency histogram and queue gauges)."""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

KNOWN_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
LATENCY_BUCKETS = (0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0, 30.0, 60.0, 120.0)


class Metrics:
    """One registry per app, so several apps (tests) never collide."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.http_requests = Counter(
            "deckforge_http_requests",
            "HTTP requests by route template, method and HTTP status",
            ["route", "method", "status"],
            registry=r,
        )
        self.convert_requests = Counter(
            "deckforge_convert_requests",
            "Convert requests by envelope code",
            ["code"],
            registry=r,
        )
        self.pages_converted = Counter(
            "deckforge_pages_converted", "Pages converted successfully", registry=r
        )
        self.page_failures = Counter(
            "deckforge_page_failures", "Failed pages by page-level code", ["code"], registry=r
        )
        self.conversion_seconds = Histogram(
            "deckforge_conversion_seconds",
            "Wall time of a conversion in a worker, queue wait excluded",
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.conversion_cpu_seconds = Counter(
            "deckforge_conversion_cpu_seconds",
            "CPU time spent converting in the workers (the engine's share of the service's CPU)",
            registry=r,
        )
        self.request_seconds = Histogram(
            "deckforge_convert_request_seconds",
            "Wall time of a whole convert request (validation, queue, conversion, storage)",
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.worker_restarts = Counter(
            "deckforge_worker_restarts",
            "Worker processes replaced, by reason",
            ["reason"],
            registry=r,
        )
        self.files_swept = Counter(
            "deckforge_files_swept", "Expired files deleted by the sweeper", registry=r
        )
        self.queue_depth = Gauge(
            "deckforge_queue_depth", "Convert requests waiting for a worker", registry=r
        )
        self.jobs_running = Gauge(
            "deckforge_jobs_running", "Conversions running in workers", registry=r
        )

    def count_request(self, route: str, method: str, status: int) -> None:
        """One HTTP request; labels are bounded: `route` is a route template of the app (or
        'unmatched'), methods other than the standard ones count as 'other'."""
        label = method if method in KNOWN_METHODS else "other"
        self.http_requests.labels(route, label, str(status)).inc()

    def bind_pool(self, waiting: Callable[[], float], running: Callable[[], float]) -> None:
        self.queue_depth.set_function(waiting)
        self.jobs_running.set_function(running)

    def render(self) -> bytes:
        return generate_latest(self.registry)
