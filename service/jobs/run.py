"""Running a job (a request handler or a task step -> this process's worker pool -> the job's
result, or a typed failure). The one way work is run: the convert endpoint, the generation and
template endpoints, the 2x previews and every task step call `run_job`.

    QueueFull   every worker busy and the waiting line full (requests: 1012; task steps wait
                for a place instead, `wait=True`, bounded by the task's own timeout)
    JobFailed   no result: the job ran past its time (its worker killed), crashed its worker,
                raised, or the pool is closed
    JobRefused  the job refused its input (the result's `status` was "rejected" or
                "contentError"): the caller turns `code` into its envelope code or errorCode

A request's job is admitted within its account's share of the pool and failure budget
(service.quotas.account_job, 1014 past them); a job past its time, and a refusal the tenant's
input caused (all pages failed, a template past its render limits), count against the budget.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from service.config import Settings
from service.envelope import ALL_PAGES_FAILED, TEMPLATE_LIMIT
from service.jobs import POOL_JOB, JobKind
from service.jobs.pool import JobFailed, QueueFull, WorkerPool
from service.quotas import account_job

if TYPE_CHECKING:
    from service.accounts import Principal
    from service.deps import ServiceState

__all__ = ["JobFailed", "JobRefused", "QueueFull", "build_pool", "run_job"]

POOL_RETRY_S = 0.25  # a task step retries a full pool this often
# Refusals caused by the tenant's own input: they spend the account's failure budget.
TENANT_REFUSALS = frozenset({ALL_PAGES_FAILED, TEMPLATE_LIMIT})


class JobRefused(Exception):
    """The job refused its input. `kind` "rejected": `code` is an envelope code (40010, 50103,
    1010, 1001, 1015, 88) with `details` (errorDetails); "contentError" (prepare): `code` is
    the content sources' errorCode (FILE_UNREADABLE, URL_FETCH_FAILED, ...)."""

    def __init__(
        self,
        kind: Literal["rejected", "contentError"],
        code: int | str,
        message: str,
        details: list[dict[str, Any]] | None = None,
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.kind = kind
        self.code = code
        self.message = message
        self.details = details or []


async def run_job(
    state: ServiceState,
    kind: JobKind,
    payload: dict[str, Any],
    *,
    principal: Principal | None = None,
    timeout_s: float | None = None,
    wait: bool = False,
    request_id: str | None = None,
) -> dict[str, Any]:
    """Run one job of `kind` on the process's pool and return its result (status "ok").
    `principal`: a request's caller, admitted within its account's share (ApiError 1014);
    `timeout_s`: when its worker is killed (default: the pool's); `wait`: a full pool is waited
    out instead of raising QueueFull."""
    job = {**payload, "job": kind}
    async with account_job(state, principal) as budget:
        while True:
            try:
                result: dict[str, Any] = await state.pool.run(job, request_id, timeout_s=timeout_s)
                break
            except QueueFull:
                if not wait:
                    raise
                await asyncio.sleep(POOL_RETRY_S)
            except JobFailed as exc:
                if exc.reason == "timeout" and principal is not None:
                    budget.record(principal.account_id, time.monotonic())
                raise
    status = result.get("status")
    if status in ("rejected", "contentError"):
        code = result.get("code")
        if code in TENANT_REFUSALS and principal is not None:
            budget.record(principal.account_id, time.monotonic())
        raise JobRefused(
            "rejected" if status == "rejected" else "contentError",
            code if isinstance(code, int | str) else "",
            str(result.get("message") or "refused"),
            list(result.get("errorDetails") or []),
        )
    return result


def worker_config(settings: Settings) -> dict[str, Any]:
    """What each worker process is configured with (service.jobs.generate.worker_configure)."""
    return {
        "render": {
            "cpu_s": settings.template_render_cpu_s,
            "max_string_chars": settings.template_max_string_chars,
            "max_range": settings.template_max_range,
            "max_output_chars": settings.template_max_output_chars,
        }
    }


def build_pool(
    settings: Settings,
    job: str = POOL_JOB,
    *,
    size: int | None = None,
    queue_size: int | None = None,
    on_restart: Callable[[str], None] | None = None,
) -> WorkerPool:
    """The pool of a process that does work: `settings.workers` processes behind
    `settings.queue_size` waiting places (an API instance), or `size` / `queue_size` (a worker
    host's task process), each bounded by the request timeout and the worker memory limit."""
    return WorkerPool(
        job,
        size=size or settings.workers,
        queue_size=settings.queue_size if queue_size is None else queue_size,
        timeout_s=settings.request_timeout_s,
        max_jobs_per_worker=settings.max_jobs_per_worker,
        start_method=settings.worker_start_method,
        preload=("engine",),
        log_level=settings.log_level,
        log_json=settings.log_json,
        on_restart=on_restart,
        memory_bytes=settings.worker_memory_bytes,
        config=worker_config(settings),
    )
