"""Install pages after condensing: a route left with one command once the paragraph it repeated
left joins its sibling's page (both on one slide, not a near-empty one of its own); a summary
keeps a page's first sentence when a line continuing its title comes before it."""

from __future__ import annotations

import json
from pathlib import Path

from generator.api import PlannedDeck, plan_from_markdown
from generator.estimate import Calibration
from generator.markup.images import Assets
from generator.model import Block, plain
from generator.outline import parse_outline
from generator.pages import PlannedPage
from generator.retold import made_after, told_once
from generator.summarising import Summarising, continues_title
from tests.generator.fragments import FD_INSTALL
from tests.generator.fragments_breadth import BAT_UBUNTU_APT, FD_UBUNTU_DEBIAN

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
VERSIONS = "is available on Ubuntu since 20.04"
NEW_ENOUGH = "new enough"


def _plan(name: str) -> PlannedDeck:
    path = CORPUS / name / "README.md"
    text = path.read_text(encoding="utf-8")
    return plan_from_markdown(text, "corporate", assets=Assets.beside(str(path)), source_name="x")


def _text(blocks: list[Block]) -> str:
    """The words of paragraphs and headings, and code, in reading order."""
    return " ".join(b.text if b.type == "code" else plain(b.spans) for b in blocks)


def test_a_route_left_with_one_command_joins_the_sibling_that_said_its_note() -> None:
    outline = parse_outline("## Installation\n\n" + FD_UBUNTU_DEBIAN)
    told = told_once(outline)
    (page,) = told.outline.chapters[0].pages
    assert page.title == "On Ubuntu · On Debian"
    headings = [plain(b.spans) for b in page.blocks if b.type == "heading"]
    assert headings == ["On Ubuntu", "On Debian"]
    shown = _text(page.blocks)
    assert "apt install fd-find" in shown and "apt-get install fd-find" in shown
    assert shown.count("It is recommended that after installation") == 1
    # the repeated paragraph is listed where it was in the outline told_once was given
    assert [r.where for r in told.records] == ["chapters[0].pages[1]"]
    assert "It is recommended that after installation" not in page.notes  # shown, once


def test_the_pages_after_a_joined_route_keep_their_origin() -> None:
    outline = parse_outline(FD_INSTALL)
    told = told_once(outline)
    titles = [p.title for p in told.outline.chapters[0].pages]
    assert titles[:2] == ["On Ubuntu · On Debian", "On Fedora"]
    assert told.origin("chapters[0].pages[1]") == "chapters[0].pages[2]"
    assert told.origin("chapters[0].pages[0]") == "chapters[0].pages[0]"
    # a page standing for several (a table of platforms) moves up with the others
    assert made_after(frozenset({(0, 2), (0, 0)}), told) == frozenset({(0, 1), (0, 0)})


def test_the_fd_deck_shows_debian_on_the_ubuntu_slide() -> None:
    deck = _plan("fd-readme")
    titles = [str(p.get("title", "")) for p in deck.pages]
    assert "On Debian" not in titles
    (ubuntu,) = [p for p in deck.pages if "apt install fd-find" in json.dumps(p["blocks"])]
    blocks = json.dumps(ubuntu["blocks"])
    assert "apt-get install fd-find" in blocks and "On Debian" in blocks
    assert ubuntu["source"] == "chapters[7].pages[0]"


class _Summary(Summarising):
    """The summary of a page without a frame (its room estimated from its text)."""

    def __init__(self) -> None:
        self.frame = None
        self.calibration = Calibration()
        self.left_out = []

    def code_size(self, body: float) -> float:
        return body

    def measure(self, page: PlannedPage, lang: str | None = None) -> tuple[str, None]:
        return "", None  # no layout: the room stays estimated


def test_a_line_continuing_the_title_does_not_take_the_first_sentences_place() -> None:
    page = parse_outline(BAT_UBUNTU_APT).chapters[0].pages[0]
    assert continues_title(page.blocks[0])
    assert not continues_title(page.blocks[1])
    planned = PlannedPage("content", "bullets", page.title, blocks=page.blocks, body_size=24)
    summary = _Summary().summarised(planned)
    shown = _text(summary.blocks)
    assert "and other Debian-based" in shown
    assert VERSIONS in shown and NEW_ENOUGH in shown
    assert shown.index(VERSIONS) < shown.index(NEW_ENOUGH)


def test_the_bat_deck_names_the_versions_before_new_enough() -> None:
    deck = _plan("bat-readme")
    (apt,) = [p for p in deck.pages if str(p.get("title", "")) == "On Ubuntu (using apt)"]
    shown = _text([Block.from_dict(b) for b in apt["blocks"]])
    assert VERSIONS in shown and NEW_ENOUGH in shown
