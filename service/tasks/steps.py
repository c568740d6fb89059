"""One task's steps (a claimed task's stored inputs -> content -> Markdown -> PPT in the library):
the only place that knows them, whichever backend delivered the task.

    create_task       (0)   the row exists (written by the create endpoint)
    parse_content     (10)  job "prepare" (generator.prepare_content): files, link, text or
                            Markdown -> outline, killed after DECKFORGE_PARSE_TIMEOUT_S
    generate_content  (30)  generator.content_markdown: the LLM (type 1, or expansion when one
                            is configured); its text goes out as `delta` events
    generate_ppt      (60)  job "plan" (generator.plan_from_markdown, the task's `length`): each
                            page's HTML is
                            stored as soon as it exists (latestData; an event per page, progress
                            up to 75), then job "buildPlanned" (generator.build_planned + cover
                            and previews)
    upload            (90)  PPTX and cover stored, PPT recorded and charged (source "task"),
                            task success (100) with what the deck left out - one
                            transaction, conditional on the lease

A task is a plain function of its stored inputs: any process can run it, and run it again after
a take-over. Jobs run on the process's worker pool (service.jobs), the other blocking work on the
executor's threads (never on the event loop); a failure of any step fails the task with an
errorCode.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, TypeVar

from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

import generator
from service import library
from service.accounts import Principal
from service.credits import AccountingError, affordable_pages
from service.deps import ServiceState
from service.documents import discard, store_generated, write_document
from service.jobs import JobKind
from service.jobs.run import JobFailed, JobRefused, run_job
from service.tasks import store
from service.tasks.leases import LeasePolicy
from service.template_store import read_package

log = logging.getLogger("deckforge.tasks")
T = TypeVar("T")

INTERNAL = "INTERNAL_ERROR"
CONTENT_INVALID = "CONTENT_INVALID"
CREDITS = "CREDITS_EXHAUSTED"
TIMEOUT = "TASK_TIMEOUT"
CONTENT_TIMEOUT = "CONTENT_TIMEOUT"  # parsing the files or the fetched page took too long
CONTENT_UNREADABLE = "FILE_UNREADABLE"  # the parsing process died (memory limit, crash)
DELTA_FLUSH_S = 0.25
DELTA_FLUSH_CHARS = 400


class StepFailed(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class Lost(Exception):
    """The task is no longer this instance's (failed by recovery or timeout)."""


class DeltaWriter:
    """LLM text -> `delta` events, batched (every DELTA_FLUSH_S or DELTA_FLUSH_CHARS)."""

    def __init__(self, flush: Callable[[str], None]) -> None:
        self._flush = flush
        self._buf: list[str] = []
        self._size = 0
        self._last = time.monotonic()
        self._lock = threading.Lock()

    def __call__(self, text: str) -> None:
        with self._lock:
            self._buf.append(text)
            self._size += len(text)
            if self._size >= DELTA_FLUSH_CHARS or time.monotonic() - self._last >= DELTA_FLUSH_S:
                self._send()

    def close(self) -> None:
        with self._lock:
            self._send()

    def _send(self) -> None:
        if self._buf:
            text, self._buf, self._size = "".join(self._buf), [], 0
            self._flush(text)
        self._last = time.monotonic()


def principal_of(task: Any) -> Principal:
    return Principal(task.account_id, task.uid, f"task:{task.id[:8]}", token_id=task.token_id)


def _provider() -> Any:
    settings = generator.LLMSettings.from_env()
    return generator.ChatCompletionsClient(settings) if settings.configured else None


def _llm(prepared: Any, params: dict[str, Any], on_delta: DeltaWriter) -> str:
    brief = generator.Brief(
        length=params.get("length") or "medium",
        scene=params.get("scene") or "",
        audience=params.get("audience") or "",
        lang=params.get("lang") or "",
        prompt=params.get("prompt") or "",
    )
    provider = _provider() if prepared.task_type == 1 or prepared.expandable else None
    try:
        return str(generator.content_markdown(prepared, provider, brief, on_delta=on_delta))
    finally:
        on_delta.close()
        if provider is not None:
            provider.close()


