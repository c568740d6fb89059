"""Grid track sizing (track sizing functions + item contributions + free space -> track sizes, CSS Grid 1 §11.3-11.8)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from engine.layout.items import INF
from engine.style.grid_values import Breadth, TrackSize

EPS = 1e-6
LAYOUT, MIN_CONTENT, MAX_CONTENT = "layout", "min-content", "max-content"


class Contribution(NamedTuple):
    """An item's outer size contributions in one axis (margins included)."""

    min_content: float
    max_content: float
    minimum: float  # the minimum contribution (automatic minimum size as preferred size)


@dataclass(eq=False, slots=True)
class Track:
    min_kind: str  # 'fixed' | 'auto' | 'min-content' | 'max-content'
    max_kind: str  # 'fixed' | 'auto' | 'min-content' | 'max-content' | 'fit-content' | 'fr'
    min_px: float = 0.0
    max_px: float = 0.0  # fixed max, or the fit-content() limit
    flex: float = 0.0
    base: float = 0.0
    limit: float = INF
    collapsed: bool = False
    planned: float = 0.0
    growable: bool = False  # "infinitely growable" between the two growth-limit steps


@dataclass(eq=False, slots=True)
class SpanItem:
    """An item as the track sizing algorithm sees it: the tracks it spans and its contributions."""

    start: int
    end: int
    measure: Callable[[], Contribution]
    _cached: Contribution | None = field(default=None)

    def contribution(self) -> Contribution:
        if self._cached is None:
            self._cached = self.measure()
        return self._cached

    @property
    def span(self) -> int:
        return self.end - self.start


def _resolve(breadth: Breadth, basis: float | None) -> float | None:
    value = breadth.resolve(basis)
    if value is not None and breadth.pct:
        value = math.trunc(value * 64.0) / 64.0  # LayoutUnit(percentage of the basis)
    return value


def make_tracks(
    sizes: Sequence[TrackSize], basis: float | None, collapsed: set[int]
) -> list[Track]:
    """Initialize each track's base size and growth limit (§11.4); % of an indefinite basis act as auto."""
    tracks: list[Track] = []
    for i, size in enumerate(sizes):
        lo, hi = size.min, size.max
        t = Track("auto", "auto")
        if i in collapsed:
            t.min_kind = t.max_kind = "fixed"
            t.collapsed = True
            t.limit = 0.0
            tracks.append(t)
            continue
        if lo.kind == "fixed":
            value = _resolve(lo, basis)
            if value is not None:
                t.min_kind, t.min_px = "fixed", max(0.0, value)
        elif lo.kind in ("min-content", "max-content"):
            t.min_kind = lo.kind
        if hi.kind == "fixed":
            value = _resolve(hi, basis)
            if value is not None:
                t.max_kind, t.max_px = "fixed", max(0.0, value)
            elif lo.kind == "fixed" and lo.pct and t.min_kind == "auto":
                t.max_kind = "auto"
        elif hi.kind == "fr":
            t.max_kind, t.flex = "fr", hi.px
        elif hi.kind == "fit-content":
            value = _resolve(hi, basis)
            t.max_kind = "fit-content" if value is not None else "max-content"
            t.max_px = max(0.0, value or 0.0)
        elif hi.kind in ("min-content", "max-content"):
            t.max_kind = hi.kind
        t.base = t.min_px if t.min_kind == "fixed" else 0.0
        t.limit = max(t.max_px, t.base) if t.max_kind == "fixed" else INF
        tracks.append(t)
    return tracks


def gaps_between(tracks: Sequence[Track], gap: float) -> float:
    count = sum(1 for t in tracks if not t.collapsed)
    return gap * max(0, count - 1)


