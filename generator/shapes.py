"""A page's material -> the layout its shape suggests (big numbers, cards, comparison, timeline, steps, code, pictures...).

Each detector looks at the blocks as they are (no rewriting): a layout is chosen only when
the whole page fits its shape, and the page's own hint (a slide deck's directive) wins when
the material suits it. Every layout falls back to `bullets`, which shows any block.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.lazyre import LazyPattern, lazy_compile
from generator.markup.pairs import drawn_from
from generator.model import Block, ListItem, Section, Span, plain
from generator.pointing import pointing
from generator.screenshots import diagram_beside_readable, per_slide, screenshot

KEY_NUMBER = lazy_compile(r"^[+\-−]?[$€¥£]?\d[\d,.]*\s?(%|x|×|倍|万|亿|k|K|M|B|bn|pts?)?\+?$")
LEAD_NUMBER = lazy_compile(
    r"^\s*([+\-−]?[$€¥£]?\d[\d,.]*\s?(?:%|x|×|倍|万|亿|k|K|M|B|bn|ms|s|GB|MB|TB|pts?)?\+?)(?=\s|$|[:：,，])"
)
REFERENCE_HEADER = lazy_compile(r"\b(default|description)\b", re.I)
NUMBER_CELL = lazy_compile(r"^[+\-−]?[$€¥£]?\d[\d,.\s]*(%|x|×|k|K|M|B|bn|ms|s|GB|MB|TB)?$")
MONTHS = (
    "jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|"
    "july|august|september|october|november|december"
)
DATE = lazy_compile(
    r"^\s*(?:\*\*)?("
    r"(?:19|20)\d\d(?:[-/.](?:0?[1-9]|1[0-2])(?:[-/.](?:0?[1-9]|[12]\d|3[01]))?)?"  # 2024, 2024-03-01
    r"|(?:Q[1-4]|H[12])\s*(?:19|20)\d\d"  # Q1 2024
    r"|(?:" + MONTHS + r")\.?\s+(?:\d{1,2},?\s+)?(?:19|20)\d\d"  # March 2024, Mar 3, 2024
    r"|(?:19|20)\d\d\s*年(?:\s*\d{1,2}\s*月)?(?:\s*\d{1,2}\s*日)?"  # 2024年3月
    r")(?:\*\*)?(?=\s|$|[:：,，\-–—)])",
    re.IGNORECASE,
)
TERM_SEPARATORS = (":", "：", " - ", " – ", " — ")
CARD_TEXT = 160
CODE_LINES = 18
CODE_BESIDE = 46  # characters of the longest code line that still sits beside its explanation
EXPLANATION = 420
POINTED_BESIDE = 60  # characters of the longest code line that lines pointing at it sit beside


@dataclass(frozen=True)
class PointedCode:
    """Code with the lines pointing at it (drawn beside it) and what comes before both."""

    before: list[Block]
    code: Block
    pointers: list[Block]


def choose_layout(blocks: list[Block], sections: list[Section], hint: str = "") -> str:
    """The layout a content page's material suggests."""
    suited = _by_hint(hint, blocks, sections)
    if suited:
        return suited
    if sections:
        return _sections_layout(blocks, sections)
    pictures = [b for b in blocks if b.type == "image" and _picture(b)]
    if pictures:
        return _picture_layout(blocks, pictures)
    kinds = [b.type for b in blocks]
    if kinds and kinds[0] == "quote" and len(kinds) <= 2:
        return "quote"
    if kinds and key_number(blocks[0]) is not None:
        return "key-number"
    first_list = next((b for b in blocks if b.type == "list"), None)
    if first_list is not None and _light_around(blocks, first_list):
        if dated_items(first_list) is not None:
            return "timeline"
        if numeric_items(first_list) is not None:
            return "numbers"
        if term_items(first_list) is not None:
            return "cards"
    if "table" in kinds:
        table = next(b for b in blocks if b.type == "table")
        if comparable(table) and _light_around(blocks, table):
            return "comparison"
        return "table"
    if code_pair(blocks) is not None or pointed_code(blocks) is not None:
        return "code"
    return "bullets"


