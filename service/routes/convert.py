"""The convert endpoint (JSON request -> validated job -> worker -> stored PPTX, charged and
recorded in the PPT library -> envelope)."""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import datetime, timedelta
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from service import library
from service.accounts import Principal
from service.credits import AccountingError, ensure_affordable
from service.deps import AuthDep, ServiceState, StateDep, current_request_id
from service.envelope import (
    ALL_PAGES_FAILED,
    BUSY,
    CREDITS_EXHAUSTED,
    INTERNAL_ERROR,
    INVALID_REQUEST,
    OK,
    ApiError,
    envelope_response,
    error_response,
)
from service.filenames import sanitize_filename
from service.jobs.run import JobFailed, JobRefused, QueueFull, run_job
from service.schemas import ConvertRequest, ConvertResponse
from service.storage.base import StoredFile
from service.validation import body_too_large, parse_convert_request

log = logging.getLogger("deckforge.convert")
router = APIRouter(tags=["convert"])

CONVERT_PATH = "/v2/api/htmljson-bridge/convert-html-to-json"
_PARSE_IN_THREAD_BYTES = 256 * 1024

_EXAMPLES: dict[str, Any] = {
    "success": {
        "summary": "Full or partial success",
        "value": {
            "code": 0,
            "message": "success",
            "data": {
                "fileUrl": "http://127.0.0.1:8000/files/0f1e...?expires=1735732800&signature=...",
                "expireAt": "2025-01-01T12:00:00Z",
                "totalPages": 3,
                "successPages": 2,
                "failedPages": 1,
                "pageErrorMode": "blank",
                "failedPageDetails": [
                    {"index": 2, "code": 50101, "reason": "no slide root", "finalAction": "blank"}
                ],
                "pptId": "82cf0f16ff9e4dca9b1c8f0fa1b938b2",
            },
        },
    },
    "invalid": {
        "summary": "Invalid parameters",
        "value": {
            "code": 40010,
            "message": "invalid request parameters",
            "data": {
                "requestId": "9b2c...",
                "errorDetails": [{"field": "htmls[2]", "reason": "must be a string, got number"}],
            },
        },
    },
    "allFailed": {
        "summary": "All pages failed",
        "value": {
            "code": 50103,
            "message": "all pages failed",
            "data": {
                "requestId": "9b2c...",
                "errorDetails": [{"field": "htmls[0]", "reason": "no element with class slide"}],
            },
        },
    },
    "internal": {
        "summary": "Internal error",
        "value": {
            "code": 50199,
            "message": "internal program error",
            "data": {"requestId": "9b2c..."},
        },
    },
    "busy": {
        "summary": "Queue full",
        "value": {
            "code": 1012,
            "message": "server busy, retry later",
            "data": {"requestId": "9b2c..."},
        },
    },
    "credits": {
        "summary": "Credits or the token's PPT limit exhausted (nothing produced)",
        "value": {
            "code": 88,
            "message": "insufficient credits: this operation needs 10",
            "data": {"requestId": "9b2c..."},
        },
    },
    "auth": {
        "summary": "Missing or wrong token",
        "value": {
            "code": 98,
            "message": "authentication failed: missing, invalid or expired token",
            "data": {"requestId": "9b2c..."},
        },
    },
}


@router.post(
    CONVERT_PATH,
    summary="Convert HTML pages to one PPTX file",
    description="Every answer is HTTP 200 with the envelope {code, message, data}. The body is "
    "read and checked by the service itself, so malformed bodies answer code 40010 (never 422).",
    response_model=ConvertResponse,
    responses={200: {"content": {"application/json": {"examples": _EXAMPLES}}}},
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": ConvertRequest.model_json_schema()}},
        }
    },
)
async def convert_html(request: Request, state: StateDep, caller: AuthDep) -> JSONResponse:
    rid = current_request_id()
    started = time.perf_counter()
    code = INTERNAL_ERROR
    try:
        response = await _convert(request, state, rid, caller)
        code = OK
        return response
    except ApiError as exc:
        code = exc.code
        return error_response(exc, rid)
    except Exception:
        log.exception("convert failed")
        return error_response(ApiError(INTERNAL_ERROR), rid)
    finally:
        state.metrics.convert_requests.labels(str(code)).inc()
        state.metrics.request_seconds.observe(time.perf_counter() - started)
        log.info("convert answered code %s", code, extra={"code": code, "caller": caller.label})


