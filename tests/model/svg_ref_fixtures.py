"""Inline SVG fixtures whose painting depends on the rest of the document (an icon sprite used
through <use>, a gradient defined in another <svg>, page CSS on the <svg> element): name ->
(HTML placed in a 640x360 `.slide`, sample points in slide px). chromium_svg_pixels.py records
Chromium's colour at each point."""

SPRITE = (
    '<svg width="0" height="0" style="position:absolute"><defs>'
    '<symbol id="sq" viewBox="0 0 20 20"><rect x="4" y="4" width="12" height="12"/></symbol>'
    '<linearGradient id="g" x1="0" y1="0" x2="1" y2="0">'
    '<stop offset="0" stop-color="#0000ff"/><stop offset="1" stop-color="#ff0000"/></linearGradient>'
    '<linearGradient id="g2" href="#g" x1="0" y1="0" x2="0" y2="1"/>'
    "</defs></svg>"
)

FIXTURES: dict[str, tuple[str, list[tuple[int, int]]]] = {
    # A <symbol> of a hidden sprite, drawn by <use>, stroked by the page's icon class.
    "sprite_use_icon_class": (
        "<style>.i{display:block;width:80px;height:80px;fill:none;stroke:#c00000;stroke-width:2}</style>"
        f'{SPRITE}<svg class="i"><use href="#sq"/></svg>',
        [(16, 40), (64, 40), (40, 16), (40, 40), (4, 4)],
    ),
    # The same symbol filled with currentColor from a rule on an ancestor (inherited).
    "sprite_use_current_color": (
        "<style>.box{color:#008000;fill:currentColor}.box svg{display:block;width:80px;height:80px}</style>"
        f'{SPRITE}<div class="box"><svg><use xlink:href="#sq"/></svg></div>',
        [(40, 40), (20, 20), (4, 4)],
    ),
    # A gradient defined in another <svg>, and one that inherits its stops through href.
    "gradient_from_other_svg": (
        f'{SPRITE}<svg width="200" height="100" style="display:block">'
        '<rect width="200" height="50" fill="url(#g)"/><rect y="50" width="200" height="50" fill="url(#g2)"/></svg>',
        [(10, 25), (190, 25), (100, 52), (100, 98)],
    ),
    # The element's own presentation attribute beats the inherited page CSS.
    "own_attribute_wins": (
        "<style>.i{display:block;width:80px;height:80px;fill:#00a000}</style>"
        '<svg class="i" viewBox="0 0 20 20"><rect width="10" height="20"/>'
        '<rect x="10" width="10" height="20" fill="#0000c0"/></svg>',
        [(20, 40), (60, 40)],
    ),
}
