"""Redis restarted without persistence (every message lost): tasks in flight complete, tasks
created before or during the outage run once it is back; nothing stays pending or processing.
Also: the API's readiness follows Redis; an API-only instance without a queue runs no task."""

from __future__ import annotations

from pathlib import Path

from queue_testkit import (
    ANSWER,
    PASTED,
    RedisServer,
    WorkerHost,
    counts,
    create_task,
    queue_app,
    task_row,
    wait_for,
    wait_status,
    worker_env,
)
from tasks_testkit import MARKDOWN, chat_server

DONE = ("success", "failed")


def test_nothing_is_stuck_after_a_redis_restart(tmp_path: Path) -> None:
    redis = RedisServer(tmp_path / "redis").start()
    pieces = [ANSWER[i : i + 4] for i in range(0, len(ANSWER), 4)]
    try:
        with chat_server(pieces, delay=0.12) as chat, queue_app(tmp_path, redis.url) as client:
            llm = {"llm_base_url": chat.base_url, "llm_model": "m", "llm_retries": "0"}
            host = WorkerHost(worker_env(tmp_path, redis.url, **llm), tmp_path / "w.log").start()
            try:
                running = create_task(client, {"type": 6, "content": PASTED})
                wait_for(
                    lambda: task_row(client, running).step == "generate_content", 120, "running"
                )
                queued = create_task(client, {"type": 7, "content": MARKDOWN})  # behind it
                assert task_row(client, queued).status == "pending"
                redis.stop()  # the queued task's message is gone with it
                r = client.get("/readyz")
                assert r.status_code == 503 and r.json()["data"]["queue"] == "failing"
                down = host.get("/readyz")
                assert down.status_code == 503 and down.json()["queue"].startswith("failing")
                assert host.get("/healthz").status_code == 200  # alive, not ready
                during = create_task(client, {"type": 7, "content": MARKDOWN})  # not enqueued
                assert task_row(client, during).queue_message_id is None
                redis.start()
                for task_id in (running, queued, during):
                    done = wait_status(client, task_id, DONE, 180)
                    assert (done.status, done.attempts) == ("success", 1), done.error_message
                    c = counts(client, task_id)
                    assert (c["ppts"], c["charges"], c["finals"]) == (1, 1, 1)
                assert host.metric("deckforge_worker_tasks_requeued_total") >= 2
                assert client.get("/readyz").status_code == 200
            finally:
                host.kill()
    finally:
        redis.stop()


def test_without_a_queue_an_api_only_instance_runs_no_task(tmp_path: Path) -> None:
    from service_testkit import make_settings

    from service.main import create_app

    app = create_app(make_settings(tmp_path, workers=1, run_workers=False))
    from fastapi.testclient import TestClient

    with TestClient(app) as client:
        assert app.state.service.tasks.kind == "none"  # neither a local executor nor a queue
        task_id = create_task(client, {"type": 7, "content": MARKDOWN})
        assert task_row(client, task_id).status == "pending"  # another instance runs it
        assert "queue" not in client.get("/readyz").json()["data"]
