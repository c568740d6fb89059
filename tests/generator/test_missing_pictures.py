"""Pictures a deck cannot have (remote images off, files absent) cost no slide and leave no hole:
no frame stands for them, a describing alt text stays as an italic line, decorative pictures
(logos, banners, badges, pictures inside links) go, a page or section of nothing else is not
made, and every one is named in the notes of its slide. A collapsed <details> of pictures is
shown whole, its pictures grouped by their labels and captioned."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.api import generate_from_markdown, plan_from_markdown
from generator.markup.images import Assets
from generator.model import Block, plain
from generator.outline import parse_outline
from generator.pages import PlannedPage
from tests.generator.fragments import CHATGLM_EXAMPLES, CHATGLM_UPDATES, SLIDEV_NAMED
from tests.generator.fragments_pictures import BAT_FEATURES, MERMAID_TOP, RICH_CONSOLE

CHATGLM = str(Path(__file__).resolve().parents[2] / "samples/markdown/chatglm-readme/README.md")


def shown(page: PlannedPage) -> list[Block]:
    """A slide's blocks, those of its sections (columns, cards) included."""
    return [*page.blocks, *(b for s in page.sections for b in s.blocks)]


def images(pages: list[PlannedPage]) -> list[Block]:
    return [b for p in pages for b in shown(p) if b.type == "image"]


def italic_lines(pages: list[PlannedPage]) -> list[str]:
    return [
        plain(b.spans)
        for p in pages
        for b in shown(p)
        if b.type == "paragraph" and all(s.italic for s in b.spans)
    ]


def test_rich_console_screenshots_leave_no_frame_and_no_slide_of_their_own() -> None:
    deck = generate_from_markdown("# rich\n\n" + RICH_CONSOLE, "corporate")
    content = [p for p in deck.pages if p.kind == "content"]
    assert images(content) == []
    assert all(any(b.type in ("paragraph", "code") for b in shown(p)) for p in content)
    assert "Console Markup" in italic_lines(content)  # a describing alt text: a line
    assert "Picture: Hello World" not in italic_lines(content)  # a short one: the notes only
    notes = "\n".join(p.notes for p in deck.pages)
    for name in ("hello_world.png", "where_there_is_a_will.png"):
        assert f"https://github.com/textualize/rich/raw/master/imgs/{name}" in notes


def test_bat_feature_screenshots_leave_their_sentences_without_dangling_captions() -> None:
    deck = generate_from_markdown("# bat\n\n## Features\n\n" + BAT_FEATURES, "corporate")
    content = [p for p in deck.pages if p.kind == "content"]
    assert images(content) == []
    assert italic_lines(content) == []  # a caption would only label a picture not there
    texts = [plain(b.spans) for p in content for b in shown(p) if b.type == "paragraph"]
    sentence = "bat supports syntax highlighting for a large number of programming and markup"
    assert f"{sentence} languages." in texts  # it says something: a full stop for its colon
    assert not any(t.rstrip().endswith(":") for t in texts)
    notes = "\n".join(p.notes for p in deck.pages)
    assert "Syntax highlighting example: https://imgur.com/rGsdnDe.png" in notes


def test_a_sentence_pointing_at_a_missing_screenshot_is_not_shown() -> None:
    deck = generate_from_markdown("# rich\n\n" + RICH_CONSOLE, "corporate")
    texts = " ".join(plain(b.spans) for p in deck.pages for b in shown(p) if b.type == "paragraph")
    assert "something like the following" not in texts
    assert "You can set a style for the entire output" in texts  # its paragraph before stays
    notes = "\n".join(p.notes for p in deck.pages)
    assert "rich/raw/master/imgs/hello_world.png" in notes
    # the sentence is not lost: the notes keep it with the pictures it introduced
    assert "something like the following" in notes


def test_mermaid_logo_header_and_banner_are_left_out_and_named_in_the_notes() -> None:
    o = parse_outline(MERMAID_TOP)
    assert [b for b in o.blocks() if b.type == "image"] == []
    texts = " ".join(plain(b.spans) for b in o.blocks() if b.type == "paragraph")
    assert "Banner for" not in texts and "Picture" not in texts
    notes = "\n".join(p.notes for c in o.chapters for p in c.pages)
    assert "docs/public/favicon.svg" in notes and "book-banner-post-release.jpg" in notes
    assert "img.shields.io" not in notes  # badges are no loss: only the diagnostics name them


