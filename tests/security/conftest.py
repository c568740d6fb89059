"""One real service for the tenant attacks of tests/security (two accounts, alice and mallory),
started once for the folder: `python -m service` with 2 workers, SQLite, loopback."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from servekit import Served, start, stop  # noqa: E402


@pytest.fixture(scope="session")
def tenants(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    served = start(
        tmp_path_factory.mktemp("tenants"),
        accounts={"alice": 1000, "mallory": 1000},
        template_render_cpu_s=2,
        worker_memory_bytes=3 * 1024**3,
        request_timeout_s=60,
        parse_timeout_s=4,
    )
    yield served
    stop(served)
