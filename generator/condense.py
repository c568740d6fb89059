"""A document over its slide budget (generator.budget), condensed by rules a reader accepts,
most-removable first; what leaves the slides goes to the notes of the slide that stands for it
and is listed (`LeftOut`, kind "notes"):

- releases: a run of chapters titled by versions or dates (a changelog) keeps its newest
  releases as slides; the older ones become one "Earlier releases" slide (each version and its
  headline item), their whole text in that slide's notes;
- installation: a run of pages that are each a command on a platform (a README's "On Fedora",
  "Via nix" ...) becomes one table, platform -> command, every platform a row (the table
  continues over the page's slides; cut, its slide says how many rows the notes hold,
  generator.tablerows); their words in that slide's notes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from generator.alsoin import Also
from generator.backup import Backup
from generator.headlines import headline
from generator.lazyre import lazy_compile
from generator.leftout import LeftOut, block_text, count_words, left_out_blocks
from generator.model import Block, Chapter, Outline, Page, Span, title_spans
from generator.runs import page_blocks
from generator.summary import notes_text

MIN_RUN = 4  # chapters (releases) or pages (platforms) that make a run
MIN_RELEASES = 3  # the newest releases a condensed changelog keeps as slides
MAX_RELEASES = 8  # ... and at most this many: a talk presents the latest, not the history
EARLIER_SHOWN = 8  # major versions named on the "Earlier releases" slide (the rest: notes)
_VERSION = lazy_compile(
    r"^\W*(?:v(?:ersion)?\s*)?(\d+(?:\.\d+)+)|^\W*(unreleased)\b|(\d{4}-\d{2}-\d{2})", re.I
)
PLATFORM_PROSE = 400  # characters of prose (not code) a platform page has at most
PLATFORM_CODES = 3  # code blocks a platform page has at most
COMMAND = 80  # characters of the command shown in the table
# a platform page: its chapter is about installing, or its title names a platform or a source
INSTALL = lazy_compile(r"install|\bset ?up\b|安装", re.I)
PLATFORM_TITLE = lazy_compile(r"^(?:on|via|from|for)\s", re.I)


_PATH = lazy_compile(r"chapters\[(\d+)\](?:\.pages\[(\d+)\])?")


@dataclass(frozen=True)
class Condensed:
    """The condensed outline, what left its slides, and where its chapters and pages were in
    the outline it was made from (condensed index -> original index; the same when absent)."""

    outline: Outline
    records: list[LeftOut]
    chapter_origin: dict[int, int] = field(default_factory=dict)
    page_origin: dict[tuple[int, int], int] = field(default_factory=dict)
    made: frozenset[tuple[int, int]] = frozenset()  # pages that stand for several (chapter, page)
    also: Also | None = None  # parts listed on an "Also in the document" slide (generator.drop)
    single: frozenset[str] = frozenset()  # pages (sources) that keep one slide (generator.drop)
    double: frozenset[str] = frozenset()  # ... of them, those that keep two (tablepages)
    backup: tuple[Backup, ...] = ()  # pictures of the parts that left, for the appendix

    def origin(self, where: str) -> str:
        """An outline path of the condensed outline (`chapters[3].pages[1].blocks[0]`, several
        joined by "+") as the path of the same place in the original outline."""

        def sub(m: re.Match[str]) -> str:
            ci = int(m.group(1))
            out = f"chapters[{self.chapter_origin.get(ci, ci)}]"
            if m.group(2) is not None:
                pi = int(m.group(2))
                out += f".pages[{self.page_origin.get((ci, pi), pi)}]"
            return out

        return _PATH.sub(sub, where)


def release_key(title: str) -> tuple[int, ...] | None:
    """A release heading's version as numbers ((inf,) for "Unreleased"; a date's numbers);
    None for a heading that names no release."""
    m = _VERSION.search(title)
    if m is None:
        return None
    if m.group(2):
        return (10**9,)
    found = m.group(1) or m.group(3)
    return tuple(int(n) for n in re.split(r"[.-]", found))


def release_runs(outline: Outline) -> list[range]:
    """Runs of at least MIN_RUN consecutive chapters whose titles are versions or dates."""
    runs: list[range] = []
    start = None
    for i, chapter in enumerate([*outline.chapters, Chapter("")]):
        is_release = bool(chapter.title) and release_key(chapter.title) is not None
        if is_release and start is None:
            start = i
        elif not is_release and start is not None:
            if i - start >= MIN_RUN:
                runs.append(range(start, i))
            start = None
    return runs


def leaving_releases(outline: Outline) -> frozenset[int]:
    """The chapters of releases that leave the slides whatever the deck's count: in each run,
    all but the newest MAX_RELEASES (`condense_releases` keeps no more)."""
    out: set[int] = set()
    for run in release_runs(outline):
        idx = list(run)
        first, last = (
            release_key(outline.chapters[idx[0]].title),
            release_key(outline.chapters[idx[-1]].title),
        )
        oldest_first = first is not None and last is not None and first < last
        newest = list(reversed(idx)) if oldest_first else idx
        out.update(newest[MAX_RELEASES:])
    return frozenset(out)


def condense_releases(outline: Outline, slides: dict[int, int], over: int) -> Condensed:
    """Each run of releases keeps its newest ones (at least MIN_RELEASES, at most MAX_RELEASES,
    fewer while the deck is `over` its budget by `slides` per chapter); the older ones as one
    "Earlier releases" chapter in the run's place."""
    chapters = list(outline.chapters)
    order = list(range(len(chapters)))  # the original index of each chapter
    records: list[LeftOut] = []
    for run in reversed(release_runs(outline)):
        idx = list(run)
        first, last = release_key(chapters[idx[0]].title), release_key(chapters[idx[-1]].title)
        oldest_first = first is not None and last is not None and first < last
        newest = list(reversed(idx)) if oldest_first else idx
        keep = _kept_releases(newest, slides, over)
        joined: set[int] = set()  # the oldest kept releases of one entry: rows of the table
        while len(keep) > MIN_RELEASES and _one_entry(chapters[newest[len(keep) - 1]]):
            joined.add(newest[len(keep) - 1])
            keep.discard(newest[len(keep) - 1])
        older = [i for i in newest if i not in keep]
        if not older:
            continue
        earlier, moved = _earlier(chapters, older, joined)
        records += moved
        kept = [chapters[i] for i in idx if i in keep]
        kept_at = [i for i in idx if i in keep]
        at = kept + [earlier] if not oldest_first else [earlier] + kept
        chapters[run.start : run.stop] = at
        at_origin = kept_at + [older[0]] if not oldest_first else [older[0]] + kept_at
        order[run.start : run.stop] = at_origin
    origin = {new: old for new, old in enumerate(order) if new != old}
    return Condensed(replace(outline, chapters=chapters), records, chapter_origin=origin)


