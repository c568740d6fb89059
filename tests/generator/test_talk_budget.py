"""A deck's slide budget: a document over it is condensed by rules (older releases, platform
runs, one slide a page), everything left out is listed and in the notes; documents within the
budget and authored decks are planned as before."""

from __future__ import annotations

from pathlib import Path

import pytest

import generator.budget
from generator.alsoin import ALSO_SOURCE
from generator.api import GeneratedDeck, generate_from_markdown
from generator.budget import document_words, slide_budget
from generator.condense import condense_platforms, headline, platform_runs, release_key
from generator.model import plain
from generator.outline import parse_outline
from tests.generator.fragments import FD_INSTALL, HTTPX_CHANGED

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
CHROME = ("cover", "contents", "closing")


def _deck(name: str) -> GeneratedDeck:
    path = CORPUS / name
    return generate_from_markdown(path.read_text(encoding="utf-8"), source_name=path.stem)


def _content(deck: GeneratedDeck) -> int:  # the slides the budget counts
    return sum(1 for p in deck.pages if p.kind not in CHROME and p.source != ALSO_SOURCE)


def _budget(name: str) -> int:
    outline = parse_outline((CORPUS / name).read_text(encoding="utf-8"))
    budget = slide_budget("medium", document_words(outline))
    assert budget is not None
    return budget


def test_budget_grows_slowly_with_the_document() -> None:
    assert slide_budget("medium", 300) == 12
    assert slide_budget("medium", 1500) == 13
    assert slide_budget("medium", 4000) == 18  # with cover, contents, closing: about 22
    assert slide_budget("medium", 10_000) == 18
    assert slide_budget("short", 300) == 6
    assert slide_budget("short", 40_000) == 9
    assert slide_budget("long", 40_000) is None


def test_release_headings_are_versions_or_dates() -> None:
    assert release_key("0.28.1 (6th December, 2024)") == (0, 28, 1)
    assert release_key("[UNRELEASED]") == (10**9,)
    assert release_key("v1.2 - 2023-04-01") == (1, 2)
    assert release_key("Installation") is None


def test_changelog_keeps_its_newest_releases_and_lists_the_older() -> None:
    deck = _deck("httpx-changelog/CHANGELOG.md")
    assert _content(deck) <= _budget("httpx-changelog/CHANGELOG.md")
    titles = [p.title for p in deck.pages]
    assert any("0.28.1" in t for t in titles)  # the newest releases are slides
    assert not any("0.6.0" in t for t in titles)
    earlier = [p for p in deck.pages if "Earlier releases" in p.title]
    # the older releases: one table on slides of its own (no tiny release joins it), two at
    # the size of a deck whose prose is set at 18 pt, a quiet line under it
    assert [(p.title, p.parts) for p in earlier] == [("Earlier releases", 2)] * 2
    notes = "".join(p.notes for p in earlier)
    outline = parse_outline((CORPUS / "httpx-changelog/CHANGELOG.md").read_text("utf-8"))
    shown = {p.subtitle for p in deck.pages} | set(titles)
    shown |= {plain(b.spans) for p in deck.pages for b in p.blocks if b.type == "heading"}
    older = [
        (ci, c.title)
        for ci, c in enumerate(outline.chapters)
        if release_key(c.title) and not any(c.title in s for s in shown if s)
    ]
    assert len(older) > 40
    listed = {r.where for r in deck.left_out if r.kind == "notes"}
    for ci, title in older:  # every older release: listed, and its text in the notes
        assert f"chapters[{ci}]" in listed, title
        assert title in notes
    assert "Performance improvement in brotli decoder. (Pull #906)" in notes  # 0.13.x
    entries = [e for p in deck.pages if p.kind == "contents" for e in p.entries]
    assert entries[-1] == "Earlier releases" and entries[1].startswith("0.28.1")


def test_platform_run_becomes_one_table_with_the_words_in_the_notes() -> None:
    outline = parse_outline("# fd\n\n" + FD_INSTALL)
    chapter = outline.chapters[0]
    # Ubuntu and Debian explain more than a command: they stay pages of their own
    assert [list(r) for r in platform_runs(chapter)] == [list(range(2, len(chapter.pages)))]
    condensed = condense_platforms(outline)
    pages = condensed.outline.chapters[0].pages
    assert [p.title for p in pages[:2]] == ["On Ubuntu", "On Debian"]
    assert len(pages) == 3
    table = pages[2].blocks[0]
    assert table.type == "table"
    rows = {r[0][0].text: r[1][0].text for r in table.rows}
    assert rows["On Fedora"] == "dnf install fd-find"
    assert rows["On Void Linux"] == "xbps-install -S fd"
    assert "from the AUR" in pages[2].notes
    assert len(condensed.records) == len(chapter.pages) - 2
    assert all("moved to the notes" in r.message for r in condensed.records)


