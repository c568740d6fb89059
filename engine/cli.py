"""Command line (`deckforge convert PAGES... -o deck.pptx`) -> calls the library and reports the pages."""

from __future__ import annotations

import argparse
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from engine.api import convert
from engine.errors import ConversionError

EXIT_OK = 0
EXIT_USAGE = 2  # bad arguments or an invalid request (40010)
EXIT_PARTIAL = 3  # the deck was written but some pages failed
EXIT_FAILED = 4  # every page failed (50103): no deck written


def sample_pages() -> list[str]:
    """The embedded sample deck (used when no PAGES are given)."""
    folder = resources.files("engine") / "data" / "sample"
    return [
        p.read_text(encoding="utf-8")
        for p in sorted(folder.iterdir(), key=lambda p: p.name)
        if p.name.endswith(".html")
    ]


def read_pages(paths: list[str]) -> list[Any]:
    """HTML files, directories of them (sorted by name) or JSON files holding an `htmls` array."""
    pages: list[Any] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files = sorted(p for p in path.iterdir() if p.suffix.lower() in (".html", ".htm"))
            if not files:
                raise SystemExit(f"deckforge: no .html files in {path}")
            pages.extend(f.read_text(encoding="utf-8", errors="replace") for f in files)
        elif path.suffix.lower() == ".json":
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise SystemExit(f"deckforge: cannot read {path}: {exc}") from exc
            htmls = data.get("htmls") if isinstance(data, dict) else data
            if not isinstance(htmls, list):
                raise SystemExit(f"deckforge: {path} has no 'htmls' array")
            pages.extend(htmls)
        else:
            try:
                pages.append(path.read_text(encoding="utf-8", errors="replace"))
            except OSError as exc:
                raise SystemExit(f"deckforge: cannot read {path}: {exc.strerror}") from exc
    return pages


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


def cmd_convert(args: argparse.Namespace) -> int:
    pages = read_pages(args.pages) if args.pages else sample_pages()
    progress = _Progress(len(pages) >= 10 and sys.stderr.isatty() and not args.quiet)
    try:
        result = convert(
            pages,
            page_error_mode=args.page_error_mode,
            filename=Path(args.output).name,
            progress=progress,
        )
    except ConversionError as exc:
        print(f"deckforge: {exc.code} {exc.message}", file=sys.stderr)
        for detail in exc.details:
            print(f"  {detail.field}: {detail.reason}", file=sys.stderr)
        _write_report(args.report, {"code": exc.code, "message": exc.message, **exc.to_dict()})
        return EXIT_FAILED if exc.code == 50103 else EXIT_USAGE
    result.write(args.output)
    print(
        f"wrote {args.output}: {result.total_pages} pages, {result.success_pages} converted, "
        f"{result.failed_pages} failed ({result.page_error_mode}), "
        f"{int(result.slide_width)}x{int(result.slide_height)} px"
    )
    for failed in result.failed_page_details:
        print(f"  page {failed.index}: {failed.code} {failed.reason} -> {failed.final_action}")
    _write_report(
        args.report,
        {"code": 0, "output": args.output, **result.summary(), "diagnostics": result.diagnostics},
    )
    return EXIT_PARTIAL if result.failed_pages else EXIT_OK


def _write_report(path: str | None, report: dict[str, Any]) -> None:
    if path:
        Path(path).write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="deckforge", description="HTML slides to editable PPTX")
    sub = parser.add_subparsers(dest="command", required=True)
    conv = sub.add_parser("convert", help="convert HTML pages into one PPTX deck")
    conv.add_argument(
        "pages",
        nargs="*",
        help="HTML files, folders of them, or a JSON file with an 'htmls' array (default: the built-in sample deck)",
    )
    conv.add_argument(
        "-o", "--output", default="deck.pptx", help="the PPTX to write (default deck.pptx)"
    )
    conv.add_argument("--page-error-mode", choices=["blank", "skip"], default="blank")
    conv.add_argument("--report", help="write a JSON report (page failures, diagnostics) here")
    conv.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    conv.set_defaults(func=cmd_convert)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
