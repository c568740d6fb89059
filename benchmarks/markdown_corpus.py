"""Measures of a deck generated from a real Markdown document (samples/markdown/<name>/*.md).

Used by `bench_generate.py --corpus` (figures, contact sheets) and by the corpus tests
(tests/generator/test_markdown_corpus.py). Per document:

- words lost: visible words of the source (its Markdown rendered to HTML by markdown-it, front
  matter, comments, scripts and styles left out, alt texts not counted) missing from every
  slide's text, with the list;
- raw markup shown: Markdown/HTML syntax visible on slides outside code (`<tag>`, `==x==`,
  `:emoji:`, `![`, `](`, `**`, `+++`, `---` lines, `::slot::`, `[^1]`, `{{`);
- pictures kept / expected: distinct pictures in the deck that the template does not bring
  itself / distinct images the source references that exist (local files, data: URIs);
- small text: share of characters on slides set below 12 pt;
- small code: share of the code blocks' characters set below 14 pt;
- prose below 16 / 18 pt: share of the characters of content slides' prose and lists (not
  titles, tables or code) set below that size (18 pt is read from a seat);
- near-empty slides: content slides whose body (the slide below its title band, above its
  footer) is less than NEAR_EMPTY covered by text, pictures, tables and shapes (text counted
  by the extent of its lines, not by its box; the title is not body, however long), or whose
  body is one sentence, one bullet or one line of links: text alone (no picture, table,
  diagram or code), at most two paragraphs of at most LONE_WORDS words, less than LONE_SHARE
  covered;
- source slides: for decks (`---`, Marp, Slidev), the number of slides of the source.
"""

from __future__ import annotations

import os
import re
import urllib.parse
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "samples", "markdown")
WORD = re.compile(r"[^\W\d_][\w']*|\d+(?:[.,]\d+)*", re.UNICODE)
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
MARKUP = [
    ("html tag", re.compile(r"</?[A-Za-z][\w-]*(\s[^<>]*)?/?>")),
    ("html comment", re.compile(r"<!--")),
    ("==mark==", re.compile(r"==\S[^=]*\S?==")),
    ("emoji shortcode", re.compile(r"(?<![\w:]):[a-z0-9_+-]{2,30}:(?![\w:])")),
    ("image syntax", re.compile(r"!\[")),
    ("link syntax", re.compile(r"\]\(")),
    ("bold syntax", re.compile(r"\*\*\S")),
    ("front matter", re.compile(r"\+\+\+|^---$|\b[a-zA-Z_]+ = [\[\"]", re.M)),
    ("slot", re.compile(r"::[a-z]+::")),
    ("footnote", re.compile(r"\[\^[\w-]+\]")),
    ("template", re.compile(r"\{\{|\}\}")),
    ("directive", re.compile(r"\b_?(class|paginate|backgroundColor|layout|transition):\s")),
]
MONO = ("mono", "courier", "consolas", "menlo")
SMALL_PT = 12.0
SMALL_CODE_PT = 14.0  # code below this is hard to read from a seat (on a 960 pt wide slide)
NEAR_EMPTY = 0.08  # share of the body area a content slide's content covers, at least
LONE_PARAGRAPHS = 2  # ... or more paragraphs than this (a label and its one item) ...
LONE_WORDS = 60  # ... or more words than this, when it shows text alone ...
LONE_SHARE = 0.3  # ... or covers this share of the body
CELL = 10.0  # px of the grid the covered body area is counted on
HEAD_NAMES = ("head", "title", "kicker", "df-headline", "cont", "foot")
IMAGE_REF = re.compile(r"!\[[^\]]*\]\(\s*<?([^)\s>]+)|<img\b[^>]*?\bsrc\s*=\s*[\"']([^\"']+)", re.I)


@dataclass
class DeckText:
    """What a deck shows: text runs (with size and whether they are code) and pictures."""

    runs: list[tuple[str, float, bool]] = field(default_factory=list)  # (text, pt, mono)
    code: list[tuple[int, float]] = field(default_factory=list)  # code blocks' (characters, pt)
    slide_words: list[int] = field(default_factory=list)
    slide_pictures: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # each slide's speaker notes
    media: set[str] = field(default_factory=set)

    def text(self, code: bool = True) -> str:
        """Runs of a paragraph joined as they are (line breaks and paragraph ends are spaces);
        zero-width spaces (break opportunities) removed."""
        return "".join(t for t, _, mono in self.runs if code or not mono).replace("\u200b", "")


