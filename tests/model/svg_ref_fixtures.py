"""Inline SVG fixtures whose painting depends on the rest of the document (an icon sprite used
through <use>, a gradient defined in another <svg>, page CSS on the <svg> element): name ->
(HTML placed in a 640x360 `.slide`, sample points in slide px). tools/recorders/model_svg_pixels.py records
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
    # Rules on descendants beat their presentation attributes; inheritance from a styled
    # group still loses to them; display:none and opacity from rules.
    "descendant_rules": (
        "<style>.bar{fill:#d00000} .grid line{stroke:#0000d0;stroke-width:6} .series{fill:#00a000}"
        " .hide{display:none} .dim{opacity:.5}</style>"
        '<svg width="300" height="100" style="display:block">'
        '<rect class="bar" x="0" width="40" height="100" fill="#00ff00"/>'
        '<g class="grid"><line x1="50" y1="50" x2="110" y2="50" stroke="#ff00ff"/></g>'
        '<g class="series"><rect x="120" width="40" height="100"/>'
        '<rect x="170" width="40" height="100" fill="#ffcc00"/></g>'
        '<rect class="hide" x="220" width="30" height="100" fill="#000000"/>'
        '<rect class="dim" x="260" width="40" height="100" fill="#0000ff"/></svg>',
        [(20, 50), (80, 50), (80, 40), (140, 50), (190, 50), (235, 50), (280, 50)],
    ),
    # vector-effect="non-scaling-stroke" in a stretched sparkline (preserveAspectRatio="none"):
    # widths and dashes stay in viewport pixels; a circle's stroke too, though it becomes an
    # ellipse. Under a uniform scale the 1-unit line stays 1px.
    "non_scaling_stroke_stretched": (
        '<svg viewBox="0 0 100 20" preserveAspectRatio="none" style="display:block;width:400px;height:200px">'
        '<polyline points="0,10 100,10" fill="none" stroke="#c00000" stroke-width="2" vector-effect="non-scaling-stroke"/>'
        '<line x1="50" y1="0" x2="50" y2="20" stroke="#0000c0" stroke-width="2" vector-effect="non-scaling-stroke"/>'
        '<path d="M0 2 h 100" stroke="#008000" stroke-width="2" stroke-dasharray="4 4" vector-effect="non-scaling-stroke"/>'
        '<circle cx="80" cy="15" r="3" fill="none" stroke="#c000c0" stroke-width="2" vector-effect="non-scaling-stroke"/></svg>',
        [
            (100, 100),
            (100, 104),
            (200, 50),
            (203, 50),
            (2, 20),
            (6, 20),
            (10, 20),
            (308, 150),
            (312, 150),
        ],
    ),
    "non_scaling_stroke_meet": (
        '<svg viewBox="0 0 10 10" style="display:block;width:200px;height:200px">'
        '<line x1="0" y1="5" x2="10" y2="5" stroke="#c00000" vector-effect="non-scaling-stroke"/></svg>',
        [(100, 100), (100, 103)],
    ),
}
