"""Theme references in slides written onto a template: an `a:srgbClr` whose colour is one of
the theme's becomes `a:schemeClr` (its alpha and other modifiers kept), a typeface equal to a
theme font becomes the theme font token (`+mj-lt`, `+mn-lt`, `+mj-ea`, `+mn-ea`, ...), so
that PowerPoint's Design > Variants and theme switching restyle the generated content too."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.pptx.oxml import a

# Which slot wins when two theme slots share a colour: accents first, then text/background.
SLOT_ORDER = (
    "accent1",
    "accent2",
    "accent3",
    "accent4",
    "accent5",
    "accent6",
    "dk1",
    "lt1",
    "dk2",
    "lt2",
    "hlink",
    "folHlink",
)
_FONT_TAGS = {a("latin"): "lt", a("ea"): "ea", a("cs"): "cs"}


@dataclass(frozen=True)
class ThemeRefs:
    """colours: theme slot -> RRGGBB; fonts: {"major"|"minor": {"latin"|"ea"|"cs": typeface}}."""

    colors: Mapping[str, str] = field(default_factory=dict)
    fonts: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    aliases: Mapping[str, str] = field(default_factory=dict)  # typeface -> token (stand-ins)

    def color_slots(self) -> dict[str, str]:
        """RRGGBB -> the slot it is written as."""
        out: dict[str, str] = {}
        for slot in SLOT_ORDER:
            value = str(self.colors.get(slot, "")).upper()
            if value and value not in out:
                out[value] = slot
        return out

    def font_tokens(self) -> dict[tuple[str, str], str]:
        """(script tag suffix, typeface casefolded) -> token; the major font wins a tie."""
        out: dict[tuple[str, str], str] = {}
        for role, prefix in (("major", "+mj"), ("minor", "+mn")):
            faces = self.fonts.get(role, {})
            for script, suffix in (("latin", "lt"), ("ea", "ea"), ("cs", "cs")):
                face = str(faces.get(script, "")).strip()
                if face and (suffix, face.casefold()) not in out:
                    out[(suffix, face.casefold())] = f"{prefix}-{suffix}"
        return out


def _token(tokens: dict[tuple[str, str], str], suffix: str, face: str) -> str | None:
    """The theme token of a typeface: the same name, or a metric-compatible one (Liberation
    Serif = Times New Roman, Carlito = Calibri: what the engine writes for them)."""
    from engine.fonts.resolve import equivalent_family

    found = tokens.get((suffix, face.casefold()))
    if found is not None:
        return found
    for (script, theme_face), token in tokens.items():
        if script == suffix and equivalent_family(theme_face, face):
            return token
    return None


def apply_theme_refs(root: Any, refs: ThemeRefs) -> int:
    """Rewrite colours and typefaces under `root` in place; returns how many were rewritten."""
    slots = refs.color_slots()
    tokens = refs.font_tokens()
    changed = 0
    if slots:
        for el in list(root.iter(a("srgbClr"))):
            slot = slots.get(str(el.get("val", "")).upper())
            if slot is None:
                continue
            el.tag = a("schemeClr")
            el.set("val", slot)
            changed += 1
    if tokens or refs.aliases:
        for tag, suffix in _FONT_TAGS.items():
            for el in root.iter(tag):
                face = str(el.get("typeface", ""))
                token = _token(tokens, suffix, face) or refs.aliases.get(face)
                if token is not None:
                    el.set("typeface", token)
                    for attr in ("panose", "pitchFamily", "charset"):
                        el.attrib.pop(attr, None)
                    changed += 1
    return changed
