"""Generation: a generated PPT's document remembers the task named by generatePptx
(`id`) and the Markdown it was made from, so a later call with the same id (another template)
can reuse that Markdown and the PPTs of a task can be found.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("ppt_documents", sa.Column("task_id", sa.String(32), nullable=True))
    op.add_column("ppt_documents", sa.Column("markdown", sa.Text(), nullable=True))
    op.create_index("ix_ppt_documents_task_id", "ppt_documents", ["task_id"])


def downgrade() -> None:
    op.drop_index("ix_ppt_documents_task_id", table_name="ppt_documents")
    with op.batch_alter_table("ppt_documents") as batch:
        batch.drop_column("markdown")
        batch.drop_column("task_id")
