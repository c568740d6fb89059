"""Meeting notes and discussion logs: an agenda item on a slide is its heading and link line and
what was decided; the discussion itself is in that slide's speaker notes.

A discussion is a run of remarks, paragraphs that start with a speaker ("josh: ...",
"**Alice**: ..."): at least MIN_REMARKS of them, the speaker changing at least MIN_REMARKS - 1
times and one of them speaking more than once (a README's "Note: ..." then three "Example:
..." paragraphs are labels, not a discussion). In a document that holds one, every agenda item
(a content title, or a page without content titles) that holds a discussion or a long quoted
comment (a tracking bot's or an initiating comment, an email quoted under "Link:") is shown as:

- its lines before the discussion (the link line, a short statement), a long quote among them
  cut to its first sentence and the sentence saying what its author asks of the meeting ("I
  want lang team to sign off on ...", "I propose to accept ..."), each whole (a list item's
  label, "Tracking Comment:", stays);
- its discussion as one list: the remark that opened it, the remarks that state an outcome
  (a decision, consensus, agreement, a resolution, an action "alice to ...", what someone
  "will" do; not a question), and the remark that closed it, each cut to its first sentence,
  whole however long (never inside a sentence), under a line naming how many remarks the
  notes hold. The remarks take the room the item's slide has left, or the next slide's when
  the lines before them fill it.

An item titled by an agenda tool ('"Raw pointer alignment checks in debug"
compiler-team#570') is titled by its own words, its link line labelled by the reference
("compiler-team#570: https://..."). The item's whole text goes to its slide's notes and is
listed as moved (kind "notes"). Such an item is a slide of its own (generator.compose cuts its
page at its items), so no item's heading stands alone on a slide.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from generator.kinds import NAME, SPEAKER, discussion_start, speaker
from generator.lazyre import LazyPattern, lazy_compile
from generator.leftout import LeftOut, left_out_blocks
from generator.model import Block, ListItem, Page, Section, Span, plain, title_spans, titled
from generator.pieces import slice_spans
from generator.summary import SENTENCE, notes_text

LONG_QUOTE = 280  # a quote longer than this (characters) shows its first sentence(s)
LEAD = (60, 170)  # a vote's introduction on the slide: cut at a sentence end within this range
MAX_OUTCOMES = 3  # outcome remarks a discussion shows
LINE_CHARS = 90  # characters of a body line at the base size (24 px on a 1120 px wide body)
SLIDE_LINES = 13  # lines of text an item's slide holds at the base size
MIN_ROOM = SLIDE_LINES // 2  # lines a discussion's remarks take at least
HEADING_LINES = 2  # lines an item's heading takes on a slide it shares (its size, its space)
CLOSING_CHARS = 30  # the closing remark is shown when it says at least this much
# a scribe's action line: "pnkfelix to report consensus ...", "nikomatsakis to review."
ACTION = lazy_compile(rf"^\s*{NAME}(?:(?:,| and) {NAME})* to [a-z]+\b")
DECIDED = lazy_compile(
    r"\b(?:decid\w*|decision\w*|consensus|agree[sd]?|agreement|resolv\w*|resolution|"
    r"conclu\w*|action items?)\b",
    re.I,
)
# an agenda tool's item title: "the item's own title" and its reference (rfcs#3348)
REFERENCED = lazy_compile(r'^"(.+)"\s+([\w.-]+#(\d+))\s*$')
# a comment's author asking the meeting for something: "I want lang team to sign off on ...",
# "I propose to accept the breakage", "we'd like the team to decide ...", "Lang team, shall we
# approve the creation of ...?"
ASK = lazy_compile(
    r"\b(?:I|we)(?:\s+(?:also|really|do))?\s+(?:want|wish|propose|ask|request|suggest)\b|"
    r"\b(?:I|we)(?:'d|\s+would)\s+like\b|\b(?:shall|should) we\b",
    re.I,
)
# ... or, when fewer of those, the latest that approve, reject, merge or say what will be done
WILL = lazy_compile(
    r"\b(?:will|we'll|I'll|going to|approv\w*|accept\w*|reject\w*|p?fcp|merge|lgtm|"
    r"vote[sd]?|motion|go ahead)\b",
    re.I,
)


@dataclass
class Item:
    """An agenda item's blocks as shown, and what its notes hold."""

    shown: list[Block]
    notes: str
    record: LeftOut | None


