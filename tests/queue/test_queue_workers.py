"""Worker hosts (`deckforge worker` subprocesses) running tasks an API instance enqueued into a
real Redis: the happy path, a worker killed with SIGKILL mid-task, graceful SIGTERM (finish, or
hand back past the grace period), and the redelivery budget. One SQLite database and data dir
are shared by the API (in this process) and the worker host."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

from queue_testkit import (
    ANSWER,
    CREATE,
    PASTED,
    RESULT,
    TEMPLATE,
    TOKEN,
    RedisServer,
    WorkerHost,
    counts,
    create_task,
    queue_app,
    sse_events,
    task_row,
    wait_for,
    wait_status,
    worker_env,
)
from tasks_testkit import MARKDOWN, chat_server

DONE = ("success", "failed")
# The first run of a task is paced so that a test can kill or stop its worker mid-stream; the
# run after that (on another worker) streams at once.
RERUN_DELAY = 0.005


def _pieces(size: int = 4) -> list[str]:
    return [ANSWER[i : i + size] for i in range(0, len(ANSWER), size)]


def _llm(base_url: str) -> dict[str, str]:
    return {"llm_base_url": base_url, "llm_model": "test-model", "llm_retries": "0"}


def _running_pid(client: object, task_id: str) -> int:
    """The worker process that holds the task's lease, once it is generating content."""
    task = wait_for(
        lambda: (
            (t := task_row(client, task_id)).step == "generate_content"  # type: ignore[arg-type]
            and t.lease_owner
            and t
        ),
        120,
        "the task to reach generate_content",
    )
    return int(task.lease_owner.split(":")[1])


def test_a_worker_host_runs_an_enqueued_task(tmp_path: Path, redis_server: RedisServer) -> None:
    with queue_app(tmp_path, redis_server.url) as client:
        ready = client.get("/readyz").json()["data"]
        assert (ready["queue"], ready["database"]) == ("ok", "ok")
        before = counts(client, "-")["balance"]
        task_id = create_task(client, {"type": 7, "content": MARKDOWN})
        queued = task_row(client, task_id)
        assert queued.status == "pending" and queued.queue_message_id  # enqueued, not run here
        host = WorkerHost(worker_env(tmp_path, redis_server.url), tmp_path / "w.log").start()
        try:
            done = wait_status(client, task_id, DONE, 120)
            assert (done.status, done.attempts, done.lease_owner) == ("success", 1, None)
            c = counts(client, task_id)
            assert (c["ppts"], c["charges"], c["finals"]) == (1, 1, 1)
            assert c["balance"] == before - done.total_pages
            out = client.get(RESULT, params={"taskId": task_id}, headers={"token": TOKEN}).json()
            assert out["code"] == 0 and out["data"]["fileUrl"], out
            assert host.metric('deckforge_worker_deliveries_total{outcome="run"}') == 1
            assert host.metric("deckforge_worker_task_seconds_count") == 1
            assert host.metric("deckforge_worker_task_wait_seconds_count") == 1
            assert host.metric("deckforge_worker_processes_alive") == 1
            assert host.get("/healthz").json()["aliveProcesses"] == 1
        finally:
            host.kill()


def test_a_task_whose_worker_is_killed_completes_on_another(
    tmp_path: Path, redis_server: RedisServer, db_url: str | None
) -> None:
    with (
        chat_server(_pieces(), delay=0.12, then_delay=RERUN_DELAY) as chat,
        queue_app(tmp_path, redis_server.url, db_url) as client,
    ):
        env = worker_env(tmp_path, redis_server.url, db_url, **_llm(chat.base_url))
        host = WorkerHost(env, tmp_path / "w.log", processes=2).start()
        try:
            before = counts(client, "-")["balance"]
            task_id = create_task(client, {"type": 6, "content": PASTED})
            pid = _running_pid(client, task_id)
            assert pid in host.children()
            os.kill(pid, signal.SIGKILL)
            done = wait_status(client, task_id, DONE, 180)
            assert (done.status, done.attempts) == ("success", 2), done.error_message
            c = counts(client, task_id)
            assert (c["ppts"], c["charges"], c["finals"]) == (1, 1, 1)
            assert c["balance"] == before - done.total_pages
            events = sse_events(client, task_id)
            assert [e["id"] for e in events] == list(range(1, len(events) + 1))
            claims = [e for e in events if e["step"] == "parse_content"]
            assert len(claims) == 2  # claimed twice: by the killed worker, then the other
            assert [e["status"] for e in events].count("success") == 1
            assert events[-1]["status"] == "success" and events[-1]["fileUrl"]
            assert sse_events(client, task_id, after=events[-3]["id"]) == events[-2:]
            assert host.metric("deckforge_worker_task_redeliveries_total") == 1
            assert host.metric('deckforge_worker_restarts_total{reason="signal 9"}') == 1
            wait_for(lambda: len(host.children()) == 2, 30, "the killed process's replacement")
        finally:
            host.kill()


def test_sigterm_lets_the_running_task_finish(tmp_path: Path, redis_server: RedisServer) -> None:
    with (
        chat_server(_pieces(8), delay=0.1) as chat,
        queue_app(tmp_path, redis_server.url) as client,
    ):
        env = worker_env(tmp_path, redis_server.url, worker_grace_s=60, **_llm(chat.base_url))
        host = WorkerHost(env, tmp_path / "w.log").start()
        try:
            task_id = create_task(client, {"type": 6, "content": PASTED})
            _running_pid(client, task_id)
            assert host.terminate(timeout=90) == 0
            done = task_row(client, task_id)  # finished before the host exited
            assert (done.status, done.attempts) == ("success", 1), done.error_message
            assert counts(client, task_id)["finals"] == 1
        finally:
            host.kill()


