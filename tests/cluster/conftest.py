"""The cluster tests' fixtures: one real cluster (PostgreSQL, Redis, moto S3, 2 API instances,
2 worker hosts; see cluster.py) for the whole test session, and per-uid tokens."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cluster import Cluster  # noqa: E402

from tests.requires import missing_tool, missing_tools_reason  # noqa: E402

# Short database bounds, so a frozen PostgreSQL answers 1013 within ~5 s (3 s for a query or
# the pool's ping, 2 s for the reconnect): test_postgres_frozen_* relies on them.
DB_BOUNDS = {"DECKFORGE_DB_STATEMENT_TIMEOUT_S": "2", "DECKFORGE_DB_CONNECT_TIMEOUT_S": "2"}


@pytest.fixture(scope="session")
def cluster() -> Iterator[Cluster]:
    reason = missing_tools_reason(("postgresql", "redis-server"))
    if reason:
        missing_tool(reason)
    c = Cluster(apis=2, workers=2, extra_env=DB_BOUNDS).start()
    try:
        yield c
    finally:
        try:
            c.stop()
        except AssertionError:
            c.print_logs()
            raise


@pytest.fixture(scope="session")
def alice(cluster: Cluster) -> str:
    return cluster.token("alice")
