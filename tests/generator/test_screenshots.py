"""Screenshots readable on their slides: large raster pictures that are not banners (judged by
pixel size and aspect, never by file name) carry text and get a slide's body to themselves,
one a slide; other pictures go up to four."""

from __future__ import annotations

import os
import sys

from generator.api import generate_from_markdown
from generator.markup.images import Assets
from generator.model import Block
from generator.screenshots import screenshot
from generator.shapes import choose_layout
from generator.summary import gallery_groups
from tests.generator.fragments import CHATGLM_UPDATES

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))

import markdown_corpus as mc  # noqa: E402

README = dict(mc.documents())["chatglm-readme"]


def picture(width: int, height: int, name: str = "shot.png") -> Block:
    return Block("image", src=f"data:image/png;base64,{name}", alt="", width=width, height=height)


def test_the_update_logs_answer_pairs_share_a_slide_when_each_reads() -> None:
    deck = generate_from_markdown(
        "# ChatGLM-6B\n\n" + CHATGLM_UPDATES, "corporate", assets=Assets.beside(README)
    )
    slides = [p for p in deck.pages if p.kind == "content"]
    shown = [[b for b in p.blocks if b.type == "image"] for p in slides]
    # the two announcements' pictures, and the collapsed comparison's answers: a pair of
    # 720 px answers side by side (1464 x 482) draws each at three quarters of its size, as
    # large as one alone under its caption, so the v1.0/v1.1 pairs share a slide; the two
    # 1450 px answers side by side would be drawn at two fifths: one a slide
    assert sum(len(s) for s in shown) == 2 + 3 + 2
    assert all(len([b for b in s if screenshot(b)]) <= 1 for s in shown)
    alone = [(s[0].width, s[0].height) for s in shown if len(s) == 1]
    assert (1330, 904) in alone and (1464, 482) in alone and (1444, 608) in alone
    assert (728, 362) not in alone and (720, 482) not in alone


def test_screenshots_are_judged_by_size_and_aspect_not_by_name() -> None:
    assert screenshot(picture(720, 482, "diagram.png"))
    assert not screenshot(picture(200, 120, "screenshot.png"))  # small: an icon
    assert not screenshot(picture(1500, 150, "screen.png"))  # a banner
    assert screenshot(picture(600, 1800, "answer.png"))  # a long answer: tall, still text


def test_picture_slides_show_screenshots_one_by_one_and_other_pictures_by_four() -> None:
    icons = [picture(300, 200, f"i{k}") for k in range(5)]
    assert [len(g) for g in gallery_groups(icons)] == [3, 2]  # unchanged: spread evenly
    shots = [picture(720, 482, f"s{k}") for k in range(3)] + [picture(1444, 608, "wide")]
    assert [len(g) for g in gallery_groups(shots)] == [1, 1, 1, 1]
    assert choose_layout(shots[:1], []) == "image-full"
    assert choose_layout(shots[:2], []) == "bullets"  # two screenshots: not side by side
    assert choose_layout([shots[0], shots[3]], []) == "bullets"
    assert choose_layout(icons[:4], []) == "image-grid"