def test_bat_installation_is_one_table_in_the_deck() -> None:
    deck = _deck("bat-readme/README.md")
    tables = [p for p in deck.pages if p.title == "Installation" and p.layout == "table"]
    assert tables and len({p.source for p in tables}) == 1  # one table, continuing
    assert "pacman -S bat" in tables[0].notes
    rows = [r[0][0].text for p in tables for b in p.blocks for r in b.rows]
    assert "On Alpine Linux" in rows and "Via nix" in rows  # every row on a slide
    assert not any(p.title == "On Arch Linux" for p in deck.pages)
    assert any(r.kind == "notes" and "On Arch Linux" in r.message for r in deck.left_out)
    assert _content(deck) < 45  # 55 content slides before the budget


def test_long_design_document_leaves_whole_parts_with_their_words_in_notes() -> None:
    deck = _deck("kep-crashloopbackoff/README.md")
    titles = [p.title for p in deck.pages if p.kind == "content"]
    assert "Test Plan" not in titles  # a later sub-section of the design details
    notes = "".join(p.notes for p in deck.pages)
    assert "Not on the slides: Design Details · Test Plan" in notes
    moved = [r for r in deck.left_out if r.kind == "notes"]
    assert sum(r.words for r in moved) > 4000
    assert "Summary" in titles  # headings structure kept (Drawbacks shares a slide)
    assert any(t.split(" · ")[0].split(" and ")[0] == "Drawbacks" for t in titles)
    # the proposal keeps its risks once the alternatives are down to their first page
    assert "Risks and Mitigations" in titles and "Global override" not in titles
    assert _content(deck) <= 30


