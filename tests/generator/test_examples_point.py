"""A code example cut on the one slide a page keeps shows the statements that make its point:
what the page's title and text name, and its last statement when it uses what the example
built (`console.print(table)`), each part left out a "…" line in its place; a console output
is never cut inside a bracketed value. Fragments from samples/markdown/rich
(fragments_rich.py) and samples/markdown/httpx-quickstart (fragments_httpx.py)."""

from __future__ import annotations

from generator.codemore import CONTINUES
from generator.examplepoint import ELIDED, point_order, statements, words_of
from generator.model import plain
from tests.generator.capped import code_of, one_slide
from tests.generator.fragments_httpx import HTTPX_SENDING_JSON
from tests.generator.fragments_rich import RICH_SYNTAX_PART, RICH_TABLES_PART


def test_a_table_example_cut_keeps_a_row_and_the_table_printed() -> None:
    [slide] = one_slide("# Rich\n\n" + RICH_TABLES_PART)
    code = code_of(slide.page.blocks)
    lines = code.split("\n")
    assert "table.add_row(" in lines  # a row, not only the columns
    assert lines[-1] == "console.print(table)"  # the example ends with its result
    assert ELIDED in lines  # what is left out is marked in its place
    assert 'table.add_column("Box Office", justify="right")' not in lines  # one column shown
    texts = [plain(b.spans) for b in slide.page.blocks if b.type == "paragraph"]
    assert CONTINUES not in texts  # the code says itself where it was cut
    assert slide.laid is not None


def test_a_syntax_example_cut_keeps_the_object_built_and_printed_not_the_sample_string() -> None:
    [slide] = one_slide("# Rich\n\n" + RICH_SYNTAX_PART)
    lines = code_of(slide.page.blocks).split("\n")
    assert lines[-2:] == ["console = Console()", "console.print(syntax)"]
    assert any(line.startswith("syntax = Syntax(my_code") for line in lines)
    assert "    first = True" not in lines  # the sample string is not cut in its middle
    assert slide.laid is not None


def test_a_json_output_is_never_cut_inside_its_brackets() -> None:
    [slide] = one_slide("# HTTPX\n\n" + HTTPX_SENDING_JSON)
    code = code_of(slide.page.blocks)
    assert code.count("{") == code.count("}")
    assert code.count("[") == code.count("]")
    assert not code.endswith(">>> print(r.text)")  # a command is not shown without its output


def test_the_statement_the_text_names_claims_room_before_the_set_up() -> None:
    text = [
        ">>> not_found = httpx.get('https://httpbin.org/status/404')",
        ">>> not_found.status_code",
        "404",
        ">>> not_found.raise_for_status()",
        "Traceback (most recent call last):",
    ]
    found = statements(text, [1, 3], console=True)
    named = words_of("We can raise an exception for any responses which are not a 2xx code")
    shown = words_of(">>> r = httpx.get() >>> r.status_code")
    assert point_order(found, named, shown)[0] == 2  # raise_for_status, named and not shown


def test_leading_statements_stay_when_nothing_is_named_and_nothing_built_is_used() -> None:
    text = [">>> import httpx", ">>> httpx.get('https://example.org')"]
    found = statements(text, [1], console=True)
    assert point_order(found, words_of("Quick start"), frozenset()) == []
