"""Credits and usage records (a cost + who pays -> an atomic balance debit and a usage record).

The public API the endpoints use (and the generation / task endpoints will use):

    ensure_affordable(session, principal, amount)   # cheap pre-check before starting work
    record = charge(session, principal, TYPE_PPT, amount, now=now, ppt_id=ppt.id)
    refund(session, record.id)                      # give a charge back (undone work)
    list_records(session, account_id, query)        # the 4.6 listing

`charge` is one conditional `UPDATE accounts SET balance = balance - :amount WHERE id = :id AND
balance >= :amount` (atomic on SQLite and PostgreSQL: the balance can never go negative, however
many instances charge at once) plus an INSERT of the usage record, in the caller's transaction:
commit it together with the work's result (e.g. `service.library.record_ppt`) so that the charge
and the result exist together or not at all. Nothing here commits.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, TypeVar

from sqlalchemy import Select, delete, func, select, update
from sqlalchemy.orm import Session

from service.accounts import Principal
from service.db.engine import Database
from service.db.models import Account, Token, UsageRecord

TYPE_PPT = 1  # PPT generation (HTML conversion, Markdown generation, tasks)
TYPE_TEMPLATE = 2  # template upload
RECORD_TYPES = (TYPE_PPT, TYPE_TEMPLATE)

CREDITS_EXHAUSTED = 88

T = TypeVar("T")


class AccountingError(Exception):
    """Work refused by accounting; `code` is the envelope code (88)."""

    code = CREDITS_EXHAUSTED


class InsufficientCredits(AccountingError):
    def __init__(self, amount: int) -> None:
        super().__init__(f"insufficient credits: this operation needs {amount}")
        self.amount = amount


class PptLimitReached(AccountingError):
    def __init__(self, limit: int) -> None:
        super().__init__(f"this token's PPT limit ({limit}) is reached")
        self.limit = limit


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of a listing: `items` plus the paging figures of the envelope."""

    total: int
    page: int
    size: int
    items: list[T]


@dataclass(frozen=True)
class RecordQuery:
    page: int = 1
    size: int = 10
    type: int | None = None
    uid: str | None = None
    start: datetime | None = None
    end: datetime | None = None


def balance(session: Session, account_id: int) -> int:
    return int(session.scalar(select(Account.balance).where(Account.id == account_id)) or 0)


def affordable_pages(db: Database, account_id: int, page_cost: int) -> int | None:
    """Pages the account can pay for now at `page_cost` each (a generation stops there after
    planning, 88 before the conversion); None when pages are free. Blocking."""
    if page_cost <= 0:
        return None
    with db.session() as s:
        return balance(s, account_id) // page_cost


def ensure_affordable(session: Session, principal: Principal, amount: int) -> None:
    """Raise InsufficientCredits / PptLimitReached when the work could not be paid for now.
    Not a reservation: `charge` decides atomically at commit time."""
    if amount > 0 and balance(session, principal.account_id) < amount:
        raise InsufficientCredits(amount)
    if principal.token_id is not None:
        row = session.execute(
            select(Token.ppt_limit, Token.ppt_count).where(Token.id == principal.token_id)
        ).first()
        if row is not None and row[0] is not None and row[1] >= row[0]:
            raise PptLimitReached(int(row[0]))


def count_against_token(session: Session, principal: Principal) -> None:
    """One more charged operation of the principal's token (a PPT, a template upload, a
    savePptx that adds pages): atomic conditional UPDATE; raises PptLimitReached at its limit.
    Nothing for an Api-Key or a static token."""
    if principal.token_id is None:
        return
    counted = session.execute(
        update(Token)
        .where(
            Token.id == principal.token_id,
            (Token.ppt_limit.is_(None)) | (Token.ppt_count < Token.ppt_limit),
        )
        .values(ppt_count=Token.ppt_count + 1)
    )
    if counted.rowcount != 1:  # type: ignore[attr-defined]
        limit = session.scalar(select(Token.ppt_limit).where(Token.id == principal.token_id))
        raise PptLimitReached(int(limit or 0))