@pytest.mark.parametrize(
    "name",
    [
        "meeting-notes/2022-11-15.md",  # the one sample document within its budget at 18 pt
        "pandoc-beamer/slides.md",
        "slidev-composable-vue/slides.md",
    ],
)
def test_documents_within_budget_and_authored_decks_are_unchanged(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    budgeted = _deck(name)
    monkeypatch.setattr(generator.budget, "BUDGETS", {})  # no budget at all
    free = _deck(name)
    assert [p.to_dict() for p in budgeted.pages] == [p.to_dict() for p in free.pages]
    assert budgeted.left_out == free.left_out


def test_platform_command_without_its_shell_comment() -> None:
    md = "# fd\n\n" + FD_INSTALL.replace(
        "```\napk add fd\n```", "``` bash\ndpkg -i fd_9.0.0_amd64.deb # adapt version number\n```"
    )
    page = condense_platforms(parse_outline(md)).outline.chapters[0].pages[2]
    rows = {r[0][0].text: r[1][0].text for r in page.blocks[0].rows}
    assert rows["On Alpine Linux"] == "dpkg -i fd_9.0.0_amd64.deb"
    assert "adapt version number" in page.notes


def _fd_platforms() -> tuple[list[str], list[list[str]]]:
    """The titles of fd's platform pages, and the rows of its condensed platform table."""
    fd = parse_outline((CORPUS / "fd-readme/README.md").read_text(encoding="utf-8"))
    (chapter,) = [c for c in fd.chapters if c.title == "Installation"]
    (run,) = platform_runs(chapter)
    condensed = condense_platforms(fd)
    install = next(c for c in condensed.outline.chapters if c.title == "Installation")
    table = next(p for p in install.pages if p.blocks and p.blocks[0].type == "table")
    assert "npm install -g fd-find" in table.notes
    rows = [[plain(c) for c in r] for r in table.blocks[0].rows]
    return [chapter.pages[i].title for i in run], rows


def test_usage_examples_are_not_platforms_and_every_platform_is_a_row() -> None:
    """A run of 18 platform pages was a table of 11 platforms and a "7 more ... (notes)" row,
    drawn over two slides: every platform is a row (the table continues over the slides;
    cut, its slide says how many rows the notes hold)."""
    fd = parse_outline((CORPUS / "fd-readme/README.md").read_text(encoding="utf-8"))
    usage = next(c for c in fd.chapters if c.title == "How to use")
    assert platform_runs(usage) == []  # "Simple search": an example, not a platform
    titles, rows = _fd_platforms()
    assert [r[0] for r in rows] == titles and len(titles) == 18
    assert not any("more" in r[0] for r in rows)
    assert rows[-1] == ["From source", "cargo install fd-find"]


def test_a_continued_table_shows_its_rest_in_full() -> None:
    """fd's platform table took two slides and still ended in a "7 more" row: its rows fit
    those two slides, so both show the table (header repeated), every platform on one of
    them and no line moving rows to the notes."""
    deck = _deck("fd-readme/README.md")
    titles, _ = _fd_platforms()
    slides = [p for p in deck.pages if any(b.type == "table" for b in p.blocks)]
    install = [p for p in slides if p.title == "Installation"]
    assert len(install) == 2
    shown = [plain(r[0]) for p in install for b in p.blocks if b.type == "table" for r in b.rows]
    assert shown == titles
    assert all(plain(b.header[0]) == "Platform" for p in install for b in p.blocks if b.header)
    text = " ".join(plain(b.spans) for p in install for b in p.blocks)
    assert "more" not in text


@pytest.mark.usefixtures("roomy_budget")
def test_condensed_slides_and_records_name_places_of_the_documents_outline() -> None:
    deck = _deck("fd-readme/README.md")
    sources = {p.title: p.source for p in deck.pages}
    assert sources["Command execution"] == "chapters[3].pages[9]"
    # the table of platforms stands for pages 2 to 19 of Installation; "From binaries", its
    # 21st page, left the slides (over the budget), named
    table = next(p for p in deck.pages if p.layout == "table" and p.subtitle != "How to use")
    assert table.source == "chapters[7].pages[2]"
    binaries = [r for r in deck.left_out if r.where == "chapters[7].pages[20]"]
    assert binaries and "From binaries" in binaries[0].message
    development = [r for r in deck.left_out if r.where == "chapters[8].pages[0]"]
    assert development and '"Development" left out' in development[0].message
    wheres = {r.where for r in deck.left_out}
    assert "chapters[7].pages[19]" in wheres  # "From source", moved to the table's notes


def test_earlier_releases_are_their_major_versions_with_whole_headlines() -> None:
    """The "Earlier releases" table names the older major versions (x.y.0), each with its
    most significant entry's first sentence whole (0.24.0's logging item was cut with "…",
    0.25.0 showed "Drop support for Python 3.7" rather than its HTTPS proxies); a quiet line
    under it counts the releases it does not name, never a row addressed to the presenter."""
    deck = _deck("httpx-changelog/CHANGELOG.md")
    earlier = [p for p in deck.pages if p.title == "Earlier releases"]
    rows = {
        plain(r[0]).split(" (")[0]: plain(r[1])
        for p in earlier
        for b in p.blocks
        if b.type == "table"
        for r in b.rows
    }
    assert rows["0.25.0"] == "Support HTTPS proxies."
    assert rows["0.24.0"].endswith("with other standard Python logging usages.")
    assert {"0.23.0", "0.22.0", "0.21.0", "0.20.0", "0.19.0", "0.18.0"} <= set(rows)
    assert not any(v in rows for v in ("0.25.1", "0.24.1", "0.23.1", "0.23.2"))  # patches
    assert not any(h.endswith("…") or "notes" in h for h in rows.values())
    lines = [plain(b.spans) for p in earlier for b in p.blocks if b.type == "paragraph"]
    assert len(lines) == 1 and lines[0].startswith("Also ") and "back to 0.6.0" in lines[0]
    assert "notes" not in lines[0]


def test_a_release_headline_is_its_most_significant_entry_never_an_aside() -> None:
    """0.23.1 opens with a "**Note**: ... should have used a proper version bump" aside; its
    headline is its first Added entry."""
    md = (CORPUS / "httpx-changelog/CHANGELOG.md").read_text("utf-8")
    release = md[md.index("## 0.23.1 ") : md.index("## 0.23.0 ")]
    chapter = parse_outline("# httpx Changelog\n\n" + release).chapters[0]
    assert plain(headline(chapter)) == "Support for Python 3.11."
    assert plain(headline(parse_outline("# C\n\n" + HTTPX_CHANGED).chapters[0])) == (
        "The logging behaviour has been changed to be more in-line with other standard Python "
        "logging usages."
    )


def test_a_release_of_one_entry_joins_the_earlier_releases_table() -> None:
    """0.25.2 (one entry: "Add missing type hints ...") was a slide of one bullet under a big
    "Added" heading; as the oldest kept release it is the table's first row instead."""
    deck = _deck("httpx-changelog/CHANGELOG.md")
    assert not any(p.title.startswith("0.25.2") for p in deck.pages)
    (first, *_) = [p for p in deck.pages if p.title == "Earlier releases"]
    table = next(b for b in first.blocks if b.type == "table")
    assert plain(table.rows[0][0]).startswith("0.25.2")
    assert plain(table.rows[0][1]) == "Add missing type hints to few __init__() methods."
    assert [s.text for s in table.rows[0][1] if s.code] == ["__init__()"]  # still code


def test_a_release_headline_keeps_its_inline_code() -> None:
    """The "Earlier releases" table drew 0.20.0's headline as plain text: `allow_redirects`
    and `follow_redirects` lost their code formatting, as any list item's code did."""
    md = (CORPUS / "httpx-changelog/CHANGELOG.md").read_text("utf-8")
    release = md[md.index("## 0.20.0 ") : md.index("## 0.19.0 ")]
    spans = headline(parse_outline("# httpx Changelog\n\n" + release).chapters[0])
    assert plain(spans) == "The allow_redirects flag is now follow_redirects and defaults to False."
    assert [s.text for s in spans if s.code] == ["allow_redirects", "follow_redirects", "False"]
