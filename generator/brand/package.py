"""PowerPoint templates as stored and uploaded: a .pptx/.potx file as it is, or a brand package
(a zip holding `template.pptx` or `template.potx` and an optional `settings.json`), -> a
BrandTemplate. `settings.json` / the upload's settings:

    {"id": "acme", "name": "ACME corporate", "category": "business",
     "layouts": {"cover": "Title Slide", "content": 2, ...},   # kind -> layout name or number
     "keepSlides": false}                                        # keep the example slides
"""

from __future__ import annotations

import io
import json
import zipfile
from typing import Any

from generator.brand.html import BrandTemplate, build_template
from generator.brand.mapping import map_layouts
from generator.brand.reader import read_template
from generator.brand.safety import BrandLimits, check_pptx, refuse
from generator.errors import GeneratorError, Problem
from generator.lazyre import lazy_compile

PACKAGE_MEMBERS = ("template.pptx", "template.potx")
SETTINGS_MEMBER = "settings.json"
MAX_SETTINGS_BYTES = 64 * 1024
SETTINGS_KEYS = {"id", "name", "category", "layouts", "keepSlides"}
ID_RE = lazy_compile(r"[^A-Za-z0-9_-]+")


def is_powerpoint(data: bytes) -> bool:
    """A PowerPoint package (or an OLE file: encrypted / legacy, refused with its own message)
    rather than a zip template package: decided by content, never by the file name."""
    if data.startswith(b"\xd0\xcf\x11\xe0"):
        return True
    if not data.startswith(b"PK"):
        return False
    try:
        names = set(zipfile.ZipFile(io.BytesIO(data)).namelist())
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return False
    return "[Content_Types].xml" in names or any(m in names for m in PACKAGE_MEMBERS)


def brand_package(pptx: bytes, settings: dict[str, Any], potx: bool = False) -> bytes:
    """The stored form: the uploaded file unchanged plus its settings, in one zip."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        z.writestr(zipfile.ZipInfo(PACKAGE_MEMBERS[1 if potx else 0], (1980, 1, 1, 0, 0, 0)), pptx)
        info = zipfile.ZipInfo(SETTINGS_MEMBER, (1980, 1, 1, 0, 0, 0))
        z.writestr(info, json.dumps(settings, ensure_ascii=False, sort_keys=True))
    return out.getvalue()


def split_package(data: bytes, limits: BrandLimits) -> tuple[bytes, dict[str, Any]]:
    """(PowerPoint bytes, settings) of an upload: a bare .pptx/.potx or a brand package."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        names = archive.namelist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return data, {}
    if "[Content_Types].xml" in names:
        return data, {}
    member = next((m for m in PACKAGE_MEMBERS if m in names), None)
    if member is None or len(names) > 2:
        raise refuse(
            f"a template package holds {' or '.join(PACKAGE_MEMBERS)} and {SETTINGS_MEMBER}"
        )
    info = archive.getinfo(member)
    if info.file_size > limits.max_file_bytes:
        raise refuse(f"is {info.file_size} bytes; at most {limits.max_file_bytes} allowed", member)
    pptx = archive.read(member)
    settings: dict[str, Any] = {}
    if SETTINGS_MEMBER in names:
        if archive.getinfo(SETTINGS_MEMBER).file_size > MAX_SETTINGS_BYTES:
            raise refuse("too large", SETTINGS_MEMBER)
        settings = parse_settings(archive.read(SETTINGS_MEMBER))
    return pptx, settings


def parse_settings(raw: Any) -> dict[str, Any]:
    """Settings JSON (bytes, str or dict) -> a checked dict; GeneratorError 1010 naming the key."""
    if isinstance(raw, (bytes, str)):
        if len(raw) > MAX_SETTINGS_BYTES:
            raise GeneratorError("bad template settings", [Problem("settings", "too large")])
        try:
            raw = json.loads(raw)
        except (ValueError, UnicodeDecodeError) as exc:
            raise GeneratorError(
                "bad template settings", [Problem("settings", f"not JSON: {exc}"[:200])]
            ) from None
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise GeneratorError(
            "bad template settings", [Problem("settings", "must be a JSON object")]
        )
    problems = [Problem(f"settings.{k}", "unknown key") for k in raw if k not in SETTINGS_KEYS]
    for key in ("id", "name", "category"):
        value = raw.get(key)
        if value is not None and (
            not isinstance(value, str) or not value.strip() or len(value) > 64
        ):
            problems.append(
                Problem(f"settings.{key}", "must be a non-empty string of at most 64 characters")
            )
    if "id" in raw and isinstance(raw["id"], str) and ID_RE.search(raw["id"]):
        problems.append(Problem("settings.id", "letters, digits, '-' and '_' only"))
    layouts = raw.get("layouts")
    if layouts is not None and not isinstance(layouts, dict):
        problems.append(Problem("settings.layouts", "must be an object of kind -> layout"))
    if "keepSlides" in raw and not isinstance(raw["keepSlides"], bool):
        problems.append(Problem("settings.keepSlides", "must be true or false"))
    if problems:
        raise GeneratorError("bad template settings", problems)
    return dict(raw)


def template_id_for(filename: str | None, settings: dict[str, Any]) -> str:
    if settings.get("id"):
        return str(settings["id"])
    stem = (filename or "template").rsplit("/", 1)[-1].rsplit(".", 1)[0]
    cleaned = ID_RE.sub("-", stem).strip("-")[:48] or "template"
    return f"pptx-{cleaned}".lower()


def load_pptx_template(
    data: bytes,
    *,
    settings: Any = None,
    limits: BrandLimits | None = None,
    filename: str | None = None,
) -> BrandTemplate:
    """An uploaded .pptx/.potx (or brand package) -> BrandTemplate; GeneratorError 1010 for a
    bad file (see safety.py) or bad settings. Settings given here win over the package's."""
    from generator.templates import builtin_templates

    limits = limits or BrandLimits()
    pptx, stored = split_package(bytes(data), limits)
    merged = {**stored, **parse_settings(settings)}
    checked = check_pptx(pptx, limits)
    source = read_template(checked, limits)
    layout_map = map_layouts(source.layouts, source.width, merged.get("layouts"))
    source.warnings += layout_map.warnings
    template_id = template_id_for(filename, merged)
    if template_id in builtin_templates():
        raise GeneratorError(
            "bad template settings",
            [Problem("settings.id", f"{template_id!r} is a built-in template id")],
        )
    stem = (filename or "").rsplit("/", 1)[-1].rsplit(".", 1)[0]
    name = str(merged.get("name") or source.title or stem or template_id)
    category = str(merged.get("category") or "custom")
    template = build_template(template_id, name[:128], category[:64], source, layout_map, merged)
    template.settings = {**merged, "id": template_id}
    template.original = pptx
    return template


def describe(template: BrandTemplate) -> dict[str, Any]:
    """What an upload answers and `deckforge templates` shows about a PowerPoint template."""
    source = template.source
    assert source is not None and template.layout_map is not None
    return {
        "format": "pptx",
        "slideSize": {"width": round(source.width, 2), "height": round(source.height, 2)},
        "theme": source.theme.to_dict(),
        "layouts": [layout.to_dict() for layout in source.layouts],
        "mapping": template.layout_map.to_dict(),
        "exampleSlides": source.example_slides,
        "warnings": list(source.warnings),
    }
