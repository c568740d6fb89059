"""Markdown as people write it: front matter, decks, directives, notes, HTML, extensions.

Fragments are taken from the documents in samples/markdown (see their SOURCES.md)."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest

from generator.api import generate_from_markdown
from generator.blocks import blocks_html
from generator.markup.deck import deck_kind, split_deck
from generator.markup.frontmatter import split_front_matter
from generator.markup.images import Assets
from generator.model import Block, Outline, plain
from generator.outline import parse_outline
from generator.sources.markdown import outline_to_markdown


def pages(o: Outline) -> list:  # type: ignore[type-arg]
    return [p for c in o.chapters for p in c.pages]


def all_text(o: Outline) -> str:
    out = [o.topic, o.subtitle]
    for c in o.chapters:
        out.append(c.title)
        for p in c.pages:
            out.append(p.title)
            out.append(str(blocks_html(p.blocks)))
            for s in p.sections:
                out += [s.title, str(blocks_html(s.blocks))]
    return "\n".join(out)


def slide_xml(pptx: bytes) -> list[str]:
    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        names = sorted(
            (n for n in z.namelist() if re.fullmatch(r"ppt/slides/slide\d+\.xml", n)),
            key=lambda n: int(re.findall(r"\d+", n)[0]),
        )
        return [z.read(n).decode("utf-8") for n in names]


def notes_xml(pptx: bytes) -> str:
    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        return "".join(
            z.read(n).decode("utf-8") for n in z.namelist() if n.startswith("ppt/notesSlides/")
        )


# -- front matter ---------------------------------------------------------------------------

HUGO = """+++
path = "2024/07/25/Rust-1.80.0"
title = "Announcing Rust 1.80.0"
authors = ["The Rust Release Team"]
aliases = [
    "2024/07/25/Rust-1.80.0.html",
    "releases/1.80.0",
]

[extra]
release = true
+++

The Rust team is happy to announce a new version of Rust, 1.80.0.

## What's in 1.80.0 stable

### `LazyCell` and `LazyLock`

These "lazy" types delay the initialization of their data until first access.
"""


def test_toml_front_matter_is_properties_never_slide_text() -> None:
    o = parse_outline(HUGO)
    assert o.topic == "Announcing Rust 1.80.0"
    assert o.properties["author"] == "The Rust Release Team"
    text = all_text(o)
    assert "+++" not in text and "aliases" not in text and "release = true" not in text
    deck = generate_from_markdown(HUGO)
    xml = "".join(slide_xml(deck.pptx_bytes))
    assert "+++" not in xml and "2024/07/25" not in xml
    with zipfile.ZipFile(io.BytesIO(deck.pptx_bytes)) as z:
        core = z.read("docProps/core.xml").decode()
    assert "<dc:title>Announcing Rust 1.80.0</dc:title>" in core
    assert "<dc:creator>The Rust Release Team</dc:creator>" in core


def test_yaml_front_matter_titles_notes_and_shifts_headings() -> None:
    md = (
        "---\ntitle: Triage meeting 2022-11-15\ntags: triage-meeting\n---\n\n"
        "# T-lang meeting agenda\n\n* Meeting date: 2022-11-15\n\n## Attendance\n\n"
        "* Team members: Josh, nikomatsakis\n\n## Meeting roles\n\n* Action item scribe: pnkfelix\n"
    )
    o = parse_outline(md)
    assert o.topic == "Triage meeting 2022-11-15"
    assert [c.title for c in o.chapters] == ["T-lang meeting agenda"]
    assert [p.title for p in pages(o)] == ["T-lang meeting agenda", "Attendance", "Meeting roles"]
    assert "tags" not in all_text(o) and "triage-meeting" not in all_text(o)


def test_broken_yaml_is_not_front_matter_and_pandoc_title_block() -> None:
    fm, body, _ = split_front_matter("---\n: [\n---\ntext")
    assert fm.kind == "" and body.startswith("---")
    fm, body, n = split_front_matter("% Talk\n% Ann Lee\n% 2024-05-01\n\n# Intro\n")
    assert fm.properties == {"title": "Talk", "author": "Ann Lee", "date": "2024-05-01"}
    assert n == 3


def test_cover_shows_author_and_date() -> None:
    md = "---\ntitle: Presentation Title\nauthor:\n  - Kevin Ernst\ndate: 2021-08-22\n---\n\n# S\n\n## Slide one\n* point one\n"
    deck = generate_from_markdown(md)
    cover = slide_xml(deck.pptx_bytes)[0]
    assert "Presentation Title" in cover and "Kevin Ernst · 2021-08-22" in cover


# -- decks ----------------------------------------------------------------------------------

MARP = """<!-- $theme: gaia -->

