"""Dense walls of prose become points even at a slide more, paid by the budget
(generator.points.dense_wall, generator.pointsfit), and a paragraph naming a code block's keys
stays with the code in a summary (generator.codekeys).

Fragments: samples/markdown/kep-crashloopbackoff (a Kubernetes enhancement proposal, see its
SOURCES.md); samples/markdown/httpx-quickstart (httpx's QuickStart, see its SOURCES.md)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from generator.api import plan_from_markdown
from generator.codekeys import code_explained
from generator.model import Block, plain
from generator.outline import parse_outline
from generator.pages import PlannedPage
from generator.points import dense_wall
from tests.generator.test_points_fit import page_words

SAMPLES = Path(__file__).resolve().parents[2] / "samples/markdown"
KEP = SAMPLES / "kep-crashloopbackoff/README.md"


def _section(heading: str) -> str:
    """The KEP's section under `heading` (its own line), whole, under a chapter of its own."""
    lines = KEP.read_text(encoding="utf-8").splitlines(keepends=True)
    start = lines.index(f"{heading}\n")
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("#"))
    section = "".join(lines[start + 1 : end])
    return f"# KEP\n\n## Part\n\n### {heading.lstrip('#').strip()}\n" + section


def _slides(markdown: str) -> list[PlannedPage]:
    deck = plan_from_markdown(markdown, "corporate", source_name="x")
    return [p for p in map(PlannedPage.from_dict, deck.pages) if p.kind == "content"]


def _blocks(markdown: str) -> list[Block]:
    pages = [p for c in parse_outline(markdown).chapters for p in c.pages]
    return [b for p in pages for b in p.blocks if b.type != "heading"]


def test_long_paragraphs_of_long_sentences_are_a_dense_wall() -> None:
    """The KEP's motivation: three paragraphs of 26-word sentences."""
    assert dense_wall(_blocks(_section("## Motivation")))


def test_short_sentences_or_one_paragraph_are_no_dense_wall() -> None:
    """httpx's opening lines (short sentences around code) and one paragraph of the KEP."""
    quick = (SAMPLES / "httpx-quickstart/quickstart.md").read_text(encoding="utf-8")
    assert not dense_wall(_blocks(quick[: quick.index("## Passing Parameters")]))
    motivation = _blocks(_section("## Motivation"))
    assert not dense_wall([b for b in motivation if b.type == "paragraph"][:1])


def test_a_dense_wall_is_points_at_a_slide_more_within_the_budget(
    medium_budget: Callable[[int], None],
) -> None:
    """The KEP's motivation whole (a deck within its budget): its points take four slides,
    its paragraphs three; the budget has room for four, so the points stay."""
    medium_budget(4)
    slides = _slides(_section("## Motivation"))
    assert len(slides) == 4
    assert all(b.type == "list" for p in slides for b in p.blocks)


def test_a_dense_wall_stays_paragraphs_when_its_points_would_pass_the_budget(
    medium_budget: Callable[[int], None],
) -> None:
    """The same page with room for three slides: its paragraphs, every word on a slide (the
    deck is not condensed for the slide the points would add)."""
    medium_budget(3)
    slides = _slides(_section("## Motivation"))
    assert len(slides) == 3
    assert all(b.type == "paragraph" for p in slides for b in p.blocks)
    assert "reintepretation in light of user experiences" in " ".join(map(page_words, slides))


JOB_API = "### Relationship with Job API podFailurePolicy and backoffLimit"


def test_a_paragraph_naming_the_code_s_keys_keeps_those_sentences() -> None:
    """The KEP's Job API paragraph names `backoffLimit` and `podFailurePolicy`, keys of the
    YAML after it: its sentence naming them stays (the sentences before them would pass the
    room beside the code)."""
    blocks = _blocks(_section(JOB_API))
    paragraph, code = blocks[0], blocks[1]
    kept, moved = code_explained(paragraph, code) or (None, [])
    assert kept is not None and plain(kept.spans).startswith("The following example")
    assert plain(kept.spans).endswith("against that backoffLimit.")
    assert [plain(b.spans)[:7] for b in moved] == ["Job API"]
    assert code_explained(blocks[2], code) is None  # names `restartPolicy`, not in the code


def test_a_paragraph_naming_one_word_of_the_code_is_no_explanation() -> None:
    """fd's "Command execution" examples: the paragraph after `fd -e zip -x unzip` names
    `unzip` once in passing (what the command runs), so it moves as before and the slide keeps
    room for the next example."""
    fd = (SAMPLES / "fd-readme/README.md").read_text(encoding="utf-8")
    start = fd.index("Recursively find all zip archives")
    blocks = _blocks("# fd\n\n## Examples\n\n" + fd[start : fd.index("Find all `*.h`")])
    code, paragraph = blocks[1], blocks[2]
    assert code.type == "code" and paragraph.type == "paragraph"
    assert code_explained(paragraph, code) is None


def test_a_summarised_page_keeps_the_code_s_explanation(
    medium_budget: Callable[[int], None],
) -> None:
    """The Job API page summarised on one slide (a deck over its budget): the slide of the
    YAML says what backoffLimit and podFailurePolicy do."""
    medium_budget(1)
    slides = _slides(_section(JOB_API))
    code = [p for p in slides if any(b.type == "code" for b in p.blocks)]
    assert code and "which controls for number of retries on failure" in page_words(code[0])
