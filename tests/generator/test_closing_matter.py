"""A document's closing matter is a short closing slide: a citation's BibTeX is shown as the
reference it stands for (the BibTeX in the notes), never as a raw code slide."""

from __future__ import annotations

from generator.api import generate_from_markdown
from generator.model import plain
from tests.generator.fragments_pointers import CHATGLM_CLOSING

CHATGLM_DOC = "# ChatGLM-6B\n\n" + CHATGLM_CLOSING  # the README's title above its last chapters


def test_a_citation_shows_its_reference_not_its_bibtex() -> None:
    deck = generate_from_markdown(CHATGLM_DOC, "corporate")
    content = [p for p in deck.pages if p.kind == "content"]
    blocks = [b for p in content for b in [*p.blocks, *(x for s in p.sections for x in s.blocks)]]
    assert not [b for b in blocks if b.type == "code"]  # no raw BibTeX slide
    refs = [b for b in blocks if "arXiv:2406.12793" in plain(b.spans)]
    assert len(refs) == 1
    ref = refs[0]
    assert plain(ref.spans).startswith("Team GLM et al. (2024). ChatGLM: A Family of Large")
    assert any(s.italic and s.text.startswith("ChatGLM: A Family") for s in ref.spans)
    notes = " ".join(p.notes for p in content)
    assert "@misc{glm2024chatglm," in notes  # the BibTeX whole, for whoever needs it
    assert "is_general=False" in notes
