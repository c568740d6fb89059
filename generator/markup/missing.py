"""Pictures a deck cannot have (remote with remote images off, a file not found, an animated
SVG) -> nothing on the slide that looks like a hole: the presenter's rules.

- A decorative picture (a badge, a logo, a banner, a sponsor wall, an avatar, an HTML
  `<img alt="">`, a picture inside a link to a site) is left out.
- A content picture (a screenshot, a diagram) gets no frame and no slide of its own: when its
  alt text describes something (words, not a file name) and the text around it does not
  say it already, that text becomes a short italic line where the picture stood.
- Every picture left out is listed in the speaker notes of its slide (what it shows and where it
  is), and in the document's diagnostics (the CLI's "left out" lines, the service's).

The Markdown reader collects them while it reads a top-level block and hands them on as one
`MissingPictures` notes event after that block's events.
"""

from __future__ import annotations

import pathlib
import re
import urllib.parse
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from generator.lazyre import lazy_compile
from generator.markup.events import Context, Event, Heading, Item, MissingPictures
from generator.markup.inline import InlineImage
from generator.model import Block, Chapter, Page, Section, Span, plain

if TYPE_CHECKING:
    from generator.markup.deckslides import Slide

# what a picture's alt text or file name says when it brands rather than shows
DECORATIVE = lazy_compile(
    r"(?<![a-z])(logos?|banners?|badges?|sponsors?|icons?|favicon|avatars?|header|shields?)"
    r"(?![a-z])",
    re.I,
)
NOTES_LEAD = "Pictures not shown (not available when the deck was made):"
LINE_WORDS = 8  # words of text a slide of missing pictures may hold (a link, a caption)
ANNOUNCEMENT = 160  # characters of a paragraph that only announces the pictures after it


@dataclass(frozen=True)
class Missing:
    """A picture the deck cannot show: what it shows and where it is."""

    label: str  # what the picture shows: its alt text, else "Picture: <file name>"
    src: str  # where it is (a remote address, a file's path)


def is_decorative(found: InlineImage, badge: bool) -> bool:
    """A picture that brands rather than shows: a badge, an `<img alt="">`, a picture inside a
    link, or one whose alt text or file name says logo/banner/badge/sponsor/icon/avatar."""
    if badge or found.decorative or found.linked:
        return True
    name = pathlib.PurePosixPath(urllib.parse.urlsplit(found.src.strip()).path).name
    return bool(DECORATIVE.search(found.alt) or DECORATIVE.search(name.replace("_", "-")))


def caption_line(alt: str) -> Block | None:
    """The italic line standing for a content picture: its alt text when it describes
    something (words, not a file name: 2+ words and 3+ words or 12+ characters), else None."""
    text = " ".join(alt.split())
    if len(text.split()) < 2 or picture_label(text, "") != text:
        return None
    return Block("paragraph", [Span(text, italic=True)])


def says_already(text: str, alt: str) -> bool:
    """Whether the text around a picture already says its alt text (a caption written out)."""
    return bool(alt.strip()) and " ".join(alt.split()).lower() in " ".join(text.split()).lower()


def notes_event(missing: list[Missing], captions: list[Block]) -> MissingPictures:
    """One notes paragraph listing the pictures a slide does not show (`captions`: the lines
    standing for them on the slide)."""
    lines = [NOTES_LEAD]
    found = list(dict.fromkeys(missing))
    for m in found:
        where = m.src if not m.src.lower().startswith("data:") else "an embedded picture"
        lines.append(f"- {m.label or 'Picture'}: {where[:160]}")
    return MissingPictures("\n".join(lines), captions, [m.label for m in found])


def missing_label(alt: str, src: str) -> str:
    """A picture's label in the notes: its alt text, else its file name."""
    return picture_label(alt, src) or " ".join(alt.split())


