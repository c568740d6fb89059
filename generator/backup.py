"""Backup slides: the pictures of the parts that leave a talk, after its closing slide.

A talk condensed to its slide budget takes whole parts off its slides (generator.drop) and
shortens an update log to one slide (generator.updatelog); their words go to the notes, but
notes hold no pictures. A presenter keeps those pictures on backup slides after the closing
matter: an "Appendix" divider, then picture slides titled by the part each picture came from
(the appendix above the title), each picture with its own caption (its alt text, or the
paragraph that led to it), at most BACKUP_PER_SLIDE a slide, a screenshot alone (drawn as
large as the body allows: generator.screenshots). The notes and the "Also in the document"
list say that the part's pictures are in the appendix.

The appendix is no part of the talk: it never counts against the budget (generator.budget),
and a deck that leaves nothing out (`long`, a document within its budget) has none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from generator.alsoin import BACKUP_SOURCE
from generator.leftout import EXCERPT, LeftOut
from generator.model import Block
from generator.pages import PlannedPage
from generator.screenshots import per_slide, pictures_in
from generator.summary import gallery_page, lead_captioned, shown_pictures

BACKUP_PER_SLIDE = 2  # pictures on one backup slide at most (each at a size where it reads)
APPENDIX = {"en": "Appendix", "zh-CN": "附录"}


@dataclass(frozen=True)
class Backup:
    """The pictures of a part that left the talk, each captioned; the part's own title and
    the title of the chapter (or page) it belongs to ("" when the same); what each picture
    shows, where the part names it (the dated entry of an update log it is in: "2023/06/14
    发布 WebGLM"; "" where not known, none when the part names none)."""

    title: str
    within: str
    pictures: tuple[Block, ...]
    shows: tuple[str, ...] = ()


# the name of the entry a block opens ("" for a block opening none)
EntryName = Callable[[Block], str]


def backup_of(
    title: str, within: str, blocks: list[Block], names: EntryName | None = None
) -> Backup | None:
    """The part's pictures for the appendix (a picture without alt text captioned by the
    paragraph before it), each named by the entry it is in when `names` names the part's
    entries; None when it shows none."""
    found = lead_captioned(blocks)
    if not found:
        return None
    shows = tuple(_entries_shown(blocks, names)) if names is not None else ()
    if len(shows) != len(found) or not any(shows):
        shows = ()
    return Backup(title or within, within if within != title else "", tuple(found), shows)


def _entries_shown(blocks: list[Block], names: EntryName) -> list[str]:
    """For each picture among `blocks` (in the order generator.summary.shown_pictures finds
    them), the name of the last entry opened before it ("" before the first)."""
    out: list[str] = []
    current = ""
    for block in blocks:
        current = names(block) or current
        out += [current] * len(shown_pictures([block]))
    return out


def appendix_title(lang: str) -> str:
    return APPENDIX.get(lang, APPENDIX["en"])


def backup_record(where: str, of: str, found: Backup) -> LeftOut:
    """The record of a part's pictures moved to the appendix (kind "appendix"): `of` says
    which part ('"Alternatives · Flat-rate restarts"', 'the update log "News"'); the text
    names the pictures."""
    n = pictures_in(found.pictures)
    message = f"{n} picture{'s' if n > 1 else ''} of {of} on the backup slides of the appendix"
    names = ", ".join(b.alt or "untitled" for b in found.pictures)
    return LeftOut(where, "appendix", message, names[:EXCERPT])


def backup_pages(parts: list[Backup], lang: str) -> list[PlannedPage]:
    """The appendix: its divider, then each part's pictures on slides of their own, in the
    order the parts came (none when no part left with pictures)."""
    if not parts:
        return []
    title = appendix_title(lang)
    out = [PlannedPage("divider", "divider", title, chapter=title, source=BACKUP_SOURCE)]
    for part in parts:
        kicker = f"{title} · {part.within}" if part.within else title
        page = PlannedPage(
            "content", "image-full", part.title, kicker, chapter=title, source=BACKUP_SOURCE
        )
        slides, at = [], 0
        for group in backup_groups(list(part.pictures)):
            shows = part.shows[at : at + len(group)]
            at += len(group)
            slides.append(gallery_page(_shown_titled(page, part, shows), group))
        out += _counted(slides)
    return out


def _counted(slides: list[PlannedPage]) -> list[PlannedPage]:
    """Slides titled by what they show, each run of one title counted ("(2/5)": the entry's
    pictures continue over that many slides)."""
    out: list[PlannedPage] = []
    for i, slide in enumerate(slides):
        start = i
        while start and slides[start - 1].title == slide.title:
            start -= 1
        end = i
        while end + 1 < len(slides) and slides[end + 1].title == slide.title:
            end += 1
        out.append(replace(slide, part=i - start + 1, parts=end - start + 1))
    return out


def _shown_titled(page: PlannedPage, part: Backup, shows: tuple[str, ...]) -> PlannedPage:
    """A backup slide titled by what it shows: the entry its first picture is in, the part's
    name above it ("附录 · 更新信息"); else by the part, as `page` is."""
    named = next((s for s in shows if s), "")
    if not named:
        return page
    return replace(page, title=named, subtitle=f"{page.chapter} · {part.title}")


def backup_groups(found: list[Block]) -> list[list[Block]]:
    """The pictures in reading order, BACKUP_PER_SLIDE at most a slide, a screenshot alone
    (two side by side would be too small to read)."""
    groups: list[list[Block]] = []
    for b in found:
        last = groups[-1] if groups else []
        if last and len(last) < BACKUP_PER_SLIDE and per_slide([*last, b]) > len(last):
            last.append(b)
        else:
            groups.append([b])
    return groups
