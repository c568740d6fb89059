"""A hostile tenant's requests against accounting, token scope, number parsing and file modes,
through the real service (tests/security/conftest.py: alice and mallory)."""

from __future__ import annotations

import os
import stat

import httpx
from servekit import Served
from tenantkit import create_task, template_zip, upload_template, wait_task

from generator.document import decode_property, encode_property

MD6 = "# Deck\n\n## Part\n\n### One\n\n- a\n\n### Two\n\n- b\n"
GENERATE = "/api/ppt/v2/generatePptx"
SAVE = "/api/ppt/savePptx"


def balance(served: Served, account: str) -> int:
    out = served.post("/api/record/listPage", {"page": 1, "size": 1}, Api_Key=served.keys[account])
    from service.config import Settings
    from service.db.engine import Database
    from service.db.models import Account

    del out
    db = Database(Settings(data_dir=served.data_dir))
    try:
        with db.session() as s:
            return int(s.query(Account.balance).filter(Account.name == account).scalar() or 0)
    finally:
        db.close()


def test_save_pptx_charges_added_pages_and_counts_against_the_token(tenants: Served) -> None:
    token = tenants.token("mallory", "m-save", limit=1)
    made = tenants.post(GENERATE, {"markdown": MD6}, token=token)
    assert made["code"] == 0, made
    info = made["data"]["pptInfo"]
    document = decode_property(info["pptxProperty"])
    document["pages"] = document["pages"] * 5  # the same pages five times over
    grown = encode_property(document)
    before = balance(tenants, "mallory")
    # The token's one use is spent: an edit that adds pages is refused before any work.
    out = tenants.post(SAVE, {"id": info["id"], "pptxProperty": grown}, token=token)
    assert out["code"] == 88, out
    assert balance(tenants, "mallory") == before
    # With the account's key it is charged for the pages beyond those paid for.
    key = tenants.keys["mallory"]
    out = tenants.post(SAVE, {"id": info["id"], "pptxProperty": grown}, Api_Key=key)
    assert out["code"] == 0, out
    pages = out["data"]["pptInfo"]["pages"]
    assert balance(tenants, "mallory") == before - (pages - info["pages"])
    # Saving the same pages again costs nothing more.
    again = tenants.post(SAVE, {"id": info["id"], "pptxProperty": grown}, Api_Key=key)
    assert again["code"] == 0 and balance(tenants, "mallory") == before - (pages - info["pages"])


def test_generate_refuses_an_unaffordable_deck_before_building_it(tenants: Served) -> None:
    from servekit import make_accounts

    del make_accounts
    token = tenants.token("mallory", "m-big")
    many = "# Big\n\n## Part\n\n" + "".join(f"### Page {i}\n\n- point\n\n" for i in range(40))
    before = balance(tenants, "mallory")
    _set_balance(tenants, "mallory", 3)
    try:
        out = tenants.post(GENERATE, {"markdown": many}, token=token)
        assert out["code"] == 88 and "pages" in out["message"], out
        assert balance(tenants, "mallory") == 3
    finally:
        _set_balance(tenants, "mallory", before)


def _set_balance(served: Served, account: str, value: int) -> None:
    from sqlalchemy import update

    from service.config import Settings
    from service.db.engine import Database
    from service.db.models import Account

    db = Database(Settings(data_dir=served.data_dir))
    try:
        with db.session() as s:
            s.execute(update(Account).where(Account.name == account).values(balance=value))
            s.commit()
    finally:
        db.close()


def test_a_token_writes_only_its_own_uids_templates(tenants: Served) -> None:
    alice = tenants.token("alice", "alice")
    mallory_uid = tenants.token("alice", "mallory")  # another end user of the same account
    out = upload_template(tenants.url, template_zip("shared"), token=alice)
    assert out["code"] == 0, out
    # Another uid's token neither overwrites nor deletes alice's template.
    out = upload_template(tenants.url, template_zip("shared"), token=mallory_uid)
    assert out["code"] == 1010 and out["data"]["errorDetails"][0]["field"] == "id", out
    # The id is refused before the package is test-rendered: a broken package under that id
    # gets the same answer, naming only the id.
    broken = template_zip("shared", content="<div class='slide'></div>")
    out = upload_template(tenants.url, broken, token=mallory_uid)
    assert out["code"] == 1010 and [d["field"] for d in out["data"]["errorDetails"]] == ["id"], out
    out = tenants.post("/api/ppt/deleteTemplate", {"templateId": "shared"}, token=mallory_uid)
    assert out["code"] == 1001, out
    assert (
        tenants.post("/api/ppt/deleteTemplate", {"templateId": "shared"}, token=alice)["code"] == 0
    )


