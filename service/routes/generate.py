"""Markdown generation endpoints (token + JSON -> worker job -> stored PPTX, cover and previews,
charged and recorded in the PPT library -> pptInfo), and the follow-ups loadPptx, savePptx and
downloadPptx (spec 4.5 and its "not shown" operations; decisions in docs/service.md).

No generation here: the worker jobs (service.jobs.generate) call the generator and the renderer.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from datetime import datetime, timedelta
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from service import library, template_store
from service.accounts import Principal
from service.credits import AccountingError, affordable_pages, ensure_affordable
from service.db.models import Ppt
from service.deps import AuthDep, KeyOrTokenDep, ServiceState, StateDep, current_request_id
from service.documents import (
    Stored,
    discard,
    document_ref,
    record_generated,
    replace_generated,
    store_generated,
)
from service.envelope import (
    BAD_PARAMETERS,
    BUSY,
    CREDITS_EXHAUSTED,
    INTERNAL_ERROR,
    NOT_FOUND,
    OK,
    TEMPLATE_LIMIT,
    ApiError,
    envelope_response,
)
from service.jobs import JobKind
from service.jobs.run import JobFailed, JobRefused, QueueFull, run_job
from service.paging import format_time
from service.routes.preview import preview_url
from service.tasks import store as task_store
from service.validation import parse_json_body

log = logging.getLogger("deckforge.generate")
router = APIRouter(tags=["generate"])

GENERATE_PATH = "/api/ppt/v2/generatePptx"
LOAD_PATH = "/api/ppt/loadPptx"
SAVE_PATH = "/api/ppt/savePptx"
DOWNLOAD_PATH = "/api/ppt/downloadPptx"
_PARSE_IN_THREAD_BYTES = 256 * 1024
MAX_ID_LEN = 64


class GenerateRequest(BaseModel):
    """Body of generatePptx (documentation; the handler reads the JSON itself)."""

    id: str | None = Field(
        None,
        description="task id of this uid (else 1001): the PPT is linked to it (pptInfo.taskId); "
        "without `markdown`, the task's Markdown is used",
    )
    templateId: str | None = Field(None, description="built-in or own template id")
    markdown: str | None = Field(
        None, description="# topic, ## chapter, ### page, #### content title (required without id)"
    )


class IdRequest(BaseModel):
    id: str = Field(..., description="PPT id")


class SaveRequest(BaseModel):
    id: str = Field(..., description="PPT id")
    pptxProperty: str = Field(..., description="edited document: base64(gzip(JSON))")


def json_body(model: type[BaseModel]) -> dict[str, Any]:
    """openapi_extra describing a JSON request body."""
    schema = model.model_json_schema()
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


def _bad(field: str, reason: str) -> ApiError:
    return ApiError(
        BAD_PARAMETERS, f"bad parameters: {field}", details=[{"field": field, "reason": reason}]
    )


async def read_json_body(request: Request, limit: int) -> dict[str, Any]:
    """The JSON object body (at most `limit` bytes; parsed off the loop when large), or 1010."""
    buf = bytearray()
    async for chunk in request.stream():
        buf += chunk
        if len(buf) > limit:
            raise _bad("body", f"larger than {limit} bytes")
    if not buf.strip():
        return {}
    # Explicit limits (depth, number length): a hostile body is 1010, never a Python limit's error.
    raw = bytes(buf)
    body = (
        await asyncio.to_thread(parse_json_body, raw, BAD_PARAMETERS)
        if len(raw) > _PARSE_IN_THREAD_BYTES
        else parse_json_body(raw, BAD_PARAMETERS)
    )
    if not isinstance(body, dict):
        raise _bad("body", "must be a JSON object")
    return body


def optional_str(body: dict[str, Any], field: str, limit: int = MAX_ID_LEN) -> str | None:
    value = body.get(field)
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise _bad(field, "must be a string")
    if len(value) > limit:
        raise _bad(field, f"at most {limit} characters")
    return value


def required_id(body: dict[str, Any]) -> str:
    value = optional_str(body, "id")
    if value is None:
        raise _bad("id", "is required")
    return value


async def request_job(
    state: ServiceState, kind: JobKind, payload: dict[str, Any], principal: Principal | None = None
) -> dict[str, Any]:
    """Run a generation job for a request (service.jobs.run.run_job: within `principal`'s share
    of the pool and failure budget); failures and refusals become their envelope codes."""
    try:
        return await run_job(
            state, kind, payload, principal=principal, request_id=current_request_id()
        )
    except QueueFull:
        raise ApiError(BUSY, headers={"Retry-After": "1"}) from None
    except JobFailed as exc:
        log.error("generation job failed in the worker: %s", exc.reason)
        raise ApiError(INTERNAL_ERROR) from None
    except JobRefused as exc:
        known = (BAD_PARAMETERS, NOT_FOUND, TEMPLATE_LIMIT, CREDITS_EXHAUSTED)
        code = exc.code if isinstance(exc.code, int) and exc.code in known else BAD_PARAMETERS
        fields = ", ".join(dict.fromkeys(d["field"] for d in exc.details))
        message = f"{exc.message}: {fields}" if fields else exc.message
        raise ApiError(code, message, details=exc.details) from None


def template_package(
    state: ServiceState, principal: Principal, template_id: str | None
) -> bytes | None:
    """The package of the account's own template `template_id` (None: built-in or unknown)."""
    return template_store.read_package(state.db, state.storage, principal.account_id, template_id)


