"""::marker fixtures: name -> HTML placed inside a 1280x720 `.slide` (see chromium_multicol.py).
Inside markers show their width through the position of the text after them; a tall outside
marker grows the first line box at its top only. All depend on text measurement (1 px tolerance)."""

P = "Liberation Sans"
_UL = f"margin:0;padding-left:40px;font:20px/1.2 '{P}'"

FIXTURES: dict[str, str] = {
    "text_marker_inside_bold_big": f"<style>#l li::marker{{font-weight:700;font-size:30px}}</style>"
    f'<ol id="l" style="{_UL};list-style-position:inside"><li id="a"><span id="s">One</span></li>'
    '<li id="b"><span id="t">Two</span></li></ol>',
    "text_marker_inside_content": "<style>#l li::marker{content:'\u2192 ';color:red}</style>"
    f'<ul id="l" style="{_UL};list-style-position:inside"><li id="a"><span id="s">Arrow</span></li></ul>',
    "text_marker_inside_string_type": f'<ul id="l" style="{_UL};list-style:inside \'-- \'">'
    '<li id="a"><span id="s">Dash</span></li></ul>',
    "text_marker_outside_big_grows_line_top": "<style>#l li::marker{font-size:40px}</style>"
    f'<ul id="l" style="{_UL}"><li id="a"><span id="s">Alpha</span></li><li id="b">Beta</li></ul>',
    "text_marker_content_none": "<style>#l li::marker{content:none}</style>"
    f'<ul id="l" style="{_UL};list-style-position:inside"><li id="a"><span id="s">No marker</span></li></ul>',
    "text_marker_inside_disc": f'<ul id="l" style="{_UL};list-style-position:inside"><li id="a"><span id="s">Disc</span></li></ul>'
    f'<ul style="{_UL};list-style:inside square;font-size:32px"><li id="b"><span id="t">Square</span></li></ul>',
    "text_marker_content_type_none": "<style>#l li::marker{content:'>> '}</style>"
    f'<ul id="l" style="{_UL};list-style:inside none"><li id="a"><span id="s">Shown</span></li></ul>',
}