def test_a_token_limit_covers_template_uploads(tenants: Served) -> None:
    token = tenants.token("alice", "a-limit", limit=1)
    assert upload_template(tenants.url, template_zip("one"), token=token)["code"] == 0
    out = upload_template(tenants.url, template_zip("two"), token=token)
    assert out["code"] == 88, out


def test_unicode_digits_and_huge_numbers_are_1010_naming_the_field(tenants: Served) -> None:
    key = tenants.keys["mallory"]
    out = tenants.post("/api/user/createApiToken", {"uid": "u", "limit": 2**63}, Api_Key=key)
    assert out["code"] == 1010 and out["data"]["errorDetails"][0]["field"] == "limit", out
    token = tenants.token("mallory", "m-num")
    out = create_task(tenants.url, token, {"type": "²", "content": "x", "templateId": "corporate"})
    assert out["code"] == 1010 and out["data"]["errorDetails"][0]["field"] == "type", out
    stream = tenants.url + "/v2/api/portable/task-stream"
    r = httpx.get(stream, params={"taskId": "x" * 32, "lastEventId": "²"}, headers={"token": token})
    assert r.json()["code"] in (1001, 1010)
    made = create_task(tenants.url, token, {"type": 7, "content": MD6, "templateId": "corporate"})
    task_id = made["data"]["taskId"]
    r = httpx.get(stream, params={"taskId": task_id, "lastEventId": "²"}, headers={"token": token})
    assert r.json()["code"] == 1010 and "lastEventId" in r.json()["message"]
    r = httpx.get(
        stream, params={"taskId": task_id}, headers=[("token", token), ("Last-Event-ID", b"\xb2")]
    )
    assert r.json()["code"] == 1010 and "Last-Event-ID" in r.json()["message"]
    r = httpx.get(
        tenants.url + "/api/ppt/v2/latestData",
        params={"taskId": task_id, "from": "²"},
        headers={"token": token},
    )
    assert r.json()["code"] == 1010 and "from" in r.json()["message"]
    wait_task(tenants.url, token, task_id)
    assert not [
        line for line in tenants.log_lines() if "exc" in line and "ValueError" in line["exc"]
    ]


def test_every_bad_field_is_named(tenants: Served) -> None:
    key = tenants.keys["mallory"]
    out = tenants.post("/api/user/createApiToken", {"uid": "", "timeOfHours": 99}, Api_Key=key)
    fields = [d["field"] for d in out["data"]["errorDetails"]]
    assert out["code"] == 1010 and fields == ["uid", "timeOfHours"], out
    token = tenants.token("mallory", "m-fields")
    out = create_task(tenants.url, token, {"type": 9, "templateId": "nosuch", "length": "huge"})
    fields = [d["field"] for d in out["data"]["errorDetails"]]
    assert out["code"] == 1010 and fields == ["type", "length"], out
    out = tenants.post(GENERATE, {"markdown": ""}, token=token)
    assert out["code"] == 1010 and out["data"]["errorDetails"][0]["reason"] == "is empty", out


def test_data_files_are_private(tenants: Served) -> None:
    token = tenants.token("alice", "a-files")
    assert tenants.post(GENERATE, {"markdown": MD6}, token=token)["code"] == 0
    names = {p.name for p in tenants.data_dir.iterdir()}
    assert {"deckforge.sqlite3", "deckforge.sqlite3-wal"} <= names
    for root, dirs, files in os.walk(tenants.data_dir):
        for d in dirs:
            assert stat.S_IMODE(os.stat(os.path.join(root, d)).st_mode) == 0o700, d
        for f in files:
            assert stat.S_IMODE(os.stat(os.path.join(root, f)).st_mode) == 0o600, f


def test_llm_provider_text_never_reaches_the_tenant(tenants: Served) -> None:
    from servekit import LLM_SECRET

    token = tenants.token("mallory", "m-llm")
    made = create_task(
        tenants.url, token, {"type": 1, "content": "Bees", "templateId": "corporate"}
    )
    out = wait_task(tenants.url, token, made["data"]["taskId"])
    assert out["code"] == 5001 and out["data"]["errorCode"] == "LLM_HTTP_ERROR", out
    assert (
        "sk-" not in out["data"]["errorMessage"] and "Incorrect" not in out["data"]["errorMessage"]
    )
    logged = [line["msg"] for line in tenants.log_lines() if "LLM step failed" in line["msg"]]
    assert logged and "Incorrect API key" in logged[-1] and LLM_SECRET not in logged[-1]
    assert LLM_SECRET not in tenants.log_path.read_text()
