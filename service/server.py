"""The HTTP front of `deckforge serve` (a listening socket + settings -> uvicorn whose every
connection is bounded): a header deadline, an idle deadline, connection caps per client address
and in total, rate-limited logging of repeated resource errors, and the file-handle limit raised
at start.

uvicorn bounds the wait for the next request on a kept-alive connection (`timeout_keep_alive`)
but not a connection that sends nothing or half a request line, nor the number of connections:
`GuardedH11Protocol` adds those to uvicorn's own h11 protocol, so the request handling itself
stays uvicorn's. The request body has its own deadline (service.middleware.body_deadline).
"""

from __future__ import annotations

import asyncio
import json
import logging
import resource
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from service.config import Settings

log = logging.getLogger("deckforge.server")

REFUSED_BODY = json.dumps(
    {"code": 1012, "message": "server busy: too many connections, retry later", "data": None}
).encode()
REFUSED_RESPONSE = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
    b"retry-after: 1\r\nconnection: close\r\ncontent-length: "
    + str(len(REFUSED_BODY)).encode()
    + b"\r\n\r\n"
    + REFUSED_BODY
)


@dataclass
class ConnectionGuard:
    """Open connections, in total and per client address (one event loop: no lock needed)."""

    max_total: int
    max_per_client: int
    header_timeout_s: float
    idle_timeout_s: float
    per_client: Counter[str] = field(default_factory=Counter)
    total: int = 0
    refused: int = 0
    timed_out: int = 0

    def admit(self, client: str) -> bool:
        if self.total >= self.max_total or self.per_client[client] >= self.max_per_client:
            self.refused += 1
            return False
        self.total += 1
        self.per_client[client] += 1
        return True

    def release(self, client: str) -> None:
        self.total -= 1
        self.per_client[client] -= 1
        if self.per_client[client] <= 0:
            del self.per_client[client]


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with the guard's caps and deadlines (class attribute `guard`,
    set by `guarded_protocol`). Deadlines: the request line and headers must arrive within
    `header_timeout_s` of the connection's first byte (or of its opening); a connection on
    which no request runs is closed after `idle_timeout_s` without data."""

    guard: ConnectionGuard

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._client = self.client[0] if self.client else "-"
        self._admitted = self.guard.admit(self._client)
        self._header_timer: asyncio.TimerHandle | None = None
        self._idle_timer: asyncio.TimerHandle | None = None
        if not self._admitted:
            transport.write(REFUSED_RESPONSE)
            transport.close()
            return
        self._arm_header_timer()
        self._arm_idle_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_timers()
        if getattr(self, "_admitted", False):
            self._admitted = False
            self.guard.release(self._client)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if not self._admitted:
            return
        super().data_received(data)
        self._arm_idle_timer()
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self._arm_header_timer()  # bytes of a request whose headers are not complete
        elif self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm_idle_timer()

    # -- timers ---------------------------------------------------------------------------------

    def _arm_header_timer(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(
                self.guard.header_timeout_s, self._header_deadline
            )

    def _arm_idle_timer(self) -> None:
        if self._idle_timer is not None:
            self._idle_timer.cancel()
        self._idle_timer = self.loop.call_later(self.guard.idle_timeout_s, self._idle_deadline)

    def _cancel_timers(self) -> None:
        for timer in (getattr(self, "_header_timer", None), getattr(self, "_idle_timer", None)):
            if timer is not None:
                timer.cancel()
        self._header_timer = self._idle_timer = None

    def _header_deadline(self) -> None:
        self._header_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.guard.timed_out += 1
            self.transport.close()

    def _idle_deadline(self) -> None:
        self._idle_timer = None
        running = self.cycle is not None and not self.cycle.response_complete
        if running or self.transport.is_closing():
            return  # a request is being answered: its own deadlines apply
        self.guard.timed_out += 1
        self.transport.close()


def guarded_protocol(guard: ConnectionGuard) -> type[GuardedH11Protocol]:
    """A protocol class bound to `guard` (uvicorn instantiates the class it is given)."""
    return type("BoundGuardedH11Protocol", (GuardedH11Protocol,), {"guard": guard})


def guard_from(settings: Settings) -> ConnectionGuard:
    return ConnectionGuard(
        max_total=settings.max_connections,
        max_per_client=settings.max_connections_per_client,
        header_timeout_s=settings.header_timeout_s,
        idle_timeout_s=settings.idle_timeout_s,
    )


def raise_file_limit(wanted: int) -> int:
    """Raise the soft RLIMIT_NOFILE towards `wanted` (at most the hard limit); return it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if target > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            log.warning("could not raise the open-file limit from %s to %s", soft, target)
    return soft


class RepeatFilter(logging.Filter):
    """Lets through at most one record per `interval_s` for each (logger, message template) at
    WARNING and above; the next one let through carries `suppressed=N`. Repeated accept and
    resource errors (EMFILE, a flood of bad requests) then cost a line every few seconds, not
    one per event."""

    def __init__(self, interval_s: float = 10.0) -> None:
        super().__init__()
        self.interval_s = interval_s
        self._last: dict[tuple[str, str], float] = {}
        self._suppressed: Counter[tuple[str, str]] = Counter()
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING:
            return True
        key = (record.name, str(record.msg)[:200])
        now = time.monotonic()
        with self._lock:
            last = self._last.get(key)
            if last is not None and now - last < self.interval_s:
                self._suppressed[key] += 1
                return False
            if len(self._last) > 1000:
                self._last.clear()
            self._last[key] = now
            count = self._suppressed.pop(key, 0)
        if count:
            record.suppressed = count
        return True


def install_repeat_filter(interval_s: float) -> RepeatFilter:
    """On every handler of the root logger (configure_logging's), once."""
    flt = RepeatFilter(interval_s)
    for handler in logging.getLogger().handlers:
        for old in [f for f in handler.filters if isinstance(f, RepeatFilter)]:
            handler.removeFilter(old)
        handler.addFilter(flt)
    return flt


def uvicorn_options(settings: Settings, guard: ConnectionGuard) -> dict[str, Any]:
    """The uvicorn.Config keywords that bound connections."""
    return {
        "http": guarded_protocol(guard),
        "timeout_keep_alive": settings.idle_timeout_s,
        "h11_max_incomplete_event_size": settings.max_header_bytes,
        "backlog": min(2048, settings.max_connections),
    }
