"""Images of a Markdown document (data: URIs, files next to it, remote URLs when allowed) -> data URIs.

Local files are read with the engine's own rules and limits (engine.localfiles through
engine.resources.load_resource: only under the allowed folders, regular files, size-capped);
remote images only through the engine's guarded fetch (engine.fetch) when `Assets.network` is
on. Every image that cannot be used becomes a diagnostic naming it, never a silent loss.
"""

from __future__ import annotations

import base64
import io
import os
import pathlib
import urllib.parse
from dataclasses import dataclass, field, replace
from typing import Any

from engine import Diagnostics, Limits, Options
from generator.model import Outline

BADGE_HOSTS = (
    "img.shields.io",
    "shields.io",
    "badge.fury.io",
    "badgen.net",
    "codecov.io",
    "coveralls.io",
    "travis-ci.org",
    "travis-ci.com",
    "circleci.com",
    "ci.appveyor.com",
    "readthedocs.org",
    "pepy.tech",
    "static.pepy.tech",
    "api.codeclimate.com",
    "snyk.io",
    "app.fossa.com",
    "img.badgesize.io",
    "deepwiki.com",
    "api.securityscorecards.dev",
    "bestpractices.coreinfrastructure.org",
    "www.bestpractices.dev",
    "gitter.im",
    "discord.com",
    "img.buymeacoffee.com",
)
BADGE_MAX_HEIGHT = 40  # px: a picture this small in a row of pictures is a badge
SMIL = frozenset({"animate", "animateMotion", "animateTransform", "animateColor", "set"})
MIME = {"PNG": "image/png", "JPEG": "image/jpeg", "GIF": "image/gif", "WEBP": "image/webp"}


@dataclass(frozen=True)
class Assets:
    """Where a document's images may come from. The default reads nothing but data: URIs."""

    folder: str | None = None  # the Markdown file's folder: relative paths resolve here
    roots: tuple[str, ...] = ()  # folders files may be read from (`folder` is one of them)
    network: bool = False  # remote images through the engine's guarded fetch
    allowed_hosts: tuple[str, ...] = ()  # with network: only these hosts ('*.example.com')
    max_image_bytes: int = 10 * 1024 * 1024
    max_total_bytes: int = 64 * 1024 * 1024
    max_images: int = 300
    allow_loopback: bool = False  # tests only: remote images from this machine's own servers

    @classmethod
    def beside(cls, path: str, extra: tuple[str, ...] = (), **kw: object) -> Assets:
        """The assets of a Markdown file: its folder and `extra` folders."""
        folder = str(pathlib.Path(path).resolve().parent)
        roots = tuple(dict.fromkeys([folder, *(str(pathlib.Path(e).resolve()) for e in extra)]))
        return replace(cls(), folder=folder, roots=roots, **kw)  # type: ignore[arg-type]


@dataclass
class Picture:
    """A picture read for a slide: a data: URI and its size in px."""

    src: str  # a data: URI
    width: int
    height: int
    animated: bool = False  # an animated SVG (its first frame is not what viewers see)