def size_tracks(
    tracks: list[Track],
    items: list[SpanItem],
    gap: float,
    available: float | None,
    mode: str = LAYOUT,
    stretch: bool = True,
    min_available: float | None = None,
    max_available: float | None = None,
) -> None:
    """Run the track sizing algorithm on one axis (§11.3); `available` None means indefinite.

    With an indefinite size, `min_available`/`max_available` are the container's min/max
    inner sizes: flexible tracks are re-expanded against them when the grid would violate them.
    """
    _resolve_intrinsic(tracks, items, gap, mode)
    free_space = available if mode == LAYOUT else None
    _maximize(tracks, gap, free_space, mode)
    before = [t.base for t in tracks]
    _expand_flexible(tracks, items, gap, free_space, mode)
    if mode == LAYOUT and available is None and any(t.max_kind == "fr" for t in tracks):
        total = sum(t.base for t in tracks) + gaps_between(tracks, gap)
        bound = None
        if min_available is not None and total < min_available - EPS:
            bound = min_available
        elif max_available is not None and total > max_available + EPS:
            bound = max_available
        if bound is not None:
            for t, base in zip(tracks, before, strict=True):
                t.base = base
            _expand_flexible(tracks, items, gap, bound, mode)
    if stretch and mode == LAYOUT:
        _stretch_auto(tracks, gap, available if available is not None else min_available)


def _spanned(tracks: list[Track], item: SpanItem) -> list[Track]:
    return [t for t in tracks[item.start : item.end] if not t.collapsed]


def _crosses_flexible(tracks: list[Track], item: SpanItem) -> bool:
    return any(t.max_kind == "fr" for t in tracks[item.start : item.end])


def _raise_limit(t: Track, value: float) -> None:
    t.limit = value if t.limit == INF else max(t.limit, value)


def _resolve_intrinsic(tracks: list[Track], items: list[SpanItem], gap: float, mode: str) -> None:
    """§11.5: size tracks to fit their non-flexible items, single spans first."""
    multi: dict[int, list[SpanItem]] = {}
    flexible: list[SpanItem] = []
    for item in items:
        if _crosses_flexible(tracks, item):
            flexible.append(item)
        elif item.span == 1:
            t = tracks[item.start]
            if not t.collapsed and (t.min_kind != "fixed" or t.max_kind != "fixed"):
                _single(t, item.contribution(), mode)
        else:
            spanned = tracks[item.start : item.end]
            if any(t.min_kind != "fixed" or t.max_kind != "fixed" for t in spanned):
                multi.setdefault(item.span, []).append(item)
    _fix_limits(tracks)
    for span in sorted(multi):
        group = multi[span]
        minimum = _minimum_fn(mode)
        _distribute(tracks, group, gap, minimum, lambda t: t.min_kind != "fixed", True)
        _distribute(
            tracks,
            group,
            gap,
            lambda c: c.min_content,
            lambda t: t.min_kind in ("min-content", "max-content"),
            True,
        )
        _distribute(
            tracks,
            group,
            gap,
            lambda c: c.max_content,
            lambda t: t.min_kind == "max-content" or (t.min_kind == "auto" and mode == MAX_CONTENT),
            True,
            lambda t: t.max_kind in ("auto", "max-content"),
        )
        _fix_limits(tracks)
        growable = _distribute(
            tracks,
            group,
            gap,
            lambda c: c.min_content,
            lambda t: t.max_kind not in ("fixed", "fr"),
            False,
        )
        for t in growable:
            t.growable = True
        _distribute(
            tracks,
            group,
            gap,
            lambda c: c.max_content,
            lambda t: t.max_kind in ("auto", "max-content", "fit-content"),
            False,
        )
        for t in growable:
            t.growable = False
        _fix_limits(tracks)
    if flexible:
        _distribute_flexible(tracks, flexible, gap, _minimum_fn(mode))
    for t in tracks:
        if t.limit == INF and t.max_kind != "fr":
            t.limit = t.base
    _fix_limits(tracks)


def _minimum_fn(mode: str) -> Callable[[Contribution], float]:
    if mode == LAYOUT:
        return lambda c: c.minimum
    return lambda c: c.min_content


