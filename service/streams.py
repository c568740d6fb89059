"""Open task event streams (a principal -> a slot while its stream is open): at most
`sse_max_per_token` per token and `sse_max_per_account` per account in this process; past
either, code 1014 before any stream starts."""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator
from typing import Any

from service.accounts import Principal
from service.envelope import ACCOUNT_BUSY, ApiError


class StreamSlots:
    def __init__(self, per_token: int, per_account: int) -> None:
        self.per_token = per_token
        self.per_account = per_account
        self.tokens: Counter[str] = Counter()
        self.accounts: Counter[int] = Counter()

    @staticmethod
    def token_key(principal: Principal) -> str:
        return principal.token_id or principal.label

    def acquire(self, principal: Principal) -> None:
        key = self.token_key(principal)
        if self.tokens[key] >= self.per_token:
            raise ApiError(
                ACCOUNT_BUSY,
                f"too many open streams for this token (at most {self.per_token})",
                headers={"Retry-After": "5"},
            )
        if self.accounts[principal.account_id] >= self.per_account:
            raise ApiError(
                ACCOUNT_BUSY,
                f"too many open streams for this account (at most {self.per_account})",
                headers={"Retry-After": "5"},
            )
        self.tokens[key] += 1
        self.accounts[principal.account_id] += 1

    def release(self, principal: Principal) -> None:
        key = self.token_key(principal)
        self.tokens[key] -= 1
        if self.tokens[key] <= 0:
            del self.tokens[key]
        self.accounts[principal.account_id] -= 1
        if self.accounts[principal.account_id] <= 0:
            del self.accounts[principal.account_id]


async def holding(
    slots: StreamSlots, principal: Principal, body: AsyncIterator[Any]
) -> AsyncIterator[Any]:
    """`body` while holding the principal's slot (taken by the caller), released at its end,
    also when the client goes away."""
    try:
        async for item in body:
            yield item
    finally:
        slots.release(principal)
