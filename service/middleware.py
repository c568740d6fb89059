"""Request context middleware (each HTTP request -> a request id, an X-Request-Id header,
a body read deadline, an access log line, HTTP metrics, and a 50199 envelope instead of a
bare 500)."""

from __future__ import annotations

import asyncio
import logging
import re
import time
import uuid
from typing import Any

from starlette.datastructures import MutableHeaders
from starlette.routing import Match, Mount
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from service.envelope import (
    INTERNAL_ERROR,
    INVALID_REQUEST,
    ApiError,
    envelope_response,
    failure_data,
)
from service.logs import request_id_var
from service.metrics import Metrics

log = logging.getLogger("deckforge.access")
_CLIENT_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")


def _incoming_request_id(scope: Scope) -> str | None:
    for name, value in scope.get("headers", []):
        if name == b"x-request-id":
            text = value.decode("latin-1")
            return text if _CLIENT_ID.match(text) else None
    return None


def route_template(scope: Scope) -> str:
    """The template of the app's own route a request matches (`/openapi.json`, `/docs`, a
    mount as `/static/{path:path}`), so metric labels stay bounded; 'unmatched' for anything
    else. Routes of included routers are named by FastAPI itself (scope['route'])."""
    app: Any = scope.get("app")
    for route in getattr(getattr(app, "router", None), "routes", ()):
        try:
            match, _ = route.matches(scope)
        except Exception:  # noqa: BLE001 - a route that cannot judge this scope
            continue
        if match != Match.NONE:
            path = str(getattr(route, "path", "") or "")
            return path + "/{path:path}" if isinstance(route, Mount) else path or "unmatched"
    return "unmatched"


def body_deadline(receive: Receive, timeout_s: float) -> Receive:
    """`receive` that fails the request (40010, field `body`) when the whole body has not
    arrived within `timeout_s` of the request start: a client announcing 10 MB and sending
    one byte a second cannot hold a connection. After the body, messages pass through."""
    deadline = asyncio.get_running_loop().time() + timeout_s
    complete = False

    async def receive_body() -> Message:
        nonlocal complete
        if complete:
            return await receive()
        remaining = deadline - asyncio.get_running_loop().time()
        try:
            if remaining <= 0:
                raise TimeoutError
            message = await asyncio.wait_for(receive(), remaining)
        except TimeoutError:
            reason = f"request body not received within {timeout_s:g} s"
            raise ApiError(INVALID_REQUEST, details=[{"field": "body", "reason": reason}]) from None
        if message["type"] != "http.request" or not message.get("more_body", False):
            complete = True
        return message

    return receive_body


class RequestContextMiddleware:
    """Pure ASGI (no BaseHTTPMiddleware), so the request id context reaches every handler."""

    def __init__(self, app: ASGIApp, metrics: Metrics, body_timeout_s: float = 30.0) -> None:
        self.app = app
        self.metrics = metrics
        self.body_timeout_s = body_timeout_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        rid = _incoming_request_id(scope) or uuid.uuid4().hex
        token = request_id_var.set(rid)
        status = 500
        response_started = False
        started = time.perf_counter()
        template = route_template(dict(scope))  # before routing rewrites the scope
        receive = body_deadline(receive, self.body_timeout_s)

        async def send_with_id(message: Message) -> None:
            nonlocal status, response_started
            if message["type"] == "http.response.start":
                response_started = True
                status = message["status"]
                MutableHeaders(scope=message)["X-Request-Id"] = rid
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            log.exception("unhandled error")
            if not response_started:
                response = envelope_response(INTERNAL_ERROR, failure_data(rid))
                await response(scope, receive, send_with_id)
        finally:
            method = scope.get("method", "")
            route = getattr(scope.get("route"), "path", None)  # set by FastAPI's API routes
            self.metrics.count_request(route or template, method, status)
            duration_ms = round((time.perf_counter() - started) * 1000, 1)
            log.info(
                "%s %s %s",
                method,
                scope.get("path", ""),
                status,
                extra={
                    "method": method,
                    "path": scope.get("path", ""),  # never the query string (signatures)
                    "status": status,
                    "durationMs": duration_ms,
                },
            )
            request_id_var.reset(token)
