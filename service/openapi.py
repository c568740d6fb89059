"""The OpenAPI document as the service really behaves (FastAPI's generated document -> request
bodies in every content type a route reads, response envelopes with their `data` models, event
streams as text/event-stream, and the `token` / `Api-Key` headers as security schemes, so /docs
has an Authorize button and Try-it-out sends bodies and credentials).

Handlers read their bodies themselves (limits, 1010/40010 envelopes instead of 422), so FastAPI
cannot see them; ROUTES below describes each operation's answer, and `install_openapi` merges it
into the generated document once, when it is first asked for.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI
from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from service import api_models as m
from service.routes import accounts, convert, generate, library, tasks, templates
from service.schemas import FailureData

REF = "#/components/schemas/{model}"
SECURITY_SCHEMES: dict[str, dict[str, Any]] = {
    "token": {
        "type": "apiKey",
        "in": "header",
        "name": "token",
        "description": "Temporary token of one end user (createApiToken), or a static token "
        "(DECKFORGE_TOKENS; dev-token in the data directory).",
    },
    "Api-Key": {
        "type": "apiKey",
        "in": "header",
        "name": "Api-Key",
        "description": "An account's API key (`deckforge accounts create`; dev-api-key in the "
        "data directory). Server to server only: browsers' CORS preflights refuse it.",
    },
}
SSE_EXAMPLE = (
    ": stream open\n\n"
    'event: message\nid: 1\ndata: {"taskId":"9f..","status":"pending","progress":0,'
    '"step":"create_task"}\n\n'
    'event: message\nid: 9\ndata: {"taskId":"9f..","status":"success","progress":100,'
    '"step":"upload","pptId":"..","fileUrl":"..","coverUrl":"..","previewUrl":".."}\n\n'
)


@dataclass(frozen=True)
class RouteDoc:
    """What one operation takes and answers, beyond what FastAPI sees."""

    data: type[BaseModel] | None = None  # the `data` of a code-0 envelope
    json_body: type[BaseModel] | None = None
    form_body: type[BaseModel] | None = None
    stream: bool = False  # answers text/event-stream (with stream=true, or always)
    body_required: bool = True
    extra: dict[str, Any] = field(default_factory=dict)


ROUTES: dict[tuple[str, str], RouteDoc] = {
    ("post", accounts.CREATE_TOKEN_PATH): RouteDoc(data=m.TokenData),
    ("post", accounts.LIST_RECORDS_PATH): RouteDoc(data=m.UsageRecordPage, body_required=False),
    ("post", library.LIST_PPTS_PATH): RouteDoc(data=m.PptPage, body_required=False),
    ("post", library.DELETE_PPT_PATH): RouteDoc(data=m.IdData),
    ("post", generate.GENERATE_PATH): RouteDoc(data=m.PptInfoData),
    ("post", generate.LOAD_PATH): RouteDoc(data=m.PptInfoData),
    ("post", generate.SAVE_PATH): RouteDoc(data=m.PptInfoData),
    ("post", generate.DOWNLOAD_PATH): RouteDoc(data=m.DownloadData),
    ("post", templates.LIST_TEMPLATES_PATH): RouteDoc(data=m.TemplatePage, body_required=False),
    ("post", templates.UPLOAD_TEMPLATE_PATH): RouteDoc(data=m.UploadedTemplate),
    ("post", templates.DELETE_TEMPLATE_PATH): RouteDoc(data=m.IdData),
    ("post", tasks.CREATE_PATH): RouteDoc(
        data=m.TaskCreated, json_body=m.CreateTaskRequest, form_body=m.CreateTaskForm, stream=True
    ),
    ("get", tasks.RESULT_PATH): RouteDoc(data=m.TaskResult),
    ("post", tasks.RESULT_PATH): RouteDoc(
        data=m.TaskResult, json_body=m.TaskResultRequest, form_body=m.TaskResultRequest
    ),
    ("get", tasks.STREAM_PATH): RouteDoc(stream=True),
    ("get", tasks.LATEST_PATH): RouteDoc(data=m.LatestData),
}
# Operations FastAPI already describes from their response_model / response_class.
DESCRIBED = {
    ("post", convert.CONVERT_PATH),
    ("get", "/files/{key}"),
    ("get", "/preview/{ppt_id}"),
    ("get", "/preview/{ppt_id}/{n}.png"),
    ("get", "/preview/{ppt_id}/{n}@2x.png"),
    ("get", "/healthz"),
    ("get", "/readyz"),
    ("get", "/metrics"),
}
SIGNED_LINK_ERRORS = {
    "403": "tampered or foreign link (code 98)",
    "404": "unknown or deleted file (code 1001)",
    "410": "the link has expired (code 1001)",
}
PNG_RESPONSE = {"content": {"image/png": {"schema": {"type": "string", "format": "binary"}}}}


def _ref(model: type[BaseModel]) -> dict[str, str]:
    return {"$ref": REF.format(model=model.__name__)}


def envelope_schema(data: type[BaseModel] | None) -> dict[str, Any]:
    """`{code, message, data}`: `data` is the model on code 0, FailureData (requestId,
    errorDetails) or null otherwise."""
    options: list[dict[str, Any]] = [_ref(FailureData), {"type": "null"}]
    if data is not None:
        options.insert(0, _ref(data))
    return {
        "type": "object",
        "required": ["code", "message", "data"],
        "properties": {
            "code": {"type": "integer", "description": "0 success; see docs/spec.md"},
            "message": {"type": "string"},
            "data": {"anyOf": options},
        },
    }


def _hoist_defs(node: Any, schemas: dict[str, Any]) -> Any:
    """Move `$defs` of inline schemas into components and point their refs there."""
    if isinstance(node, dict):
        for name, sub in node.pop("$defs", {}).items():
            schemas.setdefault(name, _hoist_defs(sub, schemas))
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            node["$ref"] = REF.format(model=ref.removeprefix("#/$defs/"))
        for key, value in node.items():
            node[key] = _hoist_defs(value, schemas)
    elif isinstance(node, list):
        return [_hoist_defs(item, schemas) for item in node]
    return node


def _security(op: dict[str, Any]) -> None:
    """Header parameters `token` / `Api-Key` -> the operation's security requirement (either
    one when both are accepted); the parameters themselves are dropped (Authorize sends them)."""
    params = op.get("parameters", [])
    names = [p["name"] for p in params if p.get("in") == "header" and p["name"] in SECURITY_SCHEMES]
    if not names:
        return
    op["parameters"] = [p for p in params if not (p.get("in") == "header" and p["name"] in names)]
    if not op["parameters"]:
        del op["parameters"]
    op["security"] = [{name: []} for name in sorted(names, key=list(SECURITY_SCHEMES).index)]


def _request_body(doc: RouteDoc) -> dict[str, Any] | None:
    content: dict[str, Any] = {}
    if doc.json_body is not None:
        content["application/json"] = {"schema": _ref(doc.json_body)}
    if doc.form_body is not None:
        content["multipart/form-data"] = {"schema": _ref(doc.form_body)}
    return {"required": doc.body_required, "content": content} if content else None


def _ok_response(doc: RouteDoc, description: str) -> dict[str, Any]:
    content: dict[str, Any] = {"application/json": {"schema": envelope_schema(doc.data)}}
    if doc.stream:
        content["text/event-stream"] = {
            "schema": {"type": "string", "description": "server-sent events (docs/spec.md)"},
            "example": SSE_EXAMPLE,
        }
    return {"description": description, "content": content}


def _file_answers(path: str, op: dict[str, Any]) -> None:
    """Routes that answer files or text: their error statuses carry the JSON envelope."""
    responses = op.setdefault("responses", {})
    if path.endswith(".png"):
        responses["200"] = {"description": "the slide image", **PNG_RESPONSE}
    if path == "/metrics":
        responses["200"] = {
            "description": "Prometheus text exposition format",
            "content": {"text/plain": {"schema": {"type": "string"}}},
        }
    if path.startswith(("/files/", "/preview/")):
        for status, why in SIGNED_LINK_ERRORS.items():
            responses.setdefault(status, {"description": why})
    for answer in responses.values():
        for body in answer.get("content", {}).values():
            body.setdefault("schema", {"type": "string", "format": "binary"})
    for status, answer in responses.items():
        if status in ("403", "404", "410", "416") and not answer.get("content"):
            answer["content"] = {"application/json": {"schema": envelope_schema(None)}}


def describe(schema: dict[str, Any]) -> dict[str, Any]:
    """The generated document -> the real one (see the module docstring)."""
    schema = copy.deepcopy(schema)
    components = schema.setdefault("components", {})
    schemas = components.setdefault("schemas", {})
    for name in ("HTTPValidationError", "ValidationError"):
        schemas.pop(name, None)
    models: list[type[BaseModel]] = [*m.REQUEST_MODELS, *m.RESPONSE_MODELS, FailureData]
    _, defs = models_json_schema([(model, "validation") for model in models], ref_template=REF)
    for name, sub in defs.get("$defs", {}).items():
        schemas.setdefault(name, sub)
    components["securitySchemes"] = copy.deepcopy(SECURITY_SCHEMES)
    for path, operations in schema.get("paths", {}).items():
        for method, op in operations.items():
            op.get("responses", {}).pop("422", None)
            _security(op)
            doc = ROUTES.get((method, path))
            if doc is None:
                continue
            body = _request_body(doc)
            if body is not None:
                op["requestBody"] = body
            description = "HTTP 200 envelope" + (
                "; with stream=true, or always here, the event stream" if doc.stream else ""
            )
            op.setdefault("responses", {})["200"] = _ok_response(doc, description)
    for path, operations in schema.get("paths", {}).items():
        for method, op in operations.items():
            if (method, path) in DESCRIBED:
                _file_answers(path, op)
    return _hoist_defs(schema, schemas)  # type: ignore[no-any-return]


def install_openapi(app: FastAPI) -> None:
    """Serve `describe(...)` of the generated document at /openapi.json (built once)."""
    base_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = describe(base_openapi())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
