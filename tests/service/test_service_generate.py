"""Markdown generation through the real app and worker pool, on SQLite and PostgreSQL:
generatePptx (spec 4.5) -> pptInfo (2.5) with a stored PPTX and 640 px cover, charged per page;
loadPptx / savePptx / downloadPptx round trip; every error code; uid and account isolation;
credits exhausted -> 88 with nothing stored."""

from __future__ import annotations

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
from service.db.models import Ppt, PptDocument, PptPreview

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
    _, key = env.new_account("acme", credits=1000)
    return {"key": key, "alice": env.token(key, "alice"), "bob": env.token(key, "bob")}


@pytest.fixture(scope="module")
def deck(env: Env, acme: dict[str, str]) -> dict:
    out = env.post(
        GENERATE,
        {"id": "task-1", "templateId": "minimal", "markdown": MARKDOWN},
        token=acme["alice"],
    )
    assert out["code"] == 0, out
    info: dict = out["data"]["pptInfo"]
    return info


def test_generate_answers_ppt_info(env: Env, acme: dict[str, str], deck: dict) -> None:
    assert set(deck) == INFO_FIELDS | {"taskId"}
    assert (deck["subject"], deck["templateId"], deck["uid"], deck["taskId"]) == (
        "Quarterly Review",
        "minimal",
        "alice",
        "task-1",
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