@dataclass
class ImageLoader:
    """Reads a document's pictures within its asset limits, once each."""

    assets: Assets
    report: list[dict[str, str]]  # diagnostics of the document (kind, message, where)
    used_bytes: int = 0
    count: int = 0
    cache: dict[str, Picture | None] = field(default_factory=dict)
    sizes: dict[str, tuple[int, int]] = field(default_factory=dict)  # of pictures not shown

    def options(self) -> Options:
        a = self.assets
        base = pathlib.Path(a.folder).as_uri() + "/" if a.folder else None
        limits = Limits(max_fetch_bytes=a.max_image_bytes, max_data_uri_bytes=a.max_image_bytes)
        return Options(
            limits=limits,
            file_roots=a.roots if a.folder or a.roots else (),
            base_url=base,
            allow_network=a.network,
            allowed_hosts=a.allowed_hosts,
        )

    def load(self, src: str, where: str = "") -> Picture | None:
        """The picture `src` names as a data: URI, or None (with a diagnostic)."""
        src = src.strip()
        if src in self.cache:
            return self.cache[src]
        picture = self._load(src, where)
        self.cache[src] = picture
        return picture

    def _load(self, src: str, where: str) -> Picture | None:
        from engine import load_resource

        if not src:
            return None
        if self.count >= self.assets.max_images:
            self._note(f"image not read (more than {self.assets.max_images}): {_short(src)}", where)
            return None
        remote = src.lower().startswith(("http://", "https://", "//"))
        if not remote and not src.lower().startswith("data:") and not self.assets.roots:
            self._note(f"image not found (no file given with the Markdown): {_short(src)}", where)
            return None
        if src.startswith("//"):
            src = "https:" + src
        diag = Diagnostics()
        if remote and self.assets.network:
            from engine.fetch import fetch_url

            allow = self.assets.allow_loopback
            resource = fetch_url(src, diag, self.options(), where, allow_loopback=allow)
        else:
            resource = load_resource(_local_path(src), diag, self.options(), where)
        if resource is None:
            reason = diag.items[0].message if diag.items else f"image not read: {_short(src)}"
            if remote and not self.assets.network:
                reason = f"remote image not fetched (remote images are off): {_short(src)}"
            self._note(reason, where)
            return None
        if self.used_bytes + len(resource.data) > self.assets.max_total_bytes:
            self._note(f"image over the document's {self.assets.max_total_bytes} bytes", where)
            return None
        picture = _picture(resource.content_type, resource.data)
        if picture is None:
            self._note(f"unreadable image: {_short(src)}", where)
            return None
        if picture.animated:
            still = still_of(resource.data)
            if still is None:
                self.sizes[src] = (picture.width, picture.height)
                message = "animated SVG not shown (a still would show its first frame)"
                self._note(f"{message}: {_short(src)}", where)
                return None
            message = "animated SVG, shown as a still (the frame on screen longest)"
            self._note(f"{message}: {_short(src)}", where)
            picture = replace(picture, src=_uri("image/svg+xml", still), animated=False)
        self.used_bytes += len(resource.data)
        self.count += 1
        return picture

    def _note(self, message: str, where: str) -> None:
        self.report.append({"kind": "image", "message": message, "where": where})


def _short(src: str) -> str:
    return src[:40] + "…" if src.startswith("data:") else src[:160]


def _local_path(src: str) -> str:
    """A relative path as a URL (spaces and the like quoted; `?query`/`#fragment` dropped)."""
    if src.lower().startswith(("data:", "http://", "https://", "file:")):
        return src
    path = urllib.parse.urlsplit(src).path if "?" in src or "#" in src else src
    return urllib.parse.quote(urllib.parse.unquote(path.replace(os.sep, "/")))


def _picture(content_type: str, data: bytes) -> Picture | None:
    head = data.lstrip()[:256].lower()
    if content_type == "image/svg+xml" or head.startswith((b"<svg", b"<?xml")):
        root = _svg_root(data)
        if root is None:  # only pictures are embedded: another XML file (or none) is refused
            return None
        width, height = _svg_root_size(root)
        data = scalable(root, data)
        return Picture(_uri("image/svg+xml", data), width, height, animated_svg(root))
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as im:
            width, height = im.size
            mime = MIME.get(im.format or "")
            if mime is None:  # BMP, TIFF...: PNG, which every consumer reads
                if width * height > 16_000_000:
                    return None
                out = io.BytesIO()
                im.save(out, format="PNG")
                data, mime = out.getvalue(), "image/png"
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        return None
    return Picture(_uri(mime, data), width, height)


def _uri(mime: str, data: bytes) -> str:
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


def still_of(data: bytes) -> bytes | None:
    """A still of an animated SVG film strip (generator.markup.stills), or None."""
    from generator.markup.stills import svg_still

    root = _svg_root(data)
    still = svg_still(root) if root is not None else None
    if still is None:
        return None
    still_root = _svg_root(still)
    if still_root is None or animated_svg(still_root):
        return None
    return scalable(still_root, still)


