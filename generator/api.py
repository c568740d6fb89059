"""The generator's entry points (Markdown or an edited document + a template -> PPTX bytes + document)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from engine.api import Conversion, convert
from engine.options import Limits, Options
from generator.assemble import convert_fitted
from generator.brand.build import write_brand_deck
from generator.brand.html import BrandTemplate
from generator.document import VERSION, encode_property, to_document
from generator.errors import bad
from generator.fit import Fitter
from generator.markup.images import Assets
from generator.outline import Outline, parse_outline
from generator.planner import PlannedPage, Planner, deck_language, draft_pages
from generator.templates import Template, builtin_templates, get_template

MAX_SLIDES = 500
_ENGINE_OPTIONS = Options(limits=Limits(max_pages=MAX_SLIDES, max_total_bytes=512 * 1024 * 1024))


@dataclass
class GeneratedDeck:
    """A generated deck: the PPTX, the versioned document (also as pptxProperty) and the pages."""

    pptx_bytes: bytes
    subject: str
    template_id: str
    page_count: int
    document: dict[str, Any]
    pages_html: list[str]
    pages: list[PlannedPage]
    conversion: Conversion = field(repr=False)

    @property
    def slides(self) -> list[dict[str, Any]]:
        """The engine's slide model, one dict per slide."""
        return self.conversion.slides

    @cached_property
    def pptx_property(self) -> str:
        """base64(gzip(JSON of `document`)): the spec's pptInfo.pptxProperty."""
        return encode_property(self.document)

    def write(self, path: str) -> None:
        with open(path, "wb") as fh:
            fh.write(self.pptx_bytes)


def generate_from_markdown(
    markdown: Any,
    template_id: str | None = None,
    *,
    templates: dict[str, Template] | None = None,
    filename: str | None = None,
    assets: Assets | None = None,
) -> GeneratedDeck:
    """Markdown (`#` topic, `##` chapters, `###` pages, `####` content titles; or a Marp/Slidev
    deck) -> GeneratedDeck.

    `templates` adds an account's custom templates (id -> Template) to the built-ins; None or ""
    picks the default template. `assets`: where the Markdown's images may be read from (default:
    data: URIs only). Raises GeneratorError: 1010 (`markdown`: not a string, too long, nothing
    usable, too many slides), 1001 (`templateId`: unknown).
    """
    template = get_template(template_id, templates)
    outline = parse_outline(markdown, assets=assets)
    lang = deck_language(outline)
    drafts = draft_pages(outline, lang)
    if len(drafts) > MAX_SLIDES:
        raise bad("markdown", f"makes {len(drafts)} slides; at most {MAX_SLIDES} allowed")
    return _build(outline, drafts, template, lang, keep_layout=False, filename=filename)


def regenerate(
    document_or_property: Any,
    *,
    templates: dict[str, Template] | None = None,
    filename: str | None = None,
) -> GeneratedDeck:
    """Rebuild the deck from an (edited) document dict or pptxProperty string.

    The deck is rebuilt from `pages` (each page keeps its layout; a page whose edited content no
    longer fits gets a smaller font or continuation pages); with `pages` empty it is re-planned
    from `outline`. `templateId` may be changed to restyle the deck. Raises GeneratorError 1010
    with the JSON path of each problem (`$.pages[2].title`), or 1001 for an unknown templateId.
    """
    document = to_document(document_or_property)
    template = get_template(document["templateId"], templates)
    outline = Outline.from_dict(document["outline"])
    lang = document.get("lang") or deck_language(outline)
    if document["pages"]:
        drafts = [PlannedPage.from_dict(p) for p in document["pages"]]
        return _build(outline, drafts, template, lang, keep_layout=True, filename=filename)
    drafts = draft_pages(outline, lang)
    if len(drafts) > MAX_SLIDES:
        raise bad("$.outline", f"makes {len(drafts)} slides; at most {MAX_SLIDES} allowed")
    return _build(outline, drafts, template, lang, keep_layout=False, filename=filename)


def list_templates(templates: dict[str, Template] | None = None) -> list[dict[str, Any]]:
    """Built-in templates (then `templates`, an account's own) as {id, name, category, colors,
    fonts, builtin, preview (the manifest's preview file name or None)}, sorted by id within
    each group. The preview image itself: `template_preview`."""
    out = []
    for group in (builtin_templates(), templates or {}):
        for tid in sorted(group):
            t = group[tid]
            out.append(
                {
                    "id": t.id,
                    "name": t.name,
                    "category": t.category,
                    "colors": dict(t.manifest["colors"]),
                    "fonts": dict(t.manifest["fonts"]),
                    "builtin": t.builtin,
                    "preview": t.manifest.get("preview"),
                }
            )
    return out


PREVIEW_MARKDOWN = (
    "# {name}\n{category}\n## Overview\n### Highlights\n- First point\n- Second point"
)


def template_preview(template: Template, width: int = 480) -> bytes:
    """PNG of the template: its manifest's preview file, else the cover of a small sample deck
    drawn by the engine's renderer (no browser)."""
    name = template.manifest.get("preview")
    if name and name in template.files:
        return template.files[name]
    from engine.render import render_cover_png

    md = PREVIEW_MARKDOWN.format(name=template.name, category=template.category)
    deck = generate_from_markdown(md, template.id, templates={template.id: template})
    return render_cover_png(deck.conversion, width=width)


