"""Every shorthand expands to the right longhands."""

from __future__ import annotations

from style_helpers import decl, style

from engine.style.types import LP, RGBA, Number, UrlImage

RED = RGBA(255, 0, 0)
GREEN = RGBA(0, 128, 0)
BLUE = RGBA(0, 0, 255)
SIDES = ("top", "right", "bottom", "left")


def box(s: dict, fmt: str) -> tuple:  # type: ignore[type-arg]
    return tuple(s[fmt.format(side)] for side in SIDES)


def test_margin_padding_inset_1_to_4_values() -> None:
    assert box(decl("margin: 1px"), "margin-{}") == (1.0, 1.0, 1.0, 1.0)
    assert box(decl("margin: 1px auto"), "margin-{}") == (1.0, "auto", 1.0, "auto")
    assert box(decl("margin: 1px 2px 3px"), "margin-{}") == (1.0, 2.0, 3.0, 2.0)
    assert box(decl("margin: 1px 2px 3px -4%"), "margin-{}") == (1.0, 2.0, 3.0, LP(0.0, -4.0))
    assert box(decl("padding: 4px 5px"), "padding-{}") == (4.0, 5.0, 4.0, 5.0)
    assert box(decl("position: absolute; inset: 1px 2px"), "{}") == (1.0, 2.0, 1.0, 2.0)
    assert box(decl("inset: auto"), "{}") == ("auto",) * 4
    assert box(decl("margin: 1px 2px 3px 4px 5px"), "margin-{}") == (0.0,) * 4


def test_border_shorthands() -> None:
    s = decl("border: 2px dashed red")
    assert box(s, "border-{}-width") == (2.0,) * 4
    assert box(s, "border-{}-style") == ("dashed",) * 4
    assert box(s, "border-{}-color") == (RED,) * 4
    s = decl("color: blue; border: solid; border-top: thick double #0f0; border-left: 1px")
    assert (s["border-top-width"], s["border-top-style"], s["border-top-color"]) == (
        5.0,
        "double",
        RGBA(0, 255, 0),
    )
    assert (s["border-right-width"], s["border-right-style"], s["border-right-color"]) == (
        3.0,
        "solid",
        BLUE,
    )
    assert (s["border-left-width"], s["border-left-style"]) == (0.0, "none")
    s = decl(
        "border-width: 1px 2px; border-style: solid dashed dotted; border-color: red green blue black"
    )
    assert box(s, "border-{}-width") == (1.0, 2.0, 1.0, 2.0)
    assert box(s, "border-{}-style") == ("solid", "dashed", "dotted", "dashed")
    assert box(s, "border-{}-color") == (RED, GREEN, BLUE, RGBA(0, 0, 0))
    s = decl("border-right: 3px inset; border-bottom: red groove")
    assert (s["border-right-width"], s["border-right-style"]) == (3.0, "inset")
    assert (s["border-bottom-width"], s["border-bottom-style"], s["border-bottom-color"]) == (
        3.0,
        "groove",
        RED,
    )


def test_border_radius() -> None:
    s = decl("border-radius: 10px")
    corners = ("top-left", "top-right", "bottom-right", "bottom-left")
    assert tuple(s[f"border-{c}-radius"] for c in corners) == ((10.0, 10.0),) * 4
    s = decl("border-radius: 1px 2px 3px 4px / 5px 6px")
    assert tuple(s[f"border-{c}-radius"] for c in corners) == (
        (1.0, 5.0),
        (2.0, 6.0),
        (3.0, 5.0),
        (4.0, 6.0),
    )
    s = decl("border-radius: 50% / 18%")
    assert s["border-top-left-radius"] == (LP(0.0, 50.0), LP(0.0, 18.0))
    s = decl("border-radius: 1px 2px 3px")
    assert tuple(s[f"border-{c}-radius"][0] for c in corners) == (1.0, 2.0, 3.0, 2.0)
    assert decl("border-top-left-radius: 4px 8px")["border-top-left-radius"] == (4.0, 8.0)
    assert decl("font-size: 10px; border-radius: 1em 999px")["border-top-left-radius"] == (
        10.0,
        10.0,
    )


def test_background_shorthand() -> None:
    s = decl(
        "background: #fff url(a.png) no-repeat right 10px top / 40px auto content-box padding-box fixed"
    )
    assert s["background-color"] == RGBA(255, 255, 255)
    assert s["background-image"] == (UrlImage("a.png"),)
    assert s["background-repeat"] == (("no-repeat", "no-repeat"),)
    assert s["background-position"] == ((LP(-10.0, 100.0), LP(0.0, 0.0)),)
    assert s["background-size"] == ((40.0, "auto"),)
    assert s["background-origin"] == ("content-box",)
    assert s["background-clip"] == ("padding-box",)
    assert s["background-attachment"] == ("fixed",)


