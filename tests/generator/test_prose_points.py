"""Walls of prose set as points (generator.points), every word kept, and a list's lead-in
sentence kept with its list when a long page is summarised (generator.summary).

Fragments: samples/markdown/kep-crashloopbackoff (a Kubernetes enhancement proposal),
samples/markdown/chatglm-readme (a Chinese README), samples/markdown/mermaid-readme (see the
SOURCES.md of each)."""

from __future__ import annotations

import os
import sys

from generator.api import generate_from_markdown
from generator.leftout import count_words
from generator.markup.images import Assets
from generator.model import Block, ListItem, plain
from generator.outline import parse_outline
from generator.points import pointed_blocks, sentences
from generator.summary import lead_in_tail, summary_blocks

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))

import markdown_corpus as mc  # noqa: E402

# kep-crashloopbackoff, "Existing backoff curve change": one paragraph of three sentences
KEP_CURVE = (
    "# KEP\n\n## Proposal\n\n### Existing backoff curve change\n\n"
    "This KEP proposes changing the existing backoff curve to load more restarts\n"
    "earlier by changing the initial value of the exponential backoff, and to retry\n"
    "periodically more often by reducing the maximum for the backoff. A number of\n"
    "alternate initial values and maximum backoff values are modelled below. This\n"
    "proposal suggests we start with a new initial value of 1s (changed from 10s\n"
    "today) and a maximum backoff of 1 minute (changed from 5 minutes today) based on\n"
    "prior research, and further analyze its impact on infrastructure during alpha.\n"
)
# chatglm-readme, "介绍": three paragraphs, the first of five sentences
CHATGLM_INTRO = (
    "# ChatGLM-6B\n\n## 介绍\n\n"
    "ChatGLM-6B 是一个开源的、支持中英双语的对话语言模型，基于 [General Language Model (GLM)]"
    "(https://github.com/THUDM/GLM) 架构，具有 62 亿参数。结合模型量化技术，用户可以在消费级"
    "的显卡上进行本地部署（INT4 量化级别下最低只需 6GB 显存）。\n"
    "ChatGLM-6B 使用了和 ChatGPT 相似的技术，针对中文问答和对话进行了优化。经过约 1T 标识符的"
    "中英双语训练，辅以监督微调、反馈自助、人类反馈强化学习等技术的加持，62 亿参数的 ChatGLM-6B "
    "已经能生成相当符合人类偏好的回答，更多信息请参考我们的[博客](https://chatglm.cn/blog)。"
    "欢迎通过 [chatglm.cn](https://chatglm.cn) 体验更大规模的 ChatGLM 模型。\n\n"
    "为了方便下游开发者针对自己的应用场景定制模型，我们同时实现了基于 [P-Tuning v2]"
    "(https://github.com/THUDM/P-tuning-v2) 的高效参数微调方法 [(使用指南)](ptuning/README.md) "
    "，INT4 量化级别下最低只需 7GB 显存即可启动微调。\n\n"
    "ChatGLM-6B 权重对学术研究**完全开放**，在填写[问卷](https://open.bigmodel.cn/mla/form)"
    "进行登记后**亦允许免费商业使用**。\n"
)
# mermaid-readme, "Security and safe diagrams": three paragraphs, the first of four sentences
MERMAID_SECURITY = (
    "# Mermaid\n\n## Security and safe diagrams\n\n"
    "For public sites, it can be precarious to retrieve text from users on the internet, "
    "storing that content for presentation in a browser at a later stage. The reason is that "
    "the user content can contain embedded malicious scripts that will run when the data is "
    "presented. For Mermaid this is a risk, specially as mermaid diagrams contain many "
    "characters that are used in html which makes the standard sanitation unusable as it also "
    "breaks the diagrams. We still make an effort to sanitize the incoming code and keep "
    "refining the process but it is hard to guarantee that there are no loop holes.\n\n"
    "As an extra level of security for sites with external users we are happy to introduce a "
    "new security level in which the diagram is rendered in a sandboxed iframe preventing "
    "javascript in the code from being executed. This is a great step forward for better "
    "security.\n\n"
    "_Unfortunately you cannot have a cake and eat it at the same time which in this case "
    "means that some of the interactive functionality gets blocked along with the possible "
    "malicious code._\n"
)
# mermaid-readme, "About": a short opening paragraph stays a paragraph
MERMAID_ABOUT = (
    "# Mermaid\n\n## About\n\n"
    "Mermaid is a JavaScript-based diagramming and charting tool that uses Markdown-inspired "
    "text definitions and a renderer to create and modify complex diagrams. The main purpose "
    "of Mermaid is to help documentation catch up with development.\n\n"
    "> Doc-Rot is a Catch-22 that Mermaid helps to solve.\n"
)
# kep-crashloopbackoff, "Risks and Mitigations": the paragraph before the list ends with the
# sentence introducing it, without a colon
KEP_LEAD_IN = (
    "The alpha changes to the _default_ backoff curve were chosen because they meet\n"
    "emerging use cases and user sentiment from the canonical feature request issue\n"
    "and research by the author, AND because they are indicated to be safe changes\n"
    "based on initial benchmarking and analysis. The reduction of the initial value\n"
    "from 10s to 1s and the reduction of the backoff maximum from 5 minutes to 1\n"
    "minute introduces \n\n"
    "* 5 excess restarts per pod in the first five minutes\n"
    "  * the first 3 excess in the first 30 seconds\n"
    "  * and the last 2 excess between 150 and 300 seconds\n"
)


