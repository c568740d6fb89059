"""The `deckforge worker` command (flags + DECKFORGE_* environment -> a running worker host that
runs generation tasks from the Redis queue; see docs/operations.md)."""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="deckforge worker",
        description="Run a worker host: processes that take generation tasks from the queue "
        "(DECKFORGE_QUEUE_URL, required) and run them against the shared database and storage. "
        "Every flag also has a DECKFORGE_* environment variable; flags win.",
    )
    p.add_argument(
        "--processes",
        type=int,
        help="worker processes (DECKFORGE_WORKER_PROCESSES, default: cores)",
    )
    p.add_argument(
        "--threads", type=int, help="tasks at once per process (DECKFORGE_WORKER_THREADS, 4)"
    )
    p.add_argument(
        "--metrics-port",
        type=int,
        help="/metrics, /healthz, /readyz port (DECKFORGE_WORKER_METRICS_PORT, 9191; 0: off)",
    )
    p.add_argument("--log-level", help="DEBUG, INFO, WARNING, ... (DECKFORGE_LOG_LEVEL)")
    return p


def main(argv: list[str] | None = None) -> int:
    from pydantic import ValidationError

    from service.config import Settings
    from service.logs import configure_logging

    args = build_parser().parse_args(argv)
    overrides = {
        k: v
        for k, v in {
            "worker_processes": args.processes,
            "worker_threads": args.threads,
            "worker_metrics_port": args.metrics_port,
            "log_level": args.log_level,
        }.items()
        if v is not None
    }
    try:
        settings = Settings(**overrides)
    except ValidationError as exc:
        print(f"deckforge worker: invalid settings: {exc}", file=sys.stderr)
        return 2
    if settings.queue_url is None:
        print(
            "deckforge worker: DECKFORGE_QUEUE_URL is not set (e.g. redis://127.0.0.1:6379/0); "
            "without a queue, `deckforge serve` runs tasks itself",
            file=sys.stderr,
        )
        return 2
    from service.queue import QueueExtraMissing, require_queue_extra

    try:
        require_queue_extra()
    except QueueExtraMissing as exc:
        print(f"deckforge worker: {exc}", file=sys.stderr)
        return 1
    configure_logging(settings.log_level, settings.log_json)
    from service.queue.host import run_host

    return run_host(settings, settings.worker_processes, settings.worker_threads)