# Introducing ==Gaia== theme

#### Marp's new slide theme

---
<!-- *template: invert -->

> In Greek mythology, **Gaia** also spelled **Gaea**, was the personification of the Earth.
>
> <small>-- *[Gaia (mythology) - Wikpedia](https://en.wikipedia.org/wiki/Gaia_%28mythology%29)*</small>

---
<!-- page_number: true -->

# Overview

**Gaia** is the beautiful presentation theme on Marp!

- ==**New features**==
\t1. Title Slides
\t2. Highlight

---

# Basic example 1

**Lorem ipsum** dolor *sit* amet, tempor ==incididunt== ut labore et dolore ~~magna aliqua~~. :smile:

---
<!-- *template: gaia -->

# ==2.== Highlight

---
## Highlight Markup

You can use `==` for ==highlighting blue==.
"""


def test_marp_deck_one_page_per_slide_and_directives_hidden() -> None:
    o = parse_outline(MARP)
    assert o.topic == "Introducing Gaia theme" and o.subtitle == "Marp's new slide theme"
    assert [c.title for c in o.chapters] == ["", "2. Highlight"]  # a gaia heading slide: divider
    assert [p.title for p in pages(o)] == ["", "Overview", "Basic example 1", "Highlight Markup"]
    text = all_text(o)
    for raw in ("$theme", "*template", "page_number", "<small>", "==G", "==h", ":smile:", "<!--"):
        assert raw not in text, raw
    assert "<code>==</code>" in text  # in code it is content
    assert "😄" in text and "<mark>incididunt</mark>" in text and "<s>magna aliqua</s>" in text
    assert "<strong><mark>New features</mark></strong>" in text


def test_marp_marp_true_with_local_directives_notes_and_background() -> None:
    md = (
        "---\nmarp: true\ntheme: gaia\npaginate: true\n---\n\n"
        "<!-- _class: lead -->\n\n# **Marp**\n\nMarkdown Presentation Ecosystem\n\n---\n\n"
        "<!-- _backgroundColor: #123456 -->\n\n# How to write slides\n\n"
        "Split pages by horizontal ruler (`---`). It's very simple! :satisfied:\n\n"
        "<!-- Say that the rule is all it takes. -->\n\n---\n\n# Slide 3\n\n- One\n- Two\n"
    )
    o = parse_outline(md)
    assert deck_kind({"marp": True}, "") == "marp"
    assert o.topic == "Marp" and o.subtitle == "Markdown Presentation Ecosystem"
    second, third = pages(o)
    assert second.notes == "Say that the rule is all it takes."
    assert second.background == "#123456" and third.background == ""  # `_` = this slide only
    deck = generate_from_markdown(md)
    assert "Say that the rule is all it takes." in notes_xml(deck.pptx_bytes)


SLIDEV = """---
theme: seriph
background: https://cover.sli.dev
title: Welcome to Slidev
class: text-center
transition: slide-left
---

# Welcome to Slidev

Presentation slides for developers

<div @click="$slidev.nav.next" class="mt-12 py-1" hover:bg="white op-10">
  Press Space for next page <carbon:arrow-right />
</div>

<!--
The last comment block of each slide will be treated as slide notes.
-->

---
transition: fade-out
---

# What is Slidev?

- 📝 **Text-based** - focus on the content with Markdown
- 🎨 **Themable** - themes can be shared and re-used as npm packages

---
layout: two-cols
layoutClass: gap-16
---

# Table of contents

You can use the `Toc` component to generate a table of contents for your slides:

```html
<Toc minDepth="1" maxDepth="1" />
```

::right::

<Toc text-sm minDepth="1" maxDepth="2" />

---
layout: quote
---

# Quote

> Simplicity is the ultimate sophistication.

---
disabled: true
---

# Hidden
"""


def test_slidev_slides_front_matter_layouts_slots_and_notes() -> None:
    front, body, _ = split_front_matter(SLIDEV)
    assert deck_kind(front.data, body) == "slidev"
    assert len(split_deck("slidev", front.data, body)) == 5
    o = parse_outline(SLIDEV)
    assert o.topic == "Welcome to Slidev"
    assert "Presentation slides for developers" in o.subtitle
    titles = [p.title for p in pages(o)]
    assert titles == ["What is Slidev?", "Table of contents", "Quote"]
    toc, quote = pages(o)[1], pages(o)[2]
    # its right column holds a live <Toc />: the deck's slide titles listed there
    assert toc.hint == "columns" and len(toc.sections) == 2
    (listed,) = toc.sections[1].blocks
    assert [plain(i.spans) for i in listed.items] == titles  # the hidden slide not among them
    assert quote.hint == "quote"
    text = all_text(o)
    for raw in ("transition", "fade-out", "layout", "::right::", "@click", "Hidden", "Press Space"):
        assert raw not in text, raw
    assert "&lt;Toc" in text  # inside the code block it is content, shown escaped
    assert any("<toc>" in d["message"] for d in o.diagnostics)
    assert any("hidden" in d["kind"] for d in o.diagnostics)


def test_rules_separate_a_deck_but_not_a_readme_with_two_rules() -> None:
    deck = "\n\n---\n\n".join(f"# Slide {i}\n\nPoint {i}" for i in range(6))
    o = parse_outline(deck)
    assert len(pages(o)) == 5 and o.topic == "Slide 0"
    readme = "# Tool\n\n---\n\n## Install\n\n" + "Words. " * 400 + "\n\n---\n\n## Use\n\nRun it."
    assert deck_kind({}, readme) == ""
    # a paragraph underlined by --- is a setext heading (as in Marp), not a break
    assert len(split_deck("marp", {}, "Title\n---\n\ntext\n\n---\n\nnext")) == 2


def test_reveal_note_lines_and_pandoc_notes_blocks_are_speaker_notes() -> None:
    md = "\n\n---\n\n".join(
        [
            "# Markdown Demo",
            "## External 1.1\n\nContent 1.1\n\nNote: This will only appear in the speaker notes window.",
            "## Two\n\nContent 2\n\n::: notes\nSay hello.\n:::",
            "## Three\n\nContent 3",
        ]
    )
    o = parse_outline(md)
    first, second, _ = pages(o)
    assert first.notes == "This will only appear in the speaker notes window."
    assert "speaker notes" not in all_text(o)
    assert second.notes == "Say hello."


# -- HTML -----------------------------------------------------------------------------------

BAT_HEADER = """<p align="center">
  <img src="doc/logo-header.svg" alt="bat - a cat clone with wings"><br>
  <a href="https://github.com/sharkdp/bat/actions?query=workflow%3ACICD"><img src="https://github.com/sharkdp/bat/workflows/CICD/badge.svg" alt="Build Status"></a>
  <img src="https://img.shields.io/crates/l/bat.svg" alt="license">
</p>

<p align="center">
  <strong>A <i>cat(1)</i> clone with syntax highlighting and Git integration.</strong>
</p>

### Syntax highlighting

`bat` supports syntax highlighting for a large number of programming and markup languages.
"""


def test_readme_html_header_is_rendered_not_printed() -> None:
    bat = Path(__file__).resolve().parents[2] / "samples" / "markdown" / "bat-readme" / "README.md"
    o = parse_outline(BAT_HEADER, assets=Assets.beside(str(bat)))  # the logo is there
    text = all_text(o)
    assert "<p align" not in text and "&lt;" not in text.replace("&lt;Toc", "")
    assert "<em>cat(1)</em>" in text
    assert "A cat(1) clone with syntax highlighting" in re.sub(r"<[^>]+>", "", text)
    # badges without network are left out entirely, each named in the diagnostics
    assert "Build Status" not in text and "license" not in text
    messages = " ".join(d["message"] for d in o.diagnostics)
    assert "img.shields.io/crates/l/bat.svg" in messages
    assert "remote images are off" in messages


@pytest.mark.parametrize(
    ("html", "kept", "gone"),
    [
        (
            '<div onclick="x()" style="color:red;background:url(javascript:x)">Hi</div>',
            ["color:red", "Hi"],
            ["onclick", "url(", "javascript"],
        ),
        (
            '<a href="javascript:alert(1)">Click</a><a href="https://e.org">ok</a>',
            ["https://e.org", "Click"],
            ["javascript"],
        ),
        (
            "<iframe src='https://e.org'></iframe><object data=x></object>Text",
            ["Text"],
            ["iframe", "object"],
        ),
        (
            "<table><tr><td colspan=2 style='width:expression(alert(1))'>A</td></tr><tr><td>B</td><td>C</td></tr></table>",
            ['colspan="2"', "A"],
            ["expression"],
        ),
        ("<style>p{color:red}</style><p>Styled</p>", ["Styled"], ["<style", "color:red"]),
    ],
)
def test_sanitizer_keeps_allowed_markup_only(html: str, kept: list[str], gone: list[str]) -> None:
    from generator.markup.sanitize import sanitize_html

    out = sanitize_html(html).html
    for k in kept:
        assert k in out
    for g in gone:
        assert g not in out


def test_html_with_merged_cells_stays_html_and_reaches_the_slide() -> None:
    md = '# T\n\n### P\n\n<table><tr><th colspan="2">Both</th></tr><tr><td>A</td><td>B</td></tr></table>\n'
    o = parse_outline(md)
    block = pages(o)[0].blocks[0]
    assert block.type == "html" and 'colspan="2"' in block.html
    deck = generate_from_markdown(md)
    assert '<div class="df-html"><table><tr><th colspan="2">Both</th>' in deck.pages_html[1]
    assert "Both" in slide_xml(deck.pptx_bytes)[1]


def test_edited_document_html_is_sanitized_again() -> None:
    block = Block.from_dict({"type": "html", "html": "<p>ok</p><script>alert(1)</script>"})
    assert block.html == "<p>ok</p>"


def test_kep_comments_hidden_details_and_yaml_in_list_items() -> None:
    md = (
        "# KEP-4603\n\n<!--\nThis is the title of your KEP.\n-->\n\n### Goals\n\n"
        "- Configure the kubelet with this config:\n\n  ```yaml\n  kind: KubeletConfiguration\n"
        '  crashloopbackoff:\n    maxContainerRestartPeriod: "4m"\n  ```\n\n'
        "<details><summary><b>Before and after</b></summary>\n\nDetails here.\n\n</details>\n"
    )
    o = parse_outline(md)
    blocks = pages(o)[0].blocks
    item = blocks[0].items[0]
    assert plain(item.spans) == "Configure the kubelet with this config:"
    assert item.children[0].type == "code" and item.children[0].language == "yaml"
    assert "maxContainerRestartPeriod" in item.children[0].text
    text = all_text(o)
    assert "title of your KEP" not in text and "Before and after" in text and "<details" not in text


# -- extensions -----------------------------------------------------------------------------


def test_footnotes_task_lists_definition_lists_kbd_sub_sup_admonitions() -> None:
    md = (
        "# T\n\n### P\n\nJust a plain old slide.[^fn1] Press <kbd>Ctrl</kbd>+<kbd>C</kbd>, "
        "H<sub>2</sub>O, x<sup>2</sup>.\n\n- [x] done\n- [ ] todo\n\nTerm\n: Its definition.\n\n"
        '!!! note "Phasellus posuere"\n\n    Lorem ipsum dolor sit amet.\n\n'
        "> [!WARNING]\n> Mind the gap.\n\n[^fn1]: Do footnotes work?\n"
    )
    o = parse_outline(md)
    text = all_text(o)
    assert "<sup>1</sup>" in text and "Do footnotes work?" in text and "[^fn1]" not in text
    assert "<kbd>Ctrl</kbd>" in text and "H<sub>2</sub>O" in text and "x<sup>2</sup>" in text
    assert "☑ done" in text and "☐ todo" in text and "[x]" not in text
    assert "<strong>Term</strong>" in text and "Its definition." in text
    assert "<strong>Phasellus posuere</strong>" in text and "!!!" not in text
    assert "<strong>Warning</strong>" in text and "[!WARNING]" not in text


def test_math_is_drawn_and_a_mermaid_type_not_drawn_falls_back_with_a_diagnostic() -> None:
    md = "# T\n\n### P\n\nInline $\\sqrt{3x-1}$ math.\n\n$$\n\\frac{a}{b}\n$$\n\n```mermaid\njourney\n  title Day\n```\n"
    o = parse_outline(md)
    kinds = {d["kind"] for d in o.diagnostics}
    assert kinds == {"diagram"}  # math is drawn (tests/generator/test_markdown_math.py)
    blocks = pages(o)[0].blocks
    assert [b.type for b in blocks] == ["paragraph", "image", "code"]
    assert plain(blocks[0].spans) == "Inline √(3x−1) math."
    assert blocks[1].kind == "formula" and blocks[1].alt == "\\frac{a}{b}"
    assert blocks[2].language == "mermaid"  # flowcharts are drawn: tests/generator/test_mermaid.py


def test_mkdocs_content_tabs_and_icon_shortcodes() -> None:
    md = (
        '# Admonitions\n\n### Usage\n\n=== ":octicons-file-code-16: `docs/example.md`"\n\n'
        '    Lorem ipsum **dolor** sit amet.\n\n=== "Second"\n\n    More text.\n'
    )
    o = parse_outline(md)
    text = all_text(o)
    assert "===" not in text and ":octicons" not in text
    assert "<strong>dolor</strong>" in text and "More text." in text
    assert all(b.type != "code" for b in pages(o)[0].blocks)


# -- writer round trip ----------------------------------------------------------------------


def test_new_fields_survive_the_markdown_writer() -> None:
    md = (
        "---\ntitle: Deck\nauthor: Ann\n---\n\n# Deck\n\n## C\n\n### P\n\nA ==mark== and ~~gone~~ "
        "<kbd>K</kbd> x<sub>i</sub> $5.\n\n- [x] done\n\n<!-- notes: Say it. -->\n"
        "<!-- layout: quote -->\n"
    )
    o = parse_outline(md)
    back = parse_outline(outline_to_markdown(o))
    assert back.to_dict() == o.to_dict()
    page = pages(back)[0]
    assert page.notes == "Say it." and page.hint == "quote"
    assert back.properties == {"title": "Deck", "author": "Ann"}


# -- hostile input --------------------------------------------------------------------------


def test_yaml_aliases_are_not_expanded_into_properties() -> None:
    y = "---\na: &a [" + ",".join(['"lol"'] * 9) + "]\n"
    prev = "a"
    for name in "bcdefghi":
        y += f"{name}: &{name} [" + ",".join(["*" + prev] * 9) + "]\n"
        prev = name
    y += "author: *i\ntitle: *i\nkeywords: [x, y]\n---\n# T\n\n### P\n\ntext\n"
    o = parse_outline(y)  # 9**9 strings if the lists were walked
    assert o.properties == {"keywords": "x, y"} and o.topic == "T"


@pytest.mark.parametrize(
    "body",
    [
        "> " * 300 + "deep",
        "".join("  " * i + "- x\n" for i in range(300)),
        "<div>" * 20000 + "x" + "</div>" * 20000,
        "<span>" * 5000 + "x",
        "[^1] " * 2000 + "\n\n[^1]: n",
    ],
)
def test_deep_and_repetitive_markup_is_bounded(body: str) -> None:
    o = parse_outline("# T\n\n### P\n\n" + body)
    assert o.topic == "T"


def test_marp_heading_divider_and_pandoc_heading_attributes() -> None:
    md = (
        "---\nmarp: true\nheadingDivider: 2\n---\n\n# Deck\n\nBy me\n\n## One\n\n- a\n\n"
        "## Two {.plain #two}\n\n- b\n\n### Three stays inside Two\n\n- c\n"
    )
    o = parse_outline(md)
    assert o.topic == "Deck" and o.subtitle == "By me"
    assert [p.title for p in pages(o)] == ["One", "Two"]
    assert [s.title for s in pages(o)[1].sections] == ["Three stays inside Two"]


def test_diagnostics_say_where() -> None:
    o = parse_outline("# T\n\n## Install\n\n![a big picture](missing.png)\n")
    assert o.diagnostics[0]["where"] == "under “Install”"
    deck = parse_outline(
        "# A\n\nx\n\n---\n\n# B\n\n<iframe src=x></iframe>\n\n---\n\n# C\n\ny\n\n---\n\n# D\n"
    )
    assert deck.diagnostics[0] == {
        "kind": "html",
        "message": "dropped <iframe>",
        "where": "slide 2",
    }


def test_details_summaries_title_their_content() -> None:
    """A `<details>` summary is a content title (as `####`): the collapsible parts of a README
    become sections of their page, each titled by its summary."""
    md = (
        "# T\n\n### Features\n\nIntro.\n\n<details>\n<summary>Log</summary>\n\nLog text.\n\n"
        "</details>\n<details>\n<summary><b>Tables</b></summary>\n\nTable text.\n\n</details>\n"
    )
    page = pages(parse_outline(md))[0]
    assert [s.title for s in page.sections] == ["Log", "Tables"]
    assert [plain(b.spans) for s in page.sections for b in s.blocks] == ["Log text.", "Table text."]


def test_a_details_summary_inside_a_list_item_stays_as_a_bold_line() -> None:
    md = (
        "# T\n\n### Limits\n\n- Small model: weak at maths.\n"
        "    <details><summary><b>Click for examples</b></summary>\n\n"
        "    Wrong sums.\n\n    </details>\n\n- Next item\n"
    )
    item = pages(parse_outline(md))[0].blocks[0].items[0]
    shown = [(c.type, plain(c.spans)) for c in item.children]
    assert ("heading", "Click for examples") in shown
