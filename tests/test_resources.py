"""image_media: raster bytes -> one media entry keyed by the sha1 of what the PPTX stores, with the
source bytes hashed once (the page budget and the media key share the digest)."""

from __future__ import annotations

import hashlib
import io
from typing import Any

import pytest
from PIL import Image

import engine.media as media
from engine.diagnostics import Diagnostics
from engine.images import image_media
from engine.media import Resource
from engine.options import Options


def _image(fmt: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), (200, 10, 10)).save(out, format=fmt)
    return out.getvalue()


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    sizes: list[int] = []
    real = hashlib.sha1

    def sha1(data: bytes = b"", **kwargs: Any) -> Any:
        sizes.append(len(data))
        return real(data, **kwargs)

    monkeypatch.setattr(media.hashlib, "sha1", sha1)
    return sizes


def test_a_stored_image_is_hashed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    data = _image("PNG")
    expected = hashlib.sha1(data).hexdigest()
    sizes = _counted(monkeypatch)  # (patches hashlib.sha1 everywhere: no hashing below here)
    media: dict[str, dict[str, Any]] = {}
    entry = image_media(Resource("image/png", data), Diagnostics(), Options(), media)
    assert sizes == [len(data)]
    assert entry is not None and entry["data"] is data
    assert entry["key"] == expected and media == {expected: entry}


def test_a_transcoded_image_is_keyed_by_its_png(monkeypatch: pytest.MonkeyPatch) -> None:
    data = _image("WEBP")
    sizes = _counted(monkeypatch)
    entry = image_media(Resource("image/webp", data), Diagnostics(), Options(), {})
    assert entry is not None and entry["content_type"] == "image/png"
    assert sizes == [len(data), len(entry["data"])]  # the source for the budget, the PNG stored
    monkeypatch.undo()
    assert entry["key"] == hashlib.sha1(entry["data"]).hexdigest()
