"""Slide-model deck written onto a base package (a company template): its masters, layouts and
theme are kept, its example slides dropped (with their notes and orphaned media), every slide
refers to a chosen layout and fills that layout's placeholders (`p:ph`) with text.

Extra slide keys read here (on top of engine/model/schema.py's):

    "layout": partname of the slide layout ("/ppt/slideLayouts/slideLayout2.xml"); absent ->
              BasePackage.default_layout
    "placeholders": [{"ph": {...the layout's p:ph attributes...}, "name": str,
                      "paragraphs": [PhParagraph, ...], "font_scale": float | None}]
PhParagraph: {"level": 0..8, "runs": [{"text", "bold", "italic", "href"}], "bullet": None
              (the layout's) | "none" | "number"}

Content shapes (the engine's) are written as on a blank slide; colours equal to a theme colour
become `a:schemeClr` and typefaces equal to a theme font become `+mj-lt`/`+mn-ea`... references
(engine/pptx/theme_refs.py), so changing the theme restyles the deck.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from engine.model.schema import Crop, Deck, Media, Shape, Slide
from engine.pptx.deck import (
    MAX_FONT_BYTES,
    DeckWriter,
    blip_resolver,
    fill_slide,
    slide_id_list,
    uri_reference,
)
from engine.pptx.fontembed import EmbedMode, FontReport
from engine.pptx.opc import RT, Package, Part, XmlPart
from engine.pptx.oxml import (
    NS_A,
    NS_P,
    R_ID,
    Element,
    ElementCache,
    a,
    blip_fill,
    clean_text,
    items,
    p,
    sub,
    xfrm,
)
from engine.pptx.package import MediaParts, release_package
from engine.pptx.props import BlipResolver, crop_values
from engine.pptx.template import new_slide_part, notes_slide_element
from engine.pptx.theme_refs import ThemeRefs, apply_theme_refs
from engine.units import EMU_PER_PX, px_to_emu

_SECTIONS_EXT = "{521415D9-36F7-43E2-AB2F-B90AF26B5E84}"  # p14:sectionLst (lists slide ids)
_MAX_LEVEL = 8
_PH_ATTRS = ("type", "orient", "sz", "idx")
_SLIDENUM_FIELD_ID = "{5C1E3D8A-3F0B-4C39-9E62-2D1F7B3A6C10}"


@dataclass(frozen=True)
class BasePackage:
    """A template package to write decks onto. `data` must open in python-pptx (checked by the
    caller: generator/brand/safety.py); `default_layout` is the partname of the layout of slides
    that name none; `keep_slides` keeps the template's own slides before the new ones."""

    data: bytes
    default_layout: str
    refs: ThemeRefs = field(default_factory=ThemeRefs)
    keep_slides: bool = False

    def size_px(self) -> tuple[float, float]:
        prs = _open(self.data)
        return float(prs.slide_width or 0) / EMU_PER_PX, float(prs.slide_height or 0) / EMU_PER_PX


def write_on_base(
    base: BasePackage, deck: Mapping[str, Any], media: Mapping[str, Mapping[str, Any]]
) -> bytes:
    """The PPTX bytes of `deck` written onto `base` (see the module docstring)."""
    return write_on_base_report(base, deck, media, embed="none")[0]


def write_on_base_report(
    base: BasePackage,
    deck: Mapping[str, Any],
    media: Mapping[str, Mapping[str, Any]],
    *,
    embed: EmbedMode = "subset",
    max_font_bytes: int = MAX_FONT_BYTES,
) -> tuple[bytes, FontReport]:
    """`write_on_base`, embedding the typefaces PowerPoint users lack (engine/pptx/fontembed.py)
    next to the template's own embedded fonts; the template's theme is left as it is."""
    writer = _BaseWriter(base, deck, media)
    try:
        for slide_model in items(deck.get("slides")):
            writer.add_slide(slide_model if isinstance(slide_model, Mapping) else {})
        report = writer.finish_fonts(embed, max_font_bytes, theme=False)
        return writer.finish(), report
    finally:
        release_package(writer.package)


def _open(data: bytes) -> Any:
    """The template opened by python-pptx (imported here: only decks on a template need it)."""
    import pptx

    return pptx.Presentation(io.BytesIO(data))


