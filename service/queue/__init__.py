"""The task queue for scale-out (DECKFORGE_QUEUE_URL, a Redis URL -> Dramatiq messages that carry
task ids; the task rows, their events and results stay in the database).

    broker   the Redis broker, the `run_task` actor, the API side's enqueue (QueueClient,
             QueueDispatch) and the message recorded on the task row
    child    one task process: a Dramatiq worker whose messages are claimed on the task row
             (service.tasks.leases) and run by the process's task executor and worker pool
    sweep    lost messages re-enqueued, tasks over the redelivery budget failed
    host     `deckforge worker`: N task processes, restarts, sweep, /metrics and /healthz
    stats    the worker host's Prometheus series (processes counted in multiprocess mode)

With DECKFORGE_QUEUE_URL unset nothing here is imported: tasks run in the instance
(service.tasks.dispatch.LocalTasks), with the same executor, leases and steps.
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
