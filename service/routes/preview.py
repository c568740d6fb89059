"""The preview page of a generated PPT (signed link -> an offline HTML page of every slide image,
in order; each image is served by the same signed link's path with its index).

`GET /preview/{pptId}?expires=&signature=` answers the page; `GET /preview/{pptId}/{n}.png?...`
one slide image (PNG, 1-based n). The signature (service.signing, the download links' HMAC)
covers `preview/{pptId}` and the expiry, so one link opens the page and its images and nothing
else; the page has no scripts, no external styles and no third-party requests.
"""

from __future__ import annotations

import asyncio
import html
from datetime import datetime, timedelta

from fastapi import APIRouter, Response
from fastapi.responses import HTMLResponse, JSONResponse

from service import signing
from service.deps import ServiceState, StateDep, current_request_id
from service.documents import PreviewFacts, preview_facts, preview_png
from service.envelope import AUTH_FAILED, NOT_FOUND, envelope_response, failure_data
from service.storage.base import unix

router = APIRouter(tags=["generate"])

PREVIEW_ROUTE = "/preview"
_HEADERS = {
    "Cache-Control": "private, no-store",
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
# Images are shown at the width they are drawn (PREVIEW_WIDTH CSS px, never stretched); 2x
# screens get the slide drawn at twice that width (srcset `{n}@2x.png`).
_PAGE_CSS = (
    "body{margin:0;background:#2b2b2b;font-family:sans-serif;color:#eee}"
    "h1{font-size:18px;font-weight:normal;margin:16px auto;max-width:640px;padding:0 12px}"
    "ol{list-style:none;margin:0 auto;padding:0 12px 24px;max-width:640px}"
    "li{margin:0 0 16px}img{display:block;width:100%;max-width:640px;height:auto;"
    "background:#fff;box-shadow:0 2px 8px rgba(0,0,0,.5)}"
    "span{display:block;font-size:12px;margin:4px 0}"
)


def _object(ppt_id: str) -> str:
    return f"preview/{ppt_id}"


def preview_url(state: ServiceState, base_url: str, ppt_id: str, now: datetime) -> str:
    """A signed preview link valid for url_ttl_s from `now`."""
    expires = unix(now + timedelta(seconds=state.settings.url_ttl_s))
    signature = signing.sign(state.settings.signing_key, _object(ppt_id), expires)
    query = f"expires={expires}&signature={signature}"
    return f"{base_url.rstrip('/')}{PREVIEW_ROUTE}/{ppt_id}?{query}"


def _refuse(status: int, code: int, message: str) -> JSONResponse:
    return envelope_response(
        code, failure_data(current_request_id()), message, http_status=status, headers=_HEADERS
    )


def _check(state: ServiceState, ppt_id: str, expires: str, signature: str) -> JSONResponse | None:
    when = signing.parse_expires(expires)
    if (
        when is None
        or not signature
        or len(ppt_id) > 64
        or not signing.verify(state.settings.signing_key, _object(ppt_id), when, signature)
    ):
        return _refuse(403, AUTH_FAILED, "invalid preview link")
    if unix(state.clock()) >= when:
        return _refuse(410, NOT_FOUND, "preview link expired")
    return None


def _page_facts(state: ServiceState, ppt_id: str) -> PreviewFacts | None:
    with state.db.session() as s:
        return preview_facts(s, ppt_id)


@router.get(
    PREVIEW_ROUTE + "/{ppt_id}",
    summary="Preview page of a generated PPT (signed link: previewUrl)",
    description="An HTML page showing every slide image in order; works offline (no scripts, "
    "no external resources). Tampered link: HTTP 403 (code 98); expired: HTTP 410 (1001); "
    "unknown PPT: HTTP 404 (1001).",
    response_class=HTMLResponse,
    response_model=None,
)
async def preview_page(
    ppt_id: str, state: StateDep, expires: str = "", signature: str = ""
) -> Response:
    refused = _check(state, ppt_id, expires, signature)
    if refused is not None:
        return refused
    facts = await asyncio.to_thread(_page_facts, state, ppt_id)
    if facts is None or facts.slides == 0:
        return _refuse(404, NOT_FOUND, "not found")
    subject, count = facts.subject, facts.slides
    query = html.escape(f"expires={expires}&signature={signature}")
    title = html.escape(subject or "Presentation")
    base = html.escape(ppt_id)
    items = "".join(
        f'<li><img src="{base}/{n}.png?{query}" srcset="{base}/{n}.png?{query} 1x, '
        f'{base}/{n}@2x.png?{query} 2x" alt="Slide {n}" width="640" height="360">'
        f"<span>{n} / {count}</span></li>"
        for n in range(1, count + 1)
    )
    page = (
        '<!DOCTYPE html><html><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{title}</title><style>{_PAGE_CSS}</style></head>"
        f"<body><h1>{title}</h1><ol>{items}</ol></body></html>"
    )
    return HTMLResponse(page, headers=_HEADERS)


def _image(state: ServiceState, ppt_id: str, idx: int) -> bytes | None:
    return preview_png(state.db, state.storage, ppt_id, idx)


@router.get(
    PREVIEW_ROUTE + "/{ppt_id}/{n}@2x.png",
    summary="One slide image at twice the width, for high-density screens (drawn on first use)",
    response_class=Response,
    response_model=None,
)
async def preview_image_2x(
    ppt_id: str, n: int, state: StateDep, expires: str = "", signature: str = ""
) -> Response:
    from service.preview_hidpi import hidpi_png

    refused = _check(state, ppt_id, expires, signature)
    if refused is not None:
        return refused
    png = await hidpi_png(state, ppt_id, n - 1) if 1 <= n <= 10_000 else None
    if png is None:  # not drawable now (busy, template deleted): the 1x image
        png = await asyncio.to_thread(_image, state, ppt_id, n - 1) if 1 <= n <= 10_000 else None
    if png is None:
        return _refuse(404, NOT_FOUND, "not found")
    return Response(png, media_type="image/png", headers=_HEADERS)


@router.get(
    PREVIEW_ROUTE + "/{ppt_id}/{n}.png",
    summary="One slide image of the preview page (same signed query as the page)",
    response_class=Response,
    response_model=None,
)
async def preview_image(
    ppt_id: str, n: int, state: StateDep, expires: str = "", signature: str = ""
) -> Response:
    refused = _check(state, ppt_id, expires, signature)
    if refused is not None:
        return refused
    png = await asyncio.to_thread(_image, state, ppt_id, n - 1) if 1 <= n <= 10_000 else None
    if png is None:
        return _refuse(404, NOT_FOUND, "not found")
    return Response(png, media_type="image/png", headers=_HEADERS)
