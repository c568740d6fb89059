"""The service API against the cluster (2 API instances, 2 worker hosts, PostgreSQL, Redis, S3),
alternating instances between calls: convert (4.4), generatePptx (4.5), a task created on one
instance and streamed / polled on the other (4.1, 4.2, SSE), latestData (4.3), listPage (4.6),
listAllPptx (4.7), and links issued by one instance opened through the other."""

from __future__ import annotations

import httpx
from cluster import BUCKET, Cluster
from cluster_testkit import (
    CONVERT,
    GENERATE,
    LATEST,
    LIST_PPTS,
    RECORDS,
    STREAM,
    call,
    create_task,
    on_instance,
    page,
    result,
    slide_count,
    sse_events,
    wait_done,
)


def test_convert_on_both_instances(cluster: Cluster, alice: str) -> None:
    for i in (0, 1, 0, 1):
        body = {"htmls": [page(f"one {i}"), page(f"two {i}")], "filename": f"deck{i}"}
        out = call(cluster, i, CONVERT, body, token=alice)
        assert out["code"] == 0, out
        data = out["data"]
        assert (data["totalPages"], data["successPages"], data["failedPages"]) == (2, 2, 0)
        # S3 storage: a presigned link to the shared bucket, whichever instance answered.
        assert data["fileUrl"].startswith(f"{cluster.s3_url}/{BUCKET}/")
        r = httpx.get(data["fileUrl"], timeout=30)
        assert r.status_code == 200
        assert slide_count(r.content) == 2


def test_convert_errors_answer_the_same_on_both(cluster: Cluster, alice: str) -> None:
    for i in (0, 1):
        out = call(cluster, i, CONVERT, {"htmls": []}, token=alice)
        assert out["code"] == 40010 and out["data"]["requestId"], out
        out = call(cluster, i, CONVERT, {"htmls": [page()]}, token="not-a-token")
        assert out["code"] == 98, out


def test_generate_and_links_from_the_other_instance(cluster: Cluster, alice: str) -> None:
    body = {"templateId": "minimal", "markdown": "# Shared\n\n## Part\n\n### Page\n- a\n- b\n"}
    out = call(cluster, 1, GENERATE, body, token=alice)
    assert out["code"] == 0, out
    info = out["data"]["pptInfo"]
    assert (info["subject"], info["templateId"], info["uid"]) == ("Shared", "minimal", "alice")
    assert info["pages"] >= 1
    r = httpx.get(info["fileUrl"], timeout=30)
    assert r.status_code == 200 and slide_count(r.content) == info["pages"]
    # The preview link is signed by instance 1 with the shared secret: instance 0 serves it.
    assert info["previewUrl"].startswith(cluster.url(1))
    r = httpx.get(on_instance(cluster, info["previewUrl"], 0), timeout=30)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "Shared" in r.text
    tampered = on_instance(cluster, info["previewUrl"], 0).replace("signature=", "signature=x")
    assert httpx.get(tampered, timeout=30).status_code == 403


def test_task_created_on_a_streamed_on_b_polled_on_a(cluster: Cluster, alice: str) -> None:
    task_id = create_task(cluster, 0, alice)
    seen: list[tuple[int, dict]] = []
    with httpx.stream(
        "GET",
        cluster.url(1) + STREAM,
        params={"taskId": task_id},
        headers={"token": alice},
        timeout=120,
    ) as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        for event in sse_events(r.iter_lines()):
            seen.append(event)
            if event[1]["status"] in ("success", "failed"):
                break
    ids = [i for i, _ in seen]
    assert ids == list(range(1, len(ids) + 1))
    last = seen[-1][1]
    assert last["status"] == "success", last
    assert last["progress"] == 100 and last["pptId"] and last["fileUrl"]
    polled = result(cluster, 0, task_id, alice)
    assert polled["code"] == 0 and polled["data"]["status"] == "success"
    assert polled["data"]["pptId"] == last["pptId"]
    r = httpx.get(polled["data"]["fileUrl"], timeout=30)
    assert r.status_code == 200
    pages = slide_count(r.content)
    # latestData on B: every page's HTML, stored by the worker that ran the task.
    latest = httpx.get(
        cluster.url(1) + LATEST, params={"taskId": task_id}, headers={"token": alice}, timeout=30
    ).json()
    assert latest["code"] == 0, latest
    payload = latest["data"]["payload"]
    assert latest["data"]["status"] == "completed"
    assert payload["total"] == pages == payload["current"] == len(payload["htmlMap"])
    assert all('class="slide' in h for h in payload["htmlMap"].values())
    assert "Revenue Growth" in "".join(payload["htmlMap"].values())
    # Replay from event 2 on A: the same events, read from the database.
    with httpx.stream(
        "GET",
        cluster.url(0) + STREAM,
        params={"taskId": task_id},
        headers={"token": alice, "Last-Event-ID": "2"},
        timeout=60,
    ) as r:
        replay = list(sse_events(r.iter_lines()))
    assert [i for i, _ in replay] == ids[2:]


def test_records_and_library_see_every_instance(cluster: Cluster) -> None:
    bob = cluster.token("bob")
    tasks = [create_task(cluster, i % 2, bob) for i in range(4)]
    done = [wait_done(cluster, t, bob) for t in tasks]
    assert [d["data"]["status"] for d in done] == ["success"] * 4, done
    ppt_ids = {d["data"]["pptId"] for d in done}
    assert len(ppt_ids) == 4
    key = cluster.api_key
    for i in (0, 1):
        listing = call(cluster, i, LIST_PPTS, {"uid": "bob", "size": 100}, Api_Key=key)
        assert listing["code"] == 0, listing
        assert {e["id"] for e in listing["data"]["records"]} == ppt_ids
        assert listing["data"]["total"] == 4
        records = call(cluster, 1 - i, RECORDS, {"uid": "bob", "size": 100}, Api_Key=key)
        assert records["code"] == 0, records
        charges = records["data"]["records"]
        assert len(charges) == 4 and {c["type"] for c in charges} == {1}
        assert {c["uid"] for c in charges} == {"bob"}
        # One charge per PPT, of its page count.
        pages = sorted(e["pages"] for e in listing["data"]["records"])
        assert sorted(c["amount"] for c in charges) == pages