def adopt(prs: Any) -> tuple[Package, dict[int, Part]]:
    """A python-pptx presentation's package as an engine/pptx/opc package: the same parts (XML
    parts keep their trees), relationships with the same ids in the same order; also python-pptx
    part id -> part."""
    parts: dict[int, Part] = {}
    source = prs.part.package
    for part in source.iter_parts():
        element = getattr(part, "_element", None)
        name, content_type = str(part.partname), str(part.content_type)
        parts[id(part)] = (
            XmlPart(name, content_type, element)
            if element is not None
            else Part(name, content_type, part.blob)
        )
    package = Package()
    owners = [(package.rels, source._rels)] + [
        (parts[id(part)].rels, part.rels) for part in source.iter_parts()
    ]
    for rels, theirs in owners:
        for rel in theirs.values():
            target = rel.target_ref if rel.is_external else parts[id(rel.target_part)]
            rels.add(rel.reltype, target, rel.rId)
    return package, parts


class _BaseWriter(DeckWriter):
    """DeckWriter on the base package instead of the default one: python-pptx reads the
    template, engine/pptx/opc writes the deck."""

    def __init__(
        self, base: BasePackage, deck: Mapping[str, Any], media: Mapping[str, Mapping[str, Any]]
    ):
        self.deck = cast(Deck, deck)  # a deck of brand slides (layout, placeholders)
        self.base = base
        prs = _open(base.data)
        self.size = (
            float(prs.slide_width or 0) / EMU_PER_PX,
            float(prs.slide_height or 0) / EMU_PER_PX,
        )
        layouts = {
            str(layout.part.partname): layout.part
            for master in prs.slide_masters
            for layout in master.slide_layouts
        }
        if base.default_layout not in layouts:
            raise ValueError(f"no layout {base.default_layout!r} in the base package")
        sld_id_lst = slide_id_list(prs.part._element)
        self.first_id = 256
        if not base.keep_slides:
            _drop_slides(prs)
        else:
            ids = [int(s.get("id", "255")) for s in sld_id_lst]
            self.first_id = max(ids, default=255) + 1
        self.package, parts = adopt(prs)
        presentation = parts[id(prs.part)]
        if not isinstance(presentation, XmlPart):
            raise ValueError("the base package's presentation part is not XML")
        self.presentation = presentation
        self.layouts = {
            name: parts[id(part)] for name, part in layouts.items() if id(part) in parts
        }
        self.layout_part = self.layouts[base.default_layout]
        self.sld_id_lst = slide_id_list(presentation.element)
        self.media = MediaParts(cast(Mapping[str, Media], media))
        self.cache = ElementCache()
        self.slide_count = len(self.sld_id_lst)
        self.kept = self.slide_count
        self.notes_count = 0
        self._notes_master = None
        self._notes_template = None
        self._own_notes_master = presentation.rels.first(RT.NOTES_MASTER) is not None
        self.new_parts: list[XmlPart] = []

    def add_slide(self, model: Mapping[str, Any]) -> None:  # type: ignore[override]
        self.slide_count += 1
        layout_name = model.get("layout")
        layout_part = self.layouts.get(str(layout_name), self.layout_part)
        partname = f"/ppt/slides/slide{self.slide_count}.xml"
        slide_part = new_slide_part(partname, layout_part)
        rid = self.presentation.rels.add(RT.SLIDE, slide_part)
        slide_id = str(self.first_id + self.slide_count - self.kept - 1)
        sub(self.sld_id_lst, p("sldId"), {"id": slide_id, R_ID: rid})
        fill_slide(slide_part, _content(model), self.media, self.cache, self.size)
        blip_rids = blip_resolver(slide_part, self.media)
        _add_placeholders(slide_part, items(model.get("placeholders")), blip_rids)
        self.new_parts.append(slide_part)
        notes = model.get("notes")
        if isinstance(notes, str) and notes.strip():
            self._add_notes(slide_part, clean_text(notes))

    def _new_notes_element(self) -> Element:
        """A new notes slide: on the template's own notes master, that master's placeholders as
        python-pptx clones them (on a scratch copy of the template); else the default one."""
        if not self._own_notes_master:
            return notes_slide_element()
        from pptx.opc.packuri import PackURI
        from pptx.parts.slide import SlidePart

        scratch = _open(self.base.data)
        layout = next(layout.part for layout in scratch.slide_layouts)
        slide = SlidePart.new(PackURI("/ppt/slides/scratch.xml"), scratch.part.package, layout)
        return cast(Element, slide.notes_slide.part._element)

    def finish(self) -> bytes:
        for part in self.new_parts:
            apply_theme_refs(part.element, self.base.refs)
        _unique_partnames(self.package)
        return super().finish()


