"""Background layers: background-* list values and the `background` shorthand -> per-layer tuples."""

from __future__ import annotations

from typing import Any

from engine.style.colors import parse_color
from engine.style.images import parse_image, parse_position
from engine.style.syntax import DELIM, FUNC, HASH, IDENT, URL, Tok, split_commas
from engine.style.types import LP, TRANSPARENT
from engine.style.values import INVALID, finish, parse_length

_REPEAT = ("repeat", "no-repeat", "space", "round")
_BOXES = ("border-box", "padding-box", "content-box")
_POSITION_WORDS = frozenset(("left", "right", "top", "bottom", "center"))


def _repeat(toks: list[Tok]) -> Any:
    words = [t.value for t in toks if t.kind == IDENT]
    if len(words) != len(toks) or not 1 <= len(words) <= 2:
        return INVALID
    if len(words) == 1:
        w = words[0]
        if w == "repeat-x":
            return ("repeat", "no-repeat")
        if w == "repeat-y":
            return ("no-repeat", "repeat")
        return (w, w) if w in _REPEAT else INVALID
    if all(w in _REPEAT for w in words):
        return (words[0], words[1])
    return INVALID


def _size(toks: list[Tok]) -> Any:
    if len(toks) == 1 and toks[0].kind == IDENT and toks[0].value in ("cover", "contain"):
        return toks[0].value
    if not 1 <= len(toks) <= 2:
        return INVALID
    vals = [parse_length(t, negative=False, keywords=("auto",)) for t in toks]
    if any(v is INVALID for v in vals):
        return INVALID
    return (vals[0], vals[1] if len(vals) > 1 else "auto")


def _box(toks: list[Tok], allow_text: bool) -> Any:
    if len(toks) != 1 or toks[0].kind != IDENT:
        return INVALID
    v = toks[0].value
    if v in _BOXES or (allow_text and v == "text"):
        return v
    if allow_text and v in ("border", "padding", "content"):
        return v + "-box"
    return INVALID


def _list(item: Any) -> Any:
    def parse(toks: tuple[Tok, ...], text: str) -> Any:
        out = []
        for group in split_commas(toks):
            v = item(group)
            if v is INVALID:
                return INVALID
            out.append(v)
        return finish(tuple(out))

    return parse


def _image_item(toks: list[Tok]) -> Any:
    return parse_image(toks[0]) if len(toks) == 1 else INVALID


def _position_item(toks: list[Tok]) -> Any:
    return parse_position(toks)


def _attachment_item(toks: list[Tok]) -> Any:
    if len(toks) == 1 and toks[0].kind == IDENT and toks[0].value in ("scroll", "fixed", "local"):
        return toks[0].value
    return INVALID


LIST_PARSERS = {
    "background-image": _list(_image_item),
    "background-position": _list(_position_item),
    "background-size": _list(_size),
    "background-repeat": _list(_repeat),
    "background-clip": _list(lambda t: _box(t, True)),
    "background-origin": _list(lambda t: _box(t, False)),
    "background-attachment": _list(_attachment_item),
}


