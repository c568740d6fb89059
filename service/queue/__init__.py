"""The task queue for scale-out (DECKFORGE_QUEUE_URL, a Redis URL -> Dramatiq messages that carry
task ids; the task rows, their events and results stay in the database).

    broker   the Redis broker, the `run_task` actor and the API side's enqueue (QueueClient)
    claims   a delivered message -> the task row claimed with a lease (or dropped); hand back
    child    one worker process: a Dramatiq worker whose actor runs the task's steps
    sweep    lost messages re-enqueued, tasks over the redelivery budget failed
    host     `deckforge worker`: N worker processes, restarts, sweep, /metrics and /healthz
    stats    the worker host's Prometheus series (processes counted in multiprocess mode)

With DECKFORGE_QUEUE_URL unset nothing here is imported: tasks run in the instance's TaskRunner.
"""

from __future__ import annotations

import importlib

QUEUE_PACKAGES = ("dramatiq", "redis")
INSTALL_HINT = "pip install 'deckforge[queue]'"


class QueueExtraMissing(RuntimeError):
    """DECKFORGE_QUEUE_URL is set but the `queue` extra (Dramatiq, redis) is not installed."""


def require_queue_extra() -> None:
    """Raise QueueExtraMissing, naming the install command, unless the queue's packages import."""
    missing = []
    for name in QUEUE_PACKAGES:
        try:
            importlib.import_module(name)
        except ImportError:
            missing.append(name)
    if missing:
        raise QueueExtraMissing(
            f"DECKFORGE_QUEUE_URL is set but {', '.join(missing)} "
            f"{'is' if len(missing) == 1 else 'are'} not installed: run {INSTALL_HINT} "
            "(or unset DECKFORGE_QUEUE_URL to run tasks in this instance)"
        )