def picture_label(alt: str, src: str) -> str:
    """The alt text when it describes something (3+ words or 12+ characters), else
    "Picture: Features" from a short alt text or "Picture: blog outline" from the file name."""
    alt = " ".join(alt.split())
    if len(alt.split()) >= 3 or len(alt) >= 12:
        return alt
    name = alt
    if not name and not src.lower().startswith("data:"):
        stem = pathlib.PurePosixPath(urllib.parse.urlsplit(src).path).stem
        name = " ".join(re.split(r"[-_.]+", stem)).strip()
    return f"Picture: {name}" if name else ""


def fold_picture_only(
    chapters: list[Chapter], lost: list[tuple[Page, Section | None]], captions: set[int]
) -> None:
    """Sections and pages whose only content was pictures the deck cannot have (and the lines
    standing for them, `captions`) are not made: a section goes (its notes stay on its page), a
    page's notes go to the page before it (else the one after it) in its chapter, a chapter's
    whose pages all go to the last page of the chapters before it."""

    def only_captions(blocks: list[Block]) -> bool:
        return all(id(b) in captions for b in blocks)

    for page, section in lost:
        if section is not None and only_captions(section.blocks) and section in page.sections:
            page.sections.remove(section)
    gone = {id(page) for page, _ in lost if only_captions(page.blocks) and not page.sections}
    for c, chapter in enumerate(chapters):
        kept = [p for p in chapter.pages if id(p) not in gone]
        if not kept and chapter.pages:  # a chapter of nothing else: its notes to the page
            notes = "\n".join(p.notes for p in chapter.pages if p.notes)  # before it
            earlier = [p for ch in chapters[:c] for p in ch.pages if id(p) not in gone]
            later = [p for ch in chapters[c + 1 :] for p in ch.pages if id(p) not in gone]
            target = earlier[-1] if earlier else later[0] if later else None
            if notes and target is not None:
                target.notes = f"{target.notes}\n{chapter.title}\n{notes}".strip()
                for page in chapter.pages:
                    page.notes = ""  # the empty page is not made (generator.outline)
            continue
        if len(kept) == len(chapter.pages):
            continue
        for k, page in enumerate(chapter.pages):
            if id(page) in gone:
                before = [p for p in chapter.pages[:k] if id(p) not in gone]
                target = before[-1] if before else kept[0]
                target.notes = f"{target.notes}\n{page.notes}".strip()
        chapter.pages = kept


def picture_slide(blocks: list[Block]) -> bool:
    """Whether a slide that lost pictures holds nothing else: no block but short paragraphs
    (background pictures aside), at most LINE_WORDS words ("Sponsor me at GitHub")."""
    from generator.leftout import block_text, count_words

    shown = [b for b in blocks if not (b.type == "image" and b.kind == "background")]
    if any(b.type != "paragraph" for b in shown):
        return False
    return count_words(" ".join(block_text(b) for b in shown)) <= LINE_WORDS


def fold_picture_slides(slides: list[Slide], ctx: Context) -> list[Slide]:
    """A deck's slides without those whose content was pictures not available (and at most a
    line about them; no heading of the author's): such a slide is not made, its text and notes go to the notes of the
    slide before it (listed)."""
    from generator.markup.build import first_line

    out: list[Slide] = []
    for slide in slides:
        blocks = [*slide.blocks, *(b for s in slide.sections for b in s.blocks)]
        if not out or not slide.lost or slide.headings or not picture_slide(blocks):
            out.append(slide)
            continue
        text = " ".join(first_line(b) for b in blocks if first_line(b))
        ctx.note("pictures", "a slide of pictures not available not made", slide.title)
        out[-1].notes.append("\n".join(t for t in (slide.title, text, *slide.notes) if t))
    return out


# a sentence that only points at what follows it ("The above produces the following output:")
POINTER = lazy_compile(
    r"(?<![a-z])(following|below|as (shown|depicted|seen)|screenshots?|here is|here's|looks like)"
    r"(?![a-z])|以下|如下|截图",
    re.I,
)


