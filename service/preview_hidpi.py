"""Slide previews for high-density screens (a generated PPT's slide index -> its PNG at twice the
preview width), drawn on the first request and kept in storage beside the 1x preview.

Generation draws the 640 px previews only (they are most of a generation's cost); a page viewed
on a 2x screen asks for `{n}@2x.png`: the stored document is regenerated in a worker process and
every slide drawn at 1280 px once, stored, and recorded in `ppt_previews.hidpi_key` (deleted
with the PPT, or replaced when it is saved). One drawing per PPT at a time in an instance; when
two instances race, the first record wins and the other's objects are deleted.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import Any

from sqlalchemy import select, update

from service import library
from service.db.models import Ppt, PptDocument, PptPreview
from service.deps import ServiceState
from service.documents import discard, put_all
from service.envelope import ApiError
from service.jobs.generate import PREVIEW_WIDTH

log = logging.getLogger("deckforge.preview")

SCALE = 2
_drawing: dict[str, asyncio.Future[list[bytes] | None]] = {}  # PPT id -> its drawing in flight


def _stored_key(state: ServiceState, ppt_id: str, idx: int) -> tuple[bool, str | None]:
    """(the slide exists, its 2x key or None)."""
    with state.db.session() as s:
        row = s.execute(
            select(PptPreview.hidpi_key).where(PptPreview.ppt_id == ppt_id, PptPreview.idx == idx)
        ).first()
    return (row is not None, row[0] if row is not None else None)


def _source(state: ServiceState, ppt_id: str) -> dict[str, Any] | None:
    """The job payload that redraws the PPT (its document and custom template), or None."""
    import generator
    from service.template_store import read_package

    with state.db.session() as s:
        ppt = s.get(Ppt, ppt_id)
        doc = s.get(PptDocument, ppt_id)
        if ppt is None or doc is None:
            return None
        account_id, template_id = ppt.account_id, ppt.template_id
        ref = (doc.property_key, doc.property)
        version = doc.update_time.isoformat()
    prop = library.read_document(state.storage, *ref)
    if prop is None:
        return None
    package = read_package(state.db, state.storage, account_id, template_id)
    document = generator.decode_property(prop)
    return {"document": document, "package": package, "version": version}


def _record(state: ServiceState, ppt_id: str, version: str, pngs: list[bytes]) -> None:
    """Store the 2x drawings and record them where no other drawing was recorded first, if the
    document is still the one drawn (`version`: its update time)."""
    now = state.clock().replace(microsecond=0)
    expires_at = now + timedelta(seconds=state.settings.url_ttl_s)

    def put(data: bytes, filename: str) -> str:
        stored = state.storage.put(
            data, filename=filename, expires_at=expires_at, now=now, base_url="", keep=True
        )
        return stored.key

    keys = put_all(put, [(png, f"slide-{i + 1}@2x.png") for i, png in enumerate(pngs)])
    unused = []
    with state.db.session() as s:
        doc = s.get(PptDocument, ppt_id)
        if doc is None or doc.update_time.isoformat() != version:  # deleted or saved meanwhile
            keys, unused = [], keys
        for idx, key in enumerate(keys):
            done = s.execute(
                update(PptPreview)
                .where(
                    PptPreview.ppt_id == ppt_id,
                    PptPreview.idx == idx,
                    PptPreview.hidpi_key.is_(None),
                )
                .values(hidpi_key=key)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                unused.append(key)  # the PPT was deleted or saved, or another instance won
        s.commit()
    discard(state, *unused)


async def _draw(state: ServiceState, ppt_id: str) -> list[bytes] | None:
    from service.routes.generate import request_job

    payload = await asyncio.to_thread(_source, state, ppt_id)
    if payload is None:
        return None
    version = payload.pop("version")
    payload["width"] = PREVIEW_WIDTH * SCALE
    try:
        result = await request_job(state, "previews", payload)
    except ApiError as exc:  # busy, or the document no longer builds (template deleted)
        log.info("no 2x previews for %s: code %s", ppt_id, exc.code)
        return None
    pngs: list[bytes] = result["previews"]
    await asyncio.to_thread(_record, state, ppt_id, version, pngs)
    return pngs


def _drawn(state: ServiceState, ppt_id: str) -> asyncio.Future[list[bytes] | None]:
    """The PPT's drawing in flight in this instance, started if none is: concurrent requests
    for its slides share one job."""
    future = _drawing.get(ppt_id)
    if future is None:
        future = asyncio.ensure_future(_draw(state, ppt_id))
        _drawing[ppt_id] = future
        future.add_done_callback(lambda _: _drawing.pop(ppt_id, None))
    return future


async def hidpi_png(state: ServiceState, ppt_id: str, idx: int) -> bytes | None:
    """Slide `idx` (0-based) at twice the preview width, drawn now if it never was; None when
    the slide does not exist or cannot be drawn (the page then shows the 1x image)."""
    exists, key = await asyncio.to_thread(_stored_key, state, ppt_id, idx)
    if not exists:
        return None
    if key is None:
        pngs = await asyncio.shield(_drawn(state, ppt_id))  # a client leaving does not stop it
        return pngs[idx] if pngs is not None and idx < len(pngs) else None
    return await asyncio.to_thread(library.read_preview, state.storage, key, None)
