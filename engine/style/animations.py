"""CSS animations at load: @keyframes + animation longhands -> the end-state declarations a viewer sees.

A page is looked at once it has loaded, with every finite animation run to completion (what
Playwright's `animations: "disabled"` screenshots and a viewer after a second see). So:

* `animation-fill-mode: forwards | both` -> the values of the keyframe the last iteration ends
  on (100 % for `normal`, 0 % for `reverse`, by parity for `alternate[-reverse]`), for the
  properties that keyframe declares; they sit above normal author declarations and below
  `!important` ones, as in the CSS cascade;
* any other fill mode, and `animation-iteration-count: infinite` -> the element's own style;
* transitions never matter at load (their declarations are accepted and ignored).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from engine.diagnostics import Diagnostics
from engine.style.animation_values import split_commas
from engine.style.declarations import Block, parse_block
from engine.style.media import media_matches
from engine.style.syntax import Rule, parse_blocks

# Properties an animation cannot set (CSS Animations 1, "not animatable").
_NOT_ANIMATABLE_PREFIXES = ("animation", "transition")
_NOT_ANIMATABLE = frozenset(
    ("display", "direction", "unicode-bidi", "writing-mode", "text-orientation", "will-change")
)


class Keyframes(NamedTuple):
    """The declarations of one @keyframes rule per keyframe offset (0..1), in source order."""

    frames: tuple[tuple[float, Block], ...]

    def at(self, offset: float) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for where, block in self.frames:
            if abs(where - offset) < 1e-6:
                for name, value in block.normal.items():
                    if name.startswith(_NOT_ANIMATABLE_PREFIXES) or name in _NOT_ANIMATABLE:
                        continue
                    out[name] = value
        return out


def _offsets(selector: str) -> list[float]:
    out = []
    for part in selector.split(","):
        part = part.strip().lower()
        if part == "from":
            out.append(0.0)
        elif part == "to":
            out.append(1.0)
        elif part.endswith("%"):
            try:
                value = float(part[:-1]) / 100.0
            except ValueError:
                continue
            if 0.0 <= value <= 1.0:
                out.append(value)
    return out


def _collect(
    items: list[str | Rule], viewport: tuple[float, float], out: dict[str, Keyframes]
) -> None:
    for item in items:
        if not isinstance(item, Rule) or not item.prelude.startswith("@"):
            continue
        head, _, rest = item.prelude[1:].partition(" ")
        head = head.lower()
        if head in ("keyframes", "-webkit-keyframes"):
            name = rest.strip().strip("\"'")
            frames: list[tuple[float, Block]] = []
            for frame in item.items:
                if not isinstance(frame, Rule):
                    continue
                block, _messages = parse_block([s for s in frame.items if isinstance(s, str)])
                frames.extend((offset, block) for offset in _offsets(frame.prelude))
            if name:
                out[name] = Keyframes(tuple(frames))  # the last @keyframes of a name wins
        elif head in ("supports", "layer") or (head == "media" and media_matches(rest, viewport)):
            _collect(item.items, viewport, out)


@lru_cache(maxsize=64)
def page_keyframes(
    sheet_texts: tuple[str, ...], viewport: tuple[float, float]
) -> dict[str, Keyframes]:
    """Every @keyframes rule of a page's stylesheets by name (empty when there are none)."""
    out: dict[str, Keyframes] = {}
    for text in sheet_texts:
        if "keyframes" in text.lower():
            _collect(parse_blocks(text), viewport, out)
    return out


def _iterations(value: str) -> float | None:
    if value == "infinite":
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return 1.0


def end_offset(direction: str, iterations: float) -> float | None:
    """The keyframe offset a finished animation rests on (None: between keyframes)."""
    whole = int(iterations)
    if iterations != whole:
        return None
    last = max(0, whole - 1)
    forwards = {
        "normal": True,
        "reverse": False,
        "alternate": last % 2 == 0,
        "alternate-reverse": last % 2 == 1,
    }.get(direction, True)
    if whole == 0:  # zero iterations: the animation rests on its start
        forwards = not forwards
    return 1.0 if forwards else 0.0


class Animator:
    """Applies finished animations to one page's elements (per page: diagnostics deduplicated)."""

    def __init__(self, keyframes: dict[str, Keyframes], diag: Diagnostics) -> None:
        self.keyframes = keyframes
        self.diag = diag
        self._seen: set[str] = set()

    def _report(self, message: str, where: str) -> None:
        if message not in self._seen:
            self._seen.add(message)
            self.diag.add("css", message, where)

    def end_state(
        self, style: Any, cascaded: dict[str, Any], blocks: list[Block], where: str
    ) -> dict[str, Any] | None:
        """The element's cascaded values with its finished animations applied (None: unchanged)."""
        names = split_commas(str(style["animation-name"]))
        lists = {
            key: split_commas(str(style[key]))
            for key in ("animation-iteration-count", "animation-direction", "animation-fill-mode")
        }
        overlay: dict[str, Any] = {}
        for i, name in enumerate(names):
            if name == "none":
                continue
            frames = self.keyframes.get(name)
            if frames is None:
                self._report(f"animation {name!r} has no @keyframes (ignored)", where)
                continue
            count = lists["animation-iteration-count"]
            iterations = _iterations(count[i % len(count)])
            if iterations is None:
                self._report(f"animation {name!r} is infinite: own style shown", where)
                continue
            fills = lists["animation-fill-mode"]
            if fills[i % len(fills)] not in ("forwards", "both"):
                self._report(f"animation {name!r} ends without fill-mode: own style shown", where)
                continue
            directions = lists["animation-direction"]
            offset = end_offset(directions[i % len(directions)], iterations)
            if offset is None:
                self._report(f"animation {name!r} ends between keyframes (ignored)", where)
                continue
            values = frames.at(offset)
            if values:
                overlay.update(values)  # later animations in the list win
                self._report(f"animation {name!r} shown at its end state", where)
        if not overlay:
            return None
        important: set[str] = set()
        for block in blocks:
            important.update(block.important)
        result = dict(cascaded)
        for key, value in overlay.items():
            if key not in important:
                result[key] = value
        return result


def page_animator(
    sheet_texts: tuple[str, ...], viewport: tuple[float, float], diag: Diagnostics
) -> Animator | None:
    """The page's animator, or None when it declares no @keyframes (nothing to apply)."""
    keyframes = page_keyframes(sheet_texts, viewport)
    return Animator(keyframes, diag) if keyframes else None
