"""PlantUML diagrams drawn by the Mermaid drawers: component and deployment diagrams as
flowcharts with their groups as titled boxes, sequence diagrams as sequence diagrams; a
diagram neither reader understands keeps its source whole with a diagnostic.

Fragments: Slidev's starter deck (fragments_sources.SLIDEV_DIAGRAMS); PlantUML's own docs,
https://plantuml.com/component-diagram (COMPONENTS_BASIC, INTERFACES),
https://plantuml.com/sequence-diagram (SEQUENCE_BASIC, PARTICIPANTS),
https://plantuml.com/activity-diagram-beta (ACTIVITY), https://plantuml.com/class-diagram
(CLASS_RELATIONS); the public gist "PlantUML: Sequence Diagram Template",
https://gist.github.com/dragod812/cdac45fddec40f321971a531fbb654d3 (SEQUENCE_FRAMES)."""

from __future__ import annotations

from typing import Any

import pytest
from defusedxml import ElementTree as SafeET
from test_mermaid import NS, _picture_sizes, blocks, diagrams, svg_root, texts

import generator.markup.mermaid as mermaid
from generator.api import generate_from_markdown
from generator.markup.mermaid import config
from generator.markup.mermaid.layout import overlapping, place
from generator.markup.mermaid.model import Flow, Sequence
from generator.markup.mermaid.plantuml import read_plantuml
from generator.markup.mermaid.sequence import draw_sequence
from generator.outline import parse_outline
from tests.generator.fragments_sources import SLIDEV_DIAGRAMS

SLIDEV_PLANTUML = SLIDEV_DIAGRAMS.split("```plantuml", 1)[1].split("\n", 1)[1].split("```")[0]
COMPONENTS_BASIC = """@startuml
DataAccess - [First Component]
[First Component] ..> HTTP : use
@enduml"""
INTERFACES = """@startuml
() "First Interface"
() "Another interface" as Interf2
interface "Third interface"
interface "Fourth interface" as Interf4
[component]
footer //Adding "component" to force diagram to be a **component diagram**//
@enduml"""
SEQUENCE_BASIC = """@startuml
Alice -> Bob: Authentication Request
Bob --> Alice: Authentication Response

Alice -> Bob: Another authentication Request
Alice <-- Bob: Another authentication Response
@enduml"""
PARTICIPANTS = """@startuml
participant Participant as Foo
actor       Actor       as Foo1
boundary    Boundary    as Foo2
control     Control     as Foo3
entity      Entity      as Foo4
database    Database    as Foo5
collections Collections as Foo6
queue       Queue       as Foo7
Foo -> Foo1 : To actor
Foo -> Foo2 : To boundary
Foo -> Foo3 : To control
Foo -> Foo4 : To entity
Foo -> Foo5 : To database
Foo -> Foo6 : To collections
Foo -> Foo7: To queue
@enduml"""
SEQUENCE_FRAMES = """@startuml
participant Participant as Foo
actor Actor as Foo1
boundary Boundary as Foo2
control Control as Foo3
entity Entity as Foo4
database Database as Foo5
collections Collections as Foo6
queue Queue as Foo7
alt success
Foo -> Foo1 : To actor
activate Foo1
note left: this is a first note
else failure
Foo -> Foo2 : To boundary
note over Foo2, Foo1: Both are great items
end
par Run in parallel go routines
Foo -> Foo3 : To control
else
Foo -> Foo4 : To entity
else
Foo -> Foo5 : To database
end
group Grouped Actions
loop 100 times
Foo -> Foo6 ++ #FFBBBB: activate collections with color
Foo <- Foo6 -- : deactivate after done
destroy Foo6
end
Foo -> Foo7: To queue
end
Foo1 -> Foo : work done
deactivate Foo1
@enduml"""
ACTIVITY = """@startuml
start
:Hello world;
:This is defined on
several **lines**;
stop
@enduml"""
CLASS_RELATIONS = """@startuml
Class01 <|-- Class02
Class03 *-- Class04
Class05 o-- Class06
Class07 .. Class08
Class09 -- Class10
@enduml"""


def fenced(source: str) -> str:
    return f"# Diagrams\n\n## Examples\n\n### Diagram\n\nAs drawn:\n\n```plantuml\n{source}\n```\n"


def drawn(source: str) -> Any:
    return svg_root(mermaid.draw_plantuml(source).src)


def test_slidev_component_diagram_groups_components_interfaces_and_links() -> None:
    flow = read_plantuml(SLIDEV_PLANTUML, 80, 160)
    assert isinstance(flow, Flow)
    titles = [c.title for c in flow.clusters]
    assert titles == ["Some Group", "Other Groups", "", "MySql", "This is my folder", "Foo"]
    groups = {c.title: c.nodes for c in flow.clusters}
    assert groups["Some Group"] == ["HTTP", "First Component", "Another Component"]
    assert groups["MySql"] == ["Folder 3", "Frame 4"]  # the groups inside it: theirs too
    assert flow.nodes["HTTP"].shape == flow.nodes["FTP"].shape == "circle"  # interfaces
    assert flow.nodes["First Component"].shape == "rect"
    links = [(e.source, e.target, e.arrow) for e in flow.edges]
    assert ("HTTP", "First Component", False) in links  # `-`: a line without a head
    assert ("First Component", "FTP", True) in links
    assert ("Folder 3", "Frame 4", True) in links and len(links) == 6
    assert not overlapping(flow, place(flow))  # each group's box around its own nodes only


