"""The generator's entry points (Markdown or an edited document + a template -> PPTX bytes + document)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from engine import Conversion, LaidOut, Limits, Options, Slide, collector_paused, convert_laid_out
from generator.budget import document_words
from generator.compose import LENGTHS, deck_language, draft_deck
from generator.document import VERSION, encode_property, to_document
from generator.errors import bad
from generator.fit import own_layouts, shared_layouts
from generator.gallery import with_galleries
from generator.leftout import LeftOut, merge_diagnostics
from generator.markup.images import Assets
from generator.outline import Outline, parse_outline
from generator.pages import DeckDraft, PlannedPage
from generator.planner import Planner, dense_document
from generator.rendered import shared_renders
from generator.talk import Step, with_appendix, within_budget
from generator.templates import Template, builtin_templates, get_template

MAX_SLIDES = 500
ENGINE_OPTIONS = Options(limits=Limits(max_pages=MAX_SLIDES, max_total_bytes=512 * 1024 * 1024))
# A deck's plan keeps the layouts of its slides until the deck is built, and the collector would
# walk them all again and again: the entry points below run with it paused, as a page does.


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
    left_out: list[LeftOut] = field(default_factory=list)

    @property
    def slides(self) -> list[Slide]:
        """The engine's slide model, one dict per slide."""
        return self.conversion.slides

    @cached_property
    def pptx_property(self) -> str:
        """base64(gzip(JSON of `document`)): the spec's pptInfo.pptxProperty."""
        return encode_property(self.document)

    def write(self, path: str) -> None:
        with open(path, "wb") as fh:
            fh.write(self.pptx_bytes)


@collector_paused()
def generate_from_markdown(
    markdown: Any,
    template_id: str | None = None,
    *,
    templates: dict[str, Template] | None = None,
    filename: str | None = None,
    length: str | None = None,
    assets: Assets | None = None,
    source_name: str = "",
) -> GeneratedDeck:
    """Markdown (`#` topic, `##` chapters, `###` pages, `####` content titles; or a Marp/Slidev
    deck) -> GeneratedDeck.

    `templates` adds an account's custom templates (id -> Template) to the built-ins; None or ""
    picks the default template. `length`: "short", "medium" (default) or "long" (see
    docs/generator.md#composition). `assets`: where the Markdown's images may be read from
    (default: data: URIs only). `source_name`: the document's name (`generator.outline.
    document_name` of its file), the cover's title when the document has no title of its own.
    Raises GeneratorError: 1010 (`markdown`: not a string, too long, nothing usable, too many
    slides; `length`: not one of the three), 1001 (`templateId`).
    """
    template = get_template(template_id, templates)
    planned, laid = _plan_markdown(markdown, template, _length(length), assets, None, source_name)
    return build_planned(planned, filename=filename, laid=laid, templates={template.id: template})


@collector_paused()
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
    read = Outline.from_dict(document["outline"])
    outline = with_galleries(read)
    lang = document.get("lang") or deck_language(outline)
    length = _length(document.get("length"))
    keep = bool(document["pages"])
    left: list[LeftOut] = []
    drafts: list[PlannedPage] | DeckDraft
    if keep:
        drafts = [PlannedPage.from_dict(p) for p in document["pages"]]
    else:
        drafts = _drafts(outline, lang, length, "$.outline", left)
    planned, laid = _plan(
        outline, drafts, template, lang, keep_layout=keep, length=length, left_out=left, read=read
    )
    return build_planned(planned, filename=filename, laid=laid, templates={template.id: template})


def _length(value: Any) -> str:
    if value is None or value == "":
        return "medium"
    if value not in LENGTHS:
        raise bad("length", "must be short, medium or long")
    return str(value)


def authored_deck(markdown: str) -> bool:
    """Whether the Markdown is a slide deck already (Marp, Slidev, `---` slides)."""
    from generator.markup.deck import deck_kind
    from generator.markup.frontmatter import split_front_matter

    front, body, _ = split_front_matter(markdown.replace("\r\n", "\n").lstrip("\ufeff"))
    return bool(deck_kind(front.data, body))


def _drafts(
    outline: Outline,
    lang: str,
    length: str,
    field_name: str,
    left_out: list[LeftOut],
    authored: bool = False,
) -> DeckDraft:
    drafts = draft_deck(outline, lang, length, left_out, authored)
    count = len(drafts.pages())
    if count > MAX_SLIDES:
        raise bad(field_name, f"makes {count} slides; at most {MAX_SLIDES} allowed")
    return drafts


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
    from engine import render_cover_png

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
    length: str = "medium"
    left_out: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlannedDeck:
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})

    @property
    def properties(self) -> dict[str, str]:
        """The document properties (front matter) the outline carries."""
        return dict(self.outline.get("properties") or {})


PageCallback = Callable[[int, int, str], None]  # (0-based index, page count, page HTML)


@collector_paused()
def plan_from_markdown(
    markdown: Any,
    template_id: str | None = None,
    *,
    templates: dict[str, Template] | None = None,
    on_page: PageCallback | None = None,
    length: str | None = None,
    assets: Assets | None = None,
    source_name: str = "",
) -> PlannedDeck:
    """The first half of `generate_from_markdown`: plan the deck and render each page's HTML,
    calling `on_page(index, total, html)` for each page once the plan is fitted. Same
    GeneratorErrors."""
    template = get_template(template_id, templates)
    return _plan_markdown(markdown, template, _length(length), assets, on_page, source_name)[0]


