"""A part never starts on another part's continuation slide: pages merged onto one slide that
take more than one are fitted apart, each under its own title."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.api import GeneratedDeck, generate_from_markdown
from generator.condense import release_key
from generator.model import plain

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"


def _deck(name: str) -> GeneratedDeck:
    path = CORPUS / name
    return generate_from_markdown(path.read_text(encoding="utf-8"), source_name=path.stem)


def _headings(deck: GeneratedDeck, continued: bool) -> list[str]:
    return [
        plain(b.spans)
        for p in deck.pages
        if p.kind == "content" and (p.part > 1) == continued
        for b in p.blocks
        if b.type == "heading"
    ]


def test_every_release_shown_has_its_own_slide_title() -> None:
    deck = _deck("httpx-changelog/CHANGELOG.md")
    # 0.27.2 was a heading on "0.28.0 (2/2)"
    assert not [h for h in _headings(deck, True) if release_key(h)]
    titles = [p.title for p in deck.pages if p.kind == "content"]
    assert any(t.startswith("0.27.2") for t in titles)
    releases = [h for h in _headings(deck, False) if release_key(h)]
    for release in releases:  # a release beside another on a slide: that slide is whole
        page = next(p for p in deck.pages if release in [plain(b.spans) for b in p.blocks])
        assert page.parts == 1, release


@pytest.mark.usefixtures("whole_link_lists")
def test_a_later_section_starts_its_own_slide_after_a_continued_one() -> None:
    deck = _deck("rust-release/Rust-1.80.0.md")
    assert "Other changes" not in _headings(deck, True)  # was under "Stabilized APIs (3/3)"
    # its own slide, shared with the chapter of one sentence after it (the closing credits,
    # under their own heading: the slide is titled by the part)
    (shared,) = [p for p in deck.pages if p.title == "Other changes"]
    assert [plain(b.spans) for b in shared.blocks if b.type == "heading"] == [
        "Contributors to 1.80.0"
    ]


def test_parts_apart_still_share_a_slide_while_they_fit_one() -> None:
    """bat's last four one-paragraph sections took "Contributing … (1/2)" and "(2/2)": the
    three that fit one slide together share it, titled by them; the fourth has its own."""
    bat = (CORPUS / "bat-readme/README.md").read_text(encoding="utf-8")
    deck = generate_from_markdown("# bat\n\n" + bat[bat.index("## Development") :], "corporate")
    titles = [p.title for p in deck.pages if p.kind == "content"]
    assert "Contributing · Maintainers · Security vulnerabilities" in titles
    assert "Project goals and alternatives" in titles
    assert "Contributing" not in titles  # a one-line section is not a slide alone
    assert not [p for p in deck.pages if p.title.startswith("Contributing") and p.parts > 1]
    assert [p.number for p in deck.pages] == list(range(1, len(deck.pages) + 1))
    for page, html in zip(deck.pages, deck.pages_html, strict=True):  # footers numbered on
        assert f'class="foot">{page.number}<' in html or page.kind != "content"
