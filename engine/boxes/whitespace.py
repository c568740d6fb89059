"""White-space processing (CSS Text 3 phase I): raw text in an inline formatting context -> collapsed text."""

from __future__ import annotations

import re

from engine.boxes import box as b

_COLLAPSIBLE = re.compile(r"[ \t\n\r\f]+")
_SPACES_TABS = re.compile(r"[ \t]+")
_AROUND_NEWLINE = re.compile(r"[ \t]*\n[ \t]*")
PRESERVE = frozenset({"pre", "pre-wrap", "break-spaces"})


def collapse_inline_whitespace(container: b.Box, children: list[b.Box]) -> None:
    """Collapse white space across the inline-level boxes of one block container, in place.

    Called while the tree is being built (before layout), so editing the text boxes is fine.
    """
    state = [True]  # True when the previous character was a collapsible space (or at start)
    last_text: list[b.Box] = []
    for child in children:
        _walk(child, state, last_text)
    # Trailing collapsible white space at the end of the block is removed.
    if last_text:
        tail = last_text[-1]
        if tail.style["white-space"] not in PRESERVE:
            tail.text = tail.text.rstrip(" ")


def _walk(box: b.Box, state: list[bool], last_text: list[b.Box]) -> None:
    if box.out_of_flow:
        return
    if box.inner not in (b.TEXT, b.BREAK) and box.style["float"] != "none":
        return  # a float inside a line: out of flow, white space collapses across it
    if box.inner == b.TEXT:
        _collapse(box, state)
        if box.text:
            last_text.append(box)
        return
    if box.inner == b.BREAK:
        if last_text and last_text[-1].style["white-space"] not in PRESERVE:
            last_text[-1].text = last_text[-1].text.rstrip(" ")
        state[0] = True
        return
    if box.inner == b.INLINE:
        for child in box.children:
            _walk(child, state, last_text)
        return
    state[0] = False  # an atomic inline: the text before it is no longer at the end
    last_text.clear()


def _collapse(box: b.Box, state: list[bool]) -> None:
    mode = box.style["white-space"]
    text = box.text
    if mode in PRESERVE:
        box.text = text.replace("\r\n", "\n").replace("\r", "\n")
        state[0] = box.text.endswith("\n") if box.text else state[0]
        return
    if mode == "pre-line":
        text = _AROUND_NEWLINE.sub("\n", _SPACES_TABS.sub(" ", text.replace("\r\n", "\n")))
    else:
        text = _COLLAPSIBLE.sub(" ", text)
    if state[0] and text.startswith(" "):
        text = text[1:]
    if text:
        state[0] = text.endswith(" ") or text.endswith("\n")
    box.text = text
