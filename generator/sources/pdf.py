"""PDF -> Outline (pypdf text; lines set larger than the body text become headings by size rank)."""

from __future__ import annotations

import io
import math
import time
from collections import Counter
from typing import Any

from generator.model import Outline
from generator.sources.errors import FILE_TOO_LARGE, FILE_UNREADABLE, SourceError, SourceLimits
from generator.sources.text import text_to_outline

HEADING_RATIO = 1.2  # a line at least this much larger than the body size is a heading
MAX_HEADING_CHARS = 100


def pdf_to_outline(
    data: bytes, limits: SourceLimits | None = None, *, name: str = "file.pdf"
) -> Outline:
    """Text of at most limits.max_pdf_pages pages (more -> FILE_TOO_LARGE). Lines whose font
    size is at least 1.2x the most common (body) size are headings: the largest size ->
    chapters, the next -> pages, the next -> content titles (a largest-size line that occurs
    once, first, is the topic). Body lines go through the plain-text rules."""
    limits = limits or SourceLimits()
    from pypdf import PdfReader
    from pypdf.errors import LimitReachedError

    deadline = time.monotonic() + limits.max_parse_s
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted and not reader.decrypt(""):
            raise SourceError(FILE_UNREADABLE, f"{name}: the PDF is password-protected")
        count = len(reader.pages)
    except SourceError:
        raise
    except Exception as exc:  # pypdf raises many types for broken files
        raise SourceError(
            FILE_UNREADABLE, f"{name}: not a readable PDF ({type(exc).__name__})"
        ) from None
    if count > limits.max_pdf_pages:
        raise SourceError(
            FILE_TOO_LARGE, f"{name}: {count} pages; at most {limits.max_pdf_pages} are read"
        )
    lines: list[tuple[str, float]] = []
    chars = 0
    for index in range(count):
        if time.monotonic() > deadline:
            raise SourceError(FILE_TOO_LARGE, f"{name}: reading took over {limits.max_parse_s} s")
        try:
            page_lines = _page_lines(reader.pages[index])
        except LimitReachedError:
            raise SourceError(
                FILE_TOO_LARGE, f"{name}: page {index + 1} decompresses past pypdf's limits"
            ) from None
        except Exception as exc:
            raise SourceError(
                FILE_UNREADABLE, f"{name}: page {index + 1} unreadable ({type(exc).__name__})"
            ) from None
        lines.extend(page_lines)
        chars += sum(len(t) for t, _ in page_lines)
        if chars > limits.max_extracted_chars:
            break
    return text_to_outline(_as_text(lines), limits, name=name)


def _page_lines(page: Any) -> list[tuple[str, float]]:
    """(line text, largest font size on it) in content order."""
    lines: list[tuple[str, float]] = []
    current: list[str] = []
    size = 0.0

    def visit(text: str, cm: Any, tm: Any, font: Any, font_size: float) -> None:
        nonlocal size
        scale = math.hypot(float(tm[2]), float(tm[3])) * math.hypot(float(cm[2]), float(cm[3]))
        effective = float(font_size or 0) * (scale or 1.0)
        parts = text.split("\n")
        for i, part in enumerate(parts):
            if i > 0:
                _close(lines, current, size)
                current.clear()
                size = 0.0
            if part.strip():
                current.append(part)
                size = max(size, effective)

    page.extract_text(visitor_text=visit)
    _close(lines, current, size)
    return lines


def _close(lines: list[tuple[str, float]], parts: list[str], size: float) -> None:
    text = " ".join("".join(parts).split())
    if text:
        lines.append((text, round(size, 1)))


def _as_text(lines: list[tuple[str, float]]) -> str:
    """Lines -> plain text with `#` headings by size rank and blank lines around them."""
    weights: Counter[float] = Counter()
    for text, size in lines:
        weights[size] += len(text)
    if not weights:
        return ""
    body = weights.most_common(1)[0][0]
    heading_sizes = sorted(
        {s for t, s in lines if s >= body * HEADING_RATIO and len(t) <= MAX_HEADING_CHARS},
        reverse=True,
    )
    if not heading_sizes:
        return "\n".join(t for t, _ in lines)
    rank = {s: i for i, s in enumerate(heading_sizes[:3])}
    top = [t for t, s in lines if s == heading_sizes[0]]
    topic_first = len(top) == 1 and lines[0][1] == heading_sizes[0]
    out: list[str] = []
    for n, (text, size) in enumerate(lines):
        if size in rank and len(text) <= MAX_HEADING_CHARS:
            level = 1 if (n == 0 and topic_first) else 2 + rank[size] - (1 if topic_first else 0)
            out.append("\n" + "#" * max(1, min(level, 4)) + " " + text.lstrip("#") + "\n")
        else:
            out.append(text)
    return "\n".join(out)
