"""Mermaid gantt charts, git graphs, user journeys, mindmaps, xy charts and C4 diagrams drawn as SVG
pictures; headings ending in a bracketed group of links keep their words, the links go to the
notes. Fragments from samples/markdown (mermaid-readme, slidev-starter) and Mermaid's syntax
pages, see fragments.py."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from defusedxml import ElementTree as SafeET
from fragments import (
    MERMAID_C4,
    MERMAID_GANTT,
    MERMAID_GANTT_BARS,
    MERMAID_GITGRAPH,
    MERMAID_JOURNEY,
    MERMAID_THEMED,
    MERMAID_XYCHART,
    SLIDEV_MINDMAP,
)
from test_mermaid import NS, blocks, diagrams, doc, notes, svg_root, texts

import generator.markup.mermaid as mermaid
from generator.api import generate_from_markdown
from generator.markup.mermaid import config
from generator.markup.mermaid.c4 import Boundary, Element, draw_c4, read_c4
from generator.markup.mermaid.gantt import read_gantt
from generator.markup.mermaid.gitgraph import read_gitgraph
from generator.markup.mermaid.layout import place
from generator.markup.mermaid.mindmap import read_mindmap
from generator.outline import parse_outline


def body(fragment: str) -> list[str]:
    return config.read(fragment.split("```mermaid\n", 1)[1].rsplit("```", 1)[0]).body


def bars(root: object) -> list[tuple[float, float]]:
    """(x, width) of the gantt's task bars."""
    found = [r for r in root.iter(f"{NS}rect") if r.get("rx") == "3"]  # type: ignore[attr-defined]
    return [(float(r.get("x")), float(r.get("width"))) for r in found]


def test_gantt_tasks_dates_durations_and_after_on_a_date_axis() -> None:
    chart = read_gantt(body(MERMAID_GANTT), 80)
    day = {t.id: (t.begins, t.ends) for t in chart.tasks}
    jan = lambda d: datetime(2014, 1, d, tzinfo=UTC)  # noqa: E731
    assert day["des1"] == (jan(6), jan(8)) and day["des2"] == (jan(7), jan(10))  # date, 3d
    assert day["des3"] == day["des4"] == (jan(8), jan(9))  # after des1, 1d
    assert day["des5"] == (jan(9), jan(10))  # after des3
    o = parse_outline(doc(MERMAID_GANTT))
    [d] = diagrams(o)
    assert not [b for b in blocks(o) if b.type == "code"]
    root = svg_root(d.src)
    words = texts(root)
    assert {"Section", "Completed", "Active", "Parallel 1", "Parallel 4"} <= set(words)
    assert {"2014-01-06", "2014-01-08", "2014-01-10"} <= set(words)  # the axis
    drawn = bars(root)
    assert len(drawn) == 6
    (x1, w1), (x2, w2), (x3, w3) = drawn[:3]
    assert x2 > x1 and abs(w2 - 1.5 * w1) < 1 and abs(x3 - (x1 + w1)) < 1  # 3d vs 2d; after


def test_gantt_in_unix_seconds_is_a_bar_chart_with_a_seconds_axis() -> None:
    o = parse_outline(doc(MERMAID_GANTT_BARS))
    [d] = diagrams(o)
    root = svg_root(d.src)
    words = texts(root)
    assert "Git Issues - days since last update" in words
    assert {"Issue19062", "71", "Issue1300", "5", "0", "70"} <= set(words)
    widths = [w for _, w in bars(root)]
    assert len(widths) == 5 and abs(widths[0] / widths[4] - 71 / 5) < 0.1
    assert len({round(x) for x, _ in bars(root)}) == 1  # all from 0


@pytest.mark.parametrize(
    "source",
    [
        "gantt\n    Task : after nowhere, 1d",
        "gantt\n    Task : 2014-13-45, 1d",
        "gantt\n    Task : 1d",
        "gantt\n    Task : 2014-01-01, 99999999999y",  # past the calendar
        "gantt\n    Task : a, after b, 1d\n    Other : b, after a, 1d",
    ],
)
def test_a_gantt_the_reader_cannot_date_keeps_its_source(source: str) -> None:
    o = parse_outline(doc(f"```mermaid\n{source}\n```\n"))
    assert not diagrams(o) and [b.text for b in blocks(o) if b.type == "code"] == [source]
    assert [x for x in o.diagnostics if x["kind"] == "diagram" and "gantt" in x["message"]]


