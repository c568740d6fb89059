"""Pictures that carry text shown large enough to read: a large raster picture that is not a
banner (a chat window, a terminal, a web page, a chart, a long answer: judged by its pixel size
and aspect, never by its file name) is a screenshot. It gets the slide's body to itself: one a
slide, never beside a text column (a slide of text and a screenshot flows, and the fitting puts
the picture on a slide of its own), drawn as large as the body allows (`df-read`: the body's
width, at most READ_HEIGHT px high, at most UPSCALE times its own width). Other pictures go up
to four to a slide.

The rooms are those of the picture layouts on a 1280x720 slide (docs/generator.md): one
picture of `image-full` in 1120x400 px (1120xREAD_HEIGHT without a caption), each of two
pictures of `image-grid` in 550x320 px.
"""

from __future__ import annotations

import math

from generator.cjk import CJK_TEXT, pattern
from generator.lazyre import lazy_compile
from generator.model import Block

SCREEN_PIXELS = 200_000  # a picture of at least this many pixels ...
SCREEN_SIDE = 240  # ... each side at least this long ...
SCREEN_ASPECT = 3.5  # ... and a width / height at most this (wider: a banner) is a screenshot
UPSCALE = 3  # a raster picture drawn large is at most this many times its own width
READ_HEIGHT = 460  # px: the height of the smallest template body (minimal), a screenshot's room
MAX_PICTURES = 4  # pictures that are not screenshots, on one slide
CAPTION_LINE = 100  # weighted characters of one caption line under a picture of the body's width
CAPTION_LINES = 2  # lines a caption under a picture shows whole (a longer one is shortened)
CAPTION_CHARS = CAPTION_LINE * CAPTION_LINES  # a longer caption: its first sentences, whole
CAPTION_ROOM = 35  # px: a caption line's height under a picture (24 px text, 1.45 line height)
CJK_WIDTH = 2.2  # a CJK character takes the room of about this many Latin ones
BODY_WIDTH, GRID_HEIGHT, GRID_GAP = 1120, 320, 20  # px: the pictures of image-grid, in a row
WIDE_SHARE = 0.62  # of the body's width: the most a wide picture beside text takes
WIDE_ASPECT = 1.5  # width / height: a picture this wide fills a column beside text only thinly
PAIR_READ = 0.7  # pictures side by side are readable drawn at this share of their size or more
DIAGRAM_FONT = 20.0  # px of a drawn diagram's labels (generator.markup.mermaid.measure.FONT)
SPLIT_MEDIA = 0.46  # share of the body's width a picture beside text takes at most
DIAGRAM_READ = 12.0  # px: a diagram's labels drawn smaller are not read from a room's back
GRID_COUNT = lazy_compile(r"\s*\(pictures (\d+)-(\d+) of \d+\)$")  # a grid's count (markup.details)
SENTENCE_END = lazy_compile(r"[.!?](?=\s+[A-Z0-9\"'(\[`])|[。！？]")
CLAUSE_END = lazy_compile(r"[,;:](?=\s)|[，；：、]")  # where a sentence's clause ends
CLAUSE_SHARE = 1 / 3  # a first clause shorter than this share of the room is no caption


def screenshot(block: Block) -> bool:
    """A large raster picture that is not a banner (text-bearing, to be read)."""
    if block.type != "image" or block.kind != "picture" or block.src.startswith("data:image/svg"):
        return False
    w, h = block.width, block.height
    if w < SCREEN_SIDE or h < SCREEN_SIDE or w * h < SCREEN_PIXELS:
        return False
    return w / h <= SCREEN_ASPECT


def crowded_beside(block: Block) -> bool:
    """A wide picture or diagram that a column of SPLIT_MEDIA beside text would draw at under
    PAIR_READ of its width (its labels too small): its column takes more (`beside_share`)."""
    if block.type != "image" or block.kind not in ("picture", "diagram"):
        return False
    w, h = block.width, block.height
    if not w or not h or w / h < WIDE_ASPECT:
        return False
    return PAIR_READ * w > BODY_WIDTH * SPLIT_MEDIA


def beside_share(block: Block) -> float:
    """The share of the body's width a picture beside text takes: SPLIT_MEDIA, or for a
    picture crowded there enough to draw it at PAIR_READ of its width, up to WIDE_SHARE (the
    text keeps the rest: a lead-in or a short explanation)."""
    if not crowded_beside(block):
        return SPLIT_MEDIA
    return min(WIDE_SHARE, PAIR_READ * block.width / BODY_WIDTH)


