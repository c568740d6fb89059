"""PowerPoint .pptx -> Outline (python-pptx: slide titles -> pages, body paragraphs -> lists, tables)."""

from __future__ import annotations

import base64
import io
import time
from typing import Any

from generator.markup.images import data_uri_size
from generator.model import Block, Outline
from generator.sources.errors import (
    FILE_TOO_LARGE,
    FILE_UNREADABLE,
    SourceError,
    SourceLimits,
    check_zip,
)
from generator.sources.tree import OutlineBuilder, clip, item, table
from generator.sources.word import IMAGE_TYPES, nest_items


def pptx_to_outline(
    data: bytes, limits: SourceLimits | None = None, *, name: str = "file.pptx"
) -> Outline:
    """Slide 1's title is the topic (its subtitle the subtitle); every other slide is a page titled
    by its title placeholder; body paragraphs become (nested, by level) list items; tables stay
    tables. More than limits.max_slides slides -> FILE_TOO_LARGE."""
    limits = limits or SourceLimits()
    check_zip(data, limits, name)
    from pptx import Presentation

    try:
        deck = Presentation(io.BytesIO(data))
        slides = list(deck.slides)
    except Exception as exc:
        raise SourceError(
            FILE_UNREADABLE, f"{name}: not a readable PowerPoint file ({type(exc).__name__})"
        ) from None
    if len(slides) > limits.max_slides:
        raise SourceError(
            FILE_TOO_LARGE, f"{name}: {len(slides)} slides; at most {limits.max_slides}"
        )
    deadline = time.monotonic() + limits.max_parse_s
    builder = OutlineBuilder()
    pictures = [0]  # pictures kept so far (at most limits.max_images)
    for index, slide in enumerate(slides):
        if time.monotonic() > deadline:
            raise SourceError(FILE_TOO_LARGE, f"{name}: reading took over {limits.max_parse_s} s")
        _slide(builder, slide, index)
        if index > 0:
            _pictures(builder, slide, limits, pictures)
    return builder.finish(fallback_topic=name.rsplit(".", 1)[0])


def _pictures(builder: OutlineBuilder, slide: Any, limits: SourceLimits, kept: list[int]) -> None:
    """The slide's pictures (PNG/JPEG/GIF, each under limits.max_image_bytes) as image blocks
    with their alt text (the shape's description)."""
    for shape in slide.shapes:
        if kept[0] >= limits.max_images or getattr(shape, "shape_type", None) != 13:  # PICTURE
            continue
        try:
            image = shape.image
            blob, mime = image.blob, image.content_type
        except (AttributeError, KeyError, ValueError):
            continue
        if mime not in IMAGE_TYPES or len(blob) > limits.max_image_bytes:
            continue
        kept[0] += 1
        src = f"data:{mime};base64,{base64.b64encode(blob).decode('ascii')}"
        alt = str(shape._element.nvPicPr.cNvPr.get("descr") or shape.name or "")
        width, height = data_uri_size(src)
        builder.add(Block("image", src=src, alt=clip(alt, 120), width=width, height=height))


def _slide(builder: OutlineBuilder, slide: Any, index: int) -> None:
    title_shape = slide.shapes.title
    title = clip(title_shape.text_frame.text) if title_shape is not None else ""
    title_id = title_shape.shape_id if title_shape is not None else None
    bodies = [s for s in slide.shapes if s.shape_id != title_id]
    if index == 0 and title:
        builder.topic = title
        texts = [
            s.text_frame.text for s in bodies if s.has_text_frame and s.text_frame.text.strip()
        ]
        if texts:
            builder.subtitle = clip(" ".join(texts), 160)
        return
    builder.heading(3, title or f"{builder.topic} ({index + 1})")
    for shape in bodies:
        if shape.has_text_frame:
            items = [
                (min(int(p.level), 8), False, " ".join("".join(r.text for r in p.runs).split()))
                for p in shape.text_frame.paragraphs
            ]
            items = [i for i in items if i[2]]
            if len(items) == 1:
                builder.add(Block("paragraph", item(items[0][2]).spans))
            elif items:
                builder.add(nest_items(items))
        elif getattr(shape, "has_table", False) and shape.has_table:
            rows = [[" ".join(c.text.split()) for c in row.cells] for row in shape.table.rows]
            if rows:
                builder.add(table(rows[0], rows[1:]))
