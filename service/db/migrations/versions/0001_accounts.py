"""Accounts, API keys, temporary tokens, usage records and the PPT library.

Revision ID: 0001
Revises:
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from service.db.models import UtcDateTime

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=False, unique=True),
        sa.Column("balance", sa.BigInteger(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.CheckConstraint("balance >= 0", name="ck_accounts_balance_nonnegative"),
    )
    op.create_table(
        "api_keys",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("prefix", sa.String(16), nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("revoked_at", UtcDateTime(), nullable=True),
    )
    op.create_index("ix_api_keys_prefix", "api_keys", ["prefix"])
    op.create_table(
        "tokens",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column(
            "api_key_id",
            sa.Integer(),
            sa.ForeignKey("api_keys.id", ondelete="CASCADE"),
            nullable=True,
        ),
        sa.Column("uid", sa.String(128), nullable=False),
        sa.Column("prefix", sa.String(16), nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("ppt_limit", sa.Integer(), nullable=True),
        sa.Column("ppt_count", sa.Integer(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("expires_at", UtcDateTime(), nullable=False),
        sa.Column("revoked_at", UtcDateTime(), nullable=True),
    )
    op.create_index("ix_tokens_prefix", "tokens", ["prefix"])
    op.create_table(
        "usage_records",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("uid", sa.String(128), nullable=True),
        sa.Column("type", sa.Integer(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("ppt_id", sa.String(32), nullable=True),
        sa.Column("create_time", UtcDateTime(), nullable=False),
    )
    op.create_index("ix_usage_account_time", "usage_records", ["account_id", "create_time"])
    op.create_index(
        "ix_usage_account_uid_time", "usage_records", ["account_id", "uid", "create_time"]
    )
    op.create_index(
        "ix_usage_account_type_time", "usage_records", ["account_id", "type", "create_time"]
    )
    op.create_table(
        "ppts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("uid", sa.String(128), nullable=True),
        sa.Column("subject", sa.String(512), nullable=False),
        sa.Column("template_id", sa.String(128), nullable=True),
        sa.Column("file_name", sa.String(255), nullable=False),
        sa.Column("pages", sa.Integer(), nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("file_key", sa.String(512), nullable=False),
        sa.Column("cover_key", sa.String(512), nullable=True),
        sa.Column("create_time", UtcDateTime(), nullable=False),
        sa.Column("update_time", UtcDateTime(), nullable=False),
    )
    op.create_index("ix_ppts_account_time", "ppts", ["account_id", "create_time"])
    op.create_index("ix_ppts_account_uid_time", "ppts", ["account_id", "uid", "create_time"])
    op.create_index(
        "ix_ppts_account_template_time", "ppts", ["account_id", "template_id", "create_time"]
    )


def downgrade() -> None:
    op.drop_table("ppts")
    op.drop_table("usage_records")
    op.drop_table("tokens")
    op.drop_table("api_keys")
    op.drop_table("accounts")
