"""Conversion options and limits (caller settings -> one frozen value passed down the pipeline)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

LineBreaks = Literal["soft", "exact"]


@dataclass(frozen=True)
class Limits:
    max_pages: int = 500
    max_page_bytes: int = 5 * 1024 * 1024
    max_total_bytes: int = 50 * 1024 * 1024
    # Chromium's HTML parser caps the tree depth at 512: deeper elements become siblings.
    max_dom_depth: int = 512
    max_elements: int = 20000
    max_image_pixels: int = 40_000_000  # decompression-bomb guard (per decoded image)
    max_page_image_pixels: int = 60_000_000  # decoded pixels of all distinct images on one page
    max_deck_image_pixels: int = 400_000_000  # ... and in one deck
    max_transcode_pixels: int = 16_000_000  # WebP/AVIF/... re-encoded as PNG: decoding costs memory
    page_time_s: float = 5.0  # per-page budget, checked cooperatively in every stage (50104)
    max_stylesheet_bytes: int = 512 * 1024  # <style> characters per page; the rest is cut
    max_style_rules: int = 20000  # selectors x rules kept per page (in source order)
    max_var_bytes: int = 65536  # a longer var() substitution is invalid at computed-value time
    max_data_uri_bytes: int = 15 * 1024 * 1024
    max_fetch_bytes: int = 10 * 1024 * 1024
    max_page_local_bytes: int = 64 * 1024 * 1024  # local files one page reads (distinct files)
    fetch_timeout_s: float = 5.0
    svg_render_timeout_s: float = 5.0
    max_embedded_font_bytes: int = 32 * 1024 * 1024  # .fntdata parts one deck may add
    # @font-face: a web font's bytes, and its sfnt after WOFF/WOFF2 decompression, at most this
    max_web_font_bytes: int = 8 * 1024 * 1024
    max_web_fonts: int = 64  # @font-face rules loaded per page (the first ones)


@dataclass(frozen=True)
class Options:
    """Everything a caller may set. The defaults are safe: no network, no file access."""

    limits: Limits = field(default_factory=Limits)
    viewport: tuple[int, int] = (1280, 720)
    allow_network: bool = False
    allowed_hosts: tuple[str, ...] = ()  # exact host names (or '*.example.com') when allow_network
    # Local assets: relative and file: URLs are read only from files under these folders (none by
    # default); relative URLs resolve against `base_url`, the page's own file: address, which
    # `convert(base_urls=...)` sets per page.
    file_roots: tuple[str, ...] = ()
    base_url: str | None = None
    # "soft": paragraphs wrap in their box (as wide as the browser's line box, plus the slack
    # that keeps its line breaks), breaking only where the HTML does (<br>, blocks, preserved
    # newlines); "exact": every line the browser broke ends in a:br (pixel placement over
    # editing).
    line_breaks: LineBreaks = "soft"
    # Run spacing that cancels LibreOffice's reference-device glyph widths (lines end where
    # Chromium's end in LibreOffice; PowerPoint then draws them ~0.2-0.7 % narrower).
    libreoffice_widths: bool = False
    notes: bool = True  # speaker notes from data-notes / <aside class="notes">
    # Typefaces a PowerPoint user lacks (Noto, DejaVu, CJK faces...) are embedded in the deck:
    # "subset" (the characters used), "full" (whole fonts) or "none" (docs/fonts.md).
    embed_fonts: str = "subset"
    # Which fonts CSS font stacks resolve to: "linux" (this machine's, as Chromium on Linux) or
    # "office" (the Office fonts, as a Windows/macOS browser with only those; docs/fonts.md).
    font_set: str = "linux"