def pictures_in(blocks: tuple[Block, ...] | list[Block]) -> int:
    """How many pictures a reader sees in these: a grid of pictures side by side drawn as one
    ("… (pictures 1-2 of 8)", generator.markup.details) counts each of its pictures."""
    counts = [GRID_COUNT.search(b.alt) for b in blocks]
    return sum(int(m[2]) - int(m[1]) + 1 if m else 1 for m in counts)


def per_slide(pictures: list[Block]) -> int:
    """How many of these pictures one slide shows: 4, 1 with a screenshot among them; with
    drawn diagrams among them, as many side by side (up to 4) as keep every diagram's labels
    readable (diagram_readable)."""
    if any(screenshot(b) for b in pictures):
        return 1
    diagrams = [b for b in pictures if b.type == "image" and b.kind == "diagram"]
    return next(
        (n for n in range(MAX_PICTURES, 1, -1) if all(diagram_readable(b, n) for b in diagrams)),
        1,
    )


def diagram_readable(block: Block, beside: int) -> bool:
    """A drawn diagram (labels DIAGRAM_FONT px) whose labels stay at least DIAGRAM_READ px
    once fitted into one of `beside` pictures of a row (image-grid: the body's width shared
    with GRID_GAP between, GRID_HEIGHT high)."""
    if block.width <= 0 or block.height <= 0:
        return True
    cell = (BODY_WIDTH - GRID_GAP * (beside - 1)) / beside
    scale = min(1.0, cell / block.width, GRID_HEIGHT / block.height)
    return DIAGRAM_FONT * scale >= DIAGRAM_READ


def diagram_beside_readable(block: Block) -> bool:
    """A drawn diagram whose labels stay at least DIAGRAM_READ px in the column beside text
    (SPLIT_MEDIA of the body's width); a wider one is shown below the text, at the body's
    width. Other pictures: True."""
    if block.type != "image" or block.kind != "diagram" or block.width <= 0:
        return True
    return DIAGRAM_FONT * min(1.0, SPLIT_MEDIA * BODY_WIDTH / block.width) >= DIAGRAM_READ


def caption_line(text: str) -> str:
    """A picture's words as its caption (the whole alt text is in the slide's notes): whole
    when it fits CAPTION_LINES lines (CAPTION_CHARS, weighted), else its leading sentences
    that fit, whole; only a first sentence longer than that is cut, after its last clause that
    fits (a comma, semicolon or colon; in CJK text "，；：、"), else at a word (in CJK text
    anywhere), with " …". A grid's "(pictures 1-2 of 8)" count is not shown."""
    text = GRID_COUNT.sub("", " ".join(text.split()))
    if len(text) > 1 and text[0] == text[-1] and text[0] in "\"'":  # an alt text in quotes
        text = text[1:-1].strip()
    if weight(text) <= CAPTION_CHARS:
        return text
    ends = [
        m.end() for m in SENTENCE_END.finditer(text) if weight(text[: m.end()]) <= CAPTION_CHARS
    ]
    if ends:
        return text[: ends[-1]]
    clauses = [
        m.start()
        for m in CLAUSE_END.finditer(text)
        if CAPTION_CHARS * CLAUSE_SHARE <= weight(text[: m.start()]) <= CAPTION_CHARS - 2
    ]
    if clauses:
        return text[: clauses[-1]].rstrip() + " …"
    return _cut(text)


def caption_lines(text: str) -> int:
    """How many lines a caption takes under a picture of the body's width (at least 1)."""
    return max(1, math.ceil(weight(text) / CAPTION_LINE))


def weight(text: str) -> float:
    """Text's length in Latin characters (a CJK character counts CJK_WIDTH)."""
    cjk = len(pattern(CJK_TEXT).findall(text))
    return len(text) + cjk * (CJK_WIDTH - 1)


def _cut(text: str) -> str:
    total = 0.0
    for i, ch in enumerate(text):
        total += CJK_WIDTH if pattern(CJK_TEXT).match(ch) else 1.0
        if total > CAPTION_CHARS:
            cut = text[:i]
            space = cut.rfind(" ")
            return (cut[:space] if space > len(cut) // 2 else cut).rstrip(" ,.;:，。") + " …"
    return text
