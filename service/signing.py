"""Download-link signatures (object key + expiry -> HMAC-SHA256 token, and back to valid/invalid)."""

from __future__ import annotations

import base64
import hashlib
import hmac


def sign(key: bytes, object_key: str, expires: int) -> str:
    mac = hmac.new(key, f"{object_key}\n{expires}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode("ascii")


def verify(key: bytes, object_key: str, expires: int, signature: str) -> bool:
    """True when `signature` was made by `sign` with the same key, object key and expiry."""
    return hmac.compare_digest(sign(key, object_key, expires), signature)
