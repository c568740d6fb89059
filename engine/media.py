"""Media parts of a deck (resource bytes -> media entries keyed by sha1; raster images probed and
transcoded to a type PPTX holds)."""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from typing import Any

from engine.budget import charge_pixels
from engine.diagnostics import Diagnostics
from engine.options import Options

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
    """Bytes read from a data: URI, an allowed URL or an allowed local file, with their type."""

    content_type: str
    data: bytes


def raster_media(
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
