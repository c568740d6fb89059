"""Float and ::first-letter fixtures: name -> HTML placed inside a 1280x720 `.slide` (see
tools/recorders/layout_floats.py). Elements with an id give their border boxes; elements with `data-lines`
also give their lines (text and left edge of each line, in reading order)."""

S = "Liberation Serif"
P = "Liberation Sans"
LOREM = (
    "Every morning before six, the harbour master walks the length of the stone pier and writes "
    "the height of the water on a slate by the door. Nobody asked him to. The gauges have been "
    "digital for twenty years, and the numbers arrive on his phone before he has found his boots."
)
SHORT = "Rivers are not lines on a map. They are processes, constantly eroding the outside of each bend and depositing sediment on the inside."

FIXTURES: dict[str, str] = {
    "dropcap_em": f'<style>#p::first-letter{{float:left;font-size:3.2em;line-height:.9;margin:6px 10px 0 0}}</style><p id="p" data-lines style="width:520px;margin:20px;font:19px/1.6 \'{S}\'">{LOREM}</p>',
    "dropcap_px_bold": f'<style>#p::first-letter{{float:left;font-size:64px;line-height:52px;padding:6px 8px 0 0;font-weight:700}}</style><p id="p" data-lines style="width:600px;margin:0;font:18px/1.65 \'{S}\'">{LOREM}</p>',
    "dropcap_punctuation": f'<style>#p::first-letter{{float:left;font-size:48px;line-height:1;margin-right:6px}}</style><p id="p" data-lines style="width:420px;margin:0;font:16px/1.5 \'{P}\'">“Each fix was tiny,” she says. {SHORT}</p>',
    "first_letter_inline": f'<style>#p::first-letter{{font-size:2em;font-weight:bold}}</style><p id="p" data-lines style="width:400px;margin:0;font:16px/1.4 \'{P}\'">{SHORT}</p>',
    "float_right_figure": f'<div id="c" data-lines style="width:760px;font:18px/1.65 \'{S}\'"><div id="f" style="float:right;width:300px;height:180px;margin:4px 0 16px 32px"></div><p id="p1" style="margin:0 0 14px">{LOREM}</p><p id="p2" style="margin:0">{SHORT}</p></div>',
    "float_left_clear": f'<div id="c" data-lines style="width:600px;font:16px/1.5 \'{P}\'"><div id="f" style="float:left;width:120px;height:120px;margin:0 22px 10px 0"></div><p id="p" style="margin:0 0 12px">{SHORT}</p><div id="n" style="clear:both;margin-top:10px;border-top:1px solid">after</div></div>',
    "pull_quote_left": f'<div id="c" data-lines style="width:900px;font:17px/1.7 \'{S}\'"><blockquote id="q" style="float:left;width:330px;margin:6px 36px 12px 0;padding:18px 0 18px 24px;border-left:4px solid;font-size:26px;line-height:1.35">The average user does not exist.</blockquote><p id="p" style="margin:0 0 14px">{LOREM} {SHORT}</p></div>',
    "narrow_beside_float_moves_down": f'<div id="c" data-lines style="width:300px;font:16px/20px \'{P}\'"><div id="f" style="float:left;width:260px;height:50px"></div>Extraordinarily long words go below</div>',
    "bfc_beside_float": f'<div style="width:600px;font:16px/1.5 \'{P}\'"><div id="f" style="float:left;width:200px;height:100px"></div><div id="b" data-lines style="overflow:hidden;border:1px solid">{SHORT}</div></div>',
    "float_after_margin": f'<div style="width:600px;font:16px/1.5 \'{P}\'"><p id="a" style="margin:0 0 20px">One</p><div id="f" style="float:left;width:50px;height:50px"></div><p id="b" style="margin:30px 0 0">Two</p></div>',
    "float_shelves_mixed": '<div id="c" style="width:500px"><div id="a" style="float:left;width:200px;height:80px"></div><div id="b" style="float:right;width:150px;height:40px"></div><div id="d" style="float:left;width:200px;height:30px"></div><div id="e" style="float:right;width:160px;height:30px"></div><div id="g" style="float:left;width:100px;height:20px"></div></div>',
    "float_in_previous_block": f'<div style="width:640px;font:16px/1.5 \'{P}\'"><div id="w"><div id="f" style="float:left;width:150px;height:90px"></div><p id="a" style="margin:0">Short.</p></div><p id="b" data-lines style="margin:0">{SHORT}</p></div>',
    "clear_with_margin": '<div style="width:400px"><div id="f" style="float:left;width:100px;height:100px"></div><div id="a" style="clear:left;margin-top:10px;height:10px"></div><div id="b" style="float:left;width:50px;height:20px"></div><div id="c" style="clear:left;margin-top:150px;height:10px"></div></div>',
    "centred_text_beside_float": f'<div id="c" data-lines style="width:500px;text-align:center;font:16px/1.5 \'{P}\'"><div id="f" style="float:left;width:160px;height:60px"></div>{SHORT}</div>',
    "float_clear_left_on_float": '<div style="width:500px"><div id="a" style="float:left;width:100px;height:40px"></div><div id="b" style="float:left;clear:left;width:120px;height:30px"></div><div id="c" style="float:left;width:100px;height:20px"></div></div>',
}
FIXTURES.update(
    {
        "nested_block_padding_beside_float": f'<div style="width:600px;font:16px/1.5 \'{P}\'"><div id="f" style="float:left;width:150px;height:100px"></div><div id="n" data-lines style="margin-left:40px;padding:8px 10px"><h3 id="h" style="margin:0 0 6px;font-size:20px">Heading beside</h3>{SHORT}</div></div>',
        "list_beside_float": f'<div style="width:600px;font:16px/1.5 \'{P}\'"><div id="f" style="float:left;width:180px;height:90px"></div><ul id="u" data-lines style="margin:0;padding-left:24px"><li>First item of the list</li><li>Second item</li><li>Third item that is long enough to wrap beside the float and below it too</li></ul></div>',
        "dropcap_spans_two_paragraphs": f'<style>.d::first-letter{{float:left;font-size:80px;line-height:70px;margin-right:8px}}</style><div id="c" data-lines style="width:460px;font:15px/20px \'{S}\'"><p class="d" style="margin:0">Short first paragraph.</p><p style="margin:0">{SHORT}</p></div>',
        "text_indent_beside_float": f'<div id="c" data-lines style="width:420px;font:16px/1.5 \'{P}\';text-indent:30px"><div id="f" style="float:right;width:100px;height:40px"></div>{SHORT}</div>',
        "float_percent_width_in_flex_item": f'<div style="display:flex;width:800px;gap:20px;font:15px/1.5 \'{P}\'"><div id="a" data-lines style="flex:1"><div id="f" style="float:left;width:40%;height:50px;margin-right:10px"></div>{SHORT}</div><div id="b" style="flex:1">Side</div></div>',
    }
)
FIXTURES.update(
    {
        "first_line_bigger_uppercase": f'<style>#p::first-line{{font-size:20px;text-transform:uppercase;letter-spacing:1px;color:#a00}}</style><p id="p" data-lines style="width:460px;margin:0;font:16px/1.5 \'{P}\'">{SHORT}</p>',
        "first_line_with_drop_cap": f'<style>#p::first-line{{font-weight:bold}} #p::first-letter{{float:left;font-size:50px;line-height:1;margin-right:6px}}</style><p id="p" data-lines style="width:420px;margin:0;font:16px/1.5 \'{S}\'">{SHORT}</p>',
    }
)
FIXTURES.update(
    {
        "shrink_to_fit_with_floats": f'<div style="font:15px/1.5 \'{P}\'"><div id="a" style="display:inline-block;border:1px solid"><div id="f" style="float:left;width:40px;height:40px;margin-right:8px"></div><div id="g" style="float:left;width:30px;height:20px"></div>Label text</div></div>',
        "shrink_to_fit_dropcap": f'<style>#p::first-letter{{float:left;font-size:40px;line-height:1}}</style><div style="font:15px/1.5 \'{S}\'"><p id="p" style="position:absolute;margin:0">Short note.</p></div>',
    }
)
FIXTURES.update(
    {
        "float_mid_paragraph": f'<p id="p" data-lines style="width:500px;margin:0;font:16px/1.5 \'{P}\'">Rivers are not lines on a map. <span id="f" style="float:right;width:120px;height:60px"></span>They are processes, constantly eroding the outside of each bend and depositing sediment on the inside.</p>',
        "float_mid_paragraph_no_room": f'<p id="p" data-lines style="width:400px;margin:0;font:16px/1.5 \'{P}\'">Rivers are not lines on a map. They are processes, <img id="f" style="float:left;width:150px;height:40px" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">constantly eroding the outside of each bend and depositing sediment.</p>',
        "float_in_span": f'<p id="p" data-lines style="width:420px;margin:0;font:16px/1.5 \'{P}\'">Start <b>bold <span id="f" style="float:left;width:60px;height:30px"></span>words</b> and the rest of a sentence that wraps onto the next line.</p>',
    }
)
