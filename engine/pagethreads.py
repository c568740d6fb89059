"""Page threads: worker threads with a large stack that run pages one after another.

A page runs in a thread of its own stack size (`engine.budget.run_page`): deep nesting recurses
through layout further than the main thread's stack allows. Starting a thread per page costs
~0.5 ms (creating the thread and its stack mapping, faulting in the stack pages the page
touches, freeing them), which adds up where one process lays out many pages (the generator
measures every candidate slide of a deck). A page thread is therefore kept once its page is
done and runs the next page of any thread of the process:

- each page runs in a fresh, empty `contextvars.Context`, as in a new thread, so nothing a page
  sets (font set, web fonts) is seen by the next; the thread-local state pages use is set and
  cleared per page (`engine.budget`) or cleared before use (`engine.style.values`);
- at most MAX_IDLE threads wait for work; more run at once when several threads convert pages
  concurrently, and those beyond MAX_IDLE end when their page is done;
- a forked child forgets its parent's threads (they do not exist in the child) and starts its
  own;
- an idle thread keeps the stack pages its deepest page touched (at most STACK_BYTES of virtual
  memory, bounded by the parser's depth cap) until the process ends.
"""

from __future__ import annotations

import contextvars
import os
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

MAX_IDLE = 4


class PageThread:
    """One worker thread with a `stack_bytes` stack: runs the functions put to it one at a
    time, each in a fresh context, and hands back each one's result or exception."""

    def __init__(self, stack_bytes: int) -> None:
        self.jobs: queue.SimpleQueue[Callable[[], Any] | None] = queue.SimpleQueue()
        self.done: queue.SimpleQueue[tuple[bool, Any]] = queue.SimpleQueue()
        with _STACK_LOCK:
            previous = threading.stack_size(stack_bytes)
            try:
                self.thread = threading.Thread(
                    target=self._serve, name="deckforge-page", daemon=True
                )
                self.thread.start()
            finally:
                threading.stack_size(previous)

    def _serve(self) -> None:
        while True:
            fn = self.jobs.get()
            if fn is None:
                return
            try:
                outcome: tuple[bool, Any] = (True, contextvars.Context().run(fn))
            except BaseException as exc:  # noqa: BLE001 - re-raised in the calling thread
                outcome = (False, exc)
            self.done.put(outcome)
            del fn, outcome  # nothing of a page is kept while the thread waits

    def run(self, fn: Callable[[], Any]) -> tuple[bool, Any]:
        """(True, `fn()`) run in this thread, or (False, the exception it raised)."""
        self.jobs.put(fn)
        return self.done.get()


_STACK_LOCK = threading.Lock()
_IDLE_LOCK = threading.Lock()
_idle: list[PageThread] = []


def run_in_page_thread(fn: Callable[[], T], stack_bytes: int) -> T:
    """`fn()` run in an idle page thread (a new one when none waits); its exception is raised
    in the calling thread."""
    with _IDLE_LOCK:
        worker = _idle.pop() if _idle else None
    if worker is None:
        worker = PageThread(stack_bytes)
    try:
        ok, value = worker.run(fn)
    except BaseException:  # the caller was interrupted: the thread ends after its page
        worker.jobs.put(None)
        raise
    _give_back(worker)
    if not ok:
        raise value
    result: T = value
    return result


def _give_back(worker: PageThread) -> None:
    with _IDLE_LOCK:
        if len(_idle) < MAX_IDLE:
            _idle.append(worker)
            return
    worker.jobs.put(None)  # enough threads wait: this one ends


def idle_threads() -> int:
    """How many page threads wait for work."""
    with _IDLE_LOCK:
        return len(_idle)


def _forget() -> None:
    """In a forked child: the parent's page threads do not exist here."""
    global _IDLE_LOCK, _STACK_LOCK
    _IDLE_LOCK = threading.Lock()
    _STACK_LOCK = threading.Lock()
    _idle.clear()


os.register_at_fork(after_in_child=_forget)
