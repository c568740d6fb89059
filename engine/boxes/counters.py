"""CSS counters (counter-reset / -increment / -set of elements in document order -> the values of counter() and counters())."""

from __future__ import annotations

import contextlib
from typing import Any

from engine.boxes.lists import counter_text

INT_MIN, INT_MAX = -(2**31), 2**31 - 1  # Chromium keeps counter values in an int, saturating
LIST_ITEM = "list-item"
LIST_OWNERS = frozenset({"ol", "ul", "menu", "dir"})  # reset list-item implicitly


class _Instance:
    """One counter instance: its value and where it lives (see Counters)."""

    __slots__ = ("value", "level", "shared", "reversed", "outer_text")

    def __init__(self, value: int, level: int, shared: bool, reversed_: bool) -> None:
        self.value = value
        self.level = level  # the walk level whose end removes it
        self.shared = shared  # created at `level` for the creator's following siblings too
        self.reversed = reversed_  # a reversed list's list-item counter (items count down)
        # counters() text of the instances it nests in, per (separator, style): they keep their
        # values while it exists (only the innermost instance changes)
        self.outer_text: dict[tuple[str, str], str] | None = None


class Counters:
    """The counters in scope during the box builder's walk in document order (CSS Lists 3 §4).

    Each element (and generated ::before/::after) calls `apply` with its style, then `open`
    before its children and `close` after them; `level` counts the open elements. An element E
    whose parent P has no counter `n` in scope creates its instance of `n` for E, its descendants
    and its following siblings (removed when P closes; a following sibling's counter-reset
    replaces it); when P has `n` in scope, E's new instance nests inside it and serves E's
    descendants only (removed when E closes) -- the spec's counter inheritance, as Chromium does.
    The list-item counter is implicit: <ol>/<ul>/<menu>/<dir> reset it (<ol start>, <ol
    reversed>), <li> elements shown as list items increment it (by -1 in a reversed list).
    """

    __slots__ = ("_stacks", "_owned", "level")

    def __init__(self) -> None:
        self._stacks: dict[str, list[_Instance]] = {}  # name -> instances in scope, innermost last
        self._owned: dict[int, list[str]] = {}  # level -> names whose innermost instance it ends
        self.level = 0

    def apply(self, style: Any, tag: str = "", el: Any = None) -> None:
        """counter-reset, then counter-increment, then counter-set of an element at this level."""
        reset, increment, set_ = (
            style["counter-reset"],
            style["counter-increment"],
            style["counter-set"],
        )
        owner = tag in LIST_OWNERS
        item = tag == "li" and style["display"] == "list-item"
        if not (reset or increment or set_ or owner or item):
            return
        resets = {name: (_clamp(value), False) for name, value in reset}  # the last one wins
        if owner and LIST_ITEM not in resets:
            resets[LIST_ITEM] = _list_start(tag, el)
        for name, (value, reversed_) in resets.items():
            self._instantiate(name, value, reversed_)
        steps: dict[str, int] = {}
        for name, by in increment:
            steps[name] = steps.get(name, 0) + by
        if item and LIST_ITEM not in steps:
            steps[LIST_ITEM] = -1 if self._innermost(LIST_ITEM).reversed else 1
        for name, by in steps.items():
            counter = self._innermost(name)
            counter.value = _clamp(counter.value + by)
        for name, value in set_:
            self._innermost(name).value = _clamp(value)

    def open(self) -> None:
        """Enter the children of the element last applied."""
        self.level += 1

    def close(self) -> None:
        """Leave them: the instances that served them (and only them) go out of scope."""
        names = self._owned.pop(self.level, None)
        if names:
            for name in names:
                stack = self._stacks[name]
                stack.pop()
                if not stack:
                    del self._stacks[name]
        self.level -= 1

    def value(self, name: str) -> int:
        """counter(name) of the element at this level (a counter not in scope is created at 0)."""
        return self._innermost(name).value

    def values(self, name: str) -> list[int]:
        """The values of every instance in scope, outermost first (created as for `value`)."""
        self._innermost(name)
        return [counter.value for counter in self._stacks[name]]

    def text(self, name: str, style: str) -> str:
        """counter(name, style) text."""
        return counter_text(style, self._innermost(name).value)

    def joined(self, name: str, separator: str, style: str) -> str:
        """counters(name, separator, style) text: every instance in scope, outermost first.
        Each instance keeps the text of those it nests in, so a deep stack of instances is
        formatted once, not once per use."""
        top = self._innermost(name)
        stack = self._stacks[name]
        key = (separator, style)
        depth = len(stack) - 1
        start = depth
        while start > 0 and (stack[start].outer_text or {}).get(key) is None:
            start -= 1
        outer = (stack[start].outer_text or {}).get(key, "") if start else ""
        for i in range(start, depth):
            outer += counter_text(style, stack[i].value) + separator
            following = stack[i + 1]
            if following.outer_text is None:
                following.outer_text = {}
            following.outer_text[key] = outer
        return outer + counter_text(style, top.value)

    def _innermost(self, name: str) -> _Instance:
        stack = self._stacks.get(name)
        return stack[-1] if stack else self._instantiate(name, 0, False)

    def _instantiate(self, name: str, value: int, reversed_: bool) -> _Instance:
        level = self.level
        stack = self._stacks.get(name)
        if stack is None:  # not in the parent's scope: shared with the following siblings
            counter = _Instance(value, level, True, reversed_)
            self._stacks[name] = [counter]
        else:
            top = stack[-1]
            if top.shared and top.level == level:  # a previous sibling's (or this element's)
                top.value, top.reversed = value, reversed_
                return top
            level += 1  # nested in the parent's counter: this element's descendants only
            counter = _Instance(value, level, False, reversed_)
            stack.append(counter)
        self._owned.setdefault(level, []).append(name)
        return counter


def _clamp(value: int) -> int:
    return INT_MIN if value < INT_MIN else INT_MAX if value > INT_MAX else value


def _list_start(tag: str, el: Any) -> tuple[int, bool]:
    """The list-item counter a list element resets: (value before its first item, reversed).

    <ol start=N> counts from N (down from N when reversed); a reversed list without start counts
    down from 0, as Chromium 156's counter() shows it (its markers count from the item count).
    """
    if tag != "ol" or el is None:
        return 0, False
    reversed_ = el.get("reversed") is not None
    start: int | None = None
    with contextlib.suppress(TypeError, ValueError):
        start = _clamp(int(el.get("start")))
    if reversed_:
        return _clamp((start if start is not None else 0) + 1), True
    return _clamp((start if start is not None else 1) - 1), False


def ancestors_in_scope(counters: Counters, slide: Any, styles: Any) -> None:
    """Apply the counters of the slide root's ancestors (<html>, <body>, ...) and of their
    ::before, outermost first, leaving their levels open around the slide root."""
    for el in reversed(list(slide.iterancestors())):
        style = styles.get(el)
        if style is None or style["display"] == "contents":
            continue
        counters.apply(style, el.tag.lower() if isinstance(el.tag, str) else "", el)
        counters.open()
        before = styles.pseudo(el, "before")
        if before is not None and before["display"] != "none":
            counters.apply(before)
            counters.open()
            counters.close()
