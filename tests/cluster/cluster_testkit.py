"""Helpers for the cluster tests: API calls against a chosen instance, polling, SSE reading."""

from __future__ import annotations

import io
import json
import time
import zipfile
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import httpx
from cluster import Cluster

CONVERT = "/v2/api/htmljson-bridge/convert-html-to-json"
GENERATE = "/api/ppt/v2/generatePptx"
CREATE = "/v2/api/portable/create-task"
RESULT = "/v2/api/portable/task-result"
STREAM = "/v2/api/portable/task-stream"
LATEST = "/api/ppt/v2/latestData"
RECORDS = "/api/record/listPage"
LIST_PPTS = "/api/ppt/listAllPptx"
TEMPLATE = "corporate"

MARKDOWN = """# Cluster Review
Numbers from every instance

## Results

### Revenue Growth
- Sales up in every region
- Margins held steady

### Team Update
#### Hiring
Two engineers joined
#### Training
Everyone finished the course
"""


def page(text: str = "Hi", w: int = 320, h: int = 180) -> str:
    return f'<div class="slide" style="width:{w}px;height:{h}px"><p>{text}</p></div>'


def call(
    cluster: Cluster, i: int, path: str, body: Any = None, timeout: float = 60, **headers: str
) -> dict[str, Any]:
    """POST `body` to instance `i`; the HTTP 200 envelope."""
    hdrs = {k.replace("_", "-"): v for k, v in headers.items()}
    r = httpx.post(cluster.url(i) + path, json=body, headers=hdrs, timeout=timeout)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    assert set(out) == {"code", "message", "data"}, out
    return out


def result(cluster: Cluster, i: int, task_id: str, token: str) -> dict[str, Any]:
    r = httpx.get(
        cluster.url(i) + RESULT, params={"taskId": task_id}, headers={"token": token}, timeout=30
    )
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def wait_done(
    cluster: Cluster,
    task_id: str,
    token: str,
    timeout: float = 120.0,
    instances: tuple[int, ...] = (0, 1),
) -> dict[str, Any]:
    """Poll 4.2 (alternating instances) until the task succeeded or failed."""
    deadline = time.monotonic() + timeout
    n = 0
    while time.monotonic() < deadline:
        out = result(cluster, instances[n % len(instances)], task_id, token)
        n += 1
        if out["data"]["status"] in ("success", "failed"):
            return out
        assert out["code"] == 0, out
        time.sleep(0.1)
    raise AssertionError(f"task {task_id} did not finish in {timeout}s")


def create_task(
    cluster: Cluster, i: int, token: str, markdown: str = MARKDOWN, length: str | None = None
) -> str:
    body: dict[str, Any] = {"type": 7, "content": markdown, "templateId": TEMPLATE}
    if length is not None:
        body["length"] = length
    out = call(cluster, i, CREATE, body, token=token)
    assert out["code"] == 0, out
    assert out["data"]["status"] == "pending"
    return str(out["data"]["taskId"])


def sse_events(lines: Iterator[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    """SSE lines -> (id, data) of each event (comments skipped)."""
    fields: dict[str, str] = {}
    for line in lines:
        if line == "":
            if "data" in fields:
                yield int(fields["id"]), json.loads(fields["data"])
            fields = {}
        elif not line.startswith(":"):
            key, _, value = line.partition(":")
            fields[key] = value[1:] if value.startswith(" ") else value


def on_instance(cluster: Cluster, url: str, i: int) -> str:
    """`url` (issued by some instance) pointed at instance `i` instead."""
    parts = urlsplit(url)
    return f"{cluster.url(i)}{parts.path}?{parts.query}"


def slide_count(pptx: bytes) -> int:
    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        return sum(
            1 for n in z.namelist() if n.startswith("ppt/slides/slide") and n.endswith(".xml")
        )