def blocks_of(markdown: str) -> list[Block]:
    return parse_outline(markdown).chapters[0].pages[0].blocks


def item_texts(items: list[ListItem]) -> list[str]:
    out = []
    for item in items:
        out.append(plain(item.spans))
        for child in item.children:
            out.extend(item_texts(child.items))
    return out


def words(blocks: list[Block]) -> list[str]:
    text = []
    for b in blocks:
        text.append(plain(b.spans) if b.type == "paragraph" else " ".join(item_texts(b.items)))
    return " ".join(text).split()


def test_a_long_paragraph_is_one_point_per_sentence() -> None:
    blocks = blocks_of(KEP_CURVE)
    (points,) = pointed_blocks(blocks)
    assert points.type == "list"
    texts = item_texts(points.items)
    assert len(texts) == 3
    assert (
        texts[1]
        == "A number of alternate initial values and maximum backoff values are modelled below."
    )
    assert texts[2].startswith("This proposal suggests we start with a new initial value of 1s")
    assert words([points]) == words(blocks)  # every word kept


def test_cjk_paragraphs_are_points_led_by_their_first_sentence() -> None:
    blocks = blocks_of(CHATGLM_INTRO)
    (points,) = pointed_blocks(blocks)
    first, second, third = points.items
    assert plain(first.spans).endswith("具有 62 亿参数。")  # cut at 。
    under = item_texts(first.children[0].items)
    assert under[0].startswith("结合模型量化技术") and under[0].endswith("6GB 显存）。")
    assert under[-1] == "欢迎通过 chatglm.cn 体验更大规模的 ChatGLM 模型。"
    assert not second.children and not third.children  # one sentence each: one point each
    assert any(s.bold for s in third.spans)  # inline formatting kept
    shown = "".join(item_texts(points.items))
    source = "".join(plain(b.spans) for b in blocks)
    assert count_words(shown) == count_words(source)


def test_several_paragraphs_nest_the_sentences_of_a_long_one() -> None:
    blocks = blocks_of(MERMAID_SECURITY)
    (points,) = pointed_blocks(blocks)
    assert len(points.items) == 3
    assert [len(i.children) for i in points.items] == [1, 0, 0]
    assert len(points.items[0].children[0].items) == 3
    assert all(s.italic for s in points.items[2].spans if s.text.strip())
    assert words([points]) == words(blocks)


def test_short_prose_stays_paragraphs() -> None:
    blocks = blocks_of(MERMAID_ABOUT)
    assert pointed_blocks(blocks) is blocks


def test_sentences_do_not_end_at_abbreviations() -> None:
    (paragraph,) = blocks_of(
        "# T\n\n## S\n\nSome tools, e.g. Foo and Bar, are fast. Others are not so fast at all.\n"
    )
    parts = [plain(s) for s in sentences(paragraph.spans)]
    assert parts == ["Some tools, e.g. Foo and Bar, are fast.", "Others are not so fast at all."]


def test_the_sentence_introducing_a_list_stays_with_it_in_a_summary() -> None:
    blocks = blocks_of(
        "# KEP\n\n## Risks\n\nThe biggest risk is speed. It matters.\n\n" + KEP_LEAD_IN
    )
    tail = lead_in_tail(blocks[1], blocks[2])
    assert tail is not None
    assert plain(tail[1].spans).startswith("The reduction of the initial value")
    kept, moved = summary_blocks(blocks)
    at = next(i for i, b in enumerate(kept) if b.type == "list")
    assert plain(kept[at - 1].spans) == (
        "The reduction of the initial value from 10s to 1s and the reduction of the backoff "
        "maximum from 5 minutes to 1 minute introduces"
    )
    assert any("The alpha changes" in plain(b.spans) for b in moved)


def test_a_proposal_deck_shows_its_walls_of_prose_as_points() -> None:
    path = os.path.join(mc.CORPUS, "kep-crashloopbackoff", "README.md")
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    deck = generate_from_markdown(text, "corporate", assets=Assets.beside(path))
    curve = next(p for p in deck.pages if p.title.startswith("Existing backoff curve change"))
    assert curve.blocks[0].type == "list" and len(curve.blocks[0].items) == 3
    # "Risks and Mitigations" as points, with the sentence introducing its list, would take a
    # third slide, and this deck over its budget would then lose the page: it keeps the two
    # slides of its paragraphs (generator.pointsfit), its list on the second
    risks = [p for p in deck.pages if p.title.startswith("Risks and Mitigations")]
    assert len(risks) == 2 and all(b.type == "paragraph" for b in risks[0].blocks)
    assert any(b.type == "list" and "5 excess" in plain(b.items[0].spans) for b in risks[1].blocks)
