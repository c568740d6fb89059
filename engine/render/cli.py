"""`deckforge render PAGES... --png DIR [--width W]` (HTML pages -> the engine's slide model ->
DIR/slide-001.png ...), with convert's page reading, failure lines and exit codes."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from engine.cli import (
    EXIT_OK,
    EXIT_PARTIAL,
    EXIT_USAGE,
    UsageError,
    asset_folders,
    check_folder,
    failure_line,
    plural,
    read_pages,
    report_failure,
)
from engine.render import DEFAULT_WIDTH, MAX_WIDTH

EPILOG = (
    "exit codes: 0 every page drawn, 3 PNGs written but some pages failed (drawn blank), "
    "4 every page failed (nothing written), 2 bad arguments"
)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="deckforge render",
        description="Convert HTML slide pages with the engine and draw every slide as a PNG "
        "(no browser, no LibreOffice): DIR/slide-001.png, slide-002.png, ...",
        epilog=EPILOG,
    )
    p.add_argument("pages", nargs="+", help="HTML files, or folders of them (sorted by name)")
    p.add_argument("--png", required=True, metavar="DIR", help="folder to write the PNGs into")
    p.add_argument(
        "--width",
        type=int,
        default=DEFAULT_WIDTH,
        help=f"PNG width in px (default {DEFAULT_WIDTH}; at most {MAX_WIDTH})",
    )
    p.add_argument(
        "--backend",
        choices=("skia", "resvg"),
        help="rasterizer (default: skia when skia-python is installed, else resvg)",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="print nothing but errors")
    p.add_argument(
        "--assets",
        action="append",
        metavar="DIR",
        help="also let pages read images and stylesheets from this folder (as convert)",
    )
    p.add_argument("--no-local-files", action="store_true", help="read no local files at all")
    return p


def main(argv: list[str] | None = None) -> int:
    """`deckforge render ARGS` (argv without the word 'render'); returns the exit code."""
    args = build_parser().parse_args(argv)
    try:
        return _render(args)
    except UsageError as exc:
        print(f"deckforge render: {exc}", file=sys.stderr)
        return EXIT_USAGE


def _render(args: argparse.Namespace) -> int:
    from engine.api import convert
    from engine.errors import ConversionError
    from engine.options import Options
    from engine.render import render_deck_pngs

    if not 1 <= args.width <= MAX_WIDTH:
        raise UsageError(f"--width must be 1..{MAX_WIDTH}")
    check_folder(args.png, "PNGs")
    # Read and decoded as `deckforge convert` reads them (names, encodings, local files).
    pages = read_pages(args.pages)
    try:
        conversion = convert(
            [p.html for p in pages],
            page_error_mode="blank",
            options=Options(file_roots=asset_folders(pages, args)),
            base_urls=[p.base_url for p in pages],
        )
    except ConversionError as exc:
        return report_failure(exc, pages, None, prog="deckforge render")
    out = Path(args.png)
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    pngs = render_deck_pngs(conversion, args.width, backend=args.backend)
    elapsed = time.perf_counter() - start
    for i, png in enumerate(pngs, 1):
        (out / f"slide-{i:03d}.png").write_bytes(png)
    failed = conversion.failed_page_details
    if not args.quiet:
        summary = (
            f"wrote {plural(len(pngs), 'PNG')} to {out} at {args.width} px "
            f"({elapsed / max(1, len(pngs)) * 1000:.0f} ms per slide)"
        )
        if failed:
            drawn = "was" if len(failed) == 1 else "were"
            summary += f"; {plural(len(failed), 'page')} failed and {drawn} drawn blank"
        print(summary)
        for page in failed:
            print(failure_line(pages, page.index, page.code, page.reason, page.final_action))
    return EXIT_PARTIAL if failed else EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
