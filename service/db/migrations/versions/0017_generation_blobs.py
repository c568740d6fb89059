"""Generation: documents, slide previews and template packages move from database
columns to storage (keys in the database), so every instance reads them from the shared
storage (S3 in the multi-instance mode) and the database stays small.

Adds `ppt_documents.property_key`, `ppt_previews.storage_key`, `templates.package_key`; the
blob columns become nullable. When the migration runs with the service's settings (start-up,
`deckforge db upgrade`), every existing row's blob is put in storage (kept until deleted) and
its column emptied; without settings the rows keep their blobs, which the service still reads.
Downgrade brings the blobs back into the database.

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-23
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

BATCH = 100
# (table, primary key columns, blob column, key column, download name)
MOVES = (
    ("ppt_documents", ("ppt_id",), "property", "property_key", "document.json"),
    ("ppt_previews", ("ppt_id", "idx"), "png", "storage_key", "slide.png"),
    ("templates", ("id",), "package", "package_key", "template.zip"),
)


def _storage() -> Any:
    config = op.get_context().config
    settings = config.attributes.get("settings") if config is not None else None
    if settings is None:
        return None
    from service.main import build_storage

    return build_storage(settings)


def upgrade() -> None:
    op.add_column("ppt_documents", sa.Column("property_key", sa.String(512), nullable=True))
    op.add_column("ppt_previews", sa.Column("storage_key", sa.String(512), nullable=True))
    op.add_column("templates", sa.Column("package_key", sa.String(512), nullable=True))
    with op.batch_alter_table("ppt_documents") as batch:
        batch.alter_column("property", existing_type=sa.Text(), nullable=True)
    with op.batch_alter_table("ppt_previews") as batch:
        batch.alter_column("png", existing_type=sa.LargeBinary(), nullable=True)
    with op.batch_alter_table("templates") as batch:
        batch.alter_column("package", existing_type=sa.LargeBinary(), nullable=True)
    storage = _storage()
    if storage is None:
        return
    conn = op.get_bind()
    now = datetime.now(UTC).replace(microsecond=0)
    for table, pk, blob, key, name in MOVES:
        t = sa.table(table, *(sa.column(c) for c in (*pk, blob, key)))
        while True:
            rows = conn.execute(
                sa.select(*(t.c[c] for c in pk), t.c[blob])
                .where(t.c[blob].is_not(None), t.c[key].is_(None))
                .limit(BATCH)
            ).all()
            if not rows:
                break
            for row in rows:
                data = row[-1]
                data = data.encode("utf-8") if isinstance(data, str) else bytes(data)
                stored = storage.put(
                    data,
                    filename=name,
                    expires_at=now + timedelta(days=1),
                    now=now,
                    base_url="http://localhost",
                    keep=True,
                )
                match = sa.and_(*(t.c[c] == row[i] for i, c in enumerate(pk)))
                conn.execute(sa.update(t).where(match).values({key: stored.key, blob: None}))
    storage.close()


def downgrade() -> None:
    storage = _storage()
    conn = op.get_bind()
    for table, pk, blob, key, _name in MOVES:
        t = sa.table(table, *(sa.column(c) for c in (*pk, blob, key)))
        rows = conn.execute(
            sa.select(*(t.c[c] for c in pk), t.c[key]).where(t.c[key].is_not(None))
        ).all()
        for row in rows:
            if storage is None:
                raise RuntimeError("downgrading 0017 needs the service settings (storage)")
            data = storage.get(row[-1])
            value: Any = data.decode("utf-8") if table == "ppt_documents" else data
            match = sa.and_(*(t.c[c] == row[i] for i, c in enumerate(pk)))
            conn.execute(sa.update(t).where(match).values({blob: value, key: None}))
    for table, _pk, blob, key, _name in MOVES:
        kind: sa.types.TypeEngine[Any] = sa.Text() if table == "ppt_documents" else sa.LargeBinary()
        with op.batch_alter_table(table) as batch:
            batch.drop_column(key)
            batch.alter_column(blob, existing_type=kind, nullable=False)
    if storage is not None:
        storage.close()