def _by_hint(hint: str, blocks: list[Block], sections: list[Section]) -> str:
    if hint == "columns" and 2 <= len(sections) <= 4:
        return "columns"
    if hint == "quote" and blocks and blocks[0].type == "quote":
        return "quote"
    if hint == "image-text" and any(b.type == "image" for b in blocks):
        return "image-text"
    return ""


def _sections_layout(blocks: list[Block], sections: list[Section]) -> str:
    light = sum(b.text_length() for b in blocks) <= 200
    steps = sum(1 for s in sections if step_section(s))
    stepwise = all(step_section(s) or sentence_section(s) for s in sections)
    if light and 2 <= len(sections) <= 6 and steps >= 2 and stepwise:
        return "steps"
    if 2 <= len(sections) <= 4 and sum(b.text_length() for b in blocks) <= 200:
        heavy = any(b.type in ("table", "image", "code") for s in sections for b in s.blocks)
        if not heavy:
            short = all(sum(b.text_length() for b in s.blocks) <= 100 for s in sections)
            return "cards" if short else "columns"
    return "bullets"


def _picture(block: Block) -> bool:
    return getattr(block, "kind", "picture") not in ("badge", "formula")


def _picture_layout(blocks: list[Block], pictures: list[Block]) -> str:
    text = sum(b.text_length() for b in blocks if b.type != "image")
    others = [b for b in blocks if b.type not in ("image", "paragraph", "list", "heading")]
    if source_pair(blocks):
        return "image-text"  # a diagram's configured source and the diagram: side by side
    if others:
        return "bullets"
    if any(getattr(b, "kind", "") == "background" for b in pictures) and len(pictures) == 1:
        return "image-full"  # a slide deck's background picture: the whole slide
    if len(pictures) == 1:
        if text <= 140:
            return "image-full"
        # a screenshot is never a column beside text: the text and it flow (a slide each)
        return "bullets" if screenshot(pictures[0]) else "image-text"
    if len(pictures) <= per_slide(pictures) and text <= 240:
        return "image-grid"  # screenshots: one a slide (screenshots.py)
    return "bullets"


def source_beside(code: Block, picture: Block) -> bool:
    """`code` is the source of the drawn diagram or formula `picture` (markup.pairs.drawn_from),
    or a configured diagram source's first lines cut with `…` (its configuration)."""
    if drawn_from(code, picture):
        return True
    if code.type != "code" or picture.type != "image" or picture.kind != "diagram":
        return False
    lines = [line.rstrip() for line in code.text.strip().split("\n")]
    if lines and lines[-1] == "…":
        lines = lines[:-1]
    source = [line.rstrip() for line in picture.alt.split("\n")]
    return bool(lines) and source[: len(lines)] == lines


def shown_beside(code: Block, picture: Block) -> bool:
    """`code` is the source of `picture` (source_beside) and the drawing stays readable in
    the column beside it (a wider diagram goes below its source)."""
    return source_beside(code, picture) and diagram_beside_readable(picture)


def source_pair(blocks: list[Block]) -> bool:
    """One drawn diagram right after the code block of its source, among text (paragraphs,
    lists, headings, quotes): the code in the text's column, the diagram beside it."""
    pairs = [i for i in range(1, len(blocks)) if shown_beside(blocks[i - 1], blocks[i])]
    if len(pairs) != 1:
        return False
    rest = [b for i, b in enumerate(blocks) if i not in (pairs[0] - 1, pairs[0])]
    return all(b.type in ("paragraph", "list", "heading", "quote") for b in rest)


def _light_around(blocks: list[Block], main: Block) -> bool:
    """Besides `main`, at most a short lead paragraph and a short closing paragraph."""
    rest = [b for b in blocks if b is not main]
    return len(rest) <= 2 and all(b.type == "paragraph" and b.text_length() <= 220 for b in rest)


