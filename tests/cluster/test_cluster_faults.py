"""Faults against the running cluster, one test each: a worker host killed (SIGKILL) in the
middle of a task, an API instance killed during an SSE stream, Redis restarted with tasks in
flight, PostgreSQL stopped for 5 s, PostgreSQL frozen (SIGSTOP) for 6 s. Each test puts the
cluster back as it found it."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import httpx
from cluster import Cluster
from cluster_testkit import (
    CONVERT,
    CREATE,
    MARKDOWN,
    STREAM,
    TEMPLATE,
    call,
    create_task,
    page,
    result,
    slide_count,
    sse_events,
    wait_done,
)

# Twenty content pages: long enough in generate_ppt to be caught mid-task.
# Twenty pages, each too full to share a slide with another: a task of 20+ slides.
LONG_MARKDOWN = "# Long Deck\nMany pages\n\n## Part\n\n" + "".join(
    f"### Page {i}\n"
    + "".join(
        f"- point {k} of page {i}: a sentence long enough to be read as one full line of the slide\n"
        for k in range(4)
    )
    + "\n"
    for i in range(20)
)


def _charges(cluster: Cluster, task_id: str) -> tuple[int, int]:
    """(PPT rows, usage records) of a task, read from the database."""
    ppts = cluster.sql("SELECT count(*) FROM ppts WHERE task_id = :t", t=task_id)[0][0]
    usage = cluster.sql("SELECT count(*) FROM usage_records WHERE task_id = :t", t=task_id)[0][0]
    return int(ppts), int(usage)


def _balance(cluster: Cluster) -> int:
    return int(cluster.sql("SELECT balance FROM accounts WHERE name = 'acme'")[0][0])


def _running_on(cluster: Cluster, task_id: str, timeout: float = 60) -> int:
    """Wait until a worker process holds the task; the index of its worker host."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rows = cluster.sql("SELECT status, lease_owner FROM tasks WHERE id = :t", t=task_id)
        status, owner = rows[0]
        assert status in ("pending", "processing"), (status, owner)
        if status == "processing" and owner:
            host = cluster.worker_of(int(owner.split(":")[1]))
            if host is not None:
                return host
        time.sleep(0.05)
    raise AssertionError(f"task {task_id} was not taken by a worker in {timeout}s")


def test_worker_killed_mid_task_completes_on_the_other(cluster: Cluster) -> None:
    token = cluster.token("carol")
    before = _balance(cluster)
    task_id = create_task(cluster, 0, token, LONG_MARKDOWN, length="long")  # every page a slide
    victim = _running_on(cluster, task_id)
    cluster.kill_worker(victim)
    try:
        done = wait_done(cluster, task_id, token, timeout=90)
        assert done["code"] == 0 and done["data"]["status"] == "success", done
        # It was taken over (a second delivery), not finished before the kill.
        attempts = cluster.sql("SELECT attempts FROM tasks WHERE id = :t", t=task_id)[0][0]
        assert attempts >= 2, attempts
        # One PPT, one charge (of its page count), whatever ran twice.
        assert _charges(cluster, task_id) == (1, 1)
        r = httpx.get(done["data"]["fileUrl"], timeout=30)
        pages = slide_count(r.content)
        assert pages >= 20
        assert before - _balance(cluster) == pages
        events = cluster.sql(
            "SELECT count(*) FROM task_events WHERE task_id = :t AND data LIKE '%\"success\"%'",
            t=task_id,
        )[0][0]
        assert events == 1
    finally:
        cluster.restart_worker(victim)


