"""Request dependencies (app state -> settings, storage, pool, clock; `token` header -> caller)."""

from __future__ import annotations

import hmac
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Annotated

from fastapi import Depends, Header, Request

from service.config import Settings
from service.envelope import AUTH_FAILED, ApiError
from service.logs import request_id_var
from service.metrics import Metrics
from service.storage.base import Storage
from service.workers import WorkerPool

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class ServiceState:
    """Everything a request handler needs, built once by create_app()."""

    settings: Settings
    storage: Storage
    pool: WorkerPool
    metrics: Metrics
    clock: Clock = utc_now
    ready: bool = False
    extra: dict[str, object] = field(default_factory=dict)


def get_state(request: Request) -> ServiceState:
    state: ServiceState = request.app.state.service
    return state


StateDep = Annotated[ServiceState, Depends(get_state)]


def current_request_id() -> str:
    return request_id_var.get() or "-"


def require_token(
    state: StateDep,
    token: Annotated[str | None, Header(description="Access token")] = None,
) -> str:
    """The one auth check: the `token` header must be one of the configured tokens (code 98).

    Swap it (app.dependency_overrides[require_token]) when accounts and issued tokens arrive.
    Returns an opaque caller label for logs, never the token itself.
    """
    if token:
        supplied = token.encode("utf-8", "surrogatepass")
        matched = False
        for i, known in enumerate(sorted(state.settings.token_set)):
            if hmac.compare_digest(supplied, known.encode("utf-8")):
                matched = True
                caller = f"token#{i}"
        if matched:
            return caller
    raise ApiError(AUTH_FAILED, "authentication failed: missing or invalid token")


AuthDep = Annotated[str, Depends(require_token)]
