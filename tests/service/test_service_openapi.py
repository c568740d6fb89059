"""/openapi.json describes the service as it behaves: every route's request body in every
content type it reads, its answer (the envelope with its `data` model, event streams as
text/event-stream, files), and the `token` / `Api-Key` headers as security schemes; and real
answers of a running app validate against the documented models."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from accounts_testkit import CREATE_TOKEN, DELETE_PPT, LIST_PPTS, LIST_RECORDS, Env
from gen_testkit import DOWNLOAD, GENERATE, LOAD, MARKDOWN, TEMPLATES, started_env
from pydantic import BaseModel
from service_testkit import TOKEN
from tasks_testkit import CREATE, LATEST, RESULT, STREAM, wait_done

from service import api_models as m
from service.openapi import DESCRIBED, ROUTES

AUTH_HEADERS = {"token", "Api-Key"}


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Env]:
    with started_env(tmp_path_factory.mktemp("openapi"), task_poll_interval_s=0.05) as e:
        yield e


@pytest.fixture(scope="module")
def schema(env: Env) -> dict[str, Any]:
    r = env.client.get("/openapi.json")
    assert r.status_code == 200
    out: dict[str, Any] = r.json()
    return out


def operations(schema: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, ops in schema["paths"].items():
        for method, op in ops.items():
            yield method, path, op


def resolve(schema: dict[str, Any], ref: str) -> dict[str, Any]:
    assert ref.startswith("#/components/schemas/"), ref
    out: dict[str, Any] = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
    return out


def test_every_operation_is_described(schema: dict[str, Any]) -> None:
    """A new route needs an entry in service.openapi (or a response model of its own)."""
    seen = {(method, path) for method, path, _ in operations(schema)}
    assert seen == set(ROUTES) | DESCRIBED


def test_every_answer_has_a_content_type_and_schema(schema: dict[str, Any]) -> None:
    for method, path, op in operations(schema):
        ok = op["responses"]["200"]
        assert ok.get("content"), (method, path)
        for media, body in ok["content"].items():
            assert "schema" in body, (method, path, media)
        assert "422" not in op["responses"], (method, path)


def test_every_ref_resolves_and_no_inline_defs_are_left(schema: dict[str, Any]) -> None:
    text = json.dumps(schema)
    assert "$defs" not in text
    for ref in {part.split('"')[0] for part in text.split('"$ref": "')[1:]}:
        resolve(schema, ref)


def test_create_task_takes_json_and_multipart_and_answers_json_or_a_stream(
    schema: dict[str, Any],
) -> None:
    op = schema["paths"][CREATE]["post"]
    content = op["requestBody"]["content"]
    assert set(content) == {"application/json", "multipart/form-data"}
    form = resolve(schema, content["multipart/form-data"]["schema"]["$ref"])
    assert form["properties"]["file"]["items"]["format"] == "binary"
    body = resolve(schema, content["application/json"]["schema"]["$ref"])
    assert {"type", "templateId"} <= set(body["required"])
    assert set(body["properties"]) == {
        "type",
        "content",
        "templateId",
        "stream",
        "length",
        "scene",
        "audience",
        "lang",
        "prompt",
    }
    answers = op["responses"]["200"]["content"]
    assert set(answers) == {"application/json", "text/event-stream"}
    data = answers["application/json"]["schema"]["properties"]["data"]["anyOf"][0]
    assert data == {"$ref": "#/components/schemas/TaskCreated"}


def test_task_result_post_has_a_body_and_the_stream_is_an_event_stream(
    schema: dict[str, Any],
) -> None:
    body = schema["paths"][RESULT]["post"]["requestBody"]["content"]
    assert body["application/json"]["schema"] == {"$ref": "#/components/schemas/TaskResultRequest"}
    stream = schema["paths"][STREAM]["get"]["responses"]["200"]["content"]
    assert "text/event-stream" in stream
    assert "event: message" in stream["text/event-stream"]["example"]


def test_auth_headers_are_security_schemes(schema: dict[str, Any]) -> None:
    schemes = schema["components"]["securitySchemes"]
    assert schemes["token"] == {**schemes["token"], "type": "apiKey", "in": "header"}
    assert schemes["Api-Key"]["name"] == "Api-Key" and schemes["Api-Key"]["in"] == "header"
    for method, path, op in operations(schema):
        headers = {p["name"] for p in op.get("parameters", []) if p["in"] == "header"}
        assert not headers & AUTH_HEADERS, (method, path)
    ops = schema["paths"]
    assert ops[CREATE]["post"]["security"] == [{"token": []}]
    assert ops[LIST_RECORDS]["post"]["security"] == [{"Api-Key": []}]
    assert ops[DELETE_PPT]["post"]["security"] == [{"token": []}, {"Api-Key": []}]
    assert "security" not in ops["/healthz"]["get"]


def check(model: type[BaseModel], out: dict[str, Any]) -> None:
    """A code-0 envelope whose `data` is exactly what `model` documents."""
    assert out["code"] == 0, out
    model.model_validate(out["data"])


def test_real_answers_match_the_documented_models(env: Env) -> None:
    key = env.dev_key
    token_out = env.post(CREATE_TOKEN, {"uid": "alice"}, Api_Key=key)
    check(m.TokenData, token_out)
    token = token_out["data"]["token"]

    created = env.post(
        CREATE, {"type": 7, "templateId": "minimal", "content": MARKDOWN}, token=token
    )
    check(m.TaskCreated, created)
    task_id = created["data"]["taskId"]
    check(m.TaskResult, wait_done(env, task_id, token))
    form = env.client.post(RESULT, data={"taskId": task_id}, headers={"token": token}).json()
    check(m.TaskResult, form)  # the form body documented for POST task-result works
    latest = env.client.get(LATEST, params={"taskId": task_id}, headers={"token": token}).json()
    check(m.LatestData, latest)

    generated = env.post(GENERATE, {"templateId": "corporate", "markdown": MARKDOWN}, token=token)
    check(m.PptInfoData, generated)
    ppt_id = generated["data"]["pptInfo"]["id"]
    check(m.PptInfoData, env.post(LOAD, {"id": ppt_id}, token=token))
    check(m.DownloadData, env.post(DOWNLOAD, {"id": ppt_id}, Api_Key=key))
    check(m.TemplatePage, env.post(TEMPLATES, {}, token=token))
    check(m.UsageRecordPage, env.post(LIST_RECORDS, {}, Api_Key=key))
    check(m.PptPage, env.post(LIST_PPTS, {}, Api_Key=key))
    check(m.IdData, env.post(DELETE_PPT, {"id": ppt_id}, Api_Key=key))


def test_multipart_create_task_as_documented(env: Env, tmp_path: Path) -> None:
    """The multipart form of create-task, with a file part, as /docs sends it."""
    r = env.client.post(
        CREATE,
        data={"type": "2", "templateId": "minimal"},
        files=[("file", ("notes.md", MARKDOWN.encode(), "text/markdown"))],
        headers={"token": TOKEN},
    )
    check(m.TaskCreated, r.json())
