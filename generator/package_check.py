"""Does a template show the content it is given? (a generated sample deck -> the pieces of each
planned page that are missing from its slide, as package problems naming the page template).

A template may decorate freely, but every piece of the user's content the planner put on a page
must reach the slide: the title, the cover's subtitle, the contents entries, a key number and its
caption, a quote, section titles and every block's text. Text is compared without whitespace and
case (templates may upper-case titles; lines break anywhere), so only missing content counts.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from generator.errors import Problem
from generator.model import Block, plain
from generator.planner import PlannedPage, page_context

MAX_PROBLEMS_PER_TEMPLATE = 3  # the first few say enough about one template file


def _norm(text: str) -> str:
    return "".join(ch for ch in text.casefold() if not ch.isspace() and ch != "\u00ad")


def slide_text(node: Any) -> str:
    """Every run's text of a slide-model value (text boxes, table cells, groups), concatenated."""
    if isinstance(node, dict):
        own = node.get("text")
        parts = [own] if isinstance(own, str) else []
        parts += [slide_text(v) for k, v in node.items() if isinstance(v, dict | list)]
        return "".join(parts)
    if isinstance(node, list):
        return "".join(slide_text(v) for v in node)
    return ""


def _block_texts(block: Block) -> Iterator[str]:
    if block.type in ("paragraph", "heading"):
        yield plain(block.spans)
    elif block.type == "quote":
        yield from (plain(p) for p in block.paragraphs)
    elif block.type == "list":
        for item in block.items:
            yield plain(item.spans)
            for child in item.children:
                yield from _block_texts(child)
    elif block.type == "table":
        yield from (plain(cell) for cell in block.header)
        yield from (plain(cell) for row in block.rows for cell in row)
    elif block.type == "code":
        yield from block.text.splitlines()


def expected_pieces(page: PlannedPage) -> Iterator[tuple[str, str]]:
    """(what, text) of the content a page's template must show."""
    yield "title", page.title
    if page.kind == "cover":
        yield "subtitle", page.subtitle
    for i, entry in enumerate(page.entries):
        yield f"contents entry {page.entry_start + i}", entry
    if page.kind != "content":
        return
    context = page_context(page)
    key = context["key"]
    if key is not None:
        yield "key number", str(key["value"])
    for section in page.sections:
        yield "section title", section.title
        for block in section.blocks:
            yield from ((f"{block.type} text", t) for t in _block_texts(block))
    for block in page.blocks:  # the key number's and the quote's own blocks included
        yield from ((f"{block.type} text", t) for t in _block_texts(block))


def dropped_content(pages: list[PlannedPage], slides: list[dict[str, Any]]) -> list[Problem]:
    """Problems (field: the page kind's template file) for content missing from its slide."""
    problems: list[Problem] = []
    per_file: dict[str, int] = {}
    for page, slide in zip(pages, slides, strict=False):
        shown = _norm(slide_text(slide.get("shapes", [])))
        member = f"{page.kind}.html"
        for what, text in expected_pieces(page):
            wanted = _norm(text.replace("…", ""))
            if not wanted or wanted in shown:
                continue
            per_file[member] = per_file.get(member, 0) + 1
            if per_file[member] <= MAX_PROBLEMS_PER_TEMPLATE:
                layout = "" if page.layout == page.kind else f", layout {page.layout}"
                problems.append(
                    Problem(
                        member,
                        f"sample page {page.number}{layout}: its {what} {text[:60]!r} is not "
                        "on the slide (the template drops content it is given)",
                    )
                )
    return problems