def test_git_graph_lanes_commits_and_merge() -> None:
    graph = read_gitgraph(body(MERMAID_GITGRAPH), 80)
    assert [c.branch for c in graph.commits] == ["main"] * 2 + ["develop"] * 2 + ["main"] * 3
    merge = graph.commits[4]
    assert merge.kind == "MERGE" and merge.parents == [graph.commits[1].id, graph.commits[3].id]
    o = parse_outline(MERMAID_GITGRAPH)
    [d] = diagrams(o)
    [code] = [b for b in blocks(o) if b.type == "code"]  # the source above it stays with it
    assert code.text.split() == d.alt.split()
    root = svg_root(d.src)
    assert texts(root) == ["main", "develop"]  # made-up commit ids are not shown
    dots = [c for c in root.iter(f"{NS}circle") if c.get("r") == "10"]
    assert len(dots) == 7
    lanes = sorted({float(c.get("cy")) for c in dots})
    assert len(lanes) == 2
    links = [p for p in root.iter(f"{NS}path") if p.get("fill") == "none"]
    assert len(links) == 7  # six first parents and the merged branch
    assert len([c for c in root.iter(f"{NS}circle") if c.get("r") == "5"]) == 1  # the merge


def test_git_graph_ids_tags_and_errors() -> None:
    source = (
        'gitGraph\n  commit id: "Alpha"\n  commit id: "Beta" tag: "v1.0"\n  branch feature\n'
        '  checkout feature\n  commit id: "Gamma" type: HIGHLIGHT\n  checkout main\n'
        '  merge feature tag: "v1.1"\n  cherry-pick id: "Gamma"\n'
    )
    [d] = diagrams(parse_outline(doc(f"```mermaid\n{source}```\n")))
    words = texts(svg_root(d.src))
    assert {"Alpha", "Beta", "Gamma", "v1.0", "v1.1", "main", "feature"} <= set(words)
    for bad in ("gitGraph\n  checkout nowhere\n  commit", "gitGraph\n  commit\n  merge main"):
        o = parse_outline(doc(f"```mermaid\n{bad}\n```\n"))
        assert not diagrams(o) and [b.text for b in blocks(o) if b.type == "code"] == [bad]


def test_journey_sections_tasks_scores_and_actors() -> None:
    o = parse_outline(doc(MERMAID_JOURNEY))
    [d] = diagrams(o)
    root = svg_root(d.src)
    words = texts(root)
    assert {"My working day", "Go to work", "Go home", "Make tea", "Sit down"} <= set(words)
    assert words.count("Me") == 1 and words.count("Cat") == 1  # the legend
    faces = [c for c in root.iter(f"{NS}circle") if c.get("r") == "15"]
    heights = [float(c.get("cy")) for c in faces]
    assert len(faces) == 5
    step = heights[1] - heights[0]  # scores 5, 3, 1, 5, 3
    assert step > 0 and heights[2] - heights[0] == 2 * step and heights[3] == heights[0]


def test_mindmap_is_a_tree_from_its_root() -> None:
    lines = config.read(SLIDEV_MINDMAP.split("\n", 1)[1].rsplit("```", 1)[0])
    flow = read_mindmap(lines.body, lines.indents, 80)
    assert len(flow.nodes) == 15 and len(flow.edges) == 14
    labels = {n.id: n.label for n in flow.nodes.values()}
    parent = {labels[e.target]: labels[e.source] for e in flow.edges}
    assert parent["Origins"] == "mindmap" and parent["Creative techniques"] == "Uses"
    assert parent["Uses"] == "On Automatic creation" and parent["Mermaid"] == "Tools"
    assert flow.nodes["n0"].shape == "circle" and not [e for e in flow.edges if e.arrow]
    placed = place(flow)
    xs = {labels[k]: b.x for k, b in placed.boxes.items()}
    assert xs["mindmap"] < xs["Origins"] < xs["Long history"]  # left to right by depth
    o = parse_outline(doc(SLIDEV_MINDMAP))
    [d] = diagrams(o)
    assert "On effectiveness" in texts(svg_root(d.src))
    assert any("::icon" in x.get("text", "") for x in o.diagnostics)


def test_xychart_bars_line_and_axis() -> None:
    o = parse_outline(doc(MERMAID_XYCHART))
    [d] = diagrams(o)
    root = svg_root(d.src)
    words = texts(root)
    assert {"Sales Revenue", "jan", "dec", "4000", "10000"} <= set(words)
    rects = [r for r in root.iter(f"{NS}rect")]
    assert len(rects) == 12
    tallest = max(rects, key=lambda r: float(r.get("height")))
    assert tallest is rects[6]  # jul: 11000
    assert len([c for c in root.iter(f"{NS}circle")]) == 12  # the line's points


def test_heading_with_bracketed_links_keeps_its_words_and_notes_the_links() -> None:
    o = parse_outline(MERMAID_GITGRAPH)
    [page] = [p for c in o.chapters for p in c.pages]
    assert page.title == "Git graph"
    assert "live editor: https://mermaid.live/edit#pako:" in notes(o)
    assert "(experimental)" in notes(o)
    o = parse_outline(MERMAID_C4)
    assert [p.title for c in o.chapters for p in c.pages] == ["C4 diagram"]
    assert "docs: https://mermaid.js.org/syntax/c4.html" in notes(o)


