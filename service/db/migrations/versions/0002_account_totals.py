"""Row counters on accounts (record_total, ppt_total): O(1) `total` for unfiltered listings.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(
            sa.Column("record_total", sa.BigInteger(), nullable=False, server_default="0")
        )
        batch.add_column(
            sa.Column("ppt_total", sa.BigInteger(), nullable=False, server_default="0")
        )
    op.execute(
        "UPDATE accounts SET "
        "record_total = (SELECT count(*) FROM usage_records r WHERE r.account_id = accounts.id), "
        "ppt_total = (SELECT count(*) FROM ppts p WHERE p.account_id = accounts.id)"
    )


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("ppt_total")
        batch.drop_column("record_total")
