"""Specified -> computed: lengths (units, calc/min/max/clamp), font sizes, weights, line heights, fix-ups."""

from __future__ import annotations

import pytest
from style_helpers import decl, run, style

from engine.style.types import LP, RGBA, Number


@pytest.mark.parametrize(
    ("value", "px"),
    [
        ("10px", 10.0),
        ("12pt", 16.0),
        ("1pc", 16.0),
        ("1in", 96.0),
        ("2.54cm", 96.0),
        ("25.4mm", 96.0),
        ("4Q", 96.0 / 25.4),
        ("0", 0.0),
        ("-3px", -3.0),
        ("1.5em", 30.0),
        ("2rem", 36.0),
        ("10vw", 128.0),
        ("10vh", 72.0),
        ("10vmin", 72.0),
        ("10vmax", 128.0),
        ("2ex", 2 * 0.53 * 20),
        ("2ch", 2 * 0.556 * 20),
        ("calc(10px + 2em)", 50.0),
        ("calc(2 * (3px + 1pt) - 1px)", 2 * (3 + 4 / 3) - 1),
        ("calc(100px / 4)", 25.0),
        ("calc(1rem + 2vw - 0.5em)", 18 + 25.6 - 10),
        ("min(10px, 2em)", 10.0),
        ("max(10px, 2em)", 40.0),
        ("clamp(1rem, 5vw, 40px)", 40.0),
        ("clamp(1rem, 1vw, 40px)", 18.0),
        ("calc(min(10px, 5px) * 2)", 10.0),
        ("calc( ( (1px + 1px) * (2 + 1) ) )", 6.0),
    ],
)
def test_lengths_to_px(value: str, px: float) -> None:
    css = f"html {{ font-size: 18px }} #t {{ font-size: 20px; margin-left: {value} }}"
    assert style(css)["margin-left"] == pytest.approx(px)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("50%", LP(0.0, 50.0)),
        ("calc(100% - 20px)", LP(-20.0, 100.0)),
        ("calc(50% + 1em)", LP(20.0, 50.0)),
        ("calc(100% / 3)", LP(0.0, 100 / 3)),
        ("calc(100%/3 - 2*10px)", LP(-20.0, 100 / 3)),
    ],
)
def test_percentages_stay_lp(value: str, expected: LP) -> None:
    s = decl(f"font-size: 20px; width: {value}")
    assert s["width"].px == pytest.approx(expected.px)
    assert s["width"].pct == pytest.approx(expected.pct)


def test_min_max_with_percentages_use_the_preferred_argument() -> None:
    s = decl("width: min(90%, 800px); height: clamp(10px, 50%, 100px)")
    assert s["width"] == LP(0.0, 90.0)
    assert s["height"] == LP(0.0, 50.0)


def test_keywords_stay_strings() -> None:
    s = decl(
        "width: auto; height: min-content; max-width: none; min-height: fit-content; margin-left: auto"
    )
    assert (s["width"], s["height"], s["max-width"], s["min-height"], s["margin-left"]) == (
        "auto",
        "min-content",
        "none",
        "fit-content",
        "auto",
    )


def test_invalid_lengths_rejected() -> None:
    r = run(
        '<div id="t">x</div>',
        "#t { width: 10; padding-left: -1px; margin-left: calc(1px + 2); margin-top: 5foo; width: calc(1px * 2px) }",
    )
    assert r["t"]["width"] == "auto"
    assert r["t"]["padding-left"] == 0.0
    assert r["t"]["margin-left"] == 0.0 and r["t"]["margin-top"] == 0.0
    assert len(r.messages("css")) == 5


def test_em_and_rem_chains() -> None:
    css = "html { font-size: 10px } #a { font-size: 2em } #b { font-size: 1.5em; padding-left: 1em } #c { font-size: 2rem; padding-left: 1rem }"
    r = run('<div id="a"><div id="b"><div id="c">x</div></div></div>', css)
    assert r["a"]["font-size"] == 20.0
    assert r["b"]["font-size"] == 30.0
    assert r["b"]["padding-left"] == 30.0
    assert r["c"]["font-size"] == 20.0
    assert r["c"]["padding-left"] == 10.0


