"""Quotes, admonitions and callouts read from Markdown: the admonition types and their titles,
a quote's content as paragraphs, and the blocks a quote becomes (its text a quote, a code block
in it a code block of its own, a quote in it a nested quote)."""

from __future__ import annotations

from dataclasses import replace

from generator.markup.inline import merge_spans
from generator.model import TONES, Block, Span, Spans, plain

ADMONITIONS = {
    "note": "Note",
    "tip": "Tip",
    "info": "Info",
    "important": "Important",
    "warning": "Warning",
    "caution": "Caution",
    "danger": "Danger",
    "attention": "Attention",
    "hint": "Hint",
    "success": "Success",
    "question": "Question",
    "example": "Example",
    "abstract": "Abstract",
    "bug": "Bug",
    "quote": "Quote",
    "failure": "Failure",
}
# The look an admonition type takes: MkDocs Material's twelve types (its other qualifiers and
# GitHub's / Docusaurus' names read as the type they are drawn like there)
KIND_TONES = {
    **{t: t for t in TONES},
    "summary": "abstract",
    "tldr": "abstract",
    "todo": "info",
    "hint": "tip",
    "important": "tip",
    "check": "success",
    "done": "success",
    "help": "question",
    "faq": "question",
    "caution": "warning",
    "attention": "warning",
    "fail": "failure",
    "missing": "failure",
    "error": "danger",
    "cite": "quote",
}
# GitHub's colours of its five alert types: blue, green, purple, orange, red
GITHUB_TONES = {
    "note": "note",
    "tip": "success",
    "important": "example",
    "warning": "warning",
    "caution": "danger",
}


def block_spans(block: Block) -> list[Spans]:
    """A block as paragraphs of spans (for quotes and footnotes)."""
    if block.type in ("paragraph", "heading"):
        return [block.spans]
    if block.type == "quote":
        return list(block.paragraphs)
    if block.type == "code":
        return [[Span(block.text, code=True)]]
    if block.type == "list":
        out: list[Spans] = []
        for n, item in enumerate(block.items):
            marker = f"{block.start + n}. " if block.ordered else "• "
            if item.checked is not None:  # a task list keeps its boxes
                marker = "☑ " if item.checked else "☐ "
            out.append([Span(marker)] + item.spans)
            for child in item.children:
                out.extend(block_spans(child))
        return out
    if block.type == "table":
        rows = ([block.header] if block.header else []) + block.rows
        return [[Span(" | ".join(plain(c) for c in row))] for row in rows]
    if block.type == "image" and block.alt:
        return [[Span(block.alt, italic=True)]]
    return []


def github_alert(paragraphs: list[Spans]) -> str:
    """`> [!NOTE]` (GitHub alerts): the marker becomes a bold label; the alert's tone (GitHub's
    colour of its type, GITHUB_TONES) is returned ("" for a plain quote)."""
    first = paragraphs[0]
    text = plain(first).lstrip()
    if not text.startswith("[!"):
        return ""
    end = text.find("]")
    name = text[2:end].strip().lower() if end > 0 else ""
    if name not in ADMONITIONS:
        return ""
    rest = text[end + 1 :].strip()
    label = [Span(ADMONITIONS[name], bold=True)]
    paragraphs[0] = label + ([Span(" " + rest)] if rest else [])
    return GITHUB_TONES.get(name, KIND_TONES.get(name, ""))


def callout(title: str, blocks: list[Block], kind: str = "") -> list[Block]:
    """An admonition of type `kind`: its quotes take the type's tone (a nested one keeps its own)."""
    parts = quote_parts([[Span(title, bold=True)]] if title else [], blocks)
    tone = KIND_TONES.get(kind.lower(), "")
    return [replace(b, tone=b.tone or tone) if b.type == "quote" else b for b in parts]


def inline_box(parts: list[Block], modifiers: list[str]) -> list[Block]:
    """An admonition declared `inline` (floated left) or `inline end` (floated right) by the
    words after its type (MkDocs Material's modifiers, before its quoted title): a box of text
    alone becomes a quote of kind "inline" / "inline-end", drawn narrow beside the blocks after
    it; one holding code or another box stays full width."""
    words = []
    for word in modifiers:
        if word.startswith(('"', "'")):
            break
        words.append(word.lower())
    if "inline" not in words or len(parts) != 1 or parts[0].type != "quote":
        return parts
    return [replace(parts[0], kind="inline-end" if "end" in words else "inline")]


def quote_parts(first: list[Spans], blocks: list[Block], merge: bool = False) -> list[Block]:
    """A quote or callout of `blocks` (after its label paragraphs `first`): its text as quote
    paragraphs, a code block in it a code block of its own (its lines kept) between the
    quote's parts, a quote or callout in it a quote of kind "nested" (drawn inside the quote
    before it)."""
    out: list[Block] = []
    paragraphs = list(first)

    def close() -> None:
        kept = [merge_spans(p) if merge else p for p in paragraphs if plain(p).strip()]
        if kept:
            out.append(Block("quote", paragraphs=kept))
        paragraphs.clear()

    for block in blocks:
        if block.type == "code":
            close()
            out.append(block)
        elif block.type == "quote":  # an admonition or quote inside: drawn inside this one
            close()
            out.append(replace(block, kind="nested"))
        else:
            paragraphs.extend(block_spans(block))
    close()
    return out
