"""A page titled by two things ("Risks and Mitigations") keeps a paragraph naming each on its
slides when its summary moved every paragraph naming one of them (generator.halves)."""

from __future__ import annotations

from pathlib import Path

from generator.api import plan_from_markdown
from generator.halves import both_halves, halves
from generator.leftout import block_text
from generator.markup.images import Assets
from generator.model import plain
from generator.outline import parse_outline
from generator.pages import PlannedPage
from generator.summary import summary_blocks

KEP = Path(__file__).resolve().parents[2] / "samples/markdown/kep-crashloopbackoff/README.md"
DEFENCE = "the first line of defense is that the enhancement is not usable by default"


def test_a_design_documents_risks_and_mitigations_keep_the_mitigations() -> None:
    outline = parse_outline(KEP.read_text("utf-8"), assets=Assets.beside(str(KEP)))
    page = next(p for c in outline.chapters for p in c.pages if p.title == "Risks and Mitigations")
    kept, moved = summary_blocks(page.blocks)
    assert not any(DEFENCE in plain(b.spans) for b in kept if b.spans)  # the summary alone
    kept, moved = both_halves(page.title, page.blocks, kept, moved)
    texts = [plain(b.spans) for b in kept if b.type == "paragraph"]
    at = next(i for i, t in enumerate(texts) if DEFENCE in t)
    assert texts[0].startswith("The biggest risk") and 0 < at < len(texts) - 1  # in its place
    assert not any(DEFENCE in plain(b.spans) for b in moved if b.spans)
    deck = plan_from_markdown(
        KEP.read_text("utf-8"), "corporate", length="medium", assets=Assets.beside(str(KEP))
    )
    pages = [PlannedPage.from_dict(p) for p in deck.pages]
    risks = [p for p in pages if p.title == "Risks and Mitigations"]
    assert any(DEFENCE in block_text(b) for p in risks for b in p.blocks)  # a point or a paragraph


def test_only_a_title_of_two_short_names_has_halves() -> None:
    assert len(halves("Risks and Mitigations")) == 2
    assert len(halves("Drawbacks & Alternatives")) == 2
    assert halves("Installation") == []
    assert halves("Refactor and flat rate to 10 minutes for the backoff counter reset") == []
