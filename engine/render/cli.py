"""`deckforge render PAGES... --png DIR [--width W]` (HTML pages -> the engine's slide model -> DIR/slide-001.png ...)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from engine.cli import UsageError, read_html_file
from engine.render import DEFAULT_WIDTH, MAX_WIDTH

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_FAILED = 4
HTML_SUFFIXES = (".html", ".htm")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="deckforge render",
        description="Convert HTML slide pages with the engine and draw every slide as a PNG "
        "(no browser, no LibreOffice): DIR/slide-001.png, slide-002.png, ...",
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
    return p


def read_pages(paths: list[str]) -> list[str]:
    """The pages' HTML, in order: files as given, folders' .html files sorted by name."""
    pages: list[str] = []
    for raw in paths:
        path = Path(raw)
        files = (
            sorted(p for p in path.iterdir() if p.suffix.lower() in HTML_SUFFIXES)
            if path.is_dir()
            else [path]
        )
        if not files:
            raise ValueError(f"no .html files in {path}")
        for f in files:
            # Decoded as browsers do (BOM, <meta charset>, then UTF-8), like `deckforge convert`.
            try:
                pages.append(read_html_file(f).html)
            except UsageError as exc:
                raise ValueError(str(exc)) from None
    return pages


def main(argv: list[str] | None = None) -> int:
    """`deckforge render ARGS` (argv without the word 'render'); returns the exit code."""
    from engine.api import convert
    from engine.errors import ConversionError
    from engine.render import render_deck_pngs

    args = build_parser().parse_args(argv)
    if not 1 <= args.width <= MAX_WIDTH:
        print(f"deckforge render: --width must be 1..{MAX_WIDTH}", file=sys.stderr)
        return EXIT_USAGE
    try:
        pages = read_pages(args.pages)
    except ValueError as exc:
        print(f"deckforge render: {exc}", file=sys.stderr)
        return EXIT_USAGE
    try:
        conversion = convert(pages, page_error_mode="blank")
    except ConversionError as exc:
        print(f"deckforge render: {exc}", file=sys.stderr)
        return EXIT_FAILED
    out = Path(args.png)
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    pngs = render_deck_pngs(conversion, args.width, backend=args.backend)
    elapsed = time.perf_counter() - start
    for i, png in enumerate(pngs, 1):
        (out / f"slide-{i:03d}.png").write_bytes(png)
    if not args.quiet:
        print(
            f"wrote {len(pngs)} PNG(s) to {out} at {args.width} px "
            f"({elapsed / max(1, len(pngs)) * 1000:.0f} ms per slide); "
            f"{conversion.failed_pages} page(s) failed and were drawn blank"
        )
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
