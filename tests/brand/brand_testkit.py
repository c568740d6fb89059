"""Helpers of the PowerPoint template tests: the sample templates, package surgery for the
refusal tests, and a package check (every relationship target and content type present)."""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
from pathlib import Path

import defusedxml.ElementTree as SafeET

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "templates"
TEMPLATES = {
    "company": SAMPLES / "company-background.potx",
    "sales": SAMPLES / "sales-proposal.potx",
    "wide": SAMPLES / "widescreen-16x9.pptx",
    "m3": SAMPLES / "m3-a4-japanese.pptx",
}
MARKDOWN = """# Quarterly Review 季度回顾
Numbers and plans

## Results

### Revenue Growth
- Sales up in every region
- Margins held steady
  - Europe first

### Numbers
| Region | Q1 | Q2 |
|---|---|---|
| North | 10 | 12 |
| South | 8 | 9 |

### Two teams
#### Hiring
Two engineers joined
#### Training
Everyone finished the course
"""
CT = "{http://schemas.openxmlformats.org/package/2006/content-types}"
REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"


def sample(name: str) -> bytes:
    return TEMPLATES[name].read_bytes()


def rewrite(
    data: bytes, changes: dict[str, bytes | None], added: dict[str, bytes] | None = None
) -> bytes:
    """The zip `data` with members replaced (None: removed) and added."""
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(data)) as src,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst,
    ):
        for info in src.infolist():
            if info.filename in changes:
                new = changes[info.filename]
                if new is not None:
                    dst.writestr(info.filename, new)
                continue
            dst.writestr(info, src.read(info))
        for name, blob in (added or {}).items():
            dst.writestr(name, blob)
    return out.getvalue()


def member(data: bytes, name: str) -> str:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return z.read(name).decode("utf-8")


def names(data: bytes) -> list[str]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return z.namelist()


def package_problems(data: bytes) -> list[str]:
    """Dangling relationships, parts without a content type, overrides naming no part."""
    problems: list[str] = []
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        present = set(z.namelist())
        if len(present) != len(z.namelist()):
            problems.append("duplicate member names")
        types = SafeET.fromstring(z.read("[Content_Types].xml"))
        defaults = {d.get("Extension", "").lower() for d in types.iter(f"{CT}Default")}
        overrides = {o.get("PartName", "").lstrip("/") for o in types.iter(f"{CT}Override")}
        for name in sorted(present):
            if name == "[Content_Types].xml" or name.endswith("/"):
                continue
            ext = name.rsplit(".", 1)[-1].lower()
            if name not in overrides and ext not in defaults:
                problems.append(f"{name}: no content type")
        for name in sorted(overrides - present):
            problems.append(f"override for missing part {name}")
        for rels in sorted(n for n in present if n.endswith(".rels")):
            folder = posixpath.dirname(posixpath.dirname(rels))
            for rel in SafeET.fromstring(z.read(rels)).iter(f"{REL}Relationship"):
                if rel.get("TargetMode") == "External":
                    continue
                target = rel.get("Target", "")
                path = (
                    target.lstrip("/")
                    if target.startswith("/")
                    else posixpath.normpath(posixpath.join(folder, target))
                )
                if path not in present:
                    problems.append(f"{rels}: {rel.get('Id')} -> missing {path}")
    return problems


def slide_xml(data: bytes) -> list[str]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        slides = [n for n in z.namelist() if re.fullmatch(r"ppt/slides/slide\d+\.xml", n)]
        slides.sort(key=lambda n: int(re.findall(r"\d+", n)[0]))
        return [z.read(n).decode("utf-8") for n in slides]
