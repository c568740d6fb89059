"""Fill in the keys a hand-written model dict leaves out, with the writer's neutral values.

    complete(value, Deck) -> the same dict, with every required key the types name present

For tests and for library users who build a deck by hand: the result matches the slide
model (validate_deck passes) when the keys given have the right types. Missing numbers are
0 (alpha 1), missing lists empty, optional values None; "kind" / "type" pick the member of a
union. The dict is changed in place and returned.
"""

from typing import Any, Literal, Union, get_args, get_origin

from engine.model.schema.introspect import hints as _hints
from engine.model.schema.introspect import is_typeddict as _is_typeddict

DEFAULTS: dict[str, Any] = {
    "alpha": 1.0,
    "dash": "solid",
    "path": "linear",
    "anchor": "t",
    "align": "l",
    "geom": "rect",
    "wrap": True,
    "span": [1, 1],
    "margins": [0, 0, 0, 0],
    "insets": [0, 0, 0, 0],
}
_ZERO: dict[Any, Any] = {float: 0.0, int: 0, bool: False, str: ""}


def complete(value: Any, tp: Any) -> Any:
    """`value` with the required keys of `tp` (a TypedDict, list or union of them) filled in."""
    if _is_typeddict(tp) and isinstance(value, dict):
        for key, (key_tp, required) in _hints(tp).items():
            if key in value:
                value[key] = complete(value[key], key_tp)
            elif required:
                value[key] = _default(key, key_tp)
        return value
    origin, args = get_origin(tp), get_args(tp)
    if origin is list and isinstance(value, list):
        return [complete(v, args[0]) for v in value]
    if origin is dict and isinstance(value, dict):
        return {k: complete(v, args[1]) for k, v in value.items()}
    if origin is Union or type(tp).__name__ == "UnionType":
        member = _member(value, args)
        return complete(value, member) if member is not None else value
    return value


def _member(value: Any, members: tuple[Any, ...]) -> Any:
    """The TypedDict of a union `value` is: by its "kind" / "type", else the first whose
    keys it has."""
    if not isinstance(value, dict):
        return None
    dicts = [m for m in members if _is_typeddict(m)]
    for m in dicts:
        hints = _hints(m)
        for tag in ("kind", "type"):
            if tag in hints and get_args(hints[tag][0]) == (value.get(tag),):
                return m
    for m in dicts:
        if set(value) <= set(_hints(m)) and any(k in value for k in _hints(m)):
            return m
    return dicts[0] if dicts else None


def _default(key: str, tp: Any) -> Any:
    if key in DEFAULTS:
        return DEFAULTS[key]
    args = get_args(tp)
    if type(None) in args:
        return None
    origin = get_origin(tp)
    if origin is list:
        return []
    if origin is dict:
        return {}
    if origin is Literal:
        return args[0]
    if _is_typeddict(tp):
        return complete({}, tp)
    return _ZERO.get(tp)
