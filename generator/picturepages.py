"""The picture slides of a summarised page: its pictures in reading order, spread over gallery
slides of GALLERY at most (image-full or image-grid, captioned by their alt text), and the
record of the pictures a page leaves out."""

from __future__ import annotations

import math
from dataclasses import replace

from generator.leftout import EXCERPT, LeftOut
from generator.model import Block, Span, plain
from generator.pages import PlannedPage
from generator.screenshots import GRID_COUNT, caption_line, per_slide, screenshot
from generator.sourced import picture_count, sourced_runs

GALLERY = 4  # pictures on one picture slide (the image-grid layout draws 2 to 4)
DRAWN = ("diagram", "formula")  # pictures drawn from a source (their alt text)


def pictures(blocks: list[Block]) -> list[Block]:
    """The picture blocks among `blocks` and inside their list items."""
    found: list[Block] = []
    for block in blocks:
        if block.type == "image" and block.kind != "formula":
            found.append(block)
        for item in block.items:
            found.extend(pictures(item.children))
    return found


def shown_pictures(blocks: list[Block]) -> list[Block]:
    """The pictures among `blocks` a slide would show (badges are not pictures of content)."""
    return [b for b in pictures(blocks) if b.kind != "badge"]


def lead_captioned(blocks: list[Block]) -> list[Block]:
    """The pictures a slide would show (shown_pictures), one without alt text captioned by the
    paragraph right before it: its lead-in ("[2023/06/14] WebGLM released ...") is what says
    what the picture is, on a picture slide of its own too."""
    leads = {
        id(b): plain(blocks[i - 1].spans).strip()
        for i, b in enumerate(blocks)
        if i and b.type == "image" and not b.alt.strip() and blocks[i - 1].type == "paragraph"
    }
    return [replace(b, alt=leads.get(id(b)) or b.alt) for b in shown_pictures(blocks)]


def gallery_groups(found: list[Block]) -> list[list[Block]]:
    """The pictures in reading order, GALLERY at most a slide, spread evenly over the slides
    (5 pictures: 3 + 2, not 4 + 1); screenshots two at most, or one when two side by side
    would be too small to read (generator.screenshots); a diagram shown with its source
    (generator.sourced) on a slide of its own."""
    groups: list[list[Block]] = []
    for alone, run in sourced_runs(found):
        groups += [run] if alone else _picture_groups(run)
    return groups


def _picture_groups(found: list[Block]) -> list[list[Block]]:
    if not found:
        return []
    if any(screenshot(b) for b in found):
        out: list[list[Block]] = []
        for b in found:
            if out and per_slide([*out[-1], b]) > len(out[-1]):
                out[-1].append(b)
            else:
                out.append([b])
        return out
    n = math.ceil(len(found) / GALLERY)
    size, extra = divmod(len(found), n)
    groups: list[list[Block]] = []
    at = 0
    for i in range(n):
        take = size + (1 if i < extra else 0)
        groups.append(found[at : at + take])
        at += take
    return groups


def gallery_page(page: PlannedPage, group: list[Block]) -> PlannedPage:
    """A picture slide of `page`: one picture with its alt text as caption (image-full; a
    screenshot's alt text goes to the slide's notes, the picture gets the whole body), or 2 to
    4 pictures with theirs (image-grid). The page's notes are on its first slide."""
    if picture_count(group) < len(group):  # a diagram beside its source, as on its page
        notes = "\n\n".join(b.alt.strip() for b in group if b.type == "image" and b.alt.strip())
        cut = any(b.type == "code" and b.text.rstrip().endswith("…") for b in group)
        blocks = list(group)
        return replace(
            page, blocks=blocks, sections=[], layout="image-text", notes=notes if cut else ""
        )
    sources = "\n\n".join(b.alt.strip() for b in group if b.kind in DRAWN and b.alt.strip())
    # never a slide's background here; a drawn diagram's or formula's alt text is its source,
    # not a caption: it goes to the notes
    group = [replace(b, kind="picture", alt="" if b.kind in DRAWN else b.alt) for b in group]
    if len(group) == 1:
        picture = group[0]
        alt = picture.alt.strip()
        if sources:
            return replace(page, blocks=[picture], sections=[], layout="image-full", notes=sources)
        if screenshot(picture):  # it carries text: the body to itself, its alt text in the
            # notes and, cut to one line, under it: no picture slide without words
            line = caption_line(alt)
            blocks = [picture, Block("paragraph", [Span(line)])] if line else [picture]
            notes = GRID_COUNT.sub("", alt)
            return replace(page, blocks=blocks, sections=[], layout="image-full", notes=notes)
        blocks = [picture, Block("paragraph", [Span(alt)])] if alt else [picture]
        return replace(page, blocks=blocks, sections=[], layout="image-full", notes="")
    return replace(page, blocks=list(group), sections=[], layout="image-grid", notes=sources)


def pictures_record(page: PlannedPage, blocks: list[Block]) -> LeftOut | None:
    """The record of the pictures in blocks a page does not show (notes hold no pictures)."""
    found = pictures(blocks)
    if not found:
        return None
    names = ", ".join(b.alt or "untitled" for b in found)
    message = f"{len(found)} picture{'s' if len(found) > 1 else ''} of a long section not shown"
    return LeftOut(page.source, "length", message, names[:EXCERPT])


def nested_pictures(blocks: list[Block]) -> bool:
    """Whether pictures a slide would show are inside list items (not blocks of their own)."""
    top = [b for b in blocks if b.type == "image"]
    return len(shown_pictures(blocks)) > len(shown_pictures(top))
