"""Request dependencies (app state -> settings, storage, pool, clock, database; `token` /
`Api-Key` headers -> the Principal a request acts for, looked up in one short session)."""

from __future__ import annotations

import asyncio
import hmac
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Annotated

from fastapi import Depends, Header, Query, Request

from service.accounts import (
    KEY_MARK,
    TOKEN_MARK,
    Principal,
    authenticate_api_key,
    authenticate_token,
    secret_label,
    static_token_uid,
)
from service.config import Settings
from service.db.engine import Database
from service.envelope import AUTH_FAILED, ApiError
from service.jobs.pool import WorkerPool
from service.logs import request_id_var
from service.metrics import Metrics
from service.storage.base import Storage
from service.tasks.dispatch import TaskDispatch

Clock = Callable[[], datetime]
log = logging.getLogger("deckforge.auth")


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class ServiceState:
    """Everything a request handler needs, built once by create_app()."""

    settings: Settings
    storage: Storage
    pool: WorkerPool
    metrics: Metrics
    db: Database
    default_account_id: int = 0
    clock: Clock = utc_now
    tasks: TaskDispatch = field(default_factory=TaskDispatch)  # where created tasks run
    ready: bool = False
    extra: dict[str, object] = field(default_factory=dict)


def get_state(request: Request) -> ServiceState:
    state: ServiceState = request.app.state.service
    return state


StateDep = Annotated[ServiceState, Depends(get_state)]


def current_request_id() -> str:
    return request_id_var.get() or "-"


_BAD_TOKEN = "authentication failed: missing, invalid or expired token"
_BAD_KEY = "authentication failed: missing or invalid Api-Key"


def _static_token(state: ServiceState, token: str) -> Principal | None:
    """DECKFORGE_TOKENS / dev-token: bound to the default account (constant-time compare)."""
    supplied = token.encode("utf-8", "surrogatepass")
    matched: str | None = None
    for known in state.settings.token_set:
        if hmac.compare_digest(supplied, known.encode("utf-8")):
            matched = known
    if matched is None:
        return None
    uid = static_token_uid(matched)
    return Principal(state.default_account_id, uid, f"static:{uid}")


def _lookup(state: ServiceState, kind: str, secret: str) -> Principal | None:
    """Blocking: one short session finds the key or token row (run in a thread)."""
    with state.db.session() as s:
        if kind == "token":
            return authenticate_token(s, secret, state.clock())
        return authenticate_api_key(s, secret)


async def require_token(
    state: StateDep,
    token: Annotated[str | None, Header(description="Temporary token (createApiToken)")] = None,
) -> Principal:
    """The one `token` check (4.1-4.5): an issued token -> (account, uid); a static token ->
    (default account, its uid). Missing, unknown, expired or revoked: code 98."""
    if token:
        principal = _static_token(state, token)
        if principal is None and token.startswith(TOKEN_MARK):
            principal = await asyncio.to_thread(_lookup, state, "token", token)
        if principal is not None:
            return principal
        log.info("token refused", extra={"caller": secret_label(token)})
    raise ApiError(AUTH_FAILED, _BAD_TOKEN)


async def require_api_key(
    state: StateDep,
    api_key: Annotated[
        str | None, Header(alias="Api-Key", description="Account API key (server to server)")
    ] = None,
) -> Principal:
    """The one `Api-Key` check (4.6, 4.7, createApiToken): the key's account, or code 98."""
    if api_key:
        principal = None
        if api_key.startswith(KEY_MARK):
            principal = await asyncio.to_thread(_lookup, state, "key", api_key)
        if principal is not None:
            return principal
        log.info("Api-Key refused", extra={"caller": secret_label(api_key)})
    raise ApiError(AUTH_FAILED, _BAD_KEY)


async def require_key_or_token(
    state: StateDep,
    token: Annotated[str | None, Header(description="Temporary token")] = None,
    api_key: Annotated[str | None, Header(alias="Api-Key", description="Account API key")] = None,
) -> Principal:
    """Either header: an Api-Key acts for its whole account, a token for its uid only."""
    if api_key:
        return await require_api_key(state, api_key)
    return await require_token(state, token)


async def require_stream_token(
    state: StateDep,
    token: Annotated[str | None, Header(description="Temporary token (createApiToken)")] = None,
    query_token: Annotated[
        str | None,
        Query(alias="token", description="A temporary token, for EventSource (no headers)"),
    ] = None,
) -> Principal:
    """The task stream's check: the `token` header, else a temporary token (dft_..., never a
    static token or an Api-Key) in the query, as a browser's EventSource cannot send headers.
    Query strings are never logged nor used as metric labels."""
    if not token and query_token and query_token.startswith(TOKEN_MARK):
        token = query_token
    return await require_token(state, token)


AuthDep = Annotated[Principal, Depends(require_token)]
StreamAuthDep = Annotated[Principal, Depends(require_stream_token)]
TokenDep = AuthDep
ApiKeyDep = Annotated[Principal, Depends(require_api_key)]
KeyOrTokenDep = Annotated[Principal, Depends(require_key_or_token)]
