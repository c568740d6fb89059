"""Planned pages on a PowerPoint template -> the deck: each slide on its mapped layout, title and
text bodies as placeholder text, everything else (tables, code, cards, pictures, text a layout
has no placeholder for) converted by the engine from page HTML that holds only those parts, and
preview slides (layout art under the fitted page) for the PNG renderer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

from engine import (
    BasePackage,
    Conversion,
    Diagnostics,
    Media,
    Options,
    PageError,
    Slide,
    ThemeRefs,
    draw_page,
    image_media,
    load_resource,
    write_slides,
)
from generator.brand.art import LayoutArt, layout_arts
from generator.brand.geometry import SlideGeometry, Slot
from generator.brand.html import BrandTemplate
from generator.model import Block, Span
from generator.planner import PlannedPage, page_context

TEXT_BLOCKS = {"paragraph", "heading", "list", "quote"}
DRAWN_LAYOUTS = {"key-number", "quote", "columns", "cards"}  # visuals, not plain text
SUBTITLED = ("cover", "closing", "divider")  # page kinds whose subtitle has a slot
_OPTIONS = Options()  # placeholder pictures: data: URIs only, the engine's default limits


@dataclass
class BrandSlide:
    """One slide to write: its layout, placeholder fills and the page HTML the engine draws
    (None when everything went into placeholders)."""

    layout: str
    placeholders: list[dict[str, Any]]
    html: str | None
    media: dict[str, dict[str, Any]] = field(default_factory=dict)  # of placeholder pictures


def base_package(template: BrandTemplate, keep_slides: bool = False) -> BasePackage:
    source = template.source
    assert source is not None and template.layout_map is not None
    theme = source.theme
    refs = ThemeRefs(
        colors=dict(theme.colors),
        fonts={"major": theme.major.to_dict(), "minor": theme.minor.to_dict()},
        aliases=dict(template.aliases),
    )
    blank = template.layout_map.get("blank") or source.layouts[-1]
    return BasePackage(source.data, blank.partname, refs, keep_slides)


def plan_slides(
    template: BrandTemplate, pages: Sequence[PlannedPage], deck: dict[str, Any]
) -> list[BrandSlide]:
    """What each planned page becomes on the template."""
    out = []
    title_max = template.size_range("title")[0]
    body_max = template.size_range("body")[0]
    default = base_package(template).default_layout
    for page in pages:
        ctx = page_context(page)
        geo = template.geometry_of(page.kind, ctx)
        fills: list[dict[str, Any]] = []
        skip: list[str] = []
        media: dict[str, dict[str, Any]] = {}
        drawn = False
        for name, slot in geo.slots.items():
            if name == "image" and slot.ph is not None and ctx.get("image"):
                picture = placeholder_picture(slot, ctx["image"], media)
                if picture is not None:
                    skip.append(name)
                    fills.append(picture)
                    continue
            paragraphs = _slot_text(name, page, geo)
            if slot.ph is not None and paragraphs is not None:
                skip.append(name)
                if paragraphs:
                    titled = name in ("title", "subtitle")
                    scale = page.title_size / title_max if titled else page.body_size / body_max
                    fill = {
                        "ph": dict(slot.ph.attrs),
                        "name": slot.ph.name,
                        "paragraphs": paragraphs,
                        "font_scale": scale,
                    }
                    if slot.own_box is not None:
                        fill["box"] = list(slot.own_box)
                    fills.append(fill)
            elif _has_content(name, page, ctx):
                drawn = True
        if geo.footer is not None:
            fills.append(_slide_number(geo, page.number))
        html = None
        if drawn:
            html = template.render(page.kind, {"deck": deck, "page": ctx, "skip": skip})
        layout = geo.layout.partname if geo.layout is not None else default
        out.append(BrandSlide(layout, fills, html, media))
    return out


def placeholder_picture(
    slot: Slot, image: Mapping[str, Any], media: dict[str, dict[str, Any]]
) -> dict[str, Any] | None:
    """The fill of a picture placeholder: the picture (its media entry added to `media`),
    cropped at its centre to the placeholder's aspect ratio as PowerPoint's "Fill" crops it;
    None when the picture cannot be read (the engine then draws what it can)."""
    assert slot.ph is not None
    diag = Diagnostics()
    resource = load_resource(str(image.get("src") or ""), diag, _OPTIONS)
    entry = image_media(resource, diag, _OPTIONS, media) if resource is not None else None
    if entry is None:
        return None
    picture = {
        "media": entry["key"],
        "svg_media": entry.get("svg_key"),
        "crop": fill_crop(entry["width"], entry["height"], slot.box[2], slot.box[3]),
        "alt": str(image.get("alt") or ""),
    }
    return {"ph": dict(slot.ph.attrs), "name": slot.ph.name, "picture": picture}


def fill_crop(width: float, height: float, box_w: float, box_h: float) -> dict[str, float] | None:
    """The centred crop (fractions cut off each side) that makes a width x height picture
    fill a box_w x box_h frame without distortion; None when nothing is cut."""
    if min(width, height, box_w, box_h) <= 0:
        return None
    picture, frame = width / height, box_w / box_h
    if abs(picture - frame) < 1e-3 * frame:
        return None
    if picture > frame:  # wider than the frame: cut left and right
        side = (1 - frame / picture) / 2
        return {"l": side, "t": 0.0, "r": side, "b": 0.0}
    side = (1 - picture / frame) / 2
    return {"l": 0.0, "t": side, "r": 0.0, "b": side}


def _slide_number(geo: SlideGeometry, number: int) -> dict[str, Any]:
    assert geo.footer is not None
    run = {"field": "slidenum", "text": str(number)}
    return {"ph": dict(geo.footer.attrs), "name": geo.footer.name, "paragraphs": [{"runs": [run]}]}


def _has_content(name: str, page: PlannedPage, ctx: dict[str, Any]) -> bool:
    if name == "title":
        return bool(page.title)
    if name == "subtitle":
        return bool(page.subtitle) and page.kind in SUBTITLED
    if name in ("left", "right", "lhead", "rhead"):
        return bool(page.sections)
    if name == "image":
        return bool(ctx.get("image"))
    return bool(page.blocks or page.sections or page.entries)


def _runs(spans: list[Span], bold: bool = False, italic: bool = False) -> list[dict[str, Any]]:
    return [
        {"text": s.text, "bold": s.bold or bold, "italic": s.italic or italic, "href": s.href}
        for s in spans
        if s.text
    ]


def _slot_text(name: str, page: PlannedPage, geo: SlideGeometry) -> list[dict[str, Any]] | None:
    """The placeholder paragraphs of a slot; None when it needs more than text (the engine
    draws it); [] when it has nothing to show."""
    if name == "title":
        title = page.title + (f" ({page.part}/{page.parts})" if page.part > 1 else "")
        return [{"runs": [{"text": title}]}] if title else []
    if name == "subtitle":
        if page.kind not in SUBTITLED or not page.subtitle:
            return []
        return [{"runs": [{"text": page.subtitle}], "bullet": "none"}]
    if name in ("lhead", "rhead"):
        i = 0 if name == "lhead" else 1
        if len(page.sections) <= i:
            return []
        return [{"runs": [{"text": page.sections[i].title}], "bullet": "none"}]
    if name in ("left", "right"):
        i = 0 if name == "left" else 1
        if len(page.sections) <= i:
            return []
        section = page.sections[i]
        head = (
            []
            if "lhead" in geo.slots or not section.title
            else [{"runs": [{"text": section.title, "bold": True}], "bullet": "none"}]
        )
        body = _blocks_text(section.blocks)
        return None if body is None else head + body
    if name == "image":
        return None
    if page.kind == "contents":
        return [{"runs": [{"text": entry}], "bullet": "number"} for entry in page.entries]
    if page.sections or page.layout in DRAWN_LAYOUTS:
        return None  # columns, cards, key numbers and quotes are drawn
    blocks = list(page.blocks)
    if geo.kind == "picture":
        return _caption_text(blocks)
    return _blocks_text(blocks)


def _caption_text(blocks: list[Block]) -> list[dict[str, Any]] | None:
    """The text of a picture slide: its blocks but the picture (the first image, placed in the
    picture slot), or the picture's alt text as its caption when there is no other text."""
    image = next((b for b in blocks if b.type == "image"), None)
    rest = [b for b in blocks if b is not image]
    if rest or image is None or not image.alt.strip():
        return _blocks_text(rest)
    return [{"runs": [{"text": image.alt.strip()}], "bullet": "none"}]


