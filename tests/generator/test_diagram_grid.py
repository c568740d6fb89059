"""Drawn diagrams side by side on one slide only while every diagram's labels stay readable
(a Slidev grid of four diagrams: the small ones together, the large ones alone), and a drawn
diagram is never captioned with its source. Fragments: Slidev's starter deck
(fragments.SLIDEV_SEQUENCE, SLIDEV_GRAPH; fragments_sources.SLIDEV_DIAGRAMS)."""

from __future__ import annotations

from fragments import SLIDEV_GRAPH, SLIDEV_SEQUENCE
from test_mermaid import _picture_sizes, diagrams, doc

import generator.markup.mermaid as mermaid
from generator.api import generate_from_markdown
from generator.outline import parse_outline
from generator.screenshots import diagram_readable, per_slide
from tests.generator.fragments_sources import SLIDEV_DIAGRAMS

READ_PX = 12.0  # a diagram's labels at least this many px of a 1280 px slide


def test_every_diagram_of_a_grid_is_readable_on_its_slide() -> None:
    drawn = diagrams(parse_outline(SLIDEV_DIAGRAMS))
    assert len(drawn) == 4
    assert per_slide(drawn) == 1  # the mindmap and the component diagram: a slide each
    deck = generate_from_markdown(SLIDEV_DIAGRAMS, "corporate")
    sizes = _picture_sizes(deck.pptx_bytes)
    for d in drawn:
        source = " ".join(d.alt.split())
        [(w, h)] = [(w, h) for descr, w, h in sizes if " ".join(descr.split()) == source]
        assert mermaid.svg.FONT * min(w / d.width, h / d.height) >= READ_PX, d.alt[:30]


def test_small_diagrams_share_a_slide_without_their_source_as_caption() -> None:
    fragment = f"{SLIDEV_SEQUENCE}\n{SLIDEV_GRAPH}"
    drawn = diagrams(parse_outline(doc(fragment)))
    assert len(drawn) == 2 and per_slide(drawn) >= 2
    assert all(diagram_readable(d, 2) for d in drawn)
    deck = generate_from_markdown(doc(fragment), "corporate")
    [page] = [h for h in deck.pages_html if "data:image/svg+xml" in h]
    body = page.split("<body", 1)[1].split('<aside class="notes"')[0]
    assert body.count("data:image/svg+xml") == 2  # one slide, both diagrams
    assert "<figcaption" not in body  # (their source is their alt text)