def test_chatglm_example_pictures_absent_make_no_slides() -> None:
    """ChatGLM's examples chapter: a paragraph announcing screenshots ("以下是一些使用
    web_demo.py 得到的示例截图。更多 … 等待你来探索发现！") and eight <details> of them, all absent
    from the folder: no slide announces what does not follow; the notes of the slide before
    keep the paragraph and name the pictures."""
    deck = generate_from_markdown(
        "# ChatGLM-6B\n\n## 高效参数微调\n\n基于 P-tuning v2 的高效参数微调。\n\n"
        + CHATGLM_EXAMPLES,
        "corporate",
        assets=Assets.beside(CHATGLM),
    )
    assert images(deck.pages) == []
    titles = " ".join(p.title for p in deck.pages)
    assert "自我认知" not in titles and "旅游向导" not in titles  # their <details> summaries
    assert "ChatGLM-6B 示例" not in titles
    (before,) = [p for p in deck.pages if p.kind == "content"]
    assert before.title == "高效参数微调"
    assert "以下是一些使用 web_demo.py 得到的示例截图。" in before.notes
    assert "examples/self-introduction.png" in before.notes
    assert "examples/tour-guide.png" in before.notes


def test_a_short_paragraph_that_says_something_before_missing_pictures_stays() -> None:
    """Only a paragraph that announces the pictures goes: one that says something else and
    ends with a full stop stays before a missing picture."""
    md = "# T\n\n### Results\n\nThe build takes two minutes on CI.\n\n![](nothere/run.png)\n"
    deck = generate_from_markdown(md, "corporate", assets=Assets.beside(CHATGLM))
    texts = [plain(b.spans) for p in deck.pages for b in shown(p) if b.type == "paragraph"]
    assert "The build takes two minutes on CI." in texts


def test_a_details_block_of_answer_screenshots_shows_every_pair_captioned() -> None:
    """The v1.0/v1.1 comparison (eight screenshots under four question labels): the two
    answers to a question side by side when each is drawn at PAIR_READ of its size or more
    (720 px answers: three quarters), under the question and which side is which; the widest
    answers each on a slide of its own, described by its version and question. No picture is
    left to the notes only."""
    deck = generate_from_markdown(
        "# ChatGLM-6B\n\n" + CHATGLM_UPDATES, "corporate", assets=Assets.beside(CHATGLM)
    )
    content = [p for p in deck.pages if p.kind == "content"]
    found = images(content)
    assert len(found) == 2 + 3 + 2  # WebGLM, VisualGLM; three pairs, two answers alone
    sizes = [(b.width, b.height) for b in found[2:]]
    assert sizes[:1] == [(1464, 482)] and sizes[-1] == (1444, 608)
    captions = [
        plain(b.spans)
        for p in content
        if any(i in shown(p) for i in found[2:])
        for b in shown(p)
        if b.type == "paragraph"
    ]
    assert captions[:1] == [
        "问题：Describe a time when you had to make a difficult decision. (← v1.0 · v1.1 →)"
    ]
    # each pair under its question and which side is which
    assert [c.endswith("(← v1.0 · v1.1 →)") for c in captions[:3]] == [True] * 3
    assert found[5].alt.startswith("v1.0 · 问题：未来的NFT") and found[5].alt.endswith(
        "翻译成专业的英语"
    )
    assert found[6].alt.startswith("v1.1 · 问题：未来的NFT")
    # the section's closing pointer is never alone on a slide
    pointer = [p for p in content if any("UPDATE.md" in plain(b.spans) for b in shown(p))]
    assert all(len(shown(p)) > 1 for p in pointer)
    notes = "\n".join(p.notes for p in deck.pages)
    assert "not shown on the slide" not in notes
    assert not any(r.kind == "pictures" for r in deck.left_out)


