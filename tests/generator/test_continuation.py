"""Content that does not fit continues on following slides, nothing lost: real fragments, read back
from the slide XML (continuation titles, header rows repeated, children with their parents, code
cut between whole lines, similar amounts per slide)."""

from __future__ import annotations

import html
import re

import pytest

from generator import generate_from_markdown
from generator.fit import overflowing_regions
from generator.leftout import count_words
from generator.outline import parse_outline
from tests.generator.fragments import KEP_CONTENTS, KEP_PROTO, MERMAID_THEME_TABLE
from tests.generator.pptx_xml import lines, paragraphs, runs, slides, tables, text

CONT = re.compile(r"\((\d+)/(\d+)\)")


def content_slides(deck, title: str) -> list[int]:  # type: ignore[no-untyped-def]
    return [i for i, p in enumerate(deck.pages) if p.kind == "content" and p.title == title]


def no_overflow(deck) -> None:  # type: ignore[no-untyped-def]
    for i, page in enumerate(deck.pages_html):
        assert overflowing_regions(page) == [], f"slide {i + 1} overflows"


def source_words(markdown: str) -> list[str]:
    """The visible words of the Markdown's outline (what the deck must show)."""
    from generator.leftout import block_text

    outline = parse_outline(markdown)
    parts = [outline.topic]
    for c in outline.chapters:
        parts.append(c.title)
        for p in c.pages:
            parts.append(p.title)
            parts += [block_text(b) for b in p.blocks]
            for s in p.sections:
                parts += [s.title] + [block_text(b) for b in s.blocks]
    return re.findall(r"\w+", " ".join(parts))


def assert_every_word_shown(markdown: str, deck) -> None:  # type: ignore[no-untyped-def]
    shown = set(re.findall(r"\w+", " ".join(text(s) for s in slides(deck.pptx_bytes))))
    missing = [w for w in source_words(markdown) if w not in shown]
    assert missing == [] and deck.left_out == []


@pytest.mark.parametrize("template", ["corporate", "data"])
def test_long_table_continues_with_its_header_row_on_every_slide(template: str) -> None:
    md = "# Theming\n## Variables\n### Theme variables\n" + MERMAID_THEME_TABLE
    deck = generate_from_markdown(md, template, length="long")  # every slide, no summary
    shown = content_slides(deck, "Theme variables")
    assert len(shown) >= 2
    xml = slides(deck.pptx_bytes)
    names = []
    counts = []
    for n, i in enumerate(shown):
        (table,) = tables(xml[i])
        assert table[0] == ["Variable", "Default value", "Description"]
        names += [row[0] for row in table[1:]]
        counts.append(len(table) - 1)
        assert f"({n + 1}/{len(shown)})" in paragraphs(xml[i])[0]
    expected = [line.split("|")[1].strip() for line in MERMAID_THEME_TABLE.splitlines()[2:]]
    assert names == expected and len(expected) == 21
    assert max(counts) - min(counts) <= 3  # filled evenly, no slide with a row or two
    sizes = [{r.size_px for r in runs(xml[i]) if r.text in expected} for i in shown]
    assert all(s == sizes[0] for s in sizes) and min(sizes[0]) >= 16  # one size, >= 16 px
    no_overflow(deck)
    assert_every_word_shown(md, deck)


