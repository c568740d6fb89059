"""Animation values: the `animation` shorthand and animation-* longhands -> normalised comma lists."""

from __future__ import annotations

import re
from typing import Any

from engine.style.values import INVALID

ANIMATION_LONGHANDS = (
    "animation-name",
    "animation-duration",
    "animation-timing-function",
    "animation-delay",
    "animation-iteration-count",
    "animation-direction",
    "animation-fill-mode",
    "animation-play-state",
)
INITIAL = {
    "animation-name": "none",
    "animation-duration": "0s",
    "animation-timing-function": "ease",
    "animation-delay": "0s",
    "animation-iteration-count": "1",
    "animation-direction": "normal",
    "animation-fill-mode": "none",
    "animation-play-state": "running",
}
_TIMING = frozenset(
    ("linear", "ease", "ease-in", "ease-out", "ease-in-out", "step-start", "step-end")
)
_TIMING_FUNCS = ("cubic-bezier(", "steps(", "linear(")
_DIRECTION = frozenset(("normal", "reverse", "alternate", "alternate-reverse"))
_FILL = frozenset(("none", "forwards", "backwards", "both"))
_PLAY = frozenset(("running", "paused"))
_TIME = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?(ms|s)$", re.IGNORECASE)
_NUMBER = re.compile(r"^[+]?(\d+\.?\d*|\.\d+)$")
_WORD = re.compile(r"[-\w]+\([^()]*(?:\([^()]*\)[^()]*)*\)|\"[^\"]*\"|'[^']*'|[^\s]+")
_CSS_WIDE = frozenset(("inherit", "initial", "unset", "revert", "revert-layer"))


def split_commas(text: str) -> list[str]:
    """Top-level comma-separated items of a value (commas inside functions stay)."""
    out: list[str] = []
    depth = 0
    start = 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == "," and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    out.append(text[start:].strip())
    return out


def _layer(text: str) -> dict[str, str] | None:
    """One layer of the `animation` shorthand -> longhand values (None when invalid)."""
    values: dict[str, str] = {}
    for word in _WORD.findall(text):
        low = word.lower()
        if _TIME.match(low):
            key = "animation-duration" if "animation-duration" not in values else "animation-delay"
        elif low in _TIMING or low.startswith(_TIMING_FUNCS):
            key = "animation-timing-function"
        elif low == "infinite" or _NUMBER.match(low):
            key = "animation-iteration-count"
        elif low in _DIRECTION and "animation-direction" not in values:
            key = "animation-direction"
        elif low in _FILL and "animation-fill-mode" not in values:
            key = "animation-fill-mode"
        elif low in _PLAY and "animation-play-state" not in values:
            key = "animation-play-state"
        elif low in _CSS_WIDE:
            return None
        else:
            key = "animation-name"
            word = word.strip("\"'")
            low = word
        if key in values:
            return None
        values[key] = low
    return values


def animation_shorthand(toks: Any, text: str) -> Any:
    """`animation: fadeIn .8s ease-out .2s forwards, ...` -> [(longhand, comma list), ...]."""
    layers = [_layer(item) for item in split_commas(text)]
    if any(layer is None for layer in layers):
        return INVALID
    out = []
    for name in ANIMATION_LONGHANDS:
        out.append((name, ", ".join(layer.get(name, INITIAL[name]) for layer in layers if layer)))
    return out


def animation_longhand(toks: Any, text: str) -> Any:
    """An animation-* longhand: its comma list, normalised (names keep their case)."""
    items = split_commas(" ".join(text.split()))
    if not items or any(not item for item in items):
        return INVALID
    return ", ".join(items)
