"""Portable tasks through the real app (SQLite and PostgreSQL): types 7 and 6 end to end by
polling, files (multipart), failure shape 5001, latestData with `from`, isolation, charging."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from accounts_testkit import Env
from service_testkit import OTHER_TOKEN, TOKEN
from sqlalchemy import select
from tasks_testkit import (
    CREATE,
    FAST,
    LATEST,
    MARKDOWN,
    PASTED,
    RESULT,
    STREAM,
    create,
    get_path,
    long_markdown,
    result,
    slide_texts,
    started_env,
    wait_done,
    web_page,
)

from engine.diagnostics import Diagnostics
from engine.options import Limits
from engine.parse import parse_page
from service.db.models import Ppt, Task, UsageRecord
from service.tasks import store


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory, database_url: str | None) -> Iterator[Env]:
    with started_env(tmp_path_factory.mktemp("tasks"), database_url, **FAST) as e:
        yield e


def test_type7_markdown_end_to_end_by_polling(env: Env) -> None:
    out = create(env, {"type": 7, "content": MARKDOWN}, TOKEN)
    assert out["code"] == 0 and out["message"] == "success", out
    assert set(out["data"]) == {"taskId", "status"} and out["data"]["status"] == "pending"
    task_id = out["data"]["taskId"]
    done = wait_done(env, task_id, TOKEN)
    data = done["data"]
    assert done["code"] == 0 and data["status"] == "success", done
    assert data["progress"] == 100 and data["step"] == "upload"
    assert data["taskId"] == task_id and len(data["pptId"]) == 32
    pptx = get_path(env, data["fileUrl"])
    assert pptx.status_code == 200
    texts = slide_texts(pptx.content)
    assert any("Revenue Growth" in t for t in texts) and any("Hiring" in t for t in texts)
    assert get_path(env, data["coverUrl"]).content[:8] == b"\x89PNG\r\n\x1a\n"
    preview = get_path(env, data["previewUrl"])
    assert preview.status_code == 200 and "<img" in preview.text
    with env.state.db.session() as s:
        ppt = s.get(Ppt, data["pptId"])
        assert ppt is not None and ppt.source == "task" and ppt.uid is not None
        assert ppt.pages == len(texts) and ppt.template_id == "corporate"
        charged = s.scalar(select(UsageRecord.amount).where(UsageRecord.ppt_id == ppt.id))
        assert charged == len(texts) * env.state.settings.cost_generate_page
        assert s.get(Task, task_id).lease_owner is None  # type: ignore[union-attr]
    # POST form of 4.2 answers the same
    post = env.post(RESULT, {"taskId": task_id}, token=TOKEN)
    assert post["code"] == 0 and post["data"]["pptId"] == data["pptId"]
    form = env.client.post(
        RESULT, files={"taskId": (None, task_id)}, headers={"token": TOKEN}
    ).json()  # multipart/form-data
    assert form["code"] == 0 and form["data"]["pptId"] == data["pptId"], form


def test_length_short_condenses_and_the_result_lists_what_was_left_out(env: Env) -> None:
    items = "\n".join(f"- Item {i} of a long list that needs several slides" for i in range(40))
    content = f"# Long\n## Part\n### The list\n{items}\n"
    short = wait_done(
        env,
        create(env, {"type": 7, "content": content, "length": "short"}, TOKEN)["data"]["taskId"],
        TOKEN,
    )
    data = short["data"]
    assert data["status"] == "success", short
    (record,) = data["leftOut"]
    assert record["kind"] == "length" and record["where"] == "chapters[0].pages[0]"
    assert record["words"] > 100 and record["text"].startswith("Item ")
    texts = slide_texts(get_path(env, data["fileUrl"]).content)
    assert any("Item 0 " in t for t in texts) and not any("Item 39 " in t for t in texts)
    # `long` keeps everything on slides (the default `medium` moves a long list's rest to notes)
    full = wait_done(
        env,
        create(env, {"type": 7, "content": content, "length": "long"}, TOKEN)["data"]["taskId"],
        TOKEN,
    )
    assert full["data"]["leftOut"] == []
    texts = slide_texts(get_path(env, full["data"]["fileUrl"]).content)
    assert any("Item 39 " in t for t in texts)


def test_latest_data_pages_and_from(env: Env) -> None:
    task_id = create(env, {"type": 7, "content": MARKDOWN}, TOKEN)["data"]["taskId"]
    wait_done(env, task_id, TOKEN)
    r = env.client.get(LATEST, params={"taskId": task_id}, headers={"token": TOKEN}).json()
    assert r["code"] == 0, r
    data = r["data"]
    assert data["status"] == "completed" and data["step"] == 5 and data["stepName"] == "upload"
    payload = data["payload"]
    total = payload["total"]
    assert total >= 3 and payload["current"] == total
    assert sorted(payload["htmlMap"], key=int) == [str(i) for i in range(total)]
    for html in payload["htmlMap"].values():  # each a page with a slide root (else PageError)
        assert parse_page(html, Diagnostics(), Limits()).slide is not None
    later = env.client.get(
        LATEST, params={"taskId": task_id, "from": 2}, headers={"token": TOKEN}
    ).json()
    assert sorted(later["data"]["payload"]["htmlMap"], key=int) == [str(i) for i in range(2, total)]
    assert later["data"]["payload"]["htmlMap"]["2"] == payload["htmlMap"]["2"]
    bad = env.client.get(LATEST, params={"taskId": task_id, "from": "x"}, headers={"token": TOKEN})
    assert bad.json()["code"] == 1010 and "from" in bad.json()["message"]


def test_latest_data_while_pages_are_generated(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pages are stored one by one as their HTML exists, before the deck is converted: a poll
    while the runner is held after its third page sees exactly pages 0-2 of `total`."""
    held = threading.Event()
    real = store.add_page

    def add_page_then_hold(*args: Any, **kwargs: Any) -> bool:
        stored = real(*args, **kwargs)
        if args[3] == 2:  # index: the third page is stored; hold the task here
            held.wait(60)
        return stored

    monkeypatch.setattr(store, "add_page", add_page_then_hold)
    body = {"type": 7, "content": long_markdown(8), "length": "long"}  # a slide per page
    task_id = create(env, body, TOKEN)["data"]["taskId"]
    auth = {"token": TOKEN}
    try:
        deadline = time.monotonic() + 60
        while True:
            r = env.client.get(LATEST, params={"taskId": task_id}, headers=auth).json()
            if r["data"]["payload"]["current"] == 3:
                break
            assert time.monotonic() < deadline, r
            time.sleep(0.05)
        data = r["data"]
        assert (data["status"], data["taskStatus"], data["stepName"]) == (
            "running",
            "processing",
            "generate_ppt",
        )
        payload = data["payload"]
        total = payload["total"]
        assert total >= 8 and payload["current"] == 3
        assert sorted(payload["htmlMap"], key=int) == ["0", "1", "2"]
        assert "Long deck" in payload["htmlMap"]["0"]
        assert all(h.startswith("<!DOCTYPE html>") for h in payload["htmlMap"].values())
        later = env.client.get(LATEST, params={"taskId": task_id, "from": 1}, headers=auth)
        assert sorted(later.json()["data"]["payload"]["htmlMap"], key=int) == ["1", "2"]
        polled = result(env, task_id, TOKEN)["data"]
        assert polled["status"] == "processing" and polled["step"] == "generate_ppt"
        assert 60 < polled["progress"] <= 75 and "pptId" not in polled
    finally:
        held.set()
    assert wait_done(env, task_id, TOKEN)["data"]["status"] == "success"
    final = env.client.get(LATEST, params={"taskId": task_id}, headers=auth).json()["data"]
    assert final["status"] == "completed" and final["payload"]["current"] == total
    assert sorted(final["payload"]["htmlMap"], key=int) == [str(i) for i in range(total)]
    assert final["payload"]["htmlMap"]["1"] == payload["htmlMap"]["1"]


