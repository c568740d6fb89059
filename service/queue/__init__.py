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