@dataclass
class Minutes:
    """A page of meeting notes with its items summarised: the page (its summarised sections)
    and the notes of each part (None: the page's own blocks, else a section's index)."""

    page: Page
    notes: dict[int | None, str] = field(default_factory=dict)
    records: list[LeftOut] = field(default_factory=list)
    # a brief item's section -> the section of the item whose slide it shares
    shares: dict[int, int] = field(default_factory=dict)


def minutes_page(page: Page, where: str) -> Minutes | None:
    """The page with its agenda items summarised (None: nothing to summarise); a brief item
    (`brief_items`) shares the slide of its neighbour, whose discussion leaves it the room."""
    out = Minutes(page)
    blocks = page.blocks
    item = summarised_item(page.blocks, where)
    if item is not None:
        blocks = item.shown
        out.notes[None] = "\n\n".join(n for n in (page.notes, item.notes) if n)
        out.records += [item.record] if item.record else []
    shares = brief_items(page.sections)
    taken = {host: 0 for host in shares.values()}
    for k, host in shares.items():
        taken[host] += lines(page.sections[k].blocks) + 2 * HEADING_LINES  # its and the host's
    sections = []
    for k, sec in enumerate(page.sections):
        at = f"{where}.sections[{k}]"
        item = None if k in shares else summarised_item(sec.blocks, at, taken.get(k, 0))
        if item is None:
            sections.append(sec)
            continue
        sections.append(Section(sec.title, item.shown))
        out.notes[k] = "\n\n".join(t for t in (sec.title, item.notes) if t)
        out.records += [item.record] if item.record else []
    if not out.notes:
        return None
    out.shares = {k: host for k, host in shares.items() if host in out.notes}
    out.page = replace(page, blocks=blocks, sections=sections)
    return out


BRIEF_UNITS = 2  # a brief item holds at most this many paragraphs or list items ...
BRIEF_WORDS = 40  # ... of at most this many words together


def brief_items(sections: list[Section]) -> dict[int, int]:
    """The brief agenda items of a page (a titled section of at most BRIEF_UNITS paragraphs or
    list items, BRIEF_WORDS words, no discussion: a link line and "Removing nomination.")
    and the item whose slide each shares: the next titled item that is not brief, else the
    one before it; an item's slide never holds one sentence alone."""
    titled = [k for k, s in enumerate(sections) if s.title]
    brief = {k for k in titled if _brief(sections[k].blocks)}
    out: dict[int, int] = {}
    for n, k in enumerate(titled):
        if k not in brief:
            continue
        after = [j for j in titled[n + 1 :] if j not in brief][:1]
        before = [j for j in titled[:n] if j not in brief][-1:]
        if after or before:
            out[k] = (after or before)[0]
    return out


def _brief(blocks: list[Block]) -> bool:
    units = 0
    for b in blocks:
        if b.type == "paragraph":
            units += 1
        elif b.type == "list" and not any(i.children for i in b.items):
            units += len(b.items)
        else:
            return False
    words = len(notes_text(blocks).split())
    return 0 < units <= BRIEF_UNITS and words <= BRIEF_WORDS and discussion_start(blocks) is None


LEAD_LINE = 200  # a page's own text this short opens its first item's slide instead of its own


