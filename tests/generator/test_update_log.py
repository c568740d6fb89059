"""A talk's update log (dated entries near the document's start) is one slide of its newest
entries; the whole log is in that slide's notes and listed (generator.updatelog)."""

from __future__ import annotations

import os
import sys

from generator.alsoin import BACKUP_SOURCE
from generator.api import generate_from_markdown, parse_outline
from generator.leadnames import LEAD_IN, item_names, without_lead_in
from generator.markup.images import Assets
from generator.model import Block, ListItem, Span, plain
from generator.updatelog import _lead, condense_update_logs, entry_date
from tests.generator.fragments import CHATGLM_UPDATES

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))

import markdown_corpus as mc  # noqa: E402

README = dict(mc.documents())["chatglm-readme"]


def test_a_talks_update_log_is_its_newest_entries_on_one_slide() -> None:
    with open(README, encoding="utf-8") as f:
        deck = generate_from_markdown(f.read(), "corporate", assets=Assets.beside(README))
    talk = [p for p in deck.pages if p.source != BACKUP_SOURCE]  # its pictures: the appendix
    log = [p for p in talk if p.kind == "content" and p.title == "更新信息"]
    assert len(log) == 1  # one slide, not one a dated entry and its screenshots
    (block,) = log[0].blocks
    shown = [plain(i.spans) for i in block.items]
    assert [s[:12] for s in shown[:3]] == ["[2023/07/25]", "[2023/06/25]", "[2023/06/14]"]
    assert not shown[0].endswith("：")  # the colon led to details now in the notes
    assert shown[3].startswith("另有 2 条更早的更新")  # the two older entries, named ...
    assert "备注" not in shown[3]  # ... with no line for the presenter on the audience's slide
    assert "v1.1 版本 checkpoint" in log[0].notes and "SwissArmyTransformer" in log[0].notes
    assert "Describe the function of a computer motherboard" in log[0].notes  # folded part
    records = [r for r in deck.left_out if r.where == "chapters[3].pages[0]"]
    assert {r.kind for r in records} == {"notes", "appendix"}
    assert any("update log" in r.message for r in records)


def test_an_update_log_that_is_the_whole_document_is_its_subject() -> None:
    outline = parse_outline("# ChatGLM-6B\n\n" + CHATGLM_UPDATES)
    condensed = condense_update_logs(outline, "zh-CN")
    assert condensed.records == [] and condensed.outline == outline


def test_an_entry_opens_with_a_date() -> None:
    def para(text: str) -> Block:
        return Block("paragraph", [Span(text)])

    assert entry_date(para("[2023/07/25] 发布 CodeGeeX2")) == (2023, 7, 25)
    assert entry_date(para("2024-01-05: released 1.2")) == (2024, 1, 5)
    assert entry_date(para("2023年7月 发布")) == (2023, 7)
    assert entry_date(para("2023 users asked for it")) is None  # a number, not a date
    assert entry_date(para("2023/13/01 nothing")) is None  # no thirteenth month
    assert entry_date(Block("heading", [Span("2023-07-25")])) is None  # a heading: a release


def test_an_entrys_lead_in_is_followed_by_the_names_of_what_it_introduces() -> None:
    # "更多特性包括：" / "引入了如下新特性：" ended the entries' lines, their lists in the notes:
    # the line names the list's items by their bold openings
    with open(README, encoding="utf-8") as f:
        outline = parse_outline(f.read(), assets=Assets.beside(README))
    condensed = condense_update_logs(outline, "zh-CN")
    page = next(p for c in condensed.outline.chapters for p in c.pages if p.title == "更新信息")
    shown = [plain(i.spans) for i in page.blocks[0].items]
    assert shown[0].endswith("更多特性包括：更强大的代码能力、更优秀的模型特性、更全面的AI编程助手")
    assert shown[1].endswith("引入了如下新特性：更强大的性能、更长的上下文、更高效的推理")
    assert shown[2].endswith("生成带有准确引用的长回答。")  # no lead-in: as it was


def test_a_lead_in_without_named_items_is_taken_off_the_line() -> None:
    spans = [Span("[2023/07/25] 发布 CodeGeeX2，代码能力全面提升，更多特性包括")]
    assert plain(without_lead_in(spans)) == "[2023/07/25] 发布 CodeGeeX2，代码能力全面提升"
    plain_items = Block("list", items=[ListItem([Span("a plain item")])])
    assert item_names(plain_items) == []
    named = Block("list", items=[ListItem([Span("Faster", bold=True), Span(": twice")])])
    assert item_names(named) == ["Faster"]
    assert LEAD_IN.search("introduces these features:") and not LEAD_IN.search("it works.")


def test_a_lead_in_with_emoji_but_no_cjk_text_names_its_items_in_english() -> None:
    # an emoji is no CJK character: the names follow ": " and ", " (not "：" and "、")
    lead = Block("paragraph", [Span("[2024/01/05] 🎉 v2 introduces these features:")])
    names = Block(
        "list",
        items=[
            ListItem([Span("Faster", bold=True), Span(": twice")]),
            ListItem([Span("Smaller", bold=True), Span(": half")]),
        ],
    )
    assert plain(_lead(lead, names)).endswith("introduces these features: Faster, Smaller")
