"""Markdown generation endpoints (token + JSON -> worker job -> stored PPTX, cover and previews,
charged and recorded in the PPT library -> pptInfo), and the follow-ups loadPptx, savePptx and
downloadPptx (spec 4.5 and its "not shown" operations; decisions in docs/service.md).

No generation here: the worker jobs (service.gen_jobs) call the generator and the renderer.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
from datetime import datetime, timedelta
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from sqlalchemy import select, update

from service import library
from service.accounts import Principal
from service.credits import (
    TYPE_PPT,
    AccountingError,
    balance,
    charge,
    count_against_token,
    ensure_affordable,
)
from service.db.models import CustomTemplate, Ppt, PptDocument, Task, TaskEvent
from service.deps import AuthDep, KeyOrTokenDep, ServiceState, StateDep, current_request_id
from service.documents import Stored, discard, store_generated, write_document
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
from service.paging import format_time
from service.quotas import account_job
from service.routes.preview import preview_url
from service.validation import parse_json_body
from service.workers import JobFailed, QueueFull

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


async def run_job(
    state: ServiceState, payload: dict[str, Any], principal: Principal | None = None
) -> dict[str, Any]:
    """Run a generation job on the worker pool (within `principal`'s share of it: 1014 past
    its jobs at once or its failure budget); refusals become their envelope codes. A template
    over its render limits or a job past its time counts against the account's budget."""
    async with account_job(state, principal) as budget:
        try:
            result: dict[str, Any] = await state.pool.run(payload, current_request_id())
        except QueueFull:
            raise ApiError(BUSY, headers={"Retry-After": "1"}) from None
        except JobFailed as exc:
            log.error("generation job failed in the worker: %s", exc.reason)
            if exc.reason == "timeout" and principal is not None:
                budget.record(principal.account_id, time.monotonic())
            raise ApiError(INTERNAL_ERROR) from None
    if result.get("status") == "rejected":
        known = (BAD_PARAMETERS, NOT_FOUND, TEMPLATE_LIMIT, CREDITS_EXHAUSTED)
        code = result["code"] if result["code"] in known else BAD_PARAMETERS
        if code == TEMPLATE_LIMIT and principal is not None:
            budget.record(principal.account_id, time.monotonic())
        details = result.get("errorDetails") or []
        fields = ", ".join(dict.fromkeys(d["field"] for d in details))
        message = f"{result['message']}: {fields}" if fields else result["message"]
        raise ApiError(code, message, details=details)
    return result


def template_package(
    state: ServiceState, principal: Principal, template_id: str | None
) -> bytes | None:
    """The zip of the account's own template `template_id` (None: built-in or unknown)."""
    if not template_id:
        return None
    with state.db.session() as s:
        row = s.execute(
            select(CustomTemplate.package_key, CustomTemplate.package).where(
                CustomTemplate.account_id == principal.account_id,
                CustomTemplate.template_id == template_id,
            )
        ).first()
    if row is None:
        return None
    return library.read_template_package(state.storage, row[0], row[1])


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


def affordable_pages(state: ServiceState, principal: Principal) -> int | None:
    """Pages the account can pay for now, for the job to stop at after planning (88 before
    the conversion); None when pages are free."""
    cost = state.settings.cost_generate_page
    if cost <= 0:
        return None
    with state.db.session() as s:
        return balance(s, principal.account_id) // cost


MARKDOWN_TASK_TYPE = 7  # a task whose content is the Markdown outline itself


def _task_markdown(
    state: ServiceState, principal: Principal, task_id: str, need_markdown: bool
) -> str | None:
    """Check that `task_id` is a task of the principal (its account; its uid for a token; else
    1001 naming `id`); with `need_markdown`, the task's Markdown: the Markdown the newest PPT
    generated for it was made from (kept with that PPT's document only), else its content when it is a Markdown task (type 7), else
    the content its LLM step produced (its `delta` events in order); None when there is none."""
    with state.db.session() as s:
        stmt = select(Task).where(Task.id == task_id, Task.account_id == principal.account_id)
        if principal.uid is not None:
            stmt = stmt.where(Task.uid == principal.uid)
        task = s.scalar(stmt)
        if task is None:
            raise ApiError(
                NOT_FOUND,
                "not found: id",
                details=[{"field": "id", "reason": "no such task of this uid"}],
            )
        if not need_markdown:
            return None
        last = s.scalar(
            select(PptDocument.markdown)
            .where(PptDocument.task_id == task.id, PptDocument.markdown.is_not(None))
            .limit(1)
        )
        if last:
            return last
        params = json.loads(task.params or "{}")
        content = params.get("content") if isinstance(params, dict) else None
        if task.type == MARKDOWN_TASK_TYPE and isinstance(content, str) and content.strip():
            return content
        parts = []
        for data in s.scalars(
            select(TaskEvent.data).where(TaskEvent.task_id == task.id).order_by(TaskEvent.seq)
        ):
            delta = json.loads(data).get("delta")
            if isinstance(delta, str):
                parts.append(delta)
        return "".join(parts) or None


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
            ppt, _ = library.produce_ppt(s, principal, new, cost=cost, now=now)
            write_document(s, ppt.id, result, now)
            s.flush()
            doc = s.get(PptDocument, ppt.id)
            if doc is not None and task_id is not None:
                # The task's Markdown lives with its newest PPT only (ties in time are common).
                s.execute(
                    update(PptDocument)
                    .where(PptDocument.task_id == task_id, PptDocument.ppt_id != ppt.id)
                    .values(markdown=None)
                )
                doc.task_id, doc.markdown = task_id, markdown
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
        "job": "generate",
        "markdown": markdown,
        "templateId": template_id,
        "package": package,
        "maxPages": await asyncio.to_thread(affordable_pages, state, principal),
    }
    result = await run_job(state, payload, principal)
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
            ppt = library.get_ppt(s, principal, ppt_id)
        except library.PptNotFound:
            raise ApiError(NOT_FOUND, "not found: no such PPT") from None
        doc = s.get(PptDocument, ppt.id)
        ref = (doc.property_key, doc.property, doc.task_id) if doc is not None else None
    prop = library.read_document(state.storage, ref[0], ref[1]) if ref is not None else None
    if ref is None or prop is None:
        raise ApiError(NOT_FOUND, "not found: this PPT has no document (not generated)")
    return ppt, prop, ref[2]


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
    try:
        with state.db.session() as s:
            ppt = library.get_ppt(s, principal, ppt_id)
            paid = ppt.paid_pages if ppt.paid_pages is not None else ppt.pages
            added = result["pages"] - paid
            if added > 0:  # pages beyond those paid for: charged, and a use of the token
                count_against_token(s, principal)
                charge(
                    s,
                    principal,
                    TYPE_PPT,
                    added * state.settings.cost_generate_page,
                    now=now,
                    ppt_id=ppt.id,
                )
                ppt.paid_pages = result["pages"]
            old = [k for k in (ppt.file_key, ppt.cover_key) if k]
            ppt.file_key, ppt.cover_key, ppt.file_name = (
                stored.file_key,
                stored.cover_key,
                stored.file_name,
            )
            ppt.subject, ppt.template_id = result["subject"][:512], result["templateId"]
            ppt.pages, ppt.update_time = result["pages"], now
            old += write_document(s, ppt.id, result, now)
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
    payload = {"job": "regenerate", "document": document, "package": package}
    result = await run_job(state, payload, principal)
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
