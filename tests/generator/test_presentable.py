"""Decks a person presents: diagram sources once, Slidev magic move and snippet imports,
pictures not shown, long sections of documents summarised into notes, deck slides in two
columns before they continue."""

from __future__ import annotations

import base64
import io
import pathlib
from collections.abc import Callable

from lxml import etree

from generator.api import generate_from_markdown
from generator.leftout import block_text
from generator.markup.images import Assets
from generator.model import Block, Outline, Span, plain
from generator.outline import parse_outline
from generator.summary import MAX_SLIDES, summary_blocks
from tests.generator.pptx_xml import EMU_PER_PX, NS, paragraphs, slides


def blocks(o: Outline) -> list[Block]:
    return [b for c in o.chapters for p in c.pages for b in p.blocks]


def kinds(o: Outline) -> list[str]:
    return [str(d.get("kind")) for d in o.diagnostics]


# -- diagram sources ------------------------------------------------------------------------

DIAGRAM_TWICE = """# D

## Flow

Shown as code, then as a diagram:

```
flowchart LR
A --> B
```

```mermaid
flowchart LR
A --> B
```
"""


def test_a_diagram_fence_repeating_the_code_above_keeps_both_unless_long() -> None:
    o = parse_outline(DIAGRAM_TWICE)  # a short source: shown with its drawing (test_source_pairs)
    assert [b.type for b in blocks(o)] == ["paragraph", "code", "image"]
    assert not [d for d in o.diagnostics if d["kind"] == "diagram"]
    unknown = DIAGRAM_TWICE.replace("flowchart LR", "journey")  # a type not drawn: shown once
    o = parse_outline(unknown)
    code = [b for b in blocks(o) if b.type == "code"]
    assert len(code) == 1 and code[0].text == "journey\nA --> B"
    record = next(d for d in o.diagnostics if "shown once" in d["message"])
    assert "A --> B" in record["text"]


def test_a_lone_plantuml_fence_is_one_code_block_named_as_a_diagram() -> None:
    o = parse_outline("# D\n\n## P\n\n```plantuml\n@startuml\nstart\n:A;\nstop\n@enduml\n```\n")
    code = [b for b in blocks(o) if b.type == "code"]
    assert len(code) == 1
    assert any("PlantUML diagram" in d["message"] for d in o.diagnostics)


# -- Slidev syntax --------------------------------------------------------------------------

MAGIC = """# D

## Move

`````md magic-move {lines: true}
```ts {*|2|*}
const a = 1
```

```ts {*|1-2}
const a = 2
const b = 3
```
`````
"""


def test_magic_move_shows_its_last_step_without_fence_lines_and_lists_the_others() -> None:
    o = parse_outline(MAGIC)
    code = [b for b in blocks(o) if b.type == "code"]
    assert [(c.text, c.language) for c in code] == [("const a = 2\nconst b = 3", "ts")]
    step = next(d for d in o.diagnostics if d["kind"] == "animation")
    assert step["text"] == "const a = 1" and "step 1 of 2" in step["message"]


def test_fence_line_highlight_ranges_and_file_names_are_not_the_language() -> None:
    o = parse_outline("# D\n\n## P\n\n```ts [a.ts] {all|4}\nlet x = 1\n```\n")
    assert [b.language for b in blocks(o) if b.type == "code"] == ["ts"]
    o = parse_outline("# D\n\n## P\n\n```{.python}\nx = 1\n```\n")
    assert [b.language for b in blocks(o) if b.type == "code"] == ["python"]


SNIPPET = "# D\n\n## P\n\nImported:\n\n<<< @/snippets/external.ts#snippet\n"


def test_snippet_import_without_local_files_is_a_record_naming_the_file() -> None:
    o = parse_outline(SNIPPET)
    assert "<<<" not in " ".join(plain(b.spans) for b in blocks(o))
    record = next(d for d in o.diagnostics if "snippets/external.ts" in d["message"])
    assert record["kind"] == "source" and "not read" in record["message"]


def test_snippet_import_reads_the_region_of_a_file_beside_the_document(
    tmp_path: pathlib.Path,
) -> None:
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "external.ts").write_text(
        "const skipped = 0\n// #region snippet\nexport const shown = 1\n// #endregion snippet\n"
    )
    doc = tmp_path / "slides.md"
    doc.write_text(SNIPPET)
    o = parse_outline(SNIPPET, assets=Assets.beside(str(doc)))
    code = [b for b in blocks(o) if b.type == "code"]
    assert [(c.text, c.language) for c in code] == [("export const shown = 1", "ts")]