def test_slidev_component_diagram_is_drawn_with_its_groups_and_links() -> None:
    root = drawn(SLIDEV_PLANTUML)
    words = texts(root)
    for title in ("Some Group", "Other Groups", "MySql", "This is my folder", "Foo"):
        assert words.count(title) == 1
    for label in ("First Component", "Another Component", "Second Component", "Frame 4"):
        assert label in words
    groups = [r for r in root.iter(f"{NS}rect") if r.get("stroke-width") == "1.5"]
    assert len(groups) == 6
    links = [p for p in root.iter(f"{NS}path") if p.get("fill") == "none"]
    assert len(links) == 6
    assert len(root.findall(f"{NS}polygon")) == 4  # the four `-->` heads
    assert len(root.findall(f"{NS}circle")) == 2  # HTTP and FTP
    width, height = float(root.get("width")), float(root.get("height"))
    assert width <= mermaid.MAX_WIDTH and height <= mermaid.MAX_HEIGHT


def test_the_slidev_diagrams_slide_draws_the_plantuml_diagram() -> None:
    o = parse_outline(SLIDEV_DIAGRAMS)
    assert not [b for b in blocks(o) if b.type == "code"]  # no source on a slide
    assert len(diagrams(o)) == 4
    assert not [d for d in o.diagnostics if "PlantUML" in d["message"]]
    deck = generate_from_markdown(SLIDEV_DIAGRAMS, "corporate")
    source = " ".join(SLIDEV_PLANTUML.strip().split())
    pictures = [(w, h) for descr, w, h in _picture_sizes(deck.pptx_bytes) if descr == source]
    assert len(pictures) == 1
    [plantuml] = [d for d in diagrams(o) if d.alt.startswith("@startuml")]
    w, h = pictures[0]
    assert mermaid.svg.FONT * min(w / plantuml.width, h / plantuml.height) >= 14.0  # readable


def test_component_links_with_labels_and_dotted_lines() -> None:
    flow = read_plantuml(COMPONENTS_BASIC, 80, 160)
    assert isinstance(flow, Flow)
    [bare, use] = flow.edges
    assert (bare.source, bare.target, bare.arrow) == ("DataAccess", "First Component", False)
    assert (use.line, use.label, use.target) == ("dotted", "use", "HTTP")
    words = texts(drawn(COMPONENTS_BASIC))
    assert {"DataAccess", "First Component", "HTTP", "use"} <= set(words)


def test_interfaces_named_and_aliased() -> None:
    flow = read_plantuml(INTERFACES, 80, 160)
    assert isinstance(flow, Flow)
    shapes = {n.label: n.shape for n in flow.nodes.values()}
    assert shapes == {
        "First Interface": "circle",
        "Another interface": "circle",
        "Third interface": "circle",
        "Fourth interface": "circle",
        "component": "rect",
    }
    assert flow.ignored and flow.ignored[0].startswith("footer")


def test_sequence_messages_replies_and_reversed_arrows() -> None:
    seq = read_plantuml(SEQUENCE_BASIC, 80, 160)
    assert isinstance(seq, Sequence)
    assert list(seq.participants) == ["Alice", "Bob"]
    rows = [(m.source, m.target, m.dashed) for m in seq.rows]  # type: ignore[union-attr]
    assert rows == [("Alice", "Bob", False), ("Bob", "Alice", True)] * 2  # `<--`: Bob to Alice
    root = drawn(SEQUENCE_BASIC)
    words = texts(root)
    assert words.count("Alice") == words.count("Bob") == 1
    assert "Another authentication Response" in words
    dashed = [e for e in root.iter(f"{NS}line") if e.get("stroke-dasharray")]
    assert len(dashed) == 2


def test_sequence_participants_of_every_kind_with_their_shown_names() -> None:
    seq = read_plantuml(PARTICIPANTS, 80, 160)
    assert isinstance(seq, Sequence)
    assert list(seq.participants.values())[:3] == ["Participant", "Actor", "Boundary"]
    assert seq.actors == {"Foo1"}
    words = texts(drawn(PARTICIPANTS))
    assert {"Collections", "Queue", "To queue", "To database"} <= set(words)


def test_sequence_frames_notes_and_activation_marks() -> None:
    seq = read_plantuml(SEQUENCE_FRAMES, 80, 160)
    assert isinstance(seq, Sequence)
    # (845 px high: on a slide, too small to read; it keeps its source there)
    words = texts(SafeET.fromstring(draw_sequence(seq, config.TEMPLATE, "")))
    for tag in ("alt", "par", "group", "loop", "[success]", "[failure]", "[100 times]"):
        assert tag in words
    assert "this is a first note" in words and "Both are great items" in words
    assert "activate collections with color" in words and "deactivate after done" in words
    assert "activate Foo1" in seq.ignored and "destroy Foo6" in seq.ignored


@pytest.mark.parametrize("source", [ACTIVITY, CLASS_RELATIONS, "@startmindmap\n* a\n@endmindmap"])
def test_a_diagram_not_understood_keeps_its_whole_source(source: str) -> None:
    o = parse_outline(fenced(source))
    assert not diagrams(o)
    [code] = [b for b in blocks(o) if b.type == "code"]
    assert code.text == source
    assert any("PlantUML" in d["message"] for d in o.diagnostics)
