"""Accounts, API keys and temporary tokens (operator and API calls -> rows; secret headers ->
the `Principal` a request acts for).

Secrets (API keys `dfk_...`, tokens `dft_...`) are 256-bit random strings shown once. Only their
SHA-256 is stored; a row is found by the key's first 12 characters (its non-secret `prefix`,
shown in listings and logs) and the hash is compared in constant time.

Transactions: these functions add and flush, the caller commits (`with session.begin(): ...`).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Literal

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from service.db.engine import Database
from service.db.models import Account, ApiKey, Token

log = logging.getLogger("deckforge.accounts")

KEY_MARK = "dfk_"
TOKEN_MARK = "dft_"
PREFIX_LEN = 12
DEFAULT_ACCOUNT = "default"
DEV_API_KEY_FILE = "dev-api-key"
MAX_SECRET_LEN = 256


@dataclass(frozen=True)
class Principal:
    """Who a request acts for. `uid` is None for an `Api-Key` (the whole account); a `token`
    acts for exactly one uid. `label` is safe to log (a key prefix, never a secret)."""

    account_id: int
    uid: str | None
    label: str
    token_id: str | None = None
    api_key_id: int | None = None


@dataclass(frozen=True)
class AccountSummary:
    name: str
    balance: int
    created_at: datetime
    key_prefixes: list[str]


AccountProblem = Literal["invalid", "exists", "not-found", "insufficient"]


class AccountError(Exception):
    """An operator-level failure; `problem` says which kind (the operator commands' exit code,
    docs/service.md "Operator commands")."""

    def __init__(self, message: str, problem: AccountProblem = "invalid") -> None:
        super().__init__(message)
        self.problem = problem


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def _new_secret(mark: str) -> tuple[str, str, str]:
    """(secret, prefix, sha256) of a fresh key or token."""
    secret = mark + secrets.token_urlsafe(32)
    return secret, secret[:PREFIX_LEN], hash_secret(secret)


def secret_label(secret: str) -> str:
    """The loggable form of a secret: its prefix and an ellipsis."""
    return secret[:PREFIX_LEN] + "…"


# -- accounts ----------------------------------------------------------------------------------


def create_account(session: Session, name: str, *, credits: int = 0, now: datetime) -> Account:
    """A new account with `credits`; raises AccountError when the name is taken."""
    if not name or len(name) > 64:
        raise AccountError("account names have 1 to 64 characters")
    if credits < 0:
        raise AccountError("--credits must not be negative")
    if session.scalar(select(Account.id).where(Account.name == name)) is not None:
        raise AccountError(
            f"account {name!r} already exists (add credits with `deckforge accounts credit "
            f"{name} +N`, another key with `deckforge keys create {name}`)",
            "exists",
        )
    account = Account(name=name, balance=credits, record_total=0, ppt_total=0, created_at=now)
    session.add(account)
    session.flush()
    return account


def get_account(session: Session, name: str) -> Account:
    account = session.scalar(select(Account).where(Account.name == name))
    if account is None:
        raise AccountError(
            f"no account {name!r} (`deckforge accounts list` shows them)", "not-found"
        )
    return account


def list_accounts(session: Session) -> list[AccountSummary]:
    keys: dict[int, list[str]] = {}
    for account_id, prefix in session.execute(
        select(ApiKey.account_id, ApiKey.prefix)
        .where(ApiKey.revoked_at.is_(None))
        .order_by(ApiKey.id)
    ):
        keys.setdefault(account_id, []).append(prefix)
    return [
        AccountSummary(a.name, a.balance, a.created_at, keys.get(a.id, []))
        for a in session.scalars(select(Account).order_by(Account.name))
    ]


def add_credits(session: Session, name: str, delta: int) -> int:
    """Add `delta` (may be negative) to the balance, never below 0; return the new balance."""
    account = get_account(session, name)
    result = session.execute(
        update(Account)
        .where(Account.id == account.id, Account.balance + delta >= 0)
        .values(balance=Account.balance + delta)
        .returning(Account.balance)
    ).scalar_one_or_none()
    if result is None:
        raise AccountError(
            f"cannot take {-delta} credits from {name!r}: its balance is {account.balance} "
            "and never goes below 0",
            "insufficient",
        )
    return int(result)


# -- API keys ----------------------------------------------------------------------------------


def create_api_key(session: Session, account: Account, *, now: datetime) -> tuple[ApiKey, str]:
    """A new key for `account`: (row, the secret to show once)."""
    secret, prefix, digest = _new_secret(KEY_MARK)
    key = ApiKey(account_id=account.id, prefix=prefix, secret_hash=digest, created_at=now)
    session.add(key)
    session.flush()
    return key, secret


def revoke_api_key(session: Session, key_or_prefix: str, *, now: datetime) -> ApiKey:
    """Revoke the key given in full or by its prefix; tokens it issued stop working too."""
    prefix = key_or_prefix[:PREFIX_LEN]
    rows = list(session.scalars(select(ApiKey).where(ApiKey.prefix == prefix)))
    if len(key_or_prefix) > PREFIX_LEN:
        rows = [r for r in rows if hmac.compare_digest(r.secret_hash, hash_secret(key_or_prefix))]
    if len(rows) != 1:
        raise AccountError(
            f"no single API key matches {prefix!r}… (give the whole key or the 12-character "
            "prefix `deckforge accounts list` shows)",
            "not-found",
        )
    rows[0].revoked_at = rows[0].revoked_at or now
    session.flush()
    return rows[0]


def authenticate_api_key(session: Session, secret: str | None) -> Principal | None:
    """The account behind an `Api-Key` header, or None (unknown, malformed or revoked)."""
    if not secret or not secret.startswith(KEY_MARK) or len(secret) > MAX_SECRET_LEN:
        return None
    digest = hash_secret(secret)
    rows = session.execute(
        select(ApiKey.id, ApiKey.account_id, ApiKey.secret_hash).where(
            ApiKey.prefix == secret[:PREFIX_LEN], ApiKey.revoked_at.is_(None)
        )
    ).all()
    for key_id, account_id, stored in rows:
        if hmac.compare_digest(stored, digest):
            return Principal(account_id, None, f"key:{secret[:PREFIX_LEN]}", api_key_id=int(key_id))
    return None


# -- temporary tokens --------------------------------------------------------------------------


def issue_token(
    session: Session,
    issuer: Principal,
    *,
    uid: str,
    limit: int | None,
    hours: int,
    now: datetime,
) -> tuple[Token, str]:
    """A token acting for `issuer`'s account and `uid` for `hours`; (row, secret shown once)."""
    secret, prefix, digest = _new_secret(TOKEN_MARK)
    token = Token(
        account_id=issuer.account_id,
        api_key_id=issuer.api_key_id,
        uid=uid,
        prefix=prefix,
        secret_hash=digest,
        ppt_limit=limit,
        ppt_count=0,
        created_at=now,
        expires_at=now + timedelta(hours=hours),
    )
    session.add(token)
    session.flush()
    return token, secret


