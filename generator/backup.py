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

from dataclasses import dataclass

from generator.alsoin import BACKUP_SOURCE
from generator.leftout import EXCERPT, LeftOut
from generator.model import Block
from generator.pages import PlannedPage
from generator.screenshots import per_slide
from generator.summary import gallery_page, lead_captioned

BACKUP_PER_SLIDE = 2  # pictures on one backup slide at most (each at a size where it reads)
APPENDIX = {"en": "Appendix", "zh-CN": "附录"}


@dataclass(frozen=True)
class Backup:
    """The pictures of a part that left the talk, each captioned; the part's own title and
    the title of the chapter (or page) it belongs to ("" when the same)."""

    title: str
    within: str
    pictures: tuple[Block, ...]


def backup_of(title: str, within: str, blocks: list[Block]) -> Backup | None:
    """The part's pictures for the appendix (a picture without alt text captioned by the
    paragraph before it); None when it shows none."""
    found = lead_captioned(blocks)
    if not found:
        return None
    return Backup(title or within, within if within != title else "", tuple(found))


def appendix_title(lang: str) -> str:
    return APPENDIX.get(lang, APPENDIX["en"])


def backup_record(where: str, of: str, found: Backup) -> LeftOut:
    """The record of a part's pictures moved to the appendix (kind "appendix"): `of` says
    which part ('"Alternatives · Flat-rate restarts"', 'the update log "News"'); the text
    names the pictures."""
    n = len(found.pictures)
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
        out += [gallery_page(page, group) for group in backup_groups(list(part.pictures))]
    return out


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
