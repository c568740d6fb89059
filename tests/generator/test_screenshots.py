"""Screenshots readable on their slides: large raster pictures of screen-like proportions
(judged by pixel size and aspect, never by file name) are at most two to a slide, one when two
side by side would draw them below a readable scale; other pictures go up to four."""

from __future__ import annotations

import os
import sys

from generator.api import generate_from_markdown
from generator.markup.images import Assets
from generator.model import Block
from generator.screenshots import READABLE, pair_readable, screenshot
from generator.shapes import choose_layout
from generator.summary import gallery_groups
from tests.generator.fragments import CHATGLM_UPDATES

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))

import markdown_corpus as mc  # noqa: E402

README = dict(mc.documents())["chatglm-readme"]


def picture(width: int, height: int, name: str = "shot.png") -> Block:
    return Block("image", src=f"data:image/png;base64,{name}", alt="", width=width, height=height)


def test_the_update_logs_chat_screenshots_are_at_most_two_a_slide_and_readable() -> None:
    deck = generate_from_markdown(
        "# ChatGLM-6B\n\n" + CHATGLM_UPDATES, "corporate", assets=Assets.beside(README)
    )
    slides = [p for p in deck.pages if p.kind == "content"]
    shown = [[b for b in p.blocks if b.type == "image"] for p in slides]
    assert sum(len(s) for s in shown) == 10  # every picture of the section is shown
    for pictures in shown:
        shots = [b for b in pictures if screenshot(b)]
        assert len(shots) <= 2
        if len(shots) == 2:
            assert all(pair_readable(b) for b in shots)
    wide = [s for s in shown if any(b.width > 1400 for b in s)]  # the 1444x608 answers
    assert wide and all(len(s) == 1 for s in wide)
    pairs = [s for s in shown if len(s) == 2]
    assert pairs  # the 720x480 chat pairs (question asked of the old and the new model)


def test_screenshots_are_judged_by_size_and_aspect_not_by_name() -> None:
    assert screenshot(picture(720, 482, "diagram.png"))
    assert not screenshot(picture(200, 120, "screenshot.png"))  # small: an icon
    assert not screenshot(picture(1500, 150, "screen.png"))  # a banner
    assert not pair_readable(picture(1444, 608))  # side by side at 0.38 of its size
    assert pair_readable(picture(720, 482)) and READABLE <= 550 / 720


def test_picture_slides_group_screenshots_by_two_or_one_and_other_pictures_by_four() -> None:
    icons = [picture(300, 200, f"i{k}") for k in range(5)]
    assert [len(g) for g in gallery_groups(icons)] == [3, 2]  # unchanged: spread evenly
    shots = [picture(720, 482, f"s{k}") for k in range(3)] + [picture(1444, 608, "wide")]
    assert [len(g) for g in gallery_groups(shots)] == [2, 1, 1]
    assert choose_layout(shots[:2], []) == "image-grid"
    assert choose_layout(shots[:3], []) == "bullets"  # three screenshots: not side by side
    assert choose_layout([shots[0], shots[3]], []) == "bullets"
    assert choose_layout(icons[:4], []) == "image-grid"