def key_number(block: Block) -> tuple[str, list[Span]] | None:
    """A paragraph that starts with a bold number ("**85%** of ...") -> (number, rest)."""
    if block.type != "paragraph" or not block.spans or not block.spans[0].bold:
        return None
    value = block.spans[0].text.strip()
    if len(value) > 12 or not KEY_NUMBER.match(value):
        return None
    return value, block.spans[1:]


@dataclass
class Lead:
    """A list item split into its leading token (number, date, term) and the rest."""

    lead: str
    rest: list[Span]


def _lead(item: ListItem, pattern: LazyPattern) -> Lead | None:
    text = plain(item.spans)
    m = pattern.match(text)
    if not m:
        return None
    value = m.group(1).strip().strip("*")
    rest = _drop(item.spans, m.end())
    while rest and not plain(rest[:1]).strip(" :：,，-–—"):
        rest = rest[1:]
    if rest:
        first = rest[0]
        rest[0] = Span(
            first.text.lstrip(" :：,，-–—"), first.bold, first.italic, first.code, first.href
        )
    return Lead(value, [s for s in rest if s.text])


def _drop(spans: list[Span], n: int) -> list[Span]:
    out, pos = [], 0
    for s in spans:
        end = pos + len(s.text)
        if end > n:
            cut = max(0, n - pos)
            out.append(Span(s.text[cut:], s.bold, s.italic, s.code, s.href))
        pos = end
    return out


def numeric_items(block: Block) -> list[Lead] | None:
    """2-4 items, each starting with a figure ("85% of users...", "**3x** faster")."""
    if block.type != "list" or not 2 <= len(block.items) <= 4:
        return None
    if any(i.children for i in block.items):
        return None
    leads = [_lead(i, LEAD_NUMBER) for i in block.items]
    if any(lead is None or len(plain(lead.rest)) > CARD_TEXT for lead in leads):
        return None
    if any(not re.search(r"\d", lead.lead) for lead in leads if lead is not None):
        return None
    return [lead for lead in leads if lead is not None]


def dated_items(block: Block) -> list[Lead] | None:
    """3 or more items (at most 8), each starting with a date (2024, 2024-03, Q1 2024, March 2024)."""
    if block.type != "list" or not 3 <= len(block.items) <= 8:
        return None
    if any(i.children for i in block.items):
        return None
    leads = [_lead(i, DATE) for i in block.items]
    if any(lead is None or len(plain(lead.rest)) > 200 for lead in leads):
        return None
    return [lead for lead in leads if lead is not None]


def term_items(block: Block) -> list[tuple[str, list[Span]]] | None:
    """3-6 parallel items "**Term**: description" (bold lead or a term before a separator)."""
    if block.type != "list" or not 3 <= len(block.items) <= 6:
        return None
    out = []
    for item in block.items:
        if item.children:
            return None
        term = _term(item.spans)
        if term is None or len(plain(term[1])) > CARD_TEXT:
            return None
        out.append(term)
    return out


def _term(spans: list[Span]) -> tuple[str, list[Span]] | None:
    if spans and spans[0].bold and len(spans[0].text.strip()) <= 40:
        rest = _drop(spans, len(spans[0].text))
        rest_text = plain(rest).lstrip()
        for sep in TERM_SEPARATORS + (".",):
            if rest_text.startswith(sep.strip()):
                rest = _drop(rest, len(plain(rest)) - len(rest_text) + len(sep.strip()))
                break
        return spans[0].text.strip().rstrip(":："), _trim(rest)
    text = plain(spans)
    for sep in TERM_SEPARATORS:
        at = text.find(sep)
        if 0 < at <= 40:
            return text[:at].strip(), _trim(_drop(spans, at + len(sep)))
    return None


def _trim(spans: list[Span]) -> list[Span]:
    out = [s for s in spans if s.text]
    if out:
        out[0] = Span(out[0].text.lstrip(), out[0].bold, out[0].italic, out[0].code, out[0].href)
    return [s for s in out if s.text]


