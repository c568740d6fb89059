"""Spreadsheets (.xlsx via openpyxl read_only, .csv) -> Outline: one page of a table per sheet chunk."""

from __future__ import annotations

import csv
import io
import time
from typing import Any

from generator.model import Outline
from generator.sources.errors import (
    FILE_TOO_LARGE,
    FILE_UNREADABLE,
    SourceError,
    SourceLimits,
    check_zip,
    decode_text,
)
from generator.sources.tree import OutlineBuilder, table

ROWS_PER_PAGE = 12


def xlsx_to_outline(
    data: bytes, limits: SourceLimits | None = None, *, name: str = "file.xlsx"
) -> Outline:
    """Each non-empty sheet -> a chapter named after it, its rows as tables of at most
    ROWS_PER_PAGE rows per page (the first row is the header, repeated on each page). Cell
    values, not formulas. Rows beyond limits.max_sheet_rows and columns beyond max_sheet_cols
    are cut."""
    limits = limits or SourceLimits()
    check_zip(data, limits, name)
    from openpyxl import load_workbook

    deadline = time.monotonic() + limits.max_parse_s
    builder = OutlineBuilder(name.rsplit(".", 1)[0])
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:
        raise SourceError(
            FILE_UNREADABLE, f"{name}: not a readable Excel workbook ({type(exc).__name__})"
        ) from None
    try:
        for sheet in book.worksheets:
            rows: list[list[str]] = []
            for values in sheet.iter_rows(values_only=True, max_col=limits.max_sheet_cols):
                if time.monotonic() > deadline:
                    raise SourceError(FILE_TOO_LARGE, f"{name}: reading took too long")
                cells = [_cell(v) for v in values]
                if any(cells):
                    rows.append(cells)
                if len(rows) >= limits.max_sheet_rows:
                    break
            _pages(builder, str(sheet.title), rows)
    except SourceError:
        raise
    except Exception as exc:
        raise SourceError(
            FILE_UNREADABLE, f"{name}: unreadable sheet ({type(exc).__name__})"
        ) from None
    finally:
        book.close()
    return builder.finish(fallback_topic=name)


def csv_to_outline(
    data: bytes, limits: SourceLimits | None = None, *, name: str = "file.csv"
) -> Outline:
    """A CSV file (delimiter sniffed among , ; tab |) -> tables like one xlsx sheet."""
    limits = limits or SourceLimits()
    text = decode_text(data, name)
    try:
        dialect: Any = csv.Sniffer().sniff(text[:8192], delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel
    rows: list[list[str]] = []
    try:
        csv.field_size_limit(100_000)
        for values in csv.reader(io.StringIO(text), dialect):
            cells = [" ".join(v.split()) for v in values[: limits.max_sheet_cols]]
            if any(cells):
                rows.append(cells)
            if len(rows) >= limits.max_sheet_rows:
                break
    except csv.Error as exc:
        raise SourceError(FILE_UNREADABLE, f"{name}: bad CSV ({exc})") from None
    stem = name.rsplit(".", 1)[0]
    builder = OutlineBuilder(stem)
    _pages(builder, stem, rows)
    return builder.finish(fallback_topic=name)


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(str(value).split())[:500]


def _pages(builder: OutlineBuilder, title: str, rows: list[list[str]]) -> None:
    if not rows:
        return
    width = max(max((i + 1 for i, c in enumerate(r) if c), default=0) for r in rows)
    rows = [(r + [""] * width)[:width] for r in rows]
    builder.heading(2, title)
    header, body = rows[0], rows[1:] or [[""] * len(rows[0])]
    chunks = [body[i : i + ROWS_PER_PAGE] for i in range(0, len(body), ROWS_PER_PAGE)]
    for n, chunk in enumerate(chunks):
        builder.heading(3, title if len(chunks) == 1 else f"{title} ({n + 1}/{len(chunks)})")
        builder.add(table(header, chunk))
