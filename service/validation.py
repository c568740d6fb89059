"""Convert-request validation (raw body bytes -> ConvertRequest, or 40010 with field-level reasons)."""

from __future__ import annotations

import json
from typing import Any

from service.envelope import INVALID_REQUEST, ApiError
from service.filenames import MAX_INPUT_CHARS
from service.schemas import ConvertRequest

MAX_DETAILS = 20
MAX_JSON_DEPTH = 32  # nesting of arrays/objects in a request body
MAX_NUMBER_CHARS = 100  # characters of one JSON number literal
PAGE_ERROR_MODES = ("blank", "skip")
_MISSING = object()


def json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def invalid(details: list[tuple[str, str]]) -> ApiError:
    shown = [{"field": f, "reason": r} for f, r in details[:MAX_DETAILS]]
    if len(details) > MAX_DETAILS:
        shown.append({"field": "htmls", "reason": f"{len(details) - MAX_DETAILS} more errors"})
    return ApiError(INVALID_REQUEST, details=shown)


def body_too_large(size: int | None, limit: int) -> ApiError:
    got = f"{size} bytes" if size is not None else f"more than {limit} bytes"
    return invalid([("body", f"request body is {got}; at most {limit} bytes are allowed")])


class _LimitExceeded(ValueError):
    pass


def _number(kind: type) -> Any:
    def parse(text: str) -> Any:
        if len(text) > MAX_NUMBER_CHARS:
            raise _LimitExceeded(f"a number has {len(text)} digits; at most {MAX_NUMBER_CHARS}")
        return kind(text)

    return parse


def _constant(text: str) -> Any:
    raise _LimitExceeded(f"{text} is not a JSON value")


def _depth(obj: Any) -> int:
    """Nesting depth of arrays and objects, without recursion."""
    deepest = 0
    stack = [(obj, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list):
            deepest = max(deepest, depth)
            if depth <= MAX_JSON_DEPTH:
                stack.extend((v, depth + 1) for v in value if isinstance(v, list | dict))
    return deepest


def parse_json_body(body: bytes, code: int = INVALID_REQUEST) -> Any:
    """JSON with explicit limits (nesting depth, number length, no NaN/Infinity); raises
    ApiError(`code`, 40010 by default) naming `body` for anything else, never a Python limit's
    error (RecursionError, ValueError from int's digit limit). For every JSON body route."""
    try:
        return _parse_json(body)
    except ApiError as exc:
        if code == INVALID_REQUEST:
            raise
        raise ApiError(code, details=exc.details) from None


def _parse_json(body: bytes) -> Any:
    if not body.strip():
        raise invalid([("body", "request body is empty; a JSON object is required")])
    try:
        obj = json.loads(
            body,
            parse_int=_number(int),
            parse_float=_number(float),
            parse_constant=_constant,
        )
    except UnicodeDecodeError:
        raise invalid([("body", "request body is not UTF-8 text")]) from None
    except json.JSONDecodeError as exc:
        raise invalid(
            [
                (
                    "body",
                    f"request body is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})",
                )
            ]
        ) from None
    except _LimitExceeded as exc:
        raise invalid([("body", f"request body is not accepted: {exc}")]) from None
    except RecursionError:
        obj = None
        depth = MAX_JSON_DEPTH + 1
    else:
        depth = _depth(obj)
    if depth > MAX_JSON_DEPTH:
        raise invalid(
            [("body", f"request body is nested too deeply; at most {MAX_JSON_DEPTH} levels")]
        )
    return obj


def parse_convert_request(body: bytes, *, max_pages: int, max_page_bytes: int) -> ConvertRequest:
    """Parse and check a convert body; raise ApiError(40010) naming every offending field."""
    obj = parse_json_body(body)
    if not isinstance(obj, dict):
        raise invalid([("body", f"request body must be a JSON object, got {json_type(obj)}")])

    errors: list[tuple[str, str]] = []
    htmls = obj.get("htmls", _MISSING)
    if htmls is _MISSING or htmls is None:
        errors.append(("htmls", "is required"))
    elif not isinstance(htmls, list):
        errors.append(("htmls", f"must be an array of strings, got {json_type(htmls)}"))
    elif not htmls:
        errors.append(("htmls", "must not be empty"))
    else:
        if len(htmls) > max_pages:
            errors.append(("htmls", f"has {len(htmls)} pages; at most {max_pages} are allowed"))
        for i, page in enumerate(htmls):
            field = f"htmls[{i}]"
            if not isinstance(page, str):
                errors.append((field, f"must be a string, got {json_type(page)}"))
                continue
            try:
                size = len(page.encode("utf-8"))
            except UnicodeEncodeError:
                errors.append((field, "is not valid Unicode (unpaired surrogate)"))
                continue
            if size > max_page_bytes:
                errors.append(
                    (field, f"page is {size} bytes; at most {max_page_bytes} bytes are allowed")
                )

    mode = obj.get("pageErrorMode")
    if mode is None:
        mode = "blank"
    elif not isinstance(mode, str) or mode not in PAGE_ERROR_MODES:
        shown = json.dumps(mode, ensure_ascii=False)[:40]
        errors.append(("pageErrorMode", f"must be 'blank' or 'skip', got {shown}"))

    filename = obj.get("filename")
    if filename is not None and not isinstance(filename, str):
        errors.append(("filename", f"must be a string, got {json_type(filename)}"))
    elif isinstance(filename, str) and len(filename) > MAX_INPUT_CHARS:
        errors.append(
            ("filename", f"is {len(filename)} characters; at most {MAX_INPUT_CHARS} are allowed")
        )

    template_id = obj.get("templateId")
    if template_id is not None and (
        not isinstance(template_id, str) or not template_id or len(template_id) > 64
    ):
        errors.append(("templateId", "must be a template id (a string of 1 to 64 characters)"))

    if errors:
        raise invalid(errors)
    return ConvertRequest.model_construct(
        htmls=htmls, pageErrorMode=mode, filename=filename, templateId=template_id
    )
