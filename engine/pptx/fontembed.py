"""Embedded fonts: the faces a deck names that a PowerPoint user lacks -> `.fntdata` parts + p:embeddedFontLst.

A typeface that is neither an Office font nor the twin of one (engine/pptx/typefaces.py) is
embedded as PowerPoint embeds fonts (ECMA-376 §19.2.1.9-11, §15.2.13): one EOT part
(engine/fonts/eot.py, content type application/x-fontdata, `ppt/fonts/fontN.fntdata`) per face,
related from the presentation part, listed in p:embeddedFontLst (after p:notesSz) with the
regular / bold / italic / boldItalic slot of the face's own style, and
p:presentation/@embedTrueTypeFonts. Each face holds the characters the deck draws with it
(`subset`, p:presentation/@saveSubsetFonts so PowerPoint re-saves it the same way) or all of them
(`full`); faces whose licence forbids it are left out and reported.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.fonts import builtin_active, office, resolve
from engine.fonts.embedding import EmbedRefused, font_for_embedding
from engine.fonts.eot import to_eot
from engine.fonts.webfonts import web_face_file, web_face_source
from engine.pptx.opc import CT, RT, Package, Part, XmlPart
from engine.pptx.oxml import R_ID, Element, p, sub
from engine.pptx.typefaces import font_attrs, written_name

__all__ = ["EMBED_MODES", "EmbedMode", "EmbeddedFace", "FontReport", "embed_fonts", "font_use"]

EmbedMode = Literal["none", "subset", "full"]
EMBED_MODES: tuple[EmbedMode, ...] = ("none", "subset", "full")
Slot = Literal["regular", "bold", "italic", "boldItalic"]
_SLOTS: tuple[Slot, ...] = ("regular", "bold", "italic", "boldItalic")
# CT_Presentation children that come before p:embeddedFontLst (schema order).
_BEFORE: tuple[str, ...] = (
    "sldMasterIdLst",
    "notesMasterIdLst",
    "handoutMasterIdLst",
    "sldIdLst",
    "sldSz",
    "notesSz",
    "smartTags",
)


@dataclass(frozen=True)
class EmbeddedFace:
    """One embedded font part."""

    typeface: str
    slot: Slot
    bytes: int  # the .fntdata part's size (before the package's zip compression)
    subset: bool
    characters: int  # distinct characters the deck draws with it


@dataclass
class FontReport:
    """What embedding did for one deck: faces embedded, faces left out (typeface -> reason)."""

    mode: EmbedMode
    embedded: list[EmbeddedFace] = field(default_factory=list)
    refused: dict[str, str] = field(default_factory=dict)

    @property
    def bytes_added(self) -> int:
        return sum(face.bytes for face in self.embedded)

    def to_dict(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "bytesAdded": self.bytes_added,
            "embedded": [
                {
                    "typeface": f.typeface,
                    "style": f.slot,
                    "bytes": f.bytes,
                    "subset": f.subset,
                    "characters": f.characters,
                }
                for f in self.embedded
            ],
            "notEmbedded": [{"typeface": k, "reason": v} for k, v in sorted(self.refused.items())],
        }


def _text_bodies(value: Any) -> Iterator[Mapping[str, Any]]:
    """Every mapping holding "paragraphs" in a slide model (shapes, table cells, groups)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Mapping):
            if isinstance(item.get("paragraphs"), list):
                yield item
            stack.extend(v for v in item.values() if isinstance(v, Mapping | list))
        elif isinstance(item, list):
            stack.extend(v for v in item if isinstance(v, Mapping | list))


Style = tuple[bool, bool]  # (bold, italic) as the runs ask for it


def font_use(deck: Mapping[str, Any]) -> dict[str, dict[Style, set[str]]]:
    """Measured family -> (bold, italic) -> characters drawn, over every run and bullet."""
    uses: dict[str, dict[Style, set[str]]] = {}

    def add(family: Any, style: Style, text: str) -> None:
        if isinstance(family, str) and family.strip() and text:
            uses.setdefault(family.strip(), {}).setdefault(style, set()).update(text)

    for body in _text_bodies(deck.get("slides")):
        for para in body["paragraphs"]:
            if not isinstance(para, Mapping):
                continue
            bullet = para.get("bullet")
            if isinstance(bullet, Mapping) and isinstance(bullet.get("char"), str):
                add(bullet.get("font"), (False, False), bullet["char"])
            for run in para.get("runs") or ():
                if not isinstance(run, Mapping):
                    continue
                text = str(run.get("text") or "")
                style = (bool(run.get("bold")), bool(run.get("italic")))
                for key in ("font", "ea_font", "cs_font"):
                    add(run.get(key), style, text)
    return uses


@dataclass(frozen=True)
class _Face:
    path: str
    index: int
    slot: Slot
    rename: str = ""  # an @font-face face: the family its embedded copy is named by