async def _job(
    state: ServiceState, kind: JobKind, payload: dict[str, Any], timeout_s: float | None = None
) -> dict[str, Any]:
    """A generator job on the process's worker pool (service.jobs.run): off this process, since
    the engine holds the GIL, and under the pool's hard time and memory limits. A full pool is
    waited out (the task's own timeout bounds the wait)."""
    try:
        return await run_job(state, kind, payload, timeout_s=timeout_s, wait=True)
    except JobFailed as exc:
        if kind == "prepare" and exc.reason == "timeout":
            raise StepFailed(
                CONTENT_TIMEOUT, f"reading the content took over {timeout_s:g} s"
            ) from None
        if kind == "prepare":
            raise StepFailed(CONTENT_UNREADABLE, "the content could not be read") from None
        raise StepFailed(INTERNAL, f"the PPT generation failed: {exc.reason}") from None
    except JobRefused as exc:
        if exc.kind == "contentError":
            raise StepFailed(str(exc.code), exc.message) from None
        if exc.code == 88:
            raise StepFailed(CREDITS, exc.message) from None
        details = "; ".join(f"{d['field']}: {d['reason']}" for d in exc.details)
        raise StepFailed(
            CONTENT_INVALID, f"{exc.message}: {details}" if details else exc.message
        ) from None


async def _plan(
    state: ServiceState, task: Any, markdown: str, package: bytes | None
) -> dict[str, Any]:
    """generate_ppt, first half (pool job "plan"): Markdown -> planned pages and their HTML."""
    params = json.loads(task.params)
    tid = params.get("templateId")
    cost = state.settings.cost_generate_page
    max_pages = await asyncio.to_thread(affordable_pages, state.db, task.account_id, cost)
    payload = {
        "markdown": markdown,
        "templateId": tid,
        "package": package,
        "length": params.get("length"),
        "maxPages": max_pages,  # a deck the balance cannot pay for stops before conversion
    }
    planned: dict[str, Any] = (await _job(state, "plan", payload))["planned"]
    return planned


async def _package(state: ServiceState, task: Any) -> bytes | None:
    """The account's template package the task names (a PowerPoint template's deck is
    written onto it when the planned pages are converted)."""
    tid = json.loads(task.params).get("templateId")
    return await asyncio.to_thread(read_package, state.db, state.storage, task.account_id, tid)


def _store_pages(state: ServiceState, task_id: str, owner: str, htmls: list[str]) -> None:
    """Each page's HTML is stored (latestData 4.3, an event per page) as soon as it exists,
    while the deck is not converted yet."""
    for i, html in enumerate(htmls):
        if not store.add_page(state.db, task_id, owner, i, len(htmls), html, now=state.clock()):
            raise Lost()


def _upload(state: ServiceState, task: Any, owner: str, result: dict[str, Any]) -> None:
    """Store the files, then record + charge the PPT and finish the task in one transaction."""
    now = state.clock().replace(microsecond=0)
    base_url = state.settings.public_base_url or "http://localhost"
    stored = store_generated(state, result, now, base_url)
    new = library.NewPpt(
        file_name=stored.file_name,
        pages=result["pages"],
        source="task",
        file_key=stored.file_key,
        subject=result["subject"],
        template_id=result["templateId"],
        cover_key=stored.cover_key,
        task_id=task.id,
    )
    cost = result["pages"] * state.settings.cost_generate_page
    try:
        with store.write_turn(state.db), state.db.session() as s:
            ppt, _ = library.produce_ppt(s, principal_of(task), new, cost=cost, now=now)
            write_document(s, ppt.id, result, now)
            left_out = list(result.get("leftOut") or [])
            if not store.succeed(s, task.id, owner, ppt.id, now, left_out):
                raise Lost()
            s.commit()
    except BaseException as exc:
        discard(state, stored.file_key, stored.cover_key, *stored.extra_keys)
        if isinstance(exc, AccountingError):
            raise StepFailed(CREDITS, str(exc)) from None
        raise


