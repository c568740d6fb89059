"""new_presentation(): a copy of the once-loaded default template equals a freshly opened one and
shares nothing with the template or with other copies."""

from __future__ import annotations

import gc
import io
import threading
import zipfile
from typing import Any

import pptx
from pptx.presentation import Presentation
from pptx.util import Emu

from engine.model.schema import Deck
from engine.model.schema.complete import complete
from engine.pptx.deck import new_presentation, write_deck
from engine.pptx.package import package_bytes


def _parts(prs: Presentation) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(package_bytes(prs))) as zf:
        return {name: zf.read(name) for name in zf.namelist()}


def test_copy_serializes_like_a_freshly_opened_template() -> None:
    fresh = _parts(pptx.Presentation())
    copied = _parts(new_presentation())
    assert copied.keys() == fresh.keys()
    for name, data in fresh.items():
        assert copied[name] == data, name


def test_copies_share_no_parts_or_elements() -> None:
    first, second = new_presentation(), new_presentation()
    first_parts = list(first.part.package.iter_parts())
    second_parts = list(second.part.package.iter_parts())
    assert (
        len(first_parts)
        == len(second_parts)
        == len(list(pptx.Presentation().part.package.iter_parts()))
    )
    assert not {id(p) for p in first_parts} & {id(p) for p in second_parts}
    assert not {id(p._element) for p in first_parts if hasattr(p, "_element")} & {
        id(p._element) for p in second_parts if hasattr(p, "_element")
    }
    first.slides.add_slide(first.slide_layouts[6])
    first.slide_width = Emu(9144000)
    assert len(second.slides) == 0
    assert len(new_presentation().slides) == 0
    assert new_presentation().slide_width == pptx.Presentation().slide_width


def test_decks_written_after_each_other_do_not_leak_slides_or_media() -> None:
    deck = {"width": 1280, "height": 720, "slides": [{"shapes": []}, {"shapes": []}]}
    two = write_deck(complete(deck, Deck), {})
    one = write_deck(complete({**deck, "slides": [{"shapes": []}]}, Deck), {})
    with zipfile.ZipFile(io.BytesIO(one)) as zf:
        slides = [n for n in zf.namelist() if n.startswith("ppt/slides/slide")]
    assert slides == ["ppt/slides/slide1.xml"]
    assert write_deck(complete(deck, Deck), {}) == two  # deterministic across copies


def test_each_thread_has_its_own_template() -> None:
    results: list[bytes] = []

    def work() -> None:
        results.append(package_bytes(new_presentation()))

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 3 and len(set(results)) == 1
    assert results[0] == package_bytes(new_presentation())


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
    # (python-pptx's own walk over the relationships leaves small cycles behind: the parts as
    # empty shells, the presentation and master parts, the first notes slide; no slide's tree.)
    assert "CT_Slide" not in names
