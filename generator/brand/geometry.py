"""Where each piece of a generated slide goes on a template's layout: slots (title, subtitle,
body, left/right columns and their headers, picture) with their boxes and text styles, each
filled into the layout's placeholder when it has one, else drawn by the engine in that box."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from generator.brand.mapping import LayoutMap, SlideKind
from generator.brand.reader import LayoutInfo, PlaceholderBox, PptxTemplate, TextStyle

SlotName = Literal["title", "subtitle", "body", "left", "right", "lhead", "rhead", "image"]
Box = tuple[float, float, float, float]
FIT_REGION: dict[str, str] = {
    "title": "title",
    "subtitle": "subtitle",
    "body": "body",
    "left": "body",
    "right": "body2",
    "lhead": "body3",
    "rhead": "body4",
    "image": "image",
}


@dataclass(frozen=True)
class Slot:
    name: SlotName
    box: Box  # where it is; a placeholder whose box differs gets this geometry of its own
    style: TextStyle
    ph: PlaceholderBox | None  # the placeholder it fills; None: the engine draws it

    @property
    def own_box(self) -> Box | None:
        """The box to write on the slide's placeholder (None: inherited from the layout)."""
        if self.ph is None or all(
            abs(a - b) < 0.5 for a, b in zip(self.box, _box(self.ph), strict=True)
        ):
            return None
        return self.box


@dataclass
class SlideGeometry:
    kind: SlideKind
    layout: LayoutInfo | None
    slots: dict[str, Slot] = field(default_factory=dict)
    footer: PlaceholderBox | None = None  # the layout's slide number placeholder


def _box(ph: PlaceholderBox) -> Box:
    return (ph.x, ph.y, ph.w, ph.h)


def default_style(template: PptxTemplate, title: bool) -> TextStyle:
    """The text style of a slot no placeholder provides (the content layout's, or Office's)."""
    return TextStyle(
        sizes_pt=(36.0, 36.0, 36.0) if title else (24.0, 20.0, 18.0),
        color=template.theme.colors["dk1"],
        bold=False,
        align="l",
        anchor="ctr" if title else "t",
        font="major" if title else "minor",
        bullets=("", "", "") if title else ("•", "–", "•"),
        line_pct=1.0,
    )


class GeometryBuilder:
    """Builds the geometry of every slide kind of one template."""

    def __init__(self, template: PptxTemplate, layouts: LayoutMap) -> None:
        self.template = template
        self.layouts = layouts
        w, h = template.width, template.height
        margin = w * 0.06
        self.title_box: Box = (margin, h * 0.05, w - 2 * margin, h * 0.15)
        self.body_box: Box = (margin, h * 0.24, w - 2 * margin, h * 0.68)
        content = layouts.get("content")
        self.title_style = (
            content.title.style
            if content is not None and content.title is not None
            else default_style(template, True)
        )
        bodies = content.contents if content is not None else []
        self.body_style = bodies[0].style if bodies else default_style(template, False)

    def build(self, kind: SlideKind) -> SlideGeometry:
        layout = self.layouts.get(kind)
        geo = SlideGeometry(kind, layout)
        if layout is not None:
            numbers = layout.of("sldNum")
            geo.footer = numbers[0] if numbers else None
        if kind == "blank":
            return geo
        title = layout.title if layout is not None else None
        geo.slots["title"] = self._slot("title", title, self.title_box, self.title_style)
        contents = layout.contents if layout is not None else []
        if kind in ("cover", "closing", "section"):
            # a section header's text placeholder (type body) holds the divider's subtitle
            subs = (layout.of("subTitle") if layout is not None else []) or contents[:1]
            t = geo.slots["title"].box
            below = (t[0], t[1] + t[3] + 12, t[2], max(60.0, self.template.height * 0.15))
            geo.slots["subtitle"] = self._slot(
                "subtitle", subs[0] if subs else None, below, self.body_style
            )
        elif kind == "picture":
            self._picture(geo, layout, contents)
        elif kind in ("two_content", "comparison") and len(contents) >= 2:
            self._columns(geo, contents)
        elif kind in ("two_content", "comparison"):
            x, y, w, h = _box(contents[0]) if contents else self.body_box
            gap = w * 0.04
            half = (w - gap) / 2
            geo.slots["left"] = Slot("left", (x, y, half, h), self.body_style, None)
            geo.slots["right"] = Slot("right", (x + half + gap, y, half, h), self.body_style, None)
        else:
            geo.slots["body"] = self._slot(
                "body", contents[0] if contents else None, self.body_box, self.body_style
            )
        return geo

    def _picture(
        self, geo: SlideGeometry, layout: LayoutInfo | None, contents: list[PlaceholderBox]
    ) -> None:
        """The picture goes into the layout's largest picture placeholder and the text (or the
        picture's caption) into its largest body; a layout without a picture placeholder (the
        content layout as a fallback) shares its body area: text left, picture right, the body
        placeholder resized to the left part."""
        pics = sorted(layout.of("pic"), key=lambda ph: -ph.area) if layout is not None else []
        text = contents[0] if contents else None
        if pics:
            geo.slots["image"] = Slot("image", _box(pics[0]), self.body_style, pics[0])
            x, y, w, h = self.body_box
            geo.slots["body"] = self._slot("body", text, (x, y, w * 0.46, h), self.body_style)
            return
        x, y, w, h = _box(text) if text is not None else self.body_box
        gap = w * 0.04
        half = (w - gap) / 2
        bottom = max(y + h, self.body_box[1] + self.body_box[3])  # a short body: to the footer
        image_box = (x + half + gap, y, w - half - gap, bottom - y)
        geo.slots["image"] = Slot("image", image_box, self.body_style, None)
        style = text.style if text is not None else self.body_style
        geo.slots["body"] = Slot("body", (x, y, half, h), style, text)

    def _columns(self, geo: SlideGeometry, contents: list[PlaceholderBox]) -> None:
        if len(contents) >= 4:
            four = sorted(contents[:4], key=lambda c: c.h)
            heads = sorted(four[:2], key=lambda c: c.x)
            bodies = sorted(four[2:], key=lambda c: c.x)
            geo.slots["lhead"] = self._slot("lhead", heads[0], _box(heads[0]), heads[0].style)
            geo.slots["rhead"] = self._slot("rhead", heads[1], _box(heads[1]), heads[1].style)
        else:
            bodies = sorted(contents[:2], key=lambda c: c.x)
        geo.slots["left"] = self._slot("left", bodies[0], _box(bodies[0]), bodies[0].style)
        geo.slots["right"] = self._slot("right", bodies[1], _box(bodies[1]), bodies[1].style)

    @staticmethod
    def _slot(name: SlotName, ph: PlaceholderBox | None, fallback: Box, style: TextStyle) -> Slot:
        if ph is None:
            return Slot(name, fallback, style, None)
        return Slot(name, _box(ph), ph.style, ph)


def slide_kind(page_kind: str, page: dict[str, Any], layouts: LayoutMap) -> SlideKind:
    """The slide kind of a planned page (its page_context dict) on this template."""
    if page_kind == "cover":
        return "cover"
    if page_kind == "divider":
        return "section"
    if page_kind == "closing":
        return "closing"
    if page_kind == "contents":
        return "content"
    sections = page.get("sections") or []
    if page.get("layout") in ("columns", "cards") and len(sections) == 2:
        titled = all(s.get("title") for s in sections)
        if titled and layouts.chosen_by.get("comparison") != "fallback":
            return "comparison"
        return "two_content"
    if page.get("layout") in ("image-text", "image-full") and page.get("image"):
        return "picture"
    return "content"