def _precheck(state: ServiceState, principal: Principal, pages: int = 1) -> None:
    """88 before any work when `pages` pages could not be paid for (or the token's limit is
    reached); 0 pages: only the token's limit."""
    try:
        with state.db.session() as s:
            if pages > 0:
                ensure_affordable(s, principal, pages * state.settings.cost_generate_page)
            elif principal.token_id is not None:
                ensure_affordable(s, principal, 0)
    except AccountingError as exc:
        raise ApiError(CREDITS_EXHAUSTED, str(exc)) from None


def _task_markdown(
    state: ServiceState, principal: Principal, task_id: str, need_markdown: bool
) -> str | None:
    """Check that `task_id` is a task of the principal (its account; its uid for a token; else
    1001 naming `id`); with `need_markdown`, the task's Markdown (tasks.store.task_markdown)."""
    with state.db.session() as s:
        try:
            task = task_store.get_task(s, principal, task_id)
        except task_store.TaskNotFound:
            raise ApiError(
                NOT_FOUND,
                "not found: id",
                details=[{"field": "id", "reason": "no such task of this uid"}],
            ) from None
        return task_store.task_markdown(s, task) if need_markdown else None


def _record_new(
    state: ServiceState,
    principal: Principal,
    result: dict[str, Any],
    stored: Stored,
    now: datetime,
    *,
    task_id: str | None = None,
    markdown: str | None = None,
) -> Ppt:
    """Charge the pages and record PPT, document and previews in one transaction; nothing is
    kept (files deleted) when the charge is refused."""
    new = library.NewPpt(
        file_name=stored.file_name,
        pages=result["pages"],
        source="markdown",
        file_key=stored.file_key,
        subject=result["subject"],
        template_id=result["templateId"],
        cover_key=stored.cover_key,
    )
    cost = result["pages"] * state.settings.cost_generate_page
    try:
        with state.db.session() as s:
            ppt = record_generated(
                s, principal, new, result, cost=cost, now=now, task_id=task_id, markdown=markdown
            )
            s.commit()
            return ppt
    except BaseException as exc:
        discard(state, stored.file_key, stored.cover_key, *stored.extra_keys)
        if isinstance(exc, AccountingError):
            raise ApiError(CREDITS_EXHAUSTED, str(exc)) from None
        raise


def ppt_info(
    state: ServiceState, ppt: Ppt, prop: str, base_url: str, *, task_id: str | None = None
) -> dict[str, Any]:
    """The wire form of a generated PPT (spec 2.5 plus links and times)."""
    now = state.clock().replace(microsecond=0)
    expires_at = now + timedelta(seconds=state.settings.url_ttl_s)

    def link(key: str | None, name: str) -> str | None:
        if not key:
            return None
        return state.storage.link(
            key, filename=name, expires_at=expires_at, now=now, base_url=base_url
        )

    zone = state.settings.time_zone
    info: dict[str, Any] = {
        "id": ppt.id,
        "subject": ppt.subject,
        "coverUrl": link(ppt.cover_key, ppt.file_name[:-5] + "-cover.png"),
        "templateId": ppt.template_id,
        "pptxProperty": prop,
        "pages": ppt.pages,
        "fileUrl": link(ppt.file_key, ppt.file_name),
        "previewUrl": preview_url(state, base_url, ppt.id, now),
        "expireAt": expires_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "uid": ppt.uid,
        "createTime": format_time(ppt.create_time, zone),
        "updateTime": format_time(ppt.update_time, zone),
    }
    if task_id is not None:
        info["taskId"] = task_id
    return info