def _content(model: Mapping[str, Any]) -> Slide:
    """The slide-model part of a slide on a base package (which adds "layout" and
    "placeholders", and may leave out "notes" and "blank")."""
    shapes = model.get("shapes")
    return {
        "background": model.get("background"),
        "shapes": [cast(Shape, s) for s in shapes if isinstance(s, dict)]
        if isinstance(shapes, list)
        else [],
        "notes": None,
        "blank": bool(model.get("blank")),
    }


def _drop_slides(prs: Any) -> None:
    """Remove the template's slides: their ids, relationships (so the slide, notes and media
    parts only they use are no longer written), custom shows and sections naming them."""
    part = prs.part
    lst = part._element.find(p("sldIdLst"))
    for sld_id in list(lst):
        rid = sld_id.get(R_ID)
        lst.remove(sld_id)
        if rid:
            part.drop_rel(rid)
    for el in list(part._element):
        if el.tag == p("custShowLst"):
            part._element.remove(el)
    ext_lst = part._element.find(p("extLst"))
    if ext_lst is not None:
        for ext in list(ext_lst):
            if ext.get("uri") == _SECTIONS_EXT:
                ext_lst.remove(ext)
        if not len(ext_lst):
            part._element.remove(ext_lst)


def _unique_partnames(package: Package) -> None:
    """Give every part that shares its name with another (a new slide or picture named like a
    kept template part) the next free number of its kind."""
    seen: set[str] = set()
    parts = list(package.iter_parts())
    taken = {str(part.partname) for part in parts}
    for part in parts:
        name = str(part.partname)
        if name not in seen:
            seen.add(name)
            continue
        stem, ext = name.rsplit(".", 1)
        base = stem.rstrip("0123456789")
        n = 1
        while f"{base}{n}.{ext}" in taken:
            n += 1
        part.partname = f"{base}{n}.{ext}"
        taken.add(str(part.partname))
        seen.add(str(part.partname))


def _add_placeholders(slide_part: XmlPart, fills: list[Any], blip_rids: BlipResolver) -> None:
    """One `p:sp` (text) or `p:pic` (picture) per filled placeholder, below the content shapes
    (as PowerPoint puts them), with no geometry of its own (inherited from the layout) unless
    the fill gives a `box`."""
    sp_tree = slide_part.element.find(f"{p('cSld')}/{p('spTree')}")
    ids = [int(el.get("id", "0")) for el in sp_tree.iter(p("cNvPr"))]
    next_id = max(ids, default=1) + 1
    position = 2  # after nvGrpSpPr and grpSpPr
    for fill in fills:
        if not isinstance(fill, Mapping) or not isinstance(fill.get("ph"), Mapping):
            continue
        if isinstance(fill.get("picture"), Mapping):
            shape = _placeholder_pic(fill, next_id, blip_rids)
        else:
            shape = _placeholder_sp(slide_part, fill, next_id)
        if shape is None:
            continue
        sp_tree.insert(position, shape)
        position += 1
        next_id += 1


def _nv_placeholder(shape: Any, kind: str, fill: Mapping[str, Any], shape_id: int) -> None:
    """nvSpPr / nvPicPr: id, name, (picture) description, locks, the layout's `p:ph`."""
    nv = sub(shape, p(f"nv{kind}Pr"))
    name = clean_text(str(fill.get("name") or f"Placeholder {shape_id}"))[:120]
    c_nv_pr = sub(nv, p("cNvPr"), {"id": str(shape_id), "name": name})
    locks = {"noGrp": "1"}
    if kind == "Pic":
        locks["noChangeAspect"] = "1"
        alt = fill["picture"].get("alt")
        if isinstance(alt, str) and alt.strip():
            c_nv_pr.set("descr", clean_text(alt)[:2000])
    sub(sub(nv, p(f"cNv{kind}Pr")), a("picLocks" if kind == "Pic" else "spLocks"), locks)
    attrs = {str(k): str(v) for k, v in fill["ph"].items() if k in _PH_ATTRS}
    sub(sub(nv, p("nvPr")), p("ph"), attrs)