def test_rem_on_root_uses_initial_size() -> None:
    r = run_root("html { font-size: 2rem; padding-left: 1rem } #t { padding-left: 1rem }")
    assert r.styles.get(r.page.root)["font-size"] == 32.0
    assert r.styles.get(r.page.root)["padding-left"] == 32.0
    assert r["t"]["padding-left"] == 32.0


def run_root(css: str):  # type: ignore[no-untyped-def]
    return run('<div id="t">x</div>', css)


def test_percent_font_size_and_keywords() -> None:
    css = (
        "#p { font-size: 20px } #a { font-size: 150% } #b { font-size: smaller } #c { font-size: larger }"
        "#d { font-size: x-large } #e { font-size: xx-small } #f { font-size: xxx-large } #g { font-size: calc(50% + 2px) }"
        "#h { font-size: medium } #i { font-size: small }"
    )
    body = '<div id="p">' + "".join(f'<span id="{i}">x</span>' for i in "abcdefghi") + "</div>"
    r = run(body, css)
    assert r["a"]["font-size"] == 30.0
    assert r["b"]["font-size"] == pytest.approx(20 / 1.2)
    assert r["c"]["font-size"] == pytest.approx(24.0)
    assert r["d"]["font-size"] == 24.0
    assert r["e"]["font-size"] == 9.0
    assert r["f"]["font-size"] == 48.0
    assert r["g"]["font-size"] == 12.0
    assert r["h"]["font-size"] == 16.0
    assert r["i"]["font-size"] == 13.0


def test_user_agent_relative_sizes() -> None:
    r = run(
        '<p id="p" style="font-size: 20px"><small id="s">s</small><sup id="u">1</sup><sub id="b">2</sub></p><h1 id="h">h</h1><h6 id="h6">h</h6>'
    )
    assert r["s"]["font-size"] == pytest.approx(20 / 1.2)
    assert r["u"]["font-size"] == pytest.approx(20 / 1.2)
    assert r["u"]["vertical-align"] == "super"
    assert r["b"]["vertical-align"] == "sub"
    assert r["h"]["font-size"] == 32.0
    assert r["h6"]["font-size"] == pytest.approx(16 * 0.67)


def test_monospace_keyword_size_quirk() -> None:
    r = run(
        '<p id="p">a <code id="c">x</code></p><p style="font-size: 20px">b <code id="d">y</code></p><pre id="pre">z</pre>'
    )
    assert r["p"]["font-size"] == 16.0
    assert r["c"]["font-size"] == 13.0
    assert r["pre"]["font-size"] == 13.0
    assert r["d"]["font-size"] == 20.0
    r2 = run(
        '<code id="c" style="font-family: monospace, monospace">x</code><div style="font-size: 20px"><code id="m" style="font-size: medium">f</code><code id="x" style="font-size: xxx-large">f</code></div>'
    )
    assert r2["c"]["font-size"] == 16.0
    assert r2["m"]["font-size"] == 13.0
    assert r2["x"]["font-size"] == 40.0


def test_viewport_units_follow_viewport() -> None:
    s = decl("width: 50vw; height: 25vh; padding-left: 10vmin", viewport=(960.0, 540.0))
    assert (s["width"], s["height"], s["padding-left"]) == (480.0, 135.0, 54.0)


