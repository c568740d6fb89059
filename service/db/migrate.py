"""Alembic in code (an open connection -> schema migrated to head), no alembic.ini needed.

A new revision: copy the newest file in service/db/migrations/versions/, bump `revision` and
`down_revision`, write upgrade()/downgrade() and update service/db/models.py to match.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection

log = logging.getLogger("deckforge.db")

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"


def alembic_config(connection: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def head_revision() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(connection: Connection, revision: str = "head", *, settings: Any = None) -> None:
    """Migrate the database behind `connection` to `revision` (idempotent) and commit.
    `settings` (service.config.Settings) lets migrations that move data reach the storage."""
    before = current_revision(connection)
    head = head_revision()
    if before == head and revision == "head":
        return
    cfg = alembic_config(connection)
    cfg.attributes["settings"] = settings
    command.upgrade(cfg, revision)
    connection.commit()
    log.info("database migrated from %s to %s", before or "empty", current_revision(connection))