def _blocks_text(blocks: list[Block]) -> list[dict[str, Any]] | None:
    out: list[dict[str, Any]] = []
    for block in blocks:
        if block.type not in TEXT_BLOCKS:
            return None
        if block.type == "paragraph":
            out.append({"runs": _runs(block.spans), "bullet": "none"})
        elif block.type == "heading":
            out.append({"runs": _runs(block.spans, bold=True), "bullet": "none"})
        elif block.type == "quote":
            out += [
                {"runs": _runs(para, italic=True), "bullet": "none"} for para in block.paragraphs
            ]
        elif not _list_text(block, 0, out):
            return None
    return out


def _list_text(block: Block, level: int, out: list[dict[str, Any]]) -> bool:
    for item in block.items:
        out.append(
            {
                "runs": _runs(item.spans),
                "level": level,
                "bullet": "number" if block.ordered else None,
            }
        )
        for child in item.children:
            if child.type != "list" or not _list_text(child, min(level + 1, 8), out):
                return False
    return True


def draw_pages(
    htmls: list[str | None], options: Options
) -> tuple[list[Slide | None], dict[str, Media], list[str]]:
    """Slide models of the pages the engine draws (None where there is none or it failed)."""
    slides: list[Slide | None] = []
    media: dict[str, Media] = {}
    problems: list[str] = []
    for i, html in enumerate(htmls):
        if html is None:
            slides.append(None)
            continue
        try:
            result = draw_page(html, options)
        except (PageError, RecursionError, MemoryError) as exc:
            problems.append(f"slide {i + 1}: {exc}")
            slides.append(None)
            continue
        media.update(result.media)
        slides.append(result.slide)
    return slides, media, problems


