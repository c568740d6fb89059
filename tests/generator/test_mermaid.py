"""Mermaid diagrams of Markdown documents drawn as SVG pictures (alt text and notes = the
source), in the template's colours or the diagram's own theme; types not drawn, malformed
diagrams and diagrams over the caps keep their source with a diagnostic. Fragments from
samples/markdown (mermaid-readme, mermaid-theming, slidev-starter), see fragments.py."""

from __future__ import annotations

import base64
import html
import io
import re
import zipfile
from typing import Any

import pytest
from defusedxml import ElementTree as SafeET
from fragments import (
    MERMAID_CLASS,
    MERMAID_FLOWCHART,
    MERMAID_PIE,
    MERMAID_QUADRANT,
    MERMAID_SEQUENCE,
    MERMAID_STATE,
    MERMAID_THEMED,
    SLIDEV_GRAPH,
    SLIDEV_SEQUENCE,
)

import generator.markup.mermaid as mermaid
from generator.api import generate_from_markdown
from generator.markup.mermaid import config, svg
from generator.markup.mermaid.classes import read_classes
from generator.markup.mermaid.flowchart import read_flowchart
from generator.markup.mermaid.layout import place
from generator.model import Block, Outline
from generator.outline import parse_outline
from generator.templates import get_template

NS = "{http://www.w3.org/2000/svg}"


def doc(fragment: str) -> str:
    return f"# Diagrams\n\n## Examples\n\n### Diagram\n\nAs drawn:\n\n{fragment}"


def blocks(o: Outline) -> list[Block]:
    return [b for c in o.chapters for p in c.pages for b in p.blocks]


def notes(o: Outline) -> str:
    return "\n".join(n for c in o.chapters for p in c.pages for n in [p.notes or ""])


def diagrams(o: Outline) -> list[Block]:
    return [b for b in blocks(o) if b.type == "image" and b.kind == "diagram"]


def svg_root(src: str) -> Any:
    return SafeET.fromstring(base64.b64decode(src.partition(",")[2]))


def texts(root: Any) -> list[str]:
    return [t.text for t in root.iter(f"{NS}text") if t.text]


def fence_body(fragment: str) -> str:
    return fragment.split("\n", 1)[1].rsplit("```", 1)[0].strip()


def test_flowchart_is_drawn_with_its_nodes_links_and_labels() -> None:
    o = parse_outline(doc(MERMAID_FLOWCHART))
    [d] = diagrams(o)
    assert not [b for b in blocks(o) if b.type == "code"]  # no source on the slide
    assert d.alt == fence_body(MERMAID_FLOWCHART)
    assert "A[Hard] -->|Text| B(Round)" in notes(o)  # the source is in the notes
    root = svg_root(d.src)
    words = texts(root)
    for label in ("Hard", "Round", "Decision", "Result 1", "Result 2", "Text", "One", "Two"):
        assert label in words
    assert len(root.findall(f"{NS}polygon")) >= 4 + 1  # four arrowheads and the decision
    sizes = {float(t.get("font-size")) for t in root.iter(f"{NS}text")}
    assert sizes == {svg.FONT} and svg.FONT >= 20
    assert float(root.get("width")) == d.width and d.width > 3 * d.height  # laid out left-right


@pytest.mark.parametrize("fragment", [MERMAID_FLOWCHART, MERMAID_THEMED, SLIDEV_GRAPH])
def test_node_boxes_do_not_overlap(fragment: str) -> None:
    body = config.read(fence_body(fragment.split("```\n\n")[-1])).body
    flow = read_flowchart(body, 80, 160)
    placed = place(flow)
    boxes = list(placed.boxes.values())
    assert len(boxes) >= 4
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not a.overlaps(b), (a, b)
    for b in boxes:  # inside the picture
        assert b.x - b.w / 2 >= 0 and b.x + b.w / 2 <= placed.width
        assert b.y - b.h / 2 >= 0 and b.y + b.h / 2 <= placed.height


def test_sequence_diagram_has_participants_messages_loop_and_note() -> None:
    o = parse_outline(doc(MERMAID_SEQUENCE))
    [d] = diagrams(o)
    words = texts(svg_root(d.src))
    assert words.count("Alice") == words.count("John") == words.count("Bob") == 1
    for label in ("Hello John, how are you?", "Fight against hypochondria", "Great!"):
        assert label in words
    assert "loop" in words and "[HealthCheck]" in words and "Rational thoughts!" in words
    root = svg_root(d.src)
    dashed = [e for e in root.iter() if e.get("stroke-dasharray") and e.tag == f"{NS}line"]
    assert len(dashed) == 2  # the two -->> replies


