"""Fixtures of the task queue tests: one real redis-server per module."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pg_cluster import pg_server  # noqa: E402, F401 - the PostgreSQL variant's server
from queue_testkit import RedisServer  # noqa: E402


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest) -> str | None:
    """None (SQLite in the shared data dir) or a fresh database of the test PostgreSQL."""
    if request.param == "sqlite":
        return None
    url: str = request.getfixturevalue("pg_server").create_database()
    return url
