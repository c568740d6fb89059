"""Slides a presenter shows unchanged: no near-empty slides (a summary that is one line, a
continuation tail, an introduction without what it introduces), short consecutive sections
sharing a slide, long diagram sources and overlong code lines shown once with the rest in the
notes, long paragraphs of a summary cut to their first sentences, remote pictures named with
their host, pictures without alt text without a caption."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from generator.api import generate_from_markdown
from generator.layouts import page_context
from generator.markup.missing import picture_label
from generator.model import Block, Span, plain
from generator.pages import PlannedPage
from generator.summary import DIAGRAM_LINES, MAX_SLIDES, lead_sentences, summary_blocks

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))

import markdown_corpus as mc  # noqa: E402


def content(deck):  # type: ignore[no-untyped-def]
    return [(p, s) for p, s in zip(deck.pages, deck.slides, strict=True) if p.kind == "content"]


def slide_text(slide: dict) -> str:  # type: ignore[type-arg]
    return mc.deck_text([slide]).text()


SENTENCE = (
    "The discussion went back and forth over whether the lint should fire by default, "
    "and what the migration story would look like for crates that rely on the old behaviour. "
)

# -- near-empty slides: the measure and the summaries ------------------------------------------


def test_the_near_empty_measure_counts_the_body_not_a_long_title() -> None:
    long_title = "A very long title that takes two lines of the head band of the slide " * 2
    deck = generate_from_markdown(f"# T\n\n## {long_title}\n\n**Link:** https://x.org/1\n", None)
    (page, slide), *_ = content(deck)
    assert mc.body_share(slide) < mc.NEAR_EMPTY
    assert mc.near_empty(deck.slides, [p.kind for p in deck.pages]) == [page.number]
    full = generate_from_markdown("# T\n\n## Short\n\n" + "- " + SENTENCE + "\n" * 2 * 1, None)
    (_, slide), *_ = content(full)
    assert mc.body_share(slide) > mc.NEAR_EMPTY


MEETING = "# Triage\n\n## Discussed\n\n" + "".join(
    f"### Item {k}: a rather long title of a nominated pull request #{k}\n\n"
    f"**Link:** https://github.com/org/repo/pull/{k}\n\n"
    + "".join(f"person{j}: {SENTENCE}\n\n" for j in range(14))
    for k in range(2)
)


def test_a_summary_is_never_one_line_on_an_empty_slide(
    medium_budget: Callable[[int], None],
) -> None:
    medium_budget(2)  # over budget whole: each page summarised and capped
    deck = generate_from_markdown(MEETING, None)
    slides = content(deck)
    assert slides
    assert not mc.near_empty(deck.slides, [p.kind for p in deck.pages])
    for page, slide in slides:
        text = slide_text(slide)
        assert "Link:" in text and "person0" in text and "person1" in text, text[:200]
        assert "person13" in (page.notes or "")  # the rest is in the notes


def test_summary_blocks_take_paragraphs_back_while_the_slide_has_room() -> None:
    link = Block("paragraph", [Span("Link: https://x.org")])
    talk = [Block("paragraph", [Span(f"p{k}: {SENTENCE}")]) for k in range(6)]
    kept, moved = summary_blocks([link, *talk])
    assert kept == [link]  # without a measure of the slide: the first paragraph only
    kept, moved = summary_blocks([link, *talk], lambda bs: len(bs) <= 3)
    assert kept == [link, talk[0], talk[1]] and moved == talk[2:]


def test_a_long_kept_paragraph_keeps_its_first_sentences_the_rest_moves() -> None:
    para = Block("paragraph", [Span(SENTENCE * 4)])
    lead, rest = lead_sentences(para)
    assert rest is not None
    assert plain(lead.spans).endswith("behaviour.") and len(plain(lead.spans)) <= 330
    assert (plain(lead.spans) + " " + plain(rest.spans)).strip() == (SENTENCE * 4).strip()
    kept, moved = summary_blocks([Block("heading", [Span("H")]), para])
    assert plain(kept[1].spans) == plain(lead.spans) and moved == [rest]
    short = Block("paragraph", [Span(SENTENCE)])
    assert lead_sentences(short) == (short, None)


# -- short sections share a slide --------------------------------------------------------------

TOOLS = "# bat\n\n## Integration with other tools\n\n" + "".join(
    f"### {name}\n\nYou can use `bat` together with `{name}` to preview files with colours.\n\n"
    f"```bash\n{name} --preview 'bat --color=always {{}}'\n```\n\n"
    f"For more information, see the README of {name}.\n\n"
    for name in ("fzf", "fd", "ripgrep", "xclip", "man", "git")
)


def test_consecutive_short_sections_share_a_slide() -> None:
    deck = generate_from_markdown(TOOLS, None)
    slides = content(deck)
    assert 2 <= len(slides) <= 3  # six sections of a command and two sentences
    for page, slide in slides:
        text = slide_text(slide)
        shown = [
            n for n in ("fzf", "fd", "ripgrep", "xclip", "man", "git") if f"{n} --preview" in text
        ]
        assert len(shown) >= 2, text[:200]
        assert page.parts == 1  # shared slides never continue
    assert not mc.near_empty(deck.slides, [p.kind for p in deck.pages])


def test_long_keeps_each_short_section_on_its_own_slide() -> None:
    deck = generate_from_markdown(TOOLS, None, length="long")
    assert len(content(deck)) == 6


# -- continuation slides -----------------------------------------------------------------------

UPLOADS = "# Q\n\n## Uploads\n\n" + "".join(
    f"Example {k}: if you need to include fields in the multipart form, use this:\n\n"
    "```python\n"
    + "".join(f">>> files_{k}_{j} = {{'upload-file': report_{j}}}\n" for j in range(17))
    + "```\n\n"
    for k in range(5)
)


def test_a_capped_page_never_ends_with_an_introduction_or_a_tail(
    medium_budget: Callable[[int], None],
) -> None:
    medium_budget(MAX_SLIDES)  # over budget whole: the page capped
    deck = generate_from_markdown(UPLOADS, None)
    slides = content(deck)
    assert len(slides) <= MAX_SLIDES
    assert not mc.near_empty(deck.slides, [p.kind for p in deck.pages])
    for k in range(5):  # every introduction shown is followed by its code on the slide
        for _, slide in slides:
            text = slide_text(slide)
            if f"Example {k}:" in text and "use this (continued)" not in text:
                assert f"files_{k}_0" in text, (k, text[-200:])  # (a repeated label goes on)
    notes = slides[0][0].notes or ""
    assert "Example 4:" in notes and "files_4_16" in notes  # what moved is in the notes


# -- diagram sources and long code lines -------------------------------------------------------

C4 = (
    "# M\n\n## C4 diagram\n\nA system context:\n\n```\nC4Context\n"
    + "".join(
        f'    Person(customer{k}, "Customer {k}", "A customer of the bank {k}")\n'
        for k in range(30)
    )
    + "```\n"
)


def test_a_long_diagram_source_is_shown_once_with_the_rest_in_the_notes() -> None:
    deck = generate_from_markdown(C4, None)
    slides = content(deck)
    assert len(slides) == 1
    page, slide = slides[0]
    text = slide_text(slide)
    assert "customer0" in text and f"customer{DIAGRAM_LINES - 2}" in text
    assert "customer29" not in text and "…" in text
    assert "customer29" in (page.notes or "")
    assert any(r.kind == "notes" for r in deck.left_out)


def test_several_diagrams_of_a_deck_slide_share_one_slide() -> None:
    diagram = "```mermaid\nsequenceDiagram\n" + "".join(f"A->>B: m{k}\n" for k in range(30))
    deck_md = "---\ntheme: default\n---\n\n# Diagrams\n\n" + "\n".join(
        diagram + "```\n" for _ in range(4)
    )
    deck = generate_from_markdown(deck_md, None)
    titled = [p for p, _ in content(deck) if p.title == "Diagrams"]
    assert len(titled) == 1 and titled[0].parts == 1


def test_an_overlong_code_line_shows_its_start() -> None:
    uri = "data:image/svg+xml;charset=utf-8,<svg " + "path d='M1 2 3 4' " * 200 + "/>"
    md = (
        f'# C\n\n## CSS\n\nAdd this CSS:\n\n```css\n:root {{\n  --md-icon: url("{uri}");\n}}\n```\n'
    )
    deck = generate_from_markdown(md, None)
    slides = content(deck)
    assert len(slides) == 1
    page, slide = slides[0]
    text = slide_text(slide)
    assert ":root {" in text and "--md-icon" in text and "…" in text and len(text) < 600
    assert uri in (page.notes or "")


# -- pictures ----------------------------------------------------------------------------------


def test_a_picture_not_shown_is_labelled_by_its_alt_text_or_file_name() -> None:
    url = "https://github.com/textualize/rich/raw/master/imgs/print.png"
    assert picture_label("Hello World", url) == "Picture: Hello World"
    assert picture_label("", "imgs/screen_shot.png") == "Picture: screen shot"
    assert (
        picture_label("A comic art image of Anthony Fu", url) == "A comic art image of Anthony Fu"
    )


PNG = (
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQ"
    "DwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


def test_pictures_without_alt_text_get_no_caption() -> None:
    page = PlannedPage(
        "content",
        "image-grid",
        "Shots",
        blocks=[Block("image", src=PNG, alt=""), Block("image", src=PNG, alt="The second")],
    )
    html = str(page_context(page, None, "")["composed"])
    assert html.count("<figcaption") == 1 and "The second</figcaption>" in html


# -- the generator's own costs -----------------------------------------------------------------


def test_code_of_an_unknown_language_never_searches_plugin_lexers(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import pygments.lexers

    from generator.highlight import _lexer

    def refuse():  # type: ignore[no-untyped-def]
        raise AssertionError("plugin lexers searched")

    lookup = pygments.lexers.get_lexer_by_name.__globals__  # the lexers module's own names
    monkeypatch.setitem(lookup, "find_plugin_lexers", refuse)
    _lexer.cache_clear()
    assert _lexer("no-such-language") is None
    assert _lexer("rust") is not None


def test_hackmd_line_number_fences_keep_their_language() -> None:
    from generator.markup.fences import fence_language

    assert fence_language("rust=") == "rust" and fence_language("python=101") == "python"
    assert fence_language("ts {*|1-2}") == "ts"


def test_text_with_colons_but_no_shortcode_does_not_load_the_emoji_table() -> None:
    import subprocess

    code = (
        "import sys; from generator.markup.inline import _shortcodes as s; "
        "assert s('Link: https://x.org, 10:30') == 'Link: https://x.org, 10:30'; "
        "assert 'emoji' not in sys.modules; assert s(':smile:') == '\\U0001f604'; "
        "assert 'emoji' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# -- install steps -----------------------------------------------------------------------------

INSTALL = """# tool

