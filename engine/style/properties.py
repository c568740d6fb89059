"""The longhand table: property name -> (inherited?, initial computed value, value parser)."""

from __future__ import annotations

from typing import Any, NamedTuple

import engine.style.effects as fx  # the modules themselves, not the package: no import cycle
import engine.style.generated as gen
import engine.style.longhands as lh
import engine.style.typography as typo
from engine.style.animation_values import ANIMATION_LONGHANDS, animation_longhand
from engine.style.animation_values import INITIAL as ANIMATION_INITIAL
from engine.style.backgrounds import LIST_PARSERS
from engine.style.colors import CURRENT_COLOR
from engine.style.types import BLACK, LP, TRANSPARENT


class Prop(NamedTuple):
    inherited: bool
    initial: Any  # computed initial value; CURRENT_COLOR means "the element's color"
    parse: lh.Parser


_ZERO_RADIUS = (0.0, 0.0)
_CENTER = (LP(0.0, 50.0), LP(0.0, 50.0))
_BOX_KW = ("border-box", "padding-box", "content-box")

PROPERTIES: dict[str, Prop] = {}


def _add(names: str, inherited: bool, initial: Any, parser: lh.Parser) -> None:
    for name in names.split():
        PROPERTIES[name] = Prop(inherited, initial, parser)


_kw = lh.keywords
# Box model and positioning.
_add("display", False, "inline", lh.display)
_add(
    "position",
    False,
    "static",
    _kw("static", "relative", "absolute", "fixed", "sticky", aliases={"-webkit-sticky": "sticky"}),
)
_add("top right bottom left", False, "auto", lh.length(kw=("auto",)))
_add("z-index", False, "auto", lh.z_index)
_add(
    "float",
    False,
    "none",
    _kw("none", "left", "right", aliases={"inline-start": "left", "inline-end": "right"}),
)
_add(
    "clear",
    False,
    "none",
    _kw("none", "left", "right", "both", aliases={"inline-start": "left", "inline-end": "right"}),
)
_add("box-sizing", False, "content-box", _kw("content-box", "border-box"))
_add("width height", False, "auto", lh.length(negative=False, size_kw=True))
_add("min-width min-height", False, "auto", lh.length(negative=False, size_kw=True))
_add(
    "max-width max-height",
    False,
    "none",
    lh.length(negative=False, kw=("none", "min-content", "max-content", "fit-content")),
)
_add("margin-top margin-right margin-bottom margin-left", False, 0.0, lh.length(kw=("auto",)))
_add("padding-top padding-right padding-bottom padding-left", False, 0.0, lh.length(negative=False))
_add(
    "border-top-width border-right-width border-bottom-width border-left-width",
    False,
    3.0,
    lh.border_width,
)
_add(
    "border-top-style border-right-style border-bottom-style border-left-style",
    False,
    "none",
    _kw(*lh.BORDER_STYLES),
)
_add(
    "border-top-color border-right-color border-bottom-color border-left-color",
    False,
    CURRENT_COLOR,
    lh.color,
)
_add(
    "border-top-left-radius border-top-right-radius border-bottom-right-radius border-bottom-left-radius",
    False,
    _ZERO_RADIUS,
    lh.radius,
)
_add(
    "overflow-x overflow-y",
    False,
    "visible",
    _kw("visible", "hidden", "clip", "scroll", "auto", aliases={"overlay": "auto"}),
)
_add("visibility", True, "visible", _kw("visible", "hidden", "collapse"))
_add("opacity", False, 1.0, lh.opacity)
_add("aspect-ratio", False, "auto", lh.aspect_ratio)
# Colour and background.
_add("color", True, BLACK, lh.color)
_add("background-color", False, TRANSPARENT, lh.color)
# Form controls: `appearance: none` turns off the native look (only none / auto matter here;
# the legacy keywords behave as auto); accent-color tints checked boxes, sliders and bars.
_add(
    "appearance",
    False,
    "none",
    _kw(
        "none",
        "auto",
        aliases={k: "auto" for k in lh.LEGACY_APPEARANCE},
    ),
)
_add("accent-color", True, "auto", lh.accent_color)
# Background lists are parsed by the `background-*` entries in shorthands (list syntax).
# Effects.
_add("box-shadow", False, (), fx.box_shadow)
_add("text-shadow", True, (), fx.text_shadow)
_add("transform", False, (), fx.transform)
_add("transform-origin", False, _CENTER, fx.transform_origin)
_add("translate", False, (), fx.translate_prop)
_add("rotate", False, (), fx.rotate_prop)
_add("scale", False, (), fx.scale_prop)
_add("filter backdrop-filter clip-path", False, "none", lh.raw)
_add("mix-blend-mode", False, "normal", lh.raw_lower)
_add("isolation", False, "auto", _kw("auto", "isolate"))
# SVG painting properties a page stylesheet may set on an inline <svg> (icon classes); they are
# written onto the standalone SVG's root (engine/boxes/svgdefs.py). Values stay as written.
SVG_PAINT_INITIAL = {
    "fill": "black",
    "fill-opacity": "1",
    "fill-rule": "nonzero",
    "stroke": "none",
    "stroke-width": "1",
    "stroke-opacity": "1",
    "stroke-linecap": "butt",
    "stroke-linejoin": "miter",
    "stroke-dasharray": "none",
}
for _name, _initial in SVG_PAINT_INITIAL.items():
    _add(_name, True, _initial, lh.raw)
