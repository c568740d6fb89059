"""Markdown generation through the real app and worker pool, on SQLite and PostgreSQL:
generatePptx (spec 4.5) -> pptInfo (2.5) with a stored PPTX and 640 px cover, charged per page;
loadPptx / savePptx / downloadPptx round trip; every error code; uid and account isolation;
credits exhausted -> 88 with nothing stored."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from accounts_testkit import DELETE_PPT, LIST_PPTS, LIST_RECORDS, Env, assert_code
from gen_testkit import (
    DOWNLOAD,
    GENERATE,
    LOAD,
    MARKDOWN,
    SAVE,
    get_path,
    png_size,
    slide_texts,
    started_env,
    stored_files,
)
from sqlalchemy import func, select

import generator
from service.db.models import Ppt, PptDocument, PptPreview, Task, TaskEvent

INFO_FIELDS = {
    "id",
    "subject",
    "coverUrl",
    "templateId",
    "pptxProperty",
    "pages",
    "fileUrl",
    "previewUrl",
    "expireAt",
    "uid",
    "createTime",
    "updateTime",
}


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory, database_url: str | None) -> Iterator[Env]:
    with started_env(tmp_path_factory.mktemp("generate"), database_url) as e:
        yield e


@pytest.fixture(scope="module")
def acme(env: Env) -> dict[str, str]:
    principal, key = env.new_account("acme", credits=1000)
    return {
        "key": key,
        "alice": env.token(key, "alice"),
        "bob": env.token(key, "bob"),
        "account": str(principal.account_id),
    }


def finished_task(
    env: Env, account: str, uid: str, *, kind: int = 7, content: str = "", deltas: tuple = ()
) -> str:
    """A task of `uid` whose run has ended (no PPT), with its content and LLM `delta` events."""
    now = env.clock()
    with env.state.db.session() as s:
        task = Task(
            account_id=int(account),
            uid=uid,
            type=kind,
            params=json.dumps({"content": content, "templateId": "minimal"}),
            status="failed",
            progress=30,
            step="generate_content",
            created_at=now,
            updated_at=now,
        )
        s.add(task)
        s.flush()
        for i, text in enumerate(deltas):
            data = json.dumps({"taskId": task.id, "status": "processing", "delta": text})
            s.add(TaskEvent(task_id=task.id, seq=i + 1, data=data, create_time=now))
        s.commit()
        return task.id


@pytest.fixture(scope="module")
def task_id(env: Env, acme: dict[str, str]) -> str:
    return finished_task(env, acme["account"], "alice", content=MARKDOWN)


@pytest.fixture(scope="module")
def deck(env: Env, acme: dict[str, str], task_id: str) -> dict:
    out = env.post(
        GENERATE,
        {"id": task_id, "templateId": "minimal", "markdown": MARKDOWN},
        token=acme["alice"],
    )
    assert out["code"] == 0, out
    info: dict = out["data"]["pptInfo"]
    return info


def test_generate_answers_ppt_info(
    env: Env, acme: dict[str, str], deck: dict, task_id: str
) -> None:
    assert set(deck) == INFO_FIELDS | {"taskId"}
    assert (deck["subject"], deck["templateId"], deck["uid"], deck["taskId"]) == (
        "Quarterly Review",
        "minimal",
        "alice",
        task_id,
    )
    document = generator.decode_property(deck["pptxProperty"])
    assert document["templateId"] == "minimal"
    assert len(document["pages"]) == deck["pages"] == len(document["slideModel"]["slides"])
    texts = slide_texts(get_path(env, deck["fileUrl"]).content)
    assert len(texts) == deck["pages"]
    assert "Quarterly Review" in texts[0]
    assert any("Revenue Growth" in t and "Sales up in every region" in t for t in texts)
    cover = get_path(env, deck["coverUrl"])
    assert cover.status_code == 200
    assert png_size(cover.content) == (640, 360)


def test_generate_is_recorded_and_charged_per_page(
    env: Env, acme: dict[str, str], deck: dict
) -> None:
    listing = env.post(LIST_PPTS, {"id": deck["id"]}, Api_Key=acme["key"])["data"]["records"]
    assert [(p["source"], p["templateId"], p["pages"]) for p in listing] == [
        ("markdown", "minimal", deck["pages"])
    ]
    records = env.post(LIST_RECORDS, {"uid": "alice"}, Api_Key=acme["key"])["data"]["records"]
    cost = env.state.settings.cost_generate_page
    assert [(r["type"], r["amount"]) for r in records] == [(1, deck["pages"] * cost)]
    with env.state.db.session() as s:
        previews = s.scalar(
            select(func.count()).select_from(PptPreview).where(PptPreview.ppt_id == deck["id"])
        )
    assert previews == deck["pages"]


def test_round_trip_load_edit_save_download(env: Env, acme: dict[str, str], deck: dict) -> None:
    loaded = env.post(LOAD, {"id": deck["id"]}, token=acme["alice"])
    assert loaded["code"] == 0, loaded
    info = loaded["data"]["pptInfo"]
    assert info["pptxProperty"] == deck["pptxProperty"]
    document = generator.decode_property(info["pptxProperty"])
    index = next(i for i, p in enumerate(document["pages"]) if p["title"] == "Revenue Growth")
    document["pages"][index]["title"] = "Income Rising Fast"
    env.clock.advance(60)
    saved = env.post(
        SAVE,
        {"id": deck["id"], "pptxProperty": generator.encode_property(document)},
        token=acme["alice"],
    )
    assert saved["code"] == 0, saved
    assert saved["data"]["pptInfo"]["updateTime"] > deck["updateTime"]
    down = env.post(DOWNLOAD, {"id": deck["id"]}, token=acme["alice"])
    assert down["code"] == 0, down
    assert set(down["data"]) == {"id", "subject", "fileName", "fileUrl", "expireAt"}
    texts = slide_texts(get_path(env, down["data"]["fileUrl"]).content)
    assert any("Income Rising Fast" in t for t in texts)
    assert not any("Revenue Growth" in t for t in texts)
    again = env.post(LOAD, {"id": deck["id"]}, token=acme["alice"])["data"]["pptInfo"]
    titles = [p["title"] for p in generator.decode_property(again["pptxProperty"])["pages"]]
    assert "Income Rising Fast" in titles


def test_save_replaces_the_old_files(env: Env, acme: dict[str, str]) -> None:
    out = env.post(GENERATE, {"markdown": "# Small\n## A\n### B\n- c\n"}, token=acme["bob"])
    info = out["data"]["pptInfo"]
    before = stored_files(env)
    saved = env.post(
        SAVE, {"id": info["id"], "pptxProperty": info["pptxProperty"]}, token=acme["bob"]
    )
    assert saved["code"] == 0, saved
    after = stored_files(env)
    assert len(after) == len(before)  # new PPTX + cover in, old ones out
    assert get_path(env, info["fileUrl"]).status_code == 404


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({}, 1010, "markdown"),
        ({"markdown": ""}, 1010, "markdown"),
        ({"markdown": 42}, 1010, "markdown"),
        ({"markdown": "# T\n## C\n### P\n- x", "templateId": "no-such"}, 1001, "templateId"),
        ({"markdown": "# T\n## C\n### P\n- x", "templateId": 7}, 1010, "templateId"),
        ({"markdown": "# T", "id": ["x"]}, 1010, "id"),
    ],
)
def test_generate_errors(env: Env, acme: dict[str, str], body: dict, code: int, field: str) -> None:
    assert_code(env.post(GENERATE, body, token=acme["alice"]), code, field)


def test_generate_bad_body_and_auth(env: Env, acme: dict[str, str]) -> None:
    r = env.client.post(GENERATE, content=b"{not json", headers={"token": acme["alice"]})
    assert_code(r.json(), 1010, "body")
    assert_code(env.post(GENERATE, {"markdown": MARKDOWN}), 98)
    assert_code(env.post(GENERATE, {"markdown": MARKDOWN}, token="dft_wrong"), 98)
    assert_code(env.post(GENERATE, {"markdown": MARKDOWN}, Api_Key=acme["key"]), 98)  # 4.5: token


def test_save_errors_name_the_json_path(env: Env, acme: dict[str, str], deck: dict) -> None:
    document = generator.decode_property(deck["pptxProperty"])
    document["pages"][1]["title"] = 5
    out = env.post(
        SAVE,
        {"id": deck["id"], "pptxProperty": generator.encode_property(document)},
        token=acme["alice"],
    )
    assert_code(out, 1010, "$.pages[1].title")
    assert "$.pages[1].title" in out["message"]
    bad = {"id": deck["id"], "pptxProperty": "%%% not base64"}
    assert_code(env.post(SAVE, bad, token=acme["alice"]), 1010, "pptxProperty")
    assert_code(env.post(SAVE, {"id": deck["id"]}, token=acme["alice"]), 1010, "pptxProperty")
    document = generator.decode_property(deck["pptxProperty"])
    document["templateId"] = "no-such"
    prop = generator.encode_property(document)
    out = env.post(SAVE, {"id": deck["id"], "pptxProperty": prop}, token=acme["alice"])
    assert_code(out, 1001, "templateId")


@pytest.mark.parametrize("path", [LOAD, SAVE, DOWNLOAD])
def test_follow_ups_errors(env: Env, acme: dict[str, str], deck: dict, path: str) -> None:
    assert_code(env.post(path, {}, token=acme["alice"]), 1010, "id")
    assert_code(env.post(path, {"id": 3}, token=acme["alice"]), 1010, "id")
    body = {"id": "0" * 32, "pptxProperty": deck["pptxProperty"]}
    assert_code(env.post(path, body, token=acme["alice"]), 1001)
    assert_code(env.post(path, {"id": deck["id"]}), 98)


@pytest.mark.parametrize("path", [LOAD, SAVE, DOWNLOAD])
def test_isolation_other_uid_and_account(
    env: Env, acme: dict[str, str], deck: dict, path: str
) -> None:
    body = {"id": deck["id"], "pptxProperty": deck["pptxProperty"]}
    assert_code(env.post(path, body, token=acme["bob"]), 1001)
    _, other_key = env.new_account(f"other-{path.rsplit('/', 1)[-1]}", credits=10)
    assert_code(env.post(path, body, Api_Key=other_key), 1001)
    assert_code(env.post(path, body, token=env.token(other_key, "alice")), 1001)
    assert env.post(path, body, Api_Key=acme["key"])["code"] == 0  # the account's key sees it


def test_load_of_a_converted_ppt_is_not_found(env: Env, acme: dict[str, str]) -> None:
    """Only generated PPTs have a document: a converted one answers 1001 to loadPptx."""
    principal, key = env.new_account("converter", credits=10)
    ppt_id = env.add_ppt(principal.account_id, None, env.clock())
    assert_code(env.post(LOAD, {"id": ppt_id}, Api_Key=key), 1001)
    assert env.post(DOWNLOAD, {"id": ppt_id}, Api_Key=key)["code"] == 0


def _counts(env: Env) -> tuple[int, int]:
    with env.state.db.session() as s:
        return (
            int(s.scalar(select(func.count()).select_from(Ppt)) or 0),
            int(s.scalar(select(func.count()).select_from(PptDocument)) or 0),
        )


def test_credits_exhausted_stores_nothing(env: Env) -> None:
    _, broke_key = env.new_account("broke", credits=0)
    _, short_key = env.new_account("short", credits=2)  # passes the pre-check, not the charge
    files, rows = stored_files(env), _counts(env)
    for key in (broke_key, short_key):
        out = env.post(GENERATE, {"markdown": MARKDOWN}, token=env.token(key, "u"))
        assert_code(out, 88)
        assert env.post(LIST_RECORDS, {}, Api_Key=key)["data"]["total"] == 0
    assert stored_files(env) == files
    assert _counts(env) == rows


def test_token_ppt_limit_is_88(env: Env, acme: dict[str, str]) -> None:
    token = env.token(acme["key"], "limited", limit=1)
    assert env.post(GENERATE, {"markdown": "# One\n## A\n### B\n- c"}, token=token)["code"] == 0
    assert_code(env.post(GENERATE, {"markdown": "# Two\n## A\n### B\n- c"}, token=token), 88)


def test_deleting_the_ppt_removes_document_and_previews(env: Env, acme: dict[str, str]) -> None:
    out = env.post(GENERATE, {"markdown": "# Gone\n## A\n### B\n- c"}, token=acme["alice"])
    ppt_id = out["data"]["pptInfo"]["id"]
    assert env.post(DELETE_PPT, {"id": ppt_id}, token=acme["alice"])["code"] == 0
    assert_code(env.post(LOAD, {"id": ppt_id}, token=acme["alice"]), 1001)
    with env.state.db.session() as s:
        assert s.get(PptDocument, ppt_id) is None
        left = s.scalar(
            select(func.count()).select_from(PptPreview).where(PptPreview.ppt_id == ppt_id)
        )
    assert left == 0


def test_size_limits(env: Env, acme: dict[str, str]) -> None:
    """The body limit (DECKFORGE_MAX_REQUEST_BYTES) and the generator's Markdown limit."""
    limit = env.state.settings.max_request_bytes
    huge = b'{"markdown": "' + b"x" * limit + b'"}'
    r = env.client.post(GENERATE, content=huge, headers={"token": acme["alice"]})
    assert_code(r.json(), 1010, "body")
    long_md = "# T\n" + "word " * 200_001
    assert_code(env.post(GENERATE, {"markdown": long_md}, token=acme["alice"]), 1010, "markdown")