def _base_url(state: ServiceState, request: Request) -> str:
    return state.settings.public_base_url or str(request.base_url)


@router.post(
    GENERATE_PATH,
    openapi_extra=json_body(GenerateRequest),
    summary="Generate a PPT from final Markdown and a template (spec 4.5)",
    description="Header `token`. Body `{id?, templateId?, markdown}`: `#` topic, `##` chapter, "
    "`###` page title, `####` content title, list items content. Answers `data.pptInfo` "
    "{id, subject, coverUrl, templateId, pptxProperty, pages, fileUrl, previewUrl, expireAt, "
    "uid, createTime, updateTime}. Codes: 1010 (field named), 1001 unknown templateId, 88 "
    "credits, 98 token, 1012 busy.",
)
async def generate_pptx(request: Request, state: StateDep, principal: AuthDep) -> JSONResponse:
    body = await read_json_body(request, state.settings.max_request_bytes)
    task_id = optional_str(body, "id")
    template_id = optional_str(body, "templateId")
    markdown = body.get("markdown")
    empty = isinstance(markdown, str) and not markdown.strip()
    if empty:
        markdown = None
    if task_id is not None:
        stored_md = await asyncio.to_thread(
            _task_markdown, state, principal, task_id, markdown is None
        )
        markdown = stored_md if markdown is None else markdown
    if markdown is None:
        reason = "is empty" if empty else "is required"
        if task_id is not None:
            reason += ": the task has no Markdown yet"
        raise _bad("markdown", reason)
    await asyncio.to_thread(_precheck, state, principal)
    package = await asyncio.to_thread(template_package, state, principal, template_id)
    payload = {
        "markdown": markdown,
        "templateId": template_id,
        "package": package,
        "maxPages": await asyncio.to_thread(
            affordable_pages, state.db, principal.account_id, state.settings.cost_generate_page
        ),
    }
    result = await request_job(state, "generate", payload, principal)
    base_url = _base_url(state, request)
    now = state.clock().replace(microsecond=0)
    stored = await asyncio.to_thread(store_generated, state, result, now, base_url)
    ppt = await asyncio.to_thread(
        functools.partial(
            _record_new,
            task_id=task_id,
            markdown=markdown if isinstance(markdown, str) else None,
        ),
        state,
        principal,
        result,
        stored,
        now,
    )
    log.info("generated a PPT of %s slides", result["pages"], extra={"caller": principal.label})
    info = ppt_info(state, ppt, result["property"], base_url, task_id=task_id)
    return envelope_response(OK, {"pptInfo": info})


def _load(state: ServiceState, principal: Principal, ppt_id: str) -> tuple[Ppt, str, str | None]:
    """(PPT, its pptxProperty, the task id generatePptx linked it to) or 1001."""
    with state.db.session() as s:
        try:
            ppt, ref = document_ref(s, principal, ppt_id)
        except library.PptNotFound:
            raise ApiError(NOT_FOUND, "not found: no such PPT") from None
    prop = library.read_document(state.storage, ref.key, ref.inline) if ref is not None else None
    if ref is None or prop is None:
        raise ApiError(NOT_FOUND, "not found: this PPT has no document (not generated)")
    return ppt, prop, ref.task_id


@router.post(
    LOAD_PATH,
    openapi_extra=json_body(IdRequest),
    summary="Load a generated PPT: pptInfo with its pptxProperty",
    description="Header `token` (its uid's PPTs) or `Api-Key` (the account's). Body `{id}`. "
    "Answers `data.pptInfo` as generatePptx; 1001 when no such generated PPT is visible.",
)
async def load_pptx(request: Request, state: StateDep, principal: KeyOrTokenDep) -> JSONResponse:
    body = await read_json_body(request, 64 * 1024)
    ppt, prop, task_id = await asyncio.to_thread(_load, state, principal, required_id(body))
    info = ppt_info(state, ppt, prop, _base_url(state, request), task_id=task_id)
    return envelope_response(OK, {"pptInfo": info})


def _decode(
    state: ServiceState, principal: Principal, value: Any
) -> tuple[dict[str, Any], bytes | None]:
    """pptxProperty -> document dict (bounded, validated by the generator) + custom package."""
    import generator

    try:
        document = generator.validate_document(generator.decode_property(value))
    except generator.GeneratorError as exc:
        details = [p.to_dict() for p in exc.problems]
        fields = ", ".join(dict.fromkeys(d["field"] for d in details))
        raise ApiError(exc.code, f"{exc.message}: {fields}", details=details) from None
    template_id = document.get("templateId")
    return document, template_package(
        state, principal, template_id if isinstance(template_id, str) else None
    )


