"""Command line (`deckforge convert PAGES... -o deck.pptx`) -> calls the library and reports the pages."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import PAGE_NO_SLIDE_ROOT, ConversionError

EXIT_OK = 0
EXIT_USAGE = 2  # bad arguments or an invalid request (40010)
EXIT_PARTIAL = 3  # the deck was written but some pages failed
EXIT_FAILED = 4  # every page failed (50103): no deck written

HTML_SUFFIXES = (".html", ".htm")


class UsageError(Exception):
    """A user error: printed as one line `deckforge: ...`, exit code 2."""


@dataclass
class Page:
    """One input page: its content, where it came from and what decoding it noticed."""

    html: Any  # str, or whatever a JSON file held (the engine validates it)
    name: str  # file name, or "request.json htmls[3]"
    warnings: list[str] = field(default_factory=list)
    not_html: str = ""  # why the file is not HTML (binary data), or ""
    base_url: str | None = None  # the file: address its relative URLs resolve against
    folder: str | None = None  # the folder it came from (its assets may be read from there)


def sample_deck() -> list[Page]:
    """The embedded sample deck (used when no PAGES are given)."""
    from importlib import resources

    folder = resources.files("engine") / "data" / "sample"
    return [
        Page(p.read_text(encoding="utf-8"), p.name)
        for p in sorted(folder.iterdir(), key=lambda p: p.name)
        if p.name.endswith(".html")
    ]


def sample_pages() -> list[str]:
    """The embedded sample deck's HTML strings."""
    return [page.html for page in sample_deck()]


# -- reading files as a browser does ---------------------------------------------------------

# WHATWG MIME Sniffing, "binary data byte": never present in text (HTML) resources.
_BINARY_BYTES = frozenset([*range(0x00, 0x09), 0x0B, *range(0x0E, 0x1B), *range(0x1C, 0x20)])
_SIGNATURES = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"%PDF-", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive (or an Office file)"),
)


def sniff_binary(data: bytes) -> str:
    """Why `data` is not a text resource (WHATWG MIME sniffing: a known signature, or a binary
    data byte in the first 512 bytes when there is no UTF-16 BOM), or "" for text."""
    for magic, what in _SIGNATURES:
        if data.startswith(magic):
            return what
    if data[:2] in (b"\xfe\xff", b"\xff\xfe"):
        return ""
    if any(b in _BINARY_BYTES for b in data[:512]):
        return "binary data"
    return ""


def decode_html(data: bytes) -> tuple[str, list[str]]:
    """Bytes -> text as browsers pick the encoding: byte order mark, then `<meta charset>` /
    `http-equiv` in the first bytes (WHATWG labels: iso-8859-1 means windows-1252), then UTF-8.
    Returns the text and warnings (invalid bytes, replaced by U+FFFD)."""
    from w3lib.encoding import html_to_unicode

    encoding, text = html_to_unicode(None, data)
    warnings: list[str] = []
    if "\ufffd" in text:
        try:
            data.decode(encoding)
        except UnicodeDecodeError as exc:
            label = "UTF-8" if encoding.replace("-", "").lower() == "utf8" else encoding
            warnings.append(
                f"invalid {label} at byte {exc.start}, replaced by U+FFFD; "
                "declare the file's encoding with <meta charset>"
            )
        except LookupError:  # pragma: no cover - w3lib only returns known codecs
            pass
    return text, warnings


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise UsageError(f"no such file: {path}") from None
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None


def read_html_file(path: Path, name: str | None = None) -> Page:
    data = _read_bytes(path)
    page = Page("", name or path.name, not_html=sniff_binary(data))
    page.base_url = path.resolve().as_uri()
    page.folder = str(path.resolve().parent)
    page.html, warnings = decode_html(data)
    if not page.not_html:  # binary data: one "not HTML" message, not decoding noise too
        page.warnings = warnings
    return page


def read_json_file(path: Path) -> list[Page]:
    try:
        data = json.loads(_read_bytes(path))
    except ValueError as exc:
        raise UsageError(f"{path} is not valid JSON: {exc}") from None
    htmls = data.get("htmls") if isinstance(data, dict) else data
    if not isinstance(htmls, list):
        raise UsageError(f"{path} has no 'htmls' array")
    folder = path.resolve().parent
    base = folder.as_uri() + "/"
    return [
        Page(h, f"{path.name} htmls[{i}]", base_url=base, folder=str(folder))
        for i, h in enumerate(htmls)
    ]


