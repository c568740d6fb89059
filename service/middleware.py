"""Request context middleware (each HTTP request -> a request id, an X-Request-Id header,
an access log line, HTTP metrics, and a 50199 envelope instead of a bare 500)."""

from __future__ import annotations

import logging
import re
import time
import uuid

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from service.envelope import INTERNAL_ERROR, envelope_response, failure_data
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


class RequestContextMiddleware:
    """Pure ASGI (no BaseHTTPMiddleware), so the request id context reaches every handler."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        rid = _incoming_request_id(scope) or uuid.uuid4().hex
        token = request_id_var.set(rid)
        status = 500
        response_started = False
        started = time.perf_counter()

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
            route = scope.get("route")
            route_path = getattr(route, "path", None) or "unmatched"
            method = scope.get("method", "")
            self.metrics.http_requests.labels(route_path, method, str(status)).inc()
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
