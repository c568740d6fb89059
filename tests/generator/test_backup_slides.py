"""The pictures of the parts that leave a talk are on backup slides after its closing slide: an
"Appendix" divider, then picture slides titled by what each shows (the update log's entry its
pictures are in, the log above it) or by the part each came from, at most two pictures a slide,
each captioned; the budget does not count them (generator.backup)."""

from __future__ import annotations

import json
import os
import sys
from functools import cache
from pathlib import Path

from generator.alsoin import ALSO_SOURCE, BACKUP_SOURCE
from generator.api import plan_from_markdown
from generator.backup import BACKUP_PER_SLIDE, Backup, backup_groups, backup_of, backup_pages
from generator.budget import content_slides, document_words, slide_budget
from generator.markup.images import Assets
from generator.model import Block, Span, plain
from generator.outline import parse_outline
from generator.pages import PlannedPage
from generator.reshape import Fitted
from generator.runs import page_blocks
from generator.updatelog import entry_name
from tests.generator.fragments import CHATGLM_UPDATES

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))

import markdown_corpus as mc  # noqa: E402

DOCUMENTS = dict(mc.documents())
CHATGLM, KEP = DOCUMENTS["chatglm-readme"], DOCUMENTS["kep-crashloopbackoff"]


@cache
def planned(path: str, length: str = "medium") -> tuple[list[PlannedPage], list[str]]:
    """The deck's pages and its left-out records (as lines: kind, message)."""
    text = Path(path).read_text(encoding="utf-8")
    deck = plan_from_markdown(text, "corporate", length=length, assets=Assets.beside(path))
    pages = [PlannedPage.from_dict(p) for p in deck.pages]
    return pages, [f"{r['kind']}: {r['message']}" for r in deck.left_out]


def appendix(pages: list[PlannedPage]) -> list[PlannedPage]:
    """The slides after the closing slide."""
    closing = next(i for i, p in enumerate(pages) if p.kind == "closing")
    return pages[closing + 1 :]


def images(page: PlannedPage) -> list[Block]:
    return [b for b in page.blocks if b.type == "image"]


def test_an_update_logs_pictures_are_on_backup_slides_after_the_closing_slide() -> None:
    pages, records = planned(CHATGLM)
    after = appendix(pages)
    assert [p.kind for p in after[:1]] == ["divider"] and after[0].title == "附录"
    backup = after[1:]
    assert backup and all(p.source == BACKUP_SOURCE and p.kind == "content" for p in backup)
    # each slide names the entry its pictures came from, the appendix and the log above it
    assert [(p.title, p.part, p.parts) for p in backup] == [
        ("2023/06/14 发布 WebGLM", 1, 1),
        ("2023/05/17 发布 VisualGLM-6B", 1, 1),
        *[("2023/05/15 更新 v1.1 版本 checkpoint", i, 5) for i in range(1, 6)],
    ]
    assert {p.subtitle for p in backup} == {"附录 · 更新信息"}
    assert all(1 <= len(images(p)) <= BACKUP_PER_SLIDE for p in backup)
    # 2 announcements, 8 compared answers: three v1.0/v1.1 pairs side by side, the two
    # widest answers alone (side by side they do not read)
    assert sum(len(images(p)) for p in backup) == 2 + 3 + 2
    # every picture with words under it: the announcement's lead-in, the question asked
    captions = [plain(b.spans) for p in backup for b in p.blocks if b.type == "paragraph"]
    assert len(captions) == len(backup) and all(captions), captions
    assert captions[0].startswith("[2023/06/14]")
    # the log's slide and its notes say where its pictures are
    log = next(p for p in pages if p.title == "更新信息" and p.source != BACKUP_SOURCE)
    last = plain(log.blocks[0].items[-1].spans)
    assert "10 张图片见附录" in last and "备注" not in last  # for the audience, not the presenter
    assert "10 张图片见附录" in log.notes
    assert any(r.startswith("appendix: 10 pictures of the update log") for r in records)


def test_a_parts_pictures_follow_it_to_the_appendix_and_the_also_slide_says_so() -> None:
    pages, records = planned(KEP)
    backup = appendix(pages)[1:]
    assert appendix(pages)[0].title == "Appendix"
    titles = [p.title for p in backup]
    assert titles == [
        "RestartPolicy: Rapid",
        "Flat-rate restarts for Succeeded Pods",
        "Flat-rate restarts for Succeeded Pods",
        "Front loaded decay with interval",
        "Front loaded decay with interval",
    ]  # the rejected alternatives' graphs (large charts: one a slide, as large as it reads)
    # a part whose pictures continue over slides is counted like every continued page
    assert [(p.part, p.parts) for p in backup] == [(1, 1), (1, 2), (2, 2), (1, 2), (2, 2)]
    assert {p.subtitle for p in backup} == {"Appendix · Alternatives"}
    assert all(images(p)[0].alt.startswith('"A graph') for p in backup)
    also = next(p for p in pages if p.source == ALSO_SOURCE)
    listed = json.dumps([b.to_dict() for b in also.blocks])
    assert "(5 pictures in the appendix)" in listed
    assert also.notes.count("2 pictures in the appendix.") == 2
    assert also.notes.count("1 picture in the appendix.") == 1
    gone = [r for r in records if r.startswith("appendix:")]
    assert len(gone) == 3 and all("Alternatives" in r for r in gone)
    assert not any("not shown (over the slide budget)" in r for r in records)


