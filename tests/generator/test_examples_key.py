"""A capped page's slide shows the example that makes the page's point whole (or with only the
tail of its output cut) before earlier examples fill the room; the code of earlier examples
that no longer fits moves to the notes. A sentence naming the section's main names stays in
its summary. Fragments from samples/markdown/httpx-quickstart (fragments_httpx.py)."""

from __future__ import annotations

from generator.examplecut import split
from generator.keyexample import Fits, key_first
from generator.mainnames import main_names
from generator.model import Block, Span, plain
from generator.pieces import CodeLine, Piece
from tests.generator.capped import code_of, one_slide
from tests.generator.fragments_httpx import (
    HTTPX_EXCEPTIONS,
    HTTPX_REDIRECTION,
    HTTPX_STATUS_CODES,
)


def _text(blocks: list[Block]) -> str:
    return " ".join(plain(b.spans) for b in blocks if b.type == "paragraph")


def test_the_example_raising_for_an_error_status_is_shown_with_its_traceback() -> None:
    [slide] = one_slide("# HTTPX\n\n" + HTTPX_STATUS_CODES)
    code = code_of(slide.page.blocks)
    assert ">>> not_found.raise_for_status()" in code
    assert "Traceback (most recent call last):" in code  # the command with what it printed
    assert "HTTPStatusError: 404" in code
    assert ">>> r.status_code == httpx.codes.OK" in code  # the earlier one that fits stays
    # the first example moved, with its introduction
    assert ">>> r = httpx.get('https://httpbin.org/get')" in slide.page.notes
    assert "We can inspect the HTTP status code" not in _text(slide.page.blocks)
    assert slide.laid is not None


def test_the_redirected_request_is_shown_with_its_result() -> None:
    [slide] = one_slide("# HTTPX\n\n" + HTTPX_REDIRECTION)
    code = code_of(slide.page.blocks)
    assert "follow_redirects=True)" in code
    assert ">>> r.history\n[<Response [301 Moved Permanently]>]" in code
    assert "The history property" in _text(slide.page.blocks)  # what the result shows
    assert ">>> r.next_request" in slide.page.notes  # the first example moved
    assert "For example, GitHub" not in _text(slide.page.blocks)  # with its introduction
    assert slide.laid is not None


def test_the_exceptions_slide_names_both_classes_and_shows_raise_for_status() -> None:
    [slide] = one_slide("# HTTPX\n\n" + HTTPX_EXCEPTIONS)
    text, code = _text(slide.page.blocks), code_of(slide.page.blocks)
    assert "most important exception classes" in text
    assert "response.raise_for_status()\nexcept httpx.HTTPStatusError as exc:" in code
    assert "except httpx.RequestError as exc:" in slide.page.notes
    assert "The RequestError class is a superclass" in text  # explaining a name, it stays
    assert slide.laid is not None


def _code_piece(text: str, group: int, top: float, console: bool) -> Piece:
    lines = text.split("\n")
    step = 20.0 / (len(lines) * 20.0 + 10.0)
    piece = Piece(Block("code", text=text), group, top, top + len(lines) * 20.0 + 10.0)
    piece.lines = tuple(CodeLine(i, 5.0 / piece.height + i * step) for i in range(len(lines)))
    piece.pad = (5.0 / piece.height, 5.0 / piece.height)
    piece.console = console
    return piece


def _para(text: str, group: int, top: float, keep_next: bool = True) -> Piece:
    return Piece(Block("paragraph", [Span(text)]), group, top, top + 20.0, keep_next=keep_next)


def _fits(room: float) -> Fits:
    return lambda pieces, extra: pieces[-1].bottom - pieces[0].top + extra <= room


def test_a_console_example_too_tall_even_alone_keeps_every_command_and_cuts_its_output() -> None:
    first = _code_piece(">>> a = 1\n>>> a\n1", 1, 20.0, True)
    key = ">>> b = f()\n>>> b.check()\nTraceback:\n  line 1\n  line 2\n  line 3\nError: bad"
    head, moved = split(_code_piece(key, 3, 130.0, True), 1)  # the slide shows `b = f()`
    last = [_para("Set up:", 0, 0.0), first, _para("We check:", 2, 110.0), head]
    slide, rest = key_first(last, [moved], _fits(150.0), "Checks", 20.0)
    assert slide[-1].block.text == ">>> b = f()\n>>> b.check()\nTraceback:\n  line 1\n  line 2"
    assert [p.block.text for p in rest[1:]] == [first.block.text, "  line 3\nError: bad"]
    assert [p.group for p in slide] == [2, 3]  # the earlier example moved on


def test_a_short_sentence_naming_two_names_the_code_uses_names_the_main_ones() -> None:
    blocks = [
        Block("code", text="try:\n    get()\nexcept httpx.RequestError:\n    pass"),
        Block("code", text="except httpx.HTTPStatusError as exc:"),
    ]
    names = main_names(blocks)
    main = [Span("The main classes are "), Span("RequestError", code=True), Span(" and ")]
    assert names(Block("paragraph", [*main, Span("HTTPStatusError", code=True), Span(".")]))
    assert not names(Block("paragraph", [*main, Span("Timeout", code=True), Span(".")]))
    two = [*main, Span("HTTPStatusError", code=True), Span(". Both have a request.")]
    assert not names(Block("paragraph", two))  # an explanation, not a sentence naming them


def test_the_next_example_is_not_preferred_when_the_slide_shows_what_the_title_names() -> None:
    # samples/markdown/rich/README.md, "Status": the status example is the page's example
    lead = "you can use the status method which will display a 'spinner' animation:"
    status = _code_piece(
        'with console.status("Working...") as status:\n    sleep(1)', 1, 20.0, False
    )
    last = [_para(lead, 0, 0.0, keep_next=False), status]
    spinner = [
        _para("Select a spinner:", 2, 100.0),
        _code_piece("python -m rich.spinner", 3, 120.0, False),
    ]
    assert key_first(last, spinner, _fits(100.0), "Status", 20.0) == (last, spinner)
    # ... and is when it does not: its code names what the lead names
    last[1] = _code_piece("console = Console()\nconsole.log('x')", 1, 20.0, False)
    slide, rest = key_first(last, spinner, _fits(100.0), "Status", 20.0)
    assert [p.group for p in slide] == [0, 2, 3] and [p.group for p in rest] == [1]
