"""The jobs run in the worker processes (payload dict -> result dict): HTML conversion
(service.jobs.convert), Markdown generation, a portable task's content parsing, planning and
conversion of its planned pages, regeneration from an edited document, slide previews at another
width, template package checks and template cover images. The only place the service calls the
generator.

The pool runs one job function per worker process; `perform` dispatches on `payload["job"]`
(a service.jobs.JobKind), so conversion and generation share one bounded pool (queue limit ->
1012, per-job timeout, crash isolation) instead of competing pools on the same cores.
Results are plain picklable dicts; refused inputs come back as
`{"status": "rejected", "code", "message", "errorDetails"}` (GeneratorError's code: 1010/1001),
unreadable content as `{"status": "contentError", "code", "message"}`.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import generator
from engine import render_deck_pngs
from generator import GeneratorError, Problem, Template
from service.jobs.convert import convert_job
from service.jobs.convert import worker_init as convert_worker_init

log = logging.getLogger("deckforge.worker")

CREDITS_EXHAUSTED = 88
COVER_WIDTH = 640
PREVIEW_WIDTH = 640
TEMPLATE_COVER_WIDTH = 480


def perform(payload: dict[str, Any]) -> dict[str, Any]:
    """The pool's job function: dispatch on payload["job"] (no key: HTML conversion)."""
    kind = payload.get("job")
    if kind is None or kind == "convert":
        return convert_job(payload)
    handler = _JOBS.get(str(kind))
    if handler is None:
        raise ValueError(f"unknown job {kind!r}")
    try:
        return handler(payload)
    except GeneratorError as exc:
        log.info("generation refused with code %s", exc.code)
        return {
            "status": "rejected",
            "code": exc.code,
            "message": exc.message,
            "errorDetails": [p.to_dict() for p in exc.problems],
        }


def _custom(payload: dict[str, Any]) -> dict[str, Template] | None:
    """The account's template named by the request (its package, re-validated without the
    sample render, which it passed at upload)."""
    package = payload.get("package")
    if not package:
        return None
    template = generator.load_template_package(package, test=False)
    return {template.id: template}


def _deck_result(deck: Any, started: float) -> dict[str, Any]:
    previews = render_deck_pngs(deck.conversion, width=PREVIEW_WIDTH)
    cover = previews[0] if previews else b""
    seconds = time.perf_counter() - started
    log.info("generated %s slides in %.3fs", deck.page_count, seconds)
    return {
        "status": "ok",
        "pptx": deck.pptx_bytes,
        "cover": cover,
        "previews": previews,
        "property": deck.pptx_property,
        "subject": deck.subject,
        "templateId": deck.template_id,
        "pages": deck.page_count,
        "seconds": seconds,
        "leftOut": [r.to_dict() for r in deck.left_out],
    }


def generate_job(payload: dict[str, Any]) -> dict[str, Any]:
    """payload: markdown, templateId, package (custom template zip or None), filename."""
    started = time.perf_counter()
    max_pages = payload.get("maxPages")
    if max_pages is None:
        deck = generator.generate_from_markdown(
            payload.get("markdown"),
            payload.get("templateId"),
            templates=_custom(payload),
            filename=payload.get("filename"),
        )
        return _deck_result(deck, started)
    # Planned first: a deck the account cannot pay for is refused before its conversion.
    custom = _custom(payload)
    planned = generator.plan_from_markdown(
        payload.get("markdown"), payload.get("templateId"), templates=custom
    )
    refused = _unaffordable(len(planned.htmls), max_pages)
    if refused is not None:
        return refused
    deck = generator.build_planned(planned, filename=payload.get("filename"), templates=custom)
    return _deck_result(deck, started)