def charge(
    session: Session,
    principal: Principal,
    type: int,
    amount: int,
    *,
    now: datetime,
    ppt_id: str | None = None,
    task_id: str | None = None,
) -> UsageRecord:
    """Debit `amount` credits from the principal's account and write the usage record (also for
    amount 0). Raises InsufficientCredits, leaving the balance untouched; the caller then rolls
    back. The record carries the principal's uid (None for an Api-Key caller). `task_id` (a
    task's charge) is unique: a second charge for one task fails with an IntegrityError."""
    if type not in RECORD_TYPES:
        raise ValueError(f"unknown usage record type {type}")
    if amount < 0:
        raise ValueError("a charge is never negative; use refund()")
    debited = session.execute(
        update(Account)
        .where(Account.id == principal.account_id, Account.balance >= amount)
        .values(balance=Account.balance - amount, record_total=Account.record_total + 1)
    )
    if debited.rowcount != 1:  # type: ignore[attr-defined]
        raise InsufficientCredits(amount)
    record = UsageRecord(
        account_id=principal.account_id,
        uid=principal.uid,
        type=type,
        amount=amount,
        ppt_id=ppt_id,
        task_id=task_id,
        create_time=now,
    )
    session.add(record)
    session.flush()
    return record


def refund(session: Session, record_id: str) -> bool:
    """Give a charge back: the amount returns to the balance and the record is deleted (a
    refunded charge never happened). Idempotent; False when there was nothing to refund."""
    row = session.execute(
        delete(UsageRecord)
        .where(UsageRecord.id == record_id)
        .returning(UsageRecord.account_id, UsageRecord.amount)
    ).first()
    if row is None:
        return False
    session.execute(
        update(Account)
        .where(Account.id == row[0])
        .values(balance=Account.balance + row[1], record_total=Account.record_total - 1)
    )
    return True


def recount_totals(session: Session) -> None:
    """Set every account's record_total / ppt_total from the rows themselves (after rows were
    written around this API, e.g. a bulk import)."""
    from service.db.models import Ppt

    records = select(func.count()).where(UsageRecord.account_id == Account.id).scalar_subquery()
    ppts = select(func.count()).where(Ppt.account_id == Account.id).scalar_subquery()
    session.execute(update(Account).values(record_total=records, ppt_total=ppts))


def list_records(session: Session, account_id: int, query: RecordQuery) -> Page[UsageRecord]:
    """Usage records of one account, newest first, filtered as in spec 4.6."""
    stmt = select(UsageRecord).where(UsageRecord.account_id == account_id)
    unfiltered = (query.type, query.uid, query.start, query.end) == (None, None, None, None)
    total = account_total(session, account_id, Account.record_total) if unfiltered else None
    if query.type is not None:
        stmt = stmt.where(UsageRecord.type == query.type)
    if query.uid is not None:
        stmt = stmt.where(UsageRecord.uid == query.uid)
    if query.start is not None:
        stmt = stmt.where(UsageRecord.create_time >= query.start)
    if query.end is not None:
        stmt = stmt.where(UsageRecord.create_time <= query.end)
    order = (UsageRecord.create_time.desc(), UsageRecord.id.desc())
    return paginate(session, stmt, order, query.page, query.size, total=total)


def account_total(session: Session, account_id: int, column: Any) -> int:
    return int(session.scalar(select(column).where(Account.id == account_id)) or 0)


def paginate(
    session: Session,
    stmt: Select[Any],
    order: tuple[Any, ...],
    page: int,
    size: int,
    *,
    total: int | None = None,
) -> Page[Any]:
    """Run `stmt` (selecting one entity) for one page (1-based); count its rows unless the
    caller knows `total` (an unfiltered listing: the account's counter)."""
    if total is None:
        counted = select(func.count()).select_from(stmt.order_by(None).subquery())
        total = int(session.scalar(counted) or 0)
    items: list[Any] = []
    if total > (page - 1) * size:
        items = list(session.scalars(stmt.order_by(*order).limit(size).offset((page - 1) * size)))
    return Page(total=total, page=page, size=size, items=items)