def by_item(where: str, page: Page, minutes: Minutes) -> list[tuple[str, Page]]:
    """A page of meeting notes cut at its agenda items (content titles), each titled by the
    item (the page's title above it) with the item's notes: an item is one slide, or shares
    one with its brief neighbours (`brief_items`), the slide then titled by the page and each
    item under its heading. The page's own short text (a "Check your boxes!") opens its
    first item's slide; longer text stays under the page's title."""
    titled = [k for k, s in enumerate(page.sections) if s.title]
    if not titled:
        return [(where, replace(page, notes=minutes.notes.get(None, page.notes)))]
    out: list[tuple[str, Page]] = []
    lead: list[Block] = []
    own = sum(b.text_length() for b in page.blocks)
    if page.blocks and (None in minutes.notes or own > LEAD_LINE):
        out.append((where, replace(page, sections=[], notes=minutes.notes.get(None, page.notes))))
    else:
        lead = list(page.blocks)
    hosted: dict[int, list[int]] = {}
    for k, host in minutes.shares.items():
        hosted.setdefault(host, []).append(k)
    for k, sec in enumerate(page.sections):
        if not sec.title:  # an untitled section goes on with the item before it
            if out:
                prev_where, prev = out[-1]
                out[-1] = (prev_where, replace(prev, blocks=prev.blocks + sec.blocks))
            else:
                lead += sec.blocks
            continue
        if k in minutes.shares:
            continue
        notes = minutes.notes.get(k, "")
        if not out and page.notes and None not in minutes.notes:
            notes = "\n\n".join(n for n in (page.notes, notes) if n)
        title, shown = item_heading(sec.title, sec.blocks)
        part = replace(page, title=title, blocks=[*lead, *shown], sections=[], notes=notes)
        lead = []
        if k in hosted:
            out.append((f"{where}.sections[{k}]", _shared(page, k, hosted[k], part)))
        else:
            out.append((f"{where}.sections[{k}]|{page.title}", part))
    return out


def _shared(page: Page, host: int, brief: list[int], part: Page) -> Page:
    """An item's slide shared with brief items (`brief`, sections of `page`): titled by the
    page, each item under its own heading in the page's order, the notes of them all."""
    blocks: list[Block] = []
    notes: list[str] = []
    for k in sorted([host, *brief]):
        if k == host:
            title, shown, note = part.title, part.blocks, part.notes
        else:
            title, shown = item_heading(page.sections[k].title, page.sections[k].blocks)
            note = "\n\n".join(t for t in (page.sections[k].title, notes_text(shown)) if t)
        blocks += [Block("heading", title_spans(title, bold=True)), *shown]
        notes += [note] if note else []
    return replace(part, title=page.title, blocks=blocks, notes="\n\n".join(notes))


def summarised_item(blocks: list[Block], where: str, taken: int = 0) -> Item | None:
    """An agenda item's blocks summarised: its lines before the discussion (long quotes cut to
    their first sentences), then the discussion's opening, outcome and closing remarks (in
    the room its slide has left, `taken` lines of it holding other items)."""
    start = discussion_start(blocks)
    head = blocks if start is None else blocks[:start]
    shown = [_short_quotes(b) for b in head]
    if start is None and shown == head:
        return None
    if start is not None:
        # a discussion after lines that fill the item's slide has the next one to itself
        room = SLIDE_LINES - taken - lines(shown)
        shown += _discussion(blocks[start:], room if room >= MIN_ROOM else SLIDE_LINES - 1)
    record = left_out_blocks(where, "notes", blocks, "the discussion moved to the speaker notes")
    return Item(shown, notes_text(blocks), record)


def item_heading(title: str, blocks: list[Block]) -> tuple[str, list[Block]]:
    """An agenda item's own title and blocks: without the quotes and reference an agenda tool
    puts around the title ('"Raw pointer alignment checks in debug" compiler-team#570') when
    its link line (one of its first two blocks) names the reference's number, that line then
    labelled by the reference ("compiler-team#570: https://...") so the slide still names it."""
    m = REFERENCED.match(title)
    at = next((k for k, b in enumerate(blocks[:2]) if m and m.group(3) in notes_text([b])), -1)
    if m is None or at < 0:
        return title, blocks
    text = m.group(1).strip()
    start = m.start(1) + len(m.group(1)) - len(m.group(1).lstrip())
    own = titled(slice_spans(title_spans(title), start, start + len(text)), text)
    return own, [*blocks[:at], _labelled(blocks[at], m.group(2), m.group(3)), *blocks[at + 1 :]]


LABEL = lazy_compile(r"^\s*[A-Za-z][\w ]{0,24}:\s")  # a line's label: "Link: https://..."