## Installation

### On Alpine

```bash
apk add tool
```

### On FreeBSD

You can install a precompiled package:

```bash
pkg install tool
```

or build it from the ports:

```bash
make -C /usr/ports/tool install
```

### Via snap package

There is currently no recommended snap package available.

### On Homebrew

You can install it with Homebrew:

```bash
brew install tool
```
"""


def test_install_steps_take_two_commands_and_a_sentence_between_commands() -> None:
    deck = generate_from_markdown(INSTALL, None)
    slides = content(deck)
    assert len(slides) == 2  # four steps with their code at 14 pt take more than one slide
    page, slide = slides[0]
    assert page.layout == "steps" and [s.title for s in page.sections] == [
        "On Alpine",
        "On FreeBSD",
        "Via snap package",
    ]
    assert "no recommended snap package" in slide_text(slide)
    assert slides[1][0].title == "On Homebrew" and "brew install tool" in slide_text(slides[1][1])


def test_a_page_estimated_a_little_too_tall_is_laid_out_once_at_a_smaller_size(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    from generator import planner

    laid: list[str] = []
    measure = planner.Planner.measure

    def counted(self, page, lang=None):  # type: ignore[no-untyped-def]
        laid.append(page.title)
        return measure(self, page, lang)

    monkeypatch.setattr(planner.Planner, "measure", counted)
    item = "a list item that says something about the topic at a reasonable length for a slide"
    md = "# T\n\n## C\n\n" + "".join(
        f"### Page {k}\n\n" + "".join(f"- {item} {j}\n" for j in range(n)) + "\n"
        for k, n in enumerate([6, 10, 11, 12, 11, 10])
    )
    deck = generate_from_markdown(md, "education")  # a 26 px body, 24 px (18 pt) the floor
    pages = {p.title: p for p, _ in content(deck) if p.parts == 1}
    smaller = [t for t in ("Page 2", "Page 4") if 24 <= pages[t].body_size < 26]
    assert smaller == ["Page 2", "Page 4"]  # each fits one slide in smaller type
    assert all(laid.count(t) == 1 for t in smaller), laid  # ... from one layout


# -- columns narrower than a word ------------------------------------------------------------

CARDS = "# Weekly meeting\n\n" + "".join(
    f"## {title}\n\nNone.\n\n"
    for title in ("Announcements", "Reviews", "Proposals", "Repositories")
)


def test_cards_narrower_than_a_word_become_one_column() -> None:
    """Four cards whose titles fit: cards. The same with a word no card can hold at the
    smallest type: one column (headings over their text), never a word broken in the middle."""
    (page, _), *_ = content(generate_from_markdown(CARDS, None))
    assert page.layout == "cards"
    long_word = CARDS.replace("Announcements", "Internationalisationsarchitekturentscheidungen")
    (page, slide), *_ = content(generate_from_markdown(long_word, None))
    assert page.layout == "bullets"
    assert "Internationalisationsarchitekturentscheidungen" in slide_text(slide)
