"""Slide layouts -> our slide kinds (cover, section, content, two_content, comparison, picture,
closing, blank), by placeholder structure and by layout name in several languages; settings may
name the layout of any kind (`{"layouts": {"cover": "表紙"}}`, a name or a 1-based index)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from generator.brand.reader import LayoutInfo
from generator.errors import GeneratorError, Problem
from generator.lazyre import lazy_compile

SlideKind = Literal[
    "cover", "section", "content", "two_content", "comparison", "picture", "closing", "blank"
]
KINDS: tuple[SlideKind, ...] = (
    "cover",
    "section",
    "content",
    "two_content",
    "comparison",
    "picture",
    "closing",
    "blank",
)
# Layout names PowerPoint gives its built-in layouts (and common custom ones), by language:
# en, de, fr, es, it, pt, nl, zh-Hans, zh-Hant, ja, ko, ru.
NAME_HINTS: dict[SlideKind, str] = {
    "cover": r"title slide|^title$|cover|titelfolie|diapositive de titre|diapositiva de t[ií]tulo|"
    r"slide de t[ií]tulo|titeldia|标题幻灯片|標題投影片|タイトル\s*スライド|表紙|封面|제목 슬라이드|титульный",
    "section": r"section|abschnitt|sezione|se[cç][cç][aã]o|secci[oó]n|sectie|节标题|節標題|章节|"
    r"セクション|구역|раздел|divider|chapter",
    "content": r"title and content|title,? (and )?text|titel und inhalt|titre et contenu|"
    r"t[ií]tulo y (objetos|contenido)|titolo e contenuto|标题和内容|標題及內容|タイトルとコンテンツ|"
    r"タイトルとテキスト|제목 및 내용|заголовок и объект",
    "two_content": r"two content|2 content|2-column|two column|zwei inhalte|deux contenus|"
    r"dos objetos|due contenuti|两栏内容|兩個內容|2 つのコンテンツ|콘텐츠 2개|два объекта",
    "comparison": r"comparison|vergleich|comparaison|comparaci[oó]n|confronto|compara[cç][aã]o|"
    r"比较|比較|비교|сравнение",
    "picture": r"picture|photo|image|bild|imagen|immagine|imagem|图片|圖片|図|그림|рисунок",
    "closing": r"closing|thank|\bend\b|ending|q ?& ?a|abschluss|\bfin\b|cierre|结束|結束|谢谢|結び|"
    r"ありがとう|終わり|마무리|감사|заключение",
    "blank": r"blank|leer|vide|en blanco|vuoto|空白|白紙|빈 화면|пустой",
}
VERTICAL_HINT = lazy_compile(r"vertical|縦書き|竖排|垂直|세로", re.I)


@dataclass
class LayoutMap:
    """kind -> layout (None: no layout fits, our own drawing is used) and the warnings."""

    layouts: dict[str, LayoutInfo | None]
    warnings: list[str] = field(default_factory=list)
    chosen_by: dict[str, str] = field(
        default_factory=dict
    )  # kind -> "settings" | "auto" | "fallback"

    def get(self, kind: str) -> LayoutInfo | None:
        return self.layouts.get(kind)

    def to_dict(self) -> dict[str, Any]:
        return {
            kind: (
                {"layout": layout.name, "index": layout.index, "by": self.chosen_by.get(kind, "")}
                if layout is not None
                else None
            )
            for kind, layout in self.layouts.items()
        }


def _hint(kind: SlideKind, name: str) -> bool:
    return re.search(NAME_HINTS[kind], name, re.I) is not None


def score(kind: SlideKind, layout: LayoutInfo, width: float) -> float:
    """How well a layout fits a kind (0: not at all). Structure first, the name breaks ties
    and decides where the structure is ambiguous (cover vs section vs closing)."""
    if any(ph.vertical for ph in layout.placeholders) or VERTICAL_HINT.search(layout.name):
        return 0.0
    title = layout.title
    contents = layout.contents
    subs = layout.of("subTitle")
    pics = layout.of("pic")
    named = 3.0 if _hint(kind, layout.name) else 0.0
    big = [c for c in contents if c.w >= width * 0.3]
    if kind == "cover":
        base = 6.0 if layout.of("ctrTitle") else (4.0 if title and subs else 0.0)
        return base + named if base or named and title else 0.0
    if kind == "section":
        if title is None or pics or len(contents) > 1:
            return 0.0
        return (2.0 if contents and contents[0].h < title.h * 2.5 else 1.0) + named * 1.5
    if kind == "content":
        if title is None or len(big) != 1 or pics or subs:
            return 0.0
        return 5.0 + named - 0.5 * (len(contents) - 1)
    if kind == "two_content":
        if title is None or len(contents) != 2 or pics:
            return 0.0
        left, right = sorted(contents, key=lambda c: c.x)
        side = right.x >= left.x + left.w * 0.8
        return (5.0 if side else 0.0) + named if side else 0.0
    if kind == "comparison":
        if title is None or len(contents) != 4 or pics:
            return 0.0
        return 5.0 + named
    if kind == "picture":
        return (5.0 + named) if pics and title is not None else 0.0
    if kind == "closing":
        if not named or pics:
            return 0.0
        return named + (2.0 if title else 0.0)
    if kind == "blank":
        text = [ph for ph in layout.placeholders if ph.type not in ("dt", "ftr", "sldNum", "hdr")]
        return (3.0 + named) if not text else (1.0 if len(text) == 1 and title else 0.0)
    return 0.0


FALLBACKS: dict[SlideKind, tuple[SlideKind, ...]] = {
    "cover": ("section",),
    "section": ("cover",),
    "content": ("two_content",),
    "two_content": ("comparison", "content"),
    "comparison": ("two_content", "content"),
    "picture": ("content",),
    "closing": ("cover", "section"),
    "blank": (),
}


def map_layouts(
    layouts: list[LayoutInfo], width: float, overrides: Mapping[str, Any] | None = None
) -> LayoutMap:
    """Pick a layout for every kind: settings first, then the best scoring layout (the first
    master's win ties), then a related kind's, then the title-only layout; a kind left without
    any layout is named in a warning (its slides are drawn by the generator on a blank slide)."""
    result = LayoutMap({})
    for kind, wanted in (overrides or {}).items():
        if kind not in KINDS:
            raise GeneratorError(
                "bad template settings",
                [Problem(f"settings.layouts.{kind}", f"unknown kind; one of {', '.join(KINDS)}")],
            )
        result.layouts[kind] = _find(layouts, wanted, kind)
        result.chosen_by[kind] = "settings"
    for kind in KINDS:
        if kind in result.layouts:
            continue
        ranked = sorted(
            ((score(kind, lay, width), -lay.master, -lay.index, lay) for lay in layouts),
            key=lambda t: t[:3],
            reverse=True,
        )
        if ranked and ranked[0][0] > 0:
            result.layouts[kind] = ranked[0][3]
            result.chosen_by[kind] = "auto"
    missing = []
    for kind in KINDS:
        if result.layouts.get(kind) is not None:
            continue
        fallback = next(
            (result.layouts[k] for k in FALLBACKS[kind] if result.layouts.get(k) is not None), None
        )
        if fallback is None:
            fallback = _title_only(layouts) if kind != "blank" else None
        result.layouts[kind] = fallback
        result.chosen_by[kind] = "fallback"
        missing.append(kind)
    if missing:
        result.warnings.append(
            "no layout found for: "
            + ", ".join(missing)
            + "; those slides use "
            + ", ".join(
                f"{k} -> {result.layouts[k].name if result.layouts[k] else 'a blank slide drawn by deckforge'}"  # type: ignore[union-attr]
                for k in missing
            )
        )
    return result


def _title_only(layouts: list[LayoutInfo]) -> LayoutInfo | None:
    titled = [lay for lay in layouts if lay.title is not None and not lay.of("pic")]
    return min(titled, key=lambda lay: (len(lay.contents), lay.master, lay.index), default=None)


def _find(layouts: list[LayoutInfo], wanted: Any, kind: str) -> LayoutInfo:
    field = f"settings.layouts.{kind}"
    if isinstance(wanted, int) and not isinstance(wanted, bool):
        if 1 <= wanted <= len(layouts):
            return layouts[wanted - 1]
        raise GeneratorError(
            "bad template settings", [Problem(field, f"no layout number {wanted}")]
        )
    if isinstance(wanted, str):
        for layout in layouts:
            if layout.name == wanted or layout.name.casefold() == wanted.casefold():
                return layout
        names = ", ".join(repr(lay.name) for lay in layouts[:20])
        raise GeneratorError(
            "bad template settings",
            [Problem(field, f"no layout named {wanted[:60]!r} (layouts: {names})"[:300])],
        )
    raise GeneratorError(
        "bad template settings", [Problem(field, "must be a layout name or a 1-based number")]
    )
