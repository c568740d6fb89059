"""Deck composition on real fragments: one-command sections become steps, tiny neighbours share a
slide, dividers only for chapters of several slides, a document's own table of contents is left
out (and listed), and `length` sets how long the deck is."""

from __future__ import annotations

import re

import pytest

from generator import GeneratorError, generate_from_markdown, regenerate
from generator.compose import LENGTHS
from generator.fit import overflowing_regions
from generator.outline import parse_outline
from tests.generator.fragments import FD_INSTALL, KEP_CONTENTS
from tests.generator.pptx_xml import slides, text

COMMANDS = [
    "apt install fd-find",
    "dpkg -i fd_9.0.0_amd64.deb",
    "apt-get install fd-find",
    "dnf install fd-find",
    "apk add fd",
    "pacman -S fd",
    "emerge -av fd",
    "zypper in fd",
    "xbps-install -S fd",
    "apt-get install fd",
]


def fd_deck(length: str | None = None):  # type: ignore[no-untyped-def]
    return generate_from_markdown(
        "# fd\nA simple, fast alternative to find.\n" + FD_INSTALL, "corporate", length=length
    )


def test_one_command_sections_become_steps_and_every_command_is_shown() -> None:
    deck = fd_deck()
    steps = [p for p in deck.pages if p.layout == "steps"]
    assert steps and all(2 <= len(p.sections) <= 4 for p in steps)
    titles = [s.title for p in steps for s in p.sections]
    assert {"On Fedora", "On Alpine Linux", "On Gentoo Linux", "On Void Linux"} <= set(titles)
    shown = " ".join(text(s) for s in slides(deck.pptx_bytes))
    assert [c for c in COMMANDS if c not in shown] == []
    pages = FD_INSTALL.count("\n### ")
    content = [p for p in deck.pages if p.kind == "content"]
    assert len(content) <= pages * 2 // 3  # before: one slide per command
    for html in deck.pages_html:
        assert overflowing_regions(html) == []


def test_tiny_neighbours_share_a_slide_and_dividers_go_to_all_chapters_or_none() -> None:
    md = (
        "# Project\n## License\nMIT.\n## Contributing\nPull requests are welcome.\n"
        "## Authors\n- Ann\n- Bo\n## Usage\n"
        + "".join(
            f"### Example {i}\n" + "Run the tool on a folder and read what it finds. " * 8 + "\n"
            for i in range(4)
        )
    )
    deck = generate_from_markdown(md, "minimal")
    kinds = [(p.kind, p.title) for p in deck.pages]
    assert [t for k, t in kinds if k == "divider"] == []  # one large chapter of four: none
    usage = [p for p in deck.pages if p.title.startswith("Example")]
    assert len(usage) == 4 and all(p.subtitle == "Usage" for p in usage)  # named above
    merged = [p for p in deck.pages if p.kind == "content" and len(p.sections) == 3]
    assert [s.title for s in merged[0].sections] == ["License", "Contributing", "Authors"]
    assert merged[0].layout in ("cards", "columns")
    assert merged[0].source == "chapters[0].pages[0]+chapters[1].pages[0]+chapters[2].pages[0]"


def test_a_chapter_without_divider_names_itself_above_its_slide() -> None:
    md = (
        "# T\n## Background\n### Why now\n"
        + "The market moved and our customers asked for it. " * 6
    )
    deck = generate_from_markdown(md, "corporate")
    (page,) = [p for p in deck.pages if p.kind == "content"]
    assert page.title == "Background" and page.blocks[0].type == "heading"  # one slide: both titles
    md = "# T\n## Background\n" + "".join(
        f"### Part {i}\n" + "More words here. " * 40 + "\n" for i in range(4)
    )
    # (more than a lone slide: a chapter of one sentence would share the slide before it)
    md += "## Next\n### Why now\n" + "The market moved and our customers asked for it. " * 12
    deck = generate_from_markdown(md, "corporate")
    kinds = [(p.kind, p.title) for p in deck.pages]
    assert kinds.count(("divider", "Background")) == 0  # one large chapter of two: none ...
    parts = [p for p in deck.pages if p.title.startswith("Part")]
    assert len(parts) == 4 and all(p.subtitle == "Background" for p in parts)  # ... named above
    (after,) = [p for p in deck.pages if p.chapter == "Next"]
    assert after.title == "Next" and after.kind == "content"  # one slide: its name on it


def test_the_documents_own_table_of_contents_is_left_out_and_listed() -> None:
    headings = re.findall(r"\[(.*?)\]", KEP_CONTENTS)
    body = "".join(f"## {h}\nText about {h.lower()}.\n" for h in headings)
    md = "# Memory Manager\n" + KEP_CONTENTS + "\n" + body
    deck = generate_from_markdown(md, "minimal")
    (record,) = [r for r in deck.left_out if r.kind == "contents"]
    assert record.where == "chapters[0].pages[0].blocks[0]"
    assert record.text.startswith("Design Details Overview") and record.words > 60
    assert deck.document["leftOut"][0]["kind"] == "contents"
    lists = [b for p in deck.pages for b in p.blocks if b.type == "list"]
    lists += [b for p in deck.pages for s in p.sections for b in s.blocks if b.type == "list"]
    assert lists == []  # the entries are the slides' own titles, not a list of them


