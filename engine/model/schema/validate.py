"""Checks a deck or slide from outside the engine against the slide model's JSON Schema.

The engine's own decks are checked by mypy (the TypedDicts); a dict a library user hands to
the writer or the renderer is checked here, once, where it comes in, so that the writer and
the renderer can read the keys the types promise.
"""

from collections.abc import Iterable, Mapping
from datetime import datetime
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # jsonschema is imported when a check runs, not with the engine
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

SCHEMA_FILE = "slide-model.schema.json"
MAX_PROBLEMS = 20  # problems listed in one ModelError


class ModelError(ValueError):
    """A deck or slide that does not match the slide model; `problems` lists where and why."""

    def __init__(self, what: str, problems: list[str]) -> None:
        self.problems = problems
        shown = problems[:MAX_PROBLEMS]
        more = len(problems) - len(shown)
        lines = "\n".join(f"  {p}" for p in shown) + (f"\n  ... {more} more" if more else "")
        super().__init__(f"{what} does not match the slide model:\n{lines}")


@cache
def load_schema() -> dict[str, Any]:
    """The committed JSON Schema (engine/data/slide-model.schema.json)."""
    import json

    text = resources.files("engine").joinpath("data", SCHEMA_FILE).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator(definition: str) -> "Draft202012Validator":
    from jsonschema import Draft202012Validator

    schema = load_schema()
    return Draft202012Validator({"$defs": schema["$defs"], "$ref": f"#/$defs/{definition}"})


def _where(error: "ValidationError") -> str:
    out = ""
    for part in error.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def _reasons(error: "ValidationError") -> list["ValidationError"]:
    """The specific reasons of an anyOf failure: the errors of the branch the value came
    closest to (a branch of another JSON type, such as null, is the farthest)."""
    if not error.context:
        return [error]
    branches: dict[object, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.schema_path[0] if sub.schema_path else None, []).append(sub)

    def distance(errors: list["ValidationError"]) -> tuple[bool, int]:
        wrong_type = any(e.validator == "type" and not e.relative_path for e in errors)
        return wrong_type, len(errors)

    best = min(branches.values(), key=distance)
    return [reason for sub in best for reason in _reasons(sub)]


def _problems(errors: Iterable["ValidationError"]) -> list[str]:
    out = {f"{_where(r)}: {r.message}" for error in errors for r in _reasons(error)}
    return sorted(out)


def problems(value: object, definition: str = "Deck") -> list[str]:
    """Where `value` differs from the model type `definition` ("Deck", "Slide", "Shape", ...);
    [] when it matches. Deck "created" / "modified" may be datetimes (Python callers)."""
    if definition == "Deck" and isinstance(value, Mapping):
        value = {k: v.isoformat() if isinstance(v, datetime) else v for k, v in value.items()}
    return _problems(_validator(definition).iter_errors(value))


def validate_deck(deck: object) -> None:
    """Raise ModelError unless `deck` is a Deck ({"width", "height", "slides", ...})."""
    found = problems(deck, "Deck")
    if found:
        raise ModelError("the deck", found)


def validate_slide(slide: object) -> None:
    """Raise ModelError unless `slide` is a Slide."""
    found = problems(slide, "Slide")
    if found:
        raise ModelError("the slide", found)


def validate_media(media: object, need_data: bool = False) -> None:
    """Raise ModelError unless `media` maps keys to Media entries ({"content_type", "data":
    bytes, ...}), or (`need_data` False: the renderer) to MediaInfo entries of
    Conversion.to_dict() with base64 "data" or none (such a picture is not drawn)."""
    if not isinstance(media, Mapping):
        raise ModelError("the media", [f"(top level): {type(media).__name__} is not a mapping"])
    found = []
    for key, entry in media.items():
        if not isinstance(entry, Mapping):
            found.append(f"{key}: {type(entry).__name__} is not a mapping")
            continue
        if not isinstance(entry.get("content_type"), str):  # others are sniffed or converted
            found.append(f"{key}.content_type: {entry.get('content_type')!r} is not a MIME type")
        data = entry.get("data")
        if need_data and not isinstance(data, bytes | bytearray):
            found.append(f"{key}.data: the picture's bytes are missing")
        elif not need_data and not isinstance(data, bytes | bytearray | str | None):
            found.append(f"{key}.data: {type(data).__name__} is neither bytes nor base64 text")
    if found:
        raise ModelError("the media", found)
