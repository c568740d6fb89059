"""Content-source failures and limits (a refused input -> ContentError(code, message); the bounds every parser obeys)."""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass

# errorCode strings a failed task carries (docs/generator.md "Content sources and LLM settings")
FILE_UNREADABLE = "FILE_UNREADABLE"  # corrupt or not what its name says
FILE_TOO_LARGE = "FILE_TOO_LARGE"  # over a size, page, member or expansion limit
UNSUPPORTED_TYPE = "UNSUPPORTED_TYPE"  # extension not allowed for this task type
CONTENT_EMPTY = "CONTENT_EMPTY"  # parsed, but no usable text
CONTENT_TOO_LONG = "CONTENT_TOO_LONG"  # pasted text / topic over its character limit
CONTENT_REQUIRED = "CONTENT_REQUIRED"  # content or files missing for the task type
UNSAFE_CONTENT = "UNSAFE_CONTENT"  # XML entities/DTD, zip bomb ratio, path tricks
URL_INVALID = "URL_INVALID"  # not an http(s) URL
URL_FETCH_FAILED = "URL_FETCH_FAILED"  # refused or failed by the guarded fetcher
UNSUPPORTED_TASK_TYPE = "UNSUPPORTED_TASK_TYPE"  # not 1..7


class ContentError(Exception):
    """A refused input: `code` is an errorCode string (above or the LLM's), `message` says why."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")

    def to_dict(self) -> dict[str, str]:
        return {"errorCode": self.code, "errorMessage": self.message}


class SourceError(ContentError):
    """Raised by every content source and by prepare_content for a bad input."""


@dataclass(frozen=True)
class SourceLimits:
    """Bounds for one task's content preparation (every one enforced and tested)."""

    max_file_bytes: int = 50 * 1024 * 1024  # one uploaded file
    max_total_bytes: int = 50 * 1024 * 1024  # all files of one task
    max_files: int = 5
    max_text_chars: int = 20_000  # pasted text (type 6)
    max_topic_chars: int = 1_000  # type 1
    max_markdown_chars: int = 200_000  # type 7 and any Markdown file
    max_extracted_chars: int = 400_000  # text kept from one file
    max_zip_members: int = 2_000
    max_zip_unpacked_bytes: int = 200 * 1024 * 1024  # declared sizes, all members
    max_zip_member_bytes: int = 64 * 1024 * 1024
    max_zip_ratio: float = 200.0  # uncompressed / compressed, per member over 1 MB
    max_pdf_pages: int = 300
    max_slides: int = 300
    max_sheet_rows: int = 2_000  # per sheet (xlsx) or csv file
    max_sheet_cols: int = 30
    max_images: int = 40  # images kept from one document (data URIs)
    max_image_bytes: int = 2 * 1024 * 1024  # one kept image
    max_tree_nodes: int = 5_000  # mind map nodes
    max_tree_depth: int = 40
    max_pages: int = 200  # pages of the resulting outline
    max_parse_s: float = 60.0  # one file's parse, checked between pages/slides/sheets
    fetch_timeout_s: float = 10.0  # web link: whole fetch incl. redirects
    max_fetch_bytes: int = 5 * 1024 * 1024


def check_zip(data: bytes, limits: SourceLimits, name: str) -> zipfile.ZipFile:
    """Open a zip after checking member count, declared sizes and compression ratios (bombs)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
        raise SourceError(FILE_UNREADABLE, f"{name}: not a readable zip package ({exc})") from None
    if len(infos) > limits.max_zip_members:
        raise SourceError(
            FILE_TOO_LARGE, f"{name}: {len(infos)} zip members; at most {limits.max_zip_members}"
        )
    total = 0
    for info in infos:
        total += info.file_size
        if info.file_size > limits.max_zip_member_bytes:
            raise SourceError(
                FILE_TOO_LARGE, f"{name}: member {info.filename[:80]!r} unpacks to too many bytes"
            )
        ratio = info.file_size / max(1, info.compress_size)
        if info.file_size > 1024 * 1024 and ratio > limits.max_zip_ratio:
            raise SourceError(
                UNSAFE_CONTENT,
                f"{name}: member {info.filename[:80]!r} compresses {ratio:.0f}:1 (zip bomb?)",
            )
    if total > limits.max_zip_unpacked_bytes:
        raise SourceError(FILE_TOO_LARGE, f"{name}: unpacks to {total} bytes; too large")
    return archive


def read_member(archive: zipfile.ZipFile, member: str, limits: SourceLimits, name: str) -> bytes:
    """One zip member, read with a hard cap even if its declared size lied."""
    try:
        with archive.open(member) as fh:
            data = fh.read(limits.max_zip_member_bytes + 1)
    except KeyError:
        raise SourceError(FILE_UNREADABLE, f"{name}: no {member!r} in the package") from None
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as exc:
        raise SourceError(FILE_UNREADABLE, f"{name}: cannot read {member!r} ({exc})") from None
    if len(data) > limits.max_zip_member_bytes:
        raise SourceError(FILE_TOO_LARGE, f"{name}: member {member!r} unpacks to too many bytes")
    return data


def decode_text(data: bytes, name: str) -> str:
    """Bytes of a text file -> str (BOM, then UTF-8, then GB18030, then Latin-1); NULs refused."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    elif data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise SourceError(FILE_UNREADABLE, f"{name}: bad UTF-16 text") from None
    if b"\x00" in data[:4096]:
        raise SourceError(FILE_UNREADABLE, f"{name}: binary data, not text")
    for encoding in ("utf-8", "gb18030"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")
