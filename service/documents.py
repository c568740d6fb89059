"""A generated PPT's objects (a generator result -> its PPTX, cover, document and slide
previews in storage, and the document/preview rows pointing at them).

Used by generatePptx / savePptx (service.routes.generate) and by a task's upload step
(service.tasks.steps). Blocking: call from a thread.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete

from service import library
from service.db.models import PptDocument, PptPreview
from service.deps import ServiceState
from service.filenames import sanitize_filename

log = logging.getLogger("deckforge.generate")


@dataclass(frozen=True)
class Stored:
    file_key: str
    cover_key: str
    file_name: str
    extra_keys: tuple[str, ...] = ()  # the document and the slide previews


def store_generated(
    state: ServiceState, result: dict[str, Any], now: datetime, base_url: str
) -> Stored:
    """Put the PPTX, its cover, its document (pptxProperty) and its slide previews in storage
    (kept until the PPT is deleted). The document's and previews' keys go into `result`
    (`propertyKey`, `previewKeys`) for `write_document`."""
    name = sanitize_filename(result["subject"], state.settings.default_filename)
    expires_at = now + timedelta(seconds=state.settings.url_ttl_s)
    done: list[str] = []

    def put(data: bytes, filename: str) -> str:
        stored = state.storage.put(
            data, filename=filename, expires_at=expires_at, now=now, base_url=base_url, keep=True
        )
        done.append(stored.key)
        return stored.key

    try:
        pptx = put(result["pptx"], name)
        cover = put(result["cover"], name[:-5] + "-cover.png")
        result["propertyKey"] = put(result["property"].encode("utf-8"), "document.json")
        result["previewKeys"] = put_all(
            put, [(png, f"slide-{i + 1}.png") for i, png in enumerate(result["previews"])]
        )
    except BaseException:
        discard(state, *done)
        raise
    return Stored(pptx, cover, name, tuple(done[2:]))


PUT_THREADS = 8  # concurrent object writes per PPT (previews: one object per slide)


def put_all(put: Callable[[bytes, str], str], items: list[tuple[bytes, str]]) -> list[str]:
    """Write the objects side by side (each is a round trip to S3); keys in input order. Every
    write is awaited before an error is raised, so `discard` sees every key that was made."""
    if len(items) <= 1:
        return [put(data, name) for data, name in items]
    with ThreadPoolExecutor(max_workers=min(PUT_THREADS, len(items))) as pool:
        futures = [pool.submit(put, data, name) for data, name in items]
        wait(futures)
    return [f.result() for f in futures]


def discard(state: ServiceState, *keys: str | None) -> None:
    for key in keys:
        if not key:
            continue
        try:
            state.storage.delete(key)
        except Exception:  # noqa: BLE001 - a stray object is only logged
            log.exception("could not delete a stored object")


def write_document(session: Any, ppt_id: str, result: dict[str, Any], now: datetime) -> list[str]:
    """Point the PPT's document and previews at the objects `store_generated` put in storage (or keep
    them in the rows when `result` has no keys); returns the storage keys it replaced, to be
    deleted after the commit."""
    old = library.generated_object_keys(session, ppt_id)
    session.execute(delete(PptPreview).where(PptPreview.ppt_id == ppt_id))
    key = result.get("propertyKey")
    prop = None if key else result["property"]
    doc = session.get(PptDocument, ppt_id)
    if doc is None:
        doc = PptDocument(ppt_id=ppt_id, slides=result["pages"], update_time=now)
        session.add(doc)
    doc.property, doc.property_key = prop, key
    doc.slides, doc.update_time = result["pages"], now
    keys = result.get("previewKeys")
    if keys is not None:
        session.add_all(PptPreview(ppt_id=ppt_id, idx=i, storage_key=k) for i, k in enumerate(keys))
    else:
        session.add_all(
            PptPreview(ppt_id=ppt_id, idx=i, png=png) for i, png in enumerate(result["previews"])
        )
    return old
