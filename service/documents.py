"""A generated PPT's objects (a generator result -> its PPTX, cover, document and slide
previews in storage, and the document/preview rows pointing at them): stored, recorded with its
PPT and charge, replaced by a save, looked up.

Used by generatePptx / savePptx (service.routes.generate), the preview routes and a task's
upload step (service.tasks.steps). Blocking: call from a thread.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from service import library
from service.accounts import Principal
from service.credits import TYPE_PPT, charge, count_against_token
from service.db.engine import Database
from service.db.models import Ppt, PptDocument, PptPreview
from service.deps import ServiceState
from service.filenames import sanitize_filename
from service.storage.base import Storage

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


def record_generated(
    session: Session,
    principal: Principal,
    new: library.NewPpt,
    result: dict[str, Any],
    *,
    cost: int,
    now: datetime,
    task_id: str | None = None,
    markdown: str | None = None,
) -> Ppt:
    """Record a generated PPT, charge it and point it at its document and previews, in the
    caller's transaction. With `task_id` (generatePptx for a task) the PPT's document keeps the
    Markdown it was made from; the task's Markdown lives with its newest PPT only."""
    ppt, _ = library.produce_ppt(session, principal, new, cost=cost, now=now)
    write_document(session, ppt.id, result, now)
    session.flush()
    doc = session.get(PptDocument, ppt.id)
    if doc is not None and task_id is not None:
        session.execute(
            update(PptDocument)
            .where(PptDocument.task_id == task_id, PptDocument.ppt_id != ppt.id)
            .values(markdown=None)
        )
        doc.task_id, doc.markdown = task_id, markdown
    return ppt


def replace_generated(
    session: Session,
    principal: Principal,
    ppt_id: str,
    result: dict[str, Any],
    stored: Stored,
    *,
    page_cost: int,
    now: datetime,
) -> tuple[Ppt, list[str]]:
    """Point the principal's PPT at its regenerated files, document and previews (savePptx),
    charging the pages beyond those already paid for (a use of the token); returns the PPT and
    the storage keys it replaced. PptNotFound, or the credits' AccountingError."""
    ppt = library.get_ppt(session, principal, ppt_id)
    paid = ppt.paid_pages if ppt.paid_pages is not None else ppt.pages
    added = result["pages"] - paid
    if added > 0:
        count_against_token(session, principal)
        charge(session, principal, TYPE_PPT, added * page_cost, now=now, ppt_id=ppt.id)
        ppt.paid_pages = result["pages"]
    old = [k for k in (ppt.file_key, ppt.cover_key) if k]
    ppt.file_key, ppt.cover_key, ppt.file_name = stored.file_key, stored.cover_key, stored.file_name
    ppt.subject, ppt.template_id = result["subject"][:512], result["templateId"]
    ppt.pages, ppt.update_time = result["pages"], now
    old += write_document(session, ppt.id, result, now)
    return ppt, old


@dataclass(frozen=True)
class DocumentRef:
    """Where a generated PPT's document is (storage key, or the row's own column) and the task
    generatePptx linked the PPT to."""

    key: str | None
    inline: str | None
    task_id: str | None


def document_ref(
    session: Session, principal: Principal, ppt_id: str
) -> tuple[Ppt, DocumentRef | None]:
    """The principal's PPT (PptNotFound otherwise) and its document's whereabouts (None: a
    converted PPT, which has no document)."""
    ppt = library.get_ppt(session, principal, ppt_id)
    doc = session.get(PptDocument, ppt.id)
    if doc is None:
        return ppt, None
    return ppt, DocumentRef(doc.property_key, doc.property, doc.task_id)


@dataclass(frozen=True)
class PreviewFacts:
    subject: str
    slides: int


def preview_facts(session: Session, ppt_id: str) -> PreviewFacts | None:
    """The preview page's facts of a PPT (a signed link names it): subject and slide count."""
    subject = session.scalar(select(Ppt.subject).where(Ppt.id == ppt_id))
    if subject is None:
        return None
    slides = len(list(session.scalars(select(PptPreview.idx).where(PptPreview.ppt_id == ppt_id))))
    return PreviewFacts(subject, slides)


def preview_png(db: Database, storage: Storage, ppt_id: str, idx: int) -> bytes | None:
    """Slide `idx` (0-based) of a PPT's preview, or None."""
    with db.session() as s:
        row = s.execute(
            select(PptPreview.storage_key, PptPreview.png).where(
                PptPreview.ppt_id == ppt_id, PptPreview.idx == idx
            )
        ).first()
    return library.read_preview(storage, row[0], row[1]) if row is not None else None
