"""`deckforge convert ... --template-pptx FILE` (HTML pages onto a company template) and the
template loading shared with `deckforge generate --template-pptx FILE`."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from engine.cli import EPILOG, EXIT_USAGE, UsageError, add_convert_arguments, run_parser


def load_cli_template(path: str, settings_path: str | None, command: str) -> Any:
    """The BrandTemplate of a .pptx/.potx file (its warnings printed); GeneratorError for a bad
    file or settings, UsageError when a file cannot be read."""
    from generator.brand.package import load_pptx_template

    try:
        with open(path, "rb") as fh:
            data = fh.read()
        settings = None
        if settings_path:
            with open(settings_path, "rb") as fh:
                settings = fh.read()
    except OSError as exc:
        raise UsageError(f"cannot read {exc.filename}: {exc.strerror}") from None
    template = load_pptx_template(data, settings=settings, filename=path)
    assert template.source is not None
    for warning in template.source.warnings:
        print(f"deckforge {command}: template: {warning}", file=sys.stderr)
    return template


def _with_template(args: argparse.Namespace) -> int:
    from engine.cli import cmd_convert

    if args.template_pptx:  # the generator is imported only for a template (start-up)
        from generator.brand.build import base_package
        from generator.errors import GeneratorError

        try:
            template = load_cli_template(args.template_pptx, args.template_settings, "convert")
        except GeneratorError as exc:
            print(f"deckforge convert: {exc.message} ({exc.code})", file=sys.stderr)
            for problem in exc.problems:
                print(f"  {problem.field}: {problem.reason}", file=sys.stderr)
            return EXIT_USAGE
        args.base = base_package(template)
    return cmd_convert(args)


def main_convert(argv: list[str] | None = None) -> int:
    """`deckforge convert ARGS` (argv without the word 'convert'), with --template-pptx."""
    parser = argparse.ArgumentParser(
        prog="deckforge convert",
        description="Convert HTML pages into one PPTX deck.",
        epilog=EPILOG,
    )
    add_convert_arguments(parser)
    parser.add_argument(
        "--template-pptx",
        metavar="FILE",
        help="write the slides onto this PowerPoint template (.pptx/.potx): its master, "
        "background and logo under each page; pages must have its slide size",
    )
    parser.add_argument("--template-settings", metavar="JSON", help="settings of --template-pptx")
    parser.set_defaults(func=_with_template)
    return run_parser(parser, argv)