def _labelled(block: Block, ref: str, number: str) -> Block:
    """A link line (a paragraph, or the list item naming `number`) labelled by the reference
    `ref`, instead of its own label ("Link:"), unless its link's text names it already
    ("rust-lang/rfcs#3348", generator.markup.addresses)."""
    if block.type == "paragraph" and _names(block.spans, number):
        return block
    if block.type == "paragraph":
        return replace(block, spans=_label(block.spans, ref))
    if block.type != "list":
        return block
    k = next((k for k, i in enumerate(block.items) if number in plain(i.spans)), -1)
    if k < 0:
        return block
    item = block.items[k]
    if _names(item.spans, number):
        return block
    items = [*block.items[:k], replace(item, spans=_label(item.spans, ref)), *block.items[k + 1 :]]
    return replace(block, items=items)


def _names(spans: list[Span], number: str) -> bool:
    """A line whose link's text names the item's number ("rust-lang/rust#103877")."""
    return any(s.href and s.text.endswith(f"#{number}") for s in spans)


def _label(spans: list[Span], ref: str) -> list[Span]:
    text = plain(spans)
    m = LABEL.match(text)
    rest = slice_spans(spans, m.end() - 1, len(text)) if m else [Span(" "), *spans]
    return [Span(f"{ref}:", bold=True), *rest]


def _short_quotes(block: Block) -> Block:
    """A block with its long quotes cut to their first sentences; a list item quoting a
    comment ("Tracking Comment:" and the comment, its code included) keeps the comment's
    first sentence."""
    if block.type == "quote" and block.text_length() > LONG_QUOTE:
        return _lead_quote(block)
    if block.type == "list":
        items = [_short_item(i) for i in block.items]
        return replace(block, items=items)
    return block


def _short_item(item: ListItem) -> ListItem:
    children = item.children
    quoted = children and children[0].type == "quote"
    if quoted and sum(c.text_length() for c in children) > LONG_QUOTE:
        quotes = [c for c in children if c.type == "quote"]
        return ListItem(item.spans, [_lead_quote(children[0], quotes)], item.checked)
    return ListItem(item.spans, [_short_quotes(c) for c in children], item.checked)


BOXES = ("☐", "☑")  # a quoted task list's lines (generator.markup: "☐ @cramertj")


def _lead_quote(quote: Block, whole: list[Block] | None = None) -> Block:
    """A long quote's first sentence, and the sentence stating what it asks (`_asked`, in
    the quote or the rest of the comment `whole` it opens, its code and headings apart); a
    quoted task list (a vote's reviewers and their boxes) stays as one line after the
    sentence that introduces it."""
    first = next((p for p in quote.paragraphs if plain(p).strip()), [])
    boxes = [p for p in quote.paragraphs if plain(p).lstrip().startswith(BOXES)]
    if not boxes:
        opening = first_sentence(first)
        ask = _asked(whole or [quote], len(plain(opening)))
        return Block("quote", paragraphs=[opening, *([ask] if ask else [])])
    line: list[Span] = []
    for box in boxes:
        line += [Span("\u2003"), *box] if line else box
    return Block("quote", paragraphs=[lead(first), line])


def lead(spans: list[Span]) -> list[Span]:
    """Text cut after its last sentence that ends within LEAD characters; its first sentence,
    whole however long, when none ends there (never inside a sentence)."""
    text = plain(spans)
    if len(text) <= LEAD[1]:
        return spans
    ends = [m.end() for m in SENTENCE.finditer(text) if LEAD[0] <= m.end() <= LEAD[1]]
    return slice_spans(spans, 0, ends[-1]) if ends else first_sentence(spans)


def first_sentence(spans: list[Span]) -> list[Span]:
    """Text cut after its first sentence, whole however long (never inside a sentence); the
    whole text when it has one sentence."""
    end = next((m.end() for m in SENTENCE.finditer(plain(spans))), 0)
    return slice_spans(spans, 0, end) if end else spans


