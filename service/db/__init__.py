"""The service database (settings -> SQLAlchemy engine, sessions, ORM models, Alembic migrations).

SQLite file in DECKFORGE_DATA_DIR by default (WAL, foreign keys on); PostgreSQL when
DECKFORGE_DATABASE_URL=postgresql+psycopg://... is set. Every table is created by the Alembic
migrations in service/db/migrations, run at start-up and by `deckforge db upgrade`.
"""

from service.db.engine import Database, database_url
from service.db.models import Account, ApiKey, Base, Ppt, Token, UsageRecord

__all__ = [
    "Account",
    "ApiKey",
    "Base",
    "Database",
    "Ppt",
    "Token",
    "UsageRecord",
    "database_url",
]
