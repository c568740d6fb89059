"""Pages paid for: a PPT remembers how many pages were charged for it, so savePptx charges only
the pages an edit adds beyond them.

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("ppts", sa.Column("paid_pages", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("ppts") as batch:
        batch.drop_column("paid_pages")
