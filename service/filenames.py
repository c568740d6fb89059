"""Download file names (client `filename` -> a safe .pptx name and its Content-Disposition)."""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

SUFFIX = ".pptx"
MAX_NAME_BYTES = 200  # UTF-8 bytes of the whole name; file systems allow 255
MAX_INPUT_CHARS = 1000  # a longer client `filename` is refused (40010) before any work
DEFAULT_NAME = "presentation.pptx"

# Windows device names; also reserved with any extension ("con.txt").
_RESERVED = {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"} | {
    f"{p}{n}" for p in ("COM", "LPT") for n in [*"123456789", "¹", "²", "³"]
}
_SEPARATORS_AND_FORBIDDEN = re.compile(r'[/\\<>:"|?*]')
_SPACES = re.compile(r"\s+")
_UNSAFE_ASCII = re.compile(r"[^A-Za-z0-9 ._()+,;=@&'!#$%^~-]")
# Cc (controls), Cf (format: bidi overrides, zero-width), Cs (surrogates), Zl/Zp (line/para sep).
_DROP_CATEGORIES = {"Cc", "Cf", "Cs", "Zl", "Zp"}


def sanitize_filename(name: str | None, default: str = "presentation.pptx") -> str:
    """Return a safe download name ending in `.pptx`; `default` when nothing usable is left.

    Path separators and characters Windows forbids become `_`; control and format characters
    are dropped; leading/trailing dots and spaces are stripped; Windows device names (CON, NUL,
    COM1, ...) are refused; Unicode letters (Chinese etc.) are kept; the name is cut to
    MAX_NAME_BYTES of UTF-8.
    """
    cleaned = _clean(name or "")
    if not cleaned:
        cleaned = _clean(default) or "presentation"
    return cleaned + SUFFIX


def _clean(name: str) -> str:
    """The stem of a safe name (without `.pptx`), or "" when nothing usable is left."""
    text = unicodedata.normalize("NFC", name[: MAX_INPUT_CHARS * 4])  # bounded work
    text = "".join(ch for ch in text if unicodedata.category(ch) not in _DROP_CATEGORIES)
    text = _SEPARATORS_AND_FORBIDDEN.sub("_", text)
    text = _SPACES.sub(" ", text).strip(" ")
    if text.lower().endswith(SUFFIX):
        text = text[: -len(SUFFIX)]
    text = text.strip(" .")
    if not text.strip("_ ."):
        return ""
    if text.split(".", 1)[0].rstrip(" ").upper() in _RESERVED:
        return ""
    budget = MAX_NAME_BYTES - len(SUFFIX)
    encoded = text.encode("utf-8")
    if len(encoded) > budget:  # one cut; a character split by it is dropped
        text = encoded[:budget].decode("utf-8", "ignore")
    return text.rstrip(" .")


def ascii_fallback(name: str, default: str = DEFAULT_NAME) -> str:
    """An ASCII-only version of a sanitized name for the plain `filename=` parameter (what
    `curl -OJ` saves): transliterated (anyascii: 季度报告 -> JiDuBaoGao, Café -> Cafe), else its
    ASCII parts; `default` when no letter or digit is left."""
    stem = name[: -len(SUFFIX)] if name.lower().endswith(SUFFIX) else name
    text = _UNSAFE_ASCII.sub("_", _transliterate(stem))
    text = _SPACES.sub(" ", text).strip(" ._")[: MAX_NAME_BYTES - len(SUFFIX)].rstrip(" .")
    if not any(c.isalnum() for c in text):
        return default
    return text + SUFFIX


def _transliterate(text: str) -> str:
    try:
        from anyascii import anyascii
    except ImportError:  # the service extra not installed: accents only
        nfkd = unicodedata.normalize("NFKD", text)
        return "".join(c for c in nfkd if not unicodedata.combining(c))
    return str(anyascii(text))


def content_disposition(name: str) -> str:
    """RFC 6266 header value: an ASCII `filename` plus the exact UTF-8 `filename*`."""
    return (
        f"attachment; filename=\"{ascii_fallback(name)}\"; filename*=UTF-8''{quote(name, safe='')}"
    )
