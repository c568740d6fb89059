"""Generation: PPT documents (pptxProperty), slide preview images, custom templates
and the cover cache of built-in templates.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.db.models import UtcDateTime

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ppt_documents",
        sa.Column(
            "ppt_id",
            sa.String(32),
            sa.ForeignKey("ppts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("property", sa.Text(), nullable=False),
        sa.Column("slides", sa.Integer(), nullable=False),
        sa.Column("update_time", UtcDateTime(), nullable=False),
    )
    op.create_table(
        "ppt_previews",
        sa.Column(
            "ppt_id",
            sa.String(32),
            sa.ForeignKey("ppts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("idx", sa.Integer(), primary_key=True),
        sa.Column("png", sa.LargeBinary(), nullable=False),
    )
    op.create_table(
        "templates",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("uid", sa.String(128), nullable=True),
        sa.Column("template_id", sa.String(64), nullable=False),
        sa.Column("name", sa.String(128), nullable=False),
        sa.Column("category", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("package", sa.LargeBinary(), nullable=False),
        sa.Column("cover_key", sa.String(512), nullable=True),
        sa.Column("create_time", UtcDateTime(), nullable=False),
        sa.Column("update_time", UtcDateTime(), nullable=False),
        sa.UniqueConstraint("account_id", "template_id", name="uq_templates_account_id"),
    )
    op.create_table(
        "template_previews",
        sa.Column("cache_key", sa.String(160), primary_key=True),
        sa.Column("storage_key", sa.String(512), nullable=False),
        sa.Column("create_time", UtcDateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("template_previews")
    op.drop_table("templates")
    op.drop_table("ppt_previews")
    op.drop_table("ppt_documents")
