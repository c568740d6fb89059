"""Pictures that use the room their slide leaves: a picture drawn as large as its layout allows
(a picture alone or above its caption, a screenshot, a chart) is capped by a fixed height of
the layout (generator.templates: 400 px above a caption, READ_HEIGHT alone) that fits the
smallest template body. On a template whose body is taller, or a slide whose caption is
short, that leaves the body's lower part empty while the picture's labels are small. After
a slide is laid out, a picture whose drawn height is held by that cap (drawn narrower than
its box allows) takes the body's spare height too, up to the width its box gives it: the
slide is laid out again with that height as the picture's room (`--df-picture-room`), kept
when everything still fits.
"""

from __future__ import annotations

from markupsafe import Markup

from engine import LaidOutBox
from generator.blocks import blocks_html
from generator.fit import Measure
from generator.highlight import CodeStyle
from generator.leftout import block_text
from generator.model import Block

GAIN = 24  # px: a picture that would grow less than this keeps the layout's room
MARGIN = 4  # px left free under the grown picture (rounding of the laid-out boxes)
SIDE_GAP = 32  # px between a picture and its caption beside it (templates: .df-side)
SIDE_LEAST = 240  # px: the narrowest caption column beside a picture
SIDE_GAIN = 1.15  # a caption goes beside its picture when that draws it this much larger
WORD_EM = 0.62 * 1.1  # em a word's character takes at most (generator.slides.column_cap)
UPSCALE = 3  # a raster picture at most this many times its own size (generator.screenshots)


def room_picture(blocks: list[Block]) -> Block | None:
    """The one picture of a slide's blocks that may take more room (a raster or vector
    picture with its size known; not a badge, formula or background), or None when the
    slide has none or more than one."""
    pictures = [
        b for b in blocks if b.type == "image" and b.kind not in ("badge", "formula", "background")
    ]
    if len(pictures) != 1 or pictures[0].width <= 0 or pictures[0].height <= 0:
        return None
    return pictures[0]


def picture_room(blocks: list[Block], m: Measure, share: float = 1.0) -> int:
    """The px height the slide's picture may take so that it fills the body's spare height,
    at most `share` of the body's width wide (a picture beside a text column keeps to its
    share: the text's column never narrows) (0: it would not grow by GAIN px: drawn at its
    own size, held by its width, or the body full)."""
    picture = room_picture(blocks)
    if picture is None or m.frame is None or m.stack is None or not m.body_fits:
        return 0
    box = _drawn(m)
    if box is None or box.height <= 0:
        return 0
    spare = m.room - m.used - MARGIN
    wide = box.width * picture.height / picture.width  # its height at its box's whole width
    target = min(box.height + spare, wide, share * m.frame.width * picture.height / picture.width)
    return int(target) if target - box.height >= GAIN else 0


def side_room(blocks: list[Block], m: Measure, size: float) -> int:
    """The px height the slide's picture takes with its caption beside it rather than under
    it: the body's whole height, leaving at least SIDE_LEAST px of the body's width to the
    caption, and its longest word whole at the body size `size` (0: a slide that is not one
    picture followed by its caption, or one whose picture would not be drawn SIDE_GAIN
    times larger so)."""
    picture = room_picture(blocks)
    if picture is None or m.frame is None or not m.body_fits or blocks[0] is not picture:
        return 0
    caption = blocks[1:]
    if not caption or any(b.type != "paragraph" for b in caption):
        return 0
    box = _drawn(m)
    if box is None or box.height <= 0:
        return 0
    words = " ".join(block_text(b) for b in caption).split()
    least = max(SIDE_LEAST, max((len(w) for w in words), default=0) * WORD_EM * size)
    aspect = picture.height / picture.width
    wide = (m.frame.width - SIDE_GAP - least) * aspect  # its height at the most width
    high = min(m.room - MARGIN, wide, picture.height * UPSCALE)
    return int(high) if high >= box.height * SIDE_GAIN else 0


def _drawn(m: Measure) -> LaidOutBox | None:
    """The laid-out box of the body's one <img> (None when the body draws more or none)."""
    frame = m.frame
    if frame is None:
        return None
    imgs = [
        b
        for b in m.boxes
        if b.kind == "box"
        and b.tag == "img"
        and frame.y <= b.y + 1
        and b.y + b.height <= frame.y + frame.height + 1
    ]
    return imgs[0] if len(imgs) == 1 else None


def beside_html(picture: Block, caption: list[Block], high: int, code: CodeStyle | None) -> Markup:
    """A picture `high` px high (its own proportions) with its caption beside it."""
    wide = round(high * picture.width / picture.height)
    img = Markup('<img src="%s" alt="%s" style="width:%dpx;height:%dpx">') % (
        picture.src,
        picture.alt,
        wide,
        high,
    )
    cap = Markup('<figcaption class="df-caption">%s</figcaption>') % blocks_html(caption, code)
    return Markup('<figure class="df-full df-side">%s%s</figure>') % (img, cap)