def revoke_token(session: Session, token_id: str, *, now: datetime) -> None:
    session.execute(
        update(Token).where(Token.id == token_id, Token.revoked_at.is_(None)).values(revoked_at=now)
    )


def authenticate_token(session: Session, secret: str | None, now: datetime) -> Principal | None:
    """The (account, uid) behind a `token` header, or None (unknown, expired or revoked, or
    issued by a key that was revoked since)."""
    if not secret or not secret.startswith(TOKEN_MARK) or len(secret) > MAX_SECRET_LEN:
        return None
    digest = hash_secret(secret)
    rows = session.execute(
        select(Token.id, Token.account_id, Token.uid, Token.secret_hash, Token.expires_at)
        .outerjoin(ApiKey, ApiKey.id == Token.api_key_id)
        .where(
            Token.prefix == secret[:PREFIX_LEN],
            Token.revoked_at.is_(None),
            ApiKey.revoked_at.is_(None),
        )
    ).all()
    for token_id, account_id, uid, stored, expires_at in rows:
        if hmac.compare_digest(stored, digest) and now < expires_at:
            return Principal(
                account_id, uid, f"token:{secret[:PREFIX_LEN]}", token_id=str(token_id)
            )
    return None


def token_still_valid(session: Session, token_id: str, now: datetime) -> bool:
    """An issued token is still good: not expired, not revoked, its key not revoked (an open
    event stream asks this again every few seconds)."""
    row = session.execute(
        select(Token.expires_at)
        .outerjoin(ApiKey, ApiKey.id == Token.api_key_id)
        .where(Token.id == token_id, Token.revoked_at.is_(None), ApiKey.revoked_at.is_(None))
    ).first()
    return row is not None and now < row[0]


def static_token_uid(token: str) -> str:
    """The uid a static token (DECKFORGE_TOKENS / dev-token) acts for: stable, not secret."""
    return "static-" + hash_secret(token)[:8]


# -- first run ---------------------------------------------------------------------------------


def ensure_default_account(db: Database, data_dir: Path, *, credits: int, now: datetime) -> int:
    """The id of the `default` account, creating it (with an API key written to
    `data_dir/dev-api-key`, mode 0600) when it does not exist. Safe when several instances
    start at once: the unique name decides, the losers read the winner's row."""
    with db.session() as s:
        found = s.scalar(select(Account.id).where(Account.name == DEFAULT_ACCOUNT))
        if found is not None:
            return int(found)
        try:
            account = create_account(s, DEFAULT_ACCOUNT, credits=credits, now=now)
            _, secret = create_api_key(s, account, now=now)
            account_id = account.id
            s.commit()
        except (IntegrityError, AccountError):
            s.rollback()
            return int(s.scalar(select(Account.id).where(Account.name == DEFAULT_ACCOUNT)) or 0)
    path = data_dir / DEV_API_KEY_FILE
    _write_secret_file(path, secret)
    log.warning(
        "created the default account (%s credits); its API key %s is in %s",
        credits,
        secret_label(secret),
        path,
    )
    return account_id


def _write_secret_file(path: Path, secret: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(secret + "\n")
    os.chmod(path, 0o600)
