"""Writing a generated PPT's objects side by side: keys in slide order, every write awaited."""

from __future__ import annotations

import threading
import time

import pytest

from service.documents import put_all as _put_all


def test_keys_come_back_in_input_order_although_writes_finish_out_of_order() -> None:
    def put(data: bytes, name: str) -> str:
        time.sleep(0.02 * (5 - int(name)))  # the first item finishes last
        return f"key-{name}"

    items = [(b"x", str(i)) for i in range(5)]
    assert _put_all(put, items) == [f"key-{i}" for i in range(5)]


def test_writes_run_side_by_side() -> None:
    running = 0
    peak = 0
    lock = threading.Lock()

    def put(data: bytes, name: str) -> str:
        nonlocal running, peak
        with lock:
            running += 1
            peak = max(peak, running)
        time.sleep(0.05)
        with lock:
            running -= 1
        return name

    _put_all(put, [(b"", str(i)) for i in range(8)])
    assert peak > 1


def test_a_failed_write_is_raised_after_every_other_write_finished() -> None:
    made: list[str] = []
    lock = threading.Lock()

    def put(data: bytes, name: str) -> str:
        if name == "2":
            raise OSError("bucket refused the object")
        time.sleep(0.05)
        with lock:
            made.append(name)
        return name

    with pytest.raises(OSError, match="bucket refused"):
        _put_all(put, [(b"", str(i)) for i in range(6)])
    assert sorted(made) == ["0", "1", "3", "4", "5"]  # all awaited: _discard can remove them