def _kept_releases(newest: list[int], slides: dict[int, int], over: int) -> set[int]:
    """The newest releases that stay slides: drop the oldest while the deck is over budget
    (the "Earlier releases" slide counted), keeping MIN_RELEASES..MAX_RELEASES."""
    keep = list(newest[:MAX_RELEASES])
    saved = sum(slides.get(i, 1) for i in newest[MAX_RELEASES:])
    while len(keep) > MIN_RELEASES and saved < over + 1:
        saved += slides.get(keep.pop(), 1)
    return set(keep)


def _earlier(
    chapters: list[Chapter], older: list[int], joined: set[int]
) -> tuple[Chapter, list[LeftOut]]:
    """The "Earlier releases" chapter: a table of the older releases' major versions (x.y.0,
    newest first; every older release when none is one) after the `joined` releases of one
    entry that were the oldest slides, each with its headline; a quiet line under it counts the releases the
    table does not name; every release's text in the notes (listed)."""
    majors = [ci for ci in older if _major(chapters[ci].title) and ci not in joined]
    if not majors:
        majors = [ci for ci in older if ci not in joined]
    shown = [ci for ci in older if ci in joined] + majors[:EARLIER_SHOWN]
    rows: list[list[list[Span]]] = []
    notes: list[str] = []
    records: list[LeftOut] = []
    for ci in older:
        chapter = chapters[ci]
        blocks = [b for p in chapter.pages for b in _titled(p, chapter.title)]
        if ci in shown:
            rows.append([title_spans(chapter.title, bold=True), headline(chapter)])
        notes.append(chapter.title + "\n\n" + notes_text(blocks) if blocks else chapter.title)
        why = 'of an older release moved to the notes of "Earlier releases"'
        record = left_out_blocks(f"chapters[{ci}]", "notes", blocks, why)
        if record is None:
            words = count_words(chapter.title)
            why = 'an older release named in the notes of "Earlier releases"'
            record = LeftOut(f"chapters[{ci}]", "notes", why, chapter.title, words)
        records.append(record)
    table = Block("table", header=[[Span("Release")], [Span("Headline")]], rows=rows)
    rest = [ci for ci in older if ci not in shown]
    blocks = [table]
    if rest:
        blocks.append(_also_line(chapters, rest))
    page = Page("Earlier releases", blocks, notes="\n\n".join(notes))
    return Chapter("Earlier releases", [page]), records