def documents() -> list[tuple[str, str]]:
    """(name, path) of every corpus document: `<folder>` or `<folder>/<file stem>`."""
    out = []
    for folder in sorted(os.listdir(CORPUS)):
        base = os.path.join(CORPUS, folder)
        if not os.path.isdir(base):
            continue
        found = sorted(
            os.path.join(d, f)
            for d, _, files in os.walk(base)
            for f in files
            if f.endswith(".md") and f != "SOURCES.md"
        )
        for path in found:
            name = (
                folder
                if len(found) == 1
                else f"{folder}/{os.path.splitext(os.path.basename(path))[0]}"
            )
            out.append((name, path))
    return out


def sample(name: str) -> str:
    """The Markdown of the corpus document `name` (as `documents()` names it)."""
    with open(dict(documents())[name], encoding="utf-8") as fh:
        return fh.read()


def doc_folder(path: str) -> str:
    """The corpus folder a document belongs to (its --assets folder)."""
    rel = os.path.relpath(path, CORPUS)
    return os.path.join(CORPUS, rel.split(os.sep)[0])


def deck_text(slides: list[dict[str, Any]]) -> DeckText:
    out = DeckText()
    for slide in slides:
        words = pictures = 0
        for shape in _shapes(slide.get("shapes", [])):
            if shape.get("kind") == "picture":
                pictures += 1
                out.media.add(str(shape.get("media") or shape.get("svg_media")))
            for body in _bodies(shape):
                for para in body.get("paragraphs", []):
                    for run in para.get("runs", []):
                        text = " " if run.get("break") else str(run.get("text") or "")
                        if not text:
                            continue
                        font = str(run.get("font") or "").lower()
                        mono = any(m in font for m in MONO)
                        out.runs.append((text, float(run.get("size") or 18.0), mono))
                        if mono and _is_code_block(shape) and text.strip():
                            out.code.append((len(text.strip()), out.runs[-1][1]))
                        words += len(WORD.findall(text)) + len(CJK.findall(text))
                    out.runs.append(("\n", 0.0, False))
        fill = (slide.get("background") or {}).get("media")
        if fill:
            out.media.add(str(fill))
        out.notes.append(str(slide.get("notes") or ""))  # notes count as kept words
        out.slide_words.append(words)
        out.slide_pictures.append(pictures)
    return out


