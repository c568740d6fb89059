"""Accounts, API keys and temporary tokens through the real app, on SQLite and PostgreSQL:
first-run default account, createApiToken (defaults, maxima, validation), expiry, revocation,
static tokens, and the operator CLI."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from accounts_testkit import CREATE_TOKEN, DELETE_PPT, LIST_RECORDS, Env, assert_code, make_env
from service_testkit import TOKEN
from sqlalchemy import func, select, text

from service import accounts
from service.cli import main as deckforge
from service.db.migrate import head_revision
from service.db.models import Account, ApiKey, Token, UsageRecord


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory, database_url: str | None) -> Iterator[Env]:
    e = make_env(tmp_path_factory.mktemp("accounts"), database_url)
    yield e
    e.state.db.close()


def test_first_run_creates_default_account_and_key_file(env: Env) -> None:
    path = env.tmp / "dev-api-key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    key = env.dev_key
    assert key.startswith("dfk_") and len(key) > 40
    with env.state.db.session() as s:
        account = s.scalar(select(Account).where(Account.name == "default"))
        assert account is not None and account.balance == 1_000_000
        [row] = s.scalars(select(ApiKey).where(ApiKey.account_id == account.id))
        # Stored hashed: only the prefix of the key is in the database.
        assert row.prefix == key[:12]
        assert row.secret_hash == accounts.hash_secret(key) != key
    assert env.post(LIST_RECORDS, {}, Api_Key=key)["code"] == 0
    # A second start on the same database keeps the account and does not rewrite the key.
    again = make_env(env.tmp, env.state.db.url if env.state.db.dialect != "sqlite" else None)
    assert again.state.default_account_id == env.state.default_account_id
    assert env.dev_key == key
    again.state.db.close()


def test_create_token_defaults(env: Env) -> None:
    out = env.post(CREATE_TOKEN, {"uid": "alice"}, Api_Key=env.dev_key)
    assert out["code"] == 0 and out["message"] == "success"
    assert set(out["data"]) == {"token", "expireTime"}
    assert out["data"]["token"].startswith("dft_")
    # Fake clock 2025-01-01 12:00:00 UTC; default lifetime 2 h; same form as createTime.
    assert out["data"]["expireTime"] == "2025-01-01 14:00:00"
    token = out["data"]["token"]
    with env.state.db.session() as s:
        row = s.scalar(select(Token).where(Token.prefix == token[:12]))
        assert row is not None
        assert (row.uid, row.ppt_limit, row.ppt_count) == ("alice", None, 0)
        assert row.secret_hash == accounts.hash_secret(token)
    # The token authenticates (a missing PPT answers 1001, not 98).
    assert_code(env.post(DELETE_PPT, {"id": "nope"}, token=token), 1001)


def test_create_token_maxima_and_limit(env: Env) -> None:
    out = env.post(CREATE_TOKEN, {"uid": "bob", "limit": 3, "timeOfHours": 48}, Api_Key=env.dev_key)
    assert out["code"] == 0
    assert out["data"]["expireTime"] == "2025-01-03 12:00:00"
    with env.state.db.session() as s:
        row = s.scalar(select(Token).where(Token.prefix == out["data"]["token"][:12]))
        assert row is not None and row.ppt_limit == 3


@pytest.mark.parametrize(
    ("body", "fields"),
    [
        ({"uid": "a", "timeOfHours": 49}, ["timeOfHours"]),
        ({"uid": "a", "timeOfHours": 0}, ["timeOfHours"]),
        ({"uid": "a", "timeOfHours": "x"}, ["timeOfHours"]),
        ({"uid": "a", "limit": 0}, ["limit"]),
        ({"uid": "a", "limit": -1}, ["limit"]),
        ({}, ["uid"]),
        ({"uid": ""}, ["uid"]),
        ({"uid": "u" * 129}, ["uid"]),
        ({"uid": 5}, ["uid"]),
        ([1, 2], ["body"]),
    ],
)
def test_create_token_validation(env: Env, body: object, fields: list[str]) -> None:
    assert_code(env.post(CREATE_TOKEN, body, Api_Key=env.dev_key), 1010, *fields)


def test_create_token_bad_json(env: Env) -> None:
    r = env.client.post(CREATE_TOKEN, content=b"{oops", headers={"Api-Key": env.dev_key})
    assert_code(r.json(), 1010, "body")


@pytest.mark.parametrize(
    "header", [{}, {"Api-Key": ""}, {"Api-Key": "dfk_wrong"}, {"token": TOKEN}]
)
def test_create_token_needs_a_valid_api_key(env: Env, header: dict[str, str]) -> None:
    r = env.client.post(CREATE_TOKEN, json={"uid": "a"}, headers=header)
    out = r.json()
    assert (r.status_code, out["code"]) == (200, 98)
    assert "Api-Key" in out["message"]


def test_token_is_not_an_api_key_and_vice_versa(env: Env) -> None:
    token = env.token(env.dev_key, "carol")
    assert_code(env.post(LIST_RECORDS, {}, Api_Key=token), 98)
    assert_code(env.post(DELETE_PPT, {"id": "x"}, token=env.dev_key), 98)


def test_token_expires(env: Env) -> None:
    token = env.token(env.dev_key, "dave", timeOfHours=1)
    env.clock.advance(3600 - 1)
    assert_code(env.post(DELETE_PPT, {"id": "x"}, token=token), 1001)
    env.clock.advance(1)
    out = env.post(DELETE_PPT, {"id": "x"}, token=token)
    assert_code(out, 98)
    assert "expired" in out["message"]
    env.clock.advance(-3600)


def test_revoking_a_key_revokes_its_tokens(env: Env) -> None:
    _, key = env.new_account("revokes", credits=5)
    token = env.token(key, "erin")
    other = env.token(env.dev_key, "erin")
    with env.state.db.session() as s:
        accounts.revoke_api_key(s, key[:12], now=env.clock())
        s.commit()
    assert_code(env.post(LIST_RECORDS, {}, Api_Key=key), 98)
    assert_code(env.post(DELETE_PPT, {"id": "x"}, token=token), 98)
    assert_code(env.post(DELETE_PPT, {"id": "x"}, token=other), 1001)


def test_revoked_token_answers_98(env: Env) -> None:
    token = env.token(env.dev_key, "frank")
    with env.state.db.session() as s:
        row = s.scalar(select(Token).where(Token.prefix == token[:12]))
        assert row is not None
        accounts.revoke_token(s, row.id, now=env.clock())
        s.commit()
    assert_code(env.post(DELETE_PPT, {"id": "x"}, token=token), 98)


def test_static_tokens_act_for_the_default_account(env: Env) -> None:
    r = env.client.post(DELETE_PPT, json={"id": "x"}, headers={"token": TOKEN})
    assert_code(r.json(), 1001)
    assert accounts.static_token_uid(TOKEN).startswith("static-")
    assert accounts.static_token_uid(TOKEN) != accounts.static_token_uid(TOKEN + "x")


def test_secrets_never_logged(env: Env, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("DEBUG")
    token = env.token(env.dev_key, "gina")
    env.post(DELETE_PPT, {"id": "x"}, token=token + "x")
    env.post(LIST_RECORDS, {}, Api_Key=env.dev_key + "x")
    text = "\n".join(str(r.__dict__) for r in caplog.records)
    assert token not in text and env.dev_key not in text
    assert token[:12] in text  # the non-secret prefix is what logs show


def test_cli_accounts_and_keys(
    env: Env, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DECKFORGE_DATA_DIR", str(env.tmp))
    if env.state.db.dialect != "sqlite":
        monkeypatch.setenv("DECKFORGE_DATABASE_URL", env.state.db.url)
    assert deckforge(["db", "upgrade"]) == 0
    assert f"at revision {head_revision()}" in capsys.readouterr().out
    assert deckforge(["accounts", "create", "acme", "--credits", "7"]) == 0
    out = capsys.readouterr().out
    key = out.split("keep it secret): ")[1].split()[0]
    assert env.post(LIST_RECORDS, {}, Api_Key=key)["code"] == 0
    assert deckforge(["accounts", "credit", "acme", "+5"]) == 0
    assert "12 credits" in capsys.readouterr().out
    assert deckforge(["accounts", "credit", "acme", "-13"]) == 5  # documented exit codes
    assert capsys.readouterr().err == (
        "deckforge accounts: cannot take 13 credits from 'acme': its balance is 12 and never "
        "goes below 0\n"
    )
    assert deckforge(["accounts", "create", "acme"]) == 3
    assert capsys.readouterr().err.startswith("deckforge accounts: account 'acme' already exists")
    assert deckforge(["accounts", "credit", "nobody", "+1"]) == 4
    assert "no account 'nobody'" in capsys.readouterr().err
    assert deckforge(["accounts", "create", "x" * 65]) == 2
    assert deckforge(["keys", "create", "acme"]) == 0
    second = capsys.readouterr().out.split("keep it secret): ")[1].split()[0]
    assert deckforge(["accounts", "list"]) == 0
    listing = capsys.readouterr().out
    assert f"{key[:12]}…" in listing and f"{second[:12]}…" in listing
    assert key not in listing and "12" in listing
    assert deckforge(["keys", "revoke", key[:12]]) == 0
    assert_code(env.post(LIST_RECORDS, {}, Api_Key=key), 98)
    assert env.post(LIST_RECORDS, {}, Api_Key=second)["code"] == 0
    assert deckforge(["keys", "revoke", "dfk_unknownxx"]) == 4
    assert capsys.readouterr().err.startswith(
        "deckforge keys: no single API key matches 'dfk_unknownx'…"
    )
    assert os.environ["DECKFORGE_DATA_DIR"] == str(Path(env.tmp))


def test_two_instances_share_one_database(env: Env) -> None:
    """A second instance on the same database and data directory: a token issued by one works
    on the other, which sees the same accounts (nothing lives in one process's memory)."""
    url = env.state.db.url if env.state.db.dialect != "sqlite" else None
    other = make_env(env.tmp, url)
    try:
        token = env.token(env.dev_key, "shared-user")
        assert_code(other.post(DELETE_PPT, {"id": "x"}, token=token), 1001)
        token_b = other.token(env.dev_key, "shared-user")
        assert_code(env.post(DELETE_PPT, {"id": "x"}, token=token_b), 1001)
        assert other.state.default_account_id == env.state.default_account_id
    finally:
        other.state.db.close()


def test_database_settings(env: Env) -> None:
    """SQLite: a file in the data dir, WAL, foreign keys on; both: migrated to head."""
    db = env.state.db
    with db.engine.connect() as conn:
        if db.dialect == "sqlite":
            assert (env.tmp / "deckforge.sqlite3").is_file()
            assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
        else:
            assert db.dialect == "postgresql"
        version = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
        assert version == head_revision()
        assert version is not None and version >= "0002"


def test_migrations_upgrade_existing_data(
    env: Env, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A database at revision 0001 with rows is upgraded in place (0002 backfills the counters)."""
    from service.db.engine import Database
    from service.db.migrate import upgrade

    if env.state.db.dialect == "sqlite":
        url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    else:
        url = request.getfixturevalue("pg_server").create_database()
    db = Database(url=url)
    try:
        with db.engine.connect() as conn:
            upgrade(conn, "0001")
            conn.execute(
                text(
                    "INSERT INTO accounts (id, name, balance, created_at) "
                    "VALUES (7, 'old', 5, '2025-01-01 00:00:00')"
                )
            )
            for i in range(3):
                conn.execute(
                    text(
                        "INSERT INTO usage_records (id, account_id, uid, type, amount, create_time)"
                        f" VALUES ('r{i}', 7, 'u', 1, 1, '2025-01-01 00:00:0{i}')"
                    )
                )
            conn.commit()
        db.upgrade()
        with db.session() as s:
            account = s.get(Account, 7)
            assert account is not None
            assert (account.balance, account.record_total, account.ppt_total) == (5, 3, 0)
            assert s.scalar(select(func.count()).select_from(UsageRecord)) == 3
    finally:
        db.close()
