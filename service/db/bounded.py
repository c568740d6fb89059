"""Bounded PostgreSQL connections (settings -> psycopg connect arguments and a connection class
whose every wait for the server ends within a limit).

A stopped server refuses connections at once and `connect_timeout` bounds a connect to a server
that does not answer. A *frozen* server (SIGSTOP, a hung host, a network partition) keeps its TCP
connections open: the kernel still acknowledges, nothing answers, and a query on a pooled
connection would wait forever. So every use of a connection is bounded three ways:

- server side: `statement_timeout` and `idle_in_transaction_session_timeout` (startup options),
  so a slow query or a client that went away does not hold locks for long;
- TCP: keepalives and `tcp_user_timeout` (a dead peer or unacknowledged data ends the socket);
- client side: `BoundedConnection.wait` gives every wait for the server (execute, fetch, commit,
  rollback, the pool's ping) `wait_limit_s`; past it the connection is closed (its state is
  unknown) and `psycopg.OperationalError` raised, which SQLAlchemy reads as a disconnect (the
  pool is invalidated) and the API answers 1013 + Retry-After.

`unbounded(dbapi_connection)` lifts the client limit for one connection (migrations).
"""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg import errors as pg_errors
from sqlalchemy import exc as sa_exc

CLIENT_GRACE_S = 1.0  # the server's own statement_timeout should fire first when it can
KEEPALIVE_IDLE_S = 10
KEEPALIVE_INTERVAL_S = 5
KEEPALIVE_COUNT = 3

# psycopg >= 3.2 raises this (private) class when `Connection.wait(timeout=...)` expires.
_WaitTimeout: type[BaseException] = getattr(pg_errors, "_WaitTimeout", TimeoutError)


class BoundedConnection(psycopg.Connection[Any]):
    """A psycopg connection whose waits for the server end within `wait_limit_s` (None: no
    limit). Subclassed per engine with the limit set (`connection_class`)."""

    wait_limit_s: float | None = None

    def wait(self, gen: Any, interval: float = 0.1, timeout: float | None = None) -> Any:
        limit = self.wait_limit_s
        if timeout is not None or not limit:
            return super().wait(gen, interval=interval, timeout=timeout)
        try:
            return super().wait(gen, interval=interval, timeout=limit)
        except _WaitTimeout:
            self.pgconn.finish()  # half-done exchange: never reuse this connection
            raise psycopg.OperationalError(
                f"the database did not answer within {limit:g} s"
            ) from None


def session_ended_as_disconnect(context: Any) -> BaseException | None:
    """SQLAlchemy `handle_error` hook: the server ending a session that sat idle in a
    transaction (`idle_in_transaction_session_timeout`, SQLSTATE 25P03, an InternalError) is a
    lost connection like any other: the pool drops it and the caller gets an OperationalError
    (the API answers 1013 + Retry-After; a task step retries after the outage), not a 50199."""
    orig = getattr(context, "original_exception", None)
    if not isinstance(orig, pg_errors.IdleInTransactionSessionTimeout):
        return None
    context.is_disconnect = True
    return sa_exc.OperationalError(
        context.statement, context.parameters, orig, connection_invalidated=True
    )


def connection_class(wait_limit_s: float | None) -> type[BoundedConnection]:
    """A BoundedConnection subclass with this limit (one per engine)."""
    return type("BoundedConnection", (BoundedConnection,), {"wait_limit_s": wait_limit_s})


def unbounded(dbapi_connection: Any) -> None:
    """No client-side limit on this connection any more (long migrations, lock waits)."""
    if isinstance(dbapi_connection, BoundedConnection):
        dbapi_connection.wait_limit_s = None


def connect_args(
    *, connect_timeout_s: int, statement_timeout_s: float, idle_in_transaction_s: float
) -> dict[str, Any]:
    """libpq connection parameters: connect timeout, keepalives, TCP user timeout and the
    server-side timeouts (milliseconds, as startup options)."""
    options = (
        f"-c statement_timeout={int(statement_timeout_s * 1000)} "
        f"-c idle_in_transaction_session_timeout={int(idle_in_transaction_s * 1000)}"
    )
    return {
        "connect_timeout": connect_timeout_s,
        "keepalives": 1,
        "keepalives_idle": KEEPALIVE_IDLE_S,
        "keepalives_interval": KEEPALIVE_INTERVAL_S,
        "keepalives_count": KEEPALIVE_COUNT,
        "tcp_user_timeout": int((statement_timeout_s + CLIENT_GRACE_S) * 1000),
        "options": options,
    }
