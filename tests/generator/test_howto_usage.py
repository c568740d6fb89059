"""A how-to README's feature pages and left chapters: a capped feature page shows an example
of each option its lead names rather than two of one kind (generator.otherkind); the "Also in
the document" list names a troubleshooting chapter by its questions, and takes a chapter's
gist only while it stays one slide's (generator.alsoin)."""

from __future__ import annotations

from pathlib import Path

from generator.alsoin import ALSO_ROOM, Also, LeftPart, also_page, one_list
from generator.model import ListItem, Span, plain
from generator.otherkind import options
from generator.outline import parse_outline
from tests.generator.capped import code_of, one_slide
from tests.generator.fragments_share import FD_COMMAND_EXECUTION

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"


def test_a_capped_feature_page_shows_an_example_of_each_option_its_lead_names() -> None:
    examples = FD_COMMAND_EXECUTION.split("#### Placeholder syntax")[0]  # its later sections left
    fitted = [f for f in one_slide(examples) if f.page.kind == "content"]
    code = code_of(fitted[0].page.blocks)
    used = options(code)
    assert {"-x", "-X"} <= used  # `-X` beside `-x`, not two `-x` examples
    assert "fd -e zip -x unzip" in code  # the first example stays, the second of its kind goes
    assert "clang-format" not in code and "clang-format" in str(fitted[0].page.notes)


def test_a_feature_page_without_named_options_keeps_its_examples_in_order() -> None:
    """A lead naming no option (the examples are the page's own): as before, the slide's
    examples in source order."""
    lead = "Instead of just showing the search results, you often want to *do something*."
    examples = FD_COMMAND_EXECUTION.split("#### Examples")[1].split("#### Placeholder syntax")[0]
    fitted = [
        f
        for f in one_slide(f"### Command execution\n\n{lead}\n\n{examples}")
        if f.page.kind == "content"
    ]
    code = code_of(fitted[0].page.blocks)
    assert code.startswith("fd -e zip -x unzip\nfd -e h -e cpp -x clang-format -i")


def test_the_also_list_takes_a_gist_only_while_its_lines_stay_one_slide() -> None:
    """A list of ten items within ALSO_ROOM characters (bat's chapters and pages that left),
    which a chapter's gist makes thirteen lines of about 90: the slide showed it over two, so
    the chapter keeps its bare title."""
    bat = parse_outline((CORPUS / "bat-readme" / "README.md").read_text(encoding="utf-8"))
    titles = {c.title: [p.title for p in c.pages] for c in bat.chapters}
    custom = " · ".join(titles["Customization"][4:])
    lines = [
        "How to use: Highlighting --help messages",
        "Installation: On Windows · From binaries · From source",
        f"Customization: {custom}",
        "Using bat on Windows",
        *(t for t in titles if t in ("Troubleshooting", "Development", "Contributing")),
        "Maintainers",
        "Security vulnerabilities",
        "License",
    ]
    items = [ListItem([Span(t)]) for t in lines]
    windows = (
        "Using bat on Windows: bat mostly works out-of-the-box on Windows, but a few features"
        " may need extra…"
    )
    gisted = [*items[:3], ListItem([Span(windows)]), *items[4:]]
    assert sum(len(t) for t in [*lines[:3], windows, *lines[4:]]) <= ALSO_ROOM
    assert one_list(items) and not one_list(gisted)


def _left(outline_chapters: list[tuple[str, list[str]]], ci: int, pi: int) -> LeftPart:
    chapter, pages = outline_chapters[ci]
    return LeftPart(ci, pi, chapter, pages[pi], f"{chapter} · {pages[pi]}", "", 10, gist="A gist.")


def test_a_troubleshooting_chapter_keeps_the_questions_that_fit_the_also_list() -> None:
    """fd's left parts: "How to use" and "Integration with other programs" name several pages
    each (their last ones), so all five Troubleshooting questions would take the list past one slide's: it
    names the first ones that fit and "…", neither a bare title nor its first answer's gist."""
    fd = parse_outline((CORPUS / "fd-readme" / "README.md").read_text(encoding="utf-8"))
    chapters = [(c.title, [p.title for p in c.pages]) for c in fd.chapters]
    at = {title: ci for ci, (title, _) in enumerate(chapters)}
    use, asked, other = (
        at["How to use"],
        at["Troubleshooting"],
        at["Integration with other programs"],
    )
    parts = [
        *(_left(chapters, use, pi) for pi in range(7, len(chapters[use][1]))),
        *(_left(chapters, asked, pi) for pi in range(len(chapters[asked][1]))),
        *(_left(chapters, other, pi) for pi in range(1, len(chapters[other][1]))),
    ]
    page = also_page(Also(tuple(parts), whole=frozenset({asked})), "en")
    items = [plain(i.spans) for i in page.blocks[0].items]
    (troubleshooting,) = [i for i in items if i.startswith("Troubleshooting")]
    questions = chapters[asked][1]
    assert troubleshooting.startswith(f"Troubleshooting: {questions[0]} · {questions[1]}")
    assert troubleshooting.endswith(" · …") and questions[-1] not in troubleshooting
    assert one_list(page.blocks[0].items)
