"""The JSON Schema of the slide model, generated from its TypedDicts.

    python -m engine.model.schema.generate > engine/data/slide-model.schema.json

TypedDict -> an object in `$defs` (its required keys, no other keys unless listed in OPEN);
Literal -> enum; X | None -> anyOf with null; list / dict -> array / object; a union of
TypedDicts told apart by one Literal key ("kind", "type") -> if/then per value, so a bad shape
reports the fields of its own kind. tests/model/test_schema_json.py keeps the committed file
equal to what this prints.
"""

import inspect
import json
import sys
import types
from datetime import datetime
from typing import Any, Literal, Union, get_args, get_origin

from engine.model.schema.deck import Deck
from engine.model.schema.fills import Fill
from engine.model.schema.introspect import hints as _hints
from engine.model.schema.introspect import is_typeddict as _is_typeddict
from engine.model.schema.result import ConversionInfo
from engine.model.schema.shapes import Shape
from engine.model.schema.text import Bullet, LineSpacing

# Unions written once in $defs under these names and referred to where they occur.
NAMED_UNIONS: dict[str, Any] = {
    "Shape": Shape,
    "Fill": Fill,
    "Bullet": Bullet,
    "LineSpacing": LineSpacing,
}
OPEN = frozenset({"Deck"})  # objects that allow keys beyond their own
_SCALARS: dict[Any, dict[str, Any]] = {
    str: {"type": "string"},
    bool: {"type": "boolean"},
    int: {"type": "integer"},
    float: {"type": "number"},
    type(None): {"type": "null"},
    datetime: {"type": "string", "format": "date-time"},
}


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}"}


def _describe(obj: Any) -> str:
    doc = inspect.getdoc(obj) or ""
    return " ".join(doc.split())


class _Generator:
    def __init__(self) -> None:
        self.defs: dict[str, dict[str, Any]] = {}

    def schema(self, tp: Any) -> dict[str, Any]:
        """The schema of one annotation."""
        if tp in _SCALARS:
            return dict(_SCALARS[tp])
        if _is_typeddict(tp):
            return self.typeddict(tp)
        origin, args = get_origin(tp), get_args(tp)
        if origin is Literal:
            return {"const": args[0]} if len(args) == 1 else {"enum": list(args)}
        if origin is list:
            return {"type": "array", "items": self.schema(args[0])}
        if origin is dict:
            if args[0] is not str:
                raise TypeError(f"JSON object keys are strings, not {args[0]!r}")
            return {"type": "object", "additionalProperties": self.schema(args[1])}
        if origin in (Union, types.UnionType):
            return self.union(args)
        raise TypeError(f"no JSON Schema for {tp!r}")

    def union(self, args: tuple[Any, ...]) -> dict[str, Any]:
        members = [a for a in args if a is not type(None)]
        nullable = len(members) < len(args)
        named = next((n for n, u in NAMED_UNIONS.items() if set(get_args(u)) == set(members)), None)
        if named is not None:
            if named not in self.defs:
                self.defs[named] = {}  # reserved first: unions may refer to themselves
                self.defs[named] = self.tagged(named, members)
            body = _ref(named)
        elif len(members) == 1:
            body = self.schema(members[0])
        else:
            body = {"anyOf": [self.schema(m) for m in members]}
        return {"anyOf": [body, {"type": "null"}]} if nullable else body

    def tagged(self, name: str, members: list[Any]) -> dict[str, Any]:
        """A union of TypedDicts: if/then on the Literal key that tells them apart, else anyOf."""
        tag = _tag_key(members)
        out: dict[str, Any] = {"description": _union_doc(name, members)}
        if tag is None:
            out["anyOf"] = [self.schema(m) for m in members]
            return out
        values = [get_args(_hints(m)[tag][0])[0] for m in members]
        out.update(
            {
                "type": "object",
                "required": [tag],
                "properties": {tag: {"enum": values}},
                "allOf": [
                    {"if": {"properties": {tag: {"const": v}}}, "then": self.schema(m)}
                    for v, m in zip(values, members, strict=True)
                ],
            }
        )
        return out

    def typeddict(self, cls: type) -> dict[str, Any]:
        name = cls.__name__
        if name not in self.defs:
            self.defs[name] = {}  # reserved: recursive types refer to it while it is built
            properties: dict[str, Any] = {}
            required: list[str] = []
            for key, (tp, is_required) in _hints(cls).items():
                properties[key] = self.schema(tp)
                if is_required:
                    required.append(key)
            body: dict[str, Any] = {"type": "object"}
            if _describe(cls):
                body["description"] = _describe(cls)
            body.update({"properties": properties, "required": required})
            body["additionalProperties"] = name in OPEN
            self.defs[name] = body
        return _ref(name)


def _tag_key(members: list[Any]) -> str | None:
    """The key whose single Literal value tells every member apart, if there is one."""
    if not all(_is_typeddict(m) for m in members):
        return None
    hints = [_hints(m) for m in members]
    for key in hints[0]:
        values = []
        for h in hints:
            tp, required = h.get(key, (None, False))
            args = get_args(tp)
            if not required or get_origin(tp) is not Literal or len(args) != 1:
                break
            values.append(args[0])
        else:
            if len(set(values)) == len(values):
                return key
    return None


def _union_doc(name: str, members: list[Any]) -> str:
    return f"{name}: one of " + ", ".join(m.__name__ for m in members) + "."


def slide_model_schema() -> dict[str, Any]:
    """The JSON Schema document: `Conversion.to_dict()` at the root, every type in `$defs`
    (validate a deck against `#/$defs/Deck`, a slide against `#/$defs/Slide`)."""
    gen = _Generator()
    root = gen.schema(ConversionInfo)
    gen.schema(Deck)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "deckforge slide model",
        "description": (
            "The JSON of Conversion.to_dict(): the slide model (engine/model/schema) with the "
            "page report. Generated from the TypedDicts by engine/model/schema/generate.py."
        ),
        **root,
        "$defs": dict(sorted(gen.defs.items())),
    }


def schema_text() -> str:
    """The committed file's text."""
    return json.dumps(slide_model_schema(), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    sys.stdout.write(schema_text())