def _sp_pr(shape: Any, fill: Mapping[str, Any]) -> None:
    """spPr: empty (the layout's geometry), or the fill's own `box` [x, y, w, h] px."""
    sp_pr = sub(shape, p("spPr"))
    box = fill.get("box")
    if isinstance(box, (list, tuple)) and len(box) == 4:
        x, y, w, h = (px_to_emu(float(v)) for v in box)
        xfrm(sp_pr, x, y, w, h)


def _placeholder_pic(fill: Mapping[str, Any], shape_id: int, blip_rids: BlipResolver) -> Any:
    """A picture in a picture placeholder, as PowerPoint inserts one: `p:pic` with the
    placeholder's `p:ph`, the picture cropped (`a:srcRect`) to fill the layout's frame."""
    from lxml import etree

    picture = fill["picture"]
    svg = picture.get("svg_media")
    rids = blip_rids(str(picture.get("media")), str(svg) if svg else None)
    if rids is None:
        return None
    pic = etree.Element(p("pic"), nsmap={"a": NS_A, "p": NS_P})
    _nv_placeholder(pic, "Pic", fill, shape_id)
    blip_fill(pic, p("blipFill"), rids[0], crop=_crop(picture.get("crop")), svg_rid=rids[1])
    _sp_pr(pic, fill)
    return pic


def _crop(crop: Any) -> tuple[int, int, int, int] | None:
    """A placeholder picture's crop (a brand plan's dict, sides it leaves out are 0)."""
    if not isinstance(crop, Mapping):
        return None
    sides: Crop = {"l": 0.0, "t": 0.0, "r": 0.0, "b": 0.0}
    sides.update({k: v for k, v in crop.items() if k in sides})  # type: ignore[typeddict-item]
    return crop_values(sides)


def _placeholder_sp(slide_part: XmlPart, fill: Mapping[str, Any], shape_id: int) -> Any:
    from lxml import etree

    sp = etree.Element(p("sp"), nsmap={"a": NS_A, "p": NS_P})
    _nv_placeholder(sp, "Sp", fill, shape_id)
    _sp_pr(sp, fill)
    body = sub(sp, p("txBody"))
    body_pr = sub(body, a("bodyPr"))
    scale = fill.get("font_scale")
    if isinstance(scale, (int, float)) and 0.25 <= scale < 1:
        sub(body_pr, a("normAutofit"), {"fontScale": str(int(round(scale * 100000)))})
    sub(body, a("lstStyle"))
    paragraphs = [para for para in items(fill.get("paragraphs")) if isinstance(para, Mapping)]
    for para in paragraphs or [{"runs": []}]:
        _paragraph(body, para, slide_part)
    return sp


def _paragraph(body: Any, para: Mapping[str, Any], slide_part: XmlPart) -> None:
    el = sub(body, a("p"))
    level = para.get("level")
    level = max(0, min(_MAX_LEVEL, int(level))) if isinstance(level, int) else 0
    bullet = para.get("bullet")
    if level or bullet in ("none", "number"):
        ppr = sub(el, a("pPr"), {"lvl": str(level)} if level else {})
        if bullet == "none":
            ppr.set("marL", "0")
            ppr.set("indent", "0")
            sub(ppr, a("buNone"))
        elif bullet == "number":
            sub(ppr, a("buFont"), {"typeface": "+mj-lt"})
            sub(ppr, a("buAutoNum"), {"type": "arabicPeriod"})
    lang = para.get("lang")
    for run in items(para.get("runs")):
        if not isinstance(run, Mapping):
            continue
        text = clean_text(str(run.get("text") or ""))
        if not text:
            continue
        if run.get("field") == "slidenum":
            fld = sub(el, a("fld"), {"id": _SLIDENUM_FIELD_ID, "type": "slidenum"})
            sub(fld, a("rPr"), {"lang": str(lang)} if isinstance(lang, str) and lang else {})
            sub(fld, a("t")).text = text
            continue
        r = sub(el, a("r"))
        rpr = sub(r, a("rPr"), {"lang": str(lang)} if isinstance(lang, str) and lang else {})
        if run.get("bold"):
            rpr.set("b", "1")
        if run.get("italic"):
            rpr.set("i", "1")
        href = run.get("href")
        if isinstance(href, str) and href:
            from engine.links import link_target

            url = uri_reference(href) if link_target(href) is not None else ""
            if url:
                rid = slide_part.relate_external(url, RT.HYPERLINK)
                sub(rpr, a("hlinkClick"), {R_ID: rid})
        sub(r, a("t")).text = text
