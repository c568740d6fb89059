"""A part sharing a slide under its heading whose words open with their one subheading is
headed once, the subheading leading its first paragraph in bold; several subheadings stay
under the part's heading (generator.stacked)."""

from __future__ import annotations

from pathlib import Path

from generator.api import plan_from_markdown
from generator.markup.images import Assets
from generator.model import Block, Span, plain
from generator.pages import PlannedPage
from generator.stacked import headed

KEP = Path(__file__).resolve().parents[2] / "samples/markdown/kep-crashloopbackoff/README.md"


def test_a_design_documents_chapter_and_its_one_section_are_not_two_stacked_headings() -> None:
    """The KEP's Drawbacks and Alternatives share a slide; of the alternatives only "Global
    override" (one line) stays: "Alternatives" is not followed directly by a second heading."""
    text = KEP.read_text("utf-8")
    deck = plan_from_markdown(text, "corporate", assets=Assets.beside(str(KEP)))
    pages = [PlannedPage.from_dict(p) for p in deck.pages]
    shared = next(p for p in pages if p.title == "Drawbacks and Alternatives")
    kinds = [b.type for b in shared.blocks]
    assert not any(a == b == "heading" for a, b in zip(kinds, kinds[1:], strict=False))
    at = next(i for i, b in enumerate(shared.blocks) if plain(b.spans) == "Alternatives")
    line = shared.blocks[at + 1]
    assert line.spans[0].bold and plain(line.spans).startswith("Global override: Allow an")


def test_several_subheadings_stay_under_the_parts_heading() -> None:
    blocks = [
        Block("heading", [Span("Global override")]),
        Block("paragraph", [Span("Allow an override of the global constant.")]),
        Block("heading", [Span("Per exit code configuration")]),
        Block("paragraph", [Span("One alternative is for new container spec values.")]),
    ]
    out = headed("Alternatives", blocks)
    assert [plain(b.spans) for b in out[:2]] == ["Alternatives", "Global override"]
    assert len(out) == 5
