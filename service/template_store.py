"""Templates in the database (an account's uploaded templates -> `templates` rows; built-in covers
-> `template_previews` rows): look-ups scoped to the account, the upload's insert-or-replace with
its charge, deletion, and the shared cover index.

Session functions run in the caller's transaction (call them from a thread); the caller commits
and deletes the storage objects a change replaced, as for the PPT library (service.library).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, defer

from service.accounts import Principal
from service.credits import TYPE_TEMPLATE, charge, count_against_token
from service.db.engine import Database
from service.db.models import CustomTemplate, TemplatePreview
from service.library import read_template_package
from service.storage.base import Storage


class TemplateNotFound(Exception):
    """The account has no template of this id (another account's is not found either)."""


class OtherUidsTemplate(Exception):
    """The template id belongs to another uid of the account: a token may not replace it."""


@dataclass(frozen=True)
class UploadedTemplate:
    """What an upload stores: the checked template's facts and its objects' storage keys."""

    template_id: str
    name: str
    category: str
    package_key: str
    cover_key: str


def may_write(principal: Principal, owner_uid: str | None) -> bool:
    """An Api-Key writes any of the account's templates; a token only those of its own uid
    (uploaded with a token of that uid), never the account's (Api-Key) or another uid's."""
    return principal.uid is None or owner_uid == principal.uid


def _mine(account_id: int, template_id: str) -> ColumnElement[bool]:
    return (CustomTemplate.account_id == account_id) & (CustomTemplate.template_id == template_id)


def find(session: Session, account_id: int, template_id: str) -> CustomTemplate | None:
    return session.scalar(select(CustomTemplate).where(_mine(account_id, template_id)))


def exists(session: Session, account_id: int, template_id: str) -> bool:
    return (
        session.scalar(select(CustomTemplate.id).where(_mine(account_id, template_id))) is not None
    )


def read_package(
    db: Database, storage: Storage, account_id: int, template_id: str | None
) -> bytes | None:
    """The package (zip, or PowerPoint file) of the account's template `template_id`; None for a
    built-in or unknown id (blocking)."""
    if not template_id:
        return None
    with db.session() as s:
        row = s.execute(
            select(CustomTemplate.package_key, CustomTemplate.package).where(
                _mine(account_id, template_id)
            )
        ).first()
    if row is None:
        return None
    return read_template_package(storage, row[0], row[1])


def unwritable_ids(session: Session, principal: Principal) -> list[str]:
    """The account's template ids that `principal` may not replace (see may_write): none for an
    Api-Key; for a token, those uploaded by the account's Api-Key or by another uid."""
    if principal.uid is None:
        return []
    stmt = select(CustomTemplate.template_id).where(
        (CustomTemplate.account_id == principal.account_id)
        & ((CustomTemplate.uid.is_(None)) | (CustomTemplate.uid != principal.uid))
    )
    return list(session.scalars(stmt))


def list_own(session: Session, account_id: int) -> list[CustomTemplate]:
    """The account's templates, by id (without their inline package blobs)."""
    stmt = (
        select(CustomTemplate)
        .options(defer(CustomTemplate.package))
        .where(CustomTemplate.account_id == account_id)
        .order_by(CustomTemplate.template_id)
    )
    return list(session.scalars(stmt))


def save(
    session: Session,
    principal: Principal,
    upload: UploadedTemplate,
    *,
    cost: int,
    now: datetime,
) -> tuple[CustomTemplate, list[str]]:
    """Charge the upload (usage type 2, a use of the token) and insert the template, or replace
    the account's template of that id (version + 1). Returns the row and the storage keys it
    replaced; OtherUidsTemplate when a token would replace another uid's template, and the
    credits' AccountingError when the charge is refused (the caller rolls back)."""
    count_against_token(session, principal)
    charge(session, principal, TYPE_TEMPLATE, cost, now=now)
    row = find(session, principal.account_id, upload.template_id)
    if row is not None and not may_write(principal, row.uid):
        raise OtherUidsTemplate(upload.template_id)
    old: list[str] = []
    if row is None:
        row = CustomTemplate(
            account_id=principal.account_id,
            template_id=upload.template_id,
            version=1,
            create_time=now,
        )
        session.add(row)
    else:
        old = [k for k in (row.cover_key, row.package_key) if k]
        row.version += 1
    row.uid, row.name, row.category = principal.uid, upload.name[:128], upload.category[:64]
    row.package, row.package_key = None, upload.package_key
    row.cover_key, row.update_time = upload.cover_key, now
    return row, old


def delete(session: Session, principal: Principal, template_id: str) -> list[str]:
    """Delete the account's template; the storage keys of its files (deleted by the caller
    after the commit). TemplateNotFound, or OtherUidsTemplate for a token of another uid."""
    row = find(session, principal.account_id, template_id)
    if row is None:
        raise TemplateNotFound(template_id)
    if not may_write(principal, row.uid):
        raise OtherUidsTemplate(template_id)
    keys = [k for k in (row.cover_key, row.package_key) if k]
    session.delete(row)
    return keys


def cover_keys(session: Session, cache_keys: list[str]) -> dict[str, str]:
    """Storage keys of the built-in covers already drawn, by cache key (template id + version)."""
    rows = session.execute(
        select(TemplatePreview.cache_key, TemplatePreview.storage_key).where(
            TemplatePreview.cache_key.in_(cache_keys)
        )
    ).all()
    return {str(k): str(v) for k, v in rows}


def add_cover(db: Database, cache_key: str, storage_key: str, now: datetime) -> bool:
    """Index a freshly drawn built-in cover; False when another instance's row came first (the
    caller deletes its own object)."""
    try:
        with db.session() as s:
            s.add(TemplatePreview(cache_key=cache_key, storage_key=storage_key, create_time=now))
            s.commit()
    except IntegrityError:
        return False
    return True
