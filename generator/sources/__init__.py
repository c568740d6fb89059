"""Task content (type, text, uploaded files, link) -> prepared Markdown + outline for the planner.

    prepare_content(task_type, content, files, *, fetcher=None, limits=None) -> PreparedContent

Types as AiPPT numbers them: 1 topic (needs the LLM: see generator.llm; here only checked),
2 uploaded files, 3 mind map, 4 Word document kept exactly, 5 web link, 6 pasted text,
7 Markdown outline. Every refusal raises SourceError(code, message); codes in
generator.sources.errors (FILE_UNREADABLE, FILE_TOO_LARGE, UNSUPPORTED_TYPE, ...).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from generator.errors import GeneratorError
from generator.markup.images import fill_image_sizes
from generator.model import Outline
from generator.outline import parse_outline
from generator.sources.errors import (
    CONTENT_EMPTY,
    CONTENT_REQUIRED,
    CONTENT_TOO_LONG,
    FILE_TOO_LARGE,
    FILE_UNREADABLE,
    UNSUPPORTED_TASK_TYPE,
    UNSUPPORTED_TYPE,
    ContentError,
    SourceError,
    SourceLimits,
    decode_text,
)
from generator.sources.markdown import outline_to_markdown
from generator.sources.mindmap import freemind_to_outline, markdown_map_to_outline, xmind_to_outline
from generator.sources.pdf import pdf_to_outline
from generator.sources.sheets import csv_to_outline, xlsx_to_outline
from generator.sources.slides import pptx_to_outline
from generator.sources.text import text_to_outline
from generator.sources.tree import count_pages, merge_outlines
from generator.sources.web import FetchedPage, Fetcher, guarded_fetch, link_to_outline
from generator.sources.webpage import html_to_outline
from generator.sources.word import docx_to_outline

__all__ = [
    "ALLOWED_EXTENSIONS",
    "ContentError",
    "FetchedPage",
    "Fetcher",
    "PreparedContent",
    "SourceError",
    "SourceLimits",
    "UploadedFile",
    "guarded_fetch",
    "outline_to_markdown",
    "prepare_content",
]


@dataclass(frozen=True)
class UploadedFile:
    name: str
    data: bytes = field(repr=False)


@dataclass
class PreparedContent:
    """What the planner (generate_from_markdown) or the LLM step gets next."""

    task_type: int
    markdown: str  # Markdown the planner reads (outline_to_markdown(outline), or type 7 as given)
    outline: Outline | None  # None for type 1 (the topic is in `topic`)
    topic: str = ""  # type 1 only
    expandable: bool = True  # False for type 4 (kept exactly) and 7 (the user's own outline)


Parser = Callable[..., Outline]


def _text_file(data: bytes, limits: SourceLimits | None = None, *, name: str) -> Outline:
    return text_to_outline(decode_text(data, name), limits, name=name.rsplit(".", 1)[0])


def _md_file(data: bytes, limits: SourceLimits | None = None, *, name: str) -> Outline:
    return markdown_map_to_outline(data, limits, name=name)


def _html_file(data: bytes, limits: SourceLimits | None = None, *, name: str) -> Outline:
    return html_to_outline(data, limits, name=name)


FILE_PARSERS: dict[str, Parser] = {
    "docx": docx_to_outline,
    "pdf": pdf_to_outline,
    "txt": _text_file,
    "md": _md_file,
    "markdown": _md_file,
    "html": _html_file,
    "htm": _html_file,
    "pptx": pptx_to_outline,
    "xlsx": xlsx_to_outline,
    "csv": csv_to_outline,
    "xmind": xmind_to_outline,
    "mm": freemind_to_outline,
}
ALLOWED_EXTENSIONS: dict[int, tuple[str, ...]] = {
    2: ("docx", "pdf", "txt", "md", "markdown", "html", "htm", "pptx", "xlsx", "csv"),
    3: ("xmind", "mm", "md", "markdown"),
    4: ("docx",),
}
CONTENT_TYPES = (1, 5, 6, 7)


def extension(name: str) -> str:
    return name.rsplit(".", 1)[-1].lower() if "." in name else ""


def prepare_content(
    task_type: int,
    content: str | None,
    files: list[UploadedFile] | None = None,
    *,
    fetcher: Fetcher | None = None,
    limits: SourceLimits | None = None,
) -> PreparedContent:
    """Check and turn one task's content into Markdown + outline (no LLM here).

    1: the topic is checked (required, at most limits.max_topic_chars) and passed on;
    2/3/4: files (1..max_files, each <= max_file_bytes, together <= max_total_bytes, extension
    allowed for the type); several files are merged in order; 5: `content` is the URL;
    6: pasted text (<= max_text_chars); 7: Markdown straight through (checked by parse_outline).
    """
    limits = limits or SourceLimits()
    files = files or []
    if task_type not in range(1, 8):
        raise SourceError(UNSUPPORTED_TASK_TYPE, f"type {task_type} is not one of 1-7")
    if task_type in CONTENT_TYPES:
        text = (content or "").strip()
        if not text:
            raise SourceError(CONTENT_REQUIRED, f"type {task_type} needs `content`")
        if task_type == 1:
            if len(text) > limits.max_topic_chars:
                raise SourceError(
                    CONTENT_TOO_LONG, f"topic over {limits.max_topic_chars} characters"
                )
            return PreparedContent(1, "", None, topic=text)
        if task_type == 5:
            outline = link_to_outline(text, limits, fetcher=fetcher)
        elif task_type == 6:
            if len(text) > limits.max_text_chars:
                raise SourceError(
                    CONTENT_TOO_LONG,
                    f"text is {len(text)} characters; at most {limits.max_text_chars}",
                )
            outline = text_to_outline(text, limits)
        else:
            if len(text) > limits.max_markdown_chars:
                raise SourceError(
                    CONTENT_TOO_LONG, f"Markdown over {limits.max_markdown_chars} characters"
                )
            try:
                outline = parse_outline(text)
            except GeneratorError as exc:
                reason = exc.problems[0].reason if exc.problems else exc.message
                raise SourceError(CONTENT_EMPTY, f"markdown {reason}") from None
            return PreparedContent(7, text, outline, expandable=False)
        return _prepared(task_type, outline, limits)
    outlines = [_parse_file(task_type, f, limits) for f in _checked_files(task_type, files, limits)]
    return _prepared(task_type, merge_outlines(outlines), limits)


def _checked_files(
    task_type: int, files: list[UploadedFile], limits: SourceLimits
) -> list[UploadedFile]:
    if not files:
        raise SourceError(CONTENT_REQUIRED, f"type {task_type} needs at least one file")
    if len(files) > limits.max_files:
        raise SourceError(FILE_TOO_LARGE, f"{len(files)} files; at most {limits.max_files}")
    if task_type == 4 and len(files) != 1:
        raise SourceError(UNSUPPORTED_TYPE, "type 4 converts exactly one Word document")
    total = 0
    for f in files:
        ext = extension(f.name)
        if ext not in ALLOWED_EXTENSIONS[task_type]:
            allowed = ", ".join("." + e for e in ALLOWED_EXTENSIONS[task_type])
            raise SourceError(
                UNSUPPORTED_TYPE, f"{f.name[:80]}: type {task_type} accepts {allowed}"
            )
        if len(f.data) > limits.max_file_bytes:
            raise SourceError(FILE_TOO_LARGE, f"{f.name[:80]}: over {limits.max_file_bytes} bytes")
        total += len(f.data)
    if total > limits.max_total_bytes:
        raise SourceError(
            FILE_TOO_LARGE, f"files total {total} bytes; at most {limits.max_total_bytes}"
        )
    return files


def _parse_file(task_type: int, f: UploadedFile, limits: SourceLimits) -> Outline:
    ext = extension(f.name)
    parser = FILE_PARSERS[ext]
    if task_type == 3 and ext in ("md", "markdown"):
        parser = _md_file
    try:
        return parser(f.data, limits, name=f.name[:120])
    except ContentError:
        raise
    except (MemoryError, RecursionError) as exc:
        raise SourceError(
            FILE_TOO_LARGE, f"{f.name[:80]}: too complex ({type(exc).__name__})"
        ) from None
    except Exception as exc:  # a parser bug or an unforeseen library error: the task fails cleanly
        raise SourceError(
            FILE_UNREADABLE, f"{f.name[:80]}: unreadable ({type(exc).__name__})"
        ) from None


def _prepared(task_type: int, outline: Outline, limits: SourceLimits) -> PreparedContent:
    fill_image_sizes(outline)
    pages = count_pages(outline)
    if pages > limits.max_pages:
        code = CONTENT_TOO_LONG if task_type in CONTENT_TYPES else FILE_TOO_LARGE
        raise SourceError(code, f"content makes {pages} pages; at most {limits.max_pages}")
    return PreparedContent(
        task_type, outline_to_markdown(outline), outline, expandable=task_type != 4
    )
