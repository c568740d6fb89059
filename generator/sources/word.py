"""Word .docx -> Outline (Title/Heading styles -> topic/chapter/page/section; lists, tables, images)."""

from __future__ import annotations

import base64
import io
import re
from typing import Any

from generator.lazyre import lazy_compile
from generator.markup.images import data_uri_size
from generator.model import Block, ListItem, Outline, Span
from generator.sources.errors import FILE_UNREADABLE, SourceError, SourceLimits, check_zip
from generator.sources.tree import OutlineBuilder, clip, table

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_HEADING = lazy_compile(r"^heading\s*(\d)$", re.I)
IMAGE_TYPES = {"image/png", "image/jpeg", "image/gif"}


def docx_to_outline(
    data: bytes, limits: SourceLimits | None = None, *, name: str = "file.docx"
) -> Outline:
    """The document's structure, kept exactly: with a `Title` paragraph, Title -> topic and
    Heading 1/2/3 -> chapter/page/content title; without one, a single Heading 1 is the topic
    (Heading 2/3/4 -> chapter/page/content title), several Heading 1 are chapters (topic: the
    core title, else the file name). Deeper headings become bold headings; tables stay tables;
    PNG/JPEG/GIF images are kept (at most limits.max_images, each under max_image_bytes)."""
    limits = limits or SourceLimits()
    check_zip(data, limits, name)
    import docx

    try:
        document = docx.Document(io.BytesIO(data))
    except Exception as exc:  # python-docx raises many types for a broken package
        raise SourceError(
            FILE_UNREADABLE, f"{name}: not a readable Word document ({type(exc).__name__})"
        ) from None
    body = document.element.body
    names = _style_names(document)
    paragraphs = [el for el in body.iterchildren() if el.tag == _W + "p"]
    styles = [_style_name(names, p) for p in paragraphs]
    levels = [_level(s) for s in styles]
    has_title = any(s.lower() == "title" for s in styles)
    shift = 1 if has_title or levels.count(1) > 1 else 0
    builder = OutlineBuilder()
    if not has_title and levels.count(1) != 1:
        builder.topic = clip(document.core_properties.title or "") or name.rsplit(".", 1)[0]
    walker = _Walker(builder, document, limits, shift, names)
    for el in body.iterchildren():
        walker.element(el)
    walker.flush()
    return builder.finish(fallback_topic=name.rsplit(".", 1)[0])


def _style_names(document: Any) -> dict[str, str]:
    """styleId -> style name, read once by walking the styles part (a file-provided id is
    only ever compared as a string, never put into an XPath or other query)."""
    names: dict[str, str] = {}
    for style in document.styles.element.iterchildren(_W + "style"):
        sid = style.get(_W + "styleId")
        name = style.find(_W + "name")
        if sid is not None and sid not in names:
            names[sid] = name.get(_W + "val", sid) if name is not None else sid
    return names


def _style_name(names: dict[str, str], p: Any) -> str:
    ppr = p.find(_W + "pPr")
    style = ppr.find(_W + "pStyle") if ppr is not None else None
    if style is None:
        return ""
    sid = style.get(_W + "val", "")
    return names.get(sid, sid)


def _level(style: str) -> int | None:
    if style.lower() == "title":
        return 0
    m = _HEADING.match(style.strip())
    return int(m.group(1)) if m else None


