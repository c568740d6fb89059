"""The PPT library (a produced file + who produced it -> a `ppts` row; listing, scoped lookup and
deletion).

The public API for every endpoint that produces a PPT (convert now; Markdown generation and tasks
next):

    ensure_affordable(session, principal, cost)       # service.credits: pre-check, optional
    ppt, record = produce_ppt(session, principal, NewPpt(...), cost=cost, now=now)
    session.commit()                                  # charge + usage record + row, together

`produce_ppt` charges `cost` credits (a type-1 usage record), counts the PPT against the token's
`limit` and inserts the row, all in the caller's transaction. It raises `AccountingError`
(InsufficientCredits / PptLimitReached, envelope code 88); the caller then rolls back and
deletes the stored file, so nothing is produced and nothing is charged.

Every read is scoped: `get_ppt` / `delete_ppt` find a PPT only in the principal's account, and
only among its uid's PPTs when the principal is a token (anything else is "not found", 1001).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from service.accounts import Principal
from service.credits import TYPE_PPT, Page, account_total, charge, count_against_token, paginate
from service.db.models import Account, Ppt, PptDocument, PptPreview, UsageRecord
from service.storage.base import ObjectMissing, Storage

SOURCES = ("convert", "markdown", "task")


class PptNotFound(Exception):
    """No such PPT for this principal (also when it belongs to another account or uid)."""


@dataclass(frozen=True)
class NewPpt:
    """What a producer knows about a stored PPT. `file_key`/`cover_key` are storage keys of
    files stored with `keep=True` (they live until the PPT is deleted)."""

    file_name: str
    pages: int
    source: str
    file_key: str
    subject: str = ""
    template_id: str | None = None
    cover_key: str | None = None
    task_id: str | None = None  # the producing task (unique: one PPT per task)


@dataclass(frozen=True)
class PptQuery:
    page: int = 1
    size: int = 10
    id: str | None = None
    uid: str | None = None
    template_id: str | None = None
    start: datetime | None = None
    end: datetime | None = None
    desc: bool = True


def record_ppt(session: Session, principal: Principal, new: NewPpt, *, now: datetime) -> Ppt:
    """Insert the PPT row for `principal` (account + uid) and count it against the token's
    limit (atomic conditional UPDATE; raises PptLimitReached)."""
    if new.source not in SOURCES:
        raise ValueError(f"unknown PPT source {new.source!r}")
    count_against_token(session, principal)
    session.execute(
        update(Account)
        .where(Account.id == principal.account_id)
        .values(ppt_total=Account.ppt_total + 1)
    )
    ppt = Ppt(
        account_id=principal.account_id,
        uid=principal.uid,
        subject=new.subject[:512],
        template_id=new.template_id,
        file_name=new.file_name[:255],
        pages=new.pages,
        paid_pages=new.pages,
        source=new.source,
        file_key=new.file_key,
        cover_key=new.cover_key,
        create_time=now,
        update_time=now,
        task_id=new.task_id,
    )
    session.add(ppt)
    session.flush()
    return ppt


def produce_ppt(
    session: Session, principal: Principal, new: NewPpt, *, cost: int, now: datetime
) -> tuple[Ppt, UsageRecord]:
    """Record the PPT and charge `cost` for it (type 1), in the caller's transaction."""
    ppt = record_ppt(session, principal, new, now=now)
    record = charge(session, principal, TYPE_PPT, cost, now=now, ppt_id=ppt.id, task_id=new.task_id)
    return ppt, record


def get_ppt(session: Session, principal: Principal, ppt_id: str) -> Ppt:
    """The principal's PPT `ppt_id` (its account; its uid for a token) or PptNotFound."""
    stmt = select(Ppt).where(Ppt.id == ppt_id, Ppt.account_id == principal.account_id)
    if principal.uid is not None:
        stmt = stmt.where(Ppt.uid == principal.uid)
    ppt = session.scalar(stmt)
    if ppt is None:
        raise PptNotFound(ppt_id)
    return ppt