def test_font_weight_keywords_and_relative() -> None:
    css = "#a { font-weight: bold } #b { font-weight: bolder } #c { font-weight: lighter } #d { font-weight: 350 } #e { font-weight: bolder }"
    body = '<div id="a"><span id="b">b<span id="e">e</span></span><span id="c">c</span></div><p id="d">d</p>'
    r = run(body, css)
    assert r["a"]["font-weight"] == 700
    assert r["b"]["font-weight"] == 900
    assert r["e"]["font-weight"] == 900
    assert r["c"]["font-weight"] == 400
    assert r["d"]["font-weight"] == 350
    r2 = run(
        '<p id="p" style="font-weight: 300"><b id="b">x</b><strong id="s" style="font-weight: lighter">y</strong></p>'
    )
    assert r2["b"]["font-weight"] == 400  # UA b { font-weight: bolder } like Chromium
    assert r2["s"]["font-weight"] == 100


def test_line_height_forms() -> None:
    css = "#p { font-size: 20px } #a { line-height: 1.5 } #b { line-height: 150% } #c { line-height: 2em } #d { line-height: 24px } #e { line-height: normal }"
    body = (
        '<div id="p">'
        + "".join(
            f'<p id="{i}">x<span id="{i}s" style="font-size: 10px">y</span></p>' for i in "abcde"
        )
        + "</div>"
    )
    r = run(body, css)
    assert r["a"]["line-height"] == Number(1.5)
    assert r["as"]["line-height"] == Number(1.5)  # numbers inherit as numbers
    assert r["b"]["line-height"] == 30.0
    assert r["bs"]["line-height"] == 30.0  # lengths inherit as computed px
    assert r["c"]["line-height"] == 40.0
    assert r["d"]["line-height"] == 24.0
    assert r["e"]["line-height"] == "normal"


def test_letter_and_word_spacing() -> None:
    s = decl("font-size: 20px; letter-spacing: 0.1em; word-spacing: normal")
    assert s["letter-spacing"] == pytest.approx(2.0)
    assert s["word-spacing"] == 0.0
    assert decl("letter-spacing: normal")["letter-spacing"] == 0.0


def test_border_width_zero_without_style_and_keywords() -> None:
    s = decl(
        "border-top-width: 5px; border-left: thick solid; border-right: thin dotted; border-bottom: medium none"
    )
    assert s["border-top-width"] == 0.0
    assert s["border-left-width"] == 5.0
    assert s["border-right-width"] == 1.0
    assert s["border-bottom-width"] == 0.0
    assert decl("border-style: solid")["border-top-width"] == 3.0
    assert decl("border: 4px hidden red")["border-top-width"] == 0.0


def test_border_width_snapping() -> None:
    s = decl("border-style: solid; border-width: 0.5px 1.7px 2.3px 0.2em")
    assert (
        s["border-top-width"],
        s["border-right-width"],
        s["border-bottom-width"],
        s["border-left-width"],
    ) == (1.0, 1.0, 2.0, 3.0)


def test_current_color_resolution() -> None:
    s = decl(
        "color: rgb(1, 2, 3); border: 1px solid; outline: 2px solid currentColor; text-decoration: underline; box-shadow: 0 0 2px; background-color: currentcolor"
    )
    c = RGBA(1, 2, 3)
    assert s["border-top-color"] == c
    assert s["outline-color"] == c
    assert s["text-decoration-color"] == c
    assert s["box-shadow"][0].color == c
    assert s["background-color"] == c


def test_current_color_in_color_is_inherited_color() -> None:
    r = run(
        '<div style="color: red"><p id="t" style="color: currentColor; border: 1px solid">x</p></div>'
    )
    assert r["t"]["color"] == RGBA(255, 0, 0)
    assert r["t"]["border-top-color"] == RGBA(255, 0, 0)


def test_webkit_text_fill_color() -> None:
    r = run(
        '<div id="p" style="-webkit-text-fill-color: transparent"><span id="c">x</span></div><p id="n">y</p><p id="cc" style="-webkit-text-fill-color: currentColor">z</p>'
    )
    assert r["p"]["-webkit-text-fill-color"] == RGBA(0, 0, 0, 0.0)
    assert r["c"]["-webkit-text-fill-color"] == RGBA(0, 0, 0, 0.0)
    assert r["n"]["-webkit-text-fill-color"] is None
    assert r["cc"]["-webkit-text-fill-color"] is None


