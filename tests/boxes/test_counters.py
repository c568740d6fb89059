"""CSS counters in the box builder (counter-reset / -increment / -set, scopes, counter() and
counters()): the generated text Chromium shows (tools/recorders/boxes_counters.py ->
expected_counter_scopes.json), the counters' own rules, and the text in the written PPTX."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from engine import convert
from engine.boxes import box as b
from engine.boxes.build import build_box_tree
from engine.boxes.counters import INT_MAX, INT_MIN, Counters
from engine.diagnostics import Diagnostics
from engine.options import Options
from engine.parse import parse_page
from engine.style import compute_styles
from tests.boxes.chromium_counters import SCOPES, scope_page

EXPECTED = json.loads(
    (Path(__file__).resolve().parent / "expected_counter_scopes.json").read_text()
)
NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}


def _box_text(html: str) -> str:
    """Every list marker and text box of the page's box tree in order, whitespace removed."""
    diag, options = Diagnostics(), Options()
    page = parse_page(html, diag, options.limits)
    styles = compute_styles(page, diag, (1280.0, 720.0))
    root, _ = build_box_tree(page.slide, styles, diag, options)
    out: list[str] = []
    stack = [root]
    while stack:
        box = stack.pop()
        if box.marker:
            out.append(box.marker)
        if box.inner == b.TEXT:
            out.append(box.text)
        stack.extend(reversed(box.children))
    return "".join("".join(out).split())


def test_recorded_cases_are_the_recorders() -> None:
    assert {name: (c["css"], c["markup"]) for name, c in EXPECTED.items()} == SCOPES


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_generated_text_matches_chromium(name: str) -> None:
    case = EXPECTED[name]
    assert _box_text(scope_page(case["css"], case["markup"])) == case["text"]


def _style(reset: Any = (), increment: Any = (), set_: Any = ()) -> dict[str, Any]:
    return {
        "counter-reset": reset,
        "counter-increment": increment,
        "counter-set": set_,
        "display": "block",
    }


def test_sibling_reset_replaces_and_descendant_reset_nests() -> None:
    counters = Counters()
    counters.apply(_style(reset=(("c", 3),)))  # a first child: shared with its siblings
    counters.open()
    counters.apply(_style(reset=(("c", 7),)))  # its child: c in scope, so a nested instance
    assert counters.values("c") == [3, 7]
    counters.open()
    counters.close()  # the end of that child: its instance goes
    assert counters.values("c") == [3]
    counters.close()
    counters.apply(_style(reset=(("c", 5),), increment=(("c", 2),)))  # a sibling: replaces
    assert counters.values("c") == [7]
    counters.open()
    counters.close()
    assert counters.values("c") == [7]


def test_order_is_reset_increment_set_and_values_saturate() -> None:
    counters = Counters()
    counters.apply(_style(set_=(("n", 6),), increment=(("n", 2),)))
    assert counters.value("n") == 6
    counters.apply(_style(reset=(("n", 2**40),), increment=(("n", 1), ("n", 1))))
    assert counters.value("n") == INT_MAX
    counters.apply(_style(set_=(("n", -(2**40)),)))
    assert counters.value("n") == INT_MIN


def test_a_counter_used_out_of_scope_is_created_at_zero_where_it_is_used() -> None:
    counters = Counters()
    counters.open()
    assert counters.values("z") == [0]  # created at this level: it ends with it
    counters.close()
    assert counters.values("z") == [0]  # a new one


def test_counters_text_of_a_deep_stack_follows_its_changes() -> None:
    counters = Counters()
    for value in range(1, 5):  # four nested instances: 1.2.3.4
        counters.apply(_style(reset=(("c", value),)))
        counters.open()
    assert counters.joined("c", ".", "decimal") == "1.2.3.4"
    assert counters.joined("c", "-", "upper-roman") == "I-II-III-IV"
    counters.apply(_style(increment=(("c", 5),)))
    assert counters.joined("c", ".", "decimal") == "1.2.3.9"
    counters.close()  # the end of the fourth's element: the third is innermost again
    counters.apply(_style(increment=(("c", 1),)))
    assert counters.joined("c", ".", "decimal") == "1.2.4"
    counters.apply(_style(reset=(("c", 7),)))  # nests again, under the changed third
    assert counters.joined("c", ".", "decimal") == "1.2.4.7"
    assert counters.text("c", "lower-alpha") == "g"


def test_pages_without_counters_keep_no_state() -> None:
    counters = Counters()
    for _ in range(3):
        counters.apply(_style())
        counters.open()
    for _ in range(3):
        counters.close()
    assert counters.level == 0 and not counters._stacks and not counters._owned


def _paragraphs(html: str) -> list[list[str]]:
    data = convert([html]).pptx_bytes
    root = etree.fromstring(zipfile.ZipFile(io.BytesIO(data)).read("ppt/slides/slide1.xml"))
    return [
        [t.text or "" for t in p.iterfind(".//a:t", NS)] for p in root.iterfind(".//p:sp//a:p", NS)
    ]


def test_heading_numbers_in_the_pptx() -> None:
    """h2/h3 numbering (counter-reset: h3 on each h2) reaches the slide XML as the runs of the
    headings' ::before text."""
    css, markup = SCOPES["headings"]
    assert _paragraphs(scope_page(css, markup)) == [
        ["1. ", "A"],
        ["p"],
        ["1.1 ", "a"],
        ["1.2 ", "b"],
        ["2. ", "B"],
        ["2.1 ", "c"],
        ["q"],
        ["2.2 ", "d"],
        ["3. ", "C"],
    ]


def test_nested_outline_in_the_pptx() -> None:
    css, markup = SCOPES["ol_outline"]
    texts = ["".join(runs) for runs in _paragraphs(scope_page(css, markup))]
    assert texts == ["1 a", "1.1 b", "1.2 c", "1.2.1 d", "1.2.2 e", "2 f", "3 g", "3.1 h"]
