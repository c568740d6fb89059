"""Small-caps fixtures (font-variant: small-caps / all-small-caps, synthesised because the fonts
have no smcp glyphs; ::first-line small caps): name -> HTML placed inside a 1280x720 `.slide`,
recorded by tools/recorders/layout_text.py into expected_smallcaps.json."""

_P = (
    "Paragraph one of the text, where the first line is set in small capitals and the lines "
    "after it are not, as editorial pages like to do."
)

FIXTURES: dict[str, str] = {
    "sc_sans": '<span id="a" style="font:20px \'Liberation Sans\';font-variant:small-caps">Hello World</span>',
    "sc_serif_punct": '<span id="a" style="font:17px \'DejaVu Serif\';font-variant:small-caps">The quick brown fox, 1999!</span>',
    "sc_letter_spacing": '<span id="a" style="font:18px \'Liberation Serif\';font-variant:small-caps;letter-spacing:.04em">Small capitals, spaced</span>',
    "sc_all_small_caps": '<span id="a" style="font:20px \'Liberation Sans\';font-variant:all-small-caps">NASA and Friends</span>',
    "sc_font_shorthand": '<span id="a" style="font:small-caps 19px \'Liberation Serif\'">Shorthand Variant</span>',
    "sc_fractional_size": '<span id="a" style="font:17.3px \'DejaVu Sans\';font-variant:small-caps">Fractional sizes too</span>',
    "sc_variant_caps": '<span id="a" style="font:20px \'Liberation Serif\';font-variant-caps:small-caps">Variant Caps Longhand</span>',
    "sc_wrapping": '<div id="a" data-lines style="width:260px;font:18px \'Liberation Serif\';font-variant:small-caps">'
    + _P
    + "</div>",
    "first_line_small_caps": "<style>#a::first-line{font-variant:small-caps;letter-spacing:.04em}</style>"
    '<p id="a" data-lines style="width:420px;margin:0;font:17px \'DejaVu Serif\';line-height:1.7">'
    + _P
    + "</p>",
    "first_line_small_caps_justify": "<style>#a::first-line{font-variant:small-caps;letter-spacing:1px}</style>"
    '<p id="a" data-lines style="width:480px;margin:0;font:20px \'DejaVu Serif\';line-height:1.6;text-align:justify">'
    + _P
    + " "
    + _P
    + "</p>",
}
