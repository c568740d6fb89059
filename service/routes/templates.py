"""Template endpoints (token or Api-Key -> the template listing with cover images; a zip package
upload -> validated in a worker, charged as usage type 2, stored privately for the account).

Built-in covers are drawn once by a worker (generator.template_preview), kept in storage and
found again through `template_previews` by template id + content hash, so every instance
shares them. Decisions in docs/service.md ("Generation endpoints").
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from dataclasses import dataclass
from datetime import timedelta
from functools import cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from service import template_store
from service.accounts import Principal
from service.credits import AccountingError, ensure_affordable
from service.db.models import CustomTemplate
from service.deps import KeyOrTokenDep, ServiceState, StateDep
from service.envelope import (
    BAD_PARAMETERS,
    CREDITS_EXHAUSTED,
    NOT_FOUND,
    OK,
    ApiError,
    envelope_response,
)
from service.paging import format_time, parse_body
from service.routes.generate import json_body, read_json_body, request_job

log = logging.getLogger("deckforge.templates")
router = APIRouter(tags=["templates"])

LIST_TEMPLATES_PATH = "/api/ppt/templates"
UPLOAD_TEMPLATE_PATH = "/api/ppt/uploadTemplate"
DELETE_TEMPLATE_PATH = "/api/ppt/deleteTemplate"
TYPE_SYSTEM = 1  # AiPPT's filters.type: 1 = system templates, 4 = the account's own
TYPE_CUSTOM = 4
MULTIPART_OVERHEAD = 64 * 1024


class TemplateFilters(BaseModel):
    model_config = ConfigDict(extra="ignore")
    type: int | None = Field(None, description="1 = built-in templates, 4 = the account's own")
    category: str | None = Field(None, max_length=64)


class TemplateListRequest(BaseModel):
    model_config = ConfigDict(extra="ignore")
    page: int = Field(1, ge=1, le=1_000_000)
    size: int = Field(10, ge=1, le=100)
    filters: TemplateFilters = Field(
        default_factory=lambda: TemplateFilters(type=None, category=None)
    )


@cache
def builtin_versions() -> dict[str, tuple[str, str, str]]:
    """id -> (name, category, content hash) of the shipped templates (immutable per release)."""
    from generator.templates import builtin_templates

    out = {}
    for tid, t in sorted(builtin_templates().items()):
        digest = hashlib.sha256()
        for name in sorted(t.files):
            digest.update(name.encode() + b"\0" + t.files[name] + b"\0")
        out[tid] = (t.name, t.category, digest.hexdigest()[:16])
    return out


def _cache_key(tid: str, version: str) -> str:
    return f"builtin:{tid}:{version}"


def _entries(
    state: ServiceState, principal: Principal, req: TemplateListRequest
) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    kind, category = req.filters.type, req.filters.category
    if kind in (None, TYPE_SYSTEM):
        for tid, (name, cat, version) in builtin_versions().items():
            entries.append(
                {
                    "id": tid,
                    "name": name,
                    "category": cat,
                    "type": TYPE_SYSTEM,
                    "_cover": _cache_key(tid, version),
                }
            )
    if kind in (None, TYPE_CUSTOM):
        with state.db.session() as s:
            own = template_store.list_own(s, principal.account_id)
        zone = state.settings.time_zone
        for t in own:
            entries.append(
                {
                    "id": t.template_id,
                    "name": t.name,
                    "category": t.category,
                    "type": TYPE_CUSTOM,
                    "coverKey": t.cover_key,
                    "updateTime": format_time(t.update_time, zone),
                }
            )
    if category:
        entries = [e for e in entries if e["category"] == category]
    return entries


def _cached_covers(state: ServiceState, keys: list[str]) -> dict[str, str]:
    with state.db.session() as s:
        return template_store.cover_keys(s, keys)


def _keep_covers(
    state: ServiceState, covers: dict[str, bytes], keys: dict[str, str], base_url: str
) -> None:
    """Store freshly drawn built-in covers and index them; a concurrent instance's row wins."""
    now = state.clock().replace(microsecond=0)
    for tid, png in covers.items():
        stored = state.storage.put(
            png,
            filename=f"{tid}.png",
            expires_at=now + timedelta(days=1),
            now=now,
            base_url=base_url,
            keep=True,
        )
        if not template_store.add_cover(state.db, keys[tid], stored.key, now):
            state.storage.delete(stored.key)