def test_snippet_import_outside_the_document_folder_is_not_read(tmp_path: pathlib.Path) -> None:
    (tmp_path / "secret.ts").write_text("const secret = 1\n")
    inner = tmp_path / "deck"
    inner.mkdir()
    doc = inner / "slides.md"
    text = "# D\n\n## P\n\n<<< @/../secret.ts\n"
    o = parse_outline(text, assets=Assets.beside(str(doc)))
    assert not [b for b in blocks(o) if b.type == "code"]
    assert any("not read" in d["message"] for d in o.diagnostics)


# -- pictures not shown ---------------------------------------------------------------------


def test_a_remote_picture_not_fetched_leaves_no_frame_and_a_record() -> None:
    o = parse_outline("# D\n\n## P\n\nRun it to see:\n\n![Features](https://example.com/f.png)\n")
    found = blocks(o)
    assert [(b.type, plain(b.spans)) for b in found] == [("paragraph", "Run it to see.")]
    notes = o.chapters[0].pages[0].notes
    assert "Picture: Features: https://example.com/f.png" in notes
    assert "image" in kinds(o)
    o = parse_outline("# D\n\n## P\n\n![](https://example.com/blog-outline.png)\n")
    assert blocks(o) == [] and "Picture: blog outline" in o.chapters[0].pages[0].notes


# -- documents that are not talks -----------------------------------------------------------


def test_summary_keeps_first_paragraphs_introductions_and_lists() -> None:
    p = [Block("paragraph", [Span(f"Para {i}.")]) for i in range(4)]
    intro = Block("paragraph", [Span("These:")])
    items = Block("list")
    heading = Block("heading", [Span("H")])
    kept, moved = summary_blocks([p[0], p[1], intro, items, heading, p[2], p[3]])
    assert kept == [p[0], intro, items, heading, p[2]]
    assert moved == [p[1], p[3]]


def _transcript(sections: int, lines: int) -> str:
    out = ["# Meeting", ""]
    for s in range(sections):
        out += [f"## Topic {s}", "", f"### Item {s}", ""]
        for i in range(lines):
            out += [f"speaker{i % 3}: point number {i} of topic {s} said at some length, " * 3, ""]
    return "\n".join(out)


def test_a_long_section_of_a_document_is_summarised_and_the_rest_is_in_the_notes(
    medium_budget: Callable[[int], None],
) -> None:
    medium_budget(MAX_SLIDES)  # over budget whole: the page summarised and capped
    text = _transcript(1, 40)
    deck = generate_from_markdown(text, "corporate")
    content = [p for p in deck.pages if p.kind == "content"]
    assert len(content) <= MAX_SLIDES
    notes = [r for r in deck.left_out if r.kind == "notes"]
    assert notes and sum(r.words for r in notes) > 200
    spoken = " ".join(p.notes for p in content)
    assert "point number 39 of topic 0" in spoken  # the last line is in the notes
    # the first remark stays (a discussion's opening remark, generator.minutes)
    assert "point number 0 of topic 0" in " ".join(block_text(b) for b in content[0].blocks)
    long = generate_from_markdown(text, "corporate", length="long")
    assert not [r for r in long.left_out if r.kind == "notes"]
    assert len([p for p in long.pages if p.kind == "content"]) > MAX_SLIDES


def test_a_long_list_is_capped_with_its_rest_in_the_notes(
    medium_budget: Callable[[int], None],
) -> None:
    medium_budget(MAX_SLIDES)
    items = "\n".join(
        f"- entry {i}: a change with a sentence of detail about it" for i in range(90)
    )
    deck = generate_from_markdown(f"# Log\n\n## Changes\n\n### All\n\n{items}\n", "corporate")
    content = [p for p in deck.pages if p.kind == "content"]
    assert len(content) == MAX_SLIDES
    assert "entry 89" in content[0].notes and "entry 89" not in " ".join(
        plain(i.spans) for p in content for b in p.blocks for i in b.items
    )
    assert any(r.kind == "notes" and r.words > 0 for r in deck.left_out)