def read_pages(paths: list[str]) -> list[Page]:
    """HTML files, directories of them (sorted by name) or JSON files holding an `htmls` array."""
    pages: list[Page] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files = sorted(p for p in path.iterdir() if p.suffix.lower() in HTML_SUFFIXES)
            if not files:
                raise UsageError(f"no .html files in {path}")
            pages.extend(read_html_file(f, f"{path.resolve().name}/{f.name}") for f in files)
        elif path.suffix.lower() == ".json":
            pages.extend(read_json_file(path))
        else:
            pages.append(read_html_file(path, raw))  # named as the user wrote it
    return pages


def check_writable(path: str, what: str) -> None:
    """A one-line usage error now, rather than a traceback after converting."""
    target = Path(path)
    folder = target.parent
    if not folder.is_dir():
        raise UsageError(f"cannot write the {what} {path}: folder {folder}/ does not exist")
    if target.is_dir():
        raise UsageError(f"cannot write the {what} {path}: it is a folder")


def check_folder(path: str, what: str) -> None:
    """A folder that can be created (or exists) for the files of `what`; else a usage error
    now, before any work: no part of the path may be an existing file."""
    target = Path(path)
    for part in (target, *target.parents):
        if part.exists():
            if not part.is_dir():
                raise UsageError(f"cannot write the {what} into {path}: {part} is a file")
            return


# -- output ------------------------------------------------------------------------------------


class _Progress:
    def __init__(self, enabled: bool):
        self.enabled = enabled

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        width = 30
        filled = int(width * done / total)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} pages")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def page_label(pages: list[Page], number: int) -> str:
    """`page 2 (slides/02.html)`: the 1-based page number and where the page came from."""
    name = pages[number - 1].name if 0 < number <= len(pages) else ""
    return f"page {number} ({name})" if name else f"page {number}"


def page_reason(page: Page | None, code: int, reason: str) -> str:
    """The engine's reason, or "not HTML" when the file was binary data and had no slide."""
    if page is not None and page.not_html and code == PAGE_NO_SLIDE_ROOT:
        return f"not HTML: the file is {page.not_html}"
    return reason


def _field_page(field_name: str) -> int | None:
    """'htmls[3]' -> page 4."""
    if field_name.startswith("htmls[") and field_name.endswith("]"):
        inner = field_name[6:-1]
        if inner.isdigit():
            return int(inner) + 1
    return None


def failure_line(pages: list[Page], number: int, code: int, reason: str, action: str = "") -> str:
    """One failed page, the same way wherever it is listed (convert, render; partial or all
    failed): `  page 2 (slides/02.html): 50101 no element with class 'slide' -> blank`."""
    source = pages[number - 1] if 0 < number <= len(pages) else None
    line = f"  {page_label(pages, number)}: {code} {page_reason(source, code, reason)}"
    return f"{line} -> {action}" if action else line


def report_failure(
    exc: ConversionError, pages: list[Page], report: str | None, prog: str = "deckforge"
) -> int:
    """A conversion that produced nothing: the error and each page's reason on stderr (and in
    the report); returns the exit code (4 every page failed, 2 an invalid request)."""
    print(f"{prog}: {exc.code} {exc.message}", file=sys.stderr)
    details = []
    for detail in exc.details:
        number = _field_page(detail.field)
        reason = detail.reason
        code, _, text = reason.partition(": ")
        if number is not None and 0 < number <= len(pages) and code.isdigit():
            reason = f"{code}: {page_reason(pages[number - 1], int(code), text)}"
            print(failure_line(pages, number, int(code), text), file=sys.stderr)
        elif number is not None and 0 < number <= len(pages):
            print(f"  {page_label(pages, number)}: {reason}", file=sys.stderr)
        else:
            print(f"  {detail.field}: {reason}", file=sys.stderr)
        details.append({"field": detail.field, "page": number, "reason": reason})
    _write_report(report, {"code": exc.code, "message": exc.message, "errorDetails": details})
    return EXIT_FAILED if exc.code == 50103 else EXIT_USAGE