@router.post(
    LIST_TEMPLATES_PATH,
    openapi_extra=json_body(TemplateListRequest),
    summary="Templates: the built-in ones and the account's own, with cover images",
    description="Header `token` or `Api-Key`. Body (all optional) `{page, size, filters: {type, "
    "category}}`; `filters.type` 1 = built-in, 4 = the account's uploads (AiPPT's values). "
    "Answers `data: {total, page, size, records}`, records `{id, name, category, type, "
    "coverUrl}` (coverUrl a fresh signed link), built-ins first, each group by id.",
)
async def list_templates(
    request: Request, state: StateDep, principal: KeyOrTokenDep
) -> JSONResponse:
    req = parse_body(await read_json_body(request, 64 * 1024), TemplateListRequest)
    if req.filters.type not in (None, TYPE_SYSTEM, TYPE_CUSTOM):
        raise ApiError(
            BAD_PARAMETERS,
            "bad parameters: filters.type",
            details=[{"field": "filters.type", "reason": "must be 1 (built-in) or 4 (own)"}],
        )
    base_url = state.settings.public_base_url or str(request.base_url)
    entries = await asyncio.to_thread(_entries, state, principal, req)
    start = (req.page - 1) * req.size
    page = entries[start : start + req.size]
    wanted = [e["_cover"] for e in page if "_cover" in e]
    found = await asyncio.to_thread(_cached_covers, state, wanted) if wanted else {}
    missing = {e["id"]: e["_cover"] for e in page if "_cover" in e and e["_cover"] not in found}
    if missing:
        result = await request_job(state, "templateCovers", {"ids": sorted(missing)})
        await asyncio.to_thread(_keep_covers, state, result["covers"], missing, base_url)
        found = await asyncio.to_thread(_cached_covers, state, wanted)
    now = state.clock().replace(microsecond=0)
    expires_at = now + timedelta(seconds=state.settings.url_ttl_s)
    records = []
    for e in page:
        key = found.get(e.pop("_cover")) if "_cover" in e else e.pop("coverKey")
        e["coverUrl"] = (
            state.storage.link(
                key, filename=f"{e['id']}.png", expires_at=expires_at, now=now, base_url=base_url
            )
            if key
            else None
        )
        records.append(e)
    return envelope_response(
        OK, {"total": len(entries), "page": req.page, "size": req.size, "records": records}
    )


@dataclass(frozen=True)
class TemplateUpload:
    data: bytes
    filename: str | None  # the file part's name (a PowerPoint template's default id and name)
    settings: str | None  # the optional `settings` field (JSON; PowerPoint templates)


async def _read_upload(
    state: ServiceState, principal: Principal, request: Request, limit: int
) -> bytes:
    """The `file` part of a multipart body of at most `limit` bytes, or 1010 naming `file`."""
    return (await _read_template_upload(state, principal, request, limit)).data


async def _read_template_upload(
    state: ServiceState, principal: Principal, request: Request, limit: int
) -> TemplateUpload:
    """The `file` part (and optional `settings` field) of a multipart body of at most `limit`
    bytes, received as it arrives (service.uploads) while holding one of the account's upload
    slots; 1010 naming `file` otherwise. What it is (a package or a PowerPoint file) is judged
    by the template job."""
    from service.routes.tasks import upload_slots
    from service.uploads import receive_form

    if not request.headers.get("content-type", "").startswith("multipart/form-data"):
        raise _bad_file("send the zip as multipart/form-data field `file`")
    with upload_slots(state).hold(principal):
        try:
            form = await receive_form(
                request,
                limit,
                frozenset(),
                max_files=1,
                max_fields=8,
                as_type="*",  # a package or a PowerPoint file: told and checked by the job
                as_field="package",
            )
        except ApiError as exc:
            if exc.details and exc.details[0]["field"] == "body":
                raise _bad_file("send the zip as multipart/form-data field `file`") from None
            raise
        part = next((upload for key, upload in form.files if key == "file"), None)
        files = await form.read_files(lambda key: key == "file")
    if part is None or not files:
        raise _bad_file("send the zip as multipart/form-data field `file`")
    settings = form.fields.get("settings")
    return TemplateUpload(files[0][1], part.filename or None, settings)