def _plan_markdown(
    markdown: Any,
    template: Template,
    length: str,
    assets: Assets | None,
    on_page: PageCallback | None = None,
    source_name: str = "",
) -> tuple[PlannedDeck, list[LaidOut | None]]:
    """Markdown -> the fitted plan and the kept layouts of its pages."""
    read = parse_outline(markdown, assets=assets, name=source_name)
    outline = with_galleries(read)
    lang = deck_language(outline)
    left: list[LeftOut] = []
    authored = authored_deck(markdown)
    drafts = _drafts(outline, lang, length, "markdown", left, authored)
    return _plan(
        outline,
        drafts,
        template,
        lang,
        keep_layout=False,
        length=length,
        on_page=on_page,
        left_out=left,
        authored=authored,
        read=read,
    )


@collector_paused()
def build_planned(
    planned: PlannedDeck,
    *,
    filename: str | None = None,
    laid: list[LaidOut | None] | None = None,
    templates: dict[str, Template] | None = None,
) -> GeneratedDeck:
    """The second half: convert a PlannedDeck's pages with the engine -> GeneratedDeck (the
    same deck `generate_from_markdown` makes from the same Markdown and template). `laid`: the
    planner's layouts of the pages in this process (None entries: pages it could not lay out),
    which the conversion turns into slides without laying the pages out again. `templates`:
    the account's templates (a PowerPoint template's deck is written onto it)."""
    name = filename or planned.subject
    pages: list[LaidOut | str] = list(planned.htmls)
    if laid is not None and len(laid) == len(planned.htmls):
        pages = [
            item if item is not None else html
            for item, html in zip(laid, planned.htmls, strict=True)
        ]
    props = planned.properties
    conversion = convert_laid_out(
        pages,
        filename=name,
        options=ENGINE_OPTIONS,
        title=props.get("title") or None,
        author=props.get("author") or None,
    )
    template = (templates or {}).get(planned.template_id)
    if template is not None and not template.builtin and _is_brand(template):
        from generator.brand.build import write_brand_deck
        from generator.brand.html import BrandTemplate

        assert isinstance(template, BrandTemplate)

        brand_pages = [PlannedPage.from_dict(p) for p in planned.pages]
        deck = _deck_context(
            template,
            planned.subject,
            planned.outline.get("subtitle", ""),
            planned.lang,
            byline(planned.properties),
        )
        conversion = write_brand_deck(template, brand_pages, conversion, deck, ENGINE_OPTIONS, name)
    document = {
        "version": VERSION,
        "generator": "deckforge",
        "templateId": planned.template_id,
        "subject": planned.subject,
        "lang": planned.lang,
        "length": planned.length,
        "outline": planned.outline,
        "pages": planned.pages,
        "leftOut": planned.left_out,
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
        left_out=[LeftOut.from_dict(d) for d in planned.left_out],
    )


def _plan(
    outline: Outline,
    drafts: list[PlannedPage] | DeckDraft,
    template: Template,
    lang: str,
    *,
    keep_layout: bool,
    length: str = "medium",
    on_page: PageCallback | None = None,
    left_out: list[LeftOut] | None = None,
    authored: bool = False,
    read: Outline | None = None,
) -> tuple[PlannedDeck, list[LaidOut | None]]:
    """`read`: the document's outline as read, before its galleries were set in grids
    (generator.gallery): the one the deck's document keeps, and whose words the slide budget
    counts (a gallery shows every variant the document wrote)."""
    read = read or outline
    properties = dict(getattr(outline, "properties", {}) or {})
    deck = _deck_context(template, outline.topic, outline.subtitle, lang, byline(properties))

    def planner_for(pages: list[PlannedPage], step: Step = "capped") -> Planner:
        dense = length != "long" and not authored and dense_document(pages)
        planner = Planner(
            template,
            deck,
            length=length,
            options=ENGINE_OPTIONS,
            dense=dense,
            authored=authored,
            tight=step == "tight",
            whole=step == "whole",
        )
        return planner

    if isinstance(drafts, DeckDraft):  # from the outline: dividers decided on fitted chapters
        # condensing plans again: pages that stay share their HTML and layouts
        with shared_layouts(ENGINE_OPTIONS), shared_renders():
            words = document_words(read)
            talk = within_budget(
                outline, drafts, planner_for, lang, length, authored, MAX_SLIDES, words
            )
            talk = with_appendix(talk, lang)
        fitted, planner = talk.fitted, talk.planner
        if talk.left_out is not None:
            left_out = talk.left_out + talk.condensed
    else:
        planner = planner_for(drafts)
        fitted = planner.plan(drafts, keep_layout=keep_layout, max_pages=MAX_SLIDES)
    htmls = [f.html for f in fitted]
    if on_page is not None:
        for i, html in enumerate(htmls):
            on_page(i, len(htmls), html)
    records = merge_diagnostics(list(getattr(outline, "diagnostics", []) or []))
    records += (left_out or []) + planner.left_out
    planned = PlannedDeck(
        subject=str(outline.topic),  # plain text: file names, the account's listing
        template_id=template.id,
        lang=lang,
        outline=read.to_dict(),
        pages=[f.page.to_dict() for f in fitted],
        htmls=htmls,
        length=length,
        left_out=[r.to_dict() for r in records],
    )
    return planned, own_layouts([(f.html, f.laid) for f in fitted], ENGINE_OPTIONS)


def _is_brand(template: Template) -> bool:
    """A PowerPoint template (the brand package is imported only for those: generating on a
    built-in or zip template never loads the PPTX reader)."""
    from generator.brand.html import BrandTemplate

    return isinstance(template, BrandTemplate)


def byline(properties: dict[str, str]) -> str:
    """The cover's author · institute · date line from the document properties."""
    keys = ("author", "institute", "date")
    return " · ".join(v for v in (properties.get(k) for k in keys) if v)


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