def write_brand_deck(
    template: BrandTemplate,
    pages: Sequence[PlannedPage],
    preview: Conversion,
    deck: dict[str, Any],
    options: Options,
    filename: str | None,
) -> Conversion:
    """The deck on the template (PPTX) with `preview` (the fitted full pages) under the layouts'
    art as its slide model for the PNG renderer."""
    plans = plan_slides(template, pages, deck)
    drawn, media, problems = draw_pages([s.html for s in plans], options)
    for plan in plans:
        media.update(cast(dict[str, Media], plan.media))  # image_media entries
    slides = []
    for plan, model in zip(plans, drawn, strict=True):
        slide: dict[str, Any] = {
            "layout": plan.layout,
            "placeholders": plan.placeholders,
            "shapes": [],
            "background": None,
        }
        if model is not None:
            slide["shapes"] = model["shapes"]
        slides.append(slide)
    source = template.source
    assert source is not None
    written = {
        "width": source.width,
        "height": source.height,
        "slides": slides,
        "title": _title(filename, preview),
    }
    data = write_slides(
        written, media, base=base_package(template, bool(template.settings.get("keepSlides")))
    )
    arts = layout_arts(source.data, sorted({p.layout for p in plans}), source.color_context())
    return replace(
        preview,
        pptx_bytes=data,
        slides=cast(
            list[Slide], preview_slides(plans, cast(list[dict[str, Any]], preview.slides), arts)
        ),
        media={
            **preview.media,
            **{k: cast(Media, v) for art in arts.values() for k, v in art.media.items()},
        },
        diagnostics=[
            d
            + (
                [
                    {"kind": "brand", "message": m, "where": ""}
                    for m in problems
                    if m.startswith(f"slide {i + 1}:")
                ]
            )
            for i, d in enumerate(preview.diagnostics)
        ],
    )


def preview_slides(
    plans: list[BrandSlide], fitted: list[dict[str, Any]], arts: dict[str, LayoutArt]
) -> list[dict[str, Any]]:
    out = []
    for plan, slide in zip(plans, fitted, strict=False):
        art = arts.get(plan.layout)
        shapes = list(art.shapes if art else []) + list(slide.get("shapes") or [])
        out.append(
            {
                **slide,
                "background": art.background if art else slide.get("background"),
                "shapes": shapes,
                "layout": plan.layout,
            }
        )
    return out


def _title(filename: str | None, preview: Conversion) -> str:
    from engine import deck_title

    return deck_title(filename or preview.filename)
