"""engine.fonts.cache.ByObject: values per (object, key), served only for the same object."""

from __future__ import annotations

from engine.fonts.cache import ByObject


class _Style:
    pass


def test_a_value_is_served_for_its_object_and_key_only() -> None:
    memo: ByObject[int] = ByObject(4)
    a, b = _Style(), _Style()
    memo.put(a, "k", 1)
    assert memo.get(a, "k") == 1
    assert memo.get(a, "other") is None
    assert memo.get(b, "k") is None


def test_an_entry_keeps_its_object_so_its_id_is_not_served_to_another() -> None:
    memo: ByObject[int] = ByObject(4)
    memo.put(_Style(), "k", 1)  # the only reference to the object is the cache's
    later = [_Style() for _ in range(100)]  # none of them may take the cached object's id
    assert all(memo.get(obj, "k") is None for obj in later)


def test_a_stale_entry_under_a_reused_id_is_not_served() -> None:
    memo: ByObject[int] = ByObject(4)
    a, b = _Style(), _Style()
    memo.cache.put((id(b), "k"), (a, 1))  # as if b had taken a freed object's id
    assert memo.get(b, "k") is None
