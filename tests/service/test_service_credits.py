"""Credits through the real app and real workers, on SQLite and PostgreSQL: the convert
endpoint charges per converted page and records the PPT (pptId), refuses with 88 when credits
or the token's limit are exhausted (nothing produced), never charges failed work; concurrent
charges never overdraw (50 against a balance of 10: exactly 10 succeed)."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from accounts_testkit import LIST_PPTS, LIST_RECORDS, Env, assert_code, make_env
from service_testkit import AUTH, CONVERT, NO_SLIDE, page
from sqlalchemy import func, select

from service import credits
from service.accounts import Principal, add_credits
from service.db.models import Ppt, UsageRecord


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory, database_url: str | None) -> Iterator[Env]:
    e = make_env(tmp_path_factory.mktemp("credits"), database_url, workers=2, queue_size=64)
    with e.client:
        yield e
    e.state.db.close()


def balance(env: Env, principal: Principal) -> int:
    with env.state.db.session() as s:
        return credits.balance(s, principal.account_id)


def counts(env: Env, principal: Principal) -> tuple[int, int]:
    """(usage records, PPTs) of the account."""
    with env.state.db.session() as s:
        records = s.scalar(
            select(func.count()).where(UsageRecord.account_id == principal.account_id)
        )
        ppts = s.scalar(select(func.count()).where(Ppt.account_id == principal.account_id))
        return int(records or 0), int(ppts or 0)


def kept_files(tmp: Path) -> int:
    return len(list((tmp / "files").glob("*.pptx")))


def convert(env: Env, token: str, htmls: list[str], **extra: Any) -> dict[str, Any]:
    return env.post(CONVERT, {"htmls": htmls, **extra}, token=token)


def test_convert_charges_per_page_and_records_the_ppt(env: Env) -> None:
    principal, key = env.new_account("payer", credits=10)
    token = env.token(key, "u1")
    out = convert(env, token, [page("a"), NO_SLIDE, page("c")], filename="季度报告")
    assert out["code"] == 0
    data = out["data"]
    assert set(data) == {
        "fileUrl",
        "expireAt",
        "totalPages",
        "successPages",
        "failedPages",
        "pageErrorMode",
        "failedPageDetails",
        "pptId",
    }
    assert balance(env, principal) == 8  # 2 converted pages x 1 credit; the failed page is free
    [record] = env.post(LIST_RECORDS, {}, Api_Key=key)["data"]["records"]
    assert (record["type"], record["amount"], record["uid"]) == (1, 2, "u1")
    [entry] = env.post(LIST_PPTS, {}, Api_Key=key)["data"]["records"]
    assert entry["id"] == data["pptId"]
    assert (entry["uid"], entry["pages"], entry["source"]) == ("u1", 3, "convert")
    assert (entry["subject"], entry["fileName"]) == ("季度报告", "季度报告.pptx")
    assert env.client.get(entry["fileUrl"]).content == env.client.get(data["fileUrl"]).content


def test_insufficient_credits_produce_nothing(env: Env) -> None:
    principal, key = env.new_account("poor", credits=1)
    token = env.token(key, "u1")
    files_before = kept_files(env.tmp)
    out = convert(env, token, [page("a"), page("b")])
    assert_code(out, 88)
    assert "credits" in out["message"]
    assert balance(env, principal) == 1
    assert counts(env, principal) == (0, 0)
    assert kept_files(env.tmp) == files_before
    assert convert(env, token, [page("a")])["code"] == 0
    assert balance(env, principal) == 0
    assert counts(env, principal) == (1, 1)


def test_failed_work_is_not_charged(env: Env) -> None:
    principal, key = env.new_account("failures", credits=5)
    token = env.token(key, "u1")
    assert_code(convert(env, token, [NO_SLIDE, NO_SLIDE]), 50103)
    assert_code(env.post(CONVERT, {"htmls": []}, token=token), 40010)
    assert_code(env.post(CONVERT, {"htmls": [page()]}, token=token + "x"), 98)
    assert balance(env, principal) == 5
    assert counts(env, principal) == (0, 0)


def test_token_limit_caps_ppts(env: Env) -> None:
    principal, key = env.new_account("limited", credits=100)
    token = env.token(key, "u1", limit=2)
    assert convert(env, token, [page()])["code"] == 0
    assert convert(env, token, [page()])["code"] == 0
    out = convert(env, token, [page()])
    assert_code(out, 88)
    assert "limit" in out["message"]
    assert counts(env, principal) == (2, 2)
    assert convert(env, env.token(key, "u1", limit=1), [page()])["code"] == 0  # a new token


def test_cost_settings_and_zero_cost(env: Env) -> None:
    principal, key = env.new_account("free", credits=0)
    token = env.token(key, "u1")
    original = env.state.settings
    env.state.settings = original.model_copy(update={"cost_convert_page": 0})
    try:
        assert convert(env, token, [page(), page()])["code"] == 0
    finally:
        env.state.settings = original
    [record] = env.post(LIST_RECORDS, {}, Api_Key=key)["data"]["records"]
    assert record["amount"] == 0 and balance(env, principal) == 0
    env.state.settings = original.model_copy(update={"cost_convert_page": 3})
    try:
        with env.state.db.session() as s:
            credits.charge(s, principal, credits.TYPE_TEMPLATE, 0, now=env.clock())
            s.commit()
        with env.state.db.session() as s:
            add_credits(s, "free", 7)
            s.commit()
        assert_code(convert(env, token, [page(), page(), page()]), 88)  # needs 9
        assert convert(env, token, [page(), page()])["code"] == 0
        assert balance(env, principal) == 1
    finally:
        env.state.settings = original


def test_static_token_charges_the_default_account(env: Env) -> None:
    default = Principal(env.state.default_account_id, None, "test")
    before = balance(env, default)
    assert env.post(CONVERT, {"htmls": [page(), page()]}, **AUTH)["code"] == 0
    assert balance(env, default) == before - 2


def test_concurrent_charges_never_overdraw(env: Env) -> None:
    """Domain level: 50 threads, each its own session, charge 1 against a balance of 10."""
    principal, key = env.new_account("racers", credits=10)

    def one(_: int) -> bool:
        with env.state.db.session() as s:
            try:
                credits.charge(s, principal, credits.TYPE_PPT, 1, now=env.clock())
            except credits.InsufficientCredits:
                s.rollback()
                return False
            s.commit()
            return True

    with ThreadPoolExecutor(max_workers=50) as pool:
        results = list(pool.map(one, range(50)))
    assert results.count(True) == 10
    assert balance(env, principal) == 0
    assert counts(env, principal) == (10, 0)
    assert env.post(LIST_RECORDS, {"size": 100}, Api_Key=key)["data"]["total"] == 10


def test_concurrent_conversions_never_overdraw(env: Env) -> None:
    """Through HTTP: 50 one-page conversions against a balance of 10 all pass the pre-check
    together; exactly 10 are charged and recorded, the other 40 answer 88 and leave no file."""
    principal, key = env.new_account("http-racers", credits=10)
    token = env.token(key, "u1")
    files_before = kept_files(env.tmp)
    with ThreadPoolExecutor(max_workers=50) as pool:
        codes = list(pool.map(lambda i: convert(env, token, [page(str(i))])["code"], range(50)))
    assert sorted(codes) == [0] * 10 + [88] * 40
    assert balance(env, principal) == 0
    assert counts(env, principal) == (10, 10)
    assert kept_files(env.tmp) == files_before + 10