def plan_job(payload: dict[str, Any]) -> dict[str, Any]:
    """payload: markdown, templateId, package, length -> {"planned": PlannedDeck as a dict} (the
    pages' HTML, before conversion: a portable task stores it for latestData, then
    `build_planned_job`)."""
    planned = generator.plan_from_markdown(
        payload.get("markdown"),
        payload.get("templateId"),
        templates=_custom(payload),
        length=payload.get("length"),
    )
    refused = _unaffordable(len(planned.htmls), payload.get("maxPages"))
    return refused or {"status": "ok", "planned": planned.to_dict()}


def _unaffordable(pages: int, max_pages: int | None) -> dict[str, Any] | None:
    """The refusal (88) of a planned deck the balance cannot pay for, before its conversion."""
    if max_pages is None or pages <= max_pages:
        return None
    return {
        "status": "rejected",
        "code": CREDITS_EXHAUSTED,
        "message": f"insufficient credits: the deck has {pages} pages; the balance pays for "
        f"{max_pages}",
        "errorDetails": [],
    }


def build_planned_job(payload: dict[str, Any]) -> dict[str, Any]:
    """payload: planned (`plan_job`'s result, its page HTML stored meanwhile), filename -> the
    converted deck."""
    started = time.perf_counter()
    planned = generator.PlannedDeck.from_dict(payload["planned"])
    deck = generator.build_planned(
        planned, filename=payload.get("filename"), templates=_custom(payload)
    )
    return _deck_result(deck, started)


def regenerate_job(payload: dict[str, Any]) -> dict[str, Any]:
    """payload: document (decoded pptxProperty dict), package, filename."""
    started = time.perf_counter()
    deck = generator.regenerate(
        payload["document"], templates=_custom(payload), filename=payload.get("filename")
    )
    return _deck_result(deck, started)


def previews_job(payload: dict[str, Any]) -> dict[str, Any]:
    """payload: document (a stored pptxProperty, decoded), package, width -> the slides drawn
    at that width (the preview page's images for high-density screens)."""
    started = time.perf_counter()
    deck = generator.regenerate(payload["document"], templates=_custom(payload))
    width = max(1, min(int(payload.get("width", PREVIEW_WIDTH)), 4 * PREVIEW_WIDTH))
    previews = render_deck_pngs(deck.conversion, width=width)
    log.info(
        "drew %s previews at %s px in %.3fs", len(previews), width, time.perf_counter() - started
    )
    return {"status": "ok", "previews": previews}


def template_job(payload: dict[str, Any]) -> dict[str, Any]:
    """payload: package (zip bytes, or a .pptx/.potx), refusedIds ({id: reason}: ids the
    uploader may not write, refused before the sample render), limits (PackageLimits fields),
    brandLimits (BrandLimits fields), settings and filename (PowerPoint templates) -> manifest
    facts + cover; a PowerPoint template also answers `stored` (what to keep: the file and its
    settings, generator/brand/package.py) and `details` (size, theme, layouts, mapping)."""
    from generator.brand.html import BrandTemplate
    from generator.brand.package import brand_package, describe
    from generator.brand.safety import BrandLimits

    limits = generator.PackageLimits(**payload.get("limits", {}))
    refused: dict[str, str] = payload.get("refusedIds") or {}

    def accept(template: Template) -> None:  # refused before the sample render is paid for
        if template.id in refused:
            raise GeneratorError("bad parameters", [Problem("id", refused[template.id])])

    template = generator.load_template_package(
        payload["package"],
        limits=limits,
        brand_limits=BrandLimits(**payload.get("brandLimits", {})),
        settings=payload.get("settings"),
        filename=payload.get("filename"),
        accept=accept,
    )
    result: dict[str, Any] = {
        "status": "ok",
        "id": template.id,
        "name": template.name,
        "category": template.category,
        "cover": generator.template_preview(template, width=TEMPLATE_COVER_WIDTH),
    }
    if isinstance(template, BrandTemplate):
        potx = str(payload.get("filename") or "").lower().endswith(".potx")
        result["stored"] = brand_package(template.original, template.settings, potx=potx)
        result["details"] = describe(template)
    return result