def _titled(page: Page, chapter_title: str) -> list[Block]:
    blocks = page_blocks(page)
    if page.title and page.title != chapter_title:
        return [Block("heading", title_spans(page.title, bold=True)), *blocks]
    return blocks


def _major(title: str) -> bool:
    """A release heading naming a major version: x.y.0 or x.y (not a patch, not a date)."""
    m = _VERSION.search(title)
    if m is None or not m.group(1):
        return False
    numbers = m.group(1).split(".")
    return len(numbers) == 2 or (len(numbers) == 3 and int(numbers[2]) == 0)


def _also_line(chapters: list[Chapter], rest: list[int]) -> Block:
    """The quiet line under the table: how many releases it does not name, back to which."""
    patches = [ci for ci in rest if not _major(chapters[ci].title)]
    earlier = [ci for ci in rest if ci not in patches]
    parts = []
    if patches:
        parts.append(f"{len(patches)} patch release{'s' if len(patches) > 1 else ''}")
    if earlier:
        oldest = _version(chapters[earlier[-1]].title)
        noun = "versions" if len(earlier) > 1 else "version"
        parts.append(f"{len(earlier)} earlier {noun}, back to {oldest}")
    elif patches:
        parts[-1] += f", back to {_version(chapters[rest[-1]].title)}"
    return Block("paragraph", [Span("Also " + " and ".join(parts) + ".", italic=True)])


def _version(title: str) -> str:
    """A release heading's version ("0.6.0" of "0.6.0 (21st June, 2019)"), else the heading."""
    m = _VERSION.search(title)
    return (m.group(1) or m.group(3) or title) if m is not None else title


def _one_entry(chapter: Chapter) -> bool:
    """A release of one entry: one list item (or one paragraph) in all, which its headline
    shows whole."""
    blocks = [b for p in chapter.pages for b in page_blocks(p)]
    entries = sum(len(b.items) if b.type == "list" else 1 for b in blocks)
    return entries == 1 and all(b.type in ("list", "paragraph") for b in blocks)


def clipped(text: str, limit: int) -> str:
    """`text` within `limit` characters: cut at the last word boundary before the limit
    (mid-word only for a single over-long word), an ellipsis marking the cut."""
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    space = head.rfind(" ")
    if space > 0 and not text[limit - 1].isspace():
        head = head[:space]
    return head.rstrip(" ,;:-–—(") + "…"


def platform_page(page: Page, install: bool) -> bool:
    """A page that is a command on a platform: a code block or few, a little prose around,
    in a chapter about installing (`install`) or titled "On Fedora", "Via nix", "From npm"."""
    if not (install or PLATFORM_TITLE.match(page.title)):
        return False
    blocks = page_blocks(page)
    codes = [b for b in blocks if b.type == "code"]
    prose = sum(b.text_length() for b in blocks if b.type != "code")
    if any(b.type not in ("paragraph", "code", "list") for b in blocks):
        return False
    return 1 <= len(codes) <= PLATFORM_CODES and prose <= PLATFORM_PROSE


