"""Outline -> Markdown that generator.outline.parse_outline reads back to the same tree."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

import yaml

from generator.lazyre import lazy_compile
from generator.model import Block, ListItem, Outline, Page, Span

# `[` stays bare: its escape `\[` would open display math, and an escaped `]` already keeps
# brackets from making a link, a footnote or a reference definition
_PUNCT = lazy_compile(r"([\\`*_\]<>|~&!#])")
_LINE_START = lazy_compile(
    r"^(\s*)([-+>]|=+\s*$|:{3,}|:(?=[ \t])|\d{1,9}[.)])"
)  # `=`: a setext underline; `:::` a fence; `: ` a definition
# `=` that could make a `==mark==` delimiter: after another `=`, or at the text's edge (next to
# another span's delimiter)
_MARK_EQUALS = lazy_compile(r"^=|(?<==)=|=$")
_SHORTCODE = lazy_compile(r":(?=[\w+-]+:)")  # `:smile:` would be read as an emoji


def escape(text: str, line_start: bool = False) -> str:
    """Text that CommonMark shows literally (no emphasis, links, HTML, entities, markers,
    ==marks==, :shortcodes:)."""
    text = _PUNCT.sub(r"\\\1", " ".join(text.split()) if "\n" in text else text)
    text = _MARK_EQUALS.sub(r"\\=", text).replace("$", "\\$")
    text = _SHORTCODE.sub(r"\\:", text)
    if line_start:
        text = _LINE_START.sub(lambda m: m.group(1) + _escape_marker(m.group(2)), text)
    return text


def _escape_marker(marker: str) -> str:
    if marker[-1] in ".)":
        return marker[:-1] + "\\" + marker[-1]
    return "\\" + marker


def spans_md(spans: list[Span]) -> str:
    """Inline Markdown. Emphasis is written only where CommonMark's flanking rules keep it
    (whitespace or the line's edge on both sides); elsewhere the text stays, unformatted."""
    merged: list[Span] = []
    for span in spans:
        text = span.text.replace("\n", " ").replace("\x00", "\ufffd")  # as CommonMark reads NUL
        last = merged[-1] if merged else None
        if last and (
            last.style() == span.style()
            or (last.code and span.code and last.href == span.href)  # `a``b` would be one run
        ):
            merged[-1] = replace(last, text=last.text + text)
        elif text:
            merged.append(replace(span, text=text))
    out = ""
    for n, span in enumerate(merged):
        nxt = merged[n + 1] if n + 1 < len(merged) else None
        following = nxt.text[:1] if nxt else " "
        marked = nxt is not None and (nxt.bold or nxt.italic) and not following.isspace()
        out += _span_md(span, before=out[-1:] or " ", after=following, after_marked=marked)
    return escape_start(out)


def _span_md(span: Span, before: str, after: str, after_marked: bool = False) -> str:
    text = span.text
    if span.code:
        ticks = "`" * (max((len(r) for r in re.findall(r"`+", text)), default=0) + 1)
        pad = " " if text.startswith("`") or text.endswith("`") else ""
        body = f"{ticks}{pad}{text}{pad}{ticks}"
    else:
        body = escape(text)
    core = body.strip()
    if not core:
        return body
    lead = body[: len(body) - len(body.lstrip())]
    trail = body[len(body.rstrip()) :]
    # CommonMark flanking rules for `*` runs: an opener not followed by punctuation, or
    # preceded by whitespace/punctuation; a closer likewise mirrored.
    # A run next to another `*` run would merge with it: never.
    open_ok = (
        bool(lead)
        or before.isspace()
        or (before != "*" and (_punct(before) or not _punct(core[0])))
    )
    close_ok = (
        bool(trail)
        or after.isspace()
        or (not after_marked and after != "*" and (_punct(after) or not _punct(core[-1])))
    )
    for flag in ("kbd", "sub", "sup"):
        if getattr(span, flag):
            core = f"<{flag}>{core}</{flag}>"
    if span.strike and open_ok and close_ok:
        core = f"~~{core}~~"
    if span.mark and open_ok and close_ok:
        core = f"=={core}=="
    if (span.bold or span.italic) and open_ok and close_ok:
        mark = "***" if span.bold and span.italic else "**" if span.bold else "*"
        core = f"{mark}{core}{mark}"
    if span.href:
        target = re.sub(r"[\s()<>]", lambda m: f"%{ord(m.group(0)):02X}", span.href)
        core = f"[{core}]({target})"
    return lead + core + trail


def _punct(ch: str) -> bool:
    return bool(ch) and unicodedata.category(ch[0]).startswith(("P", "S"))


def escape_start(text: str) -> str:
    return _LINE_START.sub(lambda m: m.group(1) + _escape_marker(m.group(2)), text)


def block_md(block: Block, indent: str = "") -> str:
    t = block.type
    if t == "paragraph":
        return indent + spans_md(block.spans)
    if t == "heading":
        return indent + "##### " + spans_md([Span(s.text) for s in block.spans])
    if t == "list":
        return _list_md(block, indent)
    if t == "table":
        return _table_md(block, indent)
    if t == "quote":
        return "\n>\n".join(indent + "> " + spans_md(p) for p in block.paragraphs)
    if t == "code":
        fence = "`" * max(3, max((len(r) for r in re.findall(r"`{3,}", block.text)), default=0) + 1)
        return f"{indent}{fence}{block.language}\n{block.text}\n{indent}{fence}"
    if t == "image":
        alt = ("bg " if block.kind == "background" else "") + escape(block.alt)
        return f"{indent}![{alt}]({block.src})"
    if t == "html":
        return "\n".join(indent + line for line in block.html.split("\n") if line.strip())
    return ""


def _list_md(block: Block, indent: str) -> str:
    lines = []
    for n, li in enumerate(block.items):
        marker = f"{block.start + n}." if block.ordered else "-"
        lines.append(_item_md(li, marker, indent))
    return "\n".join(lines)


def _item_md(li: ListItem, marker: str, indent: str) -> str:
    text = spans_md(li.spans) or "\u00a0"
    if li.checked is not None:
        text = ("[x] " if li.checked else "[ ] ") + text
    out = [f"{indent}{marker} {text}"]
    inner = indent + " " * (len(marker) + 1)
    for child in li.children:
        if child.type != "list":
            out.append("")  # a blank line: a paragraph here would continue the item's text
        out.append(block_md(child, inner))
    return "\n".join(out)


def _table_md(block: Block, indent: str) -> str:
    width = max([len(block.header)] + [len(r) for r in block.rows])
    if width == 0:
        return ""

    def row(cells: list[list[Span]]) -> str:
        padded = list(cells) + [[]] * (width - len(cells))
        return indent + "| " + " | ".join(spans_md(c) for c in padded) + " |"

    align = list(block.align) + ["left"] * width
    rule = {"left": "---", "center": ":---:", "right": "---:"}
    lines = [
        row(block.header),
        indent + "| " + " | ".join(rule.get(a, "---") for a in align[:width]) + " |",
    ]
    lines += [row(r) for r in block.rows]
    return "\n".join(lines)


def _comment(text: str) -> str:
    return "<!-- " + text.replace("--", "- -") + " -->"


def _page_md(page: Page) -> list[str]:
    parts = [f"### {escape(page.title)}".rstrip()]
    if page.hint:
        parts.append(_comment(f"layout: {page.hint}"))
    if page.background:
        parts.append(_comment(f'backgroundColor: "{page.background}"'))
    if page.color:
        parts.append(_comment(f'color: "{page.color}"'))
    parts += [block_md(b) for b in page.blocks]
    for section in page.sections:
        parts.append(f"#### {escape(section.title)}".rstrip())
        parts += [block_md(b) for b in section.blocks]
    if page.notes:
        parts.append(_comment("notes: " + page.notes))
    return parts


def front_matter(properties: dict[str, str]) -> str:
    if not properties:
        return ""
    body = yaml.safe_dump(dict(properties), allow_unicode=True, sort_keys=False)
    return f"---\n{body}---"


def outline_to_markdown(outline: Outline) -> str:
    """Front matter (document properties), `#` topic, subtitle paragraph, `##` chapters (an
    untitled one as a bare `##`), `###` pages (layout hint, background and speaker notes as
    comments), blocks, `####` sections."""
    parts = [front_matter(outline.properties), f"# {escape(outline.topic)}"]
    if outline.subtitle and outline.subtitle != outline.properties.get("subtitle"):
        parts.append(escape(outline.subtitle, line_start=True))
    for i, chapter in enumerate(outline.chapters):
        if chapter.title or i > 0:
            parts.append(f"## {escape(chapter.title)}".rstrip())
        for page in chapter.pages:
            parts += _page_md(page)
    return "\n\n".join(p for p in parts if p) + "\n"
