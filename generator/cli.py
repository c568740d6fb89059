"""The `deckforge generate` command (a Markdown file + template id -> a PPTX file, optionally the
document JSON, the pptxProperty and the slide HTML pages)."""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import re
import sys
from types import ModuleType
from typing import TYPE_CHECKING

from generator.markup.images import Assets

if TYPE_CHECKING:
    from generator.api import GeneratedDeck
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
    p.add_argument(
        "--png-width", type=int, default=1280, help="PNG width in px (default 1280; at most 8192)"
    )
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
    p.add_argument(
        "--assets",
        action="append",
        metavar="DIR",
        help="also let the Markdown's images come from this folder (repeatable). Allowed "
        "without it: the Markdown file's folder, and the current folder when the file lies "
        "inside it (not when that is your home folder or /); only image files are read",
    )
    p.add_argument(
        "--no-local-files", action="store_true", help="read no image files (only data: URIs)"
    )
    p.add_argument(
        "--remote-images",
        action="append",
        metavar="HOST",
        help="fetch http(s) images from this host ('*.example.com' for its subdomains; "
        "repeatable; public addresses only, size- and time-limited)",
    )
    return p


def markdown_assets(args: argparse.Namespace) -> Assets:
    """Where the Markdown's images may come from: its folder and --assets folders (none with
    --no-local-files or stdin without --assets), remote images from the --remote-images hosts."""
    from engine.cli import UsageError

    extra = tuple(args.assets or ())
    for folder in extra:
        if not os.path.isdir(folder):
            raise UsageError(f"--assets {folder}: not a folder")
    hosts = tuple(args.remote_images or ())
    remote = {"network": bool(hosts), "allowed_hosts": hosts}
    if args.no_local_files:
        return Assets(network=bool(hosts), allowed_hosts=hosts)
    if args.markdown == "-":
        if not extra:
            return Assets(network=bool(hosts), allowed_hosts=hosts)
        base = os.path.abspath(extra[0])
        return Assets.beside(os.path.join(base, "stdin.md"), extra[1:], **remote)
    return Assets.beside(args.markdown, (*working_folder(args.markdown), *extra), **remote)


def working_folder(markdown: str) -> tuple[str, ...]:
    """The current folder when the Markdown file lies inside it: a document of a project,
    generated from the project's top, reads the project's pictures (`../images/logo.png`).
    Not the home folder nor the file system's root, which are no project. Real paths
    (symbolic links resolved) on both sides."""
    cwd = os.path.realpath(os.getcwd())
    document = os.path.realpath(markdown)
    broad = {os.path.realpath(os.path.expanduser("~")), os.path.realpath(os.sep)}
    if cwd in broad or os.path.commonpath([cwd, document]) != cwd:
        return ()
    return (cwd,)


def print_left_out(records: list[LeftOut]) -> None:
    """What the deck does not show of the source, one line each (nothing when all is shown):
    what the plan left out and what the Markdown reader could not keep (its diagnostics)."""
    if not records:
        return
    words = sum(r.words for r in records)
    print(f"left out: {len(records)} pieces, {words} words")
    for r in records:
        print(f"  {r.line()}")


def picture_advice(records: list[LeftOut]) -> list[str]:
    """One line per class of picture the deck could not have, with the option that gets them:
    remote pictures (--remote-images and their hosts), files outside the allowed folders
    (--assets)."""
    import urllib.parse

    messages = [re.sub(r" \(\d+ times\)$", "", r.message) for r in records if r.kind == "image"]
    remote = [m.split("remote images are off): ", 1)[1] for m in messages if "images are off)" in m]
    outside = [m for m in messages if "outside the allowed folders" in m]
    out = []
    if remote:
        hosts = dict.fromkeys(urllib.parse.urlsplit(u).hostname or "" for u in remote)
        names = ", ".join(h for h in hosts if h)
        out.append(
            f"{len(remote)} remote images not fetched: pass --remote-images HOST to fetch "
            f"them ({names})"
        )
    if outside:
        out.append(
            f"{len(outside)} pictures outside the allowed folders not read: pass --assets DIR"
        )
    return out


def main(argv: list[str] | None = None) -> int:
    """Exit codes: 0 written, 2 bad arguments or input refused (one line per problem)."""
    from engine.cli import UsageError

    args = build_parser().parse_args(argv)
    if args.list_templates:
        from generator.api import list_templates

        for t in list_templates():
            print(f"{t['id']:14s} {t['category']:12s} {t['name']}")
        return 0
    try:
        return _generate(args)
    except UsageError as exc:
        print(f"deckforge generate: {exc}", file=sys.stderr)
        return 2