BIG_MARKDOWN = "# Big\n" + "".join(
    f"## C{c}\n" + "".join(f"### P{c}.{p}\n- one\n- two\n" for p in range(8)) for c in range(4)
)


def test_generation_over_the_time_limit_is_50199(tmp_path: Path) -> None:
    """A generation job past DECKFORGE_REQUEST_TIMEOUT_S: the worker is replaced, 50199,
    nothing stored or charged."""
    with started_env(tmp_path, None, request_timeout_s=0.05) as env:
        _, key = env.new_account("slow", credits=1000)
        files = stored_files(env)
        out = env.post(GENERATE, {"markdown": BIG_MARKDOWN}, token=env.token(key, "u"))
        assert_code(out, 50199)
        assert stored_files(env) == files
        assert env.post(LIST_RECORDS, {}, Api_Key=key)["data"]["total"] == 0


def test_generation_when_every_worker_is_busy_is_1012(tmp_path: Path) -> None:
    with started_env(tmp_path, None, workers=1, queue_size=0) as env:
        token = env.token(env.new_account("busy", credits=1000)[1], "u")
        results: list[dict] = []
        first = threading.Thread(
            target=lambda: results.append(
                env.post(GENERATE, {"markdown": BIG_MARKDOWN}, token=token)
            )
        )
        first.start()
        deadline = time.monotonic() + 30
        while env.state.pool.running == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        second = env.post(GENERATE, {"markdown": "# B\n## A\n### B\n- c"}, token=token)
        first.join(120)
        assert_code(second, 1012)
        assert results and results[0]["code"] == 0, results