@dataclass
class PlannedDeck:
    """A deck planned and rendered to page HTML, not yet converted: plain data (picklable), so
    the HTML can be shown while another process converts it (`build_planned`)."""

    subject: str
    template_id: str
    lang: str
    outline: dict[str, Any]
    pages: list[dict[str, Any]]
    htmls: list[str]

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlannedDeck:
        return cls(**{k: data[k] for k in cls.__dataclass_fields__})

    @property
    def properties(self) -> dict[str, str]:
        """The document properties (front matter) the outline carries."""
        return dict(self.outline.get("properties") or {})


PageCallback = Callable[[int, int, str], None]  # (0-based index, page count, page HTML)


def plan_from_markdown(
    markdown: Any,
    template_id: str | None = None,
    *,
    templates: dict[str, Template] | None = None,
    on_page: PageCallback | None = None,
    assets: Assets | None = None,
) -> PlannedDeck:
    """The first half of `generate_from_markdown`: plan the deck and render each page's HTML,
    calling `on_page(index, total, html)` as soon as each page exists. Same GeneratorErrors."""
    template = get_template(template_id, templates)
    outline = parse_outline(markdown, assets=assets)
    lang = deck_language(outline)
    drafts = draft_pages(outline, lang)
    if len(drafts) > MAX_SLIDES:
        raise bad("markdown", f"makes {len(drafts)} slides; at most {MAX_SLIDES} allowed")
    return _plan(outline, drafts, template, lang, keep_layout=False, on_page=on_page)


def build_planned(
    planned: PlannedDeck,
    *,
    filename: str | None = None,
    fitter: Fitter | None = None,
    templates: dict[str, Template] | None = None,
) -> GeneratedDeck:
    """The second half: convert a PlannedDeck's pages with the engine -> GeneratedDeck (the
    same deck `generate_from_markdown` makes from the same Markdown and template). `fitter`:
    the planner's overflow check in this process, whose layouts the conversion reuses.
    `templates`: the account's templates (a PowerPoint template's deck is written onto it)."""
    name = filename or planned.subject
    if fitter is not None:
        conversion = convert_fitted(
            planned.htmls,
            fitter,
            filename=name,
            options=_ENGINE_OPTIONS,
            properties=planned.properties,
        )
    else:
        conversion = convert(planned.htmls, filename=name, options=_ENGINE_OPTIONS)
    template = (templates or {}).get(planned.template_id)
    if isinstance(template, BrandTemplate):
        pages = [PlannedPage.from_dict(p) for p in planned.pages]
        deck = _deck_context(
            template,
            planned.subject,
            planned.outline.get("subtitle", ""),
            planned.lang,
            byline(planned.properties),
        )
        conversion = write_brand_deck(template, pages, conversion, deck, _ENGINE_OPTIONS, name)
    document = {
        "version": VERSION,
        "generator": "deckforge",
        "templateId": planned.template_id,
        "subject": planned.subject,
        "lang": planned.lang,
        "outline": planned.outline,
        "pages": planned.pages,
        "slideModel": {
            "width": conversion.slide_width,
            "height": conversion.slide_height,
            "slides": conversion.slides,
        },
    }
    return GeneratedDeck(
        pptx_bytes=conversion.pptx_bytes,
        subject=planned.subject,
        template_id=planned.template_id,
        page_count=len(planned.pages),
        document=document,
        pages_html=planned.htmls,
        pages=[PlannedPage.from_dict(p) for p in planned.pages],
        conversion=conversion,
    )


def _plan(
    outline: Outline,
    drafts: list[PlannedPage],
    template: Template,
    lang: str,
    *,
    keep_layout: bool,
    on_page: PageCallback | None = None,
    fitter: Fitter | None = None,
) -> PlannedDeck:
    deck = _deck_context(
        template, outline.topic, outline.subtitle, lang, byline(outline.properties)
    )
    planner = Planner(template, deck) if fitter is None else Planner(template, deck, fitter)
    pages = planner.plan(drafts, keep_layout=keep_layout, max_pages=MAX_SLIDES)
    htmls = []
    for i, page in enumerate(pages):
        htmls.append(planner.render(page))
        if on_page is not None:
            on_page(i, len(pages), htmls[-1])
    return PlannedDeck(
        subject=outline.topic,
        template_id=template.id,
        lang=lang,
        outline=outline.to_dict(),
        pages=[p.to_dict() for p in pages],
        htmls=htmls,
    )


def byline(properties: dict[str, str]) -> str:
    """The cover's author · date line from the document properties."""
    return " · ".join(v for v in (properties.get(k) for k in ("author", "date")) if v)


def _deck_context(
    template: Template, topic: str, subtitle: Any, lang: str, by: str = ""
) -> dict[str, Any]:
    """What a page template sees as `deck`."""
    return {
        "topic": topic,
        "subtitle": subtitle,
        "byline": by,
        "lang": lang,
        "colors": dict(template.manifest["colors"]),
        "fonts": dict(template.manifest["fonts"]),
        "template": {"id": template.id, "name": template.name},
    }


def _build(
    outline: Outline,
    drafts: list[PlannedPage],
    template: Template,
    lang: str,
    *,
    keep_layout: bool,
    filename: str | None,
) -> GeneratedDeck:
    fitter = Fitter(_ENGINE_OPTIONS)  # the final conversion reuses the fit check's layouts
    planned = _plan(outline, drafts, template, lang, keep_layout=keep_layout, fitter=fitter)
    return build_planned(
        planned, filename=filename, fitter=fitter, templates={template.id: template}
    )
