"""Operator commands (argv -> accounts, API keys and migrations in the configured database).

    deckforge accounts create NAME [--credits N]   # prints the new API key once
    deckforge accounts list
    deckforge accounts credit NAME +N              # or -N; never below 0

Exit codes: 0 done, 2 bad arguments, 3 the account exists, 4 no such account or key, 5 the
balance would go below 0; the message is one line `deckforge accounts: ...` on stderr.
    deckforge keys create NAME                     # another key for an account
    deckforge keys revoke KEY_OR_PREFIX            # its tokens stop working too
    deckforge db upgrade                           # run the migrations (start-up does it too)

They read the same DECKFORGE_* settings as `deckforge serve` (DECKFORGE_DATABASE_URL,
DECKFORGE_DATA_DIR). Secrets are printed only by `create`, once; listings show key prefixes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy.orm import Session

from service import accounts
from service.config import Settings
from service.db.engine import Database


def _now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def _database() -> Database:
    db = Database(Settings())
    db.upgrade()
    return db


# Exit codes of the operator commands (docs/service.md "Operator commands"); argparse's own
# usage errors are 2 as well.
EXIT_CODES: dict[accounts.AccountProblem, int] = {
    "invalid": 2,  # a bad name or number
    "exists": 3,  # the account name is taken
    "not-found": 4,  # no such account or key
    "insufficient": 5,  # the balance would go below 0
}


def _run(prog: str, action: Callable[[Session], int]) -> int:
    """Run `action` in one transaction; an operator error is one line `PROG: message` on
    stderr and its EXIT_CODES code, nothing changed."""
    db = _database()
    try:
        with db.session() as s:
            try:
                code = action(s)
            except accounts.AccountError as exc:
                s.rollback()
                print(f"{prog}: {exc}", file=sys.stderr)
                return EXIT_CODES[exc.problem]
            s.commit()
            return code
    finally:
        db.close()


def accounts_main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="deckforge accounts", description="Manage accounts.")
    sub = p.add_subparsers(dest="action", required=True)
    create = sub.add_parser("create", help="create an account and print its first API key")
    create.add_argument("name")
    create.add_argument("--credits", type=int, default=0, help="starting balance (default 0)")
    sub.add_parser("list", help="accounts, balances and key prefixes")
    credit = sub.add_parser("credit", help="add (+N) or remove (-N) credits")
    credit.add_argument("name")
    credit.add_argument("delta", type=int, help="+N or -N")
    args = p.parse_args(argv)

    def create_account(s: Session) -> int:
        account = accounts.create_account(s, args.name, credits=args.credits, now=_now())
        key, secret = accounts.create_api_key(s, account, now=_now())
        print(f"account {account.name}: {account.balance} credits")
        print(f"API key (shown once, keep it secret): {secret}")
        return 0

    def list_accounts(s: Session) -> int:
        print(f"{'name':<24} {'balance':>14}  keys")
        for a in accounts.list_accounts(s):
            keys = ", ".join(k + "…" for k in a.key_prefixes) or "-"
            print(f"{a.name:<24} {a.balance:>14}  {keys}")
        return 0

    def credit_account(s: Session) -> int:
        balance = accounts.add_credits(s, args.name, args.delta)
        print(f"account {args.name}: {balance} credits")
        return 0

    actions = {"create": create_account, "list": list_accounts, "credit": credit_account}
    return _run("deckforge accounts", actions[args.action])


def keys_main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="deckforge keys", description="Manage API keys.")
    sub = p.add_subparsers(dest="action", required=True)
    create = sub.add_parser("create", help="a new API key for an account (printed once)")
    create.add_argument("account")
    revoke = sub.add_parser("revoke", help="revoke a key (give it whole or its 12-char prefix)")
    revoke.add_argument("key")
    args = p.parse_args(argv)

    def create_key(s: Session) -> int:
        account = accounts.get_account(s, args.account)
        _, secret = accounts.create_api_key(s, account, now=_now())
        print(f"API key for {account.name} (shown once, keep it secret): {secret}")
        return 0

    def revoke_key(s: Session) -> int:
        key = accounts.revoke_api_key(s, args.key, now=_now())
        print(f"revoked {key.prefix}…")
        return 0

    return _run("deckforge keys", create_key if args.action == "create" else revoke_key)


def db_main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="deckforge db", description="Database maintenance.")
    sub = p.add_subparsers(dest="action", required=True)
    sub.add_parser("upgrade", help="run the migrations to the newest schema")
    p.parse_args(argv)
    from service.db.migrate import current_revision

    db = _database()
    try:
        with db.engine.connect() as conn:
            print(f"database {db.safe_url} at revision {current_revision(conn)}")
    finally:
        db.close()
    return 0