def test_generate_with_a_task_id(env: Env, acme: dict[str, str], task_id: str) -> None:
    """`id` names a task of the caller's uid; without `markdown` the task's Markdown is used
    (the last one a PPT of the task was made from, else the task's own content or its LLM
    output); each call makes a new PPT linked to the task, charged per page."""
    bob = acme["bob"]
    llm = ("# From the LLM\n## Part\n", "### Page\n- first point\n")
    task = finished_task(env, acme["account"], "bob", kind=1, content="a topic", deltas=llm)
    before = env.post(LIST_RECORDS, {"uid": "bob", "type": 1}, Api_Key=acme["key"])["data"]
    first = env.post(GENERATE, {"id": task, "templateId": "minimal"}, token=bob)
    assert first["code"] == 0, first
    info = first["data"]["pptInfo"]
    assert (info["taskId"], info["subject"], info["templateId"]) == (
        task,
        "From the LLM",
        "minimal",
    )
    md = "# Edited Deck\n## A\n### B\n- c\n"
    second = env.post(GENERATE, {"id": task, "templateId": "minimal", "markdown": md}, token=bob)
    assert second["data"]["pptInfo"]["subject"] == "Edited Deck", second
    third = env.post(GENERATE, {"id": task, "templateId": "corporate"}, token=bob)
    restyled = third["data"]["pptInfo"]
    assert (restyled["subject"], restyled["templateId"], restyled["taskId"]) == (
        "Edited Deck",
        "corporate",
        task,
    )
    ids = {info["id"], second["data"]["pptInfo"]["id"], restyled["id"]}
    assert len(ids) == 3
    loaded = env.post(LOAD, {"id": restyled["id"]}, token=bob)["data"]["pptInfo"]
    assert loaded["taskId"] == task
    with env.state.db.session() as s:
        linked = set(s.scalars(select(PptDocument.ppt_id).where(PptDocument.task_id == task)))
    assert linked == ids
    after = env.post(LIST_RECORDS, {"uid": "bob", "type": 1}, Api_Key=acme["key"])["data"]
    assert after["total"] == before["total"] + 3
    # Another uid's task, an unknown task, a task without any Markdown.
    assert_code(env.post(GENERATE, {"id": task_id, "markdown": md}, token=bob), 1001, "id")
    assert_code(env.post(GENERATE, {"id": "0" * 32, "markdown": md}, token=bob), 1001, "id")
    empty = finished_task(env, acme["account"], "bob", kind=1, content="a topic")
    assert_code(env.post(GENERATE, {"id": empty}, token=bob), 1010, "markdown")
    typed = finished_task(env, acme["account"], "bob", content=md)
    out = env.post(GENERATE, {"id": typed}, token=bob)
    assert out["data"]["pptInfo"]["subject"] == "Edited Deck", out