_add("text-anchor", True, "start", _kw("start", "middle", "end"))
# Fonts.
# Chromium reports its standard font (the one used when no family is given) as the initial value.
_add("font-family", True, ("Times New Roman",), typo.font_family)
_add("font-size", True, 16.0, typo.font_size)
_add("font-weight", True, 400, typo.font_weight)
_add("font-style", True, "normal", typo.font_style)
_add("font-variant", True, "normal", lh.raw_lower)
_add("font-variant-caps", True, "normal", lh.raw_lower)
_add("font-stretch", True, "normal", lh.raw_lower)
_add("font-variant-numeric font-feature-settings font-kerning", True, "normal", lh.raw_lower)
_add("line-height", True, "normal", typo.line_height)
_add("letter-spacing word-spacing", True, 0.0, typo.spacing)
# Text.
_add("text-align", True, "left", typo.text_align)
_add("text-align-last", True, "auto", typo.text_align_last)
_add("text-indent", True, 0.0, typo.text_indent)
_add(
    "text-transform",
    True,
    "none",
    _kw("none", "uppercase", "lowercase", "capitalize", "full-width"),
)
_add(
    "white-space",
    True,
    "normal",
    _kw("normal", "nowrap", "pre", "pre-wrap", "pre-line", "break-spaces"),
)
# white-space is a shorthand of the next two (engine/style/shorthands.py); its longhand entry holds
# the used keyword that layout reads, derived from them in engine/style/computed.py.
_add(
    "white-space-collapse",
    True,
    "collapse",
    _kw("collapse", "preserve", "preserve-breaks", "break-spaces"),
)
_add("text-wrap-mode", True, "wrap", _kw("wrap", "nowrap"))
_add("text-wrap-style", True, "auto", _kw("auto", "balance", "stable", "pretty"))
_add("text-decoration-line", False, frozenset(), typo.text_decoration_line)
_add("text-decoration-color", False, CURRENT_COLOR, lh.color)
_add("text-decoration-style", False, "solid", _kw("solid", "double", "dotted", "dashed", "wavy"))
_add(
    "text-decoration-thickness text-underline-offset",
    False,
    "auto",
    lh.length(kw=("auto", "from-font")),
)
_add("text-underline-position", True, "auto", lh.raw_lower)
_add("vertical-align", False, "baseline", typo.vertical_align)
_add(
    "word-break",
    True,
    "normal",
    _kw("normal", "break-all", "keep-all", "break-word", "auto-phrase"),
)
_add("overflow-wrap", True, "normal", _kw("normal", "break-word", "anywhere"))
_add("text-overflow", False, "clip", typo.text_overflow)
_add("hyphens", True, "manual", _kw("none", "manual", "auto"))
_add("tab-size", True, 8.0, lh.number(0))
_add("direction", True, "ltr", _kw("ltr", "rtl"))
_add("unicode-bidi", False, "normal", lh.raw_lower)
_add(
    "writing-mode",
    True,
    "horizontal-tb",
    _kw(
        "horizontal-tb",
        "vertical-rl",
        "vertical-lr",
        "sideways-rl",
        "sideways-lr",
        aliases={
            "lr-tb": "horizontal-tb",
            "tb-rl": "vertical-rl",
            "lr": "horizontal-tb",
            "tb": "vertical-rl",
        },
    ),
)
_add("text-orientation", True, "mixed", lh.raw_lower)
_add("-webkit-locale", True, "auto", typo.locale)
_add("-webkit-text-fill-color", True, None, typo.text_fill_color)
_add("-webkit-text-stroke-width", True, 0.0, lh.border_width)
_add("-webkit-text-stroke-color", True, CURRENT_COLOR, lh.color)
_add("-webkit-line-clamp", False, "none", lh.raw)
_add("-webkit-box-orient", False, "horizontal", lh.raw_lower)
# Animations: comma lists, resolved to their end state by engine.style.animations.
for _name in ANIMATION_LONGHANDS:
    _add(_name, False, ANIMATION_INITIAL[_name], animation_longhand)