def test_sigterm_past_the_grace_period_hands_the_task_back(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    with (
        chat_server(_pieces(2), delay=0.15, then_delay=RERUN_DELAY) as chat,
        queue_app(tmp_path, redis_server.url) as client,
    ):
        env = worker_env(tmp_path, redis_server.url, worker_grace_s=1, **_llm(chat.base_url))
        host = WorkerHost(env, tmp_path / "w1.log").start()
        try:
            task_id = create_task(client, {"type": 6, "content": PASTED})
            _running_pid(client, task_id)
            assert host.terminate(timeout=60) == 0
            # The host left before the task could finish (its stream lasts ~11 s, the grace
            # period 1 s) and handed it back unclaimed.
            assert len(chat.requests) == 1
            back = task_row(client, task_id)
            assert (back.status, back.lease_owner, back.attempts) == ("processing", None, 1)
        finally:
            host.kill()
        other = WorkerHost(env, tmp_path / "w2.log").start()
        try:
            done = wait_status(client, task_id, DONE, 180)
            assert (done.status, done.attempts) == ("success", 1), done.error_message
            c = counts(client, task_id)
            assert (c["ppts"], c["charges"], c["finals"]) == (1, 1, 1)
            assert len(chat.requests) == 2  # the content generated again, from the start
        finally:
            other.kill()


def test_a_task_past_its_redelivery_budget_fails_clearly(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    with (
        chat_server(_pieces(), delay=0.12) as chat,
        queue_app(tmp_path, redis_server.url) as client,
    ):
        env = worker_env(
            tmp_path, redis_server.url, queue_max_redeliveries=0, **_llm(chat.base_url)
        )
        host = WorkerHost(env, tmp_path / "w.log", processes=2).start()
        try:
            task_id = create_task(client, {"type": 6, "content": PASTED})
            os.kill(_running_pid(client, task_id), signal.SIGKILL)
            done = wait_status(client, task_id, DONE, 120)
            assert (done.status, done.error_code) == ("failed", "RETRIES_EXHAUSTED")
            out = client.get(RESULT, params={"taskId": task_id}, headers={"token": TOKEN}).json()
            assert out["code"] == 5001 and out["data"]["errorCode"] == "RETRIES_EXHAUSTED"
            assert "worker stopped 1 time before" in out["data"]["errorMessage"]
            c = counts(client, task_id)
            assert (c["ppts"], c["charges"], c["finals"]) == (0, 0, 1)
        finally:
            host.kill()


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_the_processes_of_a_killed_host_stop_with_it(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    host = WorkerHost(worker_env(tmp_path, redis_server.url), tmp_path / "host.log", processes=2)
    host.start()
    children = wait_for(lambda: host.children() if len(host.children()) == 2 else [], 30, "2")
    assert host.proc is not None
    os.kill(host.proc.pid, signal.SIGKILL)
    host.proc.wait(10)
    wait_for(lambda: not any(_alive(pid) for pid in children), 30, "the orphaned processes' exit")


def _descendants(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True, check=False)
    kids = [int(p) for p in out.stdout.split()]
    return kids + [d for k in kids for d in _descendants(k)]


def _address_space_limit(pid: int) -> str:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max address space"):
            return line.split()[3]
    return ""


def test_a_worker_host_parses_content_in_a_killable_process(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    """A task's content is parsed in a job process of the task process's worker pool, as in an
    API instance: a file that parses too slowly fails its own task (CONTENT_TIMEOUT) when the job
    process is killed at DECKFORGE_PARSE_TIMEOUT_S; the task process lives on and runs the next
    task; job processes run under DECKFORGE_WORKER_MEMORY_BYTES (RLIMIT_AS)."""
    memory = 1536 * 1024 * 1024
    slow = ("<html><body>" + "<ul><li>x" * 4000 + "</li></ul>" * 4000 + "</body></html>").encode()
    with queue_app(tmp_path, redis_server.url) as client:
        env = worker_env(tmp_path, redis_server.url, parse_timeout_s=2, worker_memory_bytes=memory)
        host = WorkerHost(env, tmp_path / "w.log").start()
        try:
            [task_process] = host.children()
            r = client.post(
                CREATE,
                data={"type": "2", "templateId": TEMPLATE},
                files={"file": ("page.html", slow, "text/html")},
                headers={"token": TOKEN},
            )
            assert r.json()["code"] == 0, r.json()
            failed = wait_status(client, r.json()["data"]["taskId"], DONE, 120)
            assert (failed.status, failed.error_code) == ("failed", "CONTENT_TIMEOUT")
            assert host.metric('deckforge_worker_job_restarts_total{reason="timeout"}') == 1
            assert host.children() == [task_process]  # only the job process was killed
            task_id = create_task(client, {"type": 7, "content": MARKDOWN})
            assert wait_status(client, task_id, DONE, 120).status == "success"
            limits = [_address_space_limit(p) for p in _descendants(task_process)]
            assert str(memory) in limits, limits
        finally:
            host.kill()