def asset_folders(pages: list[Page], args: argparse.Namespace) -> tuple[str, ...]:
    """Folders the pages' relative and file: URLs may read: each page file's own folder and
    every --assets folder; none with --no-local-files."""
    if args.no_local_files:
        return ()
    folders = {p.folder for p in pages if p.folder}
    for folder in args.assets or ():
        path = Path(folder)
        if not path.is_dir():
            raise UsageError(f"--assets {folder}: not a folder")
        folders.add(str(path.resolve()))
    return tuple(sorted(folders))


def cmd_convert(args: argparse.Namespace) -> int:
    # The pipeline is imported when a command converts (generate/render import this module for
    # its helpers; `--help` and argument errors stay fast).
    from engine.api import convert
    from engine.options import Options

    check_writable(args.output, "deck")
    if args.report:
        check_writable(args.report, "report")
    pages = read_pages(args.pages) if args.pages else sample_deck()
    for number, page in enumerate(pages, 1):
        for warning in page.warnings:
            print(f"deckforge: {page_label(pages, number)}: {warning}", file=sys.stderr)
    progress = _Progress(len(pages) >= 10 and sys.stderr.isatty() and not args.quiet)
    try:
        result = convert(
            [p.html for p in pages],
            page_error_mode=args.page_error_mode,
            filename=Path(args.output).name,
            options=Options(
                libreoffice_widths=args.libreoffice_widths,
                line_breaks=args.line_breaks,
                file_roots=asset_folders(pages, args),
                embed_fonts=args.embed_fonts,
                font_set=args.font_set,
            ),
            progress=progress,
            base_urls=[p.base_url for p in pages],
            base=getattr(args, "base", None),  # a company template (generator/brand/cli.py)
        )
    except ConversionError as exc:
        return report_failure(exc, pages, args.report)
    try:
        result.write(args.output)
    except OSError as exc:
        raise UsageError(f"cannot write the deck {args.output}: {exc.strerror}") from None
    print(
        f"wrote {args.output}: {plural(result.total_pages, 'page')}, "
        f"{result.success_pages} converted, {result.failed_pages} failed "
        f"({result.page_error_mode}), {int(result.slide_width)}x{int(result.slide_height)} px"
    )
    fonts = result.fonts.to_dict() if result.fonts is not None else None
    if fonts is not None and (fonts["embedded"] or fonts["notEmbedded"]):
        print(f"  fonts: {fonts_line(fonts)}")
    summary = result.summary()
    for failed, detail in zip(
        result.failed_page_details, summary["failedPageDetails"], strict=True
    ):
        source = pages[failed.index - 1] if 0 < failed.index <= len(pages) else None
        reason = page_reason(source, failed.code, failed.reason)
        detail.update(reason=reason, name=source.name if source else "")
        print(failure_line(pages, failed.index, failed.code, failed.reason, failed.final_action))
    diagnostics = [list(d) for d in result.diagnostics]
    _hint_refused_files(diagnostics)
    for page, diag in zip(pages, diagnostics, strict=False):
        diag.extend({"kind": "html", "message": w, "where": page.name} for w in page.warnings)
    _write_report(
        args.report,
        {"code": 0, "output": args.output, **summary, "diagnostics": diagnostics, "fonts": fonts},
    )
    return EXIT_PARTIAL if result.failed_pages else EXIT_OK


def fonts_line(fonts: dict[str, Any]) -> str:
    """`embedded Noto Sans (regular, bold), DejaVu Sans (bold): +212 KB; not embedded: X (why)`."""
    by_face: dict[str, list[str]] = {}
    for face in fonts["embedded"]:
        by_face.setdefault(face["typeface"], []).append(face["style"])
    parts = []
    if by_face:
        faces = ", ".join(f"{name} ({', '.join(styles)})" for name, styles in by_face.items())
        kb = (fonts["bytesAdded"] + 1023) // 1024
        parts.append(f"embedded {faces}: +{kb} KB ({fonts['mode']})")
    if fonts["notEmbedded"]:
        refused = "; ".join(f"{f['typeface']} ({f['reason']})" for f in fonts["notEmbedded"])
        parts.append(f"not embedded: {refused}")
    return "; ".join(parts)