def test_background_layers_and_reset() -> None:
    s = decl(
        "background-color: red; background: linear-gradient(red, blue), url(b.png) center / cover, green"
    )
    assert s["background-color"] == GREEN
    assert s["background-image"][1:] == (UrlImage("b.png"), "none")  # the colour layer has no image
    assert s["background-size"] == (("auto", "auto"), "cover", ("auto", "auto"))
    assert s["background-position"][1] == (LP(0.0, 50.0), LP(0.0, 50.0))
    s = decl("background-image: url(x.png); background: red")
    assert s["background-image"] == ("none",)
    assert s["background-color"] == RED
    s = decl("background: none")
    assert s["background-image"] == ("none",)
    s = decl("background: border-box")
    assert s["background-origin"] == ("border-box",) and s["background-clip"] == ("border-box",)
    s = decl("background: red, blue")  # colour only allowed in the last layer
    assert s["background-color"] == RGBA(0, 0, 0, 0.0)


def test_font_shorthand() -> None:
    s = decl(
        "line-height: 3; font: italic small-caps bold 20px/1.5 Georgia, 'Times New Roman', serif"
    )
    assert s["font-style"] == "italic"
    assert s["font-variant"] == "small-caps"
    assert s["font-weight"] == 700
    assert s["font-size"] == 20.0
    assert s["line-height"] == Number(1.5)
    assert s["font-family"] == ("Georgia", "Times New Roman", "serif")
    s = decl("font-style: italic; line-height: 3; font: 12px sans-serif")
    assert (s["font-style"], s["line-height"], s["font-weight"]) == ("normal", "normal", 400)
    s = decl("font: 600 150%/20px Arial")
    assert (s["font-weight"], s["font-size"], s["line-height"]) == (600, 24.0, 20.0)
    s = decl("font: condensed oblique 700 x-large Arial")
    assert (s["font-stretch"], s["font-style"], s["font-weight"], s["font-size"]) == (
        "condensed",
        "oblique",
        700,
        24.0,
    )
    assert (
        decl("font: x-large monospace")["font-size"] == 20.0
    )  # Chromium's monospace keyword table


def test_font_shorthand_system_font_ignored() -> None:
    from style_helpers import run

    r = run('<p id="t">x</p>', "#t { font-size: 20px; font: menu }")
    assert r["t"]["font-size"] == 20.0
    assert any("system font" in m for m in r.messages("unsupported"))


def test_flex_shorthand() -> None:
    def flex(value: str) -> tuple:  # type: ignore[type-arg]
        s = decl(f"flex: {value}")
        return (s["flex-grow"], s["flex-shrink"], s["flex-basis"])

    assert flex("1") == (1.0, 1.0, LP(0.0, 0.0))
    assert flex("2 3") == (2.0, 3.0, LP(0.0, 0.0))
    assert flex("2 3 10%") == (2.0, 3.0, LP(0.0, 10.0))
    assert flex("none") == (0.0, 0.0, "auto")
    assert flex("auto") == (1.0, 1.0, "auto")
    assert flex("initial") == (0.0, 1.0, "auto")
    assert flex("1 100px") == (1.0, 1.0, 100.0)
    assert flex("100px") == (1.0, 1.0, 100.0)
    assert flex("0 0 auto") == (0.0, 0.0, "auto")
    assert flex("1 1 0") == (1.0, 1.0, 0.0)
    assert flex("content") == (1.0, 1.0, "content")
    assert flex("10px 2 3") == (2.0, 3.0, 10.0)
    assert flex("1 10px 2") == (0.0, 1.0, "auto")  # shrink must follow grow: invalid


def test_flex_flow_gap_place() -> None:
    s = decl(
        "flex-flow: column wrap; gap: 10px 20px; place-items: center end; place-content: space-between; place-self: stretch"
    )
    assert (s["flex-direction"], s["flex-wrap"]) == ("column", "wrap")
    assert (s["row-gap"], s["column-gap"]) == (10.0, 20.0)
    assert (s["align-items"], s["justify-items"]) == ("center", "end")
    assert (s["align-content"], s["justify-content"]) == ("space-between", "space-between")
    assert (s["align-self"], s["justify-self"]) == ("stretch", "stretch")
    s = decl("grid-gap: 5%; flex-flow: wrap-reverse")
    assert (s["row-gap"], s["column-gap"]) == (LP(0.0, 5.0), LP(0.0, 5.0))
    assert (s["flex-direction"], s["flex-wrap"]) == ("row", "wrap-reverse")
    s = decl("place-items: first baseline safe center")
    assert (s["align-items"], s["justify-items"]) == ("baseline", "center")