def test_blockification() -> None:
    body = (
        '<span id="a" style="position: absolute">a</span><span id="b" style="float: left; display: inline-block">b</span>'
        '<div style="display: flex"><span id="c">c</span><span id="d" style="display: inline-flex">d</span></div>'
        '<div style="display: grid"><span id="e" style="display: inline-table">e</span></div>'
        '<span id="f" style="position: fixed; float: right; display: inline-grid">f</span><span id="g">g</span>'
    )
    r = run(body)
    assert r["a"]["display"] == "block"
    assert r["b"]["display"] == "block"
    assert r["c"]["display"] == "block"
    assert r["d"]["display"] == "flex"
    assert r["e"]["display"] == "table"
    assert r["f"]["display"] == "grid"
    assert r["f"]["float"] == "none"
    assert r["g"]["display"] == "inline"


def test_display_values() -> None:
    assert decl("display: inline flex")["display"] == "inline-flex"
    assert decl("display: block flow-root")["display"] == "flow-root"
    assert decl("display: inline flow-root")["display"] == "inline-block"
    assert decl("display: -webkit-box")["display"] == "-webkit-box"
    assert decl("display: contents")["display"] == "contents"
    assert decl("display: table-cell")["display"] == "table-cell"


def test_overflow_visible_becomes_auto_with_a_scrolling_axis() -> None:
    s = decl("overflow-x: hidden")
    assert (s["overflow-x"], s["overflow-y"]) == ("hidden", "auto")
    s = decl("overflow: clip visible")
    assert (s["overflow-x"], s["overflow-y"]) == ("clip", "visible")
    s = decl("overflow: overlay")
    assert (s["overflow-x"], s["overflow-y"]) == ("auto", "auto")


def test_text_align_start_end() -> None:
    r = run(
        '<p id="a" style="text-align: start">a</p><p id="b" style="text-align: end">b</p>'
        '<div dir="rtl" id="r"><p id="c">c</p><p id="d" style="text-align: end">d</p><p id="e" style="text-align: left">e</p></div>'
        '<div style="text-align: center"><p id="m" style="text-align: -webkit-center">m</p></div><ul style="text-align: right"><li id="li">x</li></ul>'
    )
    assert r["a"]["text-align"] == "left"
    assert r["b"]["text-align"] == "right"
    assert r["r"]["text-align"] == "right"
    assert r["c"]["text-align"] == "right"
    assert r["d"]["text-align"] == "left"
    assert r["e"]["text-align"] == "left"
    assert r["m"]["text-align"] == "center"
    assert r["li"]["text-align"] == "right"  # UA li { text-align: match-parent }


def test_numbers_and_integers() -> None:
    s = decl("opacity: 40%; z-index: 5; order: -2; flex-grow: 2.5; flex-shrink: 0; tab-size: 4")
    assert (s["opacity"], s["z-index"], s["order"], s["flex-grow"], s["flex-shrink"]) == (
        0.4,
        5,
        -2,
        2.5,
        0.0,
    )
    assert decl("opacity: 1.7")["opacity"] == 1.0
    assert decl("opacity: -1")["opacity"] == 0.0
    assert decl("z-index: 1.5")["z-index"] == "auto"


def test_transforms() -> None:
    s = decl(
        "font-size: 10px; transform: translate(-50%, 2em) rotate(0.25turn) scale(1.5) skewX(10deg) matrix(1, 2, 3, 4, 5, 6) translateY(3px) rotate(1rad)"
    )
    fns = s["transform"]
    assert fns[0].name == "translate" and fns[0].args == (LP(0.0, -50.0), 20.0)
    assert fns[1].name == "rotate" and fns[1].args == (90.0,)
    assert fns[2].name == "scale" and fns[2].args == (1.5, 1.5)
    assert fns[3].name == "skewX" and fns[3].args == (10.0,)
    assert fns[4].name == "matrix" and fns[4].args == (1.0, 2.0, 3.0, 4.0, 5.0, 6.0)
    assert fns[5].name == "translateY" and fns[5].args == (3.0,)
    assert fns[6].args[0] == pytest.approx(57.29577951)
    assert decl("transform: none")["transform"] == ()
    assert decl("transform: translate(10px)")["transform"][0].args == (10.0, 0.0)
    assert decl("transform: scale(2, 50%)")["transform"][0].args == (2.0, 0.5)


