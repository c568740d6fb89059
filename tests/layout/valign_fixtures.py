"""vertical-align keywords on inline (non-atomic) boxes: name -> HTML placed inside a 1280x720
`.slide` (see chromium_boxes.py). All depend on font metrics (`text_`: 1 px tolerance)."""

P = "Liberation Sans"
HERO = f"font:700 104px/1 '{P}'"

FIXTURES: dict[str, str] = {
    # A unit set against the top of a hero number's line (line-height 1).
    "text_valign_top_unit": f'<div id="d" style="{HERO}"><span id="n">92</span><span id="u" style="font-size:40px;vertical-align:top">%</span></div>',
    "text_valign_top_normal_line_height": f'<div id="d" style="font:48px \'{P}\'"><span id="n">$</span><span id="u" style="font-size:20px;vertical-align:top">99</span> after</div>',
    "text_valign_bottom": f'<div id="d" style="font:32px/50px \'{P}\'">Base <span id="u" style="font-size:14px;vertical-align:bottom">low</span> end</div>',
    "text_valign_text_top": f'<div id="d" style="font:40px/1.5 \'{P}\'">Base <span id="u" style="font-size:16px;vertical-align:text-top">tt</span> end</div>',
    "text_valign_text_bottom": f'<div id="d" style="font:40px/1.5 \'{P}\'">Base <span id="u" style="font-size:16px;vertical-align:text-bottom">tb</span> end</div>',
    "text_valign_middle_inline": f'<div id="d" style="font:40px/1.2 \'{P}\'">Base <span id="u" style="font-size:16px;vertical-align:middle">mid</span> end</div>',
    # A top-aligned box taller than the rest of the line makes the line taller.
    "text_valign_top_taller_than_line": f'<p id="d" style="margin:0;font:16px/20px \'{P}\'">a <span id="u" style="font-size:40px;line-height:60px;vertical-align:top">B</span> c <span id="c">d</span></p>',
    "text_valign_bottom_taller_than_line": f'<p id="d" style="margin:0;font:16px/20px \'{P}\'">a <span id="u" style="font-size:40px;line-height:60px;vertical-align:bottom">B</span> c <span id="c">d</span></p>',
}
