"""Type that grows to fill a slide holding little: a slide whose content takes less than SPARSE
of its body is laid out again with larger type (up to GROW times, the template's cap and the
page's longest word); the slides of one page grow by one common factor when they all hold
little, and one holding less than LONE_FILL grows on its own when the others are full (a
mixin of the planner: its type cap, `measure` and whether it only counts a plan)."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from generator.estimate import Calibration, blocks_height
from generator.fit import Measure
from generator.pages import FLOWING, PlannedPage, picture_room_for, room_of
from generator.picroom import picture_room, room_picture, side_room
from generator.predict import FILL, GROW, SPARSE
from generator.reshape import Fitted, Later, later, settled
from generator.screenshots import SPLIT_MEDIA, beside_share
from generator.slides import word_cap

LONE_FILL = 0.55  # a continuation slide filled less than this share grows on its own
SCALED_SLACK = 1.15  # a layout at larger type, scaled down to the base size, may read this much
# short of the base layout's height (spacing set in px does not scale with the type)


def pictures_only(page: PlannedPage) -> bool:
    """A slide whose body is pictures alone (a screenshot, a diagram): no text to set."""
    return bool(page.blocks) and all(b.type == "image" and b.kind != "formula" for b in page.blocks)


class Growing:
    """Larger type for slides holding little (a mixin of the planner)."""

    body_cap: float
    counting: bool
    frame: tuple[float, float] | None
    calibration: Calibration

    if TYPE_CHECKING:

        def code_size(self, body: float) -> float: ...

        def learn(self, page: PlannedPage, m: Measure) -> None: ...

        def measure(
            self, page: PlannedPage, lang: str | None = None
        ) -> tuple[str, Measure | None]: ...

    def grown_slide(self, page: PlannedPage, html: str, m: Measure) -> Fitted:
        """`grown`: one slide either way, laid out again only when read in a plan only counted."""
        if self.counting:
            return later(page, lambda: self.grown(page, html, m))
        return self.grown(page, html, m)

    def grown(self, page: PlannedPage, html: str, m: Measure) -> Fitted:
        """The slide, laid out again with larger type when its content takes little room."""
        if page.kind != "content" or m.frame is None or m.stack is None or m.used <= 0:
            return Fitted(page, html, m.laid)
        pictured = self.pictured(page, m)
        if pictured is not None:
            return pictured
        room, used = m.room, m.used
        if used >= SPARSE * room or not m.body_fits:
            return Fitted(page, html, m.laid)
        factor = min(GROW, math.sqrt(FILL * room / used))
        cap = min(self.body_cap, word_cap(page, m.frame.width))
        size = float(math.floor(min(cap, page.body_size * factor)))
        if size < page.body_size + 2:
            return Fitted(page, html, m.laid)
        bigger = replace(page, body_size=size)
        html2, m2 = self.measure(bigger)
        if m2 is not None and m2.body_fits and m2.title_fits:
            return Fitted(bigger, html2, m2.laid)
        return Fitted(page, html, m.laid)

    def grown_at_once(self, page: PlannedPage) -> Fitted | None:
        """A text page the estimate puts so sparse that `grown` would take it to its largest
        type (the cap, the longest word, GROW times the base size, whatever its exact
        height): laid out at that size at once. Its own layout confirms it (it fits; scaled
        down to the base size, with SCALED_SLACK, it takes little enough room that `grown`
        would pick this size), else None: the page is laid out at its size and grown as any
        slide."""
        top = self._surely_grown_to(page)
        if top is None:
            return None
        base = page.body_size
        most = FILL * (base / top) ** 2 / SCALED_SLACK
        bigger = replace(page, body_size=top)
        html, m = self.measure(bigger)
        if m is None or m.frame is None or m.stack is None or not (m.body_fits and m.title_fits):
            return None
        if math.floor(min(self.body_cap, word_cap(page, m.frame.width), base * GROW)) != top:
            return None
        if not 0 < m.used * base / top <= most * m.room:
            return None
        self.learn(bigger, m)
        return Fitted(bigger, html, m.laid)

    def _surely_grown_to(self, page: PlannedPage) -> float | None:
        """The largest size `grown_at_once` lays a page out at, when its estimate says it
        would surely grow to it: a text page (code beside prose, cards; a flowing page
        only before the estimate is calibrated: once it is, its size is predicted,
        generator.predict) once the body's frame is known. None for any other page."""
        if page.kind != "content" or self.frame is None:
            return None
        blocks = page.blocks + [b for s in page.sections for b in s.blocks]
        if not blocks or any(b.type == "image" for b in blocks):
            return None
        width, room = self.frame
        base = page.body_size
        top = float(math.floor(min(self.body_cap, word_cap(page, width), base * GROW)))
        if top < base + 2:
            return None
        code = self.code_size(base)
        # cards side by side: each as tall as all of them across the body, roughly
        estimate = self.calibration.height(blocks, base, width, code)
        if estimate is not None and page.layout in FLOWING:
            return None
        if estimate is None and page.sections:
            return None
        if estimate is None:  # nothing measured yet: the plain estimate
            estimate = blocks_height(blocks, base, width, code)
        most = FILL * (base / top) ** 2 / SCALED_SLACK  # of the body's height, at the base size
        return top if estimate <= most * room else None

    def pictured(self, page: PlannedPage, m: Measure) -> Fitted | None:
        """The slide laid out again with its picture taking the body's spare height
        (generator.picroom), or None when it would not grow or no longer fit."""
        if page.kind != "content" or page.sections or room_of(page) is not None:
            return None
        side = side_room(page.blocks, m, page.body_size) if page.layout == "image-full" else 0
        tries = [replace(page, picture=picture_room_for(page, side, True))] if side else []
        beside = page.layout == "image-text"
        picture = room_picture(page.blocks) if beside else None
        share = 1.0 if not beside else SPLIT_MEDIA if picture is None else beside_share(picture)
        room = picture_room(page.blocks, m, share)
        tries += [replace(page, picture=picture_room_for(page, room))] if room else []
        for roomier in tries:
            html, m2 = self.measure(roomier)
            if m2 is not None and m2.body_fits and m2.title_fits:
                return Fitted(roomier, html, m2.laid)
        return None

    def grown_together(self, slides: list[tuple[Fitted, Measure | None]]) -> list[Fitted]:
        """`grown_slides`; in a plan only counted, each slide is grown when first read
        (growing changes neither how many slides the page takes nor their sources): the
        slides of the page are grown together once, when the first of them is read."""
        if not self.counting:
            return self.grown_slides(slides)
        made: list[Fitted] = []

        def grown_at(i: int) -> Fitted:
            if not made:
                laid = [self._laid_now(f, m) for f, m in slides]
                made.extend(settled(f) for f in self.grown_slides(laid))
            return made[i]

        return [later(f.page, partial(grown_at, i)) for i, (f, _) in enumerate(slides)]

    def _laid_now(self, f: Fitted, m: Measure | None) -> tuple[Fitted, Measure | None]:
        """A slide not yet laid out (generator.surefit) laid out, with its measure: the
        layout made for it is measured again (the deck's layouts are shared)."""
        if m is not None or not isinstance(f, Later):
            return f, m
        made = settled(f)
        return made, self.measure(made.page)[1]

    def grown_slides(self, slides: list[tuple[Fitted, Measure | None]]) -> list[Fitted]:
        """Continuation slides that all take little room grow by one common factor (slides
        of one page keep one type size); when some are full, a slide holding less than
        LONE_FILL of its room (a closing paragraph after a page of code) grows on its own
        rather than sit small in an empty slide."""
        if len(slides) == 1 and slides[0][1] is not None:
            f, m = slides[0]
            return [self.grown(f.page, f.html, m)] if m is not None else [f]
        measured = [m for _, m in slides if m is not None and m.room > 0]
        content = all(f.page.kind == "content" for f, _ in slides)
        # a slide showing only a picture has no type to grow: its fill holds no text back
        fills = [
            m.used / m.room
            for f, m in slides
            if m is not None and m.room > 0 and not pictures_only(f.page)
        ]
        if not content or len(measured) != len(slides) or not fills:
            return [self._pictured_or(f, m) for f, m in slides]
        if not 0 < max(fills) < SPARSE:
            return [self._grown_alone(f, m) for f, m in slides]
        factor = min(GROW, math.sqrt(FILL / max(fills)))
        out = []
        for f, had in slides:
            size = float(math.floor(min(self.body_cap, f.page.body_size * factor)))
            if size < f.page.body_size + 2 or pictures_only(f.page):
                out.append(self._pictured_or(f, had))
                continue
            bigger = replace(f.page, body_size=size)
            html, m = self.measure(bigger)
            ok = m is not None and m.body_fits and m.title_fits
            out.append(Fitted(bigger, html, m.laid if m is not None else None) if ok else f)
        return out

    def _grown_alone(self, f: Fitted, m: Measure | None) -> Fitted:
        if m is None or m.room <= 0 or m.used >= LONE_FILL * m.room or pictures_only(f.page):
            return self._pictured_or(f, m)
        return self.grown(f.page, f.html, m)

    def _pictured_or(self, f: Fitted, m: Measure | None) -> Fitted:
        """`pictured`, else the slide as it is."""
        pictured = self.pictured(f.page, m) if m is not None else None
        return pictured if pictured is not None else f
