"""A deck's slide budget: how many slides a talk of the chosen length has for a document.

The budget grows slowly with the document's words and is counted in the slides between the
cover (and contents) and the closing slide, dividers included:

- short: 6 + one slide per 800 words, 6 to 9 (9 to 12 with cover, contents and closing);
- medium: 8 + one slide per 300 words, 12 to 18 (15 to 21 with them): a 4,000-word README
  is a talk of about 22 slides in all, its picture slides counted;
- long: no budget (the whole document, as it is written).

The contents slide and the "Also in the document" slide (the titles of what left the slides of
a deck over its budget, generator.alsoin) are lists of titles, not slides of the talk: the
budget does not count them, nor the appendix after the closing slide (the pictures of the
parts that left: generator.backup).

A document planned over its budget is condensed (generator.condense, then one slide a page)
and planned again; a document within it, and an authored deck (Marp, Slidev, `---` slides,
whose slides are the author's), is never touched.
"""

from __future__ import annotations

from generator.alsoin import ALSO_SOURCE, BACKUP_SOURCE
from generator.demos import split_pairs
from generator.lazyre import lazy_compile
from generator.leftout import block_text, count_words
from generator.markup.pairs import drawn_from
from generator.model import Block, Outline, plain
from generator.pages import DeckDraft, PlannedPage
from generator.reshape import Fitted
from generator.shapes import source_pair
from generator.summary import RESULT

BUDGETS = {"short": (6, 800, 6, 9), "medium": (8, 300, 12, 18)}  # base, words a slide, min, max
CHROME = ("cover", "contents", "closing")
CHAPTER_SHARE = 1 / 3  # of the budget: a chapter over it gives up its later pages first
FREE_PICTURE_SLIDES = 10  # picture slides a budget does not count (more count as any slide)
_CHAPTER = lazy_compile(r"chapters\[(\d+)\]")
_PAGE = lazy_compile(r"chapters\[(\d+)\]\.pages\[(\d+)\]")
_SECTION = lazy_compile(r"chapters\[(\d+)\]\.pages\[(\d+)\]\.sections\[(\d+)\]")


def document_words(outline: Outline) -> int:
    """The document's visible words (each CJK character a word)."""
    return sum(count_words(block_text(b)) for b in outline.blocks())


def slide_budget(length: str, words: int) -> int | None:
    """The content slides a deck of `length` has for a document of `words` (None: no limit)."""
    if length not in BUDGETS:
        return None
    base, per, low, high = BUDGETS[length]
    return max(low, min(high, base + round(words / per)))


def fewest_slides(deck: DeckDraft) -> int:
    """The fewest content slides any plan of `deck` has, before any page is laid out: each
    content page fits on one slide or more, and a chapter shows the pages of one of its two
    drafts (a divider, when it has one, only adds a slide)."""
    shown = sum(min(_shown(c.divided), _shown(c.undivided)) for c in deck.chapters)
    pictures = sum(1 for c in deck.chapters for p in c.undivided if picture_slide(p))
    return shown - min(pictures, FREE_PICTURE_SLIDES)  # as content_slides counts them


def _shown(pages: list[PlannedPage]) -> int:
    return sum(1 for p in pages if p.kind not in CHROME)


def content_slides(fitted: list[Fitted], counted: int = 0) -> int:
    """The slides a budget counts: all but the cover, the contents, the "Also in the
    document" list (generator.alsoin: titles, as the contents), the closing slide and the
    appendix after it (generator.backup), and up
    to FREE_PICTURE_SLIDES picture slides (a picture or a grid and at most its caption line):
    the budget is one of the document's words, which a picture slide adds none of. `counted`
    picture slides count as any slide (the pictures of continuation slides given up, shown
    on picture slides of their own: generator.drop)."""
    apart = (ALSO_SOURCE, BACKUP_SOURCE)
    content = [f.page for f in fitted if f.page.kind not in CHROME and f.page.source not in apart]
    pictures = sum(1 for p in content if picture_slide(p)) - counted
    return len(content) - min(pictures, FREE_PICTURE_SLIDES)


def pictures_by_page(fitted: list[Fitted]) -> dict[str, int]:
    """The picture slides of each planned page (by its source's first place)."""
    out: dict[str, int] = {}
    for f in fitted:
        if f.page.kind not in CHROME and picture_slide(f.page):
            first = f.page.source.split("+", 1)[0]
            out[first] = out.get(first, 0) + 1
    return out


