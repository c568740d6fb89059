"""External resources (data: URIs, and URLs only when the caller allows it) -> bounded bytes and image media."""

from __future__ import annotations

import base64
import binascii
import hashlib
import io
import re
import urllib.parse
from dataclasses import dataclass
from typing import Any

from engine.budget import charge_pixels
from engine.diagnostics import Diagnostics
from engine.options import Options

_DATA_URI = re.compile(r"^data:([^,]*?),(.*)$", re.S | re.I)
PPTX_IMAGE_TYPES = {"image/png", "image/jpeg", "image/gif"}
PIL_TO_MIME = {
    "PNG": "image/png",
    "JPEG": "image/jpeg",
    "GIF": "image/gif",
    "WEBP": "image/webp",
    "BMP": "image/bmp",
}


@dataclass(frozen=True)
class Resource:
    content_type: str
    data: bytes


def load_resource(
    url: str, diag: Diagnostics, options: Options, where: str = ""
) -> Resource | None:
    """Decode a data: URI. Any other URL is never fetched by default: a diagnostic records the drop."""
    url = (url or "").strip()
    if not url:
        return None
    match = _DATA_URI.match(url)
    if match is None:
        remote = url.lower().startswith(("http://", "https://"))
        if options.allow_network and remote:
            from engine.fetch import fetch_url

            return fetch_url(url, diag, options, where)
        if options.file_roots and not remote:
            from engine.localfiles import guess_type, read_local

            found = read_local(url, diag, options, where)
            return None if found is None else Resource(guess_type(found[0].path), found[1])
        reason = (
            "network access disabled"
            if remote
            else "only data: URIs and allowed http(s) URLs are read"
        )
        from engine.fetch import display_url  # http.client, ssl: not for local files

        diag.add("resource", f"not fetched ({reason}): {display_url(url)[:120]}", where)
        return None
    meta, payload = match.group(1), match.group(2)
    parts = [p.strip() for p in meta.split(";")]
    mime = (parts[0] or "text/plain").lower()
    limit = options.limits.max_data_uri_bytes
    if len(payload) > limit * 4 // 3 + 4:
        diag.add("limit", f"data URI over {limit} bytes dropped", where)
        return None
    try:
        if "base64" in [p.lower() for p in parts[1:]]:
            data = base64.b64decode(
                re.sub(r"\s+", "", urllib.parse.unquote(payload)), validate=False
            )
        else:
            data = urllib.parse.unquote_to_bytes(payload)
    except (binascii.Error, ValueError) as exc:
        diag.add("resource", f"undecodable data URI: {exc}", where)
        return None
    return Resource(mime, data)


def image_media(
    resource: Resource,
    diag: Diagnostics,
    options: Options,
    media: dict[str, dict[str, Any]],
    where: str = "",
) -> dict[str, Any] | None:
    """Probe a raster image (size from its header, before decoding), transcode to PNG what PPTX can't hold.

    Returns the media entry (also stored in `media` under its sha1 key) or None when unusable.
    """
    from PIL import Image, UnidentifiedImageError

    head = resource.data.lstrip()[:5]
    if resource.content_type == "image/svg+xml" or head in (b"<svg ", b"<?xml"):
        from engine.model.svg import svg_image_media  # sanitized, rendered out of process

        return svg_image_media(resource.data, diag, options.limits, media, where)
    try:
        with Image.open(io.BytesIO(resource.data)) as im:
            width, height = im.size
            fmt = im.format or ""
            limits = options.limits
            if width * height > limits.max_image_pixels:
                diag.add(
                    "limit", f"image of {width}x{height} px over the pixel limit dropped", where
                )
                return None
            key = hashlib.sha1(resource.data).hexdigest()  # once: the budget's and the media key
            over = charge_pixels(key, width * height)
            if over is not None:
                diag.add("limit", f"image of {width}x{height} px dropped: {over}", where)
                return None
            mime = PIL_TO_MIME.get(fmt, "")
            data = resource.data
            if mime not in PPTX_IMAGE_TYPES and width * height > limits.max_transcode_pixels:
                # Decoding (WebP: ~15 bytes a pixel) to re-encode as PNG would cost too much.
                diag.add(
                    "limit", f"{fmt or 'image'} of {width}x{height} px too large to convert", where
                )
                return None
            if mime not in PPTX_IMAGE_TYPES:
                out = io.BytesIO()
                im.save(out, format="PNG")
                data, mime = out.getvalue(), "image/png"
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError) as exc:
        diag.add("resource", f"unreadable image: {type(exc).__name__}", where)
        return None
    same = data is resource.data
    return store_media(media, data, mime, float(width), float(height), key if same else None)


def store_media(
    media: dict[str, dict[str, Any]],
    data: bytes,
    mime: str,
    width: float,
    height: float,
    key: str | None = None,
) -> dict[str, Any]:
    """The media entry of `data` under its sha1 (`key` when the caller has it already)."""
    key = key or hashlib.sha1(data).hexdigest()
    entry = media.get(key)
    if entry is None:
        entry = {"key": key, "content_type": mime, "data": data, "width": width, "height": height}
        media[key] = entry
    return entry
