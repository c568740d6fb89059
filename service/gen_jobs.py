"""Worker jobs of the pool (payload dict -> result dict): HTML conversion (service.jobs), Markdown
generation, conversion of a portable task's planned pages, regeneration from an edited document,
slide previews at another width, template package checks and template cover images. The only
place the service calls the generator.

The pool runs one job function per worker process; `run_job` dispatches on `payload["job"]`
(absent: the convert job), so conversion and generation share one bounded pool (queue limit ->
1012, per-job timeout, crash isolation) instead of competing pools on the same cores.
Results are plain picklable dicts; refused inputs come back as
`{"status": "rejected", "code", "message", "errorDetails"}` (GeneratorError's code: 1010/1001).
"""

from __future__ import annotations

import logging
import time
from typing import Any

import generator
from engine.render import render_deck_pngs
from generator import GeneratorError, Template
from service.jobs import convert_job
from service.jobs import worker_init as convert_worker_init

log = logging.getLogger("deckforge.worker")

COVER_WIDTH = 640
PREVIEW_WIDTH = 640
TEMPLATE_COVER_WIDTH = 480


def run_job(payload: dict[str, Any]) -> dict[str, Any]:
    """The pool's job: dispatch on payload["job"] (no key: HTML conversion)."""
    kind = payload.get("job")
    if kind is None:
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
    deck = generator.generate_from_markdown(
        payload.get("markdown"),
        payload.get("templateId"),
        templates=_custom(payload),
        filename=payload.get("filename"),
    )
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
    return {"status": "ok", "planned": planned.to_dict()}


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
    """payload: package (zip bytes, or a .pptx/.potx), limits (PackageLimits fields),
    brandLimits (BrandLimits fields), settings and filename (PowerPoint templates) -> manifest
    facts + cover; a PowerPoint template also answers `stored` (what to keep: the file and its
    settings, generator/brand/package.py) and `details` (size, theme, layouts, mapping)."""
    from generator.brand.html import BrandTemplate
    from generator.brand.package import brand_package, describe
    from generator.brand.safety import BrandLimits

    limits = generator.PackageLimits(**payload.get("limits", {}))
    template = generator.load_template_package(
        payload["package"],
        limits=limits,
        brand_limits=BrandLimits(**payload.get("brandLimits", {})),
        settings=payload.get("settings"),
        filename=payload.get("filename"),
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


_JOBS = {
    "generate": generate_job,
    "regenerate": regenerate_job,
    "plan": plan_job,
    "buildPlanned": build_planned_job,
    "template": template_job,
    "templateCovers": template_covers_job,
    "previews": previews_job,
}


def worker_init() -> None:
    """Warm the engine (service.jobs) and load the built-in templates once per worker."""
    convert_worker_init()
    try:
        from generator.templates import builtin_templates

        builtin_templates()
    except Exception:  # noqa: BLE001 - not fatal; a request will report the problem
        log.warning("template warm-up failed", exc_info=True)
