"""Portable tasks: tasks, their uploaded files, numbered events and page HTML.

Revision ID: 0010
Revises: 0003
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.db.models import UtcDateTime

revision = "0010"
down_revision = "0003"
branch_labels = None
depends_on = None


def _task_fk() -> sa.Column[str]:
    return sa.Column(
        "task_id", sa.String(32), sa.ForeignKey("tasks.id", ondelete="CASCADE"), primary_key=True
    )


def upgrade() -> None:
    op.create_table(
        "tasks",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("uid", sa.String(128), nullable=True),
        sa.Column("token_id", sa.String(32), nullable=True),
        sa.Column("type", sa.Integer(), nullable=False),
        sa.Column("params", sa.Text(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("progress", sa.Integer(), nullable=False),
        sa.Column("step", sa.String(32), nullable=False),
        sa.Column("total_pages", sa.Integer(), nullable=False),
        sa.Column("ppt_id", sa.String(32), nullable=True),
        sa.Column("error_code", sa.String(64), nullable=True),
        sa.Column("error_message", sa.Text(), nullable=True),
        sa.Column("lease_owner", sa.String(64), nullable=True),
        sa.Column("lease_expires_at", UtcDateTime(), nullable=True),
        sa.Column("heartbeat_at", UtcDateTime(), nullable=True),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("updated_at", UtcDateTime(), nullable=False),
        sa.Column("started_at", UtcDateTime(), nullable=True),
        sa.Column("finished_at", UtcDateTime(), nullable=True),
    )
    op.create_index("ix_tasks_status_created", "tasks", ["status", "created_at"])
    op.create_index("ix_tasks_account_status", "tasks", ["account_id", "status"])
    op.create_table(
        "task_files",
        _task_fk(),
        sa.Column("idx", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(255), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
    )
    op.create_table(
        "task_events",
        _task_fk(),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("create_time", UtcDateTime(), nullable=False),
    )
    op.create_table(
        "task_pages",
        _task_fk(),
        sa.Column("idx", sa.Integer(), primary_key=True),
        sa.Column("html", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("task_pages")
    op.drop_table("task_events")
    op.drop_table("task_files")
    op.drop_index("ix_tasks_account_status", table_name="tasks")
    op.drop_index("ix_tasks_status_created", table_name="tasks")
    op.drop_table("tasks")
