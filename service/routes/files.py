"""The download route of the local backend (signed link -> the PPTX file, or 403/404/410)."""

from __future__ import annotations

import logging

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse

from service.deps import StateDep, current_request_id
from service.envelope import AUTH_FAILED, NOT_FOUND, envelope_response, failure_data
from service.filenames import content_disposition
from service.signing import parse_expires
from service.storage.base import PPTX_MEDIA_TYPE, LinkError, media_type_for
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
    "(code 1001). HEAD answers the headers only (Content-Length, Content-Type, "
    "Content-Disposition); a single `Range: bytes=a-b` answers 206 with that part (resumable "
    "downloads), an unsatisfiable one 416.",
    response_class=FileResponse,
    response_model=None,
    responses={
        200: {"content": {PPTX_MEDIA_TYPE: {}}, "description": "The PPTX file"},
        206: {"content": {PPTX_MEDIA_TYPE: {}}, "description": "The requested byte range"},
        403: {"description": "Invalid signature (code 98)"},
        404: {"description": "Unknown file (code 1001)"},
        410: {"description": "Link expired (code 1001)"},
        416: {"description": "Range not satisfiable (Content-Range: bytes */size)"},
    },
)
async def download(
    key: str, state: StateDep, expires: str = "", signature: str = ""
) -> FileResponse | JSONResponse:
    storage = state.storage
    if not isinstance(storage, LocalStorage):
        return _refuse("missing")
    expires_at = parse_expires(expires)  # ASCII digits only: '²' is a bad link, not a 50199
    if expires_at is None or not signature:
        return _refuse("invalid")
    try:
        found = storage.resolve(key, expires_at, signature, state.clock())
    except LinkError as exc:
        return _refuse(exc.reason)
    return FileResponse(
        found.path,
        media_type=media_type_for(found.filename),
        headers={
            "Content-Disposition": content_disposition(found.filename),
            "Cache-Control": "private, no-store",
        },
    )


# HEAD: the same handler (FileResponse sends the headers only); documented with GET above.
router.add_api_route(
    FILES_ROUTE + "/{key}", download, methods=["HEAD"], response_model=None, include_in_schema=False
)