# Flexbox and grid.
_add("flex-direction", False, "row", _kw("row", "row-reverse", "column", "column-reverse"))
_add("flex-wrap", False, "nowrap", _kw("nowrap", "wrap", "wrap-reverse"))
_add("flex-grow", False, 0.0, lh.number(0))
_add("flex-shrink", False, 1.0, lh.number(0))
_add("flex-basis", False, "auto", lh.flex_basis)
_add("order", False, 0, lh.integer)
_add("justify-content align-content align-items justify-items", False, "normal", lh.self_alignment)
_add("align-self justify-self", False, "auto", lh.self_alignment)
_add("row-gap column-gap", False, "normal", lh.gap)
_add("grid-template-columns grid-template-rows grid-template-areas", False, "none", lh.grid_line)
_add("grid-auto-columns grid-auto-rows", False, "auto", lh.grid_line)
_add("grid-auto-flow", False, "row", lh.raw_lower)
_add("grid-column-start grid-column-end grid-row-start grid-row-end", False, "auto", lh.grid_line)
# Multi-column layout (CSS Multi-column Layout 1) and fragmentation.
_add("column-count", False, "auto", lh.column_count)
_add("column-width", False, "auto", lh.length(pct=False, negative=False, kw=("auto",)))
_add("column-rule-width", False, 3.0, lh.border_width)
_add("column-rule-style", False, "none", _kw(*lh.BORDER_STYLES))
_add("column-rule-color", False, CURRENT_COLOR, lh.color)
_add("column-fill", False, "balance", _kw("balance", "auto", "balance-all"))
_add("column-span", False, "none", _kw("none", "all"))
_add("orphans widows", True, 2, lh.column_count)  # positive integers
_add(
    "break-before break-after",
    False,
    "auto",
    _kw(
        "auto",
        "avoid",
        "always",
        "all",
        "column",
        "page",
        "left",
        "right",
        "recto",
        "verso",
        "avoid-page",
        "avoid-column",
        "region",
        "avoid-region",
    ),
)
_add(
    "break-inside",
    False,
    "auto",
    _kw("auto", "avoid", "avoid-page", "avoid-column", "avoid-region"),
)
# Lists, generated content, tables.
_add("list-style-type", True, "disc", gen.list_style_type)
_add("list-style-position", True, "outside", _kw("inside", "outside"))
_add("list-style-image", True, "none", lh.image_or_none)
_add("content", False, "normal", gen.content)
_add("counter-reset counter-set", False, (), gen.counters_list(0))
_add("counter-increment", False, (), gen.counters_list(1))
_add("quotes", True, "auto", gen.quotes)
_add("object-fit", False, "fill", _kw("fill", "contain", "cover", "none", "scale-down"))
_add("object-position", False, _CENTER, lh.position_value)
_add("border-collapse", True, "separate", _kw("separate", "collapse"))
_add("border-spacing", True, (0.0, 0.0), lh.border_spacing)
_add("table-layout", False, "auto", _kw("auto", "fixed"))
_add("caption-side", True, "top", _kw("top", "bottom"))
_add("empty-cells", True, "show", _kw("show", "hide"))
_add(
    "image-rendering",
    True,
    "auto",
    _kw(
        "auto",
        "smooth",
        "high-quality",
        "pixelated",
        "crisp-edges",
        aliases={
            "-webkit-optimize-contrast": "crisp-edges",
            "optimizequality": "auto",
            "optimizespeed": "pixelated",
        },
    ),
)
# Outline.
_add("outline-width", False, 3.0, lh.border_width)
_add("outline-style", False, "none", _kw("auto", *lh.BORDER_STYLES))
_add("outline-color", False, CURRENT_COLOR, lh.color)
_add("outline-offset", False, 0.0, lh.length(pct=False))

