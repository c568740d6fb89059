"""Database connection (settings -> SQLAlchemy engine + session factory, migrated to head).

`Database(settings)` picks the URL (DECKFORGE_DATABASE_URL, else a SQLite file in the data dir),
configures SQLite for concurrent use (WAL, foreign keys, a busy timeout) and hands out sessions.
`session()` is a context manager; the FastAPI dependency is `service.db.session.SessionDep`.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import Session, sessionmaker

from service.config import Settings
from service.db import bounded

log = logging.getLogger("deckforge.db")

SQLITE_FILE = "deckforge.sqlite3"
SQLITE_BUSY_TIMEOUT_S = 30.0
_PG_MIGRATION_LOCK = 0x6465636B  # "deck": advisory lock id held while migrating


def database_url(settings: Settings) -> str:
    """DECKFORGE_DATABASE_URL, or the default SQLite file under the data directory."""
    url = settings.database_url.get_secret_value() if settings.database_url else ""
    if url:
        return url
    return f"sqlite:///{settings.data_dir / SQLITE_FILE}"


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute(f"PRAGMA busy_timeout={int(SQLITE_BUSY_TIMEOUT_S * 1000)}")
    cur.close()


@dataclass(frozen=True)
class Limits:
    """How long a database use may take (DECKFORGE_DB_* settings; docs/operations.md "Database outage")."""

    pool_size: int = 10
    pool_timeout_s: float = 10.0
    connect_timeout_s: int = 5
    statement_timeout_s: float = 5.0
    idle_in_transaction_s: float = 60.0

    @classmethod
    def of(cls, settings: Settings) -> Limits:
        return cls(
            pool_size=settings.db_pool_size,
            pool_timeout_s=settings.db_pool_timeout_s,
            connect_timeout_s=settings.db_connect_timeout_s,
            statement_timeout_s=settings.db_statement_timeout_s,
            idle_in_transaction_s=settings.db_idle_in_transaction_timeout_s,
        )


def make_engine(url: str, *, pool_size: int | None = None, limits: Limits | None = None) -> Engine:
    """An engine for `url`; SQLite files get WAL, foreign keys and a busy timeout; PostgreSQL
    connections are bounded (service.db.bounded: a frozen server is an error, not a hang)."""
    limits = limits or Limits()
    if pool_size is not None:
        limits = replace(limits, pool_size=pool_size)
    parsed = make_url(url)
    pool = {
        "pool_size": limits.pool_size,
        "max_overflow": 2 * limits.pool_size,
        "pool_timeout": limits.pool_timeout_s,
    }
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            private_sqlite_files(Path(parsed.database))
        engine = create_engine(
            url,
            connect_args={"timeout": SQLITE_BUSY_TIMEOUT_S, "check_same_thread": False},
            **pool,
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    if parsed.get_driver_name() != "psycopg":  # other drivers: only the connect timeout
        args: dict[str, Any] = {"connect_timeout": limits.connect_timeout_s}
        return create_engine(url, pool_pre_ping=True, connect_args=args, **pool)
    args = bounded.connect_args(
        connect_timeout_s=limits.connect_timeout_s,
        statement_timeout_s=limits.statement_timeout_s,
        idle_in_transaction_s=limits.idle_in_transaction_s,
    )
    if parsed.query.get("options"):  # keep the URL's own options (e.g. search_path)
        args["options"] = f"{parsed.query['options']} {args['options']}"
    engine = create_engine(url, pool_pre_ping=True, connect_args=args, **pool)
    conn_class = bounded.connection_class(limits.statement_timeout_s + bounded.CLIENT_GRACE_S)

    @event.listens_for(engine, "do_connect")
    def _connect(_dialect: Any, _rec: Any, cargs: Any, cparams: Any) -> Any:
        return conn_class.connect(*cargs, **cparams)

    event.listen(engine, "handle_error", bounded.session_ended_as_disconnect)
    return engine


def private_sqlite_files(db_file: Path) -> None:
    """The database file, its -wal/-shm/-journal and the migration lock exist for the
    service's user only: the folder is made 0700 when created, the file is created 0600 before
    SQLite opens it (SQLite gives -wal and -shm the database file's mode), and existing ones
    are set to 0600."""
    from service.storage.local import private_dir

    private_dir(db_file.parent)
    fd = os.open(db_file, os.O_RDWR | os.O_CREAT, 0o600)
    os.close(fd)
    for path in (db_file, *(Path(f"{db_file}{s}") for s in SQLITE_SIDE_FILES)):
        with contextlib.suppress(FileNotFoundError):
            os.chmod(path, 0o600)


SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal", ".migrate.lock")


class Database:
    """One engine and session factory per process; every instance shares the database itself."""

    def __init__(self, settings: Settings | None = None, *, url: str | None = None) -> None:
        self.settings = settings
        if url is None:
            if settings is None:
                raise ValueError("Database needs settings or a url")
            url = database_url(settings)
        self.url = url
        limits = Limits.of(settings) if settings is not None else Limits()
        self.engine = make_engine(url, limits=limits)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @property
    def safe_url(self) -> str:
        """The URL without its password, for logs."""
        return make_url(self.url).render_as_string(hide_password=True)

    @contextlib.contextmanager
    def session(self) -> Iterator[Session]:
        """A session that is closed afterwards (commit explicitly, e.g. `with s.begin():`)."""
        with self.sessions() as s:
            yield s

    def ping(self) -> None:
        """One round trip (readiness checks); raises when the database does not answer."""
        with self.sessions() as s:
            s.execute(text("SELECT 1"))

    def upgrade(self) -> None:
        """Run the Alembic migrations to head; concurrent starts of several instances wait for
        each other (PostgreSQL advisory lock; a file lock next to a SQLite file)."""
        from service.db.migrate import upgrade

        with self._migration_lock(), self.engine.connect() as conn:
            if self.dialect == "postgresql":
                # A migration may take long (or wait for another instance's): no limits here.
                bounded.unbounded(conn.connection.dbapi_connection)
                conn.exec_driver_sql("SET statement_timeout = 0")
                conn.exec_driver_sql("SET idle_in_transaction_session_timeout = 0")
                conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": _PG_MIGRATION_LOCK})
                conn.commit()
            if self.dialect == "sqlite":
                # Batch migrations recreate tables; with foreign keys on, dropping a parent
                # table would cascade. (The pragma only works outside a transaction.)
                conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            try:
                upgrade(conn, settings=self.settings)
            finally:
                if self.dialect == "postgresql":
                    conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": _PG_MIGRATION_LOCK})
                    conn.commit()
                    conn.invalidate()  # unbounded: not back into the pool
                if self.dialect == "sqlite":
                    conn.exec_driver_sql("PRAGMA foreign_keys=ON")

    @contextlib.contextmanager
    def _migration_lock(self) -> Iterator[None]:
        db_file = make_url(self.url).database if self.dialect == "sqlite" else None
        if not db_file or db_file == ":memory:":
            yield
            return
        fd = os.open(f"{db_file}.migrate.lock", os.O_RDWR | os.O_CREAT, 0o600)
        with open(fd, "a+b") as fh:
            fcntl.flock(fh, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)

    def close(self) -> None:
        self.engine.dispose()