def _asked(quotes: list[Block], skip: int) -> list[Span]:
    """The sentence of a quoted comment stating what its author asks of the meeting ("I want
    lang team to sign off ...", "I propose to accept the breakage"), whole, after its first
    `skip` characters; [] when it asks nothing."""
    seen = 0
    for para in (p for q in quotes for p in q.paragraphs):
        text = plain(para)
        starts = [0, *(m.end() for m in SENTENCE.finditer(text))]
        for start, end in zip(starts, [*starts[1:], len(text)], strict=True):
            if seen + start >= skip and ASK.search(text[start:end]):
                lead = len(text[start:end]) - len(text[start:end].lstrip())
                return slice_spans(para, start + lead, end)
        seen += len(text)
    return []


def _discussion(blocks: list[Block], room: float) -> list[Block]:
    """A discussion as its line "Discussion (N remarks, in the notes):" and the list of its
    opening, outcome and closing remarks; while they take more than `room` (characters of
    prose), the weaker go: outcomes that only say what will be done, then the opening remark,
    then the earlier outcomes (the closing remark stays)."""
    said = [
        (i, b) for i, b in enumerate(blocks) if b.type == "paragraph" and plain(b.spans).strip()
    ]
    remarks = [i for i, b in said if speaker(b)]
    strong = [i for i, b in said if _outcome(b, DECIDED)][-MAX_OUTCOMES:]
    weak = [i for i, b in said if i not in strong and _outcome(b, WILL)]
    weak = weak[len(weak) - max(0, MAX_OUTCOMES - len(strong)) :]
    closing = next(
        (
            i
            for i, b in reversed(said)
            if _plain_statement(b) and len(plain(b.spans)) >= CLOSING_CHARS
        ),
        None,
    )
    ends = [closing] if closing is not None else []
    # the order they go in while the slide has no room: weak, the opening, strong; the closing
    order = list(dict.fromkeys([*weak, remarks[0], *strong, *ends]))
    shown = {i: ListItem(_named(first_sentence(blocks[i].spans))) for i in order}
    kept = list(order)
    while len(kept) > 1 and 1 + sum(_item_lines(shown[i]) for i in kept) > room:
        kept.pop(0)
    items = [shown[i] for i in sorted(kept)]
    count = len(remarks)
    line = Block(
        "paragraph", [Span("Discussion", bold=True), Span(f" ({count} remarks, in the notes):")]
    )
    return [line, Block("list", items=items)]


def _item_lines(item: ListItem) -> int:
    return _text_lines(plain(item.spans), LINE_CHARS - 4) + lines(item.children)


def lines(blocks: list[Block]) -> int:
    """The lines blocks of text take on a slide at the base size (an estimate)."""
    total = 0
    for b in blocks:
        if b.type in ("paragraph", "heading"):
            total += _text_lines(plain(b.spans), LINE_CHARS)
        elif b.type == "quote":
            total += sum(_text_lines(plain(p), LINE_CHARS - 8) for p in b.paragraphs)
        elif b.type == "list":
            total += sum(_item_lines(item) for item in b.items)
        elif b.type == "code":
            total += len(b.text.split("\n"))
        else:
            total += SLIDE_LINES // 2
    return total


def _text_lines(text: str, width: int) -> int:
    return max(1, -(-len(text.strip()) // width))


def _named(spans: list[Span]) -> list[Span]:
    """A remark with its speaker's name in bold."""
    m = SPEAKER.match(plain(spans))
    if m is None or any(x.bold for x in spans):
        return spans
    colon = plain(spans).index(":", m.start(1)) + 1
    return [Span(plain(slice_spans(spans, 0, colon)), bold=True), *slice_spans(spans, colon, 10**9)]


def _outcome(block: Block, words: LazyPattern) -> bool:
    """A remark (or a scribe's line) that states an outcome: a word of `words`, or an action
    ("alice to follow up"), and not a question."""
    if not _plain_statement(block):
        return False
    text = plain(block.spans)
    m = SPEAKER.match(text)
    body = text[m.end() - 1 :] if m is not None and speaker(block) else text
    return bool(words.search(body)) or (not speaker(block) and bool(ACTION.match(text)))


def _plain_statement(block: Block) -> bool:
    """A paragraph that says something: not a question, not an aside in parentheses, not a
    line introducing a list."""
    text = plain(block.spans).strip()
    body = text.split(":", 1)[1].strip() if speaker(block) else text
    return bool(body) and not body.endswith(("?", ":", "---", "—")) and not body.startswith("(")
