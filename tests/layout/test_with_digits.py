"""engine.with_digits: a page differing from a laid-out one only in digits of some elements'
text is made from that layout when the digits shape to the same widths, and builds the slide a
fresh layout builds; anything else answers None (the caller lays the page out)."""

from __future__ import annotations

from engine import LaidOut, Options, convert_laid_out, lay_out, with_digits

OPTIONS = Options()


def _page(number: str, body: str = "<p>Body text</p>", tag: str = "div") -> str:
    return (
        f'<div class="slide" style="width:640px;height:360px">{body}'
        f'<{tag} class="num">Page {number}</{tag}></div>'
    )


def _boxes(laid: LaidOut) -> list[tuple[object, ...]]:
    return [(b.kind, b.tag, b.x, b.y, b.width, b.height, b.text) for b in laid.layout.boxes]


def test_same_width_digits_give_the_fresh_layout_and_slide() -> None:
    laid = lay_out(_page("27"), OPTIONS)
    made = with_digits(laid, _page("35"), "num", "27", "35", OPTIONS)
    assert made is not None and made.html == _page("35")
    fresh = lay_out(_page("35"), OPTIONS)
    assert _boxes(made) == _boxes(fresh)
    built = convert_laid_out([made], options=OPTIONS).slides
    assert built == convert_laid_out([fresh], options=OPTIONS).slides
    # the layout it came from is untouched, and still builds its own slide
    assert any(b.text == "Page 27" for b in laid.layout.boxes)
    again = convert_laid_out([laid], options=OPTIONS).slides
    assert again == convert_laid_out([lay_out(_page("27"), OPTIONS)], options=OPTIONS).slides


def test_other_widths_or_other_text_answer_none() -> None:
    laid = lay_out(_page("14"), OPTIONS)
    assert with_digits(laid, _page("11"), "num", "14", "11", OPTIONS) is None  # a narrower 1
    assert with_digits(laid, _page("25"), "num", "99", "25", OPTIONS) is None  # not its digits
    assert with_digits(laid, _page("25"), "num", "14", "2", OPTIONS) is None  # fewer digits
    assert with_digits(laid, _page("25"), "none", "14", "25", OPTIONS) is None  # no such class


def test_text_in_a_table_is_laid_out_again() -> None:
    """A table's text is kept in its grid as well as in its cells: never patched."""
    table = '<table><tr><td class="num">Row 27</td></tr></table>'
    laid = lay_out(_page("", table), OPTIONS)
    after = _page("", table.replace("27", "35"))
    assert with_digits(laid, after, "num", "27", "35", OPTIONS) is None
