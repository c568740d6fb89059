"""Multipart uploads received as they arrive (a request stream -> fields + files spooled to
temporary files), never buffered whole: the body's size is counted as it comes, each file's
name is checked when its part starts and its first bytes (magic numbers) as soon as they are
there, so a 50 MB upload of the wrong type is refused after its first kilobyte. Temporary files
are created 0600 (tempfile) and spill to disk past 1 MiB."""

from __future__ import annotations

from collections.abc import AsyncGenerator, Callable
from dataclasses import dataclass
from typing import Any

from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser, MultipartPart
from starlette.requests import ClientDisconnect, Request

from service.envelope import BAD_PARAMETERS, ApiError

HEAD_BYTES = 1024  # a file's first bytes, where its magic number is looked for
ZIP_MAGIC = b"PK\x03\x04"
PDF_MAGIC = b"%PDF-"
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
ZIP_TYPES = frozenset({"docx", "pptx", "xlsx", "xmind", "zip"})
TEXT_TYPES = frozenset({"txt", "md", "markdown", "csv", "html", "htm", "mm"})


def extension(name: str) -> str:
    return name.rsplit(".", 1)[-1].lower() if "." in name else ""


def magic_problem(ext: str, head: bytes) -> str | None:
    """Why `head` (a file's first bytes) cannot be a file of type `ext`, or None."""
    if ext == "*":  # any content: the job that reads it judges (its size is still bounded)
        return None
    if ext in ZIP_TYPES:
        return None if head.startswith(ZIP_MAGIC) else f".{ext} files are zip packages"
    if ext == "pdf":
        return None if PDF_MAGIC in head else "not a PDF file (no %PDF- header)"
    if ext in TEXT_TYPES:
        if head.startswith(UTF16_BOMS) or b"\x00" not in head:
            return None
        return f".{ext} files are text; this one holds binary data"
    return f".{ext or '(none)'} is not an accepted file type"


class UploadRefused(Exception):
    def __init__(self, field: str, reason: str) -> None:
        super().__init__(reason)
        self.field = field
        self.reason = reason


@dataclass
class _Head:
    name: str
    data: bytearray
    checked: bool = False


class CheckedMultiPartParser(MultiPartParser):
    """Starlette's streaming multipart parser plus the checks of the module doc. `allowed`:
    the extensions accepted at all (others are refused when their part starts); `as_type`:
    every file is checked as that type whatever its name, refusals naming `as_field`."""

    def __init__(
        self,
        *args: Any,
        allowed: frozenset[str],
        as_type: str | None = None,
        as_field: str = "file",
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.allowed = allowed
        self.as_type = as_type
        self.as_field = as_field
        self.files_seen = 0
        self._heads: dict[int, _Head] = {}

    def on_headers_finished(self) -> None:
        super().on_headers_finished()
        upload = self._current_part.file
        if upload is None:
            return
        name = upload.filename or ""
        field = self.as_field if self.as_type else f"file[{self.files_seen}]"
        self.files_seen += 1
        ext = extension(name)
        if self.as_type is None and ext not in self.allowed:
            accepted = ", ".join("." + e for e in sorted(self.allowed))
            raise UploadRefused(field, f"{name[:80]!r}: accepted types are {accepted}")
        self._heads[id(self._current_part)] = _Head(field, bytearray())

    def on_part_data(self, data: bytes, start: int, end: int) -> None:
        head = self._heads.get(id(self._current_part))
        if head is not None and not head.checked:
            head.data += data[start : min(end, start + HEAD_BYTES)]
            if len(head.data) >= HEAD_BYTES:
                self._check(head, self._current_part)
        super().on_part_data(data, start, end)

    def on_part_end(self) -> None:
        head = self._heads.get(id(self._current_part))
        if head is not None and not head.checked:
            self._check(head, self._current_part)
        super().on_part_end()

    def _check(self, head: _Head, part: MultipartPart) -> None:
        head.checked = True
        name = part.file.filename if part.file is not None else ""
        ext = self.as_type or extension(name or "")
        problem = magic_problem(ext, bytes(head.data[:HEAD_BYTES]))
        if problem is not None:
            raise UploadRefused(head.name, f"{(name or '')[:80]!r}: {problem}")


def _bad(field: str, reason: str) -> ApiError:
    return ApiError(
        BAD_PARAMETERS, f"bad parameters: {field}", details=[{"field": field, "reason": reason}]
    )


async def _counted(request: Request, limit: int) -> AsyncGenerator[bytes, None]:
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise UploadRefused("file", f"request over {limit} bytes")
        yield chunk


@dataclass
class Received:
    fields: dict[str, str]
    files: list[tuple[str, UploadFile]]

    async def read_files(self, keep: Callable[[str], bool]) -> list[tuple[str, bytes]]:
        """(name, bytes) of the files whose form field `keep` accepts; every file is closed."""
        out = []
        for field, upload in self.files:
            if keep(field):
                out.append((upload.filename or "upload", await upload.read()))
        await self.close()
        return out

    async def close(self) -> None:
        for _, upload in self.files:
            await upload.close()


async def receive_form(
    request: Request,
    limit: int,
    allowed: frozenset[str],
    *,
    max_files: int,
    max_fields: int,
    as_type: str | None = None,
    as_field: str = "file",
) -> Received:
    """The multipart body of `request` (at most `limit` bytes), checked as it arrives; 1010
    naming the field (`file`, `file[i]`, `body`) for anything refused."""
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and int(declared) > limit:
        raise _bad("file", f"request over {limit} bytes")
    parser = CheckedMultiPartParser(
        request.headers,
        _counted(request, limit),
        allowed=allowed,
        as_type=as_type,
        as_field=as_field,
        max_files=max_files,
        max_fields=max_fields,
    )
    try:
        form = await parser.parse()
    except UploadRefused as exc:
        raise _bad(exc.field, exc.reason) from None
    except MultiPartException:
        raise _bad("body", "not a valid multipart/form-data body") from None
    except ClientDisconnect:
        raise _bad("body", "the client closed the connection before the body ended") from None
    fields: dict[str, str] = {}
    files: list[tuple[str, UploadFile]] = []
    for key, value in form.multi_items():
        if isinstance(value, str):
            fields[key] = value
        else:
            files.append((key, value))
    return Received(fields, files)
