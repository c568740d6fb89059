"""What leaves a deck over its slide budget: secondary parts (installing, troubleshooting,
developing, a design's test plan) before the body, the chapters that show what the thing does
(usage, examples, benchmarks, the design) last; and what a summary keeps of a page: the
sentence that states a result, a code block's label."""

from __future__ import annotations

import json
import math
from pathlib import Path

from generator.alsoin import HEADING
from generator.api import PlannedDeck, plan_from_markdown
from generator.drop import Left, chosen, core, secondary
from generator.model import Outline, plain
from generator.outline import parse_outline
from generator.summary import summary_blocks
from tests.generator.fragments_drop import BAT_STDIN, FD_BENCHMARK

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
FD = CORPUS / "fd-readme" / "README.md"
BAT = CORPUS / "bat-readme" / "README.md"
KEP = CORPUS / "kep-crashloopbackoff" / "README.md"


def _order(path: Path) -> tuple[Outline, list[Left]]:
    outline = parse_outline(path.read_text(encoding="utf-8"))
    return outline, chosen(outline, {}, over=math.inf)


def _at(outline: Outline, left: list[Left], chapter: str, page: str = "") -> list[int]:
    """Where in the order the pages of `chapter` (or its page titled `page`) leave."""
    return [
        i
        for i, x in enumerate(left)
        if outline.chapters[x.chapter].title == chapter
        and (not page or outline.chapters[x.chapter].pages[x.page].title == page)
    ]


def test_titles_name_the_secondary_parts_and_the_core() -> None:
    for title in ("Installation", "Troubleshooting", "Development", "Contributing", "From source"):
        assert secondary(title), title
    for title in ("Maintainers", "Test Plan", "Graduation Criteria", "Version Skew Strategy"):
        assert secondary(title), title
    assert secondary("Using bat on Windows") and not secondary("Customization")
    assert not secondary("Command execution") and not secondary("Benchmark")
    for title in ("How to use", "Features", "Benchmark", "Design Details", "Examples"):
        assert core(title), title
    assert not core("Integration with other programs") and not core("Alternatives")


def test_fd_leaves_troubleshooting_and_installing_before_how_to_use() -> None:
    outline, left = _order(FD)
    usage = _at(outline, left, "How to use")
    assert usage  # its later pages may leave at last, never its first
    for chapter in ("Troubleshooting", "Installation", "Development", "Maintainers"):
        gone = _at(outline, left, chapter)
        assert gone and max(gone) < min(usage), chapter
    # a chapter neither secondary nor core gives up its later pages before How to use
    assert max(_at(outline, left, "Integration with other programs")) < min(usage)
    # the whole of Troubleshooting may leave (a talk about fd does without it)
    titles = {outline.chapters[x.chapter].title for x in left if x.page == 0}
    assert "Troubleshooting" in titles and "How to use" not in titles


def test_a_kep_leaves_its_test_plan_before_its_design_and_alternatives() -> None:
    outline, left = _order(KEP)
    for page in ("Test Plan", "Graduation Criteria", "Version Skew Strategy"):
        (at,) = _at(outline, left, "Design Details", page)
        assert at < min(_at(outline, left, "Alternatives")), page
    (bench,) = _at(outline, left, "Design Details", "Benchmarking")
    assert bench > max(_at(outline, left, "Alternatives"))


def _plan(path: Path) -> PlannedDeck:
    return plan_from_markdown(path.read_text(encoding="utf-8"), "corporate", source_name="x")


def _shown(deck: PlannedDeck) -> str:
    shown = [{k: v for k, v in page.items() if k != "notes"} for page in deck.pages]
    return " ".join(json.dumps(shown, ensure_ascii=False).split())


def _notes(deck: PlannedDeck) -> str:
    return "\n".join(str(p.get("notes", "")) for p in deck.pages)


def test_the_fd_deck_shows_command_execution_and_its_first_install_routes() -> None:
    deck = _plan(FD)
    shown = _shown(deck)
    for title in ("Command execution", "Hidden and ignored files", "Deleting files"):
        assert title in shown, title
    # the first install routes stay (a page before the table of platforms never leaves)
    # (Debian shares Ubuntu's page: its slide shows both commands, the fdfind note its notes)
    assert "On Debian" in shown and "apt install fd-find" in shown
    notes = _notes(deck)
    assert HEADING + "Installation · From binaries" in notes
    assert HEADING + "Troubleshooting · Placeholders in -x/-X" in notes


def test_the_bat_deck_shows_its_integration_with_other_tools() -> None:
    deck = _plan(BAT)
    shown = _shown(deck)
    assert "Integration with other tools" in shown and "fzf" in shown
    assert "Output style" in shown  # Customization keeps more than its first pages
    assert HEADING + "Troubleshooting · Garbled output" in _notes(deck)


def test_a_summary_keeps_the_sentence_that_states_a_benchmarks_result() -> None:
    blocks = parse_outline(FD_BENCHMARK).chapters[0].pages[0].blocks
    kept, moved = summary_blocks(blocks)
    shown = " ".join(plain(b.spans) for b in kept if b.type == "paragraph")
    assert "approximately 23 times faster than find -iregex" in shown
    assert "13 times faster than find -iname" in shown
    notes = " ".join(plain(b.spans) for b in moved)
    assert "one particular benchmark" in notes  # the caveat stays in the notes


def test_a_summary_keeps_a_code_blocks_label_and_moves_its_aside() -> None:
    blocks = parse_outline(BAT_STDIN).chapters[0].pages[0].blocks
    kept, moved = summary_blocks(blocks)
    labels = [plain(b.spans) for b in kept if b.type == "paragraph"]
    assert "Read from stdin, determine the syntax automatically" in labels
    assert "Read from stdin, specify the language explicitly" in labels
    assert plain(moved[0].spans).startswith("(note, highlighting will only work")
    # every word is on the slide or in the notes, once
    words = " ".join(plain(b.spans) for b in blocks if b.type == "paragraph").split()
    both = sorted([*kept, *moved], key=lambda b: blocks.index(b) if b in blocks else -1)
    assert sorted(" ".join(plain(b.spans) for b in both if b.type == "paragraph").split()) == (
        sorted(words)
    )


def _png() -> str:
    import base64
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (400, 300), "navy").save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def test_a_chapter_gives_up_its_pages_of_text_before_its_pages_of_pictures() -> None:
    """A talk shows the graphs: a chapter's later pages of text leave before its page of
    pictures, which leaves only once the chapter has no page of text left to give."""
    md = "# Design doc\n\n## Design Details\n\n### Overview\n\nThe design in short.\n\n"
    md += "### Test notes\n\nMore prose about tests.\n\n### Edge cases\n\nProse again.\n\n"
    md += f"### Benchmark graphs\n\n![Restart latency by version]({_png()})\n"
    outline = parse_outline(md)
    titles = [
        outline.chapters[x.chapter].pages[x.page].title for x in chosen(outline, {}, math.inf)
    ]
    assert titles == ["Edge cases", "Test notes", "Benchmark graphs"]
