"""ORM models (tables of accounts, API keys, temporary tokens, usage records and PPTs -> typed
Python classes). The schema itself is created by the Alembic migrations; keep both in step.

Times are stored as naive UTC (`UtcDateTime`) so SQLite and PostgreSQL compare and index them the
same way; Python code always sees timezone-aware UTC datetimes.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class UtcDateTime(TypeDecorator[datetime]):
    """Aware UTC datetimes in Python, naive UTC in the database."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UtcDateTime column")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


def new_id() -> str:
    """A public id: 32 hex digits, random (uuid4)."""
    return uuid.uuid4().hex


class Base(DeclarativeBase):
    pass


class Account(Base):
    """A customer of the service: owns API keys, tokens, credits, usage records and PPTs."""

    __tablename__ = "accounts"
    __table_args__ = (CheckConstraint("balance >= 0", name="ck_accounts_balance_nonnegative"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    balance: Mapped[int] = mapped_column(BigInteger, default=0)
    # Row counts kept in step by service.credits / service.library (same transaction as the row),
    # so an unfiltered listing's `total` costs nothing however many rows there are.
    record_total: Mapped[int] = mapped_column(BigInteger, default=0)
    ppt_total: Mapped[int] = mapped_column(BigInteger, default=0)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())


class ApiKey(Base):
    """A server-to-server key (`Api-Key` header). Only its SHA-256 is stored; `prefix` is the
    non-secret start of the key, shown in listings and logs and used to find the row."""

    __tablename__ = "api_keys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    prefix: Mapped[str] = mapped_column(String(16), index=True)
    secret_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())
    revoked_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class Token(Base):
    """A temporary `token` issued by createApiToken: acts for one account and one uid until
    `expires_at`; `ppt_limit` caps the PPTs it may produce (None = no cap)."""

    __tablename__ = "tokens"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    api_key_id: Mapped[int | None] = mapped_column(
        ForeignKey("api_keys.id", ondelete="CASCADE"), nullable=True
    )
    uid: Mapped[str] = mapped_column(String(128))
    prefix: Mapped[str] = mapped_column(String(16), index=True)
    secret_hash: Mapped[str] = mapped_column(String(64))
    ppt_limit: Mapped[int | None] = mapped_column(Integer, nullable=True)
    ppt_count: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime())
    revoked_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class UsageRecord(Base):
    """One charge (spec 2.6): `type` 1 = PPT generation (conversion included), 2 = template upload."""

    __tablename__ = "usage_records"
    __table_args__ = (
        Index("ix_usage_account_time", "account_id", "create_time"),
        Index("ix_usage_account_uid_time", "account_id", "uid", "create_time"),
        Index("ix_usage_account_type_time", "account_id", "type", "create_time"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    uid: Mapped[str | None] = mapped_column(String(128), nullable=True)
    type: Mapped[int] = mapped_column(Integer)
    amount: Mapped[int] = mapped_column(BigInteger)
    ppt_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # The task that paid with this charge (unique: a redelivered task never charges twice).
    task_id: Mapped[str | None] = mapped_column(String(32), nullable=True, unique=True, index=True)
    create_time: Mapped[datetime] = mapped_column(UtcDateTime())


class Ppt(Base):
    """One PPT of the library (spec 2.7): the file (and cover) stay in storage while the row exists."""

    __tablename__ = "ppts"
    __table_args__ = (
        Index("ix_ppts_account_time", "account_id", "create_time"),
        Index("ix_ppts_account_uid_time", "account_id", "uid", "create_time"),
        Index("ix_ppts_account_template_time", "account_id", "template_id", "create_time"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    uid: Mapped[str | None] = mapped_column(String(128), nullable=True)
    subject: Mapped[str] = mapped_column(String(512), default="")
    template_id: Mapped[str | None] = mapped_column(String(128), nullable=True)
    file_name: Mapped[str] = mapped_column(String(255))
    pages: Mapped[int] = mapped_column(Integer)
    # Pages charged for so far (None: `pages`, as before migration 0019); savePptx charges more.
    paid_pages: Mapped[int | None] = mapped_column(Integer, nullable=True)
    source: Mapped[str] = mapped_column(String(16))
    file_key: Mapped[str] = mapped_column(String(512))
    cover_key: Mapped[str | None] = mapped_column(String(512), nullable=True)
    create_time: Mapped[datetime] = mapped_column(UtcDateTime())
    update_time: Mapped[datetime] = mapped_column(UtcDateTime())
    # The task that produced it (unique: a redelivered task never makes a second PPT).
    task_id: Mapped[str | None] = mapped_column(String(32), nullable=True, unique=True, index=True)


# -- generation: documents, slide previews and templates -----------------------------------------


class PptDocument(Base):
    """The document (pptxProperty) of a generated PPT, kept so loadPptx / savePptx can return and
    rebuild it; deleted with its PPT (foreign key cascade)."""

    __tablename__ = "ppt_documents"

    ppt_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("ppts.id", ondelete="CASCADE"), primary_key=True
    )
    # The pptxProperty is in storage under `property_key`; `property` only holds documents of
    # databases migrated without a storage (read as a fallback).
    property: Mapped[str | None] = mapped_column(Text(), nullable=True)
    property_key: Mapped[str | None] = mapped_column(String(512), nullable=True)
    slides: Mapped[int] = mapped_column(Integer)
    update_time: Mapped[datetime] = mapped_column(UtcDateTime())
    # generatePptx `id`: the task this PPT was made for, and the Markdown it was made from.
    task_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    markdown: Mapped[str | None] = mapped_column(Text(), nullable=True)


class PptPreview(Base):
    """One slide image (PNG) of a generated PPT, shown by the signed preview page."""

    __tablename__ = "ppt_previews"

    ppt_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("ppts.id", ondelete="CASCADE"), primary_key=True
    )
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    png: Mapped[bytes | None] = mapped_column(LargeBinary(), nullable=True)  # fallback, as above
    storage_key: Mapped[str | None] = mapped_column(String(512), nullable=True)
    # The slide at twice the preview width (high-density screens), drawn on first request.
    hidpi_key: Mapped[str | None] = mapped_column(String(512), nullable=True)


class CustomTemplate(Base):
    """A template package uploaded by an account (private to it); `template_id` is the
    manifest id, unique within the account; a new upload with the same id replaces it."""

    __tablename__ = "templates"
    __table_args__ = (
        UniqueConstraint("account_id", "template_id", name="uq_templates_account_id"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    uid: Mapped[str | None] = mapped_column(String(128), nullable=True)
    template_id: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(128))
    category: Mapped[str] = mapped_column(String(64))
    version: Mapped[int] = mapped_column(Integer, default=1)
    package: Mapped[bytes | None] = mapped_column(LargeBinary(), nullable=True)  # fallback
    package_key: Mapped[str | None] = mapped_column(String(512), nullable=True)  # the zip
    cover_key: Mapped[str | None] = mapped_column(String(512), nullable=True)
    create_time: Mapped[datetime] = mapped_column(UtcDateTime())
    update_time: Mapped[datetime] = mapped_column(UtcDateTime())


class TemplatePreview(Base):
    """Storage key of a built-in template's cover image, by template id and content version
    (rendered once by any instance, then shared)."""

    __tablename__ = "template_previews"

    cache_key: Mapped[str] = mapped_column(String(160), primary_key=True)
    storage_key: Mapped[str] = mapped_column(String(512))
    create_time: Mapped[datetime] = mapped_column(UtcDateTime())


# -- portable tasks: tasks, their uploaded files, events and page HTML ------------------------


class Task(Base):
    """A portable task (spec 4.1/4.2): stored inputs (type, params, files) -> a PPT. Claimed by
    one instance's runner at a time through `lease_owner` / `lease_expires_at`."""

    __tablename__ = "tasks"
    __table_args__ = (
        Index("ix_tasks_status_created", "status", "created_at"),
        Index("ix_tasks_account_status", "account_id", "status"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    uid: Mapped[str | None] = mapped_column(String(128), nullable=True)
    token_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    type: Mapped[int] = mapped_column(Integer)
    params: Mapped[str] = mapped_column(Text())  # JSON: content, templateId, length, ...
    status: Mapped[str] = mapped_column(String(16))  # pending|processing|success|failed
    progress: Mapped[int] = mapped_column(Integer, default=0)
    step: Mapped[str] = mapped_column(String(32))
    total_pages: Mapped[int] = mapped_column(Integer, default=0)
    ppt_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    error_code: Mapped[str | None] = mapped_column(String(64), nullable=True)
    error_message: Mapped[str | None] = mapped_column(Text(), nullable=True)
    # JSON list: what the deck left out of the content (generator left-out records), on success.
    left_out: Mapped[str | None] = mapped_column(Text(), nullable=True)
    lease_owner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    lease_expires_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    heartbeat_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime())
    started_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    # Task queue (service.queue): deliveries that started the task, and its current message.
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    queue_message_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    enqueued_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class TaskFile(Base):
    """One uploaded file of a task (types 2-4), kept until the task ends."""

    __tablename__ = "task_files"

    task_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tasks.id", ondelete="CASCADE"), primary_key=True
    )
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(255))
    data: Mapped[bytes] = mapped_column(LargeBinary())


class TaskEvent(Base):
    """One event of a task, numbered from 1 per task (the SSE `id:`); `data` is its JSON."""

    __tablename__ = "task_events"

    task_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tasks.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    data: Mapped[str] = mapped_column(Text())
    create_time: Mapped[datetime] = mapped_column(UtcDateTime())


class TaskPage(Base):
    """The HTML of one generated page of a task (0-based `idx`), for latestData (spec 4.3)."""

    __tablename__ = "task_pages"

    task_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tasks.id", ondelete="CASCADE"), primary_key=True
    )
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    html: Mapped[str] = mapped_column(Text())
