"""A slide showing a page's summary takes back what waits in its notes while it has room: the
room measured (never guessed, a screenshot on a slide of its own not counted), in reading
order; a procedure's later steps and sentences stating measured figures stay on slides; an
"Also in the document" line says its chapter's gist."""

from __future__ import annotations

from pathlib import Path

from generator.alsoin import Also, LeftPart, also_page
from generator.api import plan_from_markdown
from generator.gist import block_gist, gist
from generator.leftout import block_text
from generator.markup.images import Assets
from generator.model import Block, Span, plain
from generator.outline import parse_outline
from generator.pages import PlannedPage
from generator.pieces import Piece
from generator.procedure import in_procedure, procedure_slides
from generator.summary import MEASURED, summary_blocks
from tests.generator.fragments_refill import (
    CHATGLM_CITATION,
    CHATGLM_LICENCE,
    CHATGLM_LOCAL_LOAD,
    CHATGLM_QUANTIZATION,
)

KEP = Path(__file__).resolve().parents[2] / "samples/markdown/kep-crashloopbackoff/README.md"


def blocks_of(md: str) -> list[Block]:
    return parse_outline("# Doc\n\n" + md).chapters[0].pages[0].blocks


def shown_text(blocks: list[Block]) -> str:
    return " ".join(plain(b.spans) for b in blocks)


# -- 1. a summary slide with room takes back the next sentences, in reading order -------------


def test_the_first_summarised_page_takes_back_its_next_sentences_measured() -> None:
    """A long design document's first page is summarised before any slide was laid out: the
    room it refills is measured on its own layout (its screenshot, on a slide of its own, not
    counted), so today's behaviour the proposal compares with (the back-off delays, capped at
    five minutes) is on the Summary slide, not in its notes."""
    deck = plan_from_markdown(
        KEP.read_text("utf-8"), "corporate", length="medium", assets=Assets.beside(str(KEP))
    )
    pages = [PlannedPage.from_dict(p) for p in deck.pages]
    summary = " ".join(block_text(b) for p in pages if p.title == "Summary" for b in p.blocks)
    assert "capped at five minutes" in summary
    assert "This KEP proposes the following change" in summary


def test_moved_text_comes_back_in_reading_order_and_stops_at_the_first_that_does_not_fit() -> None:
    first = Block("paragraph", [Span("Opening sentence of the page. " + "Word " * 90 + "end.")])
    later = Block("paragraph", [Span("A later paragraph that would fit on its own.")])
    blocks = [first, later]
    room = len(plain(first.spans)) // 2  # the first paragraph's rest does not come back whole
    kept, moved = summary_blocks(blocks, lambda b: sum(x.text_length() for x in b) <= room)
    assert "A later paragraph" not in shown_text(kept)  # never skips a passage for a later one
    assert "A later paragraph" in shown_text(moved)


# -- 2. a procedure's later steps stay on slides ----------------------------------------------


def test_paragraphs_continuing_a_procedure_after_its_command_stay_in_the_summary() -> None:
    blocks = blocks_of(CHATGLM_LOCAL_LOAD)
    kept, _ = summary_blocks(blocks)
    text = shown_text(kept)
    assert "然后从这里手动下载模型参数文件" in text  # download the weights
    assert "替换为你本地的 chatglm-6b 文件夹的路径" in text  # point the code at the local path


def test_a_step_is_a_paragraph_opening_in_sequence_after_a_command_or_a_numbered_list() -> None:
    code = Block("code", text="git clone https://example.org/model")
    then = Block("paragraph", [Span("Then download the weights into the folder.")])
    after = Block("paragraph", [Span("After downloading, replace the name with the path.")])
    plain_para = Block("paragraph", [Span("The model is large.")])
    assert in_procedure([code, then], 1) and in_procedure([code, then, after], 2)
    assert not in_procedure([code, plain_para], 1)
    assert not in_procedure([plain_para, then], 1)  # no step before it
    numbered = Block("list", ordered=True)
    assert in_procedure([numbered, then], 1)


def test_a_capped_page_keeps_the_slide_its_procedure_continues_on() -> None:
    code = Block("code", text="GIT_LFS_SKIP_SMUDGE=1 git clone https://example.org/model")
    then = Block("paragraph", [Span("然后从这里手动下载模型参数文件。")])
    other = Block("paragraph", [Span("An unrelated remark.")])
    first = [Piece(code, 0, 0.0, 10.0)]
    assert procedure_slides([first, [Piece(then, 1, 0.0, 5.0)]], 1) == 2
    assert procedure_slides([first, [Piece(other, 1, 0.0, 5.0)]], 1) == 1


# -- 3. measured figures rank above general sentences -----------------------------------------


def test_a_paragraph_stating_measured_figures_keeps_its_first_sentences() -> None:
    kept, _ = summary_blocks(blocks_of(CHATGLM_QUANTIZATION))
    text = shown_text(kept)
    assert "8-bit 量化下 GPU 显存占用约为 10GB" in text
    assert "欢迎大家提出对应的 Pull Request" not in text  # a general paragraph still moves


def test_measured_figures_are_numbers_with_units() -> None:
    for text in ("约为 10GB，", "from 10s to 1s", "2048 tokens", "35 ms", "6 GB"):
        assert MEASURED.search(text), text
    for text in ("in the 1990s", "v1.1.0", "3 restarts", "git checkout v1.1.0"):
        assert not MEASURED.search(text), text


# -- 5. an Also line says its chapter's gist --------------------------------------------------


def test_a_chapter_that_left_whole_is_named_with_its_gist() -> None:
    licence = block_gist(blocks_of(CHATGLM_LICENCE.replace("## 协议", "")))
    citation = block_gist(blocks_of(CHATGLM_CITATION.replace("## 引用", "")))
    assert licence.startswith("本仓库的代码依照 Apache-2.0 协议开源")
    assert citation.startswith("如果你觉得我们的工作有帮助的话")
    parts = (
        LeftPart(10, 0, "协议", "协议", "协议", "…", 30, 0, licence),
        LeftPart(11, 0, "引用", "引用", "引用", "…", 20, 0, citation),
    )
    page = also_page(Also(parts, frozenset({10, 11})), "zh-CN")
    lines = [plain(i.spans) for i in page.blocks[0].items]
    assert lines[0].startswith("协议：本仓库的代码依照 Apache-2.0")
    assert lines[1].startswith("引用：如果你觉得我们的工作有帮助的话")


def test_a_gist_is_one_line_and_never_a_question() -> None:
    long = "This sentence goes on " + "and on " * 30 + "until it ends."
    assert gist(long).endswith("…") and len(gist(long)) < len(long)
    question = [Block("paragraph", [Span("How can this feature be enabled in a cluster?")])]
    assert block_gist(question) == ""