def body_share(slide: dict[str, Any], width: float = 1280.0, height: float = 720.0) -> float:
    """The share of the slide's body area its content covers: the body is the slide below the
    title band (the lowest shape named head/title) and above the footer (the last 6 %); text
    covers its lines (the longest line's estimated width), pictures, tables and drawn shapes
    their boxes; counted on a CELL px grid so that overlapping shapes count once."""
    shapes = list(_shapes(slide.get("shapes", [])))
    top = 0.0
    for shape in shapes:
        if _head(shape) and shape["y"] < height * 0.3:
            top = max(top, shape["y"] + shape["h"])
    bottom = height * 0.94
    if bottom - top < CELL:
        return 1.0
    covered: set[tuple[int, int]] = set()
    for shape in shapes:
        if _head(shape) or shape.get("kind") == "group":
            continue
        w = _extent(shape)
        x0, y0 = shape["x"], max(top, shape["y"])
        x1, y1 = min(width, x0 + w), min(bottom, shape["y"] + shape["h"])
        if w <= 0 or x1 - x0 >= width * 0.98 and y1 - y0 >= (bottom - top) * 0.98:
            continue  # nothing, or a full-slide backdrop
        for i in range(int(x0 // CELL), int(max(x0, x1 - 1) // CELL) + 1):
            for j in range(int(y0 // CELL), int(max(y0, y1 - 1) // CELL) + 1):
                covered.add((i, j))
    cells = (width / CELL) * ((bottom - top) / CELL)
    return min(1.0, len(covered) / cells)


def _head(shape: dict[str, Any]) -> bool:
    name = str(shape.get("name") or "").split(" ")[0]
    classes = name.split(".")[1:]
    return any(c in HEAD_NAMES for c in classes)


def _extent(shape: dict[str, Any]) -> float:
    """The width a shape covers: a text box its longest line (estimated from its characters and
    size), anything else its box."""
    kind = shape.get("kind")
    if kind in ("picture", "table"):
        return float(shape["w"])
    if kind != "text":
        return float(shape["w"]) if shape.get("fill") else 0.0
    longest = 0.0
    for body in _bodies(shape):
        for para in body.get("paragraphs", []):
            line = 0.0
            for run in para.get("runs", []):
                if run.get("break"):
                    longest, line = max(longest, line), 0.0
                    continue
                text = str(run.get("text") or "")
                pt = float(run.get("size") or 18.0)
                wide = len(CJK.findall(text))
                line += (len(text) - wide) * pt * 1.333 * 0.52 + wide * pt * 1.333
            longest = max(longest, line)
    return min(float(shape["w"]), longest) if longest else 0.0


def near_empty(slides: list[dict[str, Any]], kinds: list[str]) -> list[int]:
    """1-based numbers of the content slides a reader sees as near-empty: a body less than
    NEAR_EMPTY covered, or a body of text alone (no picture, table, diagram or code) that is
    one sentence, one bullet or one line of links: at most LONE_PARAGRAPHS paragraphs (a
    label and its one item) of at most LONE_WORDS words together, covering less than
    LONE_SHARE of the body (two paragraphs set large, an introduction, are a slide)."""
    return [
        i + 1
        for i, (slide, kind) in enumerate(zip(slides, kinds, strict=True))
        if kind == "content"
        and (body_share(slide) < NEAR_EMPTY or body_share(slide) < LONE_SHARE and lone_text(slide))
    ]


def lone_text(slide: dict[str, Any]) -> bool:
    """The slide's body is text alone, at most LONE_PARAGRAPHS paragraphs of at most
    LONE_WORDS words (a CJK character counts as half a word)."""
    paragraphs = 0
    words = 0.0
    for shape in _shapes(slide.get("shapes", [])):
        if shape.get("kind") in ("picture", "table", "group"):
            return False
        if _head(shape):
            continue
        for body in _bodies(shape):
            for para in body.get("paragraphs", []):
                runs = [r for r in para.get("runs", []) if str(r.get("text") or "").strip()]
                if not runs:
                    continue
                if all(any(m in str(r.get("font") or "").lower() for m in MONO) for r in runs):
                    return False  # a line of code
                text = "".join(str(r.get("text") or "") for r in para.get("runs", []))
                paragraphs += 1
                words += len(WORD.findall(CJK.sub(" ", text))) + len(CJK.findall(text)) / 2
    return 0 < paragraphs <= LONE_PARAGRAPHS and words <= LONE_WORDS


def walk_blocks(blocks: list[Any]) -> Iterator[Any]:
    """Outline blocks and the blocks inside their list items."""
    for block in blocks:
        yield block
        for item in block.items:
            yield from walk_blocks(item.children)


def _shapes(shapes: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for shape in shapes:
        yield shape
        if shape.get("kind") == "group":
            yield from _shapes(shape.get("shapes", []))


def _bodies(shape: dict[str, Any]) -> Iterator[dict[str, Any]]:
    if isinstance(shape.get("text"), dict):
        yield shape["text"]
    for row in shape.get("rows", []) if shape.get("kind") == "table" else []:
        for cell in row.get("cells", []):
            if isinstance(cell.get("text"), dict):
                yield cell["text"]


def words_of(text: str) -> list[str]:
    """Words for comparison: lowercased latin words/numbers (hyphens and underscores split
    them, as line breaks may); every CJK character alone."""
    text = text.replace("’", "'").replace("_", " ")
    out = [w.lower().strip("'") for w in WORD.findall(CJK.sub(" ", text))]
    out += CJK.findall(text)
    return [w for w in out if w]


def _renderer() -> Any:
    """CommonMark with the extensions GitHub, pandoc and MkDocs readers see rendered (tables,
    strikethrough, footnotes, task lists, definition lists, math, admonitions, ::: blocks)."""
    from markdown_it import MarkdownIt
    from mdit_py_plugins.admon import admon_plugin
    from mdit_py_plugins.colon_fence import colon_fence_plugin
    from mdit_py_plugins.deflist import deflist_plugin
    from mdit_py_plugins.dollarmath import dollarmath_plugin
    from mdit_py_plugins.footnote import footnote_plugin
    from mdit_py_plugins.tasklists import tasklists_plugin

    md = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])
    for plugin in (footnote_plugin, tasklists_plugin, deflist_plugin, admon_plugin):
        md.use(plugin)
    return md.use(dollarmath_plugin).use(colon_fence_plugin)


def source_body(markdown: str) -> str:
    """The Markdown a reader sees rendered: front matter (and Slidev slide front matter) out."""
    from generator.markup.deck import deck_kind, split_deck
    from generator.markup.frontmatter import split_front_matter

    front, body, _ = split_front_matter(markdown.replace("\r\n", "\n"))
    kind = deck_kind(front.data, body)
    if kind == "slidev":  # hidden slides are not shown by Slidev either
        parts = split_deck(kind, front.data, body)
        return "\n\n".join(
            s.text
            for s in parts
            if s.meta.get("hide") is not True and s.meta.get("disabled") is not True
        )
    return body


def source_text(markdown: str) -> str:
    """The text a reader of the rendered Markdown sees (HTML visible text; emoji shortcodes
    are pictures, not words; nor are formulas, which a reader sees drawn)."""
    import emoji
    import lxml.html

    html = _renderer().render(source_body(markdown))
    if not html.strip():
        return ""
    root = lxml.html.fragment_fromstring(html, create_parent="div")
    for bad in root.xpath("//script|//style|//template|//comment()"):
        bad.drop_tree()
    for math in root.xpath("//*[contains(concat(' ', @class, ' '), ' math ')]"):
        math.drop_tree()  # formulas are drawn or shown as text: their TeX is not words read
    for el in root.iter():
        if el.tag in ("br", "p", "li", "td", "th", "div", "h1", "h2", "h3", "h4", "pre"):
            el.tail = " " + (el.tail or "")
    from generator.markup.inline import ICON

    return ICON.sub("", str(emoji.emojize(root.text_content(), language="alias")))


def code_texts(markdown: str) -> str:
    """All code (fences, code spans) of the source: markup inside it is content."""
    tokens = _renderer().parse(source_body(markdown))
    out = []
    for token in tokens:
        if token.type in ("fence", "code_block"):
            out.append(token.content)
        for child in token.children or []:
            if child.type == "code_inline":
                out.append(child.content)
    return "\n".join(out)


def words_lost(
    markdown: str, deck: DeckText, listed: list[str] | None = None
) -> tuple[int, int, list[str]]:
    """(source words, words of the source neither on a slide nor in its notes nor in `listed`
    (texts left out on purpose, each listed), the distinct missing words)."""
    shown = set(words_of(" ".join([deck.text(), *deck.notes, *(listed or [])])))
    source = words_of(source_text(markdown))
    missing = [w for w in source if w not in shown]
    return len(source), len(missing), sorted(set(missing))


def markup_shown(deck: DeckText, markdown: str = "") -> list[str]:
    """Markup tokens visible on slides outside code, as 'kind: token' (a token that is part of
    the source's own code, e.g. a heading quoting `<!-- x -->`, is content)."""
    found = []
    text = deck.text(code=False)
    code = code_texts(markdown) if markdown else ""
    for kind, pattern in MARKUP:
        for m in pattern.finditer(text):
            if m.group(0).strip() and m.group(0).strip() in code:
                continue
            found.append(f"{kind}: {m.group(0)[:40]}")
    return found


def small_text_share(deck: DeckText) -> float:
    """Share of visible characters set below SMALL_PT (line breaks and spaces have no size)."""
    runs = [(len(t.strip()), pt) for t, pt, _ in deck.runs if t.strip()]
    total = sum(n for n, _ in runs)
    small = sum(n for n, pt in runs if pt < SMALL_PT)
    return small / total if total else 0.0


def prose_share_below(slides: Sequence[Any], kinds: list[str], pt: float) -> float:
    """Share of the visible characters of content slides' prose and lists (not titles,
    headers, footers, tables or monospace text) set below `pt`."""
    total = small = 0
    for slide, kind in zip(slides, kinds, strict=False):
        if kind != "content":
            continue
        for shape in _shapes(slide.get("shapes", [])):
            if _head(shape) or shape.get("kind") == "table":
                continue
            for body in _bodies(shape):
                for para in body.get("paragraphs", []):
                    for run in para.get("runs", []):
                        n = len(str(run.get("text") or "").strip())
                        font = str(run.get("font") or "").lower()
                        if not n or any(m in font for m in MONO):
                            continue
                        total += n
                        small += n if float(run.get("size") or 18.0) < pt - 0.01 else 0
    return small / total if total else 0.0


def small_code_share(deck: DeckText) -> float:
    """Share of the code blocks' visible characters set below SMALL_CODE_PT (inline code takes
    the size of its text)."""
    total = sum(n for n, _ in deck.code)
    small = sum(n for n, pt in deck.code if pt < SMALL_CODE_PT - 0.01)
    return small / total if total else 0.0


def _is_code_block(shape: dict[str, Any]) -> bool:
    return "df-code" in str(shape.get("name") or "").split(" ")[0].split(".")


def expected_pictures(markdown: str, path: str) -> int:
    """Distinct images the source references that exist: local files under the document's
    corpus folder, and data: URIs."""
    return len(_local_pictures(markdown, path))


GRID_PARTS = re.compile(r"\(pictures (\d+)-(\d+) of \d+\)$")  # generator.markup.details


def pictures_shown(markdown: str, path: str, pages: list[Any], slides: list[Any]) -> int:
    """The source's pictures (those expected_pictures counts) a reader sees on the slides:
    each picture of a grid counts, an animated SVG shown as its still counts, a badge, a
    drawn diagram or formula, the template's pictures and placeholder frames do not. A slide's
    picture is known by the bytes of the page's image block (the file's, or its still's)."""
    import base64
    import hashlib

    from generator.markup.images import still_of

    keys: dict[str, str] = {}  # sha1 of what a slide may show -> the source picture
    for source in _local_pictures(markdown, path):
        data = _bytes_of(source)
        keys[hashlib.sha1(data).hexdigest()] = source
        still = still_of(data) if data.lstrip()[:5] in (b"<svg ", b"<?xml") else None
        if still is not None:
            keys[hashlib.sha1(still).hexdigest()] = source
    seen: set[str] = set()
    grids: dict[str, int] = {}  # a grid drawn as one picture -> how many pictures it shows
    for page, slide in zip(pages, slides, strict=True):
        if not any(s.get("kind") == "picture" for s in _shapes(slide.get("shapes", []))):
            continue
        blocks = [*page.blocks, *(b for s in page.sections for b in s.blocks)]
        for block in walk_blocks(blocks):
            if block.type != "image" or block.kind in ("badge", "formula", "diagram"):
                continue
            data = base64.b64decode(block.src.split(",", 1)[1]) if "," in block.src else b""
            known = keys.get(hashlib.sha1(data).hexdigest())
            parts = GRID_PARTS.search(block.alt)
            if known is not None:
                seen.add(known)
            elif parts:
                grids[block.src] = int(parts[2]) - int(parts[1]) + 1
    return min(len(set(keys.values())), len(seen) + sum(grids.values()))


def _bytes_of(source: str) -> bytes:
    if source.startswith("data:"):
        import base64

        return base64.b64decode(source.split(",", 1)[1])
    with open(source, "rb") as fh:
        return fh.read()


def _local_pictures(markdown: str, path: str) -> set[str]:
    found: set[str] = set()
    folder = os.path.dirname(os.path.abspath(path))
    top = os.path.realpath(doc_folder(path))
    for m in IMAGE_REF.finditer(markdown):
        src = (m.group(1) or m.group(2) or "").strip()
        if src.startswith("data:image/"):
            found.add(src)
            continue
        if re.match(r"^[a-z]+:|^//", src, re.I):
            continue
        local = os.path.realpath(os.path.join(folder, urllib.parse.unquote(src.split("?")[0])))
        if local.startswith(top + os.sep) and os.path.isfile(local):
            found.add(local)
    return found


def source_slides(markdown: str) -> int:
    """Slides of a deck source (0 for documents): its parts as the deck reader splits them."""
    from generator.markup.deck import deck_kind, split_deck
    from generator.markup.frontmatter import split_front_matter

    front, body, _ = split_front_matter(markdown.replace("\r\n", "\n"))
    kind = deck_kind(front.data, body)
    if not kind:
        return 0
    parts = split_deck(kind, front.data, body)
    return sum(
        1 for s in parts if s.meta.get("hide") is not True and s.meta.get("disabled") is not True
    )
