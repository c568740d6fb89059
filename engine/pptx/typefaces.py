"""Typeface names a deck writes (measured face family -> the name a PowerPoint user has + its hints).

The slide model names the face the layout measured each run with (the family of its font file:
"Liberation Sans", "Carlito", "Noto Sans CJK SC"). The deck names the font a PowerPoint user
has instead when that face is a metric-compatible twin of an Office font (engine.fonts.office:
Liberation Sans -> Arial, Carlito -> Calibri ...), and keeps the face's own name otherwise (such
faces are embedded, see engine/pptx/fontembed.py). Every a:latin / a:ea / a:cs / a:buFont also
carries panose, pitchFamily and charset read from the measured face's file, so a viewer that
lacks the font picks a predictable substitute. The theme's per-script fonts are Office fonts.
"""

from __future__ import annotations

from functools import lru_cache

from engine.fonts import builtin_active, office, resolve
from engine.fonts.fontsets import measured_with
from engine.fonts.webfonts import web_face_file
from engine.pptx.oxml import Element, a, clean_text, sub

__all__ = ["font_attrs", "add_typeface", "written_name", "face_path", "set_theme_fonts"]


def written_name(family: str) -> str:
    """The typeface a deck names for a face measured as `family`."""
    return office.office_name(family) or family.strip()


def face_path(family: str) -> tuple[str, int] | None:
    """(file, face index) of the regular face the layout measured `family` with: a page's
    @font-face face, else fontconfig's, or None (no fontconfig, built-in metrics, not
    installed)."""
    web = web_face_file(family.strip(), False, False)
    if web is not None:
        return (web.path, web.index)
    return _installed_face_path(family)


@lru_cache(maxsize=1024)
def _installed_face_path(family: str) -> tuple[str, int] | None:
    if builtin_active() or not resolve.available():
        return None
    font = resolve.fc_match(family.strip(), 400, "normal")
    return (font.path, font.index) if font is not None else None


@lru_cache(maxsize=1024)
def _attrs(family: str, builtin: bool, web: str) -> tuple[tuple[str, str], ...]:
    out = [("typeface", clean_text(written_name(family)))]
    where = None if builtin else face_path(family)
    own = where is not None
    if where is None and not builtin:
        # an Office family the office font set measured with a stand-in (Segoe UI, Consolas,
        # Microsoft YaHei): the stand-in's pitch, family and charset are those of its kind
        where = face_path(measured_with(family))
    if where is not None:
        try:
            hints = office.typeface_hints(
                where[0], where[1], family if own else measured_with(family)
            )
        except Exception:  # noqa: BLE001 - an unreadable file: the name alone
            hints = None
        if hints is not None:
            if hints.panose and own:  # a stand-in's PANOSE describes another design
                out.append(("panose", hints.panose))
            out.append(("pitchFamily", str(hints.pitch_family)))
            out.append(("charset", hints.charset_xml))
    return tuple(out)


def font_attrs(family: str) -> dict[str, str]:
    """CT_TextFont attributes (typeface, panose, pitchFamily, charset, in schema order)."""
    web = web_face_file(family.strip(), False, False)  # a page's @font-face face
    return dict(_attrs(family, builtin_active(), web.digest if web is not None else ""))


def add_typeface(parent: Element, tag: str, family: str) -> Element:
    """Append a:latin / a:ea / a:cs / a:buFont (`tag`, a Clark name) naming `family` as written."""
    return sub(parent, tag, font_attrs(family))


def set_theme_fonts(theme: Element) -> None:
    """The theme's font scheme (a:fontScheme): every per-script font an Office font, so a theme
    names nothing a PowerPoint user lacks (the major/minor latin, ea and cs entries are kept)."""
    scheme = theme.find(f".//{a('fontScheme')}")
    if scheme is None:
        return
    for group in (scheme.find(a("majorFont")), scheme.find(a("minorFont"))):
        if group is None:
            continue
        for font in group.findall(a("font")):
            script = font.get("script", "")
            current = font.get("typeface", "")
            if current and office.is_office_font(current):
                continue
            replacement = office.THEME_SCRIPT_FONTS.get(script)
            if replacement is None:
                group.remove(font)
            else:
                font.set("typeface", replacement)
        for tag in ("latin", "ea", "cs"):
            slot = group.find(a(tag))
            name = slot.get("typeface", "") if slot is not None else ""
            if slot is not None and name and not office.is_office_font(name):
                slot.set("typeface", written_name(name))
