"""Every deck of ../shared/corpus (tests/requires.py `corpus_dir`) converts with no page failures, and every visible word of every
page is present as text in the deck (text boxes, shapes and table cells)."""

from __future__ import annotations

import io
import re
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
from lxml import html as lxml_html
from pptx import Presentation

from engine import Options, convert
from tests.requires import corpus_dir, requires_tools

CORPUS = corpus_dir()
DECKS = sorted(p for p in CORPUS.glob("deck-*") if p.is_dir()) if CORPUS.is_dir() else []
SKIP_TAGS = {"script", "style", "noscript", "template", "head", "title"}
_UNUSED = {
    "div",
    "p",
    "li",
    "ul",
    "ol",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "table",
    "tr",
    "td",
    "th",
    "section",
    "header",
    "footer",
    "figure",
    "figcaption",
    "blockquote",
    "pre",
    "br",
    "text",
    "tspan",
    "svg",
    "aside",
    "article",
    "nav",
    "main",
    "dt",
    "dd",
    "thead",
    "tbody",
}
TOKEN = re.compile(r"[\w]+(?:[',.][\w]+)*", re.UNICODE)
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def tokens(text: str) -> list[str]:
    text = unicodedata.normalize("NFKC", text).casefold()
    out: list[str] = []
    for tok in TOKEN.findall(text):
        parts = CJK.split(tok)
        out.extend(p.strip("_") for p in parts if p.strip("_"))
        out.extend(CJK.findall(tok))
    return out


def visible_words(page: str) -> list[str]:
    doc = lxml_html.document_fromstring(page)
    slide = doc.xpath("//*[contains(concat(' ', normalize-space(@class), ' '), ' slide ')]")[0]
    chunks: list[str] = []

    def walk(el) -> None:
        tag = el.tag.lower() if isinstance(el.tag, str) else ""
        style = (el.get("style") or "").replace(" ", "")
        hidden = (
            tag in SKIP_TAGS
            or el.get("hidden") is not None
            or "display:none" in style
            or "visibility:hidden" in style
        )
        if not hidden:
            chunks.append(" ")  # element boundaries separate words (inline ones included)
            chunks.append(el.text or "")
            for child in el:
                walk(child)
            chunks.append(" ")
        chunks.append(el.tail or "")

    walk(slide)
    return tokens("".join(chunks[:-1]))


def deck_texts(data: bytes) -> list[str]:
    prs = Presentation(io.BytesIO(data))
    out = []
    for slide in prs.slides:
        texts: list[str] = []
        for shape in slide.shapes:
            if shape.has_text_frame:
                texts.append(shape.text_frame.text)
            if getattr(shape, "has_table", False) and shape.has_table:
                texts.extend(cell.text for row in shape.table.rows for cell in row.cells)
        out.append(" ".join(tokens(" ".join(texts))))
    return out


@requires_tools("corpus")
@pytest.mark.parametrize("deck", DECKS or [CORPUS / "deck-missing"], ids=lambda p: p.name)
def test_corpus_deck_converts_with_every_word(deck: Path):
    pages = [p.read_text(encoding="utf-8") for p in sorted(deck.glob("*.html"))]
    conv = convert(pages, options=Options(embed_fonts="none"))  # words, not fonts, are checked
    assert conv.failed_page_details == []
    for i, (page, text) in enumerate(zip(pages, deck_texts(conv.pptx_bytes), strict=True), 1):
        wanted = Counter(visible_words(page))
        missing = {w: n for w, n in wanted.items() if text.count(w) < n}
        assert not missing, f"{deck.name} page {i}: missing {missing}"
