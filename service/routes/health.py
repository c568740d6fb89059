"""Operational routes (process state -> /healthz, /readyz, Prometheus /metrics)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from fastapi import APIRouter
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST

from service.deps import ServiceState, StateDep
from service.envelope import NOT_READY, OK, envelope_response
from service.schemas import HealthResponse

log = logging.getLogger("deckforge.health")
router = APIRouter(tags=["operations"])

STORAGE_CHECK_TIMEOUT_S = 3.0


@router.get("/healthz", summary="Liveness: the process answers", response_model=HealthResponse)
async def healthz() -> JSONResponse:
    return envelope_response(OK, {"status": "ok"}, "ok")


@router.get(
    "/readyz",
    summary="Readiness: workers alive and storage usable (HTTP 503 otherwise)",
    response_model=HealthResponse,
    responses={503: {"model": HealthResponse, "description": "Not ready (code 1013)"}},
)
async def readyz(state: StateDep) -> JSONResponse:
    pool = state.pool
    alive = pool.alive_workers() if pool.started else 0
    storage_ok = True
    try:
        await asyncio.wait_for(asyncio.to_thread(state.storage.check), STORAGE_CHECK_TIMEOUT_S)
    except Exception as exc:  # noqa: BLE001 - any failure means not ready
        log.warning("storage check failed: %s", type(exc).__name__)
        storage_ok = False
    db_ok = await _check("database", _db_ping, state)
    broker = state.tasks.broker_ping  # DECKFORGE_QUEUE_URL: Redis must answer too
    queue_ok = broker is None or await _check("queue", broker)
    ready = state.ready and alive > 0 and storage_ok and db_ok and queue_ok
    data = {
        "status": "ready" if ready else "not ready",
        "workers": pool.size,
        "aliveWorkers": alive,
        "queueDepth": pool.waiting,
        "running": pool.running,
        "storage": f"{state.storage.name}: {'ok' if storage_ok else 'failing'}",
        "database": "ok" if db_ok else "failing",
    }
    if broker is not None:
        data["queue"] = "ok" if queue_ok else "failing"
    if ready:
        return envelope_response(OK, data, "ready")
    return envelope_response(NOT_READY, data, http_status=503)


def _db_ping(state: ServiceState) -> None:
    state.db.ping()


async def _check(name: str, fn: Callable[..., object], *args: object) -> bool:
    """Whether `fn(*args)` (blocking) succeeds within STORAGE_CHECK_TIMEOUT_S."""
    try:
        await asyncio.wait_for(asyncio.to_thread(fn, *args), STORAGE_CHECK_TIMEOUT_S)
        return True
    except Exception as exc:  # noqa: BLE001 - any failure means not ready
        log.warning("%s check failed: %s", name, type(exc).__name__)
        return False


@router.get("/metrics", summary="Prometheus metrics", response_class=Response)
async def metrics(state: StateDep) -> Response:
    return Response(state.metrics.render(), media_type=CONTENT_TYPE_LATEST)