def _hint_refused_files(diagnostics: list[list[dict[str, str]]]) -> None:
    refused = sum(
        "outside the allowed folders" in d.get("message", "") for page in diagnostics for d in page
    )
    if refused:
        print(
            f"deckforge: {plural(refused, 'local file')} outside the pages' folders not read "
            "(allow a folder with --assets DIR)",
            file=sys.stderr,
        )


def _write_report(path: str | None, report: dict[str, Any]) -> None:
    if not path:
        return
    try:
        Path(path).write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write the report {path}: {exc.strerror}") from None


# -- argument parsing --------------------------------------------------------------------------

EPILOG = (
    "exit codes: 0 every page converted, 3 the deck was written but some pages failed, "
    "4 every page failed (no deck), 2 bad arguments or an invalid request"
)


def add_convert_arguments(conv: argparse.ArgumentParser) -> argparse.ArgumentParser:
    conv.add_argument(
        "pages",
        nargs="*",
        help="HTML files, folders of them (sorted by name), or a JSON file with an 'htmls' "
        "array (default: the built-in sample deck)",
    )
    conv.add_argument(
        "-o", "--output", default="deck.pptx", help="the PPTX to write (default deck.pptx)"
    )
    conv.add_argument("--page-error-mode", choices=["blank", "skip"], default="blank")
    conv.add_argument("--report", help="write a JSON report (page failures, diagnostics) here")
    conv.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    conv.add_argument(
        "--assets",
        action="append",
        metavar="DIR",
        help="also let pages read images and stylesheets from this folder (repeatable; each "
        "page's own folder is always allowed)",
    )
    conv.add_argument(
        "--no-local-files",
        action="store_true",
        help="read no local files at all (only data: URIs)",
    )
    conv.add_argument(
        "--libreoffice-widths",
        action="store_true",
        help="space runs so LibreOffice draws lines as wide as Chromium (PowerPoint: narrower)",
    )
    conv.add_argument(
        "--line-breaks",
        choices=["soft", "exact"],
        default="soft",
        help="soft (default): paragraphs wrap in their box and stay editable, breaking only "
        "where the HTML does; exact: every line the browser broke ends in a line break",
    )
    conv.add_argument(
        "--embed-fonts",
        choices=["none", "subset", "full"],
        default="subset",
        help="embed the typefaces a PowerPoint user lacks (Noto, DejaVu, CJK faces): the "
        "characters used (default), whole fonts, or none (docs/fonts.md)",
    )
    conv.add_argument(
        "--font-set",
        choices=["linux", "office"],
        default="linux",
        help="fonts CSS font stacks resolve to: this machine's, as Chromium on Linux (default), "
        "or the Office fonts, as a Windows/macOS browser with only those (docs/fonts.md)",
    )
    conv.set_defaults(func=cmd_convert)
    return conv


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="deckforge", description="HTML slides to editable PPTX")
    sub = parser.add_subparsers(dest="command", required=True)
    add_convert_arguments(
        sub.add_parser(
            "convert",
            help="convert HTML pages into one PPTX deck",
            description="Convert HTML pages into one PPTX deck.",
            epilog=EPILOG,
        )
    )
    return parser


def run_parser(parser: argparse.ArgumentParser, argv: list[str] | None) -> int:
    args = parser.parse_args(argv)  # argparse exits 2 on bad arguments
    try:
        return int(args.func(args))
    except UsageError as exc:
        print(f"deckforge: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("deckforge: interrupted", file=sys.stderr)
        return 130


def main_convert(argv: list[str] | None = None) -> int:
    """`deckforge convert ARGS` (argv without the word 'convert')."""
    parser = argparse.ArgumentParser(
        prog="deckforge convert",
        description="Convert HTML pages into one PPTX deck.",
        epilog=EPILOG,
    )
    return run_parser(add_convert_arguments(parser), argv)


def main(argv: list[str] | None = None) -> int:
    """`python -m engine convert ARGS`."""
    return run_parser(build_parser(), argv)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