async def execute(
    state: ServiceState, task_id: str, owner: str, executor: Executor, policy: LeasePolicy
) -> None:
    """Run every step of a task `owner` claimed, the blocking ones on `executor` (the task
    executor's threads, apart from the request handlers' thread pool); any failure becomes the
    task's errorCode, except a database outage under a policy that hands tasks back."""
    try:
        steps = _steps(state, task_id, owner, executor)
        await asyncio.wait_for(steps, state.settings.task_timeout_s)
        return
    except Lost:
        log.info("task %s is no longer ours", task_id)
        return
    except TimeoutError:
        code, message = TIMEOUT, f"the task took over {state.settings.task_timeout_s:g} s"
    except (OperationalError, PoolTimeout) as exc:
        if policy.hand_back and database_unavailable(exc):
            # The database is unreachable or frozen (docs/operations.md "Database outage"): not the task's fault.
            # Hand it back (or, if even that fails, let its lease expire): the sweep sends a
            # new message and a worker runs it again once the database answers.
            log.warning("task %s: database unavailable, handed back for a retry", task_id)
            await asyncio.to_thread(_hand_back, state, task_id, owner)
            return
        log.warning("task %s: database error", task_id, exc_info=True)
        code, message = INTERNAL, "the database failed while the task ran"
    except StepFailed as exc:
        code, message = exc.code, exc.message
    except generator.GeneratorError as exc:
        details = "; ".join(f"{p.field}: {p.reason}" for p in exc.problems)
        code, message = CONTENT_INVALID, f"{exc.message}: {details}" if details else exc.message
    except Exception as exc:
        content_error = _content_error(exc)
        if content_error is None:
            log.exception("task %s failed", task_id)
            code, message = INTERNAL, "internal error while running the task"
        else:
            code, message = content_error
    now = state.clock()
    failed = await asyncio.to_thread(store.fail_task, state.db, task_id, owner, code, message, now)
    log.info("task %s failed with %s", task_id, code)
    if code in TENANT_FAILURES and failed:
        account_id = await asyncio.to_thread(store.account_of, state.db, task_id)
        _count_failure(state, account_id)


# Failures the tenant's input caused: they count against the account's failure budget.
TENANT_FAILURES = frozenset({TIMEOUT, CONTENT_TIMEOUT, CONTENT_INVALID})


def _count_failure(state: ServiceState, account_id: int | None) -> None:
    """A failure the tenant's input caused, on the failure budget of this process (the one an
    API instance checks at create-task when it runs its tasks itself)."""
    from service.quotas import failure_budget

    s = state.settings
    if account_id is not None:
        budget = failure_budget(state.extra, s.failed_jobs_per_window, s.failed_jobs_window_s)
        budget.record(int(account_id), time.monotonic())


def database_unavailable(exc: Exception) -> bool:
    """The database could not be reached or did not answer (no free pooled connection, a lost
    or timed-out connection, a refused connect: no SQLSTATE from a server) - as opposed to an
    error the server reported for a statement, or SQLite's own errors."""
    if isinstance(exc, PoolTimeout):
        return True
    if isinstance(exc, OperationalError) and exc.connection_invalidated:
        return True
    return getattr(getattr(exc, "orig", None), "sqlstate", "server") is None


def _hand_back(state: ServiceState, task_id: str, owner: str) -> None:
    from service.tasks.leases import hand_back

    try:
        hand_back(state.db, task_id, owner, now=state.clock())
    except (OperationalError, PoolTimeout):
        log.warning("task %s: hand-back failed too; its lease will expire", task_id)


