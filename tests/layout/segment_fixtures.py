"""List items whose line is split into pieces (an inline background, an inline-block): name ->
HTML placed inside a 1280x720 `.slide` (see chromium_boxes.py); tests/model/test_segment_markers.py
checks that the piece after the marker starts its text where Chromium does."""

P = "Liberation Sans"
CODE = "background:#eeeeee;padding:0 6px;font:24px 'Liberation Mono'"

FIXTURES: dict[str, str] = {
    "text_ul_line_split_by_code": f'<ul style="margin:0;padding-left:40px;font:28px \'{P}\'"><li>first item</li><li id="li"><span id="w">Six</span> services write to the <code style="{CODE}">invoices</code> <span id="t">table</span></li></ul>',
    "text_ol_line_split_by_inline_block": f'<ol style="margin:0;padding-left:48px;font:22px/1.5 \'{P}\'"><li>one</li><li id="li"><span id="w">Read</span> the <span style="display:inline-block;padding:2px 8px;border:1px solid #999">log</span> <span id="t">twice</span></li></ol>',
    "text_custom_marker_split": f'<ul style="margin:0;padding-left:30px;font:20px \'{P}\';list-style-type:\'→ \'"><li id="li"><span id="w">Arrow</span> <b style="background:#ffe066;padding:0 4px">marked</b> <span id="t">text</span></li></ul>',
}
