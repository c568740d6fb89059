"""Application factory (settings -> a wired FastAPI app: routers, middleware, workers, sweeper).

Run with `python -m service` / `deckforge serve`, or `uvicorn --factory service.main:create_app`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

from service.accounts import ensure_default_account
from service.config import Settings
from service.db.engine import Database
from service.deps import Clock, ServiceState, current_request_id, utc_now
from service.envelope import (
    BAD_PARAMETERS,
    NOT_FOUND,
    NOT_READY,
    ApiError,
    envelope_response,
    error_response,
    failure_data,
)
from service.jobs.pool import WorkerPool
from service.jobs.run import build_pool
from service.metrics import Metrics
from service.middleware import RequestContextMiddleware
from service.openapi import install_openapi
from service.routes import accounts, convert, files, generate, health, library, preview, templates
from service.routes import tasks as task_routes
from service.routes.docs import install_docs
from service.storage.base import Storage
from service.storage.local import private_dir
from service.sweeper import sweep_forever
from service.tasks.dispatch import start_dispatch

log = logging.getLogger("deckforge.service")


def build_storage(settings: Settings) -> Storage:
    if settings.storage == "s3":
        from service.storage.s3 import S3Storage

        if not settings.s3_bucket:
            raise ValueError("DECKFORGE_S3_BUCKET is required when DECKFORGE_STORAGE=s3")
        return S3Storage(
            settings.s3_bucket,
            prefix=settings.s3_prefix,
            endpoint_url=settings.s3_endpoint_url,
            region=settings.s3_region,
            create_bucket=settings.s3_create_bucket,
        )
    from service.storage.local import LocalStorage

    return LocalStorage(settings.files_dir, settings.signing_key)


def build_database(settings: Settings, now: datetime) -> tuple[Database, int]:
    """Connect, migrate to head and make sure the `default` account exists (first run: its API
    key goes to $DECKFORGE_DATA_DIR/dev-api-key). Returns the database and the id of the
    default account, for which the static tokens (DECKFORGE_TOKENS, dev-token) act."""
    db = Database(settings)
    db.upgrade()
    default_id = ensure_default_account(
        db, settings.data_dir, credits=settings.default_account_credits, now=now
    )
    log.info("database %s ready", db.safe_url)
    return db, default_id


@contextlib.asynccontextmanager
async def _lifespan(state: ServiceState) -> AsyncIterator[None]:
    """Start the job processes, the file sweeper and the task backend; stop them in reverse."""
    settings, pool = state.settings, state.pool
    # Blocking calls (database, storage) run in the default executor: size it for many
    # concurrent requests and event streams, not for the core count (asyncio's default).
    asyncio.get_running_loop().set_default_executor(
        ThreadPoolExecutor(max_workers=settings.io_threads, thread_name_prefix="deckforge-io")
    )
    log.info(
        "starting %s workers, storage %s",
        settings.workers,
        state.storage.name,
        extra={"workers": pool.size, "queueSize": pool.queue_size},
    )
    try:
        await pool.start()
    except BaseException:
        await asyncio.to_thread(pool.close)
        raise
    sweeper = asyncio.create_task(sweep_forever(state), name="deckforge-sweeper")
    state.tasks = await start_dispatch(state)
    state.ready = True
    try:
        yield
    finally:
        state.ready = False
        await state.tasks.stop()
        sweeper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sweeper
        await asyncio.to_thread(pool.close)
        state.storage.close()
        state.db.close()
        log.info("stopped")


def create_app(
    settings: Settings | None = None,
    *,
    storage: Storage | None = None,
    pool: WorkerPool | None = None,
    clock: Clock | None = None,
) -> FastAPI:
    """Build the app. Tests inject `storage`, `pool` (e.g. another job function) and `clock`."""
    settings = settings or Settings()
    metrics = Metrics()
    pool = pool or build_pool(settings)
    pool.on_restart = lambda reason: metrics.worker_restarts.labels(reason).inc()
    metrics.bind_pool(lambda: pool.waiting, lambda: pool.running)
    private_dir(settings.data_dir)  # created 0700: keys, database and decks live there
    db, default_account_id = build_database(settings, (clock or utc_now)())
    state = ServiceState(
        settings=settings,
        storage=storage or build_storage(settings),
        pool=pool,
        metrics=metrics,
        db=db,
        default_account_id=default_account_id,
        clock=clock or utc_now,
    )
    # Resolve secrets now, so a missing data_dir or bad secret file fails at startup.
    _ = settings.token_set
    _ = settings.signing_key

    app = FastAPI(
        title="deckforge",
        version="0.1.0",
        summary="HTML-to-PPTX conversion service",
        description="Every API response is HTTP 200 with the envelope {code, message, data}; "
        "see the convert endpoint for the codes. Operational routes: /healthz, /readyz, /metrics.",
        lifespan=lambda _: _lifespan(state),
        docs_url=None,  # served offline by service.routes.docs
        redoc_url=None,
        redirect_slashes=False,  # paths exactly as the spec writes them: no 307, a 1001 envelope
    )
    app.state.service = state
    install_docs(app)
    app.include_router(convert.router)
    app.include_router(files.router)
    app.include_router(accounts.router)
    app.include_router(library.router)
    app.include_router(generate.router)
    app.include_router(templates.router)
    app.include_router(preview.router)
    app.include_router(task_routes.router)
    app.include_router(health.router)
    app.add_middleware(
        RequestContextMiddleware, metrics=metrics, body_timeout_s=settings.body_read_timeout_s
    )
    # Browser front ends call the `token` endpoints from their own origin (docs/service.md "CORS"). The
    # token travels in a header, never a cookie, so any origin may by default
    # (DECKFORGE_CORS_ORIGINS narrows it); `Api-Key` is not allowed.
    app.add_middleware(
        CORSMiddleware,
        allow_origins=[o.strip() for o in settings.cors_origins.split(",") if o.strip()],
        allow_methods=["GET", "POST", "HEAD"],
        allow_headers=["token", "content-type", "last-event-id", "x-request-id"],
        expose_headers=["X-Request-Id", "Content-Disposition", "Retry-After"],
        max_age=600,
    )
    _install_error_handlers(app)
    install_openapi(app)  # the real bodies, responses, streams and auth headers
    return app


DATABASE_DOWN = "service unavailable: the database cannot be reached, retry later"


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        # Raised by dependencies (auth) before a handler runs; the handler counts the rest.
        if request.url.path == convert.CONVERT_PATH:
            request.app.state.service.metrics.convert_requests.labels(str(exc.code)).inc()
        return error_response(exc, current_request_id())

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        details = [
            {"field": _loc_to_field(err.get("loc", ())), "reason": str(err.get("msg", "invalid"))}
            for err in exc.errors()
        ]
        return envelope_response(BAD_PARAMETERS, failure_data(current_request_id(), details))

    async def _database_down(request: Request, exc: Exception) -> JSONResponse:
        # The database is unreachable (stopped, frozen, restarting, network) or every pooled
        # connection is stuck: a clear "retry later" answer within the DECKFORGE_DB_* bounds
        # (docs/operations.md "Database outage"), not a 50199 with a traceback per request.
        log.warning("database unavailable: %s", type(getattr(exc, "orig", exc)).__name__)
        error = ApiError(NOT_READY, DATABASE_DOWN, headers={"Retry-After": "5"})
        return error_response(error, current_request_id())

    app.add_exception_handler(OperationalError, _database_down)
    app.add_exception_handler(PoolTimeout, _database_down)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = NOT_FOUND if exc.status_code == 404 else BAD_PARAMETERS
        message = "not found" if code == NOT_FOUND else str(exc.detail)
        return envelope_response(code, failure_data(current_request_id()), message)


def _loc_to_field(loc: object) -> str:
    parts = (
        [p for p in loc if p not in ("body", "query", "header", "path")]
        if isinstance(loc, tuple | list)
        else []
    )
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "request"
