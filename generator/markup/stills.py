"""An animated terminal screencast SVG -> one still frame of it.

Screencast tools (svg-term for asciinema recordings, termtosvg) write a terminal session as a
film strip: every frame side by side (or stacked) in one group, moved past the terminal's
window by a CSS `@keyframes` animation of `transform: translate...` with step timing. Slides
do not play CSS animations: PowerPoint, LibreOffice and the engine's renderer all draw the
group where it stands before the animation starts, the first frame, usually an empty prompt.

The still shows the frame that is on screen longest (of equal holds, the later one): where
the recording pauses on a result, at the end of most screencasts the last command with its
output. It is made by reading the SVG (the generator's hardened XML parse, the engine's CSS
parsing of @keyframes and declarations): the animated elements get that frame's translation as
their `transform`, their animation declarations and the @keyframes rules go. Any other kind of
animation (SMIL elements, keyframes of opacity, colour, rotation...) gets no still (None): a
frame of it would not say what the animation shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import tinycss2
from lxml import etree

from engine.css import Rule, page_keyframes, parse_block, parse_blocks

SMIL = frozenset({"animate", "animateMotion", "animateTransform", "animateColor", "set"})
TRANSLATIONS = frozenset({"translate", "translatex", "translatey"})
VIEWPORT = (1280.0, 720.0)  # media queries of the SVG's sheets are read at a slide's size
SVG_NS = "http://www.w3.org/2000/svg"


@dataclass(frozen=True)
class Frame:
    """One keyframe of a film strip: where it starts (0..1) and the strip's translation."""

    offset: float
    dx: float
    dy: float


def svg_still(root: Any) -> bytes | None:
    """The SVG document `root` (a parsed <svg> element, changed in place) as a still of its
    longest-held frame, or None when it does not animate as a film strip."""
    styles = [el for el in root.iter(etree.Element) if _local(el) == "style"]
    if any(_local(el) in SMIL for el in root.iter(etree.Element)):
        return None
    keyframes = page_keyframes(tuple(el.text or "" for el in styles), VIEWPORT)
    strips: dict[str, Frame] = {}
    for name, frames in keyframes.items():
        frame = _held_frame(frames.frames)
        if frame is None:
            return None
        strips[name] = frame
    animated = _animated(root, styles)
    if not strips or not animated:
        return None
    for element, name in animated:
        frame = strips.get(name)
        if frame is None:
            return None
        _place(element, frame)
    for el in styles:
        el.text = _without_keyframes(el.text or "")
    return bytes(etree.tostring(root, encoding="utf-8"))


def _local(el: Any) -> str:
    tag = el.tag if isinstance(el.tag, str) else ""
    return tag.rsplit("}", 1)[-1]


def _held_frame(frames: tuple[tuple[float, Any], ...]) -> Frame | None:
    """The keyframe on screen longest (ties: the later one), or None when a keyframe sets
    anything but a translation."""
    strip: list[Frame] = []
    for offset, block in frames:
        if set(block.normal) != {"transform"} or block.important:
            return None
        moved = _translation(block.normal["transform"])
        if moved is None:
            return None
        strip.append(Frame(offset, *moved))
    if not strip:
        return None
    strip.sort(key=lambda f: f.offset)
    ends = [f.offset for f in strip[1:]] + [1.0]
    holds = [end - f.offset for f, end in zip(strip, ends, strict=True)]
    longest = max(holds)
    return next(f for f, h in zip(reversed(strip), reversed(holds), strict=True) if h == longest)


def _translation(value: Any) -> tuple[float, float] | None:
    """(dx, dy) of a transform made of translations in px, else None."""
    if not isinstance(value, tuple) or not value:
        return None
    dx = dy = 0.0
    for function in value:
        name = str(getattr(function, "name", "")).lower()
        args: tuple[Any, ...] = tuple(getattr(function, "args", ()))
        if name not in TRANSLATIONS or not all(isinstance(a, (int, float)) for a in args):
            return None
        if name == "translatey":
            dy += float(args[0]) if args else 0.0
        else:
            dx += float(args[0]) if args else 0.0
            dy += float(args[1]) if name == "translate" and len(args) > 1 else 0.0
    return dx, dy


def _animated(root: Any, styles: list[Any]) -> list[tuple[Any, str]]:
    """The elements an animation moves, with its name: by their style attribute, or by an
    `#id` / `.class` rule of the SVG's sheets."""
    found: list[tuple[Any, str]] = []
    rules: list[tuple[str, str]] = []  # (simple selector, animation name)
    for el in styles:
        for item in parse_blocks(el.text or ""):
            if not isinstance(item, Rule) or item.prelude.startswith("@"):
                continue
            block, _ = parse_block([s for s in item.items if isinstance(s, str)])
            name = _name(block.normal)
            if name:
                rules += [(sel.strip(), name) for sel in item.prelude.split(",")]
    for el in root.iter(etree.Element):
        block, _ = parse_block(_declarations(el.get("style") or ""))
        name = _name(block.normal)
        if not name:
            classes = (el.get("class") or "").split()
            keys = {f"#{el.get('id')}"} if el.get("id") else set()
            keys |= {f".{c}" for c in classes}
            name = next((n for sel, n in rules if sel in keys), "")
        if name:
            found.append((el, name))
    return found


def _declarations(style: str) -> list[str]:
    return [s for s in parse_blocks(style) if isinstance(s, str)] if style.strip() else []


def _name(declared: dict[str, Any]) -> str:
    names = [n.strip() for n in str(declared.get("animation-name") or "").split(",")]
    names = [n for n in names if n and n != "none"]
    return names[0] if len(names) == 1 else ""


def _place(element: Any, frame: Frame) -> None:
    """The element at the frame's translation, its own animation declarations gone."""
    kept = [d for d in _declarations(element.get("style") or "") if not _animation(d)]
    if kept:
        element.set("style", ";".join(kept))
    elif "style" in element.attrib:
        del element.attrib["style"]
    _keep_frame(element, frame)
    move = f"translate({frame.dx:g} {frame.dy:g})"
    if _local(element) != "svg":  # the animated transform replaces the element's own
        element.set("transform", move)
        return
    group = etree.Element(f"{{{SVG_NS}}}g", transform=move)  # a viewport: moved by a group
    element.addprevious(group)
    group.append(element)


def _keep_frame(element: Any, frame: Frame) -> None:
    """Only the shown frame of the strip stays: the frames are the children of the strip (the
    element or the one element it wraps) placed by `x` (or `y`) one frame apart, and a
    renderer would otherwise draw every hidden one (svg-term's 156 frames: seconds of work)."""
    strip = element
    while len(strip) == 1:
        strip = strip[0]
    axis, at = ("x", -frame.dx) if frame.dx else ("y", -frame.dy)
    frames = [c for c in strip if isinstance(c.tag, str)]
    if len(frames) < 2:
        return
    shown = [c for c in frames if abs(_number(c.get(axis)) - at) < 0.5]
    if len(shown) != 1:
        return
    for child in frames:
        if child is not shown[0]:
            strip.remove(child)


def _number(value: str | None) -> float:
    try:
        return float(value or 0)
    except ValueError:
        return float("nan")


def _animation(declaration: str) -> bool:
    return declaration.split(":", 1)[0].strip().lower().startswith("animation")


def _without_keyframes(sheet: str) -> str:
    rules = tinycss2.parse_stylesheet(sheet, skip_comments=True, skip_whitespace=True)
    kept = [
        r for r in rules if not (r.type == "at-rule" and r.lower_at_keyword.endswith("keyframes"))
    ]
    return tinycss2.serialize(kept)