def test_list_style() -> None:
    s = decl("list-style: square inside")
    assert (s["list-style-type"], s["list-style-position"], s["list-style-image"]) == (
        "square",
        "inside",
        "none",
    )
    s = decl("list-style: none")
    assert (s["list-style-type"], s["list-style-image"]) == ("none", "none")
    s = decl("list-style: url(m.png) none outside")
    assert (s["list-style-type"], s["list-style-image"]) == ("none", UrlImage("m.png"))
    s = decl("list-style: upper-roman")
    assert s["list-style-type"] == "upper-roman"


def test_overflow_and_text_decoration_and_outline() -> None:
    s = decl("overflow: hidden auto")
    assert (s["overflow-x"], s["overflow-y"]) == ("hidden", "auto")
    s = decl("color: blue; text-decoration: underline dotted red")
    assert s["text-decoration-line"] == frozenset({"underline"})
    assert (s["text-decoration-style"], s["text-decoration-color"]) == ("dotted", RED)
    s = decl("color: blue; text-decoration: line-through overline")
    assert s["text-decoration-line"] == frozenset({"line-through", "overline"})
    assert s["text-decoration-color"] == BLUE
    assert decl("text-decoration: none")["text-decoration-line"] == frozenset()
    s = decl("outline: 2px dashed red; outline-offset: 3px")
    assert (s["outline-width"], s["outline-style"], s["outline-color"], s["outline-offset"]) == (
        2.0,
        "dashed",
        RED,
        3.0,
    )
    assert decl("outline: 2px")["outline-width"] == 0.0  # style none


def test_grid_placement_shorthands() -> None:
    s = decl("grid-column: 1 / span 2; grid-row: header")
    assert (s["grid-column-start"], s["grid-column-end"]) == ("1", "span 2")
    assert (s["grid-row-start"], s["grid-row-end"]) == ("header", "header")
    s = decl("grid-column: 2")
    assert (s["grid-column-start"], s["grid-column-end"]) == ("2", "auto")
    s = decl("grid-area: a")
    assert (
        s["grid-row-start"],
        s["grid-column-start"],
        s["grid-row-end"],
        s["grid-column-end"],
    ) == ("a", "a", "a", "a")
    s = decl("grid-area: 1 / 2 / 3 / 4")
    assert (
        s["grid-row-start"],
        s["grid-column-start"],
        s["grid-row-end"],
        s["grid-column-end"],
    ) == ("1", "2", "3", "4")
    s = decl("grid-area: 2 / a")
    assert (
        s["grid-row-start"],
        s["grid-column-start"],
        s["grid-row-end"],
        s["grid-column-end"],
    ) == ("2", "a", "auto", "a")


def test_grid_template_shorthands_and_raw_longhands() -> None:
    s = decl("grid-template: auto 1fr / repeat(3,  1fr)")
    assert (s["grid-template-rows"], s["grid-template-columns"], s["grid-template-areas"]) == (
        "auto 1fr",
        "repeat(3, 1fr)",
        "none",
    )
    s = decl("grid-template: [top] 'a a' 40px 'b c' / 1fr 2fr")
    assert s["grid-template-areas"] == '"a a" "b c"'  # strings as tinycss2 serializes them
    assert s["grid-template-rows"] == "[top] 40px auto"
    assert s["grid-template-columns"] == "1fr 2fr"
    s = decl("grid: auto-flow dense 100px / 1fr 1fr")
    assert (s["grid-auto-flow"], s["grid-auto-rows"], s["grid-template-columns"]) == (
        "row dense",
        "100px",
        "1fr 1fr",
    )
    s = decl(
        'grid-template-columns: minmax(0,1fr)   2fr; grid-auto-rows: 1fr; grid-auto-flow: Column; grid-template-areas: "a  b"\n"c d"'
    )
    assert s["grid-template-columns"] == "minmax(0,1fr) 2fr"
    assert s["grid-auto-rows"] == "1fr"
    assert s["grid-auto-flow"] == "column"
    assert s["grid-template-areas"] == '"a b" "c d"'
    s = decl("--cols: 4; grid-template-columns: repeat(var(--cols), 1fr)")
    assert s["grid-template-columns"] == "repeat(4, 1fr)"


