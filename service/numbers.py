"""The one way the service reads a whole number from a client (JSON number, form or query text,
header) -> int within a range, or a FieldProblem naming the field.

Only ASCII digits count: `str.isdigit()` also accepts `²`, `١٢٣` and other Unicode digits that
`int()` then refuses or reads as another number; a value is checked against its range before
it reaches the database (whose integers are 64-bit).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MAX_DIGITS = 18  # below 2**63: any database integer column holds it


@dataclass(frozen=True)
class FieldProblem(Exception):
    field: str
    reason: str

    def to_dict(self) -> dict[str, str]:
        return {"field": self.field, "reason": self.reason}


def ascii_digits(text: str) -> bool:
    return bool(text) and text.isascii() and text.isdigit()


def whole_number(value: Any, field: str, lo: int, hi: int, *, what: str = "a number") -> int:
    """`value` (int, integral float, or text of ASCII digits) as an int in [lo, hi]."""
    span = f"{what} {lo}-{hi}"
    if isinstance(value, str):
        text = value.strip()
        if not ascii_digits(text) or len(text) > MAX_DIGITS:
            raise FieldProblem(field, f"must be {span}")
        value = int(text)
    elif isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        value = int(value)  # a JSON number written 7.0 is the number 7
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldProblem(field, f"must be {span}")
    if not lo <= value <= hi:
        raise FieldProblem(field, f"must be {span}")
    return value
