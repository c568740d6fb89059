"""A page of alike sections (user stories, options: every one titled and opening with a
paragraph, of similar length, no pictures) that has no room for all of them whole shows each
as a line, its title in bold and its first sentence, rather than its first alone with the
others in the notes (generator.digest)."""

from __future__ import annotations

from pathlib import Path

from generator.api import plan_from_markdown
from generator.digest import digest, parallel
from generator.markup.images import Assets
from generator.model import Page, plain
from generator.outline import parse_outline
from generator.pages import PlannedPage

KEP = Path(__file__).resolve().parents[2] / "samples/markdown/kep-crashloopbackoff/README.md"
STORIES = ("Task isolation", "Fast restart on failure", "Sidecar containers fast restart")


def _page(title: str, path: Path = KEP) -> Page:
    outline = parse_outline(path.read_text("utf-8"), assets=Assets.beside(str(path)))
    return next(p for c in outline.chapters for p in c.pages if p.title == title)


def test_a_design_documents_user_stories_are_each_on_the_slide() -> None:
    """The KEP's three user stories: the slide showed "Task isolation" only."""
    deck = plan_from_markdown(KEP.read_text("utf-8"), "corporate", assets=Assets.beside(str(KEP)))
    pages = [PlannedPage.from_dict(p) for p in deck.pages]
    stories = [p for p in pages if p.title == "User Stories"]
    assert len(stories) == 1
    lists = [b for b in stories[0].blocks if b.type == "list"]
    lines = [plain(i.spans) for b in lists for i in b.items]
    assert [line.split(":")[0] for line in lines] == list(STORIES)
    assert lines[1] == (
        "Fast restart on failure: There are AI/ML scenarios where an entire workload is "
        "delayed if one of the Pods is not running."
    )
    # each story whole in the notes; none listed as left out on the "Also" slide
    assert all(s in stories[0].notes for s in STORIES)
    assert "restart the container as fast as possible" in stories[0].notes
    also = next((p for p in pages if p.title == "Also in the document"), None)
    assert also is None or not any(
        "Fast restart on failure" in plain(i.spans) for b in also.blocks for i in b.items
    )


def test_alike_sections_are_told_apart_from_install_variants_and_criteria() -> None:
    stories = _page("User Stories")
    assert parallel(stories)
    listed, record = digest(stories, "chapters[4].pages[3]")
    assert listed.sections == [] and record.kind == "notes" and record.words > 100
    # install variants (a lead-in to a command each), graduation criteria (lists): not stories
    assert not parallel(_page("On Windows", KEP.parents[1] / "bat-readme" / "README.md"))
    assert not parallel(_page("Graduation Criteria"))
