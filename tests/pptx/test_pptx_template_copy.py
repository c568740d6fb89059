"""new_default_deck(): each deck's copy of the default package (engine/data/pptx) equals python-pptx's
default template, and shares nothing with the template or with other copies."""

from __future__ import annotations

import gc
import io
import threading
import zipfile
from typing import Any

import pptx
from pptx.opc.constants import RELATIONSHIP_TYPE as PPTX_RT

from engine.model.schema import Deck
from engine.model.schema.complete import complete
from engine.pptx.base import adopt
from engine.pptx.deck import write_deck
from engine.pptx.opc import Package, XmlPart
from engine.pptx.package import package_bytes
from engine.pptx.template import new_default_deck


def _parts(package: Package) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(package_bytes(package))) as zf:
        return {name: zf.read(name) for name in zf.namelist()}


def _python_pptx_default() -> Package:
    prs = pptx.Presentation()
    package = prs.part.package
    for rel in list(package._rels.values()):
        if rel.reltype == PPTX_RT.THUMBNAIL:
            package.drop_rel(rel.rId)
    return adopt(prs)[0]


def test_copy_serializes_like_python_pptx_default_template() -> None:
    theirs = _python_pptx_default()
    fresh = _parts(theirs)
    copied = _parts(new_default_deck().package)
    assert list(copied) == list(fresh)  # same parts, written in the same order
    for name, data in fresh.items():
        assert copied[name] == data, name


def test_blank_layout_is_the_default_templates_blank() -> None:
    layout = new_default_deck().blank_layout
    assert layout.partname == str(pptx.Presentation().slide_layouts[6].part.partname)
    assert b'<p:cSld name="Blank">' in layout.blob


def test_copies_share_no_parts_or_elements() -> None:
    first, second = new_default_deck(), new_default_deck()
    first_parts = list(first.package.iter_parts())
    second_parts = list(second.package.iter_parts())
    assert len(first_parts) == len(second_parts) == len(list(_python_pptx_default().iter_parts()))
    assert not {id(p) for p in first_parts} & {id(p) for p in second_parts}
    assert not {id(p.element) for p in first_parts if isinstance(p, XmlPart)} & {
        id(p.element) for p in second_parts if isinstance(p, XmlPart)
    }
    first.presentation.element.find(
        "{http://schemas.openxmlformats.org/presentationml/2006/main}sldSz"
    ).set("cx", "9144000")
    first.presentation.rels.add("urn:x", "https://example.com/")
    assert _parts(second.package) == _parts(new_default_deck().package)


def test_decks_written_after_each_other_do_not_leak_slides_or_media() -> None:
    deck = {"width": 1280, "height": 720, "slides": [{"shapes": []}, {"shapes": []}]}
    two = write_deck(complete(deck, Deck), {})
    one = write_deck(complete({**deck, "slides": [{"shapes": []}]}, Deck), {})
    with zipfile.ZipFile(io.BytesIO(one)) as zf:
        slides = [n for n in zf.namelist() if n.startswith("ppt/slides/slide")]
    assert slides == ["ppt/slides/slide1.xml"]
    assert write_deck(complete(deck, Deck), {}) == two  # deterministic across copies


def test_threads_writing_at_once_get_equal_decks() -> None:
    deck = complete({"width": 1280, "height": 720, "slides": [{"notes": "n"}] * 3}, Deck)
    results: list[bytes] = []

    def work() -> None:
        results.append(write_deck(deck, {}))

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 3 and len(set(results)) == 1
    assert results[0] == write_deck(deck, {})


def _uncollected_after(action: Any) -> list[str]:
    """Type names of the objects left in reference cycles by `action` (collector paused, as
    while pages convert), found by one full collection that keeps what it finds."""
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        action()
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        names = [type(o).__name__ for o in gc.garbage]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was_enabled:
            gc.enable()
    return names


def test_a_written_deck_leaves_no_slide_tree_to_the_collector() -> None:
    # A written deck's package, parts and slide XML trees are freed by reference counting as
    # write_deck returns; left in cycles, a large table slide's tree (~100 MB) would stay
    # until a full collection, deck after deck in a worker.
    slides = [{"background": None, "shapes": [], "notes": "n", "blank": False}] * 3
    deck = {"width": 960, "height": 540, "slides": slides}
    names = _uncollected_after(lambda: write_deck(complete(deck, Deck), {}))
    assert not {"XmlPart", "Part", "Package", "Relationships", "Relationship"} & set(names)
