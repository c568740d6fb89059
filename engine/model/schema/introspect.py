"""The keys of a TypedDict with their types and whether they are required (for the JSON
Schema generator and `complete`)."""

import typing
from typing import Any, NotRequired, Required, get_args, get_origin


def is_typeddict(tp: Any) -> bool:
    return isinstance(tp, type) and typing.is_typeddict(tp)


def hints(cls: type) -> dict[str, tuple[Any, bool]]:
    """key -> (type, required) of a TypedDict, NotRequired / Required unwrapped (read from the
    annotations, which stay right where `__required_keys__` is not)."""
    out: dict[str, tuple[Any, bool]] = {}
    total = getattr(cls, "__total__", True)
    for key, tp in typing.get_type_hints(cls, include_extras=True).items():
        required = total
        if get_origin(tp) is NotRequired:
            tp, required = get_args(tp)[0], False
        elif get_origin(tp) is Required:
            tp, required = get_args(tp)[0], True
        out[key] = (tp, required)
    return out
