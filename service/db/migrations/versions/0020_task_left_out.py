"""Portable tasks keep what their deck left out of the content (`tasks.left_out`, JSON list of
{where, kind, message, text, words}); a successful task's result (4.2) and final event carry it
as `leftOut`.

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tasks", sa.Column("left_out", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tasks") as batch:
        batch.drop_column("left_out")
