"""Expired-file sweeper (clock ticks -> storage.delete_expired, in the background). Files kept for
PPTs of the library (stored with keep=True) are never swept; they go with their PPT."""

from __future__ import annotations

import asyncio
import logging

from service.deps import ServiceState

log = logging.getLogger("deckforge.sweeper")


def sweep_once(state: ServiceState) -> int:
    """Delete every stored file whose link has expired; return how many (blocking)."""
    deleted = state.storage.delete_expired(state.clock())
    if deleted:
        state.metrics.files_swept.inc(deleted)
        log.info("deleted %s expired files", deleted)
    return deleted


async def sweep_forever(state: ServiceState) -> None:
    """Run sweep_once every `sweep_interval_s`, off the event loop, until cancelled."""
    while True:
        try:
            await asyncio.to_thread(sweep_once, state)
        except Exception:
            log.exception("sweep failed")
        await asyncio.sleep(state.settings.sweep_interval_s)