def scalable(root: Any, data: bytes) -> bytes:
    """An SVG document drawn as a whole at any size: one that gives its width and height but
    no viewBox keeps its drawing at that size whatever the room (a picture made larger shows
    it in a corner, the rest empty), so it gets the viewBox of its own size and scales, its
    proportions kept, centred in its room. `data` unchanged when it has a viewBox or no size."""
    from lxml import etree

    w, h = _number(root.get("width")), _number(root.get("height"))
    if root.get("viewBox") is not None or not w or not h:
        return data
    root.set("viewBox", f"0 0 {w:g} {h:g}")
    return bytes(etree.tostring(root, encoding="utf-8"))


def _svg_root(data: bytes) -> Any | None:
    """The root element of an SVG document, or None when `data` is not XML with an <svg> root.
    Parsed with lxml, entities and network off."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
    try:
        root = etree.fromstring(data, parser)
    except (etree.XMLSyntaxError, ValueError):
        return None
    return root if etree.QName(root).localname == "svg" else None


def svg_size(data: bytes) -> tuple[int, int]:
    """An SVG's width/height (or its viewBox's) in px; (0, 0) when unknown."""
    root = _svg_root(data)
    return (0, 0) if root is None else _svg_root_size(root)


def _svg_root_size(root: Any) -> tuple[int, int]:
    w, h = _px(root.get("width")), _px(root.get("height"))
    if w and h:
        return w, h
    box = (root.get("viewBox") or "").replace(",", " ").split()
    if len(box) == 4:
        try:
            return max(0, int(float(box[2]))), max(0, int(float(box[3])))
        except ValueError:
            return 0, 0
    return 0, 0


def _number(value: str | None) -> float:
    """A length given in px (or without a unit) as a number; 0 for any other."""
    text = (value or "").strip().lower().removesuffix("px")
    try:
        return max(0.0, float(text))
    except ValueError:
        return 0.0


def _px(value: str | None) -> int:
    text = (value or "").strip().lower().removesuffix("px")
    try:
        return max(0, int(float(text)))
    except ValueError:
        return 0


def is_badge_url(src: str) -> bool:
    """A status badge by its address (shields.io and the other badge services, */badge.svg)."""
    parts = urllib.parse.urlsplit(src.strip())
    host = (parts.hostname or "").lower()
    if host in BADGE_HOSTS or host.endswith(".shields.io"):
        return True
    path = parts.path.lower()
    return path.endswith(("/badge.svg", "/badge", "/badge.png")) or "/badge/" in path


def data_uri_size(src: str) -> tuple[int, int]:
    """(width, height) of a data: URI picture; (0, 0) when unknown."""
    if not src.startswith("data:image/") or ";base64," not in src:
        return 0, 0
    try:
        data = base64.b64decode(src.split(",", 1)[1], validate=False)
    except ValueError:
        return 0, 0
    picture = _picture("image/svg+xml" if src.startswith("data:image/svg") else "", data)
    return (picture.width, picture.height) if picture else (0, 0)


def fill_image_sizes(outline: Outline) -> Outline:
    """Image blocks from other sources (Word, PowerPoint) get their intrinsic size, as the
    Markdown parser gives them."""
    for block in outline.blocks():
        if block.type == "image" and not (block.width and block.height):
            block.width, block.height = data_uri_size(block.src)
    return outline


def animated_svg(root: Any) -> bool:
    """Whether a parsed SVG animates: a SMIL animation element, or a <style> sheet with an
    @keyframes rule (read with tinycss2)."""
    import tinycss2
    from lxml import etree

    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        name = etree.QName(el).localname
        if name in SMIL:
            return True
        if name == "style" and el.text:
            rules = tinycss2.parse_stylesheet(el.text, skip_comments=True, skip_whitespace=True)
            if any(r.type == "at-rule" and r.lower_at_keyword.endswith("keyframes") for r in rules):
                return True
    return False
