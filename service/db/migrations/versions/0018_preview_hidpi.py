"""Slide previews for high-density screens: `ppt_previews.hidpi_key`, the storage key of the
slide drawn at twice the preview width (made on first request, kept until the PPT is deleted
or saved again).

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("ppt_previews", sa.Column("hidpi_key", sa.String(512), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("ppt_previews") as batch:
        batch.drop_column("hidpi_key")