def test_nested_entries_stay_with_their_parent_item() -> None:
    md = "# Memory Manager\n### What the proposal covers\n" + KEP_CONTENTS
    deck = generate_from_markdown(md, "minimal")
    shown = content_slides(deck, "What the proposal covers")
    assert len(shown) >= 2
    xml = slides(deck.pptx_bytes)
    entries = [
        html.unescape(re.sub(r"\[(.*)\]\(.*\)", r"\1", line).strip(" -"))
        for line in KEP_CONTENTS.splitlines()
    ]
    nested = {
        e for e, line in zip(entries, KEP_CONTENTS.splitlines(), strict=True) if line[:1] == " "
    }
    found: list[str] = []
    for i in shown:
        paras = [p for p in paragraphs(xml[i]) if p.strip()]
        body = paras[1:-1]  # the title first, the page number last
        assert len(body) >= 3, f"slide {i + 1}: {body}"  # never a parent alone on its slide
        if body[0] in nested:  # a slide starting inside an item repeats its parent first
            pytest.fail(f"slide {i + 1} starts with {body[0]!r} without its parent")
        if body[0].endswith(" (continued)"):
            assert body[0].removesuffix(" (continued)") in entries and body[1] in nested
        own = [p for p in body if not p.endswith(" (continued)")]
        at = sorted(entries.index(p) for p in own)  # the XML's shape order may differ
        assert at == list(range(at[0], at[0] + len(at))), f"slide {i + 1}: not a run of entries"
        found += [entries[k] for k in at]
    assert found == entries  # every entry once, in order over the slides
    no_overflow(deck)


def test_code_is_cut_between_whole_lines_and_kept_readable() -> None:
    md = (
        "# CRI\n### Resources of a container\n"
        + KEP_PROTO
        + "\n"
        + KEP_PROTO.replace("LinuxContainerResources", "WindowsContainerResources")
    )
    deck = generate_from_markdown(md, "dark-tech")
    shown = content_slides(deck, "Resources of a container")
    assert len(shown) >= 2
    xml = slides(deck.pptx_bytes)
    code = KEP_PROTO.split("\n")[1:-2]
    source = code + [
        line.replace("LinuxContainerResources", "WindowsContainerResources") for line in code
    ]
    squeezed = ["".join(line.split()) for line in source]
    at = 0
    for i in shown:
        body = "".join("".join(line.split()) for line in lines(xml[i])[1:-1])  # title, number out
        start = at
        taken = ""
        while at < len(squeezed) and body.startswith(taken + squeezed[at]):
            taken += squeezed[at]
            at += 1
        assert taken == body and at > start, f"slide {i + 1} does not hold whole lines"
        sizes = {
            r.size_px for r in runs(xml[i]) if r.text.strip() and "".join(r.text.split()) in body
        }
        assert min(sizes) >= 16
    assert at == len(squeezed)  # every line once, whole, in order
    no_overflow(deck)


def test_continuation_titles_number_every_slide_of_a_page() -> None:
    items = "\n".join(f"- {line}" for line in MERMAID_THEME_TABLE.splitlines()[2:])
    deck = generate_from_markdown("# T\n### Rows as a list\n" + items, "education")
    shown = content_slides(deck, "Rows as a list")
    xml = slides(deck.pptx_bytes)
    marks = [CONT.search(paragraphs(xml[i])[0]) for i in shown]
    assert len(shown) >= 2 and all(marks)
    assert [(int(m.group(1)), int(m.group(2))) for m in marks if m] == [
        (n + 1, len(shown)) for n in range(len(shown))
    ]
    sizes = {round(deck.pages[i].body_size) for i in shown}
    assert len(sizes) == 1 and min(sizes) >= 18  # one page, one type size
    assert count_words(" ".join(text(xml[i]) for i in shown)) >= count_words(items)


@pytest.mark.parametrize("intro", ["Display a single file on the terminal", "Then run:"])
def test_an_introduction_never_ends_a_slide_without_what_it_introduces(intro: str) -> None:
    """A short paragraph (or one ending with a colon) before a code block stays on the slide
    of that code block (bat's "How to use": a label, then its command)."""
    pairs = "\n\n".join(
        f"{intro} {i}\n\n```bash\nbat --option-{i} README.md\n```" for i in range(14)
    )
    deck = generate_from_markdown(f"# T\n\n### How to use\n\n{pairs}\n", "corporate")
    parts = [p for p in deck.pages if p.kind == "content"]
    assert len(parts) >= 2
    for page in parts:
        assert page.blocks[0].type == "paragraph" and page.blocks[-1].type == "code"
    no_overflow(deck)
