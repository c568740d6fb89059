"""Fixtures for service tests: one app with real workers and a fake clock per test module."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pg_cluster import database_url, pg_server  # noqa: F401 - fixtures for every module
from service_testkit import FakeClock, make_settings

from service.main import create_app


@pytest.fixture(scope="module")
def module_tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("service")


@pytest.fixture(scope="module")
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(scope="module")
def app(module_tmp: Path, clock: FakeClock) -> FastAPI:
    """An app with the real convert job in 2 worker processes, and the fake clock."""
    return create_app(make_settings(module_tmp), clock=clock)


@pytest.fixture(scope="module")
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c