def comparable(table: Block) -> bool:
    """2-3 columns with a header, 2-7 rows of short cells: shown side by side as panels."""
    columns = max([len(table.header)] + [len(r) for r in table.rows])
    if not 2 <= columns <= 3 or not table.header or not 2 <= len(table.rows) <= 7:
        return False
    if any(not plain(c).strip() for c in table.header[1:]):
        return False
    values = [plain(c).strip() for r in table.rows for c in r[1:]]
    if sum(1 for v in values if NUMBER_CELL.match(v)) * 2 >= len(values):
        return False  # figures: a data table reads as a table, not as panels
    if reference_table(table):
        return False  # looked up by name: a table like the document's other references
    return all(len(plain(c)) <= 90 for r in table.rows for c in r)


def reference_table(table: Block) -> bool:
    """A reference table: names (one word each: `nodeBorder`, `--verbose`) in its first
    column, and a column that gives each its default or description."""
    names = [plain(r[0]).strip() if r else "" for r in table.rows]
    if not names or not all(n and len(n.split()) == 1 for n in names):
        return False
    return any(REFERENCE_HEADER.search(plain(h)) for h in table.header[1:])


def stacked(code: Block) -> bool:
    """Whether a code pair's code is too wide to sit beside its explanation (drawn under it)."""
    return max((len(line) for line in code.text.split("\n")), default=0) > CODE_BESIDE


def code_pair(blocks: list[Block]) -> tuple[list[Block], Block] | None:
    """One code block of a few lines and a short explanation (paragraphs or a list). A wide
    code block is drawn under its explanation (`stacked`): then text written after the code
    (what the code showed) makes no pair, which would put it above the code."""
    codes = [b for b in blocks if b.type == "code"]
    if len(codes) != 1:
        return None
    code = codes[0]
    if stacked(code) and blocks[-1] is not code:
        return None
    rest = [b for b in blocks if b is not code]
    if not rest or len(code.text.split("\n")) > CODE_LINES:
        return None
    if any(b.type not in ("paragraph", "list") for b in rest):
        return None
    if sum(b.text_length() for b in rest) > EXPLANATION:
        return None
    return rest, code


def pointed_code(blocks: list[Block]) -> PointedCode | None:
    """The page's last code block followed by nothing but lines pointing at it ("<-- 1. use
    the ref", generator.pointing), narrow enough (POINTED_BESIDE) for the lines to sit beside
    it, as a talk draws them; None otherwise."""
    at = max((i for i, b in enumerate(blocks) if b.type == "code" and not pointing(b)), default=-1)
    rest = blocks[at + 1 :]
    if at < 0 or not rest or not all(pointing(b) for b in rest):
        return None
    code = blocks[at]
    if max((len(line) for line in code.text.split("\n")), default=0) > POINTED_BESIDE:
        return None
    return PointedCode(blocks[:at], code, rest)


SHELLS = {"", "sh", "bash", "shell", "console", "zsh", "fish", "powershell", "ps1", "cmd", "bat"}
SHELLS |= {"shell-session", "sh-session", "text", "txt", "plaintext"}


def one_command(blocks: list[Block]) -> bool:
    """A section that is one short command (a shell code block of 1-3 lines, or two of them
    with 4 lines between them) and at most two short sentences: a step of a "steps" slide."""
    codes = [b for b in blocks if b.type == "code"]
    lines = [len(c.text.strip().split("\n")) for c in codes]
    if not 1 <= len(codes) <= 2 or max(lines) > 3 or sum(lines) > 4:
        return False
    if any(c.language.lower() not in SHELLS for c in codes):
        return False
    rest = [b for b in blocks if b.type != "code"]
    if len(rest) > len(codes) or sum(b.text_length() for b in rest) > 240:
        return False
    return all(b.type == "paragraph" and b.text_length() <= 160 for b in rest)


def step_section(section: Section) -> bool:
    return one_command(section.blocks)


def sentence_section(section: Section) -> bool:
    """A section of one short paragraph (an install note between commands): a step too."""
    blocks = section.blocks
    return len(blocks) == 1 and blocks[0].type == "paragraph" and blocks[0].text_length() <= 220
