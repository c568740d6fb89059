"""Slide-model deck dict + media -> PPTX bytes (the default package, Blank layout, shapes, notes; engine/pptx/opc)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, cast
from urllib.parse import quote

from lxml import etree

from engine.links import link_target
from engine.model.schema import Deck, Media, Slide, validate_deck, validate_media
from engine.pptx.context import SlideContext
from engine.pptx.fontembed import EmbedMode, FontReport, embed_fonts
from engine.pptx.opc import CT, RT, Part, XmlPart
from engine.pptx.oxml import R_ID, Element, ElementCache, a, clean_text, finite, p, sub
from engine.pptx.package import (
    MediaParts,
    package_bytes,
    release_package,
    set_document_properties,
)
from engine.pptx.props import BlipResolver
from engine.pptx.shapes import add_shape, set_background
from engine.pptx.template import (
    new_default_deck,
    new_notes_master,
    new_slide_part,
    notes_slide_element,
)
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
        release_package(writer.package)


class DeckWriter:
    """Adds slides to a copy of the default package (engine/pptx/template.py)."""

    def __init__(self, deck: Deck, media: Mapping[str, Media]):
        self.deck = deck
        default = new_default_deck()
        self.package = default.package
        self.presentation = default.presentation
        self.media = MediaParts(media)
        self.cache = ElementCache()
        self.size = _set_slide_size(self.presentation.element, deck)
        self.layout_part = default.blank_layout
        self.sld_id_lst = slide_id_list(self.presentation.element)
        self.slide_count = 0
        self.notes_count = 0
        self._notes_master: Part | None = None
        self._notes_template: Element | None = None

    def add_slide(self, model: Slide) -> None:
        self.slide_count += 1
        partname = f"/ppt/slides/slide{self.slide_count}.xml"
        slide_part = new_slide_part(partname, self.layout_part)
        rid = self.presentation.rels.add(RT.SLIDE, slide_part)
        slide_id = str(_FIRST_SLIDE_ID + self.slide_count - 1)
        sub(self.sld_id_lst, p("sldId"), {"id": slide_id, R_ID: rid})
        fill_slide(slide_part, model, self.media, self.cache, self.size)
        notes = model["notes"]
        if notes is not None and notes.strip():
            self._add_notes(slide_part, clean_text(notes))

    def _add_notes(self, slide_part: XmlPart, text: str) -> None:
        """A notes slide per slide, on the presentation's notes master (the default one added
        with the first): the first takes the next free part name, the others are numbered."""
        self.notes_count += 1
        if self._notes_master is None or self._notes_template is None:
            self._notes_master = self._notes_master_part()
            partname = self.package.next_partname("/ppt/notesSlides/notesSlide%d.xml")
            self._notes_template = self._new_notes_element()
        else:
            partname = f"/ppt/notesSlides/notesSlide{self.notes_count}.xml"
        element = copy.deepcopy(self._notes_template)
        notes_part = XmlPart(partname, CT.NOTES_SLIDE, element)
        notes_part.relate_to(self._notes_master, RT.NOTES_MASTER)
        notes_part.relate_to(slide_part, RT.SLIDE)
        slide_part.relate_to(notes_part, RT.NOTES_SLIDE)
        _set_notes_text(element, text)

    def _notes_master_part(self) -> Part:
        try:
            return self.presentation.related(RT.NOTES_MASTER)
        except KeyError:
            master = new_notes_master(self.package)
            self.presentation.relate_to(master, RT.NOTES_MASTER)
            return master

    def _new_notes_element(self) -> Element:
        """A new notes slide's tree (the default notes master's placeholders)."""
        return notes_slide_element()

    def finish_fonts(self, embed: EmbedMode, max_font_bytes: int, theme: bool = True) -> FontReport:
        """Office per-script fonts in the themes (`theme`: the slide master's and the notes
        master's), then the embedded fonts."""
        for part in self.package.iter_parts() if theme else ():
            if part.content_type.endswith(".theme+xml"):
                element = etree.fromstring(part.blob)
                set_theme_fonts(element)
                part.blob = etree.tostring(
                    element, xml_declaration=True, encoding="UTF-8", standalone=True
                )
        return embed_fonts(self.package, self.presentation, self.deck, embed, max_font_bytes)

    def finish(self) -> bytes:
        set_document_properties(self.package, self.presentation, self.deck, self.notes_count)
        return package_bytes(self.package)


# CT_Presentation children that come after p:sldIdLst (schema order).
_AFTER_SLIDE_IDS = frozenset(
    p(name)
    for name in (
        "sldSz",
        "notesSz",
        "smartTags",
        "embeddedFontLst",
        "custShowLst",
        "photoAlbum",
        "custDataLst",
        "kinsoku",
        "defaultTextStyle",
        "modifyVerifier",
        "extLst",
    )
)


def slide_id_list(presentation: Element) -> Element:
    """The presentation's p:sldIdLst, added in schema order when it has none."""
    found = presentation.find(p("sldIdLst"))
    if found is not None:
        return found
    lst = presentation.makeelement(p("sldIdLst"), {})
    after = next((child for child in presentation if child.tag in _AFTER_SLIDE_IDS), None)
    if after is None:
        presentation.append(lst)
    else:
        after.addprevious(lst)
    return lst


def _set_slide_size(presentation: Element, deck: Deck) -> tuple[float, float]:
    """Set the presentation's slide size; returns it in px."""
    sizes = []
    for value, default in (finite(deck["width"]), 1280.0), (finite(deck["height"]), 720.0):
        px = value if value is not None and value > 0 else default
        sizes.append(int(max(_MIN_SLIDE_EMU, min(_MAX_SLIDE_EMU, px_to_emu(px)))))
    sld_sz = presentation.find(p("sldSz"))
    if sld_sz is None:  # the default presentation has one
        raise ValueError("the presentation part has no p:sldSz")
    sld_sz.set("cx", str(sizes[0]))
    sld_sz.set("cy", str(sizes[1]))
    if "type" in sld_sz.attrib:
        del sld_sz.attrib["type"]  # the template's "screen4x3" would mislabel the size
    return sizes[0] / EMU_PER_PX, sizes[1] / EMU_PER_PX


def fill_slide(
    part: XmlPart,
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
        return part.relate_external(url, RT.HYPERLINK) if url else None

    ctx = SlideContext(blip_rids=blip_rids, link_rid=link_rid, cache=cache, size=size)
    sld = part.element
    background = model["background"]
    if background is not None:
        set_background(sld, background, ctx)
    if model["blank"]:
        return
    sp_tree = sld.find(f"{p('cSld')}/{p('spTree')}")
    for shape in model["shapes"]:
        add_shape(sp_tree, shape, ctx)


def blip_resolver(part: XmlPart, media: MediaParts) -> BlipResolver:
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
