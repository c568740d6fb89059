"""POST /api/record/listPage (spec 4.6) through the real app, on SQLite and PostgreSQL: the
paging envelope, defaults, filters, createTime form and zone, validation (1010 naming the field)
and account isolation."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from accounts_testkit import LIST_RECORDS, Env, assert_code, make_env

from service import credits
from service.accounts import Principal

T0 = datetime(2025, 3, 1, 8, 0, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory, database_url: str | None) -> Iterator[Env]:
    e = make_env(tmp_path_factory.mktemp("records"), database_url)
    yield e
    e.state.db.close()


@pytest.fixture(scope="module")
def acme(env: Env) -> tuple[Principal, str]:
    """An account with 25 records: 15 of type 1 (uids u0/u1/u2), 10 of type 2 (uid u0), one
    an hour apart from T0; and a second account with records that acme must never see."""
    principal, key = env.new_account("acme", credits=1000)
    other, _ = env.new_account("other", credits=1000)
    with env.state.db.session() as s:
        for i in range(25):
            kind = credits.TYPE_PPT if i < 15 else credits.TYPE_TEMPLATE
            uid = f"u{i % 3}" if i < 15 else "u0"
            who = Principal(principal.account_id, uid, "test")
            credits.charge(s, who, kind, i + 1, now=T0 + timedelta(hours=i))
            credits.charge(
                s, Principal(other.account_id, uid, "test"), kind, 1, now=T0 + timedelta(hours=i)
            )
        s.commit()
        assert credits.balance(s, principal.account_id) == 1000 - sum(range(1, 26))
    return principal, key


def test_envelope_and_defaults(env: Env, acme: tuple[Principal, str]) -> None:
    _, key = acme
    for body in (None, {}, {"page": None, "size": None}):
        out = env.post(LIST_RECORDS, body, Api_Key=key)
        assert out["code"] == 0 and out["message"] == "success"
        data = out["data"]
        assert set(data) == {"total", "page", "size", "records"}
        assert (data["total"], data["page"], data["size"]) == (25, 1, 10)
        assert len(data["records"]) == 10
    counted = env.post(LIST_RECORDS, {"startDate": "2000-01-01 00:00:00"}, Api_Key=key)
    assert counted["data"]["total"] == 25  # the account's counter equals a counted total
    first = data["records"][0]
    assert set(first) == {"id", "type", "amount", "uid", "createTime"}
    # Newest first; createTime is "YYYY-MM-DD HH:mm:ss" in UTC (DECKFORGE_TIME_ZONE).
    assert first["createTime"] == "2025-03-02 08:00:00"
    assert (first["type"], first["amount"], first["uid"]) == (2, 25, "u0")
    assert isinstance(first["id"], str) and len(first["id"]) == 32


def test_paging(env: Env, acme: tuple[Principal, str]) -> None:
    _, key = acme
    seen: list[str] = []
    for page in (1, 2, 3):
        data = env.post(LIST_RECORDS, {"page": page, "size": 10}, Api_Key=key)["data"]
        assert data["page"] == page and data["total"] == 25
        seen += [r["id"] for r in data["records"]]
    assert len(seen) == len(set(seen)) == 25
    beyond = env.post(LIST_RECORDS, {"page": 4, "size": 10}, Api_Key=key)["data"]
    assert beyond["records"] == [] and beyond["total"] == 25
    full = env.post(LIST_RECORDS, {"size": 100}, Api_Key=key)["data"]
    assert [r["amount"] for r in full["records"]] == list(range(25, 0, -1))


def test_filters(env: Env, acme: tuple[Principal, str]) -> None:
    _, key = acme

    def amounts(**body: object) -> list[int]:
        data = env.post(LIST_RECORDS, {"size": 100, **body}, Api_Key=key)["data"]
        assert data["total"] == len(data["records"])
        return sorted(r["amount"] for r in data["records"])

    assert amounts(type=2) == list(range(16, 26))
    assert amounts(type=1) == list(range(1, 16))
    assert amounts(uid="u1") == [2, 5, 8, 11, 14]
    assert amounts(uid="u0", type=1) == [1, 4, 7, 10, 13]
    assert amounts(uid="nobody") == []
    # Both ends inclusive, to the second.
    assert amounts(startDate="2025-03-01 10:00:00", endDate="2025-03-01 12:00:00") == [3, 4, 5]
    assert amounts(startDate="2025-03-01 10:00:01", endDate="2025-03-01 11:59:59") == [4]
    assert amounts(startDate="2025-03-02 07:00:00") == [24, 25]
    assert amounts(endDate="2025-03-01 08:59:59") == [1]
    # Empty strings mean "no filter".
    assert len(amounts(uid="", startDate="", endDate="")) == 25


@pytest.mark.parametrize(
    ("body", "fields"),
    [
        ({"size": 101}, ["size"]),
        ({"size": 0}, ["size"]),
        ({"page": 0}, ["page"]),
        ({"page": "two"}, ["page"]),
        ({"type": 3}, ["type"]),
        ({"startDate": "2025-02-30 00:00:00"}, ["startDate"]),
        ({"endDate": "2025-03-01"}, ["endDate"]),
        ({"startDate": "2025-03-01T10:00:00"}, ["startDate"]),
        ({"startDate": "2025-03-02 00:00:00", "endDate": "2025-03-01 00:00:00"}, ["startDate"]),
        ({"size": 500, "type": 9}, ["size", "type"]),
        ("page=1", ["body"]),
    ],
)
def test_validation_names_the_field(
    env: Env, acme: tuple[Principal, str], body: object, fields: list[str]
) -> None:
    out = env.post(LIST_RECORDS, body, Api_Key=acme[1])
    assert_code(out, 1010, *fields)
    assert out["message"] == "bad parameters: " + ", ".join(fields)


def test_bound_to_the_key_account(env: Env, acme: tuple[Principal, str]) -> None:
    total = env.post(LIST_RECORDS, {}, Api_Key=env.dev_key)["data"]["total"]
    assert total == 0  # the default account has no records; acme's and other's are not shown
    assert_code(env.post(LIST_RECORDS, {}), 98)
    assert_code(env.post(LIST_RECORDS, {}, Api_Key="dfk_" + "x" * 43), 98)


def test_refund_removes_the_record(env: Env) -> None:
    principal, key = env.new_account("refunds", credits=10)
    with env.state.db.session() as s:
        record = credits.charge(s, principal, credits.TYPE_PPT, 4, now=T0)
        s.commit()
        assert credits.balance(s, principal.account_id) == 6
        assert credits.refund(s, record.id) is True
        assert credits.refund(s, record.id) is False
        s.commit()
        assert credits.balance(s, principal.account_id) == 10
    assert env.post(LIST_RECORDS, {}, Api_Key=key)["data"]["total"] == 0


def test_time_zone_setting(
    tmp_path_factory: pytest.TempPathFactory, database_url: str | None
) -> None:
    """createTime and the date filters are read in DECKFORGE_TIME_ZONE (here UTC+8)."""
    e = make_env(tmp_path_factory.mktemp("tz"), database_url, time_zone="Asia/Shanghai")
    try:
        principal, key = e.new_account("zoned", credits=10)
        with e.state.db.session() as s:
            credits.charge(s, principal, credits.TYPE_PPT, 1, now=T0)  # 08:00 UTC
            s.commit()
        [rec] = e.post(LIST_RECORDS, {}, Api_Key=key)["data"]["records"]
        assert rec["createTime"] == "2025-03-01 16:00:00"
        hit = {"startDate": "2025-03-01 16:00:00", "endDate": "2025-03-01 16:00:00"}
        assert e.post(LIST_RECORDS, hit, Api_Key=key)["data"]["total"] == 1
        miss = {"startDate": "2025-03-01 08:00:01"}
        assert e.post(LIST_RECORDS, miss, Api_Key=key)["data"]["total"] == 1
        assert (
            e.post(LIST_RECORDS, {"startDate": "2025-03-01 16:00:01"}, Api_Key=key)["data"]["total"]
            == 0
        )
    finally:
        e.state.db.close()
