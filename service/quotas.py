"""Per-account shares of the service (a principal -> a slot while its work is open): open task
streams, uploads being received, generation and conversion jobs. Each `Slots` caps the slots
of one key (a token, or the account), of one account and in total; past a key's or account's
cap the answer is 1014 (this tenant's share is in use), past the total 1012 (the service is
busy), both at once, before any work. Counts live in this process (one event loop)."""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import Any

from service.accounts import Principal
from service.envelope import ACCOUNT_BUSY, BUSY, ApiError


@dataclass
class Slots:
    """`what` names the work in messages; a limit of 0 is no cap."""

    what: str
    per_token: int = 0
    per_account: int = 0
    total: int = 0
    tokens: Counter[str] = field(default_factory=Counter)
    accounts: Counter[int] = field(default_factory=Counter)
    held: int = 0

    @staticmethod
    def token_key(principal: Principal) -> str:
        return principal.token_id or principal.label

    def acquire(self, principal: Principal) -> None:
        key = self.token_key(principal)
        if self.per_token and self.tokens[key] >= self.per_token:
            raise self._refusal(ACCOUNT_BUSY, f"this token (at most {self.per_token})")
        if self.per_account and self.accounts[principal.account_id] >= self.per_account:
            raise self._refusal(ACCOUNT_BUSY, f"this account (at most {self.per_account})")
        if self.total and self.held >= self.total:
            raise self._refusal(BUSY, f"the service (at most {self.total})")
        self.tokens[key] += 1
        self.accounts[principal.account_id] += 1
        self.held += 1

    def _refusal(self, code: int, whose: str) -> ApiError:
        return ApiError(
            code, f"too many {self.what} at once for {whose}", headers={"Retry-After": "5"}
        )

    def release(self, principal: Principal) -> None:
        key = self.token_key(principal)
        self.tokens[key] -= 1
        if self.tokens[key] <= 0:
            del self.tokens[key]
        self.accounts[principal.account_id] -= 1
        if self.accounts[principal.account_id] <= 0:
            del self.accounts[principal.account_id]
        self.held -= 1

    @contextlib.contextmanager
    def hold(self, principal: Principal) -> Iterator[None]:
        self.acquire(principal)
        try:
            yield
        finally:
            self.release(principal)


async def holding(
    slots: Slots, principal: Principal, body: AsyncIterator[Any]
) -> AsyncIterator[Any]:
    """`body` while holding the principal's slot (taken by the caller), released at its end,
    also when the client goes away."""
    try:
        async for item in body:
            yield item
    finally:
        slots.release(principal)


def slots_of(extra: dict[str, object], name: str, make: Any) -> Slots:
    """The app's `Slots` called `name` (made by `make()` on first use)."""
    found = extra.get(name)
    if not isinstance(found, Slots):
        found = make()
        extra[name] = found
    return found


@dataclass
class FailureBudget:
    """Work that failed by the tenant's input (a conversion or template over its time or
    render limits, a task whose content could not be read in time): more than `limit` such
    failures of one account within `window_s` and its new work answers 1014 until the oldest
    leaves the window. 0: no budget."""

    limit: int
    window_s: float
    failures: dict[int, list[float]] = field(default_factory=dict)

    def record(self, account_id: int, now: float) -> None:
        if self.limit:
            self.failures.setdefault(account_id, []).append(now)

    def check(self, account_id: int, now: float) -> None:
        if not self.limit:
            return
        recent = [t for t in self.failures.get(account_id, ()) if now - t < self.window_s]
        if recent:
            self.failures[account_id] = recent
        else:
            self.failures.pop(account_id, None)
        if len(recent) >= self.limit:
            wait = max(1, int(self.window_s - (now - recent[0])) + 1)
            raise ApiError(
                ACCOUNT_BUSY,
                f"too many failed jobs of this account ({len(recent)} within "
                f"{self.window_s:g} s); retry in {wait} s",
                headers={"Retry-After": str(wait)},
            )


def failure_budget(extra: dict[str, object], limit: int, window_s: float) -> FailureBudget:
    found = extra.get("failure_budget")
    if not isinstance(found, FailureBudget):
        found = FailureBudget(limit, window_s)
        extra["failure_budget"] = found
    return found


def job_slots(extra: dict[str, object], per_account: int) -> Slots:
    """Conversion and generation jobs of one account admitted to the worker pool at once."""
    return slots_of(extra, "job_slots", lambda: Slots("jobs", 0, per_account, 0))


@contextlib.asynccontextmanager
async def account_job(state: Any, principal: Principal | None) -> AsyncIterator[FailureBudget]:
    """Admission of one pool job for `principal`: its failure budget is checked (1014), then
    one of its job slots is held while the job runs (1014 past its share). Yields the budget,
    to record a failure the tenant's input caused."""
    import time

    settings = state.settings
    budget = failure_budget(
        state.extra, settings.failed_jobs_per_window, settings.failed_jobs_window_s
    )
    if principal is None:
        yield budget
        return
    budget.check(principal.account_id, time.monotonic())
    with job_slots(state.extra, settings.account_jobs).hold(principal):
        yield budget
