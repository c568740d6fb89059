"""The conversion job run inside a worker process (request payload -> engine.convert -> result dict).

This is the only module of the service that touches the engine. Results are plain picklable
dicts so they cross the process boundary cheaply.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from engine import ConversionError, Limits, LineBreaks, Options, convert

log = logging.getLogger("deckforge.worker")

_WARMUP_PAGE = '<div class="slide" style="width:320px;height:180px"><p>warm-up</p></div>'


def convert_job(payload: dict[str, Any]) -> dict[str, Any]:
    """Convert one request. `payload`: htmls, pageErrorMode, filename, limits (Limits fields),
    lineBreaks ("soft" or "exact", Options.line_breaks), fonts (embed_fonts, font_set: Options
    fields)."""
    started = time.perf_counter()
    cpu_started = time.process_time()
    line_breaks: LineBreaks = "exact" if payload.get("lineBreaks") == "exact" else "soft"
    options = Options(
        limits=Limits(**payload.get("limits", {})),
        line_breaks=line_breaks,
        **payload.get("fonts", {}),
    )
    try:
        conv = convert(
            payload["htmls"],
            page_error_mode=payload["pageErrorMode"],
            filename=payload.get("filename"),
            options=options,
            base=_base(payload.get("templatePackage")),
        )
    except ConversionError as exc:
        log.info("conversion rejected with code %s", exc.code)
        return {
            "status": "rejected",
            "code": exc.code,
            "message": exc.message,
            "errorDetails": [d.to_dict() for d in exc.details],
        }
    failed = [f.to_dict() for f in conv.failed_page_details]
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - cpu_started
    fonts_added = conv.fonts.bytes_added if conv.fonts is not None else 0
    log.info(
        "converted %s pages (%s failed) in %.3fs, %s bytes of embedded fonts",
        conv.total_pages,
        conv.failed_pages,
        seconds,
        fonts_added,
        extra={"pages": conv.total_pages, "failed": conv.failed_pages, "fontBytes": fonts_added},
    )
    return {
        "status": "ok",
        "pptx": conv.pptx_bytes,
        "totalPages": conv.total_pages,
        "successPages": conv.success_pages,
        "failedPages": conv.failed_pages,
        "pageErrorMode": conv.page_error_mode,
        "failedPageDetails": failed,
        "seconds": seconds,
        "cpuSeconds": cpu_seconds,
        "embeddedFontBytes": fonts_added,
    }


def _base(package: bytes | None) -> Any:
    """The PowerPoint template to write the deck onto (None: python-pptx's blank deck). It was
    checked at upload; a file that no longer loads fails the job (internal error)."""
    if not package:
        return None
    from generator.brand.build import base_package
    from generator.package import load_template_package

    return base_package(load_template_package(package, test=False))  # type: ignore[arg-type]


def worker_init() -> None:
    """Warm the engine once per worker (imports, font tables, caches) before taking requests."""
    try:
        convert([_WARMUP_PAGE])
    except Exception:  # noqa: BLE001 - a failed warm-up is not fatal; real requests will tell
        log.warning("engine warm-up failed", exc_info=True)