def test_documents_and_previews_live_in_storage(env: Env, acme: dict[str, str]) -> None:
    """The pptxProperty and every slide preview are storage objects (keys in the database),
    read back by loadPptx and the preview page, and deleted with the PPT."""
    from service.library import generated_object_keys

    out = env.post(GENERATE, {"markdown": "# Stored\n## A\n### B\n- c"}, token=acme["alice"])
    info = out["data"]["pptInfo"]
    storage = env.state.storage
    with env.state.db.session() as s:
        doc = s.get(PptDocument, info["id"])
        assert doc is not None and doc.property is None and doc.property_key
        assert storage.get(doc.property_key).decode() == info["pptxProperty"]
        rows = s.scalars(select(PptPreview).where(PptPreview.ppt_id == info["id"])).all()
        assert len(rows) == info["pages"] and all(r.png is None and r.storage_key for r in rows)
        keys = generated_object_keys(s, info["id"])
    assert len(keys) == info["pages"] + 1
    assert {f"{k}.pptx" for k in keys} <= stored_files(env)
    loaded = env.post(LOAD, {"id": info["id"]}, token=acme["alice"])["data"]["pptInfo"]
    assert loaded["pptxProperty"] == info["pptxProperty"]
    page = get_path(env, info["previewUrl"].replace("?", "/1.png?"))
    assert page.status_code == 200 and png_size(page.content) == (640, 360)
    assert env.post(DELETE_PPT, {"id": info["id"]}, token=acme["alice"])["code"] == 0
    assert not {f"{k}.pptx" for k in keys} & stored_files(env)