def _layer(toks: list[Tok], final: bool) -> dict[str, Any] | None:
    image: Any = None
    position: Any = None
    size: Any = None
    repeat: list[Tok] = []
    attachment: Any = None
    boxes: list[str] = []
    color: Any = None
    i = 0
    n = len(toks)
    while i < n:
        t = toks[i]
        if t.kind == IDENT and t.value in ("repeat-x", "repeat-y", *_REPEAT):
            repeat.append(t)
            i += 1
            continue
        if t.kind == IDENT and t.value in ("scroll", "fixed", "local") and attachment is None:
            attachment = t.value
            i += 1
            continue
        if t.kind == IDENT and t.value in (*_BOXES, "text") and len(boxes) < 2:
            boxes.append(t.value)
            i += 1
            continue
        if image is None and (t.kind in (URL, FUNC) or (t.kind == IDENT and t.value == "none")):
            img = parse_image(t)
            if img is not INVALID:
                image = img
                i += 1
                continue
        if color is None and final and t.kind in (IDENT, FUNC, HASH):
            c = parse_color(t)
            if c is not None:
                color = c
                i += 1
                continue
        # position [/ size]
        if position is not None:
            return None
        j = i
        while j < n and not (toks[j].kind == DELIM and toks[j].value == "/"):
            tj = toks[j]
            if tj.kind == IDENT and tj.value not in _POSITION_WORDS:
                break
            if tj.kind not in (IDENT, "dim", "pct", "num", FUNC) or (
                tj.kind == FUNC and tj.value not in ("calc", "min", "max", "clamp")
            ):
                break
            j += 1
        if j == i:
            return None
        position = parse_position(toks[i:j])
        if position is INVALID:
            return None
        i = j
        if i < n and toks[i].kind == DELIM and toks[i].value == "/":
            k = i + 1
            while (
                k < n
                and k < i + 3
                and (
                    toks[k].kind in ("dim", "pct", "num", FUNC)
                    or (toks[k].kind == IDENT and toks[k].value in ("auto", "cover", "contain"))
                )
            ):
                if toks[k].kind == FUNC and toks[k].value not in ("calc", "min", "max", "clamp"):
                    break
                k += 1
            size = _size(toks[i + 1 : k])
            if size is INVALID:
                return None
            i = k
    rep = _repeat(repeat) if repeat else ("repeat", "repeat")
    if rep is INVALID:
        return None
    if "text" in boxes and boxes.index("text") == 0 and len(boxes) == 1:
        origin, clip = "padding-box", "text"
    elif len(boxes) == 2:
        origin, clip = boxes
    elif boxes:
        origin = clip = boxes[0]
    else:
        origin, clip = "padding-box", "border-box"
    if origin == "text":
        return None
    return {
        "background-image": image if image is not None else "none",
        "background-position": position if position is not None else (LP(0.0, 0.0), LP(0.0, 0.0)),
        "background-size": size if size is not None else ("auto", "auto"),
        "background-repeat": rep,
        "background-attachment": attachment or "scroll",
        "background-origin": origin,
        "background-clip": clip,
        "color": color,
    }


def background(toks: tuple[Tok, ...], text: str) -> Any:
    groups = split_commas(toks)
    if (
        len(groups) == 1
        and len(groups[0]) == 1
        and groups[0][0].kind == IDENT
        and groups[0][0].value == "none"
    ):
        groups = [[]]
    layers = []
    for idx, group in enumerate(groups):
        if not group and len(groups) > 1:
            return INVALID
        layer = _layer(group, idx == len(groups) - 1)
        if layer is None:
            return INVALID
        layers.append(layer)
    out: list[tuple[str, Any]] = []
    for name in (
        "background-image",
        "background-position",
        "background-size",
        "background-repeat",
        "background-attachment",
        "background-origin",
        "background-clip",
    ):
        out.append((name, finish(tuple(layer[name] for layer in layers))))
    color = layers[-1]["color"]
    out.append(("background-color", color if color is not None else TRANSPARENT))
    return out


# Keywords of a mask layer that change nothing the slide model draws (compositing, mode, clip).
_MASK_ONLY = frozenset(
    ("add", "subtract", "intersect", "exclude", "alpha", "luminance", "match-source", "no-clip")
)
_MASK_BOXES = frozenset((*_BOXES, "fill-box", "stroke-box", "view-box"))


def mask(toks: tuple[Tok, ...], text: str) -> Any:
    """The `mask` shorthand (and -webkit-mask): per layer an image, position / size and repeat."""
    layers = []
    for group in split_commas(toks):
        kept = [t for t in group if not (t.kind == IDENT and t.value in (_MASK_ONLY | _MASK_BOXES))]
        layer = _layer(kept, False)
        if layer is None:
            return INVALID
        layers.append(layer)
    return [
        (f"mask-{part}", finish(tuple(layer[f"background-{part}"] for layer in layers)))
        for part in ("image", "position", "size", "repeat")
    ]