def _replace(
    state: ServiceState,
    principal: Principal,
    ppt_id: str,
    result: dict[str, Any],
    stored: Stored,
    now: datetime,
) -> tuple[Ppt, list[str]]:
    """Point the PPT at its new files, document and previews; the old keys are returned for
    deletion after the commit (or the new ones deleted when the PPT vanished meanwhile)."""
    page_cost = state.settings.cost_generate_page
    try:
        with state.db.session() as s:
            ppt, old = replace_generated(
                s, principal, ppt_id, result, stored, page_cost=page_cost, now=now
            )
            s.commit()
            return ppt, old
    except BaseException as exc:
        discard(state, stored.file_key, stored.cover_key, *stored.extra_keys)
        if isinstance(exc, library.PptNotFound):
            raise ApiError(NOT_FOUND, "not found: no such PPT") from None
        if isinstance(exc, AccountingError):
            raise ApiError(CREDITS_EXHAUSTED, str(exc)) from None
        raise


@router.post(
    SAVE_PATH,
    openapi_extra=json_body(SaveRequest),
    summary="Save an edited pptxProperty: regenerates the PPTX, cover and previews",
    description="Header `token` or `Api-Key`. Body `{id, pptxProperty}`. Answers `data.pptInfo` "
    "(updateTime moves). An invalid document answers 1010 whose errorDetails name the JSON "
    "path of each problem (`$.pages[2].title`); 1001 no such PPT or unknown templateId. Pages "
    "beyond those paid for are charged (88 before any work when unaffordable) and count as one "
    "use of the token.",
)
async def save_pptx(request: Request, state: StateDep, principal: KeyOrTokenDep) -> JSONResponse:
    body = await read_json_body(request, state.settings.max_request_bytes)
    ppt_id = required_id(body)
    if "pptxProperty" not in body:
        raise _bad("pptxProperty", "is required")
    ppt, _, _ = await asyncio.to_thread(_load, state, principal, ppt_id)  # 1001 before any work
    document, package = await asyncio.to_thread(_decode, state, principal, body["pptxProperty"])
    paid = ppt.paid_pages if ppt.paid_pages is not None else ppt.pages
    planned = len(document.get("pages") or [])
    await asyncio.to_thread(_precheck, state, principal, max(planned - paid, 0))
    payload = {"document": document, "package": package}
    result = await request_job(state, "regenerate", payload, principal)
    base_url = _base_url(state, request)
    now = state.clock().replace(microsecond=0)
    stored = await asyncio.to_thread(store_generated, state, result, now, base_url)
    ppt, old = await asyncio.to_thread(_replace, state, principal, ppt_id, result, stored, now)
    await asyncio.to_thread(discard, state, *old)
    return envelope_response(OK, {"pptInfo": ppt_info(state, ppt, result["property"], base_url)})


@router.post(
    DOWNLOAD_PATH,
    openapi_extra=json_body(IdRequest),
    summary="A fresh signed download link of a PPT",
    description="Header `token` or `Api-Key`. Body `{id}`. Answers `data: {id, subject, "
    "fileName, fileUrl, expireAt}`; 1001 when no such PPT is visible.",
)
async def download_pptx(
    request: Request, state: StateDep, principal: KeyOrTokenDep
) -> JSONResponse:
    body = await read_json_body(request, 64 * 1024)
    ppt_id = required_id(body)
    base_url = _base_url(state, request)

    def find() -> dict[str, Any]:
        with state.db.session() as s:
            try:
                ppt = library.get_ppt(s, principal, ppt_id)
            except library.PptNotFound:
                raise ApiError(NOT_FOUND, "not found: no such PPT") from None
        now = state.clock().replace(microsecond=0)
        expires_at = now + timedelta(seconds=state.settings.url_ttl_s)
        url = state.storage.link(
            ppt.file_key, filename=ppt.file_name, expires_at=expires_at, now=now, base_url=base_url
        )
        return {
            "id": ppt.id,
            "subject": ppt.subject,
            "fileName": ppt.file_name,
            "fileUrl": url,
            "expireAt": expires_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
        }

    return envelope_response(OK, await asyncio.to_thread(find))