def test_individual_transform_properties_fold_into_transform() -> None:
    s = decl("translate: 10px 5px; rotate: 30deg; scale: 2; transform: translateX(1px)")
    assert [f.name for f in s["transform"]] == ["translate", "rotate", "scale", "translateX"]


def test_transform_origin() -> None:
    assert decl("transform-origin: top left")["transform-origin"] == (LP(0.0, 0.0), LP(0.0, 0.0))
    assert decl("transform-origin: 10px 20%")["transform-origin"] == (10.0, LP(0.0, 20.0))
    assert decl("transform-origin: right")["transform-origin"] == (LP(0.0, 100.0), LP(0.0, 50.0))
    assert decl("transform-origin: bottom right 5px")["transform-origin"] == (
        LP(0.0, 100.0),
        LP(0.0, 100.0),
    )


def test_shadows() -> None:
    s = decl(
        "box-shadow: 0 8px 24px rgba(0,0,0,.35), inset 1px 2px red; text-shadow: 1px 2px 3px blue, 0 0 2px"
    )
    a, b = s["box-shadow"]
    assert (a.x, a.y, a.blur, a.spread, a.color, a.inset) == (
        0.0,
        8.0,
        24.0,
        0.0,
        RGBA(0, 0, 0, 0.35),
        False,
    )
    assert (b.x, b.y, b.blur, b.spread, b.color, b.inset) == (
        1.0,
        2.0,
        0.0,
        0.0,
        RGBA(255, 0, 0),
        True,
    )
    t1, t2 = s["text-shadow"]
    assert (t1.x, t1.y, t1.blur, t1.color) == (1.0, 2.0, 3.0, RGBA(0, 0, 255))
    assert t2.color == RGBA(0, 0, 0)
    assert decl("box-shadow: none")["box-shadow"] == ()
    assert decl("font-size: 10px; box-shadow: 1em 0 0 1em")["box-shadow"][0].spread == 10.0


def test_text_shadow_inherits() -> None:
    r = run('<div style="text-shadow: 1px 1px red"><span id="t">x</span></div>')
    assert r["t"]["text-shadow"][0].x == 1.0


def test_text_properties() -> None:
    s = decl(
        "text-transform: uppercase; white-space: pre-wrap; text-indent: 2em; font-size: 10px; vertical-align: -3px; word-break: break-all; word-wrap: break-word; text-overflow: ellipsis; text-decoration-line: underline line-through; text-decoration-style: wavy"
    )
    assert s["text-transform"] == "uppercase"
    assert s["white-space"] == "pre-wrap"
    assert s["text-indent"] == 20.0
    assert s["vertical-align"] == -3.0
    assert s["word-break"] == "break-all"
    assert s["overflow-wrap"] == "break-word"
    assert s["text-overflow"] == "ellipsis"
    assert s["text-decoration-line"] == frozenset({"underline", "line-through"})
    assert s["text-decoration-style"] == "wavy"
    assert decl("vertical-align: 50%")["vertical-align"] == LP(0.0, 50.0)
    assert decl("text-decoration-line: none")["text-decoration-line"] == frozenset()


def test_font_family_parsing() -> None:
    s = decl(
        "font-family: 'Noto Sans', Liberation   Sans, \"DejaVu Sans\" , SANS-SERIF, Times New Roman"
    )
    assert s["font-family"] == (
        "Noto Sans",
        "Liberation Sans",
        "DejaVu Sans",
        "sans-serif",
        "Times New Roman",
    )


