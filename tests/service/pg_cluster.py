"""A throwaway PostgreSQL server for the service tests (initdb + pg_ctl in a temp directory, on a
free 127.0.0.1 port; one per test session, stopped afterwards) and the `database_url` fixture
that runs a test module against SQLite and against PostgreSQL.

The binaries are found by tests/requires.py `find_pg_bin` (package `postgresql`). Without them
the PostgreSQL half of the tests skips, saying so (fails with DECKFORGE_REQUIRE_TOOLS=1). As
root, the server runs as the `postgres` user (PostgreSQL refuses to run as root).
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from service_testkit import free_port

from tests.requires import find_pg_bin, missing_tool, missing_tools_reason

__all__ = ["PgCluster", "database_url", "find_pg_bin", "pg_server", "reap_orphans"]

DB_KINDS = ["sqlite", "postgresql"]
PG_USER = "deckforge"
DIR_PREFIX = "deckforge-pg-"
OWNER_FILE = "owner.pid"


class PgCluster:
    """A running server; `create_database()` gives each test module a fresh database."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.dir = Path(tempfile.mkdtemp(prefix=DIR_PREFIX))
        (self.dir / OWNER_FILE).write_text(str(os.getpid()))
        self.data = self.dir / "data"
        self.port = free_port()
        self.run_as: list[str] = []
        if os.geteuid() == 0:
            user = _unprivileged_user()
            pw = pwd.getpwnam(user)
            os.chown(self.dir, pw.pw_uid, pw.pw_gid)
            self.run_as = ["runuser", "-u", user, "--"]

    def _run(self, *args: str) -> None:
        subprocess.run(
            [*self.run_as, *args], check=True, capture_output=True, timeout=120, cwd=self.dir
        )

    def start(self) -> None:
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            PG_USER,
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
        )
        options = (
            f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=300"
        )
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.dir / "server.log"),
            "-w",
            "-t",
            "60",
            "start",
        )

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{PG_USER}@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> str:
        """A new empty database; returns its SQLAlchemy URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        conninfo = f"host=127.0.0.1 port={self.port} user={PG_USER} dbname=postgres"
        with psycopg.connect(conninfo, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


def reap_orphans(bin_dir: Path) -> None:
    """Stop and remove clusters of earlier runs whose test process died without stopping them
    (e.g. killed by a timeout). Clusters of running processes are left alone."""
    for owner in Path(tempfile.gettempdir()).glob(f"{DIR_PREFIX}*/{OWNER_FILE}"):
        try:
            pid = int(owner.read_text())
            os.kill(pid, 0)
            continue  # its owner is alive
        except ProcessLookupError:
            pass
        except (ValueError, OSError):
            continue
        orphan = PgCluster.__new__(PgCluster)
        orphan.bin, orphan.dir = bin_dir, owner.parent
        orphan.data = orphan.dir / "data"
        orphan.run_as = ["runuser", "-u", _unprivileged_user(), "--"] if os.geteuid() == 0 else []
        try:
            orphan.stop()
        except (subprocess.SubprocessError, OSError):
            shutil.rmtree(orphan.dir, ignore_errors=True)


def _unprivileged_user() -> str:
    for user in ("postgres", "nobody"):
        try:
            pwd.getpwnam(user)
            return user
        except KeyError:
            continue
    raise RuntimeError("running as root and no unprivileged user to run PostgreSQL as")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgCluster]:
    bin_dir = find_pg_bin()
    if bin_dir is None:
        missing_tool(str(missing_tools_reason(("postgresql",))))
    reap_orphans(bin_dir)
    cluster = PgCluster(bin_dir)
    try:
        cluster.start()
    except BaseException:
        log = cluster.dir / "server.log"
        print(log.read_text() if log.exists() else "no server log")
        cluster.stop()
        raise
    yield cluster
    cluster.stop()


@pytest.fixture(scope="module", params=DB_KINDS)
def database_url(request: pytest.FixtureRequest) -> str | None:
    """None (the default SQLite file in the data dir) or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return None
    server: PgCluster = request.getfixturevalue("pg_server")
    return server.create_database()
