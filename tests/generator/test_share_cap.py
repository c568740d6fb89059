"""The share cap on a chapter that shows what the thing does ("How to use"): it takes that
chapter's whole pages only once every other chapter of the body is down to its first page, and
after the later `####` sections of its own pages; the deck stays within its budget."""

from __future__ import annotations

from pathlib import Path

from generator.api import PlannedDeck, plan_from_markdown
from generator.budget import document_words, slide_budget
from generator.drop import Left, chosen
from generator.leaving import drop_pages
from generator.markup.images import Assets
from generator.model import Outline
from generator.outline import parse_outline
from tests.generator.fragments_share import FD_COMMAND_EXECUTION

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
FD = CORPUS / "fd-readme" / "README.md"
BAT = CORPUS / "bat-readme" / "README.md"
CHROME = ("cover", "contents", "closing")
PICTURES = ("image-full", "image-grid")


def _plan(path: Path) -> PlannedDeck:
    """The deck as a user makes it: the pictures beside the document allowed."""
    text = path.read_text(encoding="utf-8")
    return plan_from_markdown(text, "corporate", assets=Assets.beside(str(path)), source_name="x")


def _chapter(outline: Outline, title: str) -> int:
    return next(ci for ci, c in enumerate(outline.chapters) if c.title == title)


def _page(outline: Outline, ci: int, title: str) -> int:
    return next(pi for pi, p in enumerate(outline.chapters[ci].pages) if p.title == title)


def _budget(path: Path) -> int:
    budget = slide_budget("medium", document_words(parse_outline(path.read_text("utf-8"))))
    assert budget is not None
    return budget


def _counted(deck: PlannedDeck) -> int:
    """The slides the budget counts: not the cover, contents, "Also in the document" list,
    closing, appendix, nor (up to ten) picture slides."""
    shown: list[dict[str, object]] = []
    for p in deck.pages:
        if p["layout"] == "closing":
            break  # the appendix after it is not counted
        shown.append(p)
    body = [
        p for p in shown if p["layout"] not in CHROME and p.get("title") != "Also in the document"
    ]
    return sum(1 for p in body if p["layout"] not in PICTURES) + max(
        0, sum(1 for p in body if p["layout"] in PICTURES) - 10
    )


def test_the_share_cap_takes_a_usage_page_only_once_other_chapters_keep_their_first() -> None:
    outline = parse_outline(FD.read_text(encoding="utf-8"))
    usage = _chapter(outline, "How to use")
    others = _chapter(outline, "Integration with other programs")
    order = chosen(outline, {}, float("inf"), share=6)
    whole = [i for i, x in enumerate(order) if x.chapter == usage and x.section < 0 and not x.one]
    assert whole  # "How to use" (13 pages) is over its share of 6 slides
    later = [order.index(Left(others, pi, body=True)) for pi in range(1, 5)]
    assert max(later) < min(whole)  # rofi, emacs, tree, xargs leave before its pages
    assert Left(others, 0, body=True) not in order[: min(whole)]  # fzf, its first, stays


def test_a_usage_page_gives_up_its_later_sections_before_a_sibling_page_leaves() -> None:
    outline = parse_outline(FD.read_text(encoding="utf-8"))
    usage = _chapter(outline, "How to use")
    execution = _page(outline, usage, "Command execution")
    sections = {(usage, execution, 0): 2.0, (usage, execution, 1): 1.0, (usage, execution, 2): 1.0}
    order = chosen(outline, {}, float("inf"), sections=sections, share=6)
    first_page = min(
        i for i, x in enumerate(order) if x.chapter == usage and x.section < 0 and not x.one
    )
    placeholders = order.index(Left(usage, execution, 1, body=True))
    parallel = order.index(Left(usage, execution, 2, body=True))
    assert parallel < placeholders < first_page  # its last section first
    assert all(x.section != 0 or x.one for x in order if x.page == execution)  # "Examples" stays


def test_a_page_left_with_one_content_title_keeps_one_slide_as_a_whole() -> None:
    outline = parse_outline("## How to use\n\n" + FD_COMMAND_EXECUTION)
    gone = [Left(0, 0, 0, one=True), Left(0, 0, 1, body=True), Left(0, 0, 2, body=True)]
    dropped = drop_pages(outline, gone)
    (page,) = dropped.outline.chapters[0].pages
    assert [s.title for s in page.sections] == ["Examples"]
    # planned as one page now (one content title): the page keeps one slide, not its section
    assert dropped.single == frozenset({"chapters[0].pages[0]"})
    # with two content titles left it is still planned a section a page
    two = drop_pages(outline, [Left(0, 0, 0, one=True), Left(0, 0, 2, body=True)])
    assert two.single == frozenset({"chapters[0].pages[0].sections[0]"})


def test_the_fd_deck_shows_command_execution_and_hidden_files_within_its_budget() -> None:
    deck = _plan(FD)
    titles = [str(p.get("title", "")) for p in deck.pages]
    assert "Hidden and ignored files" in titles
    assert titles.count("Command execution") == 1  # one slide: its later sections in the notes
    notes = " ".join(
        str(p.get("notes", "")) for p in deck.pages if p.get("title") == "Command execution"
    )
    assert "Placeholder syntax" in notes
    assert "Using fd with fzf" in titles and "Using fd with rofi" not in titles
    assert _counted(deck) <= _budget(FD)


def test_the_bat_deck_shows_its_integrations_within_its_budget() -> None:
    deck = _plan(BAT)
    titles = [str(p.get("title", "")) for p in deck.pages]
    assert "fzf" in titles and "git diff" in titles  # "How to use · Integration with other tools"
    assert "Highlighting theme" in titles  # "Customization" keeps its first page
    assert _counted(deck) <= _budget(BAT)