def unlead(events: list[Event]) -> list[Event]:
    """A paragraph introducing pictures the deck cannot have (it ends with a colon, or its last
    sentence points at what follows) does not end on nothing: a sentence that only points
    ("This produces the following output:") is not shown, one that says something ends with a
    full stop instead of its colon; the caption lines standing for those pictures go too (the
    text before them says what they showed; the notes name them). The notes start with the
    paragraph as written, so no word of it is lost."""
    out: list[Event] = []
    for event in events:
        if not isinstance(event, MissingPictures):
            out.append(event)
            continue
        k = len(out)
        while k and _caption(out[k - 1], event.captions):
            k -= 1
        summary = k > 1 and isinstance(out[k - 1], Heading)  # a <details> of only these
        before = out[k - 2] if summary else out[k - 1] if k else None
        if isinstance(before, Item) and before.block.type == "paragraph":
            spans = unled(before.block.spans)
            if spans is not None:
                del out[k:]  # the caption lines (a summary's heading stays: it goes with
                # the <details> it titles)
                said = plain(before.block.spans).strip()
                if plain(spans).strip():
                    before.block = replace(before.block, spans=spans)
                else:
                    out.remove(before)
                # the notes keep the sentence with the pictures it introduced
                event = replace(event, text=f"{said}\n{event.text}")
        out.append(event)
    return out


def _caption(event: Event, captions: list[Block]) -> bool:
    return isinstance(event, Item) and any(event.block is c for c in captions)


def _rstrip(spans: list[Span]) -> list[Span]:
    while spans and not spans[-1].text.strip():
        spans = spans[:-1]
    return [*spans[:-1], replace(spans[-1], text=spans[-1].text.rstrip())] if spans else []


# where a picture stands, as a bracketed aside points at it ("(see left sidebar)", "(below)")
POSITION_WORDS = frozenset(
    [
        "left",
        "right",
        "top",
        "bottom",
        "above",
        "below",
        "sidebar",
        "screenshot",
        "screenshots",
        "picture",
        "image",
        "figure",
        "gif",
        "animation",
        "demo",
    ]
)
ASIDE_WORDS = 4  # an aside pointing at a picture holds at most this many words
_ASIDE = lazy_compile(r"\s*\(([^()]*)\)\s*[:：.。]?\s*$")


def position_aside(text: str) -> int | None:
    """Where a sentence's closing bracketed aside that points at a picture by its position
    starts ("... to the index (see left sidebar):"): at most ASIDE_WORDS words, "see" and "the"
    aside, all of them position words; None when the text ends with no such aside."""
    m = _ASIDE.search(text)
    if m is None or m.start() == 0:
        return None
    words = [w for w in re.findall(r"[a-z]+", m.group(1).lower()) if w not in ("see", "the")]
    if not words or len(words) > ASIDE_WORDS or not set(words) <= POSITION_WORDS:
        return None
    return m.start()


def unled(spans: list[Span]) -> list[Span] | None:
    """A lead-in paragraph's spans without its pointing last sentence (or with a full stop for
    its colon); None when the paragraph does not introduce what follows."""
    from generator.pieces import slice_spans
    from generator.summary import SENTENCE

    text = plain(spans).rstrip()
    aside = position_aside(text)
    if aside is not None:  # "... the index (see left sidebar):": the picture is not there
        kept = _rstrip(slice_spans(spans, 0, aside))
        return [*kept, Span("。" if text.endswith(("：", "。")) else ".")]
    starts = [m.end() for m in SENTENCE.finditer(text)]
    start = starts[-1] if starts and starts[-1] < len(text) else 0
    last = text[start:]
    if POINTER.search(last):
        return _rstrip(slice_spans(spans, 0, start))
    if text.endswith((":", "：")):
        kept = _rstrip(slice_spans(spans, 0, len(text) - 1))
        return [*kept, Span("。" if text.endswith("：") else ".")]
    if len(text) <= ANNOUNCEMENT and any(POINTER.search(text[a:]) for a in [0, *starts]):
        return []  # a short paragraph announcing them ("以下是一些…示例截图。更多…发现！")
    return None
