"""Bounded PostgreSQL connections (service.db.bounded) against a real server: a frozen server
(SIGSTOP) is an OperationalError within the client bound and the pool recovers by itself after
SIGCONT; the server-side timeouts are set on every connection; migrations run unbounded."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from cluster import freeze_postgres, thaw_postgres
from pg_cluster import PgCluster, find_pg_bin, reap_orphans
from pydantic import SecretStr
from sqlalchemy import Connection, create_engine, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import NullPool

from service.config import Settings
from service.db.engine import Database, Limits, make_engine
from tests.requires import missing_tool, missing_tools_reason

LIMITS = Limits(pool_size=2, connect_timeout_s=2, statement_timeout_s=1.0, pool_timeout_s=2)
BOUND_S = 1.0 + 1.0 + 2  # the query (statement + 1 s), the pool's reconnect (connect timeout)


@pytest.fixture(scope="module")
def pg() -> Iterator[PgCluster]:
    bin_dir = find_pg_bin()
    if bin_dir is None:
        missing_tool(str(missing_tools_reason(("postgresql",))))
    reap_orphans(bin_dir)
    server = PgCluster(bin_dir)
    server.start()
    try:
        yield server
    finally:
        thaw_postgres(server)
        server.stop()


def _select_one(engine) -> int:  # type: ignore[no-untyped-def]
    with engine.connect() as conn:
        return int(conn.execute(text("SELECT 1")).scalar_one())


def test_frozen_server_is_an_error_within_the_bound_then_recovers(pg: PgCluster) -> None:
    engine = make_engine(pg.create_database(), limits=LIMITS)
    try:
        assert _select_one(engine) == 1  # a pooled connection is open when the server freezes
        freeze_postgres(pg)
        try:
            for _ in range(2):  # the pooled connection, then a fresh connect
                start = time.monotonic()
                with pytest.raises(OperationalError):
                    _select_one(engine)
                assert time.monotonic() - start < BOUND_S + 2
        finally:
            thaw_postgres(pg)
        assert _select_one(engine) == 1  # no restart needed
    finally:
        engine.dispose()


def test_every_connection_carries_the_server_side_timeouts(pg: PgCluster) -> None:
    engine = make_engine(pg.create_database(), limits=LIMITS)
    try:
        with engine.connect() as conn:
            assert conn.execute(text("SHOW statement_timeout")).scalar_one() == "1s"
            idle = conn.execute(text("SHOW idle_in_transaction_session_timeout")).scalar_one()
            assert idle == "1min"
            with pytest.raises(OperationalError, match="statement timeout"):
                conn.execute(text("SELECT pg_sleep(3)"))
    finally:
        engine.dispose()


def test_a_transaction_left_idle_is_ended_by_the_server(pg: PgCluster) -> None:
    engine = make_engine(pg.create_database(), limits=replace(LIMITS, idle_in_transaction_s=0.5))
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))  # a transaction is open now
            time.sleep(1.5)
            # A lost connection like any other: OperationalError (the API's 1013), invalidated
            with pytest.raises(OperationalError, match="idle-in-transaction timeout") as caught:
                conn.execute(text("SELECT 1"))
            assert caught.value.connection_invalidated
        assert _select_one(engine) == 1  # the pool replaced the connection
    finally:
        engine.dispose()


def test_migrations_run_without_the_statement_timeout(
    pg: PgCluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from service.db import migrate

    real_upgrade = migrate.upgrade

    def slow_upgrade(conn: Connection, *args: Any, **kwargs: Any) -> None:
        # Longer than both the server's statement timeout and the client's wait limit.
        conn.execute(text("SELECT pg_sleep(2.5)"))
        real_upgrade(conn, *args, **kwargs)

    monkeypatch.setattr(migrate, "upgrade", slow_upgrade)
    url = pg.create_database()
    settings = Settings(
        data_dir=tmp_path,
        database_url=SecretStr(url),
        db_statement_timeout_s=0.5,
        db_connect_timeout_s=2,
    )
    db = Database(settings)
    try:
        db.upgrade()
        with db.engine.connect() as conn:  # a bounded connection again, not the migration's
            assert conn.execute(text("SHOW statement_timeout")).scalar_one() == "500ms"
            with pytest.raises(OperationalError):
                conn.execute(text("SELECT pg_sleep(2.5)"))
    finally:
        db.close()
    plain = create_engine(url, poolclass=NullPool)
    try:
        with plain.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM alembic_version")).scalar_one() == 1
            assert conn.execute(text("SELECT count(*) FROM tasks")).scalar_one() == 0
    finally:
        plain.dispose()


def test_no_free_pooled_connection_answers_1013(tmp_path: Path) -> None:
    """Every pooled connection stuck (e.g. behind a frozen server): a request waits
    DB_POOL_TIMEOUT_S for one, then answers 1013 + Retry-After, and works once one is free."""
    from accounts_testkit import CREATE_TOKEN
    from gen_testkit import started_env

    with started_env(tmp_path, None, db_pool_size=1, db_pool_timeout_s=0.5) as env:
        key = env.dev_key
        assert env.post(CREATE_TOKEN, {"uid": "u1"}, Api_Key=key)["code"] == 0
        held = [env.state.db.engine.connect() for _ in range(3)]  # pool 1 + overflow 2
        try:
            start = time.monotonic()
            r = env.client.post(CREATE_TOKEN, json={"uid": "u1"}, headers={"Api-Key": key})
            took = time.monotonic() - start
        finally:
            for conn in held:
                conn.close()
        out = r.json()
        assert out["code"] == 1013 and "database" in out["message"], out
        assert r.headers["retry-after"] == "5"
        assert took < 10, took
        assert env.post(CREATE_TOKEN, {"uid": "u1"}, Api_Key=key)["code"] == 0
