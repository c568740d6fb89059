"""The per-request database session (app state -> a SQLAlchemy Session, closed after the request).

Handlers that use it must be plain `def` functions (FastAPI runs them in its thread pool), so
database I/O never blocks the event loop; async handlers use `asyncio.to_thread` instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from service.db.engine import Database


def get_database(request: Request) -> Database:
    db: Database = request.app.state.service.db
    return db


def session(request: Request) -> Iterator[Session]:
    """Dependency: one session per request; commit explicitly, rolled back if left open."""
    with get_database(request).session() as s:
        yield s


SessionDep = Annotated[Session, Depends(session)]
DatabaseDep = Annotated[Database, Depends(get_database)]
