"""The cluster tests' fixtures: one real cluster (PostgreSQL, Redis, moto S3, 2 API instances,
2 worker hosts; see cluster.py) for the whole test session, and per-uid tokens."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cluster import Cluster  # noqa: E402


@pytest.fixture(scope="session")
def cluster() -> Iterator[Cluster]:
    c = Cluster(apis=2, workers=2).start()
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
