"""create-task fields (JSON object or multipart form values + files) -> a checked NewTask, or
ApiError 1010 naming the field (spec 4.1; limits in docs/service.md "Portable tasks")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from service.envelope import BAD_PARAMETERS, ApiError
from service.numbers import FieldProblem, whole_number
from service.tasks.store import NewTask

CONTENT_TYPES = (1, 5, 6, 7)
FILE_TYPES = (2, 3, 4)
CONTENT_LIMITS = {1: 1_000, 5: 2_048, 6: 20_000, 7: 200_000}
MAX_FILES = 5
LENGTHS = ("short", "medium", "long")
PROMPT_ADVISED = 50
PROMPT_MAX = 500
TEXT_LIMITS = {"scene": 100, "audience": 100, "lang": 20}
MAX_TEMPLATE_ID = 64
PROMPT_NOTE = (
    f"prompt is over {PROMPT_ADVISED} characters (advised within {PROMPT_ADVISED}); "
    "it is used as given"
)


def bad(field: str, reason: str) -> ApiError:
    return ApiError(
        BAD_PARAMETERS,
        f"bad parameters: {field} {reason}",
        details=[{"field": field, "reason": reason}],
    )


@dataclass(frozen=True)
class CreateRequest:
    task: NewTask
    stream: bool
    template_id: str
    note: str | None


def bad_fields(problems: list[FieldProblem]) -> ApiError:
    """1010 naming every field in `problems` (message and errorDetails)."""
    fields = ", ".join(dict.fromkeys(p.field for p in problems))
    return ApiError(
        BAD_PARAMETERS,
        f"bad parameters: {fields}",
        details=[p.to_dict() for p in problems],
    )


class _Problems:
    """Collects each field's problem, so one answer names every bad field."""

    def __init__(self) -> None:
        self.found: list[FieldProblem] = []

    def check(self, fn: Any, *args: Any) -> Any:
        try:
            return fn(*args)
        except FieldProblem as exc:
            self.found.append(exc)
        except ApiError as exc:
            self.found += [FieldProblem(d["field"], d["reason"]) for d in exc.details or []]
        return None

    def raise_any(self) -> None:
        if self.found:
            raise bad_fields(self.found)


def _type(value: Any) -> int:
    if value is None or value == "":
        raise FieldProblem("type", "is required: a number 1-7")
    return whole_number(value, "type", 1, 7)


def _flag(value: Any, field: str) -> bool:
    if value is None or value == "":
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false", "1", "0"):
        return value.lower() in ("true", "1")
    raise bad(field, "must be a boolean")


def _text(body: dict[str, Any], field: str, limit: int) -> str | None:
    value = body.get(field)
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise bad(field, "must be a string")
    if len(value) > limit:
        raise bad(field, f"is {len(value)} characters; at most {limit}")
    return value


def _extension(name: str) -> str:
    return name.rsplit(".", 1)[-1].lower() if "." in name else ""


def _files(kind: int, files: list[tuple[str, bytes]], max_bytes: int) -> list[tuple[str, bytes]]:
    from generator.sources import ALLOWED_EXTENSIONS

    if kind not in FILE_TYPES:
        if files:
            raise bad("file", f"type {kind} takes no files")
        return []
    if not files:
        raise bad("file", f"type {kind} needs at least one file (multipart/form-data)")
    if len(files) > MAX_FILES:
        raise bad("file", f"{len(files)} files; at most {MAX_FILES}")
    if kind == 4 and len(files) != 1:
        raise bad("file", "type 4 converts exactly one Word document")
    allowed = ALLOWED_EXTENSIONS[kind]
    for i, (name, _) in enumerate(files):
        if _extension(name) not in allowed:
            exts = ", ".join("." + e for e in allowed)
            raise bad(f"file[{i}]", f"{name[:80]!r}: type {kind} accepts {exts}")
    total = sum(len(d) for _, d in files)
    if total > max_bytes:
        raise bad("file", f"files total {total} bytes; at most {max_bytes}")
    return [(name[:255], data) for name, data in files]


def _content(kind: int | None, body: dict[str, Any]) -> str | None:
    content = body.get("content")
    if kind is None:
        return None
    if kind not in CONTENT_TYPES:
        return _text(body, "content", CONTENT_LIMITS[7])
    if content is not None and not isinstance(content, str):
        raise bad("content", "must be a string")
    if not isinstance(content, str):
        raise bad("content", f"is required for type {kind}")
    if not content.strip():
        raise bad("content", f"is empty; type {kind} needs it")
    if len(content) > CONTENT_LIMITS[kind]:
        raise bad("content", f"is {len(content)} characters; at most {CONTENT_LIMITS[kind]}")
    if kind == 5 and not content.strip().lower().startswith(("http://", "https://")):
        raise bad("content", "must be an http(s) URL for type 5")
    return content


def _template_id(body: dict[str, Any]) -> str:
    template_id = _text(body, "templateId", MAX_TEMPLATE_ID)
    if template_id is None:
        raise bad("templateId", "is empty" if body.get("templateId") == "" else "is required")
    return template_id


def _length(body: dict[str, Any]) -> str | None:
    length = _text(body, "length", 16)
    if length is not None and length not in LENGTHS:
        raise bad("length", "must be short, medium or long")
    return length


def parse_create(
    body: dict[str, Any], files: list[tuple[str, bytes]], *, max_upload_bytes: int
) -> CreateRequest:
    """Check every field; 1010 names each bad one."""
    problems = _Problems()
    kind = problems.check(_type, body.get("type"))
    content = problems.check(_content, kind, body)
    checked = problems.check(_files, kind, files, max_upload_bytes) if kind else []
    template_id = problems.check(_template_id, body)
    length = problems.check(_length, body)
    params: dict[str, Any] = {"content": content, "templateId": template_id, "length": length}
    for field, limit in TEXT_LIMITS.items():
        params[field] = problems.check(_text, body, field, limit)
    prompt = problems.check(_text, body, "prompt", PROMPT_MAX)
    stream = problems.check(_flag, body.get("stream"), "stream")
    problems.raise_any()
    params["prompt"] = prompt
    note = PROMPT_NOTE if prompt is not None and len(prompt) > PROMPT_ADVISED else None
    assert kind is not None and template_id is not None
    return CreateRequest(
        task=NewTask(type=kind, params=params, files=checked or []),
        stream=bool(stream),
        template_id=template_id,
        note=note,
    )
