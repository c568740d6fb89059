"""The PPT library through the real app, on SQLite and PostgreSQL: listAllPptx (spec 4.7)
entries, filters, order, paging and validation; deleting a PPT and its file; isolation (a token
sees only its uid's PPTs, an Api-Key only its account's: 1001); library files outlive the
sweeper while their download links stay short-lived."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
from accounts_testkit import DELETE_PPT, LIST_PPTS, Env, assert_code, make_env

from service.accounts import Principal
from service.sweeper import sweep_once

T0 = datetime(2025, 1, 1, 0, 0, 0, tzinfo=UTC)
ENTRY_FIELDS = {
    "id",
    "subject",
    "templateId",
    "uid",
    "pages",
    "fileName",
    "source",
    "fileUrl",
    "coverUrl",
    "createTime",
    "updateTime",
}


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory, database_url: str | None) -> Iterator[Env]:
    e = make_env(tmp_path_factory.mktemp("library"), database_url)
    yield e
    e.state.db.close()


@pytest.fixture(scope="module")
def acme(env: Env) -> tuple[Principal, str, list[str]]:
    """12 PPTs a day apart: uids a/b alternating, template t1 for every third."""
    principal, key = env.new_account("acme", credits=0)
    ids = [
        env.add_ppt(
            principal.account_id,
            "a" if i % 2 == 0 else "b",
            T0 + timedelta(days=i),
            template_id="t1" if i % 3 == 0 else None,
            subject=f"deck {i}",
        )
        for i in range(12)
    ]
    return principal, key, ids


def listing(env: Env, key: str, **body: object) -> dict:
    out = env.post(LIST_PPTS, body, Api_Key=key)
    assert out["code"] == 0, out
    data: dict = out["data"]
    assert set(data) == {"total", "page", "size", "records"}
    return data


def test_entries(env: Env, acme: tuple[Principal, str, list[str]]) -> None:
    _, key, ids = acme
    data = listing(env, key)
    assert (data["total"], data["page"], data["size"]) == (12, 1, 10)
    # The unfiltered total (the account's counter) equals a counted one.
    assert listing(env, key, startDate="2000-01-01 00:00:00")["total"] == 12
    first = data["records"][0]
    assert set(first) == ENTRY_FIELDS
    assert first["id"] == ids[11]
    assert first["subject"] == "deck 11" and first["fileName"] == "deck 11.pptx"
    assert (first["uid"], first["templateId"], first["pages"]) == ("b", None, 3)
    assert (first["source"], first["coverUrl"]) == ("markdown", None)
    assert first["createTime"] == first["updateTime"] == "2025-01-12 00:00:00"
    # A fresh signed link, valid url_ttl_s from now (fake clock), that downloads the file.
    expires = int(parse_qs(urlsplit(first["fileUrl"]).query)["expires"][0])
    assert expires == int(env.clock().timestamp()) + 24 * 3600
    r = env.client.get(first["fileUrl"])
    assert r.status_code == 200 and r.content == b"PK fake pptx"


def test_order_paging_and_filters(env: Env, acme: tuple[Principal, str, list[str]]) -> None:
    _, key, ids = acme

    def got(**body: object) -> list[str]:
        data = listing(env, key, size=100, **body)
        assert data["total"] == len(data["records"])
        return [r["id"] for r in data["records"]]

    assert got() == ids[::-1]
    assert got(desc=True) == ids[::-1]
    assert got(desc=False) == ids
    assert got(uid="a") == ids[0::2][::-1]
    assert got(templateId="t1", desc=False) == [ids[0], ids[3], ids[6], ids[9]]
    assert got(templateId="t1", uid="b", desc=False) == [ids[3], ids[9]]
    assert got(id=ids[5]) == [ids[5]]
    assert got(id="0" * 32) == []
    assert got(startDate="2025-01-03 00:00:00", endDate="2025-01-05 00:00:00") == ids[2:5][::-1]
    assert got(id=None, uid=None, templateId=None, startDate="", endDate=None) == ids[::-1]
    page2 = listing(env, key, page=2, size=5, desc=False)
    assert [r["id"] for r in page2["records"]] == ids[5:10]
    assert (page2["total"], page2["page"], page2["size"]) == (12, 2, 5)


@pytest.mark.parametrize(
    ("body", "fields"),
    [
        ({"size": 101}, ["size"]),
        ({"page": -1}, ["page"]),
        ({"desc": "sideways"}, ["desc"]),
        ({"startDate": "yesterday"}, ["startDate"]),
        ({"endDate": "2025-01-01 24:00:00"}, ["endDate"]),
        ({"startDate": "2025-01-05 00:00:00", "endDate": "2025-01-04 23:59:59"}, ["startDate"]),
        ({"id": 5}, ["id"]),
    ],
)
def test_validation(
    env: Env, acme: tuple[Principal, str, list[str]], body: dict, fields: list[str]
) -> None:
    assert_code(env.post(LIST_PPTS, body, Api_Key=acme[1]), 1010, *fields)


def test_isolation_between_accounts(env: Env, acme: tuple[Principal, str, list[str]]) -> None:
    _, key, ids = acme
    other, other_key = env.new_account("other-library", credits=0)
    mine = env.add_ppt(other.account_id, "a", T0)
    assert [r["id"] for r in listing(env, other_key)["records"]] == [mine]
    assert listing(env, other_key, id=ids[0])["total"] == 0
    assert mine not in [r["id"] for r in listing(env, key, size=100)["records"]]
    # Deleting another account's PPT: not found, and it stays.
    assert_code(env.post(DELETE_PPT, {"id": ids[0]}, Api_Key=other_key), 1001)
    assert listing(env, key, id=ids[0])["total"] == 1
    assert_code(env.post(LIST_PPTS, {}, token=env.token(key, "a")), 98)


def test_token_sees_only_its_uid(env: Env) -> None:
    principal, key = env.new_account("uids", credits=0)
    alice_ppt = env.add_ppt(principal.account_id, "alice", T0)
    bob_ppt = env.add_ppt(principal.account_id, "bob", T0)
    alice = env.token(key, "alice")
    # Bob's PPT is "not found" for Alice's token, and survives the attempt.
    assert_code(env.post(DELETE_PPT, {"id": bob_ppt}, token=alice), 1001)
    assert listing(env, key, id=bob_ppt)["total"] == 1
    out = env.post(DELETE_PPT, {"id": alice_ppt}, token=alice)
    assert out == {"code": 0, "message": "success", "data": {"id": alice_ppt}}
    assert listing(env, key, id=alice_ppt)["total"] == 0
    # A token of another account never reaches this account's PPTs.
    stranger = env.token(env.dev_key, "bob")
    assert_code(env.post(DELETE_PPT, {"id": bob_ppt}, token=stranger), 1001)


def test_delete_removes_the_file(env: Env) -> None:
    principal, key = env.new_account("deleter", credits=0)
    ppt_id = env.add_ppt(principal.account_id, "u", T0)
    [entry] = listing(env, key)["records"]
    url_key = urlsplit(entry["fileUrl"]).path.rsplit("/", 1)[1]
    stored = env.tmp / "files" / f"{url_key}.pptx"
    assert stored.is_file()
    assert env.post(DELETE_PPT, {"id": ppt_id}, Api_Key=key)["code"] == 0
    assert not stored.exists() and not stored.with_suffix(".json").exists()
    assert listing(env, key)["total"] == 0
    assert env.client.get(entry["fileUrl"]).status_code == 404
    assert_code(env.post(DELETE_PPT, {"id": ppt_id}, Api_Key=key), 1001)
    assert_code(env.post(DELETE_PPT, {}, Api_Key=key), 1010, "id")
    assert_code(env.post(DELETE_PPT, {"id": ppt_id}), 98)


def test_library_files_outlive_the_sweeper(env: Env) -> None:
    principal, key = env.new_account("keeper", credits=0)
    env.add_ppt(principal.account_id, "u", env.clock())
    [entry] = listing(env, key)["records"]
    url = entry["fileUrl"]
    stored = env.tmp / "files" / (urlsplit(url).path.rsplit("/", 1)[1] + ".pptx")
    env.clock.advance(30 * 24 * 3600)
    try:
        sweep_once(env.state)
        assert stored.is_file()  # kept while the PPT exists
        assert env.client.get(url).status_code == 410  # but the old link has expired
        [fresh] = listing(env, key)["records"]
        assert fresh["fileUrl"] != url
        assert env.client.get(fresh["fileUrl"]).status_code == 200
    finally:
        env.clock.advance(-30 * 24 * 3600)
