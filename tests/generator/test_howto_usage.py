"""A how-to README's deck over its slide budget: what a reader needs to use the tool ranks
above what supports it. Its usage pages keep a slide before a benchmark or a platform table
keeps its second one (generator.drop); a page kept to one slide that ends on its result shows
it (generator.keep.stated_result); a capped feature page shows an example of each option its
lead names rather than two of one kind (generator.otherkind)."""

from __future__ import annotations

import json
import math
from pathlib import Path

from generator.alsoin import ALSO_ROOM, one_list
from generator.api import PlannedDeck, plan_from_markdown
from generator.condense import condense_platforms
from generator.drop import Left, chosen, teaches
from generator.markup.images import Assets
from generator.model import ListItem, Outline, Span
from generator.otherkind import options
from generator.outline import parse_outline
from tests.generator.capped import code_of, one_slide
from tests.generator.fragments_drop import FD_BENCHMARK
from tests.generator.fragments_share import FD_COMMAND_EXECUTION

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
FD = CORPUS / "fd-readme" / "README.md"
KEP = CORPUS / "kep-crashloopbackoff" / "README.md"
PICTURES = ("image-full", "image-grid")


def _chapter(outline: Outline, title: str) -> int:
    return next(ci for ci, c in enumerate(outline.chapters) if c.title == title)


def _fd() -> tuple[Outline, frozenset[tuple[str, str]], int]:
    """fd's outline with its platform runs as one table (generator.condense), the tables made
    and the page holding the table."""
    outline = parse_outline(FD.read_text(encoding="utf-8"))
    platforms = condense_platforms(outline)
    made = frozenset(
        (platforms.outline.chapters[ci].title, platforms.outline.chapters[ci].pages[pi].title)
        for ci, pi in platforms.made
    )
    ((ci, pi),) = platforms.made
    return platforms.outline, made, pi


def test_a_benchmark_and_a_platform_table_give_up_their_second_slide_before_a_usage_page() -> None:
    outline, made, table = _fd()
    usage, bench = _chapter(outline, "How to use"), _chapter(outline, "Benchmark")
    install = _chapter(outline, "Installation")
    concluding = {(bench, 0, -1): 1}  # its last slide ends on "23 times faster"
    continued = {(install, table, -1): 1}
    order = chosen(outline, {}, math.inf, made=made, continued=continued, concluding=concluding)
    first_usage = min(i for i, x in enumerate(order) if x.chapter == usage and not x.one)
    assert order.index(Left(bench, 0, one=True)) < first_usage
    assert order.index(Left(install, table, one=True)) < first_usage
    # the usage chapter's own continuation slides are no supporting part's
    assert teaches(outline.chapters[usage]) and not teaches(outline.chapters[bench])


def test_without_a_chapter_teaching_use_a_result_keeps_its_slides() -> None:
    outline = parse_outline(KEP.read_text(encoding="utf-8"))
    assert not any(teaches(c) for c in outline.chapters)
    order = chosen(outline, {}, math.inf, concluding={(1, 0, -1): 2})
    assert not any(x.one for x in order)


def test_a_page_kept_to_one_slide_shows_the_result_it_ends_on() -> None:
    (bench,) = [f for f in one_slide(FD_BENCHMARK) if f.page.title == "Benchmark"]
    shown = json.dumps([b.to_dict() for b in bench.page.blocks])
    assert "23 times faster" in shown
    assert "Benchmark 1" in code_of(bench.page.blocks)  # how it began stays before it
    assert "23 times faster" not in str(bench.page.notes)


def test_a_capped_feature_page_shows_an_example_of_each_option_its_lead_names() -> None:
    examples = FD_COMMAND_EXECUTION.split("#### Placeholder syntax")[0]  # its later sections left
    fitted = [f for f in one_slide(examples) if f.page.kind == "content"]
    code = code_of(fitted[0].page.blocks)
    used = options(code)
    assert {"-x", "-X"} <= used  # `-X` beside `-x`, not two `-x` examples
    assert "fd -e zip -x unzip" in code  # the first example stays, the second of its kind goes
    assert "clang-format" not in code and "clang-format" in str(fitted[0].page.notes)


def test_the_fd_deck_keeps_its_feature_sections() -> None:
    text = FD.read_text(encoding="utf-8")
    deck: PlannedDeck = plan_from_markdown(
        text, "corporate", assets=Assets.beside(str(FD)), source_name="x"
    )
    titles = [str(p.get("title", "")) for p in deck.pages if p["layout"] not in PICTURES]
    assert any("Excluding specific files or directories" in t for t in titles)
    assert sum(1 for t in titles if t.startswith("Benchmark")) == 1
    assert sum(1 for t in titles if t.startswith("Installation")) <= 2
    assert len(deck.pages) <= 23  # within the budget, as before


def test_the_also_list_takes_a_gist_only_while_its_lines_stay_one_slide() -> None:
    """bat's Also list once its usage pages kept their slides: ten items within ALSO_ROOM
    characters, but the gist of "Using bat on Windows" makes them thirteen lines, which the
    slide showed over two."""
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
    windows = "Using bat on Windows: bat mostly works out-of-the-box on Windows, but a few features may need extra…"
    gisted = [*items[:3], ListItem([Span(windows)]), *items[4:]]
    assert sum(len(t) for t in [*lines[:3], windows, *lines[4:]]) <= ALSO_ROOM
    assert one_list(items) and not one_list(gisted)
