"""Download-link signatures (object key + expiry -> HMAC-SHA256 token, and back to valid/invalid)."""

from __future__ import annotations

import base64
import hashlib
import hmac

MAX_EXPIRES_DIGITS = 12


def sign(key: bytes, object_key: str, expires: int) -> str:
    mac = hmac.new(key, f"{object_key}\n{expires}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode("ascii")


def verify(key: bytes, object_key: str, expires: int, signature: str) -> bool:
    """True when `signature` was made by `sign` with the same key, object key and expiry.
    Compared as bytes in constant time: any text (non-ASCII too) is just a wrong signature."""
    given = signature.encode("utf-8", "surrogatepass")
    return hmac.compare_digest(sign(key, object_key, expires).encode("ascii"), given)


def parse_expires(text: str) -> int | None:
    """The `expires` query value as a Unix time: ASCII digits only (not '²' or '٣'), at most
    MAX_EXPIRES_DIGITS of them; None otherwise."""
    if not text or len(text) > MAX_EXPIRES_DIGITS or not (text.isascii() and text.isdigit()):
        return None
    return int(text)
