"""A page capped to one slide fills the room its slide has left with the leading part of its
next example: the introduction and the leading statements that fit (a console command with
its output; a long output cut at a whole line), then the line saying the code goes on.
Fragments from samples/markdown/httpx-quickstart (fragments_httpx.py)."""

from __future__ import annotations

from generator.codemore import CONTINUES
from generator.estimate import Calibration, estimated_pieces
from generator.examplecut import cuts, leading_part, split
from generator.model import Block, Span, plain
from generator.pieces import CodeLine, Piece
from tests.generator.capped import code_of, one_slide
from tests.generator.fragments_httpx import (
    HTTPX_SENDING_JSON,
    HTTPX_STATUS_CODES,
)


def test_a_console_example_keeps_whole_statements_and_says_it_goes_on() -> None:
    [slide] = one_slide("# HTTPX\n\n" + HTTPX_SENDING_JSON)
    code = code_of(slide.page.blocks)
    assert code.startswith(">>> data = {'integer': 123")
    assert code.count("{") == code.count("}")  # a JSON output whole or not at all
    assert not code.endswith(">>> print(r.text)")  # no command without what it printed
    last = code.split("\n")[-1]
    ends = plain(slide.page.blocks[-1].spans) if slide.page.blocks[-1].type == "paragraph" else ""
    assert CONTINUES in (last, ends)  # it says that it goes on
    assert slide.laid is not None  # the filled slide fits


def _piece(text: str, console: bool) -> Piece:
    lines = text.split("\n")
    step = 1 / (len(lines) + 1)
    piece = Piece(Block("code", text=text), 0, 0.0, 100.0, console=console)
    piece.lines = tuple(CodeLine(i, step * (i + 0.5)) for i in range(len(lines)))
    piece.pad = (step / 2, step / 2)
    return piece


def test_a_console_statement_keeps_its_first_output_line_and_its_continuation_lines() -> None:
    text = (
        ">>> with open('report.xls', 'rb') as report_file:\n"
        "...     files = {'upload-file': report_file}\n"
        ">>> r.status_code\n"
        "301\n"
        ">>> r.history\n"
        "[]\n"
        "{\n"
        '  "a": 1\n'
        "}"
    )
    # before a prompt, or between two output lines; never after a command or inside one,
    # nor inside a bracketed value printed
    assert cuts(_piece(text, console=True)) == [2, 4, 6]


def test_other_code_is_cut_before_a_statement_at_its_base_indentation() -> None:
    text = (
        'response = httpx.get("https://www.example.com/")\n'
        "try:\n"
        "    response.raise_for_status()\n"
        "except httpx.HTTPStatusError as exc:\n"
        "    print(exc)"
    )
    piece = _piece(text, console=False)
    assert cuts(piece) == [1]  # never before `except`: the `try` statement goes on
    head, rest = split(piece, 1)
    assert head.block.text == 'response = httpx.get("https://www.example.com/")'
    assert rest.block.text.startswith("try:") and rest.top == head.bottom
    assert head.height + rest.height == piece.height


def test_code_packed_on_estimates_can_be_cut_at_its_statements_too() -> None:
    # pages planned after the first few are packed on estimated extents (generator.estimate)
    code = HTTPX_STATUS_CODES.split("```pycon\n")[3].split("```")[0].rstrip()
    [piece] = estimated_pieces([Block("code", text=code)], 24.0, 1100.0, 19.0, Calibration(), 500)
    assert piece.console and [c.line for c in piece.lines] == list(range(9))
    assert 0 < piece.lines[0].at < piece.lines[-1].at < 1
    # before a command, or within the traceback: never between a command and its output
    assert cuts(piece) == [1, 3, 5, 6, 7, 8]
    head, _ = split(piece, 3)
    assert head.block.text.endswith("404")


def test_an_example_under_a_later_heading_moves_on_whole() -> None:
    code = _piece(">>> a = 1\n>>> b = 2\n>>> c = 3", console=True)
    intro = Piece(Block("paragraph", [Span("Then:")]), 1, -20.0, 0.0, keep_next=True)
    room = 90.0  # the introduction and two of the three statements

    def fits(pieces: list[Piece]) -> bool:
        return sum(p.height for p in pieces) <= room

    part = leading_part([intro, code], fits)
    assert part is not None and part[0][-1].block.text == ">>> a = 1\n>>> b = 2"
    heading = Piece(Block("heading", [Span("Log")]), 1, -30.0, -20.0, keep_next=True)
    assert leading_part([heading, intro, code], fits) is None  # a later part of the page
