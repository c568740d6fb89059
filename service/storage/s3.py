"""S3-compatible storage (bytes -> objects in a bucket, downloaded via presigned GET URLs)."""

from __future__ import annotations

import logging
import re
from datetime import datetime
from typing import Any

from service.filenames import content_disposition
from service.storage.base import (
    MAX_GET_BYTES,
    ObjectMissing,
    ObjectTooLarge,
    Storage,
    StoredFile,
    media_type_for,
    new_object_id,
    unix,
)

log = logging.getLogger("deckforge.storage")

_KEY_RE = re.compile(r"^(\d+)-[0-9a-f]{32}\.pptx$")


class S3Storage(Storage):
    """Objects `<prefix><expires unix>-<id>.pptx`; the expiry in the key lets the sweeper
    find expired objects from a listing alone. A bucket lifecycle rule is a good extra (on
    unkept objects only). Library files (`keep=True`) are `<prefix>keep-<id>.pptx`: never swept,
    deleted with their PPT."""

    name = "s3"

    def __init__(
        self,
        bucket: str,
        *,
        prefix: str = "deckforge/",
        endpoint_url: str | None = None,
        region: str | None = None,
        create_bucket: bool = False,
        client: Any = None,
    ) -> None:
        self.bucket = bucket
        self.prefix = prefix
        if client is None:
            import boto3
            from botocore.config import Config

            config = Config(
                signature_version="s3v4",
                s3={"addressing_style": "path" if endpoint_url else "auto"},
                retries={"max_attempts": 3, "mode": "standard"},
            )
            client = boto3.client(
                "s3", endpoint_url=endpoint_url, region_name=region, config=config
            )
        self.client = client
        if create_bucket:
            self._ensure_bucket(region)

    def _ensure_bucket(self, region: str | None) -> None:
        try:
            self.client.head_bucket(Bucket=self.bucket)
            return
        except Exception:  # noqa: BLE001 - any failure: try to create it
            pass
        kwargs: dict[str, Any] = {"Bucket": self.bucket}
        if region and region != "us-east-1":
            kwargs["CreateBucketConfiguration"] = {"LocationConstraint": region}
        self.client.create_bucket(**kwargs)

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
        expires = unix(expires_at)
        stamp = "keep" if keep else str(expires)  # "keep-..." never matches the sweeper's pattern
        key = f"{self.prefix}{stamp}-{new_object_id()}.pptx"
        self.client.put_object(
            Bucket=self.bucket,
            Key=key,
            Body=data,
            ContentType=media_type_for(filename),
            ContentDisposition=content_disposition(filename),
            Expires=expires_at,
        )
        url = self.link(key, filename=filename, expires_at=expires_at, now=now, base_url=base_url)
        return StoredFile(key=key, url=url, expires_at=expires_at)

    def link(
        self, key: str, *, filename: str, expires_at: datetime, now: datetime, base_url: str
    ) -> str:
        url: str = self.client.generate_presigned_url(
            "get_object",
            Params={"Bucket": self.bucket, "Key": key},
            ExpiresIn=max(1, unix(expires_at) - unix(now)),
        )
        return url

    def get(self, key: str, *, max_bytes: int = MAX_GET_BYTES) -> bytes:
        if not key.startswith(self.prefix):
            raise ObjectMissing(key)
        from botocore.exceptions import ClientError

        try:
            # A range one byte past the limit: an object over it is refused without reading it.
            obj = self.client.get_object(Bucket=self.bucket, Key=key, Range=f"bytes=0-{max_bytes}")
        except ClientError as exc:
            code = str(exc.response.get("Error", {}).get("Code", ""))
            if code in ("NoSuchKey", "404", "NotFound"):
                raise ObjectMissing(key) from None
            if code == "InvalidRange":  # an empty object
                return b""
            raise
        body = obj["Body"]
        try:
            data: bytes = body.read(max_bytes + 1)
        finally:
            body.close()
        if len(data) > max_bytes:
            total = _total_size(obj.get("ContentRange"), len(data))
            raise ObjectTooLarge(total, max_bytes)
        return data

    def delete(self, key: str) -> None:
        if key.startswith(self.prefix):
            self.client.delete_object(Bucket=self.bucket, Key=key)

    def delete_expired(self, now: datetime) -> int:
        cutoff = unix(now)
        expired: list[str] = []
        paginator = self.client.get_paginator("list_objects_v2")
        for page in paginator.paginate(Bucket=self.bucket, Prefix=self.prefix):
            for obj in page.get("Contents", []):
                m = _KEY_RE.match(obj["Key"][len(self.prefix) :])
                if m and int(m.group(1)) <= cutoff:
                    expired.append(obj["Key"])
        for start in range(0, len(expired), 1000):
            batch = expired[start : start + 1000]
            self.client.delete_objects(
                Bucket=self.bucket,
                Delete={"Objects": [{"Key": k} for k in batch], "Quiet": True},
            )
        return len(expired)

    def check(self) -> None:
        self.client.head_bucket(Bucket=self.bucket)

    def close(self) -> None:
        close = getattr(self.client, "close", None)
        if callable(close):
            close()


def _total_size(content_range: Any, default: int) -> int:
    """The object size from a `Content-Range: bytes 0-N/TOTAL` header."""
    if isinstance(content_range, str) and "/" in content_range:
        total = content_range.rsplit("/", 1)[1]
        if total.isdigit():
            return int(total)
    return default
