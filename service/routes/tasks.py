"""Portable task endpoints (token + create-task fields -> stored task; task id -> result, SSE
events or the latest page HTML): spec 4.1, 4.2, 4.3 and 6; decisions in docs/service.md "Portable tasks".

Events come from the task_events table (polled), never from process memory, so any instance
answers for any task. The work itself runs where the instance's backend sends it
(service.tasks.dispatch).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator
from typing import Annotated, Any
from urllib.parse import parse_qsl

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse

from service import library, template_store
from service.accounts import Principal, token_still_valid
from service.credits import AccountingError, ensure_affordable
from service.db.models import Task
from service.deps import AuthDep, ServiceState, StateDep, StreamAuthDep
from service.envelope import (
    ACCOUNT_BUSY,
    BUSY,
    CREDITS_EXHAUSTED,
    NOT_FOUND,
    OK,
    ApiError,
    envelope_response,
)
from service.numbers import FieldProblem, whole_number
from service.quotas import Slots, failure_budget, holding, slots_of
from service.routes.generate import optional_str, ppt_info, read_json_body
from service.tasks import store
from service.tasks.params import CreateRequest, bad, parse_create
from service.uploads import receive_form

log = logging.getLogger("deckforge.tasks")
router = APIRouter(tags=["tasks"])

CREATE_PATH = "/v2/api/portable/create-task"
RESULT_PATH = "/v2/api/portable/task-result"
STREAM_PATH = "/v2/api/portable/task-stream"
LATEST_PATH = "/api/ppt/v2/latestData"
TASK_FAILED = 5001
FORM_SLACK_BYTES = 1024 * 1024
FORM_TYPES = ("multipart/form-data", "application/x-www-form-urlencoded")
SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


def _base_url(state: ServiceState, request: Request) -> str:
    return state.settings.public_base_url or str(request.base_url)


def upload_slots(state: ServiceState) -> Slots:
    """Multipart uploads being received (tasks and templates): per account and in total."""
    s = state.settings
    return slots_of(
        state.extra,
        "upload_slots",
        lambda: Slots("uploads", 0, s.uploads_per_account, s.uploads_at_once),
    )


async def _read_form(
    state: ServiceState, principal: Principal, request: Request, limit: int
) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
    """multipart/form-data (at most `limit` bytes in all) -> fields + (name, bytes) files,
    received as it arrives (service.uploads) while holding one of the account's upload slots."""
    from generator.sources import ALLOWED_EXTENSIONS

    allowed = frozenset(e for exts in ALLOWED_EXTENSIONS.values() for e in exts)
    with upload_slots(state).hold(principal):
        form = await receive_form(request, limit, allowed, max_files=20, max_fields=50)
        files = await form.read_files(lambda key: key in ("file", "file[]", "files"))
    return form.fields, files


async def _read_urlencoded(request: Request, limit: int) -> dict[str, Any]:
    """An application/x-www-form-urlencoded body (at most `limit` bytes, 50 fields) -> fields."""
    buf = bytearray()
    async for chunk in request.stream():
        buf += chunk
        if len(buf) > limit:
            raise bad("body", f"larger than {limit} bytes")
    try:
        pairs = parse_qsl(buf.decode("utf-8"), max_num_fields=50, strict_parsing=False)
    except (UnicodeDecodeError, ValueError):
        raise bad("body", "not a valid form body") from None
    return dict(pairs)


def _template_exists(state: ServiceState, principal: Principal, template_id: str) -> bool:
    from generator.templates import builtin_templates

    if template_id in builtin_templates():
        return True
    with state.db.session() as s:
        return template_store.exists(s, principal.account_id, template_id)