def test_text_stroke_shorthand() -> None:
    s = decl("-webkit-text-stroke: 1px red")
    assert (s["-webkit-text-stroke-width"], s["-webkit-text-stroke-color"]) == (1.0, RED)


def test_shorthand_with_important_and_later_longhand() -> None:
    s = decl("margin: 5px !important; margin-top: 1px")
    assert s["margin-top"] == 5.0
    s = decl("margin: 5px; margin-top: 1px")
    assert (s["margin-top"], s["margin-left"]) == (1.0, 5.0)


def test_prefixed_aliases() -> None:
    s = decl(
        "-webkit-transform: rotate(10deg); -webkit-box-shadow: 1px 1px red; word-wrap: break-word; -webkit-flex: 1"
    )
    assert s["transform"][0].args == (10.0,)
    assert s["box-shadow"][0].color == RED
    assert s["overflow-wrap"] == "break-word"
    assert s["flex-grow"] == 1.0


def test_text_wrap_sets_mode_and_style() -> None:
    def wrap(declarations: str) -> tuple[str, str]:
        s = decl(declarations)
        return s["text-wrap-mode"], s["text-wrap-style"]

    assert wrap("") == ("wrap", "auto")
    assert wrap("text-wrap: balance") == ("wrap", "balance")
    assert wrap("text-wrap: nowrap") == ("nowrap", "auto")
    assert wrap("text-wrap: pretty nowrap") == ("nowrap", "pretty")
    assert wrap("text-wrap: balance; text-wrap: wrap") == ("wrap", "auto")
    assert wrap("text-wrap: balance; text-wrap: bogus") == ("wrap", "balance")
    assert wrap("text-wrap: balance balance") == ("wrap", "auto")
    assert wrap("text-wrap-style: balance") == ("wrap", "balance")
    assert wrap("text-wrap: stable; text-wrap-mode: nowrap") == ("nowrap", "stable")
    inherited = style("#p { text-wrap: balance }", '<div id="p"><p id="t">x</p></div>')
    assert inherited["text-wrap-style"] == "balance"


def test_white_space_is_collapse_and_wrap_mode() -> None:
    # white-space sets white-space-collapse and text-wrap-mode; layout reads the combined keyword
    def used(declarations: str, body: str = '<div id="t">x</div>') -> tuple[str, str, str]:
        s = style(f"#t {{ {declarations} }}", body)
        return s["white-space"], s["white-space-collapse"], s["text-wrap-mode"]

    assert used("") == ("normal", "collapse", "wrap")
    assert used("white-space: pre") == ("pre", "preserve", "nowrap")
    assert used("white-space: pre-line") == ("pre-line", "preserve-breaks", "wrap")
    assert used("text-wrap: nowrap") == ("nowrap", "collapse", "nowrap")
    assert used("white-space: pre; text-wrap: wrap") == ("pre-wrap", "preserve", "wrap")
    assert used("white-space: nowrap; text-wrap: balance") == ("normal", "collapse", "wrap")
    assert used("text-wrap: balance; white-space: nowrap") == ("nowrap", "collapse", "nowrap")
    assert used("white-space-collapse: preserve") == ("pre-wrap", "preserve", "wrap")
    assert used("white-space: inherit") == ("normal", "collapse", "wrap")
    nested = '<div id="p" style="text-wrap: nowrap"><p id="t">x</p></div>'
    assert used("", nested) == ("nowrap", "collapse", "nowrap")
    assert used("white-space: normal", nested) == ("normal", "collapse", "wrap")
    assert used("white-space-collapse: preserve", nested) == ("pre", "preserve", "nowrap")


def test_mask_shorthand_and_webkit_aliases() -> None:
    s = decl("-webkit-mask: url(m.png) center / contain no-repeat luminance add border-box")
    assert s["mask-image"] == (UrlImage("m.png"),)
    assert s["mask-position"] == ((LP(0.0, 50.0), LP(0.0, 50.0)),)
    assert s["mask-size"] == ("contain",)
    assert s["mask-repeat"] == (("no-repeat", "no-repeat"),)
    s = decl("-webkit-mask-image: url(a.png), none; -webkit-mask-size: 50% auto")
    assert s["mask-image"] == (UrlImage("a.png"), "none")
    assert s["mask-size"] == ((LP(0.0, 50.0), "auto"),)
    assert decl("")["mask-image"] == ("none",)
    assert decl("mask: bogus(1)")["mask-image"] == ("none",)
