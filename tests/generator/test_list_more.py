"""A list cut at the last kept slide of a capped page ends with a line counting (and naming)
the items that move to the notes, never silently after its first items."""

from __future__ import annotations

from generator.listmore import LIST_MORE_GROUP, shown_items
from generator.model import Block, plain
from generator.outline import parse_outline
from generator.pieces import Piece

# samples/markdown/chatglm-readme/README.md, "友情链接" (two lists, each with a lead-in)
CHATGLM_LINKS = """## 友情链接
对 ChatGLM 进行加速的开源项目：
* [lyraChatGLM](https://huggingface.co/TMElyralab/lyraChatGLM): 对 ChatGLM-6B 进行推理加速，最高可以实现 9000+ tokens/s 的推理速度
* [ChatGLM-MNN](https://github.com/wangzhaode/ChatGLM-MNN): 一个基于 MNN 的 ChatGLM-6B C++ 推理实现，支持根据显存大小自动分配计算任务给 GPU 和 CPU

基于或使用了 ChatGLM-6B 的开源项目：
* [langchain-ChatGLM](https://github.com/imClumsyPanda/langchain-ChatGLM)：基于 langchain 的 ChatGLM 应用，实现基于可扩展知识库的问答
* [闻达](https://github.com/l15y/wenda)：大型语言模型调用平台，基于 ChatGLM-6B 实现了类 ChatPDF 功能
* [glm-bot](https://github.com/initialencounter/glm-bot)：将ChatGLM接入Koishi可在各大聊天平台上调用ChatGLM
* [Chuanhu Chat](https://github.com/GaiZhenbiao/ChuanhuChatGPT): 为各个大语言模型和在线模型API提供美观易用、功能丰富、快速部署的用户界面，支持ChatGLM-6B。

支持 ChatGLM-6B 和相关应用在线训练的示例项目：
* [ChatGLM-6B 的部署与微调教程](https://www.heywhale.com/mw/project/6436d82948f7da1fee2be59e)
"""

# samples/markdown/rich/README.md, "Rich CLI" is no list; this is its list of renderables
RICH_FEATURES = """## Rich renderables

- [Columns](https://rich.readthedocs.io/en/latest/columns.html) render text in neat columns.
- [Markdown](https://rich.readthedocs.io/en/latest/markdown.html) renders Markdown in the terminal.
- [Syntax](https://rich.readthedocs.io/en/latest/syntax.html) highlights source code.
- [Tracebacks](https://rich.readthedocs.io/en/latest/traceback.html) are more readable.
"""

LINE = 40.0  # px: one item's height in these tests
BODY = 16.0  # px: the body's type size (the line under a list takes 2.5 of it: one item's room)


def _pieces(markdown: str) -> list[Piece]:
    """The page's blocks cut into pieces as the packer sees them: one a list item, stacked."""
    page = next(p for c in parse_outline(markdown).chapters for p in c.pages)
    out: list[Piece] = []
    top = 0.0
    for gi, block in enumerate(page.blocks):
        units = (
            [Block("list", items=[item], ordered=block.ordered) for item in block.items]
            if block.type == "list"
            else [block]
        )
        for unit in units:
            out.append(Piece(unit, gi, top, top + LINE))
            top += LINE
    return out


def _text(pieces: list[Piece]) -> list[str]:
    return [
        plain(p.block.spans) if p.block.type == "paragraph" else plain(p.block.items[0].spans)
        for p in pieces
    ]


def test_a_cjk_list_cut_after_its_first_item_counts_and_names_the_rest() -> None:
    pieces = _pieces(CHATGLM_LINKS)
    cut = 5  # the slide ends after langchain-ChatGLM, the first item of the second list
    kept, rest = shown_items([pieces[:cut]], pieces[cut:], room=20 * LINE, body=BODY)
    last = kept[-1][-1]
    assert last.group <= LIST_MORE_GROUP
    assert plain(last.block.spans) == "… 另有 3 项：闻达、glm-bot、Chuanhu Chat"
    assert _text(kept[-1][:-1]) == _text(pieces[:cut])
    assert rest == pieces[cut:]


def test_the_line_takes_the_room_of_the_last_item_when_the_slide_is_full() -> None:
    pieces = _pieces(RICH_FEATURES)
    kept, rest = shown_items([pieces[:3]], pieces[3:], room=3 * LINE + 10, body=BODY)
    assert _text(kept[-1]) == [
        _text(pieces[:1])[0],
        _text(pieces[1:2])[0],
        "… 2 more items: Syntax, Tracebacks",
    ]
    assert rest[0] is pieces[2]


def test_a_list_that_ends_on_the_slide_gets_no_line() -> None:
    pieces = _pieces(CHATGLM_LINKS)
    cut = 3  # after the first list and the next lead-in's start: no list continues
    kept, rest = shown_items([pieces[:cut]], pieces[cut:], room=20 * LINE, body=BODY)
    assert kept == [pieces[:cut]]
    assert rest == pieces[cut:]


def test_a_page_cut_again_keeps_the_count_of_items_moved_before() -> None:
    pieces = _pieces(CHATGLM_LINKS)
    kept, _ = shown_items([pieces[:6]], pieces[6:], room=20 * LINE, body=BODY)
    assert plain(kept[-1][-1].block.spans) == "… 另有 2 项：glm-bot、Chuanhu Chat"
    # set smaller, the page is packed again from what it kept: 闻达 moves on with the line
    again, _ = shown_items([pieces[:5]], [pieces[5], kept[-1][-1]], room=20 * LINE, body=BODY)
    assert plain(again[-1][-1].block.spans) == "… 另有 3 项"