def template_covers_job(payload: dict[str, Any]) -> dict[str, Any]:
    """payload: ids (built-in template ids) -> {"covers": {id: PNG}}."""
    from generator.templates import builtin_templates

    builtins = builtin_templates()
    covers = {
        tid: generator.template_preview(builtins[tid], width=TEMPLATE_COVER_WIDTH)
        for tid in payload["ids"]
        if tid in builtins
    }
    return {"status": "ok", "covers": covers}


def prepare_job(payload: dict[str, Any]) -> dict[str, Any]:
    """payload: type, content, files [(name, bytes)], allowLoopback -> the prepared content.
    Every content parser (Word, PDF, PowerPoint, Excel, mind maps, HTML and fetched pages)
    runs here, in a worker process the pool kills at its deadline, never in the API process.
    A refused input comes back as {"status": "contentError", "code", "message"}."""
    from functools import partial

    from generator.sources import ContentError, UploadedFile, guarded_fetch

    fetcher = partial(guarded_fetch, allow_loopback=True) if payload.get("allowLoopback") else None
    files = [UploadedFile(name, data) for name, data in payload.get("files") or []]
    try:
        prepared = generator.prepare_content(
            payload["type"], payload.get("content"), files, fetcher=fetcher
        )
    except ContentError as exc:
        return {"status": "contentError", "code": exc.code, "message": exc.message}
    return {"status": "ok", "prepared": prepared}


_JOBS = {
    "prepare": prepare_job,
    "generate": generate_job,
    "regenerate": regenerate_job,
    "plan": plan_job,
    "buildPlanned": build_planned_job,
    "template": template_job,
    "templateCovers": template_covers_job,
    "previews": previews_job,
}


def worker_configure(config: dict[str, Any]) -> None:
    """The pool's settings for this worker process: template render bounds."""
    from generator.render_bounds import RenderBounds, configure

    if "render" in config:
        configure(RenderBounds(**config["render"]))


_seen_exhausted = [0]
# A worker whose address space is still above this share of its limit after a job (a page or a
# template that ran out of memory, a fragmented heap) would fail the next job's allocations and
# page threads: it gives memory back, and is replaced if that is not enough.
AFTER_JOB_SHARE = 0.75


def worker_after_job() -> bool:
    """After each job: when a template ran out of memory (RLIMIT_AS), or the address space is
    above AFTER_JOB_SHARE of the limit, give the freed heap back to the system; False, so the
    pool replaces this worker, if even that did not free enough of the limit."""
    from generator.render_bounds import memory_exhausted

    if memory_exhausted() != _seen_exhausted[0]:
        _seen_exhausted[0] = memory_exhausted()
        return release_memory()
    if address_space_share() < AFTER_JOB_SHARE:
        return True
    return release_memory(AFTER_JOB_SHARE)


def address_space_share() -> float:
    """This process's address space as a share of its RLIMIT_AS (0.0 without a limit)."""
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY or soft <= 0:
        return 0.0
    with open("/proc/self/statm") as fh:
        size = int(fh.read().split()[0]) * resource.getpagesize()
    return size / soft


def release_memory(headroom: float = 0.5) -> bool:
    """gc + glibc malloc_trim; True when the address space is back under `headroom` of the
    process's RLIMIT_AS (or there is no limit)."""
    import contextlib
    import ctypes
    import gc

    gc.collect()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    share = address_space_share()
    log.info("memory after a job: %.0f %% of the worker's limit", share * 100)
    return share < headroom


def worker_init() -> None:
    """Warm the engine (service.jobs.convert) and load the built-in templates once per worker."""
    convert_worker_init()
    try:
        from generator.templates import builtin_templates

        builtin_templates()
    except Exception:  # noqa: BLE001 - not fatal; a request will report the problem
        log.warning("template warm-up failed", exc_info=True)