def _bad_file(reason: str) -> ApiError:
    return ApiError(
        BAD_PARAMETERS, "bad parameters: file", details=[{"field": "file", "reason": reason}]
    )


OTHER_UID = "a template of this id belongs to another user of the account (use another id)"


def _precheck(state: ServiceState, principal: Principal) -> dict[str, str]:
    """Credits for the upload, before any work; the ids this caller may not write ({id: reason},
    refused by the worker before it test-renders the package)."""
    try:
        with state.db.session() as s:
            ensure_affordable(s, principal, state.settings.cost_template_upload)
            return {tid: OTHER_UID for tid in template_store.unwritable_ids(s, principal)}
    except AccountingError as exc:
        raise ApiError(CREDITS_EXHAUSTED, str(exc)) from None


def _save_template(
    state: ServiceState, principal: Principal, result: dict[str, Any], package: bytes, base_url: str
) -> tuple[CustomTemplate, list[str]]:
    """Charge (type 2) and insert or replace the account's template, in one transaction; the
    zip and the cover go to storage. Returns the row and the storage keys it replaced."""
    now = state.clock().replace(microsecond=0)

    def put(data: bytes, filename: str) -> str:
        return state.storage.put(
            data,
            filename=filename,
            expires_at=now + timedelta(days=1),
            now=now,
            base_url=base_url,
            keep=True,
        ).key

    cover_key = put(result["cover"], f"{result['id']}.png")
    try:
        package_key = put(result.get("stored") or package, f"{result['id']}.zip")
    except BaseException:
        state.storage.delete(cover_key)
        raise
    upload = template_store.UploadedTemplate(
        template_id=result["id"],
        name=result["name"],
        category=result["category"],
        package_key=package_key,
        cover_key=cover_key,
    )
    cost = state.settings.cost_template_upload
    try:
        with state.db.session() as s:
            row, old = template_store.save(s, principal, upload, cost=cost, now=now)
            s.commit()
            return row, old
    except BaseException as exc:
        state.storage.delete(cover_key)
        state.storage.delete(package_key)
        if isinstance(exc, template_store.OtherUidsTemplate):
            raise ApiError(
                BAD_PARAMETERS, "bad parameters: id", details=[{"field": "id", "reason": OTHER_UID}]
            ) from None
        if isinstance(exc, AccountingError):
            raise ApiError(CREDITS_EXHAUSTED, str(exc)) from None
        raise