def test_font_style_and_variant() -> None:
    s = decl("font-style: oblique 10deg; font-variant: small-caps")
    assert s["font-style"] == "oblique"
    assert s["font-variant"] == "small-caps"


def test_alignment_keywords() -> None:
    s = decl(
        "justify-content: safe center; align-items: first baseline; align-self: last baseline; justify-items: legacy left; align-content: space-between"
    )
    assert s["justify-content"] == "center"
    assert s["align-items"] == "baseline"
    assert s["align-self"] == "last baseline"
    assert s["justify-items"] == "left"
    assert s["align-content"] == "space-between"


def test_flex_basis_and_gaps() -> None:
    s = decl("flex-basis: content; row-gap: 10%; column-gap: normal")
    assert s["flex-basis"] == "content"
    assert s["row-gap"] == LP(0.0, 10.0)
    assert s["column-gap"] == "normal"


def test_counters_quotes_and_misc() -> None:
    s = decl(
        "counter-reset: a 2 b; counter-increment: a; quotes: '<' '>' '[' ']'; object-fit: cover; object-position: right top; image-rendering: pixelated; aspect-ratio: 16 / 9"
    )
    assert s["counter-reset"] == (("a", 2), ("b", 0))
    assert s["counter-increment"] == (("a", 1),)
    assert s["quotes"] == (("<", ">"), ("[", "]"))
    assert s["object-fit"] == "cover"
    assert s["object-position"] == (LP(0.0, 100.0), LP(0.0, 0.0))
    assert s["image-rendering"] == "pixelated"
    assert s["aspect-ratio"] == pytest.approx(16 / 9)


def test_raw_stored_properties() -> None:
    s = decl(
        "filter: blur( 4px )  drop-shadow(0 0 2px red); clip-path: circle(50%); -webkit-line-clamp: 3; -webkit-box-orient: vertical; mix-blend-mode: Multiply"
    )
    assert s["filter"] == "blur( 4px ) drop-shadow(0 0 2px red)"
    assert s["clip-path"] == "circle(50%)"
    assert s["-webkit-line-clamp"] == "3"
    assert s["-webkit-box-orient"] == "vertical"
    assert s["mix-blend-mode"] == "multiply"


def test_table_properties() -> None:
    r = run(
        '<table id="t" style="border-collapse: collapse; border-spacing: 4px 2px; table-layout: fixed; caption-side: bottom; empty-cells: hide"><tr><td id="c">x</td></tr></table>'
    )
    t = r["t"]
    assert (
        t["border-collapse"],
        t["border-spacing"],
        t["table-layout"],
        t["caption-side"],
        t["empty-cells"],
    ) == ("collapse", (4.0, 2.0), "fixed", "bottom", "hide")
    assert r["c"]["border-collapse"] == "collapse"
    assert r["c"]["border-spacing"] == (4.0, 2.0)
    assert r["c"]["display"] == "table-cell"
    assert r["c"]["padding-top"] == 1.0


def test_list_style_longhands() -> None:
    s = decl("list-style-type: '→ '; list-style-position: inside; list-style-image: url(a.png)")
    assert s["list-style-type"] == '"→ "'
    assert s["list-style-position"] == "inside"
    assert s["list-style-image"].url == "a.png"
    assert decl("list-style-type: upper-roman")["list-style-type"] == "upper-roman"


def test_logical_properties_map_to_physical() -> None:
    s = decl(
        "margin-inline: 1px 2px; padding-block: 3px; inset-inline-start: 4px; border-inline-start: 2px solid red; inline-size: 50px; margin-block-end: 7px"
    )
    assert (s["margin-left"], s["margin-right"]) == (1.0, 2.0)
    assert (s["padding-top"], s["padding-bottom"]) == (3.0, 3.0)
    assert s["left"] == 4.0
    assert s["border-left-width"] == 2.0 and s["border-left-style"] == "solid"
    assert s["width"] == 50.0
    assert s["margin-bottom"] == 7.0