def test_local_storage_get_and_its_limit(tmp_path: Path) -> None:
    from datetime import UTC, datetime, timedelta

    from service.storage.base import ObjectMissing, ObjectTooLarge
    from service.storage.local import LocalStorage

    storage = LocalStorage(tmp_path, b"k" * 32)
    now = datetime(2025, 1, 1, tzinfo=UTC)
    later = now + timedelta(hours=1)
    key = storage.put(b"x" * 100, filename="a.json", expires_at=later, now=now, base_url="/").key
    assert storage.get(key) == b"x" * 100
    assert storage.get(key, max_bytes=100) == b"x" * 100
    with pytest.raises(ObjectTooLarge) as too_large:
        storage.get(key, max_bytes=99)
    assert (too_large.value.size, too_large.value.limit) == (100, 99)
    for bad in ("0" * 32, "../" + key, key.upper(), ""):
        with pytest.raises(ObjectMissing):
            storage.get(bad)
    storage.delete(key)
    with pytest.raises(ObjectMissing):
        storage.get(key)


def test_migration_moves_blobs_to_storage(
    env: Env, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A database at 0016 with a document, previews and a template package in its columns:
    upgrading with the service's settings puts each blob in storage and keeps only its key."""
    from service_testkit import make_settings
    from sqlalchemy import text

    from service.db.engine import Database
    from service.db.migrate import upgrade
    from service.db.models import CustomTemplate
    from service.main import build_storage

    if env.state.db.dialect == "sqlite":
        url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    else:
        url = request.getfixturevalue("pg_server").create_database()
    settings = make_settings(tmp_path, database_url=url)
    db = Database(settings)
    stamp = "'2025-01-01 00:00:00'"
    try:
        with db.engine.connect() as conn:
            upgrade(conn, "0001")
            conn.execute(
                text(
                    f"INSERT INTO accounts (id, name, balance, created_at) VALUES (7, 'old', 5, {stamp})"
                )
            )
            conn.commit()
            upgrade(conn, "0016")
            conn.execute(
                text(
                    "INSERT INTO ppts (id, account_id, uid, subject, file_name, pages, source, "
                    f"file_key, create_time, update_time) VALUES ('p1', 7, 'u', 'S', 'S.pptx', 2, "
                    f"'markdown', 'k', {stamp}, {stamp})"
                )
            )
            conn.execute(
                text(
                    "INSERT INTO ppt_documents (ppt_id, property, slides, update_time) "
                    f"VALUES ('p1', 'H4sIdocument', 2, {stamp})"
                )
            )
            for i in range(2):
                conn.execute(
                    text("INSERT INTO ppt_previews (ppt_id, idx, png) VALUES ('p1', :i, :png)"),
                    {"i": i, "png": b"\x89PNG slide %d" % i},
                )
            conn.execute(
                text(
                    "INSERT INTO templates (id, account_id, template_id, name, category, version, "
                    f"package, create_time, update_time) VALUES ('t1', 7, 'mine', 'Mine', 'c', 1, "
                    f":zip, {stamp}, {stamp})"
                ),
                {"zip": b"PK zip bytes"},
            )
            conn.commit()
        db.upgrade()
        storage = build_storage(settings)
        with db.session() as s:
            doc = s.get(PptDocument, "p1")
            assert doc is not None and doc.property is None and doc.property_key
            assert storage.get(doc.property_key) == b"H4sIdocument"
            previews = s.scalars(select(PptPreview).order_by(PptPreview.idx)).all()
            assert [storage.get(p.storage_key or "") for p in previews] == [
                b"\x89PNG slide 0",
                b"\x89PNG slide 1",
            ]
            assert all(p.png is None for p in previews)
            template = s.get(CustomTemplate, "t1")
            assert template is not None and template.package is None
            assert storage.get(template.package_key or "") == b"PK zip bytes"
    finally:
        db.close()
