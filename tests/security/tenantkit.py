"""Inputs of the tenant attacks: template packages, multipart uploads, metric readings."""

from __future__ import annotations

import io
import re
import zipfile
from typing import Any

import httpx

from generator.templates import builtin_templates


def template_zip(tid: str, **replace: str) -> bytes:
    """The corporate template under id `tid`, with page files replaced (`content="..."`)."""
    import json

    files = dict(builtin_templates()["corporate"].files)
    manifest = json.loads(files["manifest.json"])
    manifest["id"] = tid
    manifest["name"] = tid
    files["manifest.json"] = json.dumps(manifest).encode()
    for kind, body in replace.items():
        files[f"{kind}.html"] = body.encode()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return buf.getvalue()


def upload_template(url: str, package: bytes, timeout: float = 120, **headers: str) -> Any:
    hdrs = {k.replace("_", "-"): v for k, v in headers.items()}
    r = httpx.post(
        url + "/api/ppt/uploadTemplate",
        files={"file": ("t.zip", package, "application/zip")},
        headers=hdrs,
        timeout=timeout,
    )
    return r.json()


def metric(url: str, name: str) -> float:
    """The sum of every series of a Prometheus counter or gauge on /metrics."""
    text = httpx.get(url + "/metrics", timeout=10).text
    total = 0.0
    for line in text.splitlines():
        if re.match(rf"^{re.escape(name)}(\{{|\s)", line):
            total += float(line.rsplit(" ", 1)[1])
    return total


CREATE = "/v2/api/portable/create-task"
RESULT = "/v2/api/portable/task-result"


def create_task(url: str, token: str, body: dict[str, Any], files: Any = None) -> Any:
    if files is None:
        return httpx.post(url + CREATE, json=body, headers={"token": token}, timeout=60).json()
    data = {k: str(v) for k, v in body.items()}
    return httpx.post(
        url + CREATE, data=data, files=files, headers={"token": token}, timeout=60
    ).json()


def wait_task(url: str, token: str, task_id: str, limit_s: float = 90) -> Any:
    """The task's final result envelope (polls task-result; fails the test past `limit_s`)."""
    import time

    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        out = httpx.get(url + RESULT, params={"taskId": task_id}, headers={"token": token}).json()
        if out["code"] != 0 or out["data"]["status"] in ("success", "failed"):
            return out
        time.sleep(0.2)
    raise AssertionError(f"task {task_id} not done within {limit_s} s")


XPATH_STYLE = 'x" or count(//*) > 0 or "'


def hostile_docx(paragraphs: int = 3000, sid: str = XPATH_STYLE) -> bytes:
    """A small .docx whose paragraphs name a style id written as XPath."""
    import docx

    doc = docx.Document()
    for i in range(paragraphs):
        doc.add_paragraph(f"p{i}")
    w = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
    from docx.oxml import OxmlElement

    for p in doc.element.body.iterchildren(w + "p"):
        ppr = p.find(w + "pPr")
        if ppr is None:
            ppr = OxmlElement("w:pPr")
            p.insert(0, ppr)
        style = OxmlElement("w:pStyle")
        style.set(w + "val", sid)
        ppr.insert(0, style)
    buf = io.BytesIO()
    doc.save(buf)
    return buf.getvalue()


def nested_list_html(depth: int = 3000) -> bytes:
    """A 30 KB page whose article extraction is superlinear in its nesting."""
    return ("<html><body>" + "<ul><li>x" * depth + "</li></ul>" * depth + "</body></html>").encode()
