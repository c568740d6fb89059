"""Pages rendered once per deck: the plans of one deck (counted, condensed, planned again)
render many pages they rendered before; within `shared_renders`, a page rendered before with
the same inputs (its template, deck fields, plan, language, sizes and code style) is served
the HTML made then, and any changed input renders the page anew."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

RenderKey = tuple[Hashable, ...]

_RENDERS: ContextVar[dict[RenderKey, str] | None] = ContextVar("deckforge_renders", default=None)


@contextmanager
def shared_renders() -> Iterator[None]:
    """Within the block, `rendered` serves HTML made before under the same key."""
    token = _RENDERS.set({})
    try:
        yield
    finally:
        _RENDERS.reset(token)


def rendered(key: RenderKey, make: Callable[[], str]) -> str:
    """The HTML `make` renders, made once per key within `shared_renders` (else each time)."""
    cache = _RENDERS.get()
    if cache is None:
        return make()
    html = cache.get(key)
    if html is None:
        html = make()
        cache[key] = html
    return html