def test_length_sets_the_deck_length() -> None:
    tail = (
        "## License\nMIT.\n## Contributing\nPull requests are welcome.\n## Authors\n- Ann\n- Bo\n"
    )
    tail += "## Usage\n### Many options\n" + "\n".join(
        f"- Option {i}: what it does, in a sentence long enough to fill a line" for i in range(30)
    )
    md = "# fd\nA simple, fast alternative to find.\n" + FD_INSTALL + "\n" + tail
    short, medium, long = (generate_from_markdown(md, "corporate", length=n) for n in LENGTHS)
    counts = [sum(1 for p in d.pages if p.kind == "content") for d in (short, medium, long)]
    assert counts[0] < counts[1] < counts[2]

    def planned(deck) -> list[str]:  # type: ignore[no-untyped-def]
        return [r.kind for r in deck.left_out if r.kind in ("length", "contents", "too-large")]

    assert planned(long) == [] and planned(medium) == []
    assert set(planned(short)) == {"length"} and short.left_out[-1].words > 100
    assert [p.layout for p in long.pages].count("steps") >= 1  # one-command runs still steps
    assert all(p.parts == 1 for p in short.pages)
    with pytest.raises(GeneratorError) as info:
        fd_deck("huge")
    assert info.value.field == "length"


def test_blocks_no_layout_draws_are_listed_not_dropped_silently() -> None:
    from generator.model import Block, Span

    outline = parse_outline("# T\n## C\n### P\n- shown\n")
    outline.chapters[0].pages[0].blocks.append(Block("math", [Span("E = mc^2 is the formula")]))
    document = {
        "version": 1,
        "templateId": "minimal",
        "outline": outline.to_dict(),
        "pages": [],
    }
    document["outline"]["chapters"][0]["pages"][0]["blocks"][1] = {
        "type": "math",
        "spans": [{"text": "E = mc^2 is the formula"}],
    }
    with pytest.raises(GeneratorError):  # the document schema knows no such block
        regenerate(document)
    from generator.compose import draft_pages

    left: list = []
    drafts = draft_pages(outline, "en", "medium", left)
    assert [r.kind for r in left] == ["unsupported"]
    assert (
        left[0].where == "chapters[0].pages[0].blocks[1]"
        and left[0].text == "E = mc^2 is the formula"
    )
    assert all(b.type != "math" for p in drafts for b in p.blocks)


def test_a_background_picture_covers_the_whole_slide_under_its_text() -> None:
    from generator import api
    from tests.generator.layout_samples import picture

    outline = parse_outline(
        f"# T\n### Our new office\n![Office]({picture('#1f3a5f')})\nOpening in spring.\n"
    )
    image = next(b for b in outline.chapters[0].pages[0].blocks if b.type == "image")
    image.kind = "background"  # type: ignore[attr-defined] # a slide deck's ![bg](...) picture
    drafts = api._drafts(outline, "en", "medium", "markdown", [])
    planned, laid = api._plan(outline, drafts, api.get_template("minimal"), "en", keep_layout=False)
    deck = api.build_planned(planned, laid=laid)
    (page,) = [p for p in deck.pages if p.kind == "content"]
    assert page.layout == "image-full"
    slide = deck.slides[1]
    pictures = [s for s in slide["shapes"] if s["kind"] == "picture"]
    assert pictures and (pictures[0]["x"], pictures[0]["y"]) == (0, 0)
    assert (pictures[0]["w"], pictures[0]["h"]) == (1280, 720)  # full bleed
    assert "Opening in spring." in text(slides(deck.pptx_bytes)[1])


def test_a_long_page_shows_each_content_title_on_slides_of_its_own() -> None:
    para = "Run the tool on a folder and read what it finds, in a sentence or two. " * 5
    md = "# T\n### Command execution\nIntro text.\n" + "".join(
        f"#### {name}\n{para}\n{para}\n" for name in ("Examples", "Placeholders", "Parallelism")
    )
    deck = generate_from_markdown(md, "corporate")
    content = [p for p in deck.pages if p.kind == "content"]
    titles = [p.title for p in content]
    assert titles == ["Examples", "Placeholders", "Parallelism"]  # the tiny intro joins the first
    for p in content:
        assert p.subtitle == "Command execution"  # the page's title above the section's
        assert p.source.endswith(f"chapters[0].pages[0].sections[{titles.index(p.title)}]")
    assert "Intro text." in text(slides(deck.pptx_bytes)[1])
    xml = slides(deck.pptx_bytes)
    shown = [i for i, p in enumerate(deck.pages) if p.title == "Examples"]
    assert "Command execution · " in text(xml[shown[0]])