def test_the_appendix_is_no_part_of_the_talks_budget() -> None:
    pages, _ = planned(KEP)
    text = Path(KEP).read_text(encoding="utf-8")
    budget = slide_budget("medium", document_words(parse_outline(text)))
    assert budget is not None
    fitted = [Fitted(p, "", None) for p in pages]
    talk = [f for f in fitted if f.page.source != BACKUP_SOURCE]
    assert content_slides(fitted) == content_slides(talk) <= budget
    assert len(fitted) - len(talk) == 6  # its divider and five picture slides


def test_a_long_deck_leaves_nothing_and_has_no_appendix() -> None:
    pages, records = planned(KEP, "long")
    assert all(p.kind != "closing" for p in appendix(pages)) and appendix(pages) == []
    assert not any(r.startswith("appendix:") for r in records)


def test_no_appendix_when_nothing_leaves_with_pictures() -> None:
    """The README's installation and development chapters leave its talk (listed on the Also
    slide), its one screenshot stays on the slides: it has no appendix."""
    pages, records = planned(DOCUMENTS["bat-readme"])
    assert any(p.source == ALSO_SOURCE for p in pages)  # parts left (without pictures)
    assert any(images(p) for p in pages)
    assert appendix(pages) == [] and all(p.source != BACKUP_SOURCE for p in pages)
    assert not any(r.startswith("appendix:") for r in records)


def _picture(width: int, height: int) -> Block:
    return Block("image", src="data:image/png;base64,", alt="a", width=width, height=height)


def test_backup_slides_hold_two_pictures_at_most_and_a_screenshot_alone() -> None:
    small = [_picture(300, 200) for _ in range(5)]  # diagrams: two a slide
    assert [len(g) for g in backup_groups(small)] == [2, 2, 1]
    shot = _picture(1200, 800)  # a screenshot: alone, as large as the body allows
    assert [len(g) for g in backup_groups([small[0], shot, small[1]])] == [1, 1, 1]
    assert backup_pages([], "en") == []
    made = backup_pages([Backup("Installing", "", tuple(small[:3]))], "en")
    assert [(p.kind, p.layout) for p in made] == [
        ("divider", "divider"),
        ("content", "image-grid"),
        ("content", "image-full"),
    ]
    assert made[1].subtitle == "Appendix" and made[1].title == "Installing"


def test_an_update_logs_backup_slides_are_titled_by_the_entry_each_picture_is_in() -> None:
    """Seven slides all titled "更新信息" say nothing of what each shows: each is titled by its
    dated entry, the log's name above it; an entry over several slides counts them."""
    outline = parse_outline("# ChatGLM-6B\n\n" + CHATGLM_UPDATES, assets=Assets.beside(CHATGLM))
    chapter = next(c for c in outline.chapters if c.title == "更新信息")
    page = chapter.pages[0]
    found = backup_of(page.title, chapter.title, page_blocks(page), entry_name)
    assert found is not None and len(found.pictures) == 2 + 3 + 2  # 3 pairs: one picture each
    made = backup_pages([found], "zh-CN")[1:]
    assert [(p.subtitle, p.title, p.part, p.parts) for p in made] == [
        ("附录 · 更新信息", "2023/06/14 发布 WebGLM", 1, 1),
        ("附录 · 更新信息", "2023/05/17 发布 VisualGLM-6B", 1, 1),
        *[("附录 · 更新信息", "2023/05/15 更新 v1.1 版本 checkpoint", i, 5) for i in range(1, 6)],
    ]
    # a part naming no entries keeps its own title on each of its slides
    plain_part = backup_of(page.title, chapter.title, page_blocks(page))
    assert plain_part is not None and plain_part.shows == ()
    assert {p.title for p in backup_pages([plain_part], "zh-CN")[1:]} == {"更新信息"}


def test_an_entrys_name_is_its_date_and_the_clause_after_it() -> None:
    def name(text: str) -> str:
        return entry_name(Block("paragraph", [Span(text)]))

    assert (
        name("[2023/06/14] 发布 WebGLM，一项被接受于KDD 2023的研究工作") == "2023/06/14 发布 WebGLM"
    )
    assert name("**[2023/05/15]** 更新 v1.1 版本 checkpoint，训练数据") == (
        "2023/05/15 更新 v1.1 版本 checkpoint"
    )
    long = (
        "[2023/03/23] 增加对 API 部署的支持，感谢 [@LemonQu-GIT](https://github.com/LemonQu-GIT)。"
    )
    assert name(long) == "2023/03/23 增加对 API 部署的支持"
    assert name("[2023/03/19] " + "x" * 40 + "，y") == "2023/03/19"  # too long to name it
    assert name("可以通过本仓库中的 cli_demo_vision.py 来运行") == ""