def platform_runs(chapter: Chapter) -> list[range]:
    """Runs of pages of a chapter that are each a command on a platform, at least MIN_RUN of
    them with a command; a page of prose only (no command) between two of them joins the run."""
    runs: list[range] = []
    pages = chapter.pages
    install = bool(INSTALL.search(chapter.title))
    start = None
    for i, page in enumerate([*pages, None]):
        joins = page is not None and (
            platform_page(page, install)
            or (
                start is not None
                and (install or bool(PLATFORM_TITLE.match(page.title)))
                and _prose_only(page)
                and i + 1 < len(pages)
                and platform_page(pages[i + 1], install)
            )
        )
        if joins and start is None:
            start = i
        elif not joins and start is not None:
            if sum(1 for p in pages[start:i] if platform_page(p, install)) >= MIN_RUN:
                runs.append(range(start, i))
            start = None
    return runs


def _prose_only(page: Page) -> bool:
    blocks = page_blocks(page)
    return (
        bool(blocks)
        and all(b.type == "paragraph" for b in blocks)
        and (sum(b.text_length() for b in blocks) <= PLATFORM_PROSE)
    )


def condense_platforms(outline: Outline) -> Condensed:
    """Each run of platform pages as one page: a table platform -> command (the first command
    line of each, or the first sentence of a page without one), every word of the run in its
    notes (listed)."""
    chapters = []
    records: list[LeftOut] = []
    origin: dict[tuple[int, int], int] = {}
    made: set[tuple[int, int]] = set()
    for ci, chapter in enumerate(outline.chapters):
        pages = list(chapter.pages)
        order = list(range(len(pages)))  # the original index of each page
        tables: list[Page] = []
        for run in reversed(platform_runs(chapter)):
            page, moved = _platform_table(chapter, run, ci)
            records += moved
            tables.append(page)
            pages[run.start : run.stop] = [page]
            order[run.start : run.stop] = [run.start]
        origin.update({(ci, new): old for new, old in enumerate(order) if new != old})
        made.update((ci, pi) for pi, p in enumerate(pages) if any(p is t for t in tables))
        chapters.append(replace(chapter, pages=pages))
    condensed = replace(outline, chapters=chapters)
    return Condensed(condensed, records, page_origin=origin, made=frozenset(made))


def _platform_table(chapter: Chapter, run: range, ci: int) -> tuple[Page, list[LeftOut]]:
    rows: list[list[list[Span]]] = []
    notes: list[str] = []
    records: list[LeftOut] = []
    for pi in run:
        page = chapter.pages[pi]
        blocks = page_blocks(page)
        rows.append([title_spans(page.title), _command(blocks)])
        notes.append(page.title + "\n\n" + notes_text(blocks))
        record = left_out_blocks(
            f"chapters[{ci}].pages[{pi}]",
            "notes",
            blocks,
            f'of "{page.title}" moved to the notes of the table "{chapter.title}"',
        )
        if record is not None:
            records.append(record)
    title = chapter.title or chapter.pages[run.start].title
    table = Block("table", header=[[Span("Platform")], [Span("Command")]], rows=rows)
    return Page(title, [table], notes="\n\n".join(notes)), records


def _command(blocks: list[Block]) -> list[Span]:
    """The page's first command line (code), else its first sentence."""
    for b in blocks:
        if b.type != "code":
            continue
        for line in b.text.split("\n"):
            line = re.sub(r"\s#.*$", "", line.strip())  # a shell comment after the command
            if line and not line.startswith("#"):
                short = line if len(line) <= COMMAND else line[: COMMAND - 1] + "…"
                return [Span(short, code=True)]
    text = " ".join(" ".join(block_text(b) for b in blocks).split())
    sentence = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]
    return [Span(sentence if len(sentence) <= COMMAND else sentence[: COMMAND - 1] + "…")]