# What a tenant reads when the LLM provider failed: the code and a generic sentence. The
# provider's own text (which may quote keys or internal hosts) goes to the operator's log only.
LLM_MESSAGES = {
    "LLM_NOT_CONFIGURED": "no LLM provider is configured on this service",
    "LLM_TIMEOUT": "the LLM provider did not answer in time",
    "LLM_HTTP_ERROR": "the LLM provider refused or failed the request",
    "LLM_BAD_RESPONSE": "the LLM provider's answer could not be used",
    "LLM_STREAM_BROKEN": "the LLM provider's answer was cut off",
    "LLM_INVALID_OUTPUT": "the LLM's text could not be turned into slides",
}
_SECRET_MARKS = ("sk-", "Bearer ", "bearer ", "key=", "token=")


def mask_secrets(text: str) -> str:
    """`text` with what follows a secret marker (sk-..., Bearer ..., key=...) replaced by ***."""
    out = text
    for mark in _SECRET_MARKS:
        pieces = out.split(mark)
        out = pieces[0] + "".join(
            mark + "***" + piece[_secret_end(piece) :] for piece in pieces[1:]
        )
    return out


def _secret_end(piece: str) -> int:
    for i, ch in enumerate(piece):
        if ch.isspace() or ch in "\"',;)":
            return i
    return len(piece)


def _content_error(exc: Exception) -> tuple[str, str] | None:
    from generator.llm import LLMError
    from generator.sources.errors import ContentError

    if isinstance(exc, LLMError):
        log.warning("LLM step failed: %s %s", exc.code, mask_secrets(exc.message))
        return exc.code, LLM_MESSAGES.get(exc.code, "the LLM step failed")
    if isinstance(exc, ContentError):
        return exc.code, exc.message
    return None


async def _steps(state: ServiceState, task_id: str, owner: str, executor: Executor) -> None:
    db = state.db
    loop = asyncio.get_running_loop()

    def run(fn: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        return loop.run_in_executor(executor, functools.partial(fn, *args))

    task, files = await run(store.load_inputs, db, task_id)

    async def step(name: str) -> None:
        if not await run(
            functools.partial(store.set_step, now=state.clock()), db, task_id, owner, name
        ):
            raise Lost()

    def on_text(text: str) -> None:
        store.add_delta(db, task_id, owner, text, now=state.clock())

    # parse_content was entered by the claim; generate_content follows inside _content.
    writer = DeltaWriter(on_text)
    prepared = await _prepare(state, task, files)
    markdown = await run(_content_then_step, state, task, prepared, writer, owner)
    await step("generate_ppt")
    package = await _package(state, task)
    planned = await _plan(state, task, markdown, package)
    await run(_store_pages, state, task_id, owner, planned["htmls"])
    result = await _job(state, "buildPlanned", {"planned": planned, "package": package})
    await step("upload")
    await run(_upload, state, task, owner, result)
    log.info("task %s produced %s pages", task_id, result["pages"])


async def _prepare(state: ServiceState, task: Any, files: list[tuple[str, bytes]]) -> Any:
    """parse_content: the task's files, link or text -> PreparedContent, in a worker process
    (pool job "prepare") killed after DECKFORGE_PARSE_TIMEOUT_S, under its memory limit."""
    params = json.loads(task.params)
    payload = {
        "type": task.type,
        "content": params.get("content"),
        "files": files,
        "allowLoopback": state.settings.task_link_allow_loopback,
    }
    result = await _job(state, "prepare", payload, timeout_s=state.settings.parse_timeout_s)
    return result["prepared"]


def _content_then_step(
    state: ServiceState, task: Any, prepared: Any, writer: DeltaWriter, owner: str
) -> str:
    """(event) generate_content, then the LLM when the type needs it, in one worker thread."""
    params = json.loads(task.params)
    if not store.set_step(state.db, task.id, owner, "generate_content", now=state.clock()):
        raise Lost()
    if prepared.task_type == 7:
        return str(prepared.markdown)
    return _llm(prepared, params, writer)
