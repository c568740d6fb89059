"""add_paragraph's one-run fast path (a cached a:p copy) writes the XML the general path writes."""

from __future__ import annotations

from typing import Any

import pytest
from lxml import etree

from engine.model.schema import Paragraph
from engine.model.schema.complete import complete
from engine.pptx.oxml import NS_A, ElementCache, a
from engine.pptx.text import add_paragraph

STYLE = {"size": 10.5, "color": "336699", "font": "Liberation Sans", "bold": True, "lang": "en-US"}
PARAS: list[dict[str, Any]] = [
    {"runs": [{"text": "plain", **STYLE}], "align": "ctr", "line_spacing": {"pts": 12.0}},
    {"runs": [{"text": "other text", **STYLE}], "align": "ctr", "line_spacing": {"pts": 12.0}},
    {"runs": [{"text": "bullet", "size": 8}], "bullet": {"char": "•"}, "margin_left": 18.0},
    {"runs": [{"text": "no style at all"}]},  # no endParaRPr
    {"runs": [{"text": "two\nlines", **STYLE}]},  # a line feed: a:br
    {"runs": [{"text": "", **STYLE}]},  # empty: no a:r
    {"runs": [{"text": "linked", "href": "https://example.com", **STYLE}]},
    {"runs": [{"text": "end run", **STYLE}], "end_run": {"size": 20}},
    {"runs": [{"text": "a", **STYLE}, {"text": "b", "size": 9}]},
    {"runs": [{"text": "ctrl\x01chars", **STYLE}]},
    {"runs": [{"text": "unhashable", "fill": {"type": "solid", "stops": [1, 2]}, **STYLE}]},
]


def _links(href: str) -> str:
    return "rId7"


def _xml(para: dict[str, Any], cache: ElementCache | None) -> bytes:
    root = etree.Element(a("txBody"), nsmap={"a": NS_A})
    add_paragraph(root, complete(dict(para), Paragraph), _links, cache)
    return etree.tostring(root[0])


@pytest.mark.parametrize("para", PARAS)
def test_cached_paragraph_equals_uncached(para: dict[str, Any]) -> None:
    cache = ElementCache()
    first = _xml(para, cache)
    again = _xml(para, cache)  # from the template this time
    assert first == again == _xml(para, None)


def test_copies_keep_their_own_text() -> None:
    cache = ElementCache()
    root = etree.Element(a("txBody"), nsmap={"a": NS_A})
    for word in ("one", "two", "three"):
        para = complete({"runs": [{"text": word, **STYLE}]}, Paragraph)
        add_paragraph(root, para, None, cache)
    texts = [p.findtext(f"{a('r')}/{a('t')}") for p in root]
    assert texts == ["one", "two", "three"]
    assert [len(p) for p in root] == [3, 3, 3]  # pPr, r, endParaRPr
