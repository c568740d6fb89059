"""Keys -> values in a bounded, generational memo (two dicts: no unbounded growth, no emptying cliff).

Shaping results are memoised per font and per font stack. A plain dict grows without bound and a
dict emptied when full throws away the hot entries with the cold ones (every repeated word is
shaped again after the clear). This cache keeps two generations: new entries go to `young`;
when `young` holds `size` entries it becomes `old` (the previous `old` is dropped) and a new
`young` starts. A hit in `old` moves the entry back to `young`, so entries used within the last
`size` insertions survive a turnover. At most 2 x `size` entries are held; each operation is
O(1) (one or two dict look-ups).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

__all__ = ["BoundedCache", "ByObject"]

K = TypeVar("K")
V = TypeVar("V")


class BoundedCache(Generic[K, V]):
    """A memo of at most 2 x `size` entries; recently used entries survive a turnover."""

    __slots__ = ("size", "young", "old")

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError("cache size must be at least 1")
        self.size = size
        self.young: dict[K, V] = {}
        self.old: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        value = self.young.get(key)
        if value is None:
            value = self.old.get(key)
            if value is not None:
                self.put(key, value)  # used again: keep it through the next turnover
        return value

    def put(self, key: K, value: V) -> None:
        young = self.young
        if len(young) >= self.size and key not in young:
            self.old = young  # turnover: the previous old generation is dropped
            young = self.young = {}
        young[key] = value

    def clear(self) -> None:
        self.young = {}
        self.old = {}

    def __len__(self) -> int:
        return len(self.young) + len(self.old)

    def __contains__(self, key: object) -> bool:
        return key in self.young or key in self.old


class ByObject(Generic[V]):
    """A BoundedCache of values per (object, key) for objects that are never mutated once made
    (computed styles): looked up by the object's id, and each entry holds the object, so an id
    is never reused while it is cached and a hit is always for the same object."""

    __slots__ = ("cache",)

    def __init__(self, size: int) -> None:
        self.cache: BoundedCache[tuple[int, Hashable], tuple[object, V]] = BoundedCache(size)

    def get(self, obj: object, key: Hashable) -> V | None:
        hit = self.cache.get((id(obj), key))
        return hit[1] if hit is not None and hit[0] is obj else None

    def put(self, obj: object, key: Hashable, value: V) -> None:
        self.cache.put((id(obj), key), (obj, value))
