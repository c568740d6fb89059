"""Title lines of each generated sample deck: how many content slides' titles take more than one
line at the template's title size (laid out as the deck is converted), per document.

    PYTHONPATH=$PWD python benchmarks/title_lines.py [DOC.md ...] [--template corporate]
        [--json benchmarks/results/title_lines.json]

Each document is generated as `deckforge generate` does by default (local pictures beside it
allowed); a slide's title lines are the distinct line boxes of its title region. Prints one
row per document (content slides, slides whose title wraps, their titles) and writes the
figures as JSON.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import sys
from dataclasses import dataclass

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from engine.api import PageLayout, layout_boxes  # noqa: E402
from generator.api import generate_from_markdown  # noqa: E402
from generator.markup.images import Assets  # noqa: E402
from generator.outline import document_name  # noqa: E402


@dataclass
class DeckLines:
    document: str
    content_slides: int
    wrapped: list[str]  # "number: title" of each slide whose title takes several lines


def title_lines(layout: PageLayout) -> int:
    """Distinct line boxes inside the page's title region (data-df-fit="title")."""
    regions = {
        i
        for i, b in enumerate(layout.boxes)
        if b.kind == "box" and b.attributes.get("data-df-fit") == "title"
    }
    inside = set(regions)
    lines: set[float] = set()
    for i, b in enumerate(layout.boxes):  # boxes come in document order, parents first
        if b.parent in inside:
            inside.add(i)
            if b.kind == "line" and b.text.strip():
                lines.add(round(b.y))
    return len(lines)


def deck_lines(path: str, template: str) -> DeckLines:
    with open(path, encoding="utf-8") as f:
        markdown = f.read()
    deck = generate_from_markdown(
        markdown,
        template,
        assets=Assets.beside(path),
        source_name=document_name(path),
    )
    wrapped: list[str] = []
    count = 0
    for page, html in zip(deck.pages, deck.pages_html, strict=True):
        if page.kind != "content":
            continue
        count += 1
        if title_lines(layout_boxes(html)) > 1:
            kicker = f"{page.subtitle} · " if page.subtitle else ""
            wrapped.append(f"{page.number}: {kicker}{page.title}")
    rel = os.path.relpath(path, os.path.join(ROOT, "samples", "markdown"))
    return DeckLines(rel, count, wrapped)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("documents", nargs="*")
    parser.add_argument("--template", default="corporate")
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    docs = args.documents or sorted(
        p
        for p in glob.glob(
            os.path.join(ROOT, "samples", "markdown", "*", "**", "*.md"), recursive=True
        )
        if os.path.basename(p) != "SOURCES.md"
    )
    rows = [deck_lines(d, args.template) for d in docs]
    total = sum(len(r.wrapped) for r in rows)
    for r in rows:
        print(f"{r.document:45} {r.content_slides:3} slides {len(r.wrapped):3} wrapped")
        for title in r.wrapped:
            print(f"    {title}")
    print(f"total: {total} of {sum(r.content_slides for r in rows)} content slides wrap")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump([r.__dict__ for r in rows], f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