class _Walker:
    def __init__(
        self,
        builder: OutlineBuilder,
        document: Any,
        limits: SourceLimits,
        shift: int,
        names: dict[str, str],
    ):
        self.builder, self.document, self.limits, self.shift = builder, document, limits, shift
        self.names = names
        self.items: list[tuple[int, bool, str]] = []  # pending list items (level, ordered, text)
        self.images = 0
        self.chars = 0

    def element(self, el: Any) -> None:
        if el.tag == _W + "tbl":
            self.flush()
            self._table(el)
        elif el.tag == _W + "p":
            self._paragraph(el)

    def _paragraph(self, p: Any) -> None:
        text = "".join(t.text or "" for t in p.iter(_W + "t")).strip()
        self.chars += len(text)
        if self.chars > self.limits.max_extracted_chars:
            return
        style_name = _style_name(self.names, p)
        level = _level(style_name)
        ppr = p.find(_W + "pPr")
        numpr = ppr.find(_W + "numPr") if ppr is not None else None
        style = style_name.lower()
        if level is not None and text:
            self.flush()
            self.builder.heading(1 if level == 0 else level + self.shift, text)
        elif (numpr is not None or style.startswith("list")) and text:
            ilvl = numpr.find(_W + "ilvl") if numpr is not None else None
            digits = re.search(r"(\d)$", style)
            depth = int(digits.group(1)) - 1 if digits else 0
            if ilvl is not None and ilvl.get(_W + "val", "").isdigit():
                depth = int(ilvl.get(_W + "val"))
            self.items.append((min(depth, 8), "number" in style, text))
        else:
            self.flush()
            if text:
                self.builder.add(Block("paragraph", _runs(p)))
        for blip in p.iter(_A + "blip"):
            self._image(blip.get(_R + "embed", ""), text)

    def _image(self, rid: str, alt: str) -> None:
        if self.images >= self.limits.max_images:
            return
        try:
            part = self.document.part.related_parts[rid]
        except KeyError:
            return
        blob = part.blob
        if part.content_type not in IMAGE_TYPES or len(blob) > self.limits.max_image_bytes:
            return
        self.images += 1
        self.flush()
        src = f"data:{part.content_type};base64,{base64.b64encode(blob).decode('ascii')}"
        width, height = data_uri_size(src)
        block = Block("image", src=src, alt=clip(alt or "image", 120), width=width, height=height)
        self.builder.add(block)

    def _table(self, tbl: Any) -> None:
        rows: list[list[str]] = []
        for tr in tbl.iter(_W + "tr"):
            cells = [
                " ".join("".join(t.text or "" for t in tc.iter(_W + "t")).split())
                for tc in tr.iter(_W + "tc")
            ]
            rows.append(cells[: self.limits.max_sheet_cols])
            if len(rows) > self.limits.max_sheet_rows:
                break
        if rows:
            self.builder.add(table(rows[0], rows[1:]))

    def flush(self) -> None:
        if not self.items:
            return
        self.builder.add(nest_items(self.items))
        self.items = []


def _runs(p: Any) -> list[Span]:
    spans: list[Span] = []
    for r in p.iter(_W + "r"):
        text = "".join(t.text or "" for t in r.iter(_W + "t"))
        if not text:
            continue
        rpr = r.find(_W + "rPr")
        bold = rpr is not None and _on(rpr.find(_W + "b"))
        italic = rpr is not None and _on(rpr.find(_W + "i"))
        if spans and (spans[-1].bold, spans[-1].italic) == (bold, italic):
            spans[-1].text += text
        else:
            spans.append(Span(text, bold, italic))
    if spans:
        spans[0].text = spans[0].text.lstrip()
        spans[-1].text = spans[-1].text.rstrip()
    return [s for s in spans if s.text]


def _on(el: Any) -> bool:
    return el is not None and el.get(_W + "val", "true") not in ("0", "false", "off")


def nest_items(items: list[tuple[int, bool, str]]) -> Block:
    """Flat (level, ordered, text) items -> a nested list block."""
    root = Block("list", ordered=items[0][1])
    stack: list[tuple[int, Block]] = [(items[0][0], root)]
    for level, ordered, text in items:
        while len(stack) > 1 and level < stack[-1][0]:
            stack.pop()
        depth, block = stack[-1]
        if level > depth and block.items:
            child = Block("list", ordered=ordered)
            block.items[-1].children.append(child)
            stack.append((level, child))
            block = child
        block.items.append(ListItem([Span(text)]))
    return root