def test_api_killed_during_sse_stream_resume_on_the_other(cluster: Cluster) -> None:
    token = cluster.token("dave")
    seen: list[tuple[int, dict]] = []
    body = {
        "type": 7,
        "content": LONG_MARKDOWN,
        "templateId": TEMPLATE,
        "stream": True,
        "length": "long",
    }
    try:
        with httpx.stream(
            "POST", cluster.url(0) + CREATE, json=body, headers={"token": token}, timeout=60
        ) as r:
            assert r.headers["content-type"].startswith("text/event-stream")
            try:
                for event in sse_events(r.iter_lines()):
                    seen.append(event)
                    if len(seen) == 1:
                        cluster.kill_api(0)  # the instance streaming to us dies
            except httpx.HTTPError:
                pass  # the connection broke: expected
        assert seen and seen[-1][1]["status"] not in ("success", "failed"), seen
        task_id = seen[0][1]["taskId"]
        last_id = seen[-1][0]
        # Resume on instance 1 with Last-Event-ID: the rest of the events, to the final one.
        rest: list[tuple[int, dict]] = []
        with httpx.stream(
            "GET",
            cluster.url(1) + STREAM,
            params={"taskId": task_id},
            headers={"token": token, "Last-Event-ID": str(last_id)},
            timeout=120,
        ) as r:
            for event in sse_events(r.iter_lines()):
                rest.append(event)
        ids = [i for i, _ in seen + rest]
        assert ids == list(range(1, len(ids) + 1))
        final = rest[-1][1]
        assert final["status"] == "success", final
        assert final["fileUrl"] and final["pptId"]
        assert _charges(cluster, task_id) == (1, 1)
    finally:
        cluster.restart_api(0)


def test_redis_restart_leaves_nothing_processing(cluster: Cluster) -> None:
    token = cluster.token("erin")
    tasks = [create_task(cluster, i % 2, token, LONG_MARKDOWN, length="long") for i in range(4)]
    _running_on(cluster, tasks[0])
    cluster.kill_redis()  # its queued messages are gone
    try:
        for i in (0, 1):  # both roles say they are not ready while Redis is down
            ready = httpx.get(cluster.url(i) + "/readyz", timeout=30)
            assert ready.status_code == 503 and ready.json()["data"]["queue"] == "failing"
        worker = f"http://127.0.0.1:{cluster.workers[0].port}/readyz"
        assert httpx.get(worker, timeout=30).status_code == 503
    finally:
        cluster.start_redis()  # a fresh, empty Redis
    outcomes = [wait_done(cluster, t, token, timeout=120) for t in tasks]
    for out in outcomes:
        data = out["data"]
        if data["status"] == "failed":
            assert out["code"] == 5001 and data["errorCode"] and data["errorMessage"], out
        else:
            assert out["code"] == 0 and data["status"] == "success", out
    rows = cluster.sql("SELECT count(*) FROM tasks WHERE status IN ('pending', 'processing')")
    assert rows[0][0] == 0
    for t, out in zip(tasks, outcomes, strict=True):
        want = (1, 1) if out["data"]["status"] == "success" else (0, 0)
        assert _charges(cluster, t) == want
    # The queue works again: a new task on either instance completes.
    after = create_task(cluster, 1, token)
    assert wait_done(cluster, after, token, timeout=60)["data"]["status"] == "success"


def _timed(fn, *args, **kwargs):  # type: ignore[no-untyped-def]
    start = time.monotonic()
    out = fn(*args, **kwargs)
    return out, time.monotonic() - start