def _precheck(state: ServiceState, principal: Principal, template_id: str) -> None:
    if not _template_exists(state, principal, template_id):  # 1001, as generatePptx answers
        reason = f"unknown template {template_id[:60]!r} for this account"
        raise ApiError(
            NOT_FOUND,
            "template not found: templateId",
            details=[{"field": "templateId", "reason": reason}],
        )
    try:
        with state.db.session() as s:
            ensure_affordable(s, principal, state.settings.cost_generate_page)
    except AccountingError as exc:
        raise ApiError(CREDITS_EXHAUSTED, str(exc)) from None


def _admit(state: ServiceState, principal: Principal, req: CreateRequest) -> Task:
    """Checks that need the database, then the insert: one thread hop for the whole create (a
    hop costs a GIL hand-over, which many concurrent creates queue for)."""
    s = state.settings
    budget = failure_budget(state.extra, s.failed_jobs_per_window, s.failed_jobs_window_s)
    budget.check(principal.account_id, time.monotonic())
    _precheck(state, principal, req.template_id)
    try:
        return store.create_task(
            state.db,
            principal,
            req.task,
            now=state.clock(),
            queue_size=state.settings.task_queue_size,
            per_account=state.settings.account_tasks,
        )
    except store.AccountQueueFullError:
        raise ApiError(
            ACCOUNT_BUSY,
            f"this account has {state.settings.account_tasks} tasks queued or running; "
            "retry when one is done",
            headers={"Retry-After": "5"},
        ) from None
    except store.QueueFullError:
        raise ApiError(
            BUSY, "too many tasks queued, retry later", headers={"Retry-After": "5"}
        ) from None


@router.post(
    CREATE_PATH,
    summary="Create a portable task (spec 4.1)",
    description="Header `token`. JSON or multipart/form-data (`file` parts). Fields: type 1-7, "
    "content, file, templateId, stream, length, scene, audience, lang, prompt. stream=false: "
    "`data: {taskId, status: pending}`; stream=true: text/event-stream (docs/spec.md). Codes: 1010 "
    "(field named), 1001 unknown templateId, 88 credits, 98 token, 1012 too many tasks queued.",
    response_model=None,
)
async def create_task(request: Request, state: StateDep, principal: AuthDep) -> Response:
    settings = state.settings
    if request.headers.get("content-type", "").startswith("multipart/form-data"):
        limit = settings.task_max_upload_bytes + FORM_SLACK_BYTES
        fields, files = await _read_form(state, principal, request, limit)
    else:
        fields, files = await read_json_body(request, settings.max_request_bytes), []
    req = parse_create(fields, files, max_upload_bytes=settings.task_max_upload_bytes)
    task = await asyncio.to_thread(_admit, state, principal, req)
    await state.tasks.submit(task.id)  # this instance's executor, or the queue
    log.info("task %s created (type %s)", task.id, task.type, extra={"caller": principal.label})
    if req.stream:  # event 1 (pending) is the row just written: sent at once, no DB read
        first = (store.FIRST_EVENT, store.event_data(task))
        return _stream(state, task.id, 0, _base_url(state, request), principal, first=first)
    return envelope_response(OK, {"taskId": task.id, "status": task.status}, req.note)


def _task_id(value: Any) -> str:
    task_id = optional_str({"taskId": value}, "taskId")
    if task_id is None:
        raise bad("taskId", "is required")
    return task_id


def _find(state: ServiceState, principal: Principal, task_id: str) -> Task:
    with state.db.session() as s:
        try:
            return store.get_task(s, principal, task_id)
        except store.TaskNotFound:
            raise ApiError(NOT_FOUND, "not found: no such task") from None


def _links(state: ServiceState, ppt_id: str | None, base_url: str) -> dict[str, Any]:
    """fileUrl, coverUrl, previewUrl of the task's PPT, signed now (None once deleted)."""
    with state.db.session() as s:
        ppt = library.find_ppt(s, ppt_id) if ppt_id else None
    if ppt is None:
        return {"fileUrl": None, "coverUrl": None, "previewUrl": None}
    info = ppt_info(state, ppt, "", base_url)
    return {k: info[k] for k in ("fileUrl", "coverUrl", "previewUrl")}