def test_a_talk_keeps_its_slides_and_its_long_slide_goes_into_two_columns() -> None:
    code = "\n".join(f"const value{i} = compute({i})" for i in range(10))
    slide = f"# Slide\n\nSome words about it.\n\n```ts\n{code}\n```\n\n- a point\n- another\n\n```ts\n{code}\n```\n"
    text = "---\nmarp: true\n---\n\n# Talk\n\n---\n\n" + slide
    deck = generate_from_markdown(text, "corporate")
    content = [p for p in deck.pages if p.kind == "content"]
    assert len(content) == 1 and content[0].layout == "columns"
    halves = [len(s.blocks) for s in content[0].sections]
    assert len(halves) == 2 and min(halves) >= 1 and sum(halves) == 4
    assert not [r for r in deck.left_out if r.kind == "notes"]


# -- pictures of summarised sections and picture slides ---------------------------------------


def _png(width: int, height: int, shade: int) -> str:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (width, height), (shade, 90, 160)).save(out, "PNG")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


def _pictures(slide: etree._Element) -> list[tuple[str, float, float]]:
    """(alt text, width px, height px) of each picture on a slide."""
    out = []
    for pic in slide.iterfind(".//p:pic", NS):
        alt = pic.find(".//p:cNvPr", NS)
        ext = pic.find(".//a:xfrm/a:ext", NS)
        assert alt is not None and ext is not None
        w, h = int(ext.get("cx", "0")) / EMU_PER_PX, int(ext.get("cy", "0")) / EMU_PER_PX
        out.append((alt.get("descr", ""), w, h))
    return out


def test_pictures_of_the_part_moved_to_the_notes_get_picture_slides_with_captions(
    medium_budget: Callable[[int], None],
) -> None:
    medium_budget(MAX_SLIDES + 2)  # the capped list and two picture slides
    items = "\n".join(
        f"- entry {i}: a change with a sentence of detail about it" for i in range(90)
    )
    pics = "\n\n".join(f"![Screen {i} of the log]({_png(300, 150, 40 * i)})" for i in range(5))
    deck = generate_from_markdown(
        f"# Log\n\n## Changes\n\n### All\n\n{items}\n\n{pics}\n", "corporate"
    )
    content = [p for p in deck.pages if p.kind == "content"]
    assert [p.layout for p in content] == ["bullets"] * MAX_SLIDES + ["image-grid"] * 2
    assert [(p.part, p.parts) for p in content] == [(i + 1, 5) for i in range(5)]
    shown = [alt for s in slides(deck.pptx_bytes) for alt, _, _ in _pictures(s)]
    assert shown == [f"Screen {i} of the log" for i in range(5)]  # every one, in order
    captions = " ".join(" ".join(paragraphs(s)) for s in slides(deck.pptx_bytes))
    assert all(f"Screen {i} of the log" in captions for i in range(5))
    assert "entry 89" in content[0].notes
    assert not [r for r in deck.left_out if "picture" in r.message]


def test_a_small_screenshot_on_a_picture_slide_takes_the_body_area() -> None:
    """image-full, image-text and image-grid give a small picture the room's width (at most
    three times its own), in its own proportions: not a thumbnail at its own 200 px."""
    shot = _png(200, 100, 30)
    full = f"# D\n\n## C\n\n### Settings\n\n![The settings screen]({shot})\n\nWhere to find it.\n"
    text = "Words that explain the screen next to it at some length. " * 4
    beside = f"# D\n\n## C\n\n### Settings\n\n{text}\n\n![The settings screen]({shot})\n"
    grid = "# D\n\n## C\n\n### Screens\n\n" + "\n\n".join(
        f"![Screen {i}]({_png(200, 100, 60 * i)})" for i in range(3)
    )
    for md, layout, least in (
        (full, "image-full", 560),
        (beside, "image-text", 400),
        (grid, "image-grid", 300),
    ):
        deck = generate_from_markdown(md, "corporate")
        (page,) = [p for p in deck.pages if p.kind == "content"]
        assert page.layout == layout
        drawn = [x for s in slides(deck.pptx_bytes) for x in _pictures(s)]
        assert drawn and all(least <= w <= 600 and abs(w / h - 2) < 0.05 for _, w, h in drawn)