def test_type6_pasted_text_end_to_end(env: Env) -> None:
    task_id = create(env, {"type": 6, "content": PASTED, "length": "short"}, TOKEN)["data"][
        "taskId"
    ]
    done = wait_done(env, task_id, TOKEN)
    assert done["code"] == 0 and done["data"]["status"] == "success", done
    texts = slide_texts(get_path(env, done["data"]["fileUrl"]).content)
    joined = " ".join(texts)
    assert "Garden" in joined and "rain water tank" in joined


def test_type2_files_by_multipart(env: Env) -> None:
    files = [
        ("file", ("notes.md", b"# Field Notes\n\n## Birds\n\n### Herons\n- Tall and grey\n")),
        ("file", ("plan.txt", b"Budget\n\nWe spend less on paper this year.\n")),
    ]
    r = env.client.post(
        CREATE,
        data={"type": "2", "templateId": "minimal"},
        files=files,
        headers={"token": TOKEN},
    )
    out = r.json()
    assert out["code"] == 0, out
    done = wait_done(env, out["data"]["taskId"], TOKEN)
    assert done["data"]["status"] == "success", done
    joined = " ".join(slide_texts(get_path(env, done["data"]["fileUrl"]).content))
    assert "Herons" in joined and "paper" in joined


def test_failure_answers_5001_with_error_code(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DECKFORGE_LLM_BASE_URL", raising=False)
    monkeypatch.delenv("DECKFORGE_LLM_MODEL", raising=False)
    task_id = create(env, {"type": 1, "content": "Why bees matter"}, TOKEN)["data"]["taskId"]
    out = wait_done(env, task_id, TOKEN)
    assert out["code"] == 5001, out
    data = out["data"]
    assert data["status"] == "failed" and data["taskId"] == task_id
    assert data["errorCode"] == "LLM_NOT_CONFIGURED"
    assert data["errorMessage"] == "no LLM provider is configured on this service"
    assert "pptId" not in data and "fileUrl" not in data


def test_bad_file_fails_the_task_not_the_service(env: Env) -> None:
    # Not a zip at all: refused as it arrives (its first bytes), naming the file.
    files = [("file", ("broken.docx", b"this is not a zip"))]
    r = env.client.post(
        CREATE, data={"type": "4", "templateId": "corporate"}, files=files, headers={"token": TOKEN}
    )
    assert r.json()["code"] == 1010 and r.json()["data"]["errorDetails"][0]["field"] == "file[0]"
    # A zip header and then garbage: the task fails, the service goes on.
    files = [("file", ("broken.docx", b"PK\x03\x04 then not a zip"))]
    r = env.client.post(
        CREATE, data={"type": "4", "templateId": "corporate"}, files=files, headers={"token": TOKEN}
    )
    out = wait_done(env, r.json()["data"]["taskId"], TOKEN)
    assert out["code"] == 5001 and out["data"]["errorCode"] == "FILE_UNREADABLE", out


def test_link_to_a_private_address_fails_by_default(env: Env) -> None:
    """Without `task_link_allow_loopback` the guarded fetcher refuses 127.0.0.1: the task fails
    with URL_FETCH_FAILED naming the reason, and the server is never contacted."""
    with web_page(b"<html><body><h1>Local</h1><p>Private page text.</p></body></html>") as srv:
        link = f"{srv.url}/article"
        task_id = create(env, {"type": 5, "content": link}, TOKEN)["data"]["taskId"]
        out = wait_done(env, task_id, TOKEN)
        assert srv.hits == 0
    assert out["code"] == 5001 and out["data"]["status"] == "failed", out
    assert out["data"]["errorCode"] == "URL_FETCH_FAILED", out
    assert "127.0.0.1" in out["data"]["errorMessage"], out


def test_other_uid_sees_nothing(env: Env) -> None:
    task_id = create(env, {"type": 7, "content": MARKDOWN}, TOKEN)["data"]["taskId"]
    other = {"token": OTHER_TOKEN}
    assert env.client.get(RESULT, params={"taskId": task_id}, headers=other).json()["code"] == 1001
    assert env.post(RESULT, {"taskId": task_id}, token=OTHER_TOKEN)["code"] == 1001
    assert env.client.get(LATEST, params={"taskId": task_id}, headers=other).json()["code"] == 1001
    stream = env.client.get(STREAM, params={"taskId": task_id}, headers=other)
    assert stream.headers["content-type"].startswith("application/json")
    assert stream.json()["code"] == 1001
    assert env.client.get(RESULT, params={"taskId": "nope"}, headers=other).json()["code"] == 1001
    missing = env.client.get(RESULT, headers={"token": TOKEN}).json()
    assert missing["code"] == 1010 and "taskId" in missing["message"]
    assert env.client.get(RESULT, params={"taskId": task_id}).json()["code"] == 98
    wait_done(env, task_id, TOKEN)


def test_prompt_over_50_characters_is_accepted_with_a_note(env: Env) -> None:
    out = create(env, {"type": 7, "content": MARKDOWN, "prompt": "p" * 60}, TOKEN)
    assert out["code"] == 0 and "advised within 50" in out["message"]
    wait_done(env, out["data"]["taskId"], TOKEN)


def test_uploaded_files_are_dropped_when_tasks_end(env: Env) -> None:
    from service.db.models import TaskFile

    with env.state.db.session() as s:
        ended = s.scalars(select(Task.id).where(Task.status.in_(("success", "failed")))).all()
        assert ended
        assert not s.scalars(select(TaskFile.task_id).where(TaskFile.task_id.in_(ended))).all()
