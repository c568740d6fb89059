"""Alembic environment (a connection handed over by service.db.migrate -> migrations run on it).

There is no alembic.ini: `service.db.migrate.upgrade()` builds the Config in code and passes an
open connection in `config.attributes["connection"]`.
"""

from __future__ import annotations

from alembic import context

from service.db.models import Base

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
