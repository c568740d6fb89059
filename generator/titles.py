"""Titles that fit their regions: the size their measured overflow suggests, stepped down within
the template's title sizes, then shortened (what is cut is listed as left out)."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from generator.fit import TITLE_REGIONS, Measure
from generator.fit import measure as measured
from generator.jointitle import JoinTitling
from generator.kickers import surely_fits
from generator.leftout import LeftOut
from generator.model import Span, plain
from generator.oneline import clause_prefixes, first_names, heading_lines
from generator.pages import PlannedPage, source_chapters
from generator.partnames import parts_on_slides, slide_parts_title, title_parts
from generator.pieces import Piece, shorten
from generator.reshape import Fitted, settled

MAX_SHRINK = 12


class TitleFitting(JoinTitling):
    """The title half of the planner (a mixin: `measure`, the title sizes and `left_out` are
    the planner's)."""

    title_max: float
    body_min: float
    title_min: float
    left_out: list[LeftOut]

    if TYPE_CHECKING:

        def measure(
            self, page: PlannedPage, lang: str | None = None
        ) -> tuple[str, Measure | None]: ...

        def page_lang(self, page: PlannedPage) -> str: ...

        def relaid(self, page: PlannedPage) -> Fitted: ...

        def joined_fit(self, page: PlannedPage, floor: float) -> Fitted | None: ...

    def titled(self, page: PlannedPage) -> tuple[PlannedPage, str, Measure | None]:
        """The page with titles that fit, its HTML and measure. The titles are fitted on a copy
        without body content; when the page itself still overflows a title region (a template
        whose title room depends on the content), they are fitted on the page itself."""
        kept = len(self.left_out)
        fitted = self.with_fitted_titles(page)
        html, m = self.measure(fitted)
        if m is not None and not m.title_fits:
            del self.left_out[kept:]
            fitted = self.with_fitted_titles(page, bare=False)
            html, m = self.measure(fitted)
        return fitted, html, m

    def with_fitted_titles(self, page: PlannedPage, bare: bool = True) -> PlannedPage:
        """The page with the title size and texts that fit, found on a copy without body content
        (title regions seldom depend on it, and the copy lays out fast) in the page's language
        (a template may style titles by language), or on the page itself."""
        lang = self.page_lang(page)
        trial = page
        if bare:
            trial = replace(
                page, blocks=[], sections=[], entries=page.entries[:1], layout="bullets"
            )
        titled = self.fit_titles(trial, lang)
        if titled.title != page.title or titled.subtitle != page.subtitle:
            lost = " ".join(t for t in (page.title, page.subtitle) if t)
            self.left_out.append(
                LeftOut(page.source or page.kind, "title", "title shortened to fit", lost[:120], 0)
            )
        return replace(
            page, title=titled.title, subtitle=titled.subtitle, title_size=titled.title_size
        )

    def placed_kicker(self, page: PlannedPage) -> PlannedPage:
        """`kicker_and_title` without the measure."""
        return self.kicker_and_title(page)[0]

    def kicker_and_title(self, page: PlannedPage) -> tuple[PlannedPage, Measure | None]:
        """A content page's kicker before its title while the heading reads in one line at
        the template's title size with it; else on a line of its own above the title (an
        eyebrow) when both fit the title region at that size; else dropped when the title
        alone fits there (a kicker never makes the title wrap, nor its type smaller). A
        kicker its chapter shows above the titles already (generator.kickers) stays there
        while it fits. With the measure of the page without its body at that size (None
        when not measured)."""
        if page.kind != "content" or not page.subtitle:
            return page, None
        if not page.eyebrow and surely_fits(page.subtitle, page.title):
            return page, None
        bare = _bare(replace(page, title_size=self.title_max))
        if not page.eyebrow:
            _, m = self.measure(bare)
            if m is None or (m.title_fits and heading_lines(bare, m) <= 1):
                return page, m
        _, m = self.measure(replace(bare, eyebrow=True))
        if m is None or m.title_fits:
            return replace(page, eyebrow=True), m
        _, alone = self.measure(replace(bare, subtitle="", eyebrow=False))
        if alone is not None and alone.title_fits:
            return replace(page, subtitle="", eyebrow=False), alone
        return page, None

    def one_line_title(self, page: PlannedPage, known: Measure | None = None) -> PlannedPage:
        """A content page whose heading takes more than one line at the template's
        title size titled by its longest leading clause that fits one line with a counter
        (generator.oneline), the full heading opening its notes; else the page as it is.
        `known`: the measure of the page without its body, if taken; a heading short enough
        to read in one line whatever its letters (generator.kickers.surely_fits) is not laid
        out to know."""
        if page.kind != "content" or not page.title or title_parts(page.title):
            return page
        heads = clause_prefixes(page.title)
        if not heads:  # nothing to shorten it to: not laid out for it
            return page
        if known is None and surely_fits("", page.title):  # one line surely: not laid out
            return page
        bare = _bare(page)
        m = known if known is not None else self.measure(bare)[1]
        if m is None or heading_lines(bare, m) <= 1:
            return page
        for head in heads:
            _, m = self.measure(replace(bare, title=head, parts=2))
            if m is not None and heading_lines(bare, m) == 1:
                full = page.title if page.title[-1] in ".!?…" else f"{page.title}."
                notes = "\n\n".join(n for n in (full, page.notes) if n)
                return replace(page, title=head, notes=notes)
        return page

    def fit_titles(self, page: PlannedPage, lang: str | None = None) -> PlannedPage:
        """The title size the title regions' measured overflow suggests, stepped down until
        they fit; at the smallest size, a content slide's kicker (the chapter named above its
        title) dropped, then the title/subtitle shortened."""
        lo, hi = self.title_min, self.title_max
        _, m = self.measure(replace(page, title_size=hi), lang)
        if m is None or m.title_fits:
            return replace(page, title_size=hi)
        size = float(max(lo, min(hi - 1, math.floor(hi * _title_ratio(m) ** 0.55))))
        while size > lo:
            if self.title_ok(replace(page, title_size=size), lang):
                return replace(page, title_size=size)
            size = max(lo, size - max(1.0, round(size * 0.08)))
        small = replace(page, title_size=lo)
        if self.title_ok(small, lang):
            return small
        if small.kind == "content" and small.subtitle:  # the chapter above the title goes first
            small.subtitle = ""
            if self.title_ok(small, lang):
                return small
        for _ in range(MAX_SHRINK):
            if len(small.subtitle) > len(small.title):
                small.subtitle = (
                    plain(shorten([Span(small.subtitle)], 0.7)) if len(small.subtitle) > 4 else ""
                )
            else:
                small.title = (
                    plain(shorten([Span(small.title)], 0.7)) if len(small.title) > 4 else ""
                )
            if self.title_ok(small, lang):
                return small
        small.title, small.subtitle = "", ""
        return small

    def titled_by_parts(
        self,
        page: PlannedPage,
        chunks: list[list[Piece]],
        pictures: list[list[int]] | None,
        slides: list[Fitted],
    ) -> list[Fitted]:
        """The slides of a merged page (its chunks' slides, then its picture slides) titled by
        the parts on each (generator.partnames), laid out again where the title changed (it
        only gets shorter: the body still fits)."""
        names = title_parts(page.title)
        if not names or len(slides) < 2 or pictures is None:
            return slides
        shown = parts_on_slides(names, chunks) + pictures
        if len(shown) != len(slides):
            return slides
        out = []
        for i, f in enumerate(settled(f) for f in slides):  # their titles are read
            again = slide_parts_title(f.page, names, shown, i)
            if (again.title, again.part, again.parts) == (f.page.title, f.page.part, f.page.parts):
                out.append(f)
                continue
            out.append(self.relaid(again))
        return out

    def continued_titled(self, f: Fitted) -> Fitted:
        """A continuation slide ("(2/3)") whose heading takes more than one line at its title
        size titled by the heading's longest short name that reads in one line with its
        counter (`first_names`: a leading clause, the first of the things it joins); the first
        slide keeps the whole heading. Else the slide as it is."""
        page = f.page
        if page.kind != "content" or page.part < 2 or title_parts(page.title):
            return f
        heads = first_names(page.title)
        if not heads:
            return f
        bare = _bare(page)
        # the slide's own layout tells its heading's lines (the title region is the same
        # whatever the body), else the page without its body, laid out fast
        m = measured(f.laid) if f.laid is not None else self.measure(bare)[1]
        if m is None or heading_lines(bare, m) <= 1:
            return f
        for head in heads:
            _, m = self.measure(replace(bare, title=head))
            if m is not None and m.title_fits and heading_lines(bare, m) == 1:
                return self.relaid(replace(page, title=head))
        return f

    def lead_titled(self, f: Fitted) -> Fitted:
        """A slide stacking several pages one under the other ("tail -f · git") titled by
        what it holds (generator.jointitle): all of them when that reads in one line, else the
        heading they are under (what the slide names above its title, else its chapter; pages
        of several chapters have none), each part under its own heading, the first one too.
        When neither reads well, or the first heading no longer fits, the slide keeps its
        title naming them all. Parts side by side (cards, columns, steps: each titled) keep
        their title."""
        page = f.page
        names = title_parts(page.title)
        if not names or page.kind != "content" or page.sections:
            return f
        across = len(source_chapters(page.source)) > 1
        if across and not page.chapter:  # the document's untitled introduction opens it
            return f
        parent = "" if across else (page.subtitle or page.chapter)
        again = self.titled_by_content(page, names, parent)
        if again is None:
            return f
        html, m = self.measure(again)
        if m is not None and m.body_fits and m.title_fits:
            return Fitted(again, html, m.laid)
        fitted = self.joined_fit(again, self.body_min) if m is not None else None
        return fitted if fitted is not None else f

    def title_ok(self, page: PlannedPage, lang: str | None = None) -> bool:
        _, m = self.measure(page, lang)
        return m is None or m.title_fits


def _bare(page: PlannedPage) -> PlannedPage:
    """A page without its body: what its title region holds, laid out fast."""
    return replace(page, blocks=[], sections=[], entries=[], layout="bullets")


def _title_ratio(m: Measure) -> float:
    """Room / content height of the most overflowing title region (1.0 when unknown)."""
    ratio = 1.0
    for i, b in enumerate(m.boxes):
        if b.kind != "box" or b.attributes.get("data-df-fit") not in TITLE_REGIONS:
            continue
        inside = [m.boxes[j] for j in _below(m, i)]
        if not inside:
            continue
        top = min(x.y for x in inside)
        bottom = max(x.y + x.height for x in inside)
        if bottom - top > b.height > 0:
            ratio = min(ratio, b.height / (bottom - top))
    return ratio


def _below(m: Measure, index: int) -> list[int]:
    out, todo = [], list(m.children[index])
    while todo:
        j = todo.pop()
        out.append(j)
        todo.extend(m.children[j])
    return out
