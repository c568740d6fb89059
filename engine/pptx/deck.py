"""Slide-model deck dict + media -> PPTX bytes (python-pptx package, Blank layout, shapes, notes)."""

from __future__ import annotations

import copy
import threading
from collections.abc import Mapping
from typing import Any, cast
from urllib.parse import quote

import pptx
from lxml import etree
from pptx.opc.constants import CONTENT_TYPE as CT
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.opc.packuri import PackURI
from pptx.parts.slide import NotesSlidePart, SlidePart
from pptx.presentation import Presentation
from pptx.util import Emu

from engine.links import link_target
from engine.model.schema import Deck, Media, Slide, validate_deck, validate_media
from engine.pptx.context import SlideContext
from engine.pptx.fontembed import EmbedMode, FontReport, embed_fonts
from engine.pptx.oxml import R_ID, Element, ElementCache, a, clean_text, finite, p, sub
from engine.pptx.package import (
    MediaParts,
    package_bytes,
    release_package,
    set_document_properties,
)
from engine.pptx.props import BlipResolver
from engine.pptx.shapes import add_shape, set_background
from engine.pptx.typefaces import set_theme_fonts
from engine.units import EMU_PER_PX, px_to_emu

# ST_SlideSizeCoordinate bounds (1 inch .. 56 inches).
_MIN_SLIDE_EMU = 914400
_MAX_SLIDE_EMU = 51206400
_FIRST_SLIDE_ID = 256
# Reserved and unreserved URI characters plus "%" (existing escapes stay as they are).
_URI_SAFE = ":/?#[]@!$&'()*+,;=%~-._"


# Embedded font parts one deck may add (bytes of .fntdata, before zip compression).
MAX_FONT_BYTES = 32 * 1024 * 1024


def write_deck(
    deck: Mapping[str, Any],
    media: Mapping[str, Mapping[str, Any]],
    *,
    embed: EmbedMode = "subset",
    max_font_bytes: int = MAX_FONT_BYTES,
) -> bytes:
    """The PPTX bytes of `deck` ({"width", "height", "slides": [...]}: a Deck of the slide
    model, engine/model/schema), for a deck built outside the engine: checked against the
    model first (engine.model.schema.ModelError lists what does not match).

    `media` maps sha1 -> {"content_type", "data", ...}. One slide per model slide, in order;
    the output is byte-for-byte deterministic for the same input. Typefaces a PowerPoint user
    lacks are embedded per `embed` (engine/pptx/fontembed.py).
    """
    return write_deck_report(deck, media, embed=embed, max_font_bytes=max_font_bytes)[0]


def write_deck_report(
    deck: Mapping[str, Any],
    media: Mapping[str, Mapping[str, Any]],
    *,
    embed: EmbedMode = "subset",
    max_font_bytes: int = MAX_FONT_BYTES,
) -> tuple[bytes, FontReport]:
    """`write_deck`, with the report of the fonts it embedded."""
    validate_deck(deck)
    validate_media(media, need_data=True)
    model = cast(Deck, deck)
    return write_model_report(model, cast(Mapping[str, Media], media), embed, max_font_bytes)


def write_model_report(
    deck: Deck,
    media: Mapping[str, Media],
    embed: EmbedMode = "subset",
    max_font_bytes: int = MAX_FONT_BYTES,
) -> tuple[bytes, FontReport]:
    """`write_deck_report` for a deck the engine built (typed, so not checked again)."""
    writer = DeckWriter(deck, media)
    try:
        for slide_model in deck["slides"]:
            writer.add_slide(slide_model)
        report = writer.finish_fonts(embed, max_font_bytes)
        return writer.finish(), report
    finally:
        release_package(writer.prs)


class DeckWriter:
    """Adds slides to python-pptx's default package without its per-slide O(n) look-ups."""

    def __init__(self, deck: Deck, media: Mapping[str, Media]):
        self.deck = deck
        self.prs: Presentation = new_presentation()
        self.package = self.prs.part.package
        self.media = MediaParts(self.package, media)
        self.cache = ElementCache()
        self.size = _set_slide_size(self.prs, deck)
        layout = self.prs.slide_layouts.get_by_name("Blank") or self.prs.slide_layouts[6]
        self.layout_part = layout.part
        self.prs.slides  # noqa: B018 - creates p:sldIdLst
        self.sld_id_lst: Element = self.prs.part._element.find(p("sldIdLst"))
        self.slide_count = 0
        self.notes_count = 0
        self._notes_master: Any = None
        self._notes_template: Element | None = None

    def add_slide(self, model: Slide) -> None:
        self.slide_count += 1
        partname = PackURI(f"/ppt/slides/slide{self.slide_count}.xml")
        slide_part = SlidePart.new(partname, self.package, self.layout_part)
        rid = add_new_rel(self.prs.part, slide_part, RT.SLIDE)
        slide_id = str(_FIRST_SLIDE_ID + self.slide_count - 1)
        sub(self.sld_id_lst, p("sldId"), {"id": slide_id, R_ID: rid})
        fill_slide(slide_part, model, self.media, self.cache, self.size)
        notes = model["notes"]
        if notes is not None and notes.strip():
            self._add_notes(slide_part, clean_text(notes))

    def _add_notes(self, slide_part: SlidePart, text: str) -> None:
        """A notes slide per slide: the first through python-pptx, the rest copied from it."""
        self.notes_count += 1
        if self._notes_template is None:
            notes_part = slide_part.notes_slide.part  # creates the notes master and its theme
            self._notes_master = notes_part.part_related_by(RT.NOTES_MASTER)
            self._notes_template = copy.deepcopy(notes_part._element)
            element = notes_part._element
        else:
            partname = PackURI(f"/ppt/notesSlides/notesSlide{self.notes_count}.xml")
            element = copy.deepcopy(self._notes_template)
            notes_part = NotesSlidePart(partname, CT.PML_NOTES_SLIDE, self.package, element)
            notes_part.relate_to(self._notes_master, RT.NOTES_MASTER)
            notes_part.relate_to(slide_part, RT.SLIDE)
            slide_part.relate_to(notes_part, RT.NOTES_SLIDE)
        _set_notes_text(element, text)

    def finish_fonts(self, embed: EmbedMode, max_font_bytes: int, theme: bool = True) -> FontReport:
        """Office per-script fonts in the themes (`theme`), then the embedded fonts."""
        for part in self.package.iter_parts() if theme else ():
            if part.content_type.endswith(".theme+xml"):
                element = etree.fromstring(part.blob)
                set_theme_fonts(element)
                part._blob = etree.tostring(
                    element, xml_declaration=True, encoding="UTF-8", standalone=True
                )
        return embed_fonts(self.prs, self.deck, embed, max_font_bytes)

    def finish(self) -> bytes:
        set_document_properties(self.prs, self.deck, self.notes_count)
        return package_bytes(self.prs)


