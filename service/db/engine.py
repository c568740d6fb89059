"""Database connection (settings -> SQLAlchemy engine + session factory, migrated to head).

`Database(settings)` picks the URL (DECKFORGE_DATABASE_URL, else a SQLite file in the data dir),
configures SQLite for concurrent use (WAL, foreign keys, a busy timeout) and hands out sessions.
`session()` is a context manager; the FastAPI dependency is `service.db.session.SessionDep`.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import Session, sessionmaker

from service.config import Settings

log = logging.getLogger("deckforge.db")

SQLITE_FILE = "deckforge.sqlite3"
SQLITE_BUSY_TIMEOUT_S = 30.0
PG_CONNECT_TIMEOUT_S = 5
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


def make_engine(url: str, *, pool_size: int = 10) -> Engine:
    """An engine for `url`; SQLite files get WAL, foreign keys and a busy timeout."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url,
            connect_args={"timeout": SQLITE_BUSY_TIMEOUT_S, "check_same_thread": False},
            pool_size=pool_size,
            max_overflow=2 * pool_size,
            pool_timeout=60,
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    # connect_timeout: an unreachable server is a clear error (1013) within seconds, not a hang.
    return create_engine(
        url,
        pool_size=pool_size,
        max_overflow=2 * pool_size,
        pool_pre_ping=True,
        pool_timeout=60,
        connect_args={"connect_timeout": PG_CONNECT_TIMEOUT_S},
    )


class Database:
    """One engine and session factory per process; every instance shares the database itself."""

    def __init__(self, settings: Settings | None = None, *, url: str | None = None) -> None:
        self.settings = settings
        if url is None:
            if settings is None:
                raise ValueError("Database needs settings or a url")
            url = database_url(settings)
        self.url = url
        pool_size = settings.db_pool_size if settings is not None else 10
        self.engine = make_engine(url, pool_size=pool_size)
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

    def upgrade(self) -> None:
        """Run the Alembic migrations to head; concurrent starts of several instances wait for
        each other (PostgreSQL advisory lock; a file lock next to a SQLite file)."""
        from service.db.migrate import upgrade

        with self._migration_lock(), self.engine.connect() as conn:
            if self.dialect == "postgresql":
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
                if self.dialect == "sqlite":
                    conn.exec_driver_sql("PRAGMA foreign_keys=ON")

    @contextlib.contextmanager
    def _migration_lock(self) -> Iterator[None]:
        db_file = make_url(self.url).database if self.dialect == "sqlite" else None
        if not db_file or db_file == ":memory:":
            yield
            return
        with open(f"{db_file}.migrate.lock", "a+b") as fh:
            fcntl.flock(fh, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)

    def close(self) -> None:
        self.engine.dispose()