def picture_slide(page: PlannedPage) -> bool:
    """A slide showing a picture or a grid of them, and at most their caption line; or a drawn
    diagram beside its whole source (shapes.source_pair, markup.pairs.drawn_from), at most
    its introduction above."""
    if not page.sections and page.layout == "image-text" and source_pair(page.blocks):
        whole = any(drawn_from(a, b) for a, b in zip(page.blocks, page.blocks[1:], strict=False))
        return whole and sum(1 for b in page.blocks if b.type not in ("code", "image")) <= 1
    if page.sections or page.layout not in ("image-full", "image-grid"):
        return False
    kinds = [b.type for b in page.blocks]
    return (
        "image" in kinds and kinds.count("paragraph") <= 1 and set(kinds) <= {"image", "paragraph"}
    )


def paid_slides(fitted: list[Fitted]) -> int:
    """The slides the points of dense walls of prose add to their pages (generator.pointsfit)."""
    return sum(1 for f in fitted if f.page.paid)


def slides_by_chapter(fitted: list[Fitted]) -> dict[int, int]:
    """How many fitted slides each chapter of the outline has (by the slides' sources)."""
    out: dict[int, int] = {}
    for f in fitted:
        m = _CHAPTER.match(f.page.source)
        if m is not None and f.page.kind not in CHROME and not f.page.paid:
            ci = int(m.group(1))
            out[ci] = out.get(ci, 0) + 1
    return out


def slides_by_page(fitted: list[Fitted]) -> dict[tuple[int, int], float]:
    """How many fitted slides each page (chapter, page) of the outline takes; a slide of
    several pages counts a share for each."""
    out: dict[tuple[int, int], float] = {}
    for f in fitted:
        if f.page.kind in CHROME or f.page.paid:
            continue
        pages = {(int(m.group(1)), int(m.group(2))) for m in _PAGE.finditer(f.page.source)}
        for key in pages:
            out[key] = out.get(key, 0.0) + 1 / len(pages)
    return out


def divider_slides(fitted: list[Fitted]) -> int:
    """The deck's chapter dividers (a chapter that leaves the deck takes its divider along)."""
    return sum(1 for f in fitted if f.page.kind == "divider" and f.page.source != BACKUP_SOURCE)


def slides_by_section(fitted: list[Fitted]) -> dict[tuple[int, int, int], float]:
    """How many fitted slides each `####` section (chapter, page, section) takes, shared like
    `slides_by_page`."""
    out: dict[tuple[int, int, int], float] = {}
    for f in fitted:
        if f.page.kind in CHROME:
            continue
        found = {tuple(int(g) for g in m.groups()) for m in _SECTION.finditer(f.page.source)}
        for key in found:
            k = (key[0], key[1], key[2])
            out[k] = out.get(k, 0.0) + 1 / len(found)
    return out


def continuation_slides(fitted: list[Fitted]) -> dict[str, int]:
    """The slides of text each planned page (by its source, one place of the outline) takes
    after its first: what it gives up when it keeps one slide. Picture slides (they stay)
    are not counted; the slides of a page joined to others count for the first. A page whose
    last slide ends on its result ("23 times faster": generator.summary.RESULT), or whose
    first slide ends on a source whose drawn result opens the next (generator.demos), is not
    continued in this sense: it keeps its slides."""
    out: dict[str, int] = {}
    last: dict[str, PlannedPage] = {}
    for f in fitted:
        page = f.page
        first = page.source.split("+", 1)[0]
        if page.kind in CHROME or page.paid or not _PAGE.match(first) or picture_slide(page):
            continue
        out[first] = out.get(first, -1) + 1
        last[first] = page
    pairs = {f"chapters[{ci}].pages[{pi}]" for ci, pi in split_pairs(fitted)}
    return {
        s: n for s, n in out.items() if n > 0 and not _concludes(last[s].blocks) and s not in pairs
    }


def _concludes(blocks: list[Block]) -> bool:
    """Whether the last paragraph of a slide states a result."""
    said = [b for b in blocks if b.type == "paragraph"]
    return bool(said) and blocks[-1] is said[-1] and bool(RESULT.search(plain(said[-1].spans)))
