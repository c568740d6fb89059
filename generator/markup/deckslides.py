"""One slide of a deck as read (`Slide`) and what kind of slide it is: a title slide (the
cover), a section slide (a divider, with the line under its heading when the source lays a
heading over one short line out as a section), or a slide whose empty column slots are not
drawn."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.model import Block, Page, Section, plain, titled


def without_empty_slots(slide: Slide) -> bool:
    """A layout's column slots without the ones left empty (a `::right::` holding only a live
    component): one column left is the slide's body. Whether any was empty."""
    kept = [s for s in slide.sections if s.blocks or s.title]
    if len(kept) == len(slide.sections):
        return False
    if len(kept) <= 1 and not any(s.title for s in kept):
        slide.blocks += [b for s in kept for b in s.blocks]
        slide.sections = []
        if slide.hint == "columns":
            slide.hint = ""
    else:
        slide.sections = kept
    return True


@dataclass
class Slide:
    """One slide read: title, blocks, sections, notes and what its directives ask."""

    title: str = ""
    headings: list[str] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    hint: str = ""
    background: str = ""
    color: str = ""
    items: int = 0  # content blocks (not counting background pictures)
    lost: int = 0  # pictures not available (named in the notes)

    def page(self) -> Page:
        return Page(
            self.title,
            self.blocks,
            self.sections,
            "\n".join(self.notes),
            self.hint,
            self.background,
            self.color,
        )


def is_background(block: Block) -> bool:
    return block.type == "image" and block.kind == "background"


def is_title_slide(slide: Slide) -> bool:
    if slide.hint == "cover":
        return True
    if not slide.title or slide.sections and any(s.blocks for s in slide.sections):
        return False
    kinds = {b.type for b in slide.blocks if not (b.type == "image" and b.kind == "background")}
    short = sum(b.text_length() for b in slide.blocks) <= 240
    return kinds <= {"paragraph", "heading", "image"} and short and len(slide.blocks) <= 4


MAX_SECTION_TITLE = 90  # characters of a section slide's headings (a title, not a statement)


def is_section_slide(slide: Slide, title: str, last: bool) -> bool:
    """A slide the source marks as a section (`layout: section`, Marp's gaia template on a
    heading-only slide), or one of nothing but headings, its first a short one (smaller
    headings under it are the divider's line too, when `title` holds them); never the deck's
    last slide (a closing line is no chapter)."""
    if last or not slide.title:
        return False
    if slide.hint == "section":
        return True
    if len(slide.title) > MAX_SECTION_TITLE or any(h not in title for h in slide.headings):
        return False
    return not slide.items and not any(s.blocks for s in slide.sections)


SECTION_LINE = 80  # characters of the line under a section slide's heading
SECTION_HINTS = frozenset({"center", "section", "cover"})


def section_line(slide: Slide, title: str, last: bool) -> str:
    """The line under the heading of a slide laid out as a section (centred, `layout:
    section`/`cover`) that holds a heading and that one short line ("Composition API" / "a
    brief go-through"): a section slide with that line under its title. "" for any other."""
    if last or slide.hint not in SECTION_HINTS or slide.sections or title != slide.title:
        return ""
    shown = [b for b in slide.blocks if not is_background(b)]
    if len(shown) != 1 or shown[0].type != "paragraph" or len(title) > MAX_SECTION_TITLE:
        return ""
    text = " ".join(plain(shown[0].spans).split())
    return titled(shown[0].spans, text) if 0 < len(text) <= SECTION_LINE else ""
