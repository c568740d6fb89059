"""The PPT library endpoints (Api-Key -> listAllPptx, spec 4.7; Api-Key or token -> delete)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from service import library
from service.accounts import Principal
from service.db.models import Ppt
from service.deps import ApiKeyDep, KeyOrTokenDep, ServiceState, StateDep
from service.envelope import NOT_FOUND, OK, ApiError, envelope_response
from service.paging import DeletePptRequest, PptListRequest, format_time, parse_body, parse_time
from service.routes.accounts import openapi_body, read_json

log = logging.getLogger("deckforge.library")
router = APIRouter(tags=["library"])

LIST_PPTS_PATH = "/api/ppt/listAllPptx"
DELETE_PPT_PATH = "/api/ppt/delete"


@router.post(
    LIST_PPTS_PATH,
    summary="All PPTs of the key's account (spec 4.7)",
    description="Header `Api-Key`. Every body field is optional: page (default 1), size "
    "(default 10, at most 100), id, uid, templateId, startDate, endDate (inclusive, "
    "`YYYY-MM-DD HH:mm:ss`), desc (default true: newest first by createTime). Answers "
    "`data: {total, page, size, records}`; each entry: id, subject, templateId, uid, pages, "
    "fileName, source, fileUrl (fresh signed link), coverUrl, createTime, updateTime.",
    openapi_extra=openapi_body(PptListRequest),
)
async def list_all_pptx(request: Request, state: StateDep, principal: ApiKeyDep) -> JSONResponse:
    req = parse_body(await read_json(request), PptListRequest)
    base_url = state.settings.public_base_url or str(request.base_url)
    data = await asyncio.to_thread(_ppts_page, state, principal, req, base_url)
    return envelope_response(OK, data)


def _ppts_page(
    state: ServiceState, principal: Principal, req: PptListRequest, base_url: str
) -> dict[str, Any]:
    zone = state.settings.time_zone
    query = library.PptQuery(
        page=req.page,
        size=req.size,
        id=req.id,
        uid=req.uid,
        template_id=req.templateId,
        start=parse_time(req.startDate, zone) if req.startDate else None,
        end=parse_time(req.endDate, zone) if req.endDate else None,
        desc=req.desc,
    )
    with state.db.session() as s:
        page = library.list_ppts(s, principal.account_id, query)
    entry = entry_maker(state, base_url)
    return {
        "total": page.total,
        "page": page.page,
        "size": page.size,
        "records": [entry(p) for p in page.items],
    }


def entry_maker(state: ServiceState, base_url: str) -> Callable[[Ppt], dict[str, Any]]:
    """A function giving the wire form of a PPT (list entry), with fresh short-lived links
    (valid url_ttl_s from now) to its file and cover."""
    zone = state.settings.time_zone
    now = state.clock().replace(microsecond=0)
    expires_at = now + timedelta(seconds=state.settings.url_ttl_s)
    storage = state.storage

    def entry(ppt: Ppt) -> dict[str, Any]:
        def link(key: str | None) -> str | None:
            if not key:
                return None
            return storage.link(
                key, filename=ppt.file_name, expires_at=expires_at, now=now, base_url=base_url
            )

        return {
            "id": ppt.id,
            "subject": ppt.subject,
            "templateId": ppt.template_id,
            "uid": ppt.uid,
            "pages": ppt.pages,
            "fileName": ppt.file_name,
            "source": ppt.source,
            "fileUrl": link(ppt.file_key),
            "coverUrl": link(ppt.cover_key),
            "createTime": format_time(ppt.create_time, zone),
            "updateTime": format_time(ppt.update_time, zone),
        }

    return entry


@router.post(
    DELETE_PPT_PATH,
    summary="Delete one PPT and its files",
    description="Header `Api-Key` (any PPT of the account) or `token` (only PPTs of its uid). "
    "Body `{id}`. Answers code 0 with `data: {id}`, or 1001 when no such PPT is visible.",
    openapi_extra=openapi_body(DeletePptRequest),
)
async def delete_pptx(request: Request, state: StateDep, principal: KeyOrTokenDep) -> JSONResponse:
    req = parse_body(await read_json(request), DeletePptRequest)
    await asyncio.to_thread(_delete, state, principal, req.id)
    return envelope_response(OK, {"id": req.id})


def _delete(state: ServiceState, principal: Principal, ppt_id: str) -> None:
    with state.db.session() as s:
        generated = library.generated_object_keys(s, ppt_id)  # document, previews (issue 11)
        try:
            ppt = library.delete_ppt(s, principal, ppt_id)
        except library.PptNotFound:
            raise ApiError(NOT_FOUND, "not found: no such PPT") from None
        keys = [k for k in (ppt.file_key, ppt.cover_key) if k] + generated
        s.commit()
    for key in keys:
        try:
            state.storage.delete(key)
        except Exception:  # noqa: BLE001 - the PPT is gone; a stray file is only logged
            log.exception("could not delete a file of a deleted PPT")
    log.info("deleted a PPT", extra={"caller": principal.label})
