"""Local-directory storage (bytes -> files under a directory, served by the app via HMAC-signed URLs)."""

from __future__ import annotations

import json
import logging
import os
import re
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from service import signing
from service.storage.base import (
    MAX_GET_BYTES,
    LinkError,
    ObjectMissing,
    ObjectTooLarge,
    Storage,
    StoredFile,
    new_object_id,
    unix,
)

log = logging.getLogger("deckforge.storage")

KEY_RE = re.compile(r"^[0-9a-f]{32}$")
FILES_ROUTE = "/files"
_TMP_MAX_AGE_S = 3600.0
FILE_MODE = 0o600  # stored decks and their metadata: the service's user only
DIR_MODE = 0o700


@dataclass(frozen=True)
class LocalFile:
    path: Path
    filename: str


class LocalStorage(Storage):
    """Files in one directory: `<key>.pptx` plus `<key>.json` (download name, expiry, and
    `keep` for library files, which the sweeper leaves alone).

    The URL is `<base_url>/files/<key>?expires=<unix>&signature=<HMAC(key, expires)>`.
    """

    name = "local"

    def __init__(self, root: Path, signing_key: bytes) -> None:
        self.root = Path(root)
        self._key = signing_key
        private_dir(self.root, tighten=True)

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
        key = new_object_id()
        expires = unix(expires_at)
        meta = {"filename": filename, "expires": expires, "keep": keep}
        # Metadata first: a crash between the two writes leaves only a sweepable .json.
        self._write_atomic(self.root / f"{key}.json", json.dumps(meta).encode("utf-8"))
        self._write_atomic(self.root / f"{key}.pptx", data)
        return StoredFile(key=key, url=self.url_for(key, expires, base_url), expires_at=expires_at)

    def link(
        self, key: str, *, filename: str, expires_at: datetime, now: datetime, base_url: str
    ) -> str:
        return self.url_for(key, unix(expires_at), base_url)

    def get(self, key: str, *, max_bytes: int = MAX_GET_BYTES) -> bytes:
        if not KEY_RE.match(key):
            raise ObjectMissing(key)
        try:
            with open(self.root / f"{key}.pptx", "rb") as fh:
                size = os.fstat(fh.fileno()).st_size
                if size > max_bytes:
                    raise ObjectTooLarge(size, max_bytes)
                data = fh.read(max_bytes + 1)
        except FileNotFoundError:
            raise ObjectMissing(key) from None
        if len(data) > max_bytes:  # grew while being read
            raise ObjectTooLarge(len(data), max_bytes)
        return data

    def delete(self, key: str) -> None:
        if not KEY_RE.match(key):
            return
        for path in (self.root / f"{key}.pptx", self.root / f"{key}.json"):
            path.unlink(missing_ok=True)

    def url_for(self, key: str, expires: int, base_url: str) -> str:
        # The signature is URL-safe base64 and `expires` an integer: nothing to escape.
        signature = signing.sign(self._key, key, expires)
        return f"{base_url.rstrip('/')}{FILES_ROUTE}/{key}?expires={expires}&signature={signature}"

    def resolve(self, key: str, expires: int, signature: str, now: datetime) -> LocalFile:
        """The file behind a download link; raises LinkError('invalid'|'expired'|'missing')."""
        if not KEY_RE.match(key) or not signing.verify(self._key, key, expires, signature):
            raise LinkError("invalid")
        if unix(now) >= expires:
            raise LinkError("expired")
        path = self.root / f"{key}.pptx"
        try:
            meta = json.loads((self.root / f"{key}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise LinkError("missing") from exc
        if not path.is_file():
            raise LinkError("missing")
        return LocalFile(path=path, filename=str(meta.get("filename") or "presentation.pptx"))

    def delete_expired(self, now: datetime) -> int:
        cutoff = unix(now)
        deleted = 0
        for meta_path in self.root.glob("*.json"):
            key = meta_path.stem
            if not KEY_RE.match(key):
                continue
            try:
                meta = json.loads(meta_path.read_text(encoding="utf-8"))
                if meta.get("keep"):
                    continue  # a library file: removed with its PPT, never by age
                expires = int(meta["expires"])
            except (OSError, ValueError, KeyError, TypeError, AttributeError):
                expires = 0  # unreadable metadata: the file can never be served, remove it
            if expires > cutoff:
                continue
            for path in (self.root / f"{key}.pptx", meta_path):
                path.unlink(missing_ok=True)
            deleted += 1
        for tmp in self.root.glob("*.tmp"):
            try:
                if time.time() - tmp.stat().st_mtime > _TMP_MAX_AGE_S:
                    tmp.unlink(missing_ok=True)
            except OSError:
                pass
        return deleted

    def check(self) -> None:
        probe = self.root / ".ready-probe"
        probe.write_bytes(b"ok")
        probe.unlink()

    def _write_atomic(self, path: Path, data: bytes) -> None:
        tmp = path.with_name(path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
        with os.fdopen(fd, "wb") as fh:
            os.fchmod(fh.fileno(), FILE_MODE)  # a left-over .tmp keeps its old mode otherwise
            fh.write(data)
        os.replace(tmp, path)


def private_dir(path: Path, *, tighten: bool = False) -> None:
    """Create `path` (and missing parents) for the service's user only (0700); with `tighten`,
    an existing `path` is set to 0700 too (the service's own folders, never a shared one)."""
    missing = [p for p in (path, *path.parents) if not p.exists()]
    path.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
    for created in missing:
        os.chmod(created, DIR_MODE)  # mkdir's mode is filtered by the umask
    if tighten and path not in missing:
        os.chmod(path, DIR_MODE)