def test_state_diagram_start_end_and_states() -> None:
    o = parse_outline(doc(MERMAID_STATE))
    [d] = diagrams(o)
    root = svg_root(d.src)
    assert {"Still", "Moving", "Crash"} <= set(texts(root))
    assert len(root.findall(f"{NS}circle")) == 3  # the start dot, the end's ring and dot
    assert len(root.findall(f"{NS}path")) == 6  # six transitions


def test_class_diagram_boxes_members_and_relations() -> None:
    o = parse_outline(doc(MERMAID_CLASS))
    [d] = diagrams(o)
    root = svg_root(d.src)
    words = texts(root)
    for name in ("AveryLongClass", "Class01", "Class09", "C2", "C3", "Class07", "Class10"):
        assert name in words
    assert {"int chimp", "size()", "Object[] elementData", "int id", "«Interface»"} <= set(words)
    assert {"Cool", "Where am I?"} <= set(words)
    links = [p for p in root.findall(f"{NS}path") if p.get("fill") == "none"]
    assert len(links) == 4
    flow = read_classes(config.read(fence_body(MERMAID_CLASS)).body, 80, 160)
    boxes = list(place(flow).boxes.values())
    assert not [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1 :] if a.overlaps(b)]


def test_pie_chart_slices_and_legend() -> None:
    o = parse_outline(doc(MERMAID_PIE))
    [d] = diagrams(o)
    root = svg_root(d.src)
    assert texts(root) == ["Dogs (79%)", "Cats (18%)", "Rats (3%)"]
    slices = [p for p in root.findall(f"{NS}path") if " A" in p.get("d", "")]
    assert len(slices) == 3 and len({p.get("fill") for p in slices}) == 3


def test_the_diagram_own_theme() -> None:
    o = parse_outline(doc(MERMAID_THEMED))
    [d] = diagrams(o)
    root = svg_root(d.src)
    fills = {e.get("fill", "").lower() for e in root.iter()}
    assert "#bb2528" in fills  # primaryColor
    assert "section" in texts(root)  # the subgraph's box
    assert "Car" in texts(root) and not any("fa:" in t for t in texts(root))


def test_fence_attributes_name_the_theme_and_notes_span_participants() -> None:
    o = parse_outline(doc(SLIDEV_GRAPH))
    [d] = diagrams(o)
    assert "#eeeeee" in {e.get("fill") for e in svg_root(d.src).iter()}  # `theme: 'neutral'`
    o = parse_outline(doc(SLIDEV_SEQUENCE))
    [d] = diagrams(o)
    assert "A typical interaction" in texts(svg_root(d.src))


def test_types_not_drawn_keep_their_source_with_a_diagnostic() -> None:
    o = parse_outline(doc(MERMAID_QUADRANT))
    assert not diagrams(o)
    [code] = [b for b in blocks(o) if b.type == "code"]
    assert code.language == "mermaid" and code.text.startswith("quadrantChart")
    assert [d["message"] for d in o.diagnostics if d["kind"] == "diagram"] == [
        "a Mermaid quadrantChart diagram is shown as its source (not drawn)"
    ]


@pytest.mark.parametrize(
    "source",
    [
        "graph TD\n  A[unclosed --> B",
        "sequenceDiagram\n  loop Every minute\n  A->>B: hi",
        "graph LR\n  A --> ",
        'pie\n  "Dogs" : many',
        "graph TD\n  subgraph one\n  A --> B\n  end\n  end",
    ],
)
def test_a_malformed_diagram_falls_back_to_its_source(source: str) -> None:
    o = parse_outline(doc(f"```mermaid\n{source}\n```\n"))
    assert not diagrams(o)
    assert [b.text for b in blocks(o) if b.type == "code"] == [source]
    assert [d for d in o.diagnostics if d["kind"] == "diagram"]