_TEMPLATE = threading.local()


def new_presentation() -> Presentation:
    """A fresh python-pptx default presentation: a deep copy of one loaded once per thread.

    Opening the default template unzips and parses ~40 parts (~5 ms); copying the loaded object
    graph (parts, relationships, lxml trees) costs less than half that. The template object is
    never modified; each thread keeps its own, so no lxml tree is shared between threads."""
    template: Presentation | None = getattr(_TEMPLATE, "prs", None)
    if template is None:
        template = _TEMPLATE.prs = pptx.Presentation()
    return copy.deepcopy(template)


def _set_slide_size(prs: Presentation, deck: Deck) -> tuple[float, float]:
    """Set the presentation's slide size; returns it in px."""
    sizes = []
    for value, default in (finite(deck["width"]), 1280.0), (finite(deck["height"]), 720.0):
        px = value if value is not None and value > 0 else default
        sizes.append(max(_MIN_SLIDE_EMU, min(_MAX_SLIDE_EMU, px_to_emu(px))))
    prs.slide_width, prs.slide_height = Emu(sizes[0]), Emu(sizes[1])
    sld_sz = prs.part._element.find(p("sldSz"))
    if sld_sz is not None and "type" in sld_sz.attrib:
        del sld_sz.attrib["type"]  # the template's "screen4x3" would mislabel the size
    return sizes[0] / EMU_PER_PX, sizes[1] / EMU_PER_PX


def fill_slide(
    part: SlidePart,
    model: Slide,
    media: MediaParts,
    cache: ElementCache,
    size: tuple[float, float],
) -> None:
    """Background and shapes of one slide (a "blank" slide keeps only its background)."""
    blip_rids = blip_resolver(part, media)

    def link_rid(url: str) -> str | None:
        if link_target(url) is None:  # http, https and mailto only, whoever built the model
            return None
        url = uri_reference(url)
        return part.relate_to(url, RT.HYPERLINK, is_external=True) if url else None

    ctx = SlideContext(blip_rids=blip_rids, link_rid=link_rid, cache=cache, size=size)
    sld = part._element
    background = model["background"]
    if background is not None:
        set_background(sld, background, ctx)
    if model["blank"]:
        return
    sp_tree = sld.find(f"{p('cSld')}/{p('spTree')}")
    for shape in model["shapes"]:
        add_shape(sp_tree, shape, ctx)


def blip_resolver(part: SlidePart, media: MediaParts) -> BlipResolver:
    """The relationship ids (picture, SVG or None) of a picture's media on a slide."""

    def blip_rids(sha1: str, svg_sha1: str | None) -> tuple[str, str | None] | None:
        parts = media.picture_parts(sha1, svg_sha1)
        if parts is None:
            return None
        main_rid = part.relate_to(parts[0], RT.IMAGE)
        svg = parts[1]
        return main_rid, (part.relate_to(svg, RT.IMAGE) if svg is not None else None)

    return blip_rids


def uri_reference(url: str) -> str:
    """A hyperlink target Office accepts: trimmed, spaces and non-ASCII percent-encoded."""
    return quote(clean_text(url).strip(), safe=_URI_SAFE)


def add_new_rel(source: Any, target: Any, reltype: str) -> str:
    """Relate a part known to be new, skipping python-pptx's O(n) search for an existing rel."""
    add = getattr(source.rels, "_add_relationship", None)
    return str(add(reltype, target)) if add is not None else str(source.relate_to(target, reltype))


def _set_notes_text(notes: Element, text: str) -> None:
    """Replace the paragraphs of the notes slide's body placeholder with one a:p per line."""
    for sp in notes.iter(p("sp")):
        ph = sp.find(f"{p('nvSpPr')}/{p('nvPr')}/{p('ph')}")
        if ph is None or ph.get("type") != "body":
            continue
        tx_body = sp.find(p("txBody"))
        if tx_body is None:
            tx_body = sub(sp, p("txBody"))
            sub(tx_body, a("bodyPr"))
            sub(tx_body, a("lstStyle"))
        for para in tx_body.findall(a("p")):
            tx_body.remove(para)
        for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
            para = sub(tx_body, a("p"))
            if line:
                sub(sub(para, a("r")), a("t")).text = line
        return