@router.post(
    UPLOAD_TEMPLATE_PATH,
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "multipart/form-data": {
                    "schema": {
                        "type": "object",
                        "required": ["file"],
                        "properties": {"file": {"type": "string", "format": "binary"}},
                    }
                }
            },
        }
    },
    summary="Upload a custom template: a package (zip) or a PowerPoint .pptx/.potx",
    description="Header `token` or `Api-Key`. multipart/form-data with the zip in field `file` "
    "(manifest.json, the five page templates, theme.css, images; limits in docs/generator.md), "
    "or a PowerPoint .pptx/.potx (told apart by content; optional field `settings`: JSON "
    "`{id, name, category, layouts: {kind: layout name or number}, keepSlides}`, see "
    "docs/pptx-templates.md; its answer adds format, slideSize, theme, layouts, mapping, "
    "warnings). The package "
    "is checked and test-rendered in a worker; problems answer 1010 with errorDetails naming "
    "each member. Charged DECKFORGE_COST_TEMPLATE_UPLOAD credits (usage record type 2); an "
    "upload with an existing id replaces that template (version + 1). Answers "
    "`data: {id, name, category, type: 4, version, coverUrl}`.",
)
async def upload_template(
    request: Request, state: StateDep, principal: KeyOrTokenDep
) -> JSONResponse:
    from generator import PackageLimits
    from generator.brand.package import is_powerpoint

    limits = PackageLimits()
    brand = _brand_limits(state)
    largest = max(limits.max_zip_bytes, brand["max_file_bytes"])
    upload = await _read_template_upload(state, principal, request, largest + MULTIPART_OVERHEAD)
    package = upload.data
    powerpoint = is_powerpoint(package)
    if not powerpoint and len(package) > limits.max_zip_bytes:
        raise _bad_file(f"is {len(package)} bytes; at most {limits.max_zip_bytes} allowed")
    refused = await asyncio.to_thread(_precheck, state, principal)
    job: dict[str, Any] = {"package": package, "refusedIds": refused}
    if powerpoint:
        job.update(brandLimits=brand, settings=upload.settings, filename=upload.filename)
    result = await request_job(state, "template", job, principal)
    base_url = state.settings.public_base_url or str(request.base_url)
    row, old = await asyncio.to_thread(_save_template, state, principal, result, package, base_url)
    for key in old:
        await asyncio.to_thread(state.storage.delete, key)
    log.info("template uploaded", extra={"caller": principal.label})
    now = state.clock().replace(microsecond=0)
    expires_at = now + timedelta(seconds=state.settings.url_ttl_s)
    cover = state.storage.link(
        row.cover_key or "",
        filename=f"{row.template_id}.png",
        expires_at=expires_at,
        now=now,
        base_url=base_url,
    )
    data = {
        "id": row.template_id,
        "name": row.name,
        "category": row.category,
        "type": TYPE_CUSTOM,
        "version": row.version,
        "coverUrl": cover,
        "format": "pptx" if "details" in result else "html",
        **result.get("details", {}),
    }
    return envelope_response(OK, data)


def _brand_limits(state: ServiceState) -> dict[str, int]:
    """BrandLimits fields (generator/brand/safety.py) from the settings."""
    settings = state.settings
    return {
        "max_file_bytes": settings.template_pptx_max_bytes,
        "max_media_bytes": settings.template_pptx_max_media_bytes,
        "max_media_total_bytes": settings.template_pptx_max_media_total_bytes,
    }


class DeleteTemplateRequest(BaseModel):
    model_config = ConfigDict(extra="ignore")
    templateId: str = Field(min_length=1, max_length=64)  # noqa: N815 - the API's field name


def _delete_template(state: ServiceState, principal: Principal, template_id: str) -> list[str]:
    """Delete the account's template row; the storage keys of its files (deleted by the caller
    after the commit). ApiError 1010 for a built-in id, 1001 when the account has no such
    template (another account's is not found either)."""
    if template_id in builtin_versions():
        raise ApiError(
            BAD_PARAMETERS,
            "bad parameters: templateId",
            details=[{"field": "templateId", "reason": "built-in templates cannot be deleted"}],
        )
    try:
        with state.db.session() as s:
            keys = template_store.delete(s, principal, template_id)
            s.commit()
    except (template_store.TemplateNotFound, template_store.OtherUidsTemplate) as exc:
        others = isinstance(exc, template_store.OtherUidsTemplate)
        reason = OTHER_UID if others else "no such template of this account"
        raise ApiError(
            NOT_FOUND,
            "not found: templateId",
            details=[{"field": "templateId", "reason": reason}],
        ) from None
    return keys


@router.post(
    DELETE_TEMPLATE_PATH,
    openapi_extra=json_body(DeleteTemplateRequest),
    summary="Delete one of the account's uploaded templates",
    description="Header `token` or `Api-Key`. Body `{templateId}`. Deletes the account's own "
    "template (its package and cover); PPTs made with it keep their files. Built-in templates "
    "-> 1010; an id the account has not uploaded (another account's included) -> 1001. "
    "Answers `data: {id}`.",
)
async def delete_template(
    request: Request, state: StateDep, principal: KeyOrTokenDep
) -> JSONResponse:
    req = parse_body(await read_json_body(request, 4 * 1024), DeleteTemplateRequest)
    keys = await asyncio.to_thread(_delete_template, state, principal, req.templateId)
    for key in keys:
        await asyncio.to_thread(state.storage.delete, key)
    log.info("template deleted", extra={"caller": principal.label})
    return envelope_response(OK, {"id": req.templateId})