async def _read_body(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise body_too_large(int(declared), limit)
    buf = bytearray()
    async for chunk in request.stream():
        buf += chunk
        if len(buf) > limit:
            raise body_too_large(None, limit)
    return bytes(buf)


async def _convert(
    request: Request, state: ServiceState, rid: str, principal: Principal
) -> JSONResponse:
    settings = state.settings
    body = await _read_body(request, settings.max_request_bytes)

    def parse() -> ConvertRequest:
        return parse_convert_request(
            body, max_pages=settings.max_pages, max_page_bytes=settings.max_page_bytes
        )

    req = await asyncio.to_thread(parse) if len(body) > _PARSE_IN_THREAD_BYTES else parse()
    filename = sanitize_filename(req.filename, settings.default_filename)
    await asyncio.to_thread(_precheck, state, principal, len(req.htmls))
    payload: dict[str, Any] = {
        "htmls": req.htmls,
        "pageErrorMode": req.pageErrorMode,
        "filename": filename,
        "lineBreaks": settings.line_breaks,
        "limits": {
            "max_pages": settings.max_pages,
            "max_page_bytes": settings.max_page_bytes,
            "max_total_bytes": settings.max_request_bytes,
            "max_embedded_font_bytes": settings.max_embedded_font_bytes,
            "max_web_font_bytes": settings.max_web_font_bytes,
        },
        "fonts": {"embed_fonts": settings.embed_fonts, "font_set": settings.font_set},
    }
    if req.templateId:
        payload["templatePackage"] = await asyncio.to_thread(
            _pptx_template, state, principal, req.templateId
        )
    log.info(
        "converting %s pages (mode %s)",
        len(req.htmls),
        req.pageErrorMode,
        extra={"pages": len(req.htmls), "bodyBytes": len(body)},
    )

    result = await _run_conversion(state, payload, principal, rid)
    now = state.clock().replace(microsecond=0)
    expires_at = now + timedelta(seconds=settings.url_ttl_s)
    base_url = settings.public_base_url or str(request.base_url)
    # One thread hop for the file and its transaction (each hop costs a wake-up of a pool
    # thread and of the event loop; benchmarks/load_convert.py counts them).
    stored, ppt_id = await asyncio.to_thread(
        _store_and_record, state, principal, result, filename, expires_at, now, base_url
    )
    state.metrics.pages_converted.inc(result["successPages"])
    state.metrics.conversion_cpu_seconds.inc(result.get("cpuSeconds", 0.0))
    for page in result["failedPageDetails"]:
        state.metrics.page_failures.labels(str(page["code"])).inc()
    data = {
        "fileUrl": stored.url,
        "expireAt": expires_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "totalPages": result["totalPages"],
        "successPages": result["successPages"],
        "failedPages": result["failedPages"],
        "pageErrorMode": result["pageErrorMode"],
        "failedPageDetails": result["failedPageDetails"],
        "pptId": ppt_id,
    }
    log.info(
        "stored %s (%s bytes) until %s",
        stored.key,
        len(result["pptx"]),
        data["expireAt"],
        extra={"pages": result["totalPages"], "failedPages": result["failedPages"]},
    )
    return envelope_response(OK, data)


async def _run_conversion(
    state: ServiceState, payload: dict[str, Any], principal: Principal, rid: str
) -> dict[str, Any]:
    """The convert job (service.jobs.run.run_job) -> its result, or the envelope error."""
    started = time.perf_counter()
    try:
        result = await run_job(state, "convert", payload, principal=principal, request_id=rid)
    except QueueFull:
        log.warning("queue full (%s admitted); refusing", state.pool.capacity)
        raise ApiError(BUSY, headers={"Retry-After": "1"}) from None
    except JobFailed as exc:
        log.error("conversion failed in the worker: %s", exc.reason, extra={"reason": exc.reason})
        raise ApiError(INTERNAL_ERROR) from None
    except JobRefused as exc:
        state.metrics.conversion_seconds.observe(time.perf_counter() - started)
        code = exc.code if exc.code in (INVALID_REQUEST, ALL_PAGES_FAILED) else INTERNAL_ERROR
        if code == ALL_PAGES_FAILED:
            pages = len(payload["htmls"])
            state.metrics.page_failures.labels(str(ALL_PAGES_FAILED)).inc(pages)
        details = exc.details if code != INTERNAL_ERROR else None
        raise ApiError(int(code), details=details) from None
    state.metrics.conversion_seconds.observe(time.perf_counter() - started)
    return result


def _pptx_template(state: ServiceState, principal: Principal, template_id: str) -> bytes:
    """The stored PowerPoint template `template_id` of the principal, or 40010 naming it."""
    from generator.brand.package import is_powerpoint
    from service.template_store import read_package

    package = read_package(state.db, state.storage, principal.account_id, template_id)
    if package is None or not is_powerpoint(package):
        reason = "no PowerPoint template with this id was uploaded by this account"
        raise ApiError(INVALID_REQUEST, details=[{"field": "templateId", "reason": reason}])
    return package


def _precheck(state: ServiceState, principal: Principal, pages: int) -> None:
    """Refuse (88) before any work when the balance cannot pay for every page sent, or the
    token's PPT limit is used up. Not binding: the charge itself is decided in _record."""
    try:
        with state.db.session() as s:
            ensure_affordable(s, principal, pages * state.settings.cost_convert_page)
    except AccountingError as exc:
        raise ApiError(CREDITS_EXHAUSTED, str(exc)) from None


def _store_and_record(
    state: ServiceState,
    principal: Principal,
    result: dict[str, Any],
    filename: str,
    expires_at: datetime,
    now: datetime,
    base_url: str,
) -> tuple[StoredFile, str]:
    """Store the PPTX (a library file: kept until its PPT is deleted), then charge and record
    it (blocking; run in a thread)."""
    stored = state.storage.put(
        result["pptx"],
        filename=filename,
        expires_at=expires_at,
        now=now,
        base_url=base_url,
        keep=True,
    )
    return stored, _record(state, principal, result, filename, stored.key, state.clock())


def _record(
    state: ServiceState,
    principal: Principal,
    result: dict[str, Any],
    filename: str,
    key: str,
    now: datetime,
) -> str:
    """Charge the converted pages and record the PPT in one transaction; when the charge is
    refused (a concurrent request spent the credits), delete the file: nothing is produced."""
    slides = result["totalPages"] if result["pageErrorMode"] == "blank" else result["successPages"]
    new = library.NewPpt(
        file_name=filename,
        pages=slides,
        source="convert",
        file_key=key,
        subject=filename[:-5] if filename.lower().endswith(".pptx") else filename,
    )
    cost = result["successPages"] * state.settings.cost_convert_page
    try:
        with state.db.session() as s:
            ppt, _ = library.produce_ppt(s, principal, new, cost=cost, now=now)
            s.commit()
            return ppt.id
    except BaseException as exc:
        state.storage.delete(key)
        if isinstance(exc, AccountingError):
            raise ApiError(CREDITS_EXHAUSTED, str(exc)) from None
        raise
