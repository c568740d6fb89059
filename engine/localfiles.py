"""Local asset URLs (relative to the page, or file:) -> bounded bytes, read only under the caller's allowed folders."""

from __future__ import annotations

import mimetypes
import os
import stat
import urllib.parse
from dataclasses import dataclass

from engine.budget import current
from engine.diagnostics import Diagnostics
from engine.options import Options


@dataclass(frozen=True)
class LocalFile:
    path: str  # the real path (symbolic links resolved)
    url: str  # its file: URL, the base for URLs inside it


def local_url(url: str, options: Options) -> str | None:
    """The file: URL that `url` means on this page (relative URLs resolved against the page's
    address), or None when it is not a local file URL."""
    joined = urllib.parse.urljoin(options.base_url or "", url.strip())
    parts = urllib.parse.urlsplit(joined)
    if parts.scheme.lower() != "file" or parts.netloc not in ("", "localhost"):
        return None
    return joined


def url_path(path: str) -> str:
    """The file system path a file: URL's path names, as `urllib.request.url2pathname` gives
    it, without importing urllib.request (which loads http.client, ssl and email at start-up
    for every deck with a local picture)."""
    if os.name == "nt":
        from nturl2path import url2pathname

        return url2pathname(path)
    return urllib.parse.unquote(path)


def resolve_local(url: str, options: Options) -> LocalFile | str:
    """The allowed local file `url` names, or the reason it is refused."""
    if not options.file_roots:
        return "local files are not allowed"
    full = local_url(url, options)
    if full is None:
        if not options.base_url and not urllib.parse.urlsplit(url).scheme:
            return "relative URL and no page address"
        return "not a local file URL"
    path = url_path(urllib.parse.urlsplit(full).path)
    real = os.path.realpath(path)
    for root in options.file_roots:
        top = os.path.realpath(root)
        if real == top or real.startswith(top.rstrip(os.sep) + os.sep):
            return LocalFile(real, full)
    return "outside the allowed folders"


def read_local(
    url: str, diag: Diagnostics, options: Options, where: str = "", *, max_bytes: int = 0
) -> tuple[LocalFile, bytes] | None:
    """Read an allowed local file of at most `max_bytes` (default limits.max_fetch_bytes);
    never raises: a refusal or failure becomes a 'resource' diagnostic."""
    shown = url.strip()[:120]
    found = resolve_local(url, options)
    if isinstance(found, str):
        diag.add("resource", f"not read ({found}): {shown}", where)
        return None
    limit = max_bytes or options.limits.max_fetch_bytes
    budget = current()
    if budget is not None and found.path in budget.local_files:  # read once per page
        known = budget.local_files[found.path]
        if len(known) > limit:
            diag.add("limit", f"file over {limit} bytes not read: {shown}", where)
            return None
        return found, known
    data = _read_file(found, diag, where, shown, limit)
    if data is None:
        return None
    if budget is not None:
        cap = options.limits.max_page_local_bytes
        if budget.local_bytes + len(data) > cap:
            diag.add("limit", f"local files of this page over {cap} bytes: {shown} not read", where)
            return None
        budget.local_bytes += len(data)
        budget.local_files[found.path] = data
    return found, data


def _read_file(
    found: LocalFile, diag: Diagnostics, where: str, shown: str, limit: int
) -> bytes | None:
    try:  # never open a FIFO or device (opening a FIFO blocks until a writer comes)
        if not stat.S_ISREG(os.stat(found.path).st_mode):
            diag.add("resource", f"not read (not a regular file): {shown}", where)
            return None
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        fd = os.open(found.path, flags)
    except OSError as exc:
        diag.add("resource", f"not read ({exc.strerror or 'unreadable'}): {shown}", where)
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            diag.add("resource", f"not read (not a regular file): {shown}", where)
            return None
        if info.st_size > limit:
            diag.add("limit", f"file over {limit} bytes not read: {shown}", where)
            return None
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        diag.add("limit", f"file over {limit} bytes not read: {shown}", where)
        return None
    return data


def guess_type(path: str) -> str:
    """A file's content type by its name (images are sniffed again when decoded)."""
    return mimetypes.guess_type(path)[0] or "application/octet-stream"


def read_stylesheet(href: str, diag: Diagnostics, options: Options) -> str | None:
    """The text of an allowed local stylesheet (<link rel=stylesheet href>), its relative url()s
    made absolute against its own address when that differs from the page's folder."""
    limit = options.limits.max_stylesheet_bytes
    found = read_local(href, diag, options, "<link rel=stylesheet>", max_bytes=limit * 4)
    if found is None:
        return None
    sheet, data = found
    text = data.decode("utf-8-sig", errors="replace")
    page_base = urllib.parse.urljoin(options.base_url or "", ".")
    if urllib.parse.urljoin(sheet.url, ".") == page_base:
        return text
    return absolute_urls(text, sheet.url)


def absolute_urls(css: str, base: str) -> str:
    """CSS text with every url(...) (also url("...")) resolved against `base` (tokenised by
    tinycss2 and serialised again; nothing else changes)."""
    import tinycss2
    from tinycss2 import ast

    try:
        nodes = tinycss2.parse_component_value_list(css)
    except RecursionError:
        return css  # nested too deeply: the stylesheet parser reports and drops it
    pending = [nodes]
    while pending:  # iterative: blocks may nest as deep as the text allows
        level = pending.pop()
        for i, node in enumerate(level):
            if isinstance(node, ast.URLToken) and not node.value.startswith("#"):
                value = urllib.parse.urljoin(base, node.value)
                level[i] = ast.URLToken(node.source_line, node.source_column, value, _url(value))
            elif isinstance(node, ast.FunctionBlock):
                if node.lower_name == "url":
                    _absolute_string_args(node.arguments, base)
                pending.append(node.arguments)
            elif isinstance(
                node, (ast.ParenthesesBlock, ast.SquareBracketsBlock, ast.CurlyBracketsBlock)
            ):
                pending.append(node.content)
    return tinycss2.serialize(nodes)


def _absolute_string_args(args: list[object], base: str) -> None:
    from tinycss2 import ast

    for j, arg in enumerate(args):
        if isinstance(arg, ast.StringToken) and not arg.value.startswith("#"):
            value = urllib.parse.urljoin(base, arg.value)
            args[j] = ast.StringToken(arg.source_line, arg.source_column, value, _string(value))


def _url(value: str) -> str:
    from tinycss2.serializer import serialize_url

    return f"url({serialize_url(value)})"


def _string(value: str) -> str:
    from tinycss2.serializer import serialize_string_value

    return f'"{serialize_string_value(value)}"'