def _face(family: str, style: Style) -> _Face | None:
    """The font file the layout measured `family` in `style` with, in the slot of the file's own
    style (a bold run of a family without a bold face: the regular face, which PowerPoint
    emboldens as Chromium did); None when fontconfig has no face whose family is `family`."""
    from engine.fonts.measure import font_file

    bold, italic = style
    web = web_face_file(family, bold, italic)  # a page's @font-face face, named `family`
    if web is not None:
        found = web_face_source(web)
        if found is None:
            return None
        slot = _SLOTS[(1 if found.weight_class >= 600 else 0) + (2 if found.italic else 0)]
        return _Face(web.path, web.index, slot, web.family)
    fc = resolve.fc_match(family, 700 if bold else 400, "italic" if italic else "normal")
    if fc is None:
        return None
    source = font_file(fc)
    if source is None or source.family_name.lower() != family.lower():
        return None
    own_bold, own_italic = source.weight_class >= 600, source.italic
    slot = _SLOTS[(1 if own_bold else 0) + (2 if own_italic else 0)]
    return _Face(fc.path, fc.index, slot)


def _embeddable(deck: Mapping[str, Any]) -> dict[str, dict[_Face, set[str]]]:
    """Typefaces to embed (measured family, not an Office font) -> faces -> characters."""
    out: dict[str, dict[_Face, set[str]]] = {}
    for family, styles in font_use(deck).items():
        if office.is_office_font(written_name(family)):
            continue
        faces: dict[_Face, set[str]] = {}
        for style, chars in sorted(styles.items()):
            face = _face(family, style)
            if face is not None:
                faces.setdefault(face, set()).update(chars)
        out[family] = faces
    return out


def embed_fonts(
    package: Package,
    presentation: XmlPart,
    deck: Mapping[str, Any],
    mode: EmbedMode,
    max_bytes: int,
) -> FontReport:
    """Embed the deck's non-Office typefaces into `package`, related from its `presentation`
    part (mode `subset` or `full`; `none` embeds nothing). At most `max_bytes` of font parts
    are added: faces past that are reported."""
    report = FontReport(mode)
    if mode == "none":
        return report
    wanted = _embeddable(deck)
    entries: list[tuple[str, dict[Slot, str]]] = []
    present = presentation.element.find(p("embeddedFontLst"))  # a template's own embedded fonts
    listed = (
        {e[0].get("typeface", "").lower() for e in present if len(e)}
        if present is not None
        else set()
    )
    for family in sorted(wanted, key=str.lower):
        if family.lower() in listed:
            continue
        faces = wanted[family]
        if not faces:
            report.refused[family] = (
                "the built-in metrics were used"
                if builtin_active()
                else "no font file of this family is installed"
            )
            continue
        slots: dict[Slot, str] = {}
        for face in sorted(faces, key=lambda f: _SLOTS.index(f.slot)):
            if face.slot in slots:
                continue
            chars = "".join(sorted(faces[face]))
            try:
                prepared = font_for_embedding(
                    face.path, face.index, chars, mode, family=face.rename
                )
            except EmbedRefused as exc:
                report.refused[family] = str(exc)
                break
            except Exception as exc:  # noqa: BLE001 - a broken font file: not embedded
                report.refused[family] = f"its font file could not be read ({type(exc).__name__})"
                break
            charset = int(font_attrs(family).get("charset", "1")) & 0xFF
            data = to_eot(prepared.data, family=family, charset=charset, subset=prepared.subset)
            if report.bytes_added + len(data) > max_bytes:
                report.refused[family] = f"the deck's embedded fonts would exceed {max_bytes} bytes"
                break
            partname = package.next_partname("/ppt/fonts/font%d.fntdata")
            part = Part(partname, CT.FONTDATA, data)
            slots[face.slot] = presentation.relate_to(part, RT.FONT)
            report.embedded.append(
                EmbeddedFace(family, face.slot, len(data), prepared.subset, len(faces[face]))
            )
        if slots:
            entries.append((family, slots))
    if entries:
        _write_list(presentation.element, entries, mode)
    return report


def _write_list(
    presentation: Element, entries: list[tuple[str, dict[Slot, str]]], mode: str
) -> None:
    """p:embeddedFontLst in schema order (a template's own list is extended), and the
    presentation's embedding flags."""
    lst = presentation.find(p("embeddedFontLst"))
    if lst is None:
        lst = presentation.makeelement(p("embeddedFontLst"), {})
        anchor = None
        for child in presentation:
            if child.tag in {p(name) for name in _BEFORE}:
                anchor = child
        if anchor is None:
            presentation.insert(0, lst)
        else:
            anchor.addnext(lst)
    listed = {e[0].get("typeface", "").lower() for e in lst if len(e)}
    for family, slots in entries:
        if family.lower() in listed:  # PowerPoint requires each typeface once
            continue
        entry = sub(lst, p("embeddedFont"))
        sub(entry, p("font"), font_attrs(family))
        for slot in _SLOTS:
            if slot in slots:
                sub(entry, p(slot), {R_ID: slots[slot]})
    presentation.set("embedTrueTypeFonts", "1")
    if mode == "subset":
        presentation.set("saveSubsetFonts", "1")
    elif "saveSubsetFonts" in presentation.attrib:
        del presentation.attrib["saveSubsetFonts"]
