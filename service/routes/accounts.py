"""Account endpoints (Api-Key -> temporary tokens via createApiToken; usage records via
record/listPage)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from service import accounts, credits
from service.accounts import Principal
from service.deps import ApiKeyDep, ServiceState, StateDep
from service.envelope import BAD_PARAMETERS, OK, ApiError, envelope_response
from service.paging import (
    CreateTokenRequest,
    RecordListRequest,
    format_time,
    parse_body,
    parse_time,
)
from service.validation import parse_json_body

log = logging.getLogger("deckforge.accounts")
router = APIRouter(tags=["accounts"])

CREATE_TOKEN_PATH = "/api/user/createApiToken"
LIST_RECORDS_PATH = "/api/record/listPage"
MAX_BODY_BYTES = 64 * 1024


async def read_json(request: Request) -> Any:
    """The decoded JSON body (None when empty); code 1010 naming `body` when unreadable."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY_BYTES:
            raise _bad_body(f"larger than {MAX_BODY_BYTES} bytes")
    if not body.strip():
        return None
    # Explicit limits (depth, number length): a hostile body is 1010, never a Python limit's error.
    return parse_json_body(bytes(body), code=BAD_PARAMETERS)


def _bad_body(reason: str) -> ApiError:
    return ApiError(
        BAD_PARAMETERS, "bad parameters: body", details=[{"field": "body", "reason": reason}]
    )


def openapi_body(model: type[Any]) -> dict[str, Any]:
    return {
        "requestBody": {
            "required": False,
            "content": {"application/json": {"schema": model.model_json_schema()}},
        }
    }


@router.post(
    CREATE_TOKEN_PATH,
    summary="Issue a temporary token for one end user (uid)",
    description="Header `Api-Key`. Body `{uid, limit, timeOfHours}`: `limit` caps the PPTs the "
    "token may produce (null = no cap); `timeOfHours` defaults to 2, at most 48. Answers "
    "`data: {token, expireTime}` (expireTime `YYYY-MM-DD HH:mm:ss` in DECKFORGE_TIME_ZONE).",
    openapi_extra=openapi_body(CreateTokenRequest),
)
async def create_api_token(request: Request, state: StateDep, principal: ApiKeyDep) -> JSONResponse:
    raw = await read_json(request)
    settings = state.settings
    too_long = []
    hours_raw = raw.get("timeOfHours") if isinstance(raw, dict) else None
    if (
        isinstance(hours_raw, int)
        and not isinstance(hours_raw, bool)
        and hours_raw > settings.token_max_hours
    ):
        too_long = [{"field": "timeOfHours", "reason": f"at most {settings.token_max_hours}"}]
    try:
        req = parse_body(raw, CreateTokenRequest)
    except ApiError as exc:  # every bad field named, the hours cap included
        details = (exc.details or []) + too_long
        fields = ", ".join(dict.fromkeys(d["field"] for d in details))
        raise ApiError(BAD_PARAMETERS, f"bad parameters: {fields}", details=details) from None
    if too_long:
        raise ApiError(BAD_PARAMETERS, "bad parameters: timeOfHours", details=too_long)
    hours = req.timeOfHours if req.timeOfHours is not None else settings.token_default_hours
    token, expire_text = await asyncio.to_thread(_issue, state, principal, req, hours)
    return envelope_response(OK, {"token": token, "expireTime": expire_text})


def _issue(
    state: ServiceState, principal: Principal, req: CreateTokenRequest, hours: int
) -> tuple[str, str]:
    now = state.clock().replace(microsecond=0)
    with state.db.session() as s:
        row, secret = accounts.issue_token(
            s, principal, uid=req.uid, limit=req.limit, hours=hours, now=now
        )
        s.commit()
    log.info(
        "issued token %s for a uid, %s h",
        accounts.secret_label(secret),
        hours,
        extra={"caller": principal.label},
    )
    return secret, format_time(row.expires_at, state.settings.time_zone)


@router.post(
    LIST_RECORDS_PATH,
    summary="Credit usage records of the key's account (spec 4.6)",
    description="Header `Api-Key`. Every body field is optional: page (default 1), size "
    "(default 10, at most 100), type (1|2), uid, startDate, endDate (inclusive, "
    "`YYYY-MM-DD HH:mm:ss`). Newest first. Answers `data: {total, page, size, records}`.",
    openapi_extra=openapi_body(RecordListRequest),
)
async def list_records(request: Request, state: StateDep, principal: ApiKeyDep) -> JSONResponse:
    req = parse_body(await read_json(request), RecordListRequest)
    data = await asyncio.to_thread(_records_page, state, principal, req)
    return envelope_response(OK, data)


def _records_page(
    state: ServiceState, principal: Principal, req: RecordListRequest
) -> dict[str, Any]:
    zone = state.settings.time_zone
    query = credits.RecordQuery(
        page=req.page,
        size=req.size,
        type=req.type,
        uid=req.uid,
        start=parse_time(req.startDate, zone) if req.startDate else None,
        end=parse_time(req.endDate, zone) if req.endDate else None,
    )
    with state.db.session() as s:
        page = credits.list_records(s, principal.account_id, query)
    return {
        "total": page.total,
        "page": page.page,
        "size": page.size,
        "records": [
            {
                "id": r.id,
                "type": r.type,
                "amount": r.amount,
                "uid": r.uid,
                "createTime": format_time(r.create_time, zone),
            }
            for r in page.items
        ],
    }