@pytest.mark.parametrize(
    ("heading", "title"),
    [
        ("## Arrays [1, 2]", "Arrays [1, 2]"),  # no link in the brackets
        ("## See [the docs](https://example.org) for more", "See the docs for more"),
        ("## Setup [read this first](https://example.org)", "Setup read this first"),
        ("## Options [new and improved - [docs](https://example.org)]",  # words, not one
         "Options [new and improved - docs]"),
        ("## [docs](https://example.org)", "docs"),  # nothing left for a title
    ],
)  # fmt: skip
def test_other_brackets_stay_in_the_title(heading: str, title: str) -> None:
    o = parse_outline(f"{heading}\n\nText.\n")
    assert [p.title for c in o.chapters for p in c.pages] == [title]
    assert "links:" not in notes(o)


def test_a_configured_source_stays_beside_its_drawn_diagram() -> None:
    o = parse_outline(doc(MERMAID_THEMED))
    assert [b.type for b in blocks(o)] == ["paragraph", "code", "image"]
    code = next(b for b in blocks(o) if b.type == "code")
    lines = code.text.split("\n")
    assert (
        lines[:3] == ["---", "config:", "  theme: 'base'"] and "    tertiaryColor: '#fff'" in lines
    )
    assert lines[-2:] == ["        graph TD", "…"]  # the diagram's own lines: the picture
    deck = generate_from_markdown(doc(MERMAID_THEMED), "corporate")
    [page] = [h for h in deck.pages_html if "data:image/svg+xml" in h]
    split = page[page.index('class="df-split"') :]
    assert "primaryColor" in split and split.index("primaryColor") < split.index("<figure")
    assert 'class="df-split-media" style="flex-basis:' in split


def test_a_short_configured_source_is_shown_whole_beside_the_diagram() -> None:
    source = "---\nconfig:\n  theme: 'forest'\n---\n  graph TD\n    a --> b"
    fragment = f"Example:\n\n```mermaid-example\n{source}\n```\n\n```mermaid\n{source}\n```\n"
    o = parse_outline(doc(fragment))
    assert [b.text for b in blocks(o) if b.type == "code"] == [source]
    assert len(diagrams(o)) == 1
    plain = fragment.replace("---\nconfig:\n  theme: 'forest'\n---\n", "")
    o = parse_outline(doc(plain))  # no configuration: the source and its drawing, both shown
    assert [b.text for b in blocks(o) if b.type == "code"] == ["  graph TD\n    a --> b"]
    assert len(diagrams(o)) == 1


def test_c4_elements_in_their_boundaries_and_relations() -> None:
    source = MERMAID_C4.split("```mermaid\n", 1)[1].rsplit("```", 1)[0]
    chart = read_c4(config.read(source).body, 80, 160)
    assert len(chart.elements) == 12 and len(chart.relations) == 4
    [bank] = [b for b in chart.top.items if isinstance(b, Boundary)]
    inner = [b.title for b in bank.items if isinstance(b, Boundary)]
    assert bank.title == "BankBoundary" and inner == ["BankBoundary2", "BankBoundary3"]
    placed = {e.id: e for e in chart.elements.values()}
    root = SafeET.fromstring(draw_c4(chart, config.TEMPLATE, "").encode())
    words = texts(root)
    assert "System Context diagram for Internet Banking System" in words
    assert {"Banking Customer A", "Mainframe Banking System", "BankBoundary3"} <= set(words)
    assert {"Uses", "Sends e-mails to", "[SMTP]"} <= set(words)
    heads = root.findall(f"{NS}polygon")
    assert len(heads) == 6  # two BiRel with two heads each, two Rel
    boxes = [(e.x, e.y, e.x + e.w, e.y + e.h) for e in placed.values()]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    inside = [(e.x, e.y) for e in bank.items if isinstance(e, Element)]
    assert all(bank.x < x < bank.x + bank.w and bank.y < y < bank.y + bank.h for x, y in inside)


def test_a_c4_diagram_too_large_for_a_slide_is_drawn_without_descriptions() -> None:
    # with its descriptions the README's diagram is 1776 px wide (rows of four) or too tall
    # (rows filled to a slide's width): fitted into a slide its labels would be below 12 pt;
    # drawn with the elements' names, it fits, its relations and boundaries drawn
    o = parse_outline(MERMAID_C4)
    [d] = diagrams(o)
    assert not [b for b in blocks(o) if b.type == "code"]
    assert d.width <= mermaid.MAX_WIDTH and d.height <= mermaid.MAX_HEIGHT
    root = svg_root(d.src)
    words = texts(root)
    assert {"Banking Customer A", "Banking System G Queue", "BankBoundary3"} <= set(words)
    assert {"Uses", "Sends e-mails to", "[SMTP]"} <= set(words)
    assert not [w for w in words if "personal bank accounts" in w]  # in the source (alt text)
    assert "personal bank accounts" in d.alt
    boundaries = [
        r for r in root.iter(f"{NS}rect") if r.get("stroke-dasharray") and r.get("fill") == "none"
    ]
    assert len(boundaries) == 3
    assert len(root.findall(f"{NS}polygon")) == 6