# Backgrounds: list-valued longhands, one entry per layer (first = top).
_bg = LIST_PARSERS
_add("background-image", False, ("none",), _bg["background-image"])
_add("background-position", False, ((LP(0.0, 0.0), LP(0.0, 0.0)),), _bg["background-position"])
_add("background-size", False, (("auto", "auto"),), _bg["background-size"])
_add("background-repeat", False, (("repeat", "repeat"),), _bg["background-repeat"])
_add("background-clip", False, ("border-box",), _bg["background-clip"])
_add("background-origin", False, ("padding-box",), _bg["background-origin"])
_add("background-attachment", False, ("scroll",), _bg["background-attachment"])
BACKGROUND_LISTS = tuple(_bg)
# Masks (CSS Masking 1): the image layers whose alpha masks the element; the mask painting
# area and origin are the border box.
_add("mask-image", False, ("none",), _bg["background-image"])
_add("mask-position", False, ((LP(0.0, 0.0), LP(0.0, 0.0)),), _bg["background-position"])
_add("mask-size", False, (("auto", "auto"),), _bg["background-size"])
_add("mask-repeat", False, (("repeat", "repeat"),), _bg["background-repeat"])
MASK_LISTS = ("mask-image", "mask-position", "mask-size", "mask-repeat")

BORDER_SIDES = ("top", "right", "bottom", "left")

# Properties whose initial value is currentColor: recomputed when the element's colour changes.
CURRENT_COLOR_PROPS = tuple(name for name, p in PROPERTIES.items() if p.initial is CURRENT_COLOR)
INHERITED = frozenset(name for name, p in PROPERTIES.items() if p.inherited)

# Accepted and ignored: no diagnostic, not stored.
IGNORED = frozenset(
    [
        "cursor",
        "pointer-events",
        "user-select",
        "-webkit-user-select",
        "-moz-user-select",
        "-ms-user-select",
        "transition",
        "transition-property",
        "transition-duration",
        "transition-timing-function",
        "transition-delay",
        "transition-behavior",
        "animation-composition",
        "will-change",
        "-webkit-font-smoothing",
        "-moz-osx-font-smoothing",
        "font-smooth",
        "text-rendering",
        "resize",
        "scroll-behavior",
        "touch-action",
        "backface-visibility",
        "-webkit-backface-visibility",
        "perspective",
        "perspective-origin",
        "transform-style",
        "-webkit-tap-highlight-color",
        "caret-color",
        "color-scheme",
        "print-color-adjust",
        "-webkit-print-color-adjust",
        "forced-color-adjust",
        "contain",
        "content-visibility",
        "contain-intrinsic-size",
        "zoom",
        "speak",
        "scrollbar-width",
        "scrollbar-color",
        "scrollbar-gutter",
        "overscroll-behavior",
        "scroll-snap-type",
        "scroll-snap-align",
        "scroll-margin",
        "scroll-padding",
        "font-display",
        "src",
        "unicode-range",
        "font-optical-sizing",
        "font-synthesis",
        "font-size-adjust",
        "font-variant-ligatures",
        "font-variant-east-asian",
        "font-variation-settings",
        "text-size-adjust",
        "-webkit-text-size-adjust",
        "-ms-text-size-adjust",
        "box-decoration-break",
        "-webkit-box-decoration-break",
        "text-decoration-skip-ink",
        "text-decoration-skip",
        "text-emphasis",
        "text-justify",
        "line-break",
        "overflow-anchor",
        "-webkit-overflow-scrolling",
        "container",
        "container-type",
        "container-name",
        "anchor-name",
        "view-transition-name",
        "interpolate-size",
        "field-sizing",
        "shape-outside",
        "shape-margin",
        "border-image",
        "border-image-source",
        "border-image-slice",
        "border-image-width",
        "border-image-outset",
        "border-image-repeat",
        "clip",
        "-webkit-box-pack",
        "-webkit-box-align",
        "-webkit-box-flex",
        "ruby-position",
    ]
)