def test_links_chains_and_groups() -> None:
    source = (
        "graph LR\n  A --> B --> C\n  D & E -.-> F\n  F ==> G\n  G -- says no --> H\n"
        "  H --- I\n  classDef hot fill:#f00\n"
    )
    o = parse_outline(doc(f"```mermaid\n{source}```\n"))
    [d] = diagrams(o)
    root = svg_root(d.src)
    links = [p for p in root.findall(f"{NS}path") if p.get("fill") == "none"]
    assert len(links) == 7
    assert len([p for p in links if p.get("stroke-dasharray")]) == 2  # D, E -.-> F
    assert len([p for p in links if p.get("stroke-width") == "4"]) == 1  # ==>
    assert "says no" in texts(root)
    assert any("classDef" in d.get("text", "") for d in o.diagnostics)


def test_caps_per_diagram_and_per_document(monkeypatch: pytest.MonkeyPatch) -> None:
    nodes = "\n".join(f"  N{i} --> N{i + 1}" for i in range(mermaid.MAX_NODES))
    o = parse_outline(doc(f"```mermaid\ngraph TD\n{nodes}\n```\n"))
    assert not diagrams(o) and [b for b in blocks(o) if b.type == "code"]
    assert any(f"over {mermaid.MAX_NODES} nodes" in d["message"] for d in o.diagnostics)
    lines = "\n".join(f"  A --> B{i % 3}" for i in range(mermaid.MAX_LINES))
    o = parse_outline(doc(f"```mermaid\ngraph TD\n{lines}\n```\n"))
    assert not diagrams(o)
    long = "".join(f"  Alice->>John: message {k}\n" for k in range(30))
    o = parse_outline(doc(f"```mermaid\nsequenceDiagram\n{long}```\n"))
    assert not diagrams(o)  # labels too small to read once fitted into a slide
    assert any("too large to read" in d["message"] for d in o.diagnostics)
    monkeypatch.setattr(mermaid, "MAX_DIAGRAMS", 2)
    three = "".join(f"```mermaid\ngraph TD\n  A{i} --> B{i}\n```\n\n" for i in range(3))
    o = parse_outline(doc(three))
    assert len(diagrams(o)) == 2
    assert any("over 2 Mermaid diagrams" in d["message"] for d in o.diagnostics)


def _picture_sizes(pptx: bytes) -> list[tuple[str, float, float]]:
    """(description, width, height in px of a 1280 px wide slide) of every picture."""
    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        pres = z.read("ppt/presentation.xml").decode()
        slide_cx = int(re.search(r'sldSz cx="(\d+)"', pres).group(1))  # type: ignore[union-attr]
        xml = "".join(z.read(n).decode() for n in z.namelist() if n.startswith("ppt/slides/slide"))
    out = []
    for pic in re.findall(r"<p:pic>.*?</p:pic>", xml, re.S):
        descr = html.unescape(re.search(r'descr="([^"]*)"', pic).group(1))  # type: ignore[union-attr]
        cx, cy = re.search(r'<a:ext cx="(\d+)" cy="(\d+)"', pic).groups()  # type: ignore[union-attr]
        out.append((descr, int(cx) / slide_cx * 1280, int(cy) / slide_cx * 1280))
    return out


@pytest.mark.parametrize("fragment", [MERMAID_FLOWCHART, MERMAID_SEQUENCE, MERMAID_THEMED])
def test_the_deck_has_a_picture_described_by_the_source_with_readable_labels(
    fragment: str,
) -> None:
    deck = generate_from_markdown(doc(fragment), "corporate")
    [d] = diagrams(parse_outline(doc(fragment)))
    source = " ".join(d.alt.split())  # (the description's line breaks are spaces)
    found = [(w, h) for descr, w, h in _picture_sizes(deck.pptx_bytes) if descr == source]
    assert len(found) == 1
    w, h = found[0]
    scale = min(w / d.width, h / d.height)  # the picture fitted into its box
    assert svg.FONT * scale >= 18.0  # labels at least the body text's floor


def test_drawn_in_the_template_colours_and_font() -> None:
    deck = generate_from_markdown(doc(MERMAID_FLOWCHART), "corporate")
    page = next(h for h in deck.pages_html if "data:image/svg+xml" in h)
    src = re.search(r'<img src="(data:image/svg\+xml;base64,[^"]+)"', page).group(1)  # type: ignore[union-attr]
    drawn = base64.b64decode(src.partition(",")[2]).decode()
    manifest = get_template("corporate").manifest
    assert f'stroke="{manifest["colors"]["primary"]}"' in drawn  # node borders
    assert f'fill="{manifest["colors"]["text"]}"' in drawn  # labels
    assert not [p for p in config.PLACEHOLDERS.values() if p in drawn]
    assert "Arial" in drawn and svg.FONT_FAMILY not in drawn
