"""Images of a page (a loaded resource -> its media entry: SVG sanitized and rendered out of
process, raster images probed and transcoded)."""

from __future__ import annotations

from typing import Any

from engine.diagnostics import Diagnostics
from engine.media import Resource, raster_media
from engine.model.svg.media import svg_image_media
from engine.options import Options


def is_svg(resource: Resource) -> bool:
    """An SVG by its type or by its first bytes."""
    head = resource.data.lstrip()[:5]
    return resource.content_type == "image/svg+xml" or head in (b"<svg ", b"<?xml")


def image_media(
    resource: Resource,
    diag: Diagnostics,
    options: Options,
    media: dict[str, dict[str, Any]],
    where: str = "",
) -> dict[str, Any] | None:
    """The media entry of an image (also stored in `media` under its sha1 key), or None when unusable."""
    if is_svg(resource):
        return svg_image_media(resource.data, diag, options.limits, media, where)
    return raster_media(resource, diag, options, media, where)
