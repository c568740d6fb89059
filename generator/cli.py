"""The `deckforge generate` command (a Markdown file + template id -> a PPTX file, optionally the
document JSON, the pptxProperty and the slide HTML pages)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.leftout import LeftOut


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="deckforge generate",
        description="Build a PPTX deck from Markdown (# topic, ## chapters, ### pages, "
        "#### content titles) with a template.",
    )
    p.add_argument("markdown", nargs="?", help="the Markdown file ('-' = stdin)")
    p.add_argument("--template", "-t", default=None, help="template id (see --list-templates)")
    p.add_argument("--template-package", help="a custom template package (.zip) to use")
    p.add_argument(
        "--template-pptx",
        metavar="FILE",
        help="a PowerPoint template (.pptx/.potx) to build the deck on: its master, layouts, "
        "theme colours and fonts (docs/pptx-templates.md)",
    )
    p.add_argument(
        "--template-settings",
        metavar="JSON",
        help='settings of --template-pptx: a JSON file, e.g. {"layouts": {"cover": "Title Slide"}}',
    )
    p.add_argument("-o", "--output", help="the PPTX file to write (default: <markdown>.pptx)")
    p.add_argument("--document", help="also write the document model (JSON) here")
    p.add_argument("--property", help="also write the pptxProperty string here")
    p.add_argument("--html", help="also write each slide's HTML into this folder (01.html ...)")
    p.add_argument("--png", help="also draw every slide as PNG into this folder (01.png ...)")
    p.add_argument("--png-width", type=int, default=1280, help="PNG width in px (default 1280)")
    p.add_argument(
        "--from-document",
        action="store_true",
        help="the input is an edited document JSON or pptxProperty file: regenerate from it",
    )
    p.add_argument("--list-templates", action="store_true", help="list the templates and exit")
    p.add_argument(
        "--length",
        choices=("short", "medium", "long"),
        default=None,
        help="deck length: short (one slide per page at most, the rest condensed and listed), "
        "medium (default: everything, tiny neighbours merged), long (every page on its own slides)",
    )
    return p


def main(argv: list[str] | None = None) -> int:
    """Exit codes: 0 written, 2 bad arguments or input refused (the reason is printed)."""
    from generator.api import generate_from_markdown, list_templates, regenerate
    from generator.errors import GeneratorError
    from generator.package import load_template_package

    args = build_parser().parse_args(argv)
    if args.list_templates:
        for t in list_templates():
            print(f"{t['id']:14s} {t['category']:12s} {t['name']}")
        return 0
    if not args.markdown:
        print("deckforge generate: a Markdown file is required", file=sys.stderr)
        return 2
    try:
        text = _read(args.markdown)
        templates = None
        template_id = args.template
        if args.template_package:
            with open(args.template_package, "rb") as fh:
                custom = load_template_package(fh.read())
            templates = {custom.id: custom}
            template_id = template_id or custom.id
        if args.template_pptx:
            from generator.brand.cli import load_cli_template

            custom = load_cli_template(args.template_pptx, args.template_settings, "generate")
            templates = {custom.id: custom}
            template_id = custom.id
        if args.from_document:
            source = json.loads(text) if text.lstrip().startswith("{") else text.strip()
            deck = regenerate(source, templates=templates)
        else:
            deck = generate_from_markdown(
                text, template_id, templates=templates, length=args.length
            )
    except GeneratorError as exc:
        print(f"deckforge generate: {exc.message} ({exc.code})", file=sys.stderr)
        for problem in exc.problems:
            print(f"  {problem.field}: {problem.reason}", file=sys.stderr)
        return 2
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        print(f"deckforge generate: {exc}", file=sys.stderr)
        return 2
    output = args.output or _default_output(args.markdown)
    deck.write(output)
    if args.document:
        with open(args.document, "w", encoding="utf-8") as fh:
            json.dump(deck.document, fh, ensure_ascii=False, indent=1)
    if args.property:
        with open(args.property, "w", encoding="ascii") as fh:
            fh.write(deck.pptx_property)
    if args.html:
        os.makedirs(args.html, exist_ok=True)
        for i, html in enumerate(deck.pages_html):
            with open(os.path.join(args.html, f"{i + 1:02d}.html"), "w", encoding="utf-8") as fh:
                fh.write(html)
    if args.png:
        from engine.render import render_deck_pngs

        os.makedirs(args.png, exist_ok=True)
        for i, png in enumerate(render_deck_pngs(deck.conversion, width=args.png_width)):
            with open(os.path.join(args.png, f"{i + 1:02d}.png"), "wb") as fh:
                fh.write(png)
    print(
        f"{output}: {deck.page_count} slides, template {deck.template_id}, subject {deck.subject!r}"
    )
    print_left_out(deck.left_out)
    return 0


def print_left_out(records: list[LeftOut]) -> None:
    """What the deck does not show of the source, one line each (nothing when all is shown)."""
    if not records:
        return
    words = sum(r.words for r in records)
    print(f"left out: {len(records)} pieces, {words} words")
    for r in records:
        print(f"  {r.line()}")


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def _default_output(path: str) -> str:
    if path == "-":
        return "deck.pptx"
    base = os.path.splitext(path)[0]
    return base + ".pptx"