# Simple aliases: legacy/prefixed name -> standard longhand.
ALIASES = {
    "word-wrap": "overflow-wrap",
    "-webkit-transform": "transform",
    "-ms-transform": "transform",
    "-moz-transform": "transform",
    "-webkit-transform-origin": "transform-origin",
    "-webkit-appearance": "appearance",
    "-moz-appearance": "appearance",
    "-webkit-box-shadow": "box-shadow",
    "-moz-box-shadow": "box-shadow",
    "-webkit-background-clip": "background-clip",
    "-webkit-background-origin": "background-origin",
    "-webkit-background-size": "background-size",
    "-webkit-filter": "filter",
    "-webkit-backdrop-filter": "backdrop-filter",
    "-webkit-clip-path": "clip-path",
    "-webkit-mask-image": "mask-image",
    "-webkit-mask-position": "mask-position",
    "-webkit-mask-size": "mask-size",
    "-webkit-mask-repeat": "mask-repeat",
    "-webkit-mask": "mask",
    "-webkit-box-sizing": "box-sizing",
    "-moz-box-sizing": "box-sizing",
    "-webkit-border-radius": "border-radius",
    "-moz-border-radius": "border-radius",
    "-webkit-flex": "flex",
    "-webkit-flex-direction": "flex-direction",
    "-webkit-flex-wrap": "flex-wrap",
    "-webkit-flex-grow": "flex-grow",
    "-webkit-flex-shrink": "flex-shrink",
    "-webkit-flex-basis": "flex-basis",
    "-webkit-justify-content": "justify-content",
    "-webkit-align-items": "align-items",
    "-webkit-align-self": "align-self",
    "-webkit-hyphens": "hyphens",
    "-webkit-text-decoration-line": "text-decoration-line",
    "-webkit-text-decoration-color": "text-decoration-color",
    "-webkit-text-decoration-style": "text-decoration-style",
    "-webkit-text-decoration": "text-decoration",
    "-webkit-writing-mode": "writing-mode",
    "-webkit-column-gap": "column-gap",
    "-webkit-column-count": "column-count",
    "-webkit-column-width": "column-width",
    "-webkit-column-rule-width": "column-rule-width",
    "-webkit-column-rule-style": "column-rule-style",
    "-webkit-column-rule-color": "column-rule-color",
    "-webkit-column-span": "column-span",
    "-webkit-column-break-inside": "break-inside",
    "page-break-inside": "break-inside",
    "grid-row-gap": "row-gap",
    "grid-column-gap": "column-gap",
    "grid-gap": "gap",
    "-webkit-gap": "gap",
    "inline-size": "width",
    "block-size": "height",
    "min-inline-size": "min-width",
    "min-block-size": "min-height",
    "max-inline-size": "max-width",
    "max-block-size": "max-height",
    "margin-inline-start": "margin-left",
    "margin-inline-end": "margin-right",
    "margin-block-start": "margin-top",
    "margin-block-end": "margin-bottom",
    "padding-inline-start": "padding-left",
    "padding-inline-end": "padding-right",
    "padding-block-start": "padding-top",
    "padding-block-end": "padding-bottom",
    "inset-inline-start": "left",
    "inset-inline-end": "right",
    "inset-block-start": "top",
    "inset-block-end": "bottom",
    "border-start-start-radius": "border-top-left-radius",
    "border-start-end-radius": "border-top-right-radius",
    "border-end-start-radius": "border-bottom-left-radius",
    "border-end-end-radius": "border-bottom-right-radius",
    "overflow-inline": "overflow-x",
    "overflow-block": "overflow-y",
}
for _side, _phys in (
    ("inline-start", "left"),
    ("inline-end", "right"),
    ("block-start", "top"),
    ("block-end", "bottom"),
):
    for _part in ("width", "style", "color"):
        ALIASES[f"border-{_side}-{_part}"] = f"border-{_phys}-{_part}"
    ALIASES[f"border-{_side}"] = f"border-{_phys}"
