"""Response envelope and service error codes (results and failures -> {code, message, data} JSON)."""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse

# Codes fixed by the spec (section 7).
OK = 0
INVALID_REQUEST = 40010
ALL_PAGES_FAILED = 50103
INTERNAL_ERROR = 50199

# Conventions where the spec is silent (see docs/service.md).
AUTH_FAILED = 98
CREDITS_EXHAUSTED = 88
NOT_FOUND = 1001
BAD_PARAMETERS = 1010
BUSY = 1012
NOT_READY = 1013
ACCOUNT_BUSY = 1014  # this account's share is in use (streams, uploads, jobs, queue): retry later
TEMPLATE_LIMIT = 1015  # the template went over its render limits (time, memory, output)

MESSAGES: dict[int, str] = {
    OK: "success",
    INVALID_REQUEST: "invalid request parameters",
    ALL_PAGES_FAILED: "all pages failed",
    INTERNAL_ERROR: "internal program error",
    AUTH_FAILED: "authentication failed",
    CREDITS_EXHAUSTED: "insufficient credits",
    NOT_FOUND: "not found",
    BAD_PARAMETERS: "bad parameters",
    BUSY: "server busy, retry later",
    NOT_READY: "service not ready",
    ACCOUNT_BUSY: "this account's share of the service is in use, retry later",
    TEMPLATE_LIMIT: "the template went over its render limits",
}


class ApiError(Exception):
    """A failure that becomes an envelope; raised anywhere inside a request."""

    def __init__(
        self,
        code: int,
        message: str | None = None,
        *,
        details: list[dict[str, str]] | None = None,
        http_status: int = 200,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.code = code
        self.message = message or MESSAGES.get(code, "error")
        self.details = details
        self.http_status = http_status
        self.headers = headers or {}
        super().__init__(f"{code}: {self.message}")


def envelope(code: int, data: Any = None, message: str | None = None) -> dict[str, Any]:
    return {"code": code, "message": message or MESSAGES.get(code, "error"), "data": data}


def failure_data(request_id: str, details: list[dict[str, str]] | None = None) -> dict[str, Any]:
    """The `data` of an overall failure: requestId, plus errorDetails when there are any."""
    data: dict[str, Any] = {"requestId": request_id}
    if details is not None:
        data["errorDetails"] = details
    return data


def envelope_response(
    code: int,
    data: Any = None,
    message: str | None = None,
    *,
    http_status: int = 200,
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    return JSONResponse(envelope(code, data, message), status_code=http_status, headers=headers)


def error_response(exc: ApiError, request_id: str) -> JSONResponse:
    return envelope_response(
        exc.code,
        failure_data(request_id, exc.details),
        exc.message,
        http_status=exc.http_status,
        headers=exc.headers,
    )
