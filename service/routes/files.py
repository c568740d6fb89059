"""The download route of the local backend (signed link -> the PPTX file, or 403/404/410)."""

from __future__ import annotations

import logging

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse

from service.deps import StateDep, current_request_id
from service.envelope import AUTH_FAILED, NOT_FOUND, envelope_response, failure_data
from service.filenames import content_disposition
from service.storage.base import PPTX_MEDIA_TYPE, LinkError
from service.storage.local import FILES_ROUTE, LocalStorage

log = logging.getLogger("deckforge.files")
router = APIRouter(tags=["files"])

_LINK_ERRORS = {
    "invalid": (403, AUTH_FAILED, "invalid download link"),
    "expired": (410, NOT_FOUND, "download link expired"),
    "missing": (404, NOT_FOUND, "file not found"),
}


def _refuse(reason: str) -> JSONResponse:
    status, code, message = _LINK_ERRORS[reason]
    log.info("download refused: %s", reason, extra={"reason": reason})
    return envelope_response(code, failure_data(current_request_id()), message, http_status=status)


@router.get(
    FILES_ROUTE + "/{key}",
    summary="Download a converted file (local storage backend)",
    description="The link returned as fileUrl. It answers the PPTX until `expires`; then HTTP 410 "
    "(code 1001). A tampered link answers HTTP 403 (code 98); a swept or unknown file HTTP 404 "
    "(code 1001).",
    response_class=FileResponse,
    response_model=None,
    responses={
        200: {"content": {PPTX_MEDIA_TYPE: {}}, "description": "The PPTX file"},
        403: {"description": "Invalid signature (code 98)"},
        404: {"description": "Unknown file (code 1001)"},
        410: {"description": "Link expired (code 1001)"},
    },
)
async def download(
    key: str, state: StateDep, expires: str = "", signature: str = ""
) -> FileResponse | JSONResponse:
    storage = state.storage
    if not isinstance(storage, LocalStorage):
        return _refuse("missing")
    if not expires.isdigit() or len(expires) > 12 or not signature:
        return _refuse("invalid")
    try:
        found = storage.resolve(key, int(expires), signature, state.clock())
    except LinkError as exc:
        return _refuse(exc.reason)
    return FileResponse(
        found.path,
        media_type=PPTX_MEDIA_TYPE,
        headers={
            "Content-Disposition": content_disposition(found.filename),
            "Cache-Control": "private, no-store",
        },
    )
