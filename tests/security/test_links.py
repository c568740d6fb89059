"""Hyperlinks in the deck (<a href> -> external relationships): http, https and mailto only."""

from __future__ import annotations

import io
import re
import zipfile

import pytest

from engine import convert
from engine.links import link_target
from engine.model.schema import Deck
from engine.model.schema.complete import complete

DROPPED = [
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " java\tscript:alert(1)",
    "\x01javascript:alert(1)",
    "file:///etc/passwd",
    "ms-excel:ofe|u|https://example.com/x.xlsx",
    "smb://host/share",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "ｊavascript:alert(1)",
    "http:example.com",
    "#slide-2",
    "relative/page.html",
]
KEPT = ["https://example.com/a", "http://example.com/", "mailto:team@example.com"]


def _hyperlink_targets(pptx: bytes) -> list[str]:
    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        rels = [z.read(n).decode() for n in z.namelist() if n.endswith(".xml.rels")]
    targets = []
    for xml in rels:
        for rel in re.findall(r"<Relationship [^>]*>", xml):
            if rel.find("/hyperlink") >= 0:
                targets.append(re.search(r'Target="([^"]*)"', rel).group(1))
    return targets


@pytest.mark.parametrize("href", DROPPED)
def test_link_target_drops_other_schemes(href: str) -> None:
    assert link_target(href) is None


def test_only_allowed_links_reach_the_deck() -> None:
    anchors = "".join(
        f'<p><a href="{h.replace(chr(34), "&quot;")}">link {i}</a></p>'
        for i, h in enumerate(DROPPED + KEPT)
    )
    html = f'<div class="slide" style="width:640px;height:1000px">{anchors}</div>'
    result = convert([html])
    targets = _hyperlink_targets(result.pptx_bytes)
    assert sorted(targets) == sorted(KEPT)
    messages = [d["message"] for d in result.diagnostics[0]]
    assert sum("only http, https and mailto" in m for m in messages) == len(DROPPED)
    texts = [
        run["text"]
        for shape in result.slides[0]["shapes"]
        if shape.get("kind") == "text"
        for para in shape["text"]["paragraphs"]
        for run in para["runs"]
    ]
    assert "link 0" in texts  # the text stays, without the link


def test_the_writer_drops_bad_links_from_any_slide_model() -> None:
    from engine.pptx import write_deck

    run = {
        "text": "x",
        "font": "Arial",
        "size": 12,
        "color": "000000",
        "href": "file:///etc/passwd",
    }
    para = {"align": "l", "runs": [run]}
    shape = {"kind": "text", "x": 0, "y": 0, "w": 100, "h": 20, "text": {"paragraphs": [para]}}
    deck = {"width": 320, "height": 180, "slides": [{"shapes": [shape]}], "title": "t"}
    assert _hyperlink_targets(write_deck(complete(deck, Deck), {})) == []
