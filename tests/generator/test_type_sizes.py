"""Slides use their space: type never below the floor (18 px text, 16 px code and tables on a
1280x720 slide), sparse slides get larger type and sit in the middle of the body area, dense
ones keep a readable size: read from the slide XML."""

from __future__ import annotations

import pytest

from generator import generate_from_markdown
from generator.templates import builtin_templates
from tests.generator.fragments import KEP_PROTO, MERMAID_THEME_TABLE
from tests.generator.layout_samples import every_layout
from tests.generator.pptx_xml import runs, shape_boxes, slides

# Goals of the memory manager KEP (kubernetes/enhancements, keps/sig-node/1769-memory-manager,
# Apache-2.0): two bullets on a slide of their own.
GOALS = """# Memory Manager
## Motivation
### Goals
- Offer guaranteed memory (and hugepages) allocation over a minimum number of NUMA nodes for containers (within a pod).
- Guaranteeing the affinity of memory and hugepages to the same NUMA node for the whole group of containers (within a pod).
### Non-Goals
- Single NUMA Systems
- Node Allocatable Feature
- The cgroups v2 support is out of scope.
"""


def _small_texts(deck) -> set[str]:  # type: ignore[no-untyped-def]
    """Texts that may be set at the 16 px floor: code (blocks and inline) and table cells."""
    from generator.model import Block

    out: set[str] = set()

    def spans(items: list) -> None:  # type: ignore[type-arg]
        out.update(" ".join(s.text.split()) for s in items if s.code)

    def walk(b: Block) -> None:
        if b.type == "code":
            out.update(" ".join(line.split()) for line in b.text.split("\n"))
        if b.type == "table":
            out.update(" ".join("".join(x.text for x in c).split()) for c in b.header)
            out.update(" ".join("".join(x.text for x in c).split()) for r in b.rows for c in r)
        spans(b.spans)
        for para in b.paragraphs:
            spans(para)
        for item in b.items:
            spans(item.spans)
            for child in item.children:
                walk(child)

    for page in deck.pages:
        for b in page.blocks + [b for sec in page.sections for b in sec.blocks]:
            walk(b)
    return {t for t in out if t}


def body_runs(deck) -> list[tuple[int, str, float, float]]:  # type: ignore[no-untyped-def]
    """(slide, text, size, floor) of every run of the content slides' bodies (titles, page
    numbers and continuation marks excepted: they are not body text)."""
    out = []
    small = _small_texts(deck)
    for i, slide in enumerate(slides(deck.pptx_bytes)):
        page = deck.pages[i]
        if page.kind != "content":
            continue
        for r in runs(slide):
            words = " ".join(r.text.split())
            kicker = (page.subtitle, page.subtitle + " ·")  # on its line, or before the title
            if not words or words.isdigit() or words in (page.title, *kicker):
                continue
            if words.endswith(f" {page.number}") and len(words) < 40:  # a footer
                continue
            if words.startswith("(") and words.endswith(f"/{page.parts})"):
                continue
            floor = 16.0 if any(words in t for t in small) else 18.0
            out.append((i, words, r.size_px, floor))
    return out


@pytest.mark.parametrize("template", sorted(builtin_templates()))
@pytest.mark.usefixtures("whole_document")
def test_no_body_text_below_the_floor(template: str) -> None:
    md = every_layout() + "\n## Reference\n### Theme variables\n" + MERMAID_THEME_TABLE
    md += "\n### A message of the API\n" + KEP_PROTO
    deck = generate_from_markdown(md, template)
    found = body_runs(deck)
    assert len(found) > 200
    assert [(i + 1, t[:40], round(s, 1)) for i, t, s, floor in found if s < floor - 0.01] == []


def test_sparse_slide_grows_its_type_and_sits_in_the_middle() -> None:
    deck = generate_from_markdown(GOALS, "corporate", length="long")  # pages stay apart
    (goals,) = [i for i, p in enumerate(deck.pages) if p.title == "Goals"]
    page = deck.pages[goals]
    assert page.body_size > 24  # the template's base size, grown
    slide = slides(deck.pptx_bytes)[goals]
    sizes = {round(r.size_px) for r in runs(slide) if "NUMA" in r.text}
    assert min(sizes) >= 28
    (box,) = [b for b in shape_boxes(slide) if b[0].startswith("Offer guaranteed")]
    _, _x, y, _w, h = box
    body_top, body_height = 160.0, 500.0  # corporate's body area
    assert abs((y + h / 2) - (body_top + body_height / 2)) < 40  # centred, not at the top


def test_dense_page_keeps_the_floor_and_continues_instead() -> None:
    items = "\n".join(
        f"- Point {i}: a sentence long enough to fill most of a line" for i in range(40)
    )
    deck = generate_from_markdown("# T\n### Many points\n" + items, "minimal")
    shown = [p for p in deck.pages if p.title == "Many points"]
    assert len(shown) >= 2 and {p.body_size for p in shown} == {shown[0].body_size}
    assert shown[0].body_size >= 18
    for i, slide in enumerate(slides(deck.pptx_bytes)):
        if deck.pages[i].title == "Many points":
            assert min(r.size_px for r in runs(slide) if "Point" in r.text) >= 18


@pytest.mark.parametrize("template", sorted(builtin_templates()))
def test_code_and_table_sizes_follow_the_body_with_a_floor(template: str) -> None:
    from generator.planner import Planner

    planner = Planner(builtin_templates()[template], {"lang": "en"})
    assert planner.body_min >= 18 and planner.body_base >= 20
    for body in (18.0, planner.body_min, planner.body_base):
        sizes = dict(v.split(":") for v in planner.sizes(body).split(";"))
        assert float(sizes["--df-code-size"].removesuffix("px")) >= 16
        assert float(sizes["--df-small-size"].removesuffix("px")) >= 16