def load_generator() -> ModuleType:
    """generator.api. A process's first import of it (a few hundred modules: classes,
    dataclasses, patterns, tables, all kept to the end) runs with the cyclic collector paused
    and leaves what it built in the permanent generation (`gc.freeze`): no collection walks
    them while they load nor later while the deck is built. Once per process, as a command
    runs once."""
    loaded = sys.modules.get("generator.api")
    if loaded is not None:
        return loaded
    from engine import collector_paused

    with collector_paused():
        api = importlib.import_module("generator.api")
        gc.freeze()
    return api


def check_arguments(args: argparse.Namespace) -> str:
    """Every argument checked before any work, as `deckforge convert` does (a UsageError per
    problem); returns the PPTX path to write."""
    from engine.cli import UsageError, check_folder, check_writable

    if not args.markdown:
        raise UsageError("a Markdown file is required (or --list-templates)")
    for path in (args.markdown, args.template_package, args.template_pptx, args.template_settings):
        if path and path != "-" and not os.path.exists(path):
            raise UsageError(f"no such file: {path}")
        if path and os.path.isdir(path):
            raise UsageError(f"{path} is a folder, not a file")
    output = args.output or _default_output(args.markdown)
    check_writable(output, "deck")
    for path, what in ((args.document, "document"), (args.property, "pptxProperty")):
        if path:
            check_writable(path, what)
    if args.html:
        check_folder(args.html, "slide HTML")
    if args.png:
        from engine import MAX_PNG_WIDTH as MAX_WIDTH  # the renderer is loaded only for PNGs

        check_folder(args.png, "PNGs")
        if not 1 <= args.png_width <= MAX_WIDTH:
            raise UsageError(f"--png-width must be 1..{MAX_WIDTH}")
    return str(output)


def _generate(args: argparse.Namespace) -> int:
    """Checks the arguments, then builds and writes the deck with the cyclic collector paused
    throughout (left to the generator's own pauses, it would resume as soon as the deck is
    built and walk every object of it). The deck is dropped before the collector resumes, and
    what is left (caches, the modules its content loaded: fontTools, Pygments..., and the
    run's cyclic garbage, held since the collector paused, so the peak memory does not grow)
    goes to the permanent generation as the generator's modules did (`load_generator`, once
    per process, as a command runs once): no collection after the run, nor the one at exit,
    walks any of it; the process ends next."""
    from engine import collector_paused

    output = check_arguments(args)
    first = "generator.api" not in sys.modules  # a command's run (once per process)
    with collector_paused():
        code = _generate_deck(args, output)
        if first:
            gc.freeze()
    return code


def _generate_deck(args: argparse.Namespace, output: str) -> int:
    from generator.errors import GeneratorError

    try:
        deck = _build(args)
    except GeneratorError as exc:
        print(f"deckforge generate: {exc.message} ({exc.code})", file=sys.stderr)
        for problem in exc.problems:
            print(f"  {problem.field}: {problem.reason}", file=sys.stderr)
        return 2
    _write_outputs(deck, args, output)
    print(
        f"{output}: {deck.page_count} slides, template {deck.template_id}, subject {deck.subject!r}"
    )
    print_left_out(deck.left_out)
    for line in picture_advice(deck.left_out):
        print(line)
    return 0


def _build(args: argparse.Namespace) -> GeneratedDeck:
    load_generator()
    from generator.api import generate_from_markdown, regenerate

    text = _read(args.markdown)
    templates = None
    template_id = args.template
    if args.template_package:
        from generator.package import load_template_package

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
        try:
            source = json.loads(text) if text.lstrip().startswith("{") else text.strip()
        except json.JSONDecodeError as exc:
            from engine.cli import UsageError

            raise UsageError(f"{args.markdown} is not valid JSON: {exc}") from None
        return regenerate(source, templates=templates)
    from generator.outline import document_name

    return generate_from_markdown(
        text,
        template_id,
        templates=templates,
        assets=markdown_assets(args),
        length=args.length,
        source_name=document_name(args.markdown),
    )


def _write_outputs(deck: GeneratedDeck, args: argparse.Namespace, output: str) -> None:
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
        from engine import render_deck_pngs

        os.makedirs(args.png, exist_ok=True)
        for i, png in enumerate(render_deck_pngs(deck.conversion, width=args.png_width)):
            with open(os.path.join(args.png, f"{i + 1:02d}.png"), "wb") as fh:
                fh.write(png)


def _read(path: str) -> str:
    from engine.cli import UsageError

    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not UTF-8 text") from None
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None


def _default_output(path: str) -> str:
    if path == "-":
        return "deck.pptx"
    base = os.path.splitext(path)[0]
    return base + ".pptx"