def test_postgres_down_for_5s_clear_errors_then_recovery(cluster: Cluster, alice: str) -> None:
    body = {"htmls": [page("db down")]}
    cluster.stop_postgres()
    down_at = time.monotonic()
    try:
        answers = []
        while time.monotonic() - down_at < 5:
            for i in (0, 1):
                r, took = _timed(
                    httpx.post, cluster.url(i) + CONVERT, json=body, headers={"token": alice},
                    timeout=30,
                )  # fmt: skip
                answers.append((r, took))
                ready = httpx.get(cluster.url(i) + "/readyz", timeout=30)
                assert ready.status_code == 503, ready.text
            time.sleep(0.5)
        for r, took in answers:
            assert took < 5, took  # a clear answer, not a hang
            out = r.json()
            # HTTP 200, code 1013 "service unavailable ... retry later", Retry-After.
            assert set(out) == {"code", "message", "data"}, out
            assert out["code"] == 1013 and "database" in out["message"], out
            assert out["data"]["requestId"] and r.headers["retry-after"] == "5", out
    finally:
        cluster.start_postgres()
    # The service recovers by itself: both instances and the workers work again.
    deadline = time.monotonic() + 30
    while True:
        outs = [call(cluster, i, CONVERT, body, token=alice) for i in (0, 1)]
        if all(o["code"] == 0 for o in outs):
            break
        assert time.monotonic() < deadline, outs
        time.sleep(0.5)
    for p in cluster.apis:
        cluster.wait_ready(p, timeout=30)
    task_id = create_task(cluster, 0, alice, MARKDOWN)
    done = wait_done(cluster, task_id, alice, timeout=60)
    assert done["data"]["status"] == "success", done
    assert result(cluster, 1, task_id, alice)["data"]["pptId"] == done["data"]["pptId"]


FROZEN_S = 6.0
# The most a request may take against a frozen server with the fixture's DB_BOUNDS: a query or
# the pool's ping gives up after 2 + 1 s, the reconnect after 2 s; plus slack for a busy machine.
FROZEN_ANSWER_S = 3 + 2 + 2.5


def test_postgres_frozen_for_6s_answers_1013_then_recovers(cluster: Cluster, alice: str) -> None:
    body = {"htmls": [page("frozen")]}
    for i in (0, 1):  # pooled connections are open on both instances: the freeze catches them
        assert call(cluster, i, CONVERT, body, token=alice)["code"] == 0
    token = cluster.token("frank")
    tasks = [create_task(cluster, i % 2, token, LONG_MARKDOWN, length="long") for i in range(2)]
    _running_on(cluster, tasks[0])
    workers_before = [p.group_pids() for p in cluster.workers]

    def convert(i: int) -> tuple[httpx.Response, float, float]:
        r, took = _timed(httpx.post, cluster.url(i) + CONVERT, json=body,
                         headers={"token": alice}, timeout=60)  # fmt: skip
        return r, took, time.monotonic()

    cluster.freeze_postgres()
    frozen_at = time.monotonic()
    try:
        with ThreadPoolExecutor(6) as pool:  # several requests at once on each instance
            answers = list(pool.map(convert, [0, 1, 0, 1, 0, 1]))
            ready = [httpx.get(cluster.url(i) + "/readyz", timeout=30) for i in (0, 1)]
        time.sleep(max(0.0, FROZEN_S - (time.monotonic() - frozen_at)))
    finally:
        cluster.thaw_postgres()
    thawed_at = time.monotonic()
    assert [r.status_code for r in ready] == [503, 503], [r.text for r in ready]
    for r, took, ended in answers:  # every answer came while the server was frozen
        assert ended < thawed_at
        assert took < FROZEN_ANSWER_S, took  # an answer, not a hang
        out = r.json()
        assert set(out) == {"code", "message", "data"}, out
        assert out["code"] == 1013 and "database" in out["message"], out  # a clear "retry later"
        assert r.headers["retry-after"] == "5", r.headers
    # It recovers by itself: both instances convert again within seconds.
    deadline = time.monotonic() + 30
    while True:
        outs = [call(cluster, i, CONVERT, body, token=alice) for i in (0, 1)]
        if all(o["code"] == 0 for o in outs):
            break
        assert time.monotonic() < deadline, outs
        time.sleep(0.5)
    # No task lost: both complete (the running one is handed back and run again), one PPT
    # and one charge each; no worker process died or was replaced.
    for task_id in tasks:
        done = wait_done(cluster, task_id, token, timeout=120)
        assert done["code"] == 0 and done["data"]["status"] == "success", done
        assert _charges(cluster, task_id) == (1, 1)
    assert [p.group_pids() for p in cluster.workers] == workers_before
    rows = cluster.sql("SELECT count(*) FROM tasks WHERE status IN ('pending', 'processing')")
    assert rows[0][0] == 0
