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
