"""Dense list slides of a document made readable: list items of long prose (several sentences
each) on a slide that would be set below the readable size show their first sentence (or
their question), the rest in the speaker notes, listed; nested items stay with their parents."""

from __future__ import annotations

import os
import sys

import pytest

from generator.api import generate_from_markdown
from generator.model import Block, ListItem, Span, plain
from generator.outline import parse_outline
from generator.terse import TERSE_SIZE, long_prose, terse_blocks
from tests.generator.fragments import HTTPX_CHANGED

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))

import markdown_corpus as mc  # noqa: E402

sample = mc.sample


def items_of(page) -> list[str]:  # type: ignore[no-untyped-def]
    return [plain(i.spans) for b in page.blocks if b.type == "list" for i in b.items]


@pytest.mark.usefixtures("whole_document")
def test_long_prose_items_of_a_dense_changelog_show_their_first_sentence() -> None:
    deck = generate_from_markdown(sample("httpx-changelog"), "corporate")
    (page,) = [p for p in deck.pages if p.kind == "content" and "0.24.0" in p.subtitle + p.title][
        :1
    ]
    items = items_of(page)
    assert items[0] == (
        "The logging behaviour has been changed to be more in-line with other standard "
        "Python logging usages."
    )
    assert items[2].endswith("treating forward slash as a safe, unescaped character.")
    assert page.body_size >= TERSE_SIZE  # was 20 px with every sentence
    notes = page.notes
    assert "We no longer have a custom TRACE log level" in notes
    assert "Both options are RFC valid. (#2543)" in notes
    # a lone release after it may share its slide: its source follows the page's
    mine = [r for r in deck.left_out if r.kind == "notes"]
    records = [r for r in mine if f"{page.source}+".startswith(f"{r.where}+")]
    assert records and "We no longer have a custom" in records[0].text


def test_questionnaire_answers_show_their_first_sentence_under_their_question() -> None:
    # the KEP's questionnaire page (in the deck the questionnaire leaves the slides whole,
    # appendix-like, generator.drop; a page of one is tersed like this)
    outline = parse_outline(sample("kep-crashloopbackoff"))
    page = next(p for c in outline.chapters for p in c.pages if p.title == "Scalability")
    assert long_prose(page.blocks)
    kept, moved = terse_blocks(page.blocks)
    texts = [plain(b.spans) for b in kept if b.type in ("paragraph", "heading")]
    at = texts.index("Will enabling / using this feature result in any new API calls?")
    assert texts[at + 1] == (
        "It will not result in NEW API calls but it will result in MORE API calls."
    )
    assert any("back-of-the-napkin math" in plain(b.spans) for b in moved)


def test_a_readable_slide_keeps_its_items_whole() -> None:
    deck = generate_from_markdown("# HTTPX\n\n" + HTTPX_CHANGED, "corporate")
    page = next(p for p in deck.pages if p.kind == "content")
    assert page.body_size >= TERSE_SIZE
    assert any("We no longer have a custom TRACE log level" in t for t in items_of(page))
    assert not [r for r in deck.left_out if r.kind == "notes"]


def test_nested_items_stay_with_their_shortened_parent() -> None:
    nested = HTTPX_CHANGED.replace(
        "* The `Response.iter_lines()`", "  * The `Response.iter_lines()`"
    )
    page = parse_outline(nested).chapters[0].pages[0]
    lists = [b for b in page.blocks if b.type == "list"][:1]
    assert long_prose(lists)
    kept, moved = terse_blocks(lists)
    first, second, third = kept[0].items
    assert plain(first.spans).endswith("Python logging usages.")
    (child,) = first.children[0].items  # the nested item stays under its parent, whole
    assert plain(child.spans).endswith("It also resolves a performance issue. (#2423)")
    assert plain(second.spans).endswith("unescaped character.")
    assert plain(third.spans).startswith("NetRC authentication")
    rests = [plain(b.spans) for b in moved]
    assert rests[0].startswith("We no longer have a custom TRACE log level")
    assert rests[1].startswith("This differs from requests")
    words = " ".join(plain(i.spans) for i in kept[0].items) + " ".join(rests)
    assert "RFC valid" in words and "significant amount of DEBUG logging" in words


def test_a_short_item_or_an_introduction_is_never_cut() -> None:
    intro = Block("paragraph", [Span("What specific metrics should inform a rollback?")])
    answer = Block(
        "paragraph",
        [
            Span(
                "This biggest bottleneck expected will be kubelet, as it is expected to get more "
                "restart requests. Cluster operators should be closely watching these metrics:"
            )
        ],
    )
    heading = Block("heading", [Span(plain(intro.spans), bold=True)])
    metrics = Block("list", items=[ListItem([Span("kubelet_http_requests_total", code=True)])])
    assert not long_prose([heading, answer, metrics])
    kept, moved = terse_blocks([heading, answer, metrics])
    assert kept == [heading, answer, metrics] and moved == []
