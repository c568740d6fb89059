"""Multi-column and fragmentation properties: `columns` and `column-rule` shorthands, the
column longhands' computed values, prefixed and legacy aliases."""

from __future__ import annotations

from style_helpers import run

from engine.style.types import RGBA


def test_columns_shorthand_either_order_and_auto() -> None:
    r = run(
        '<div id="a"></div><div id="b"></div><div id="c"></div><div id="d"></div>',
        "#a{columns:2 10em;font-size:10px} #b{columns:200px 3} #c{columns:auto 4}"
        "#d{columns:3;columns:2 3}",  # two integers: invalid, the earlier declaration stays
    )
    assert (r["a"]["column-count"], r["a"]["column-width"]) == (2, 100.0)
    assert (r["b"]["column-count"], r["b"]["column-width"]) == (3, 200.0)
    assert (r["c"]["column-count"], r["c"]["column-width"]) == (4, "auto")
    assert (r["d"]["column-count"], r["d"]["column-width"]) == (3, "auto")


def test_column_longhands_and_initial_values() -> None:
    r = run(
        '<div id="a"></div><div id="b"></div>',
        "#a{column-count:0;column-width:-5px;column-fill:auto;column-span:all;"
        "break-inside:avoid-column}",
    )
    a, b = r["a"], r["b"]
    assert (a["column-count"], a["column-width"]) == ("auto", "auto")  # invalid values dropped
    assert (a["column-fill"], a["column-span"], a["break-inside"]) == (
        "auto",
        "all",
        "avoid-column",
    )
    assert (b["column-fill"], b["column-span"], b["break-inside"]) == ("balance", "none", "auto")
    assert b["column-rule-style"] == "none"


def test_column_rule_shorthand_and_current_color() -> None:
    r = run(
        '<div id="a"></div><div id="b"></div>',
        "#a{column-rule:2px dashed #00ff00} #b{color:rgb(1,2,3);column-rule:thin solid}",
    )
    a, b = r["a"], r["b"]
    assert (a["column-rule-width"], a["column-rule-style"]) == (2.0, "dashed")
    assert a["column-rule-color"] == RGBA(0, 255, 0, 1.0)
    assert (b["column-rule-width"], b["column-rule-style"]) == (1.0, "solid")
    assert b["column-rule-color"] == RGBA(1, 2, 3, 1.0)


def test_prefixed_and_legacy_aliases() -> None:
    r = run(
        '<div id="a"></div><div id="b"></div>',
        "#a{-webkit-columns:3;-webkit-column-rule:1px solid red}"
        "#b{-webkit-column-count:2;-webkit-column-width:80px;page-break-inside:avoid}",
    )
    assert r["a"]["column-count"] == 3 and r["a"]["column-rule-style"] == "solid"
    assert (r["b"]["column-count"], r["b"]["column-width"]) == (2, 80.0)
    assert r["b"]["break-inside"] == "avoid"
    assert not r.messages("css")


def test_orphans_and_widows_are_inherited_positive_integers() -> None:
    r = run(
        '<div id="p"><p id="c">x</p></div><div id="d"></div>',
        "#p{orphans:1;widows:3} #d{orphans:0;widows:-1}",
    )
    assert (r["c"]["orphans"], r["c"]["widows"]) == (1, 3)
    assert (r["d"]["orphans"], r["d"]["widows"]) == (2, 2)  # invalid values dropped


def test_break_before_after_and_legacy_forms() -> None:
    r = run(
        '<div id="a"></div><div id="b"></div><div id="c"></div>',
        "#a{break-before:column;break-after:avoid-page}"
        "#b{page-break-before:always;-webkit-column-break-after:always}"
        "#c{page-break-after:left;-webkit-column-break-before:auto}",
    )
    assert (r["a"]["break-before"], r["a"]["break-after"]) == ("column", "avoid-page")
    assert (r["b"]["break-before"], r["b"]["break-after"]) == ("page", "column")
    assert (r["c"]["break-before"], r["c"]["break-after"]) == ("auto", "left")
    assert not r.messages("css")