def test_a_details_summary_over_absent_pictures_inside_a_list_item_goes_too() -> None:
    """ChatGLM's limitations: list items each with a "点击查看例子" <details> of screenshots
    absent from the folder: no summary line is left under the item, the notes name them."""
    readme = Path(CHATGLM).read_text("utf-8")
    md = "# ChatGLM-6B\n\n" + readme[readme.index("## 局限性") : readme.index("## 协议")]
    o = parse_outline(md, assets=Assets.beside(CHATGLM))
    (page,) = o.chapters[0].pages
    (limits,) = [b for b in page.blocks if b.type == "list"]
    assert len(limits.items) == 4
    assert all(not item.children for item in limits.items)  # no "点击查看例子" line
    assert "limitations/factual_error.png" in page.notes
    assert "limitations/self-confusion_tencent.jpg" in page.notes


def test_a_deck_slide_of_nothing_but_a_missing_sponsor_wall_is_not_made() -> None:
    """Slidev's `name: Sponsors` slide: the sponsor logos (remote) and a "Sponsor me at GitHub"
    link under them; without the picture the slide goes, its line and the picture in the notes
    of the slide before it."""
    o = parse_outline(SLIDEV_NAMED)
    pages = [p for c in o.chapters for p in c.pages]
    assert "Sponsors" not in [p.title for p in pages]
    (speaker,) = [p for p in pages if p.title == "Anthony Fu"]
    assert "Sponsor me at GitHub" in speaker.notes
    assert "https://cdn.jsdelivr.net/gh/antfu/static/sponsors.png" in speaker.notes
    assert any(
        d["kind"] == "pictures" and d["message"].startswith("a slide") for d in o.diagnostics
    )


@pytest.mark.usefixtures("roomy_budget")
def test_the_pictures_of_a_page_cut_by_its_sections_are_named_once() -> None:
    """Rich's "Rich Library" page is one slide per `###` section (Log, Emoji, Tables...): the
    page's notes, listing its 15 unavailable screenshots, go with its first slide only."""
    path = Path(CHATGLM).parents[1] / "rich" / "README.md"
    deck = plan_from_markdown(path.read_text(encoding="utf-8"), "corporate", source_name="R")
    sections = [p for p in deck.pages if ".sections[" in str(p.get("source"))]
    assert len({p["title"] for p in sections}) >= 8
    notes = [p["notes"] for p in deck.pages if "imgs/tree.png" in (p.get("notes") or "")]
    assert len(notes) == 1


def test_chatglms_picture_slides_all_have_a_caption() -> None:
    """The README with its update log last (at its start the log is one slide, its pictures
    in the notes: generator.updatelog), a summarised document: every picture slide has words under its
    picture, the announcements' screenshots (no alt text) their lead-in sentence, the
    comparison's the question and the version."""
    readme = Path(CHATGLM).read_text("utf-8")
    head, rest = readme.split("## 更新信息", 1)
    log, tail = rest.split("## 友情链接", 1)
    moved = head + "## 友情链接" + tail + "\n## 更新信息" + log  # the log last: not condensed
    deck = generate_from_markdown(moved, "corporate", assets=Assets.beside(CHATGLM))
    pictured = [p for p in deck.pages if p.kind == "content" and images([p])]
    assert len(images(pictured)) == 2 + 3 + 2 + 1  # and the command-line demo
    demo = pictured.pop(0)  # the command-line demo's slide: titled by its own heading
    assert demo.title == "命令行 Demo"
    captions = [[plain(b.spans) for b in shown(p) if b.type == "paragraph"] for p in pictured]
    assert all(c and c[0] for c in captions), captions
    flat = [c[0] for c in captions]
    assert any(c.startswith("[2023/06/14] 发布 WebGLM") for c in flat)
    assert any(c.startswith("[2023/05/17] 发布 VisualGLM-6B") for c in flat)
    # the question (three lines) shows its opening clauses, cut after a clause, whole in the notes
    asked = [
        p for p, c in zip(pictured, flat, strict=True) if c.startswith("v1.1 · 问题：未来的NFT")
    ]
    assert asked and plain(shown(asked[0])[-1].spans).endswith("，你可以随时交易和使用 …")
    assert asked[0].notes.endswith("翻译成专业的英语")