def find_ppt(session: Session, ppt_id: str) -> Ppt | None:
    """A PPT by id, unscoped: for links to a PPT the caller already reached through a scoped
    row (a task's PPT)."""
    return session.get(Ppt, ppt_id)


def delete_ppt(session: Session, principal: Principal, ppt_id: str) -> Ppt:
    """Delete the row (scoped like get_ppt); the caller deletes its files after committing."""
    ppt = get_ppt(session, principal, ppt_id)
    session.delete(ppt)
    session.execute(
        update(Account).where(Account.id == ppt.account_id).values(ppt_total=Account.ppt_total - 1)
    )
    session.flush()
    return ppt


# -- stored objects of generated PPTs and templates ------------------------------------------
DOCUMENT_MAX_BYTES = 64 * 1024 * 1024  # a pptxProperty read back from storage, at most
PREVIEW_MAX_BYTES = 16 * 1024 * 1024  # one slide preview PNG
TEMPLATE_MAX_BYTES = 16 * 1024 * 1024  # one template package (uploads are limited far below)


def generated_object_keys(session: Session, ppt_id: str) -> list[str]:
    """Storage keys of a generated PPT's document and slide previews (deleted with the PPT, or
    when a save replaces them; the PPTX and cover keys are on the `ppts` row)."""
    rows = session.execute(
        select(PptPreview.storage_key, PptPreview.hidpi_key).where(PptPreview.ppt_id == ppt_id)
    )
    keys = [k for row in rows for k in row if k]  # each slide's preview and its 2x drawing
    doc_key = session.scalar(select(PptDocument.property_key).where(PptDocument.ppt_id == ppt_id))
    return ([doc_key] if doc_key else []) + keys


def _read(storage: Storage, key: str | None, max_bytes: int) -> bytes | None:
    if not key:
        return None
    try:
        return storage.get(key, max_bytes=max_bytes)
    except ObjectMissing:
        return None


def read_document(storage: Storage, key: str | None, inline: str | None) -> str | None:
    """A PPT's pptxProperty: from storage (`key`), else the row's own column (rows of a
    database migrated without storage); None when neither has it. ObjectTooLarge past the
    limit."""
    data = _read(storage, key, DOCUMENT_MAX_BYTES)
    return data.decode("utf-8") if data is not None else inline


def read_preview(storage: Storage, key: str | None, inline: bytes | None) -> bytes | None:
    """One slide preview PNG (as read_document)."""
    data = _read(storage, key, PREVIEW_MAX_BYTES)
    return data if data is not None else inline


def read_template_package(storage: Storage, key: str | None, inline: bytes | None) -> bytes | None:
    """A custom template's zip (as read_document)."""
    data = _read(storage, key, TEMPLATE_MAX_BYTES)
    return data if data is not None else inline


def list_ppts(session: Session, account_id: int, query: PptQuery) -> Page[Ppt]:
    """The PPTs of one account (spec 4.7), ordered by createTime (newest first when desc)."""
    stmt = select(Ppt).where(Ppt.account_id == account_id)
    filters = (query.id, query.uid, query.template_id, query.start, query.end)
    total = (
        account_total(session, account_id, Account.ppt_total) if filters == (None,) * 5 else None
    )
    if query.id is not None:
        stmt = stmt.where(Ppt.id == query.id)
    if query.uid is not None:
        stmt = stmt.where(Ppt.uid == query.uid)
    if query.template_id is not None:
        stmt = stmt.where(Ppt.template_id == query.template_id)
    if query.start is not None:
        stmt = stmt.where(Ppt.create_time >= query.start)
    if query.end is not None:
        stmt = stmt.where(Ppt.create_time <= query.end)
    if query.desc:
        order: tuple[object, ...] = (Ppt.create_time.desc(), Ppt.id.desc())
    else:
        order = (Ppt.create_time.asc(), Ppt.id.asc())
    return paginate(session, stmt, order, query.page, query.size, total=total)
