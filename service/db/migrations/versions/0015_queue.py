"""Task queue: task delivery count and message; PPT and charge keyed on their task.

A task's delivery count and current message, and a PPT and a charge keyed on the task that
produced them (unique), so a redelivered task never makes a second PPT or charges twice.

Revision ID: 0015
Revises: 0010
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.db.models import UtcDateTime

revision = "0015"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tasks", sa.Column("attempts", sa.Integer(), nullable=False, server_default="0"))
    op.add_column("tasks", sa.Column("queue_message_id", sa.String(64), nullable=True))
    op.add_column("tasks", sa.Column("enqueued_at", UtcDateTime(), nullable=True))
    op.add_column("ppts", sa.Column("task_id", sa.String(32), nullable=True))
    op.create_index("ix_ppts_task_id", "ppts", ["task_id"], unique=True)
    op.add_column("usage_records", sa.Column("task_id", sa.String(32), nullable=True))
    op.create_index("ix_usage_records_task_id", "usage_records", ["task_id"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_usage_records_task_id", table_name="usage_records")
    with op.batch_alter_table("usage_records") as batch:
        batch.drop_column("task_id")
    op.drop_index("ix_ppts_task_id", table_name="ppts")
    with op.batch_alter_table("ppts") as batch:
        batch.drop_column("task_id")
    with op.batch_alter_table("tasks") as batch:
        batch.drop_column("enqueued_at")
        batch.drop_column("queue_message_id")
        batch.drop_column("attempts")
