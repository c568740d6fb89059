"""The storage interface (bytes + expiry -> a stored object with a download URL; reading it back; sweeping)."""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from dataclasses import dataclass
from datetime import datetime

PPTX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
_MEDIA_TYPES = {".pptx": PPTX_MEDIA_TYPE, ".png": "image/png", ".json": "application/json"}


def media_type_for(filename: str) -> str:
    """The Content-Type a stored object is served with, from its download name's suffix."""
    dot = filename.rfind(".")
    return _MEDIA_TYPES.get(filename[dot:].lower() if dot >= 0 else "", "application/octet-stream")


@dataclass(frozen=True)
class StoredFile:
    key: str
    url: str
    expires_at: datetime


MAX_GET_BYTES = 256 * 1024 * 1024  # what get() reads at most unless told otherwise


class ObjectMissing(Exception):
    """get(): no such stored object (deleted, swept, or a key of another backend)."""


class ObjectTooLarge(Exception):
    """get(): the object is larger than the caller's limit (nothing was read past it)."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(f"stored object of {size} bytes; at most {limit} read")
        self.size = size
        self.limit = limit


class LinkError(Exception):
    """A download link that cannot be served: `reason` is 'invalid', 'expired' or 'missing'."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def new_object_id() -> str:
    """128 random bits as 32 hex digits: unguessable, and safe in paths and URLs."""
    return secrets.token_hex(16)


def unix(moment: datetime) -> int:
    return int(moment.timestamp())


class Storage(ABC):
    """Where converted files live: until their download links expire, or (`keep=True`, the
    files of recorded PPTs) until they are deleted.

    Implementations are synchronous (called from a thread, never on the event loop) and
    thread-safe.
    """

    name: str = "base"

    @abstractmethod
    def put(
        self,
        data: bytes,
        *,
        filename: str,
        expires_at: datetime,
        now: datetime,
        base_url: str,
        keep: bool = False,
    ) -> StoredFile:
        """Store `data`; return its key and a URL that works until `expires_at`. With `keep`
        the object outlives its link (library files): only `delete(key)` removes it."""

    @abstractmethod
    def link(
        self, key: str, *, filename: str, expires_at: datetime, now: datetime, base_url: str
    ) -> str:
        """A fresh short-lived download URL for a stored object (valid until `expires_at`)."""

    @abstractmethod
    def get(self, key: str, *, max_bytes: int = MAX_GET_BYTES) -> bytes:
        """The bytes of a stored object (what the service itself reads back: documents, preview
        images, template packages). Raises ObjectMissing, or ObjectTooLarge when the object is
        over `max_bytes` (checked before reading it)."""

    @abstractmethod
    def delete(self, key: str) -> None:
        """Remove one object (no error when it is already gone)."""

    @abstractmethod
    def delete_expired(self, now: datetime) -> int:
        """Delete every object (not kept) whose expiry is at or before `now`; return how many."""

    @abstractmethod
    def check(self) -> None:
        """Raise when the backend cannot store files right now (used by /readyz)."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release clients or handles."""
