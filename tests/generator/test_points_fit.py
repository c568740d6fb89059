"""Prose shown as points never costs a page a slide (generator.pointsfit): a page whose points,
or whose summary keeping a list's lead-in sentence, take more slides than its plain paragraphs
is shown as paragraphs; a page they set on as many slides keeps them.

Fragments: samples/markdown/kep-crashloopbackoff (a Kubernetes enhancement proposal, see its
SOURCES.md)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from generator.api import plan_from_markdown
from generator.model import plain
from generator.pages import PlannedPage

KEP = Path(__file__).resolve().parents[2] / "samples/markdown/kep-crashloopbackoff/README.md"
DEFENCE = "the first line of defense is that the enhancement is not usable by default"


def _section(title: str) -> str:
    """The KEP's `### title` section, whole, under a chapter of its own."""
    lines = KEP.read_text(encoding="utf-8").splitlines(keepends=True)
    start = lines.index(f"### {title}\n")
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("#"))
    return "# KEP\n\n## Proposal\n\n" + "".join(lines[start:end])


def _slides(markdown: str) -> list[PlannedPage]:
    deck = plan_from_markdown(markdown, "corporate", source_name="x")
    return [p for p in map(PlannedPage.from_dict, deck.pages) if p.kind == "content"]


def page_words(page: PlannedPage) -> str:
    """Every word a page shows: its blocks', list items' and nested items' text."""
    out = []
    for b in page.blocks:
        out.append(plain(b.spans))
        out += [plain(i.spans) for i in b.items]
        out += [plain(c.spans) for i in b.items for s in i.children for c in s.items]
    return " ".join(out)


def test_a_summary_its_points_would_set_on_a_third_slide_keeps_two_of_paragraphs(
    medium_budget: Callable[[int], None],
) -> None:
    """The KEP's risks summarised (a deck over its budget): as points, with the sentence
    introducing its list, they take three slides; as paragraphs two."""
    medium_budget(3)
    slides = _slides(_section("Risks and Mitigations"))
    assert len(slides) == 2
    assert all(
        b.type == "paragraph" or "5 excess" in page_words(p) for p in slides for b in p.blocks
    )
    assert any(DEFENCE in page_words(p) for p in slides)  # the mitigation is still on a slide


def test_points_that_take_no_more_slides_stay(medium_budget: Callable[[int], None]) -> None:
    """The same page whole (a deck within its budget): its points take as many slides as its
    paragraphs would, so it shows points."""
    medium_budget(4)
    slides = _slides(_section("Risks and Mitigations"))
    assert len(slides) == 4
    assert all(b.type == "list" for p in slides for b in p.blocks)