def _result(state: ServiceState, task: Task, base_url: str) -> JSONResponse:
    data = store.event_data(task)
    if task.status == store.FAILED:
        return envelope_response(TASK_FAILED, data, task.error_message or "task failed")
    if task.status == store.SUCCESS:
        data.update(_links(state, task.ppt_id, base_url))
    return envelope_response(OK, data)


@router.get(RESULT_PATH, summary="Query a portable task's result (spec 4.2)")
async def task_result_get(
    request: Request, state: StateDep, principal: AuthDep, taskId: str | None = None
) -> JSONResponse:
    task = await asyncio.to_thread(_find, state, principal, _task_id(taskId))
    return await asyncio.to_thread(_result, state, task, _base_url(state, request))


@router.post(
    RESULT_PATH,
    summary="Query a portable task's result (spec 4.2), body {taskId} (JSON or form)",
    description="Processing: code 0 with progress and step; success: pptId, fileUrl, coverUrl, "
    "previewUrl; failure: code 5001 with errorCode and errorMessage; 1001 unknown task.",
)
async def task_result_post(request: Request, state: StateDep, principal: AuthDep) -> JSONResponse:
    content_type = request.headers.get("content-type", "")
    if content_type.startswith("application/x-www-form-urlencoded"):
        body = await _read_urlencoded(request, 64 * 1024)
    elif content_type.startswith(FORM_TYPES):
        body, _ = await _read_form(state, principal, request, 64 * 1024)
    else:
        body = await read_json_body(request, 64 * 1024)
    task = await asyncio.to_thread(_find, state, principal, _task_id(body.get("taskId")))
    return await asyncio.to_thread(_result, state, task, _base_url(state, request))


def _sse(seq: int, data: dict[str, Any]) -> str:
    return f"event: message\nid: {seq}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def _token_valid(state: ServiceState, token_id: str) -> bool:
    with state.db.session() as s:
        return token_still_valid(s, token_id, state.clock())


async def events(
    state: ServiceState,
    task_id: str,
    after: int,
    base_url: str,
    first: tuple[int, dict[str, Any]] | None = None,
    principal: Principal | None = None,
) -> AsyncIterator[str]:
    """The task's events numbered above `after`, then new ones as the runner writes them (DB
    poll), a `: heartbeat` comment when idle; ends after the final (success/failed) event,
    after DECKFORGE_SSE_MAX_LIFE_S (the client reconnects with Last-Event-ID), or when the
    issued token behind it expires or is revoked (checked every DECKFORGE_SSE_TOKEN_RECHECK_S).
    `first`: an event already known (the create call's event 1), sent before any DB read."""
    settings = state.settings
    loop = asyncio.get_running_loop()
    started = last_sent = checked = loop.time()
    life = min(settings.task_timeout_s + 60, settings.sse_max_life_s)
    token_id = principal.token_id if principal is not None else None
    yield ": stream open\n\n"
    if first is not None:
        after = first[0]
        yield _sse(*first)
    while loop.time() - started < life:
        if token_id is not None and loop.time() - checked >= settings.sse_token_recheck_s:
            checked = loop.time()
            if not await asyncio.to_thread(_token_valid, state, token_id):
                yield ": token expired or revoked\n\n"
                return
        batch = await asyncio.to_thread(store.events_after, state.db, task_id, after)
        for seq, raw in batch:
            data = json.loads(raw)
            if data.get("status") == store.SUCCESS:
                data.update(await asyncio.to_thread(_links, state, data.get("pptId"), base_url))
            yield _sse(seq, data)
            after, last_sent = seq, loop.time()
            if data.get("status") in store.DONE:
                return
        if not batch:
            if loop.time() - last_sent >= settings.task_sse_heartbeat_s:
                yield ": heartbeat\n\n"
                last_sent = loop.time()
            await asyncio.sleep(settings.task_poll_interval_s)


