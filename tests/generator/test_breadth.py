"""Breadth before depth in a deck over its slide budget: a page's continuation slides leave
before a whole sibling part that shows what the thing does, proposes or risks; a paragraph
sibling pages repeat is shown once; a page of one command never leaves alone for the "Also in
the document" slide."""

from __future__ import annotations

import json
import math
from pathlib import Path

from generator.api import PlannedDeck, plan_from_markdown
from generator.drop import Left, chosen, short
from generator.markup.images import Assets
from generator.model import Outline, plain
from generator.outline import parse_outline
from generator.retold import told_once
from tests.generator.fragments_breadth import FD_MAINTAINERS, FD_UBUNTU_DEBIAN, RICH_INSTALLING

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
FD = CORPUS / "fd-readme" / "README.md"
RICH = CORPUS / "rich" / "README.md"
KEP = CORPUS / "kep-crashloopbackoff" / "README.md"
FDFIND = "It is recommended that after installation, you add a link to "
PICTURES = ("image-full", "image-grid")


def _plan(path: Path) -> PlannedDeck:
    """The deck as a user makes it: the pictures beside the document allowed."""
    text = path.read_text(encoding="utf-8")
    return plan_from_markdown(text, "corporate", assets=Assets.beside(str(path)), source_name="x")


def _shown(deck: PlannedDeck) -> str:
    shown = [{k: v for k, v in page.items() if k != "notes"} for page in deck.pages]
    return " ".join(json.dumps(shown, ensure_ascii=False).split())


def _titles(deck: PlannedDeck) -> list[str]:
    return [str(p.get("title", "")) for p in deck.pages]


def _text_slides(deck: PlannedDeck, title: str) -> int:
    """The slides titled `title` that are not picture slides."""
    return sum(1 for p in deck.pages if p.get("title") == title and p["layout"] not in PICTURES)


def _page(outline: Outline, chapter: str, page: str) -> tuple[int, int]:
    for ci, c in enumerate(outline.chapters):
        for pi, p in enumerate(c.pages):
            if c.title == chapter and p.title == page:
                return ci, pi
    raise AssertionError(f"{chapter} · {page} not in the outline")


def test_a_paragraph_sibling_pages_repeat_is_shown_once() -> None:
    outline = parse_outline("## Installation\n\n" + FD_UBUNTU_DEBIAN)
    told = told_once(outline)
    # Debian, left with its command, shares the Ubuntu page (generator.retold)
    (page,) = told.outline.chapters[0].pages
    text = " ".join(plain(b.spans) for b in page.blocks if b.type == "paragraph")
    assert text.count(FDFIND) == 1 and FDFIND not in page.notes
    assert "apt-get install fd-find" in json.dumps(page.to_dict())  # its own command stays
    # the closing note on the .deb packages is said twice too: shown once
    assert text.count("still name the executable") == 1
    assert [r.where for r in told.records] == ["chapters[0].pages[1]"]
    assert told.records[0].kind == "notes"


def test_the_fd_deck_shows_the_fdfind_note_once() -> None:
    deck = _plan(FD)
    shown = _shown(deck)
    assert "On Debian" in shown and "apt-get install fd-find" in shown
    # Ubuntu and Debian share a page (generator.retold); summarised, its slide shows both
    # routes' commands and its notes the note they both ended with, once
    (routes,) = [p for p in deck.pages if "apt-get install fd-find" in json.dumps(p["blocks"])]
    assert shown.count(FDFIND) == 0
    assert str(routes.get("notes", "")).count(FDFIND) == 1


def test_a_page_of_one_command_is_short_a_list_of_names_is_not() -> None:
    installing = parse_outline(RICH_INSTALLING).chapters[0].pages[0]
    maintainers = parse_outline(FD_MAINTAINERS).chapters[0].pages[0]
    assert short(installing)
    assert not short(maintainers)


def test_continuation_slides_leave_before_a_core_sibling_page() -> None:
    outline = parse_outline(KEP.read_text(encoding="utf-8"))
    method = _page(
        outline, "Design Details", "Front loaded decay curve, modified maximum backoff methodology"
    )
    overhead = _page(outline, "Design Details", "Kubelet overhead analysis")
    continued = {(*method, -1): 4, (*overhead, -1): 3}
    order = chosen(outline, {}, math.inf, continued=continued)
    ones = [i for i, x in enumerate(order) if x.one]
    assert [(order[i].chapter, order[i].page) for i in ones] == [method, overhead]  # most first
    for chapter, page in (
        ("Motivation", "Goals"),
        ("Motivation", "Non-Goals"),
        ("Proposal", "Risks and Mitigations"),
        ("Design Details", "Refactor of recovery threshold"),
    ):
        at = order.index(Left(*_page(outline, chapter, page), body=True))
        assert at > max(ones), page
    # a design's test plan (secondary) still leaves before them
    plan = order.index(Left(*_page(outline, "Design Details", "Test Plan")))
    assert plan < min(ones)
    # saving what they save, only the continuations leave of the body
    over = len([x for x in order[: min(ones)]]) + 5
    some = chosen(outline, {}, over, continued=continued)
    assert not any(x.body for x in some) and sum(1 for x in some if x.one) == 2


def test_a_page_of_one_command_leaves_after_the_continuation_slides() -> None:
    outline = parse_outline(RICH.read_text(encoding="utf-8"))
    (installing,) = [ci for ci, c in enumerate(outline.chapters) if c.title == "Installing"]
    console = [ci for ci, c in enumerate(outline.chapters) if c.title == "Using the Console"]
    order = chosen(outline, {}, math.inf, continued={(console[0], 0, -1): 1})
    at = [i for i, x in enumerate(order) if x.chapter == installing]
    one = [i for i, x in enumerate(order) if x.one]
    assert at and one and min(at) > max(one)
    # after every later section of the body too: it leaves last of all
    sections = [i for i, x in enumerate(order) if x.section >= 0 and not x.one]
    assert sections and min(at) > max(sections)


def test_the_rich_deck_shows_every_feature_before_a_second_slide_of_one() -> None:
    deck = _plan(RICH)
    titles = _titles(deck)
    for feature in ("Tables", "Progress Bars", "Status", "Tree", "Columns", "Markdown"):
        assert feature in titles, feature
    # no feature continues on a second slide while another is off the slides
    assert all(_text_slides(deck, t) == 1 for t in ("Tables", "Using the Console"))
    assert _text_slides(deck, "Log") <= 1  # no slide is titled by it when its text is in notes
    # the one install command joins a neighbour; no "Also in the document" slide for it alone
    assert "python -m pip install rich" in _shown(deck)
    assert "Also in the document" not in titles


def test_the_kep_deck_shows_its_goals_before_a_second_slide_of_its_methodology() -> None:
    deck = _plan(KEP)
    titles = _titles(deck)
    assert "Goals" in titles and "Non-Goals" in titles
    assert any(t.startswith("Refactor and flat rate to 10 minutes") for t in titles)
    # "Front loaded decay curve, modified maximum backoff methodology" titled by its leading
    # clause, to read in one line (generator.oneline)
    method = "Front loaded decay curve"
    assert _text_slides(deck, method) == 1
    assert _text_slides(deck, "Kubelet overhead analysis") == 1
    # its charts stay, on picture slides of their own; its words are in its notes
    assert sum(1 for p in deck.pages if p.get("title") == method) > 1
    notes = "\n".join(str(p.get("notes", "")) for p in deck.pages if p.get("title") == method)
    assert "exponential" in notes