def _single(t: Track, c: Contribution, mode: str) -> None:
    if t.min_kind == "min-content":
        t.base = max(t.base, c.min_content)
    elif t.min_kind == "max-content":
        t.base = max(t.base, c.max_content)
    elif t.min_kind == "auto":
        if mode == LAYOUT:
            t.base = max(t.base, c.minimum)
        else:
            limited = c.min_content
            if t.max_kind == "fixed":
                limited = max(min(limited, t.max_px), c.minimum)
            t.base = max(t.base, limited)
    if t.max_kind == "min-content":
        _raise_limit(t, c.min_content)
    elif t.max_kind in ("max-content", "auto"):
        _raise_limit(t, c.max_content)
    elif t.max_kind == "fit-content":
        _raise_limit(t, min(c.max_content, t.max_px))


def _fix_limits(tracks: list[Track]) -> None:
    for t in tracks:
        if t.limit != INF and t.limit < t.base:
            t.limit = t.base


def _distribute(
    tracks: list[Track],
    group: list[SpanItem],
    gap: float,
    size_of: Callable[[Contribution], float],
    affected_if: Callable[[Track], bool],
    to_base: bool,
    beyond_if: Callable[[Track], bool] = lambda t: t.max_kind not in ("fixed", "fr"),
) -> list[Track]:
    """§11.5.1 distribute extra space of spanning items to base sizes or growth limits.

    Returns the growth-limit tracks that went from infinite to finite (they stay
    "infinitely growable" for the next step)."""
    touched: dict[int, Track] = {}
    for item in group:
        spanned = _spanned(tracks, item)
        affected = [t for t in spanned if affected_if(t)]
        if not affected:
            continue
        for t in affected:
            touched.setdefault(id(t), t)
        current = sum(t.base if to_base or t.limit == INF else t.limit for t in spanned)
        extra = size_of(item.contribution()) - current - gap * (len(spanned) - 1)
        if extra <= EPS:
            continue
        if to_base:
            caps = [(t.limit - t.base) if t.limit != INF else INF for t in affected]
        else:  # only infinitely growable limits take space first, then all affected tracks
            caps = [INF if (t.limit == INF or t.growable) else 0.0 for t in affected]
        increases = _fill(extra, caps)
        left = extra - sum(increases)
        if left > EPS:
            beyond = [i for i, t in enumerate(affected) if beyond_if(t)] if to_base else []
            targets = beyond or list(range(len(affected)))
            for i in targets:
                increases[i] += left / len(targets)
        for t, inc in zip(affected, increases, strict=True):
            if inc > t.planned:
                t.planned = inc
    became_finite: list[Track] = []
    for t in touched.values():
        if to_base:
            t.base += t.planned
        elif t.limit == INF:
            t.limit = t.base + t.planned
            became_finite.append(t)
        else:
            t.limit += t.planned
        t.planned = 0.0
    return became_finite


def _fill(extra: float, caps: list[float]) -> list[float]:
    """Share `extra` equally, never giving a slot more than its cap (water filling)."""
    n = len(caps)
    out = [0.0] * n
    active = [i for i in range(n) if caps[i] > EPS]
    remaining = extra
    while remaining > EPS and active:
        share = remaining / len(active)
        still: list[int] = []
        for i in active:
            room = caps[i] - out[i]
            give = min(room, share)
            out[i] += give
            remaining -= give
            if room - give > EPS:
                still.append(i)
        if len(still) == len(active):
            break
        active = still
    return out


def _distribute_flexible(
    tracks: list[Track], items: list[SpanItem], gap: float, size_of: Callable[[Contribution], float]
) -> None:
    """Items crossing flexible tracks (all together, not grouped by span) grow those tracks'
    base sizes in proportion to their flex factors (CSS Grid 2 §11.5 step 4)."""
    for t in tracks:
        t.planned = 0.0
    for item in items:
        spanned = _spanned(tracks, item)
        flex = [t for t in spanned if t.max_kind == "fr" and t.min_kind != "fixed"]
        if not flex:
            continue
        extra = (
            size_of(item.contribution()) - sum(t.base for t in spanned) - gap * (len(spanned) - 1)
        )
        if extra <= EPS:
            continue
        total = sum(t.flex for t in flex)
        for t in flex:
            share = extra * t.flex / total if total > 0 else extra / len(flex)
            t.planned = max(t.planned, share)
    for t in tracks:
        if t.planned:
            t.base += t.planned
            t.planned = 0.0


