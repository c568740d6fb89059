"""Garbage collection of a serving process (an app -> an app whose startup heap is frozen).

The server holds ~0.5 M long-lived objects once started (FastAPI, pydantic, SQLAlchemy, the
generator's templates). Each full collection walks all of them: ~95 ms of CPU, about once per
40 convert requests, some 1 % of the service's CPU per page (benchmarks/load_convert.py).
Moving them into the permanent generation (`gc.freeze`) after startup leaves collections
with only what requests allocate.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI


def freeze_after_startup(app: FastAPI) -> None:
    """Run `gc.collect(); gc.freeze()` once the app's startup (lifespan) has finished.

    For `deckforge serve` only: apps built by tests are torn down in a process that lives on,
    and whatever is frozen is never collected.
    """
    inner = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(target: Any) -> AsyncIterator[Any]:
        async with inner(target) as state:
            gc.collect()
            gc.freeze()
            yield state

    app.router.lifespan_context = lifespan