def _slots(state: ServiceState) -> Slots:
    s = state.settings
    return slots_of(
        state.extra,
        "stream_slots",
        lambda: Slots("open streams", s.sse_max_per_token, s.sse_max_per_account),
    )


def _stream(
    state: ServiceState,
    task_id: str,
    after: int,
    base_url: str,
    principal: Principal,
    first: tuple[int, dict[str, Any]] | None = None,
) -> StreamingResponse:
    """The task's event stream, holding one of the principal's stream slots (1014 past them)."""
    slots = _slots(state)
    slots.acquire(principal)
    body = events(state, task_id, after, base_url, first, principal)
    return StreamingResponse(
        holding(slots, principal, body), media_type="text/event-stream", headers=SSE_HEADERS
    )


@router.get(
    STREAM_PATH,
    summary="(Re)attach to a task's event stream",
    description="Header `token` (or, for browsers' EventSource, query `token` with a temporary "
    "token from createApiToken); `taskId`; header `Last-Event-ID` (or query `lastEventId`): "
    "events after that number are replayed from the database, then new ones follow. 1001 "
    "unknown task (JSON envelope, not a stream); 1014 too many open streams for the token or "
    "account. A stream ends after DECKFORGE_SSE_MAX_LIFE_S (reconnect with Last-Event-ID) and "
    "when its token expires or is revoked.",
    response_model=None,
)
async def task_stream(
    request: Request,
    state: StateDep,
    principal: StreamAuthDep,
    taskId: str | None = None,
    lastEventId: str | None = None,
    last_event_id: Annotated[str | None, Header(alias="Last-Event-ID")] = None,
) -> Response:
    task = await asyncio.to_thread(_find, state, principal, _task_id(taskId))
    field = "Last-Event-ID" if last_event_id else "lastEventId"
    try:
        after = whole_number(
            last_event_id or lastEventId or "0", field, 0, 10**9, what="an event number"
        )
    except FieldProblem as exc:
        raise bad(exc.field, exc.reason) from None
    if task.status in store.DONE and not await asyncio.to_thread(
        store.events_after, state.db, task.id, after, 1
    ):  # the client already has the final event: nothing will follow, end at once
        return StreamingResponse(
            iter((": stream open\n\n",)), media_type="text/event-stream", headers=SSE_HEADERS
        )
    return _stream(state, task.id, after, _base_url(state, request), principal)


def _latest(state: ServiceState, principal: Principal, task_id: str, start: int) -> dict[str, Any]:
    with state.db.session() as s:
        try:
            task = store.get_task(s, principal, task_id)
        except store.TaskNotFound:
            raise ApiError(NOT_FOUND, "not found: no such task") from None
        html_map = store.pages_from(s, task.id, start)
        current = store.page_count(s, task.id)
    data: dict[str, Any] = {
        "status": "completed" if task.status in store.DONE else "running",
        "step": store.step_number(task.step),
        "stepName": task.step,
        "taskStatus": task.status,
        "payload": {"total": task.total_pages, "current": current, "htmlMap": html_map},
    }
    return data


@router.get(
    LATEST_PATH,
    summary="Latest page HTML of a task (spec 4.3)",
    description="Header `token`; `taskId`, `from` (0-based page index). `data: {status: running|"
    "completed, step (1-5), stepName, taskStatus, payload: {total, current, htmlMap}}`.",
)
async def latest_data(
    state: StateDep,
    principal: AuthDep,
    taskId: str | None = None,
    from_: Annotated[str | None, Query(alias="from")] = None,
) -> JSONResponse:
    start = _from(from_)
    data = await asyncio.to_thread(_latest, state, principal, _task_id(taskId), start)
    return envelope_response(OK, data)


def _from(value: str | None) -> int:
    if value is None or value == "":
        return 0
    try:
        return whole_number(value, "from", 0, 10**9, what="a page index")
    except FieldProblem as exc:
        raise bad(exc.field, exc.reason) from None