def _maximize(tracks: list[Track], gap: float, available: float | None, mode: str) -> None:
    """§11.6: grow base sizes up to growth limits with the free space (all of it when infinite)."""
    if mode == MIN_CONTENT:
        return
    growable = [t for t in tracks if not t.collapsed and t.max_kind != "fr"]
    if available is None:
        for t in growable:
            if t.limit != INF:
                t.base = max(t.base, t.limit)
        return
    free = available - sum(t.base for t in tracks) - gaps_between(tracks, gap)
    if free <= EPS:
        return
    caps = [max(0.0, t.limit - t.base) for t in growable]
    for t, inc in zip(growable, _fill(free, caps), strict=True):
        t.base += inc


def find_fr_size(tracks: Sequence[Track], space: float, gap: float) -> float:
    """§11.7.1 find the size of an fr (Blink's formulation), in px."""
    leftover = space - gaps_between(tracks, gap)
    flexible: list[Track] = []
    flex_sum = 0.0
    for t in tracks:
        if t.collapsed:
            continue
        if t.max_kind == "fr":
            flexible.append(t)
            flex_sum += t.flex
        else:
            leftover -= t.base
    if leftover < 0 or not flexible:
        return 0.0
    flexible.sort(key=lambda t: (t.base / t.flex) if t.flex > 0 else INF, reverse=True)
    i = 0
    while leftover > 0 and i < len(flexible):
        flex_sum = max(flex_sum, 1.0)
        j = i
        while j < len(flexible) and flexible[j].flex * leftover < flexible[j].base * flex_sum:
            j += 1
        if j == i:
            return leftover / flex_sum
        for k in range(i, j):
            flex_sum -= flexible[k].flex
            leftover -= flexible[k].base
        i = j
    return 0.0


def _expand_flexible(
    tracks: list[Track], items: list[SpanItem], gap: float, available: float | None, mode: str
) -> None:
    """§11.7: size flexible tracks from the fr size; Blink truncates to 1/64 px carrying the remainder."""
    flexible = [t for t in tracks if t.max_kind == "fr" and not t.collapsed]
    if not flexible or mode == MIN_CONTENT:
        return
    if available is not None:
        free = available - sum(t.base for t in tracks) - gaps_between(tracks, gap)
        if free <= 0:
            return
        fr = find_fr_size(tracks, available, gap)
    else:
        fr = 0.0
        for t in flexible:
            fr = max(fr, t.base / t.flex if t.flex > 1 else t.base)
        for item in items:
            if _crosses_flexible(tracks, item):
                fr = max(
                    fr,
                    find_fr_size(
                        tracks[item.start : item.end], item.contribution().max_content, gap
                    ),
                )
    raw_fr = fr * 64.0
    carry = 0.0
    for t in flexible:
        share = raw_fr * t.flex + carry
        raw = math.floor(share + 1e-7)
        carry = share - raw
        expanded = raw / 64.0
        if expanded > t.base:
            t.base = expanded
    for t in flexible:
        t.limit = max(t.base, t.limit if t.limit != INF else t.base)


def _stretch_auto(tracks: list[Track], gap: float, available: float | None) -> None:
    """§11.8: share the remaining free space among tracks with an auto max sizing function."""
    if available is None:
        return
    autos = [t for t in tracks if t.max_kind == "auto" and not t.collapsed]
    if not autos:
        return
    free = available - sum(t.base for t in tracks) - gaps_between(tracks, gap)
    if free <= EPS:
        return
    raw = math.floor(free * 64.0 + 1e-6)
    for i, t in enumerate(autos):
        share = raw // (len(autos) - i)  # Blink: each share truncates, the remainder moves on
        raw -= share
        t.base += share / 64.0


__all__ = [
    "Contribution",
    "Track",
    "SpanItem",
    "make_tracks",
    "size_tracks",
    "find_fr_size",
    "gaps_between",
]
