"""Block, inline and positioned layout fixtures: name -> HTML placed inside a 1280x720 `.slide`
(see chromium_boxes.py). Names starting with `text_` depend on text measurement (1 px tolerance)."""

P = "Liberation Sans"

FIXTURES: dict[str, str] = {
    # Block widths (CSS 2.1 10.3.3) and heights
    "block_auto_width_margins": '<div id="a" style="margin:10px 20px 0 30px;padding:5px;border:2px solid;height:10px"></div>',
    "block_auto_margins_centre": '<div id="a" style="width:400px;margin:0 auto;height:10px"></div>',
    "block_margin_left_auto": '<div id="a" style="width:400px;margin-left:auto;height:10px"></div>',
    "block_percent_width_padding": '<div style="width:600px"><div id="a" style="width:50%;padding:0 10%;height:10px"></div></div>',
    "block_border_box": '<div id="a" style="box-sizing:border-box;width:300px;padding:20px;border:5px solid;height:100px"></div>',
    "block_min_max_width": '<div id="a" style="max-width:200px;height:5px"></div><div id="b" style="width:100px;min-width:250px;height:5px"></div>',
    "block_min_height": '<div id="a" style="min-height:120px"></div><div id="b" style="height:500px;max-height:50px"></div>',
    "block_percent_height": '<div style="height:400px"><div id="a" style="height:25%"></div></div>',
    "block_calc_width": '<div id="a" style="width:calc(100% - 80px);height:10px"></div>',
    # Margin collapsing (CSS 2.1 8.3.1)
    "collapse_siblings": '<div id="a" style="height:10px;margin-bottom:30px"></div><div id="b" style="height:10px;margin-top:20px"></div>',
    "collapse_negative": '<div id="a" style="height:10px;margin-bottom:30px"></div><div id="b" style="height:10px;margin-top:-10px"></div>',
    "collapse_parent_first_child": '<div id="p" style="margin-top:10px"><div id="c" style="margin-top:40px;height:10px"></div></div>',
    "collapse_blocked_by_padding": '<div id="p" style="margin-top:10px;padding-top:1px"><div id="c" style="margin-top:40px;height:10px"></div></div>',
    "collapse_last_child_bottom": '<div id="p"><div id="c" style="margin-bottom:25px;height:10px"></div></div><div id="n" style="height:10px;margin-top:5px"></div>',
    "collapse_through_empty": '<div id="a" style="height:10px;margin-bottom:10px"></div><div id="e" style="margin:30px 0"></div><div id="b" style="height:10px;margin-top:15px"></div>',
    "bfc_no_collapse": '<div id="p" style="overflow:hidden;margin-top:10px"><div id="c" style="margin-top:40px;height:10px"></div></div>',
    # Inline formatting
    "text_paragraph_wraps": f'<p id="p" style="width:300px;margin:0;font:16px \'{P}\'">The quick brown fox jumps over the lazy dog and keeps running <span id="s">until here</span> at last.</p>',
    "text_align_center": f'<p style="width:500px;margin:0;text-align:center;font:20px \'{P}\'"><span id="s">Centred words</span></p>',
    "text_align_right": f'<p style="width:500px;margin:0;text-align:right;font:20px \'{P}\'"><span id="s">Right words</span></p>',
    "text_line_height_number": f'<p style="width:200px;margin:0;font:15px/1.5 \'{P}\'">one two three four five six seven <span id="s">eight</span></p>',
    "text_line_height_px": f'<p id="p" style="margin:0;font:18px \'{P}\';line-height:30px">Line <span id="s">here</span></p>',
    "text_mixed_sizes": f'<p id="p" style="margin:0;font:16px \'{P}\'">small <span id="s" style="font-size:40px">BIG</span> small</p>',
    "text_inline_padding": f'<p style="margin:0;font:16px \'{P}\'">before <span id="s" style="padding:0 12px;margin-left:8px">pad</span> after <span id="t">x</span></p>',
    "text_inline_block": f'<p id="p" style="margin:0;font:16px \'{P}\'">a <span id="s" style="display:inline-block;width:50px;height:30px;vertical-align:middle"></span> <span id="t">b</span></p>',
    # A space before an atomic inline that ends the block (or the line before a <br>) is not
    # trailing white space: it stays (badges and icons after a heading's text).
    "text_space_before_last_inline_block": f'<div style="font:20px \'{P}\'">Alpha beta <span id="s" style="display:inline-block;width:30px;height:10px"></span></div><div style="font:bold 20px \'{P}\'">Alpha beta <span id="t" style="display:inline-block;width:30px;height:10px"></span></div>',
    "text_space_before_last_img": f'<div style="font:20px \'{P}\'">Alpha beta <img id="s" style="width:30px;height:10px" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></div>',
    "text_space_before_inline_block_br": f'<div style="font:20px \'{P}\'"><span>Alpha beta </span><span id="s" style="display:inline-block;width:30px;height:10px"></span><br><span id="t">next</span> <span style="display:inline-block;width:30px;height:10px"></span>   </div>',
    "text_inline_block_text": f'<div style="font:14px \'{P}\'"><span id="s" style="display:inline-block;padding:4px 10px;border:1px solid">Pill text</span><span id="t">after</span></div>',
    "text_br_and_nowrap": f'<p style="width:100px;margin:0;font:16px \'{P}\';white-space:nowrap">never wraps this long line<br><span id="s">next</span></p>',
    "text_pre": '<pre style="margin:0;font:14px \'Liberation Mono\'">a  b\n  <span id="s">c</span></pre>',
    "text_letter_spacing": f'<p style="margin:0;font:16px \'{P}\';letter-spacing:4px">SPACED <span id="s">OUT</span></p>',
    "text_indent": f'<p style="width:300px;margin:0;font:16px \'{P}\';text-indent:40px"><span id="s">Indented</span> first line</p>',
    "text_sup_sub": f'<p id="p" style="margin:0;font:20px \'{P}\'">x<sup id="s">2</sup> H<sub id="t">2</sub>O</p>',
    "text_uppercase": f'<p style="margin:0;font:16px \'{P}\';text-transform:uppercase">abc <span id="s">def</span></p>',
    "text_list_items": f'<ul id="u" style="margin:0;font:18px/1.4 \'{P}\'"><li id="l1">First item</li><li id="l2">Second item</li></ul>',
    "text_heading_margins": f'<div style="font-family:\'{P}\'"><h1 id="h">Title</h1><p id="p">Body</p></div>',
    # Positioned layout (CSS 2.1 10.3.7 / 10.6.4)
    "abs_insets": '<div style="position:relative;width:500px;height:300px;margin:20px"><div id="a" style="position:absolute;left:10px;top:20px;width:100px;height:50px"></div><div id="b" style="position:absolute;right:10px;bottom:20px;width:100px;height:50px"></div></div>',
    "abs_stretch_insets": '<div style="position:relative;width:500px;height:300px;padding:10px"><div id="a" style="position:absolute;inset:20px 30px"></div></div>',
    "abs_percent": '<div style="position:relative;width:400px;height:200px"><div id="a" style="position:absolute;left:25%;top:50%;width:50%;height:10%"></div></div>',
    "abs_auto_margins_centre": '<div style="position:relative;width:400px;height:200px"><div id="a" style="position:absolute;inset:0;margin:auto;width:100px;height:60px"></div></div>',
    "abs_static_position": '<div style="position:relative;padding:15px"><div style="height:40px"></div><div id="a" style="position:absolute;width:20px;height:20px"></div></div>',
    "abs_nearest_positioned": '<div style="position:relative;left:0;top:0;margin:50px;width:300px;height:300px"><div style="margin:20px"><div id="a" style="position:absolute;top:0;left:0;width:10px;height:10px"></div></div></div>',
    "text_abs_shrink_to_fit": f'<div style="position:relative;width:600px;height:100px;font:16px \'{P}\'"><div id="a" style="position:absolute;right:0;top:0;padding:5px">Shrink me</div></div>',
    "relative_offset": '<div id="a" style="position:relative;left:15px;top:-5px;height:20px"></div><div id="b" style="height:20px"></div>',
    "fixed_is_viewport": '<div style="padding:40px"><div id="a" style="position:fixed;right:0;bottom:0;width:50px;height:50px"></div></div>',
}
FIXTURES.update(
    {
        "float_row_and_beside": '<div id="c" style="width:600px;overflow:hidden"><div id="a" style="float:left;width:100px;height:50px"></div><div id="b" style="float:left;width:120px;height:30px"></div><div id="r" style="float:right;width:80px;height:40px"></div><div id="n" style="clear:both;height:10px"></div></div>',
        "float_wraps_to_next_shelf": '<div style="width:300px"><div id="a" style="float:left;width:200px;height:50px"></div><div id="b" style="float:left;width:200px;height:30px"></div></div>',
    }
)
FIXTURES.update(
    {
        "text_table_cell_centring": f'<div id="c" style="display:table-cell;width:300px;height:100px;vertical-align:middle;text-align:center;font:16px \'{P}\'"><span id="s">Centred</span></div>',
        "text_webkit_box_clamp": f'<div id="c" style="display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;width:200px;font:16px \'{P}\'"><span id="s">Clamped text</span></div>',
    }
)
FIXTURES.update(
    {
        "text_vertical_rl_label": f'<div id="v" style="writing-mode:vertical-rl;font:20px \'{P}\';position:absolute;left:100px;top:20px;padding:4px">Vertical label</div>',
        "text_vertical_rl_fixed_height": f'<div id="v" style="writing-mode:vertical-rl;font:16px/1.5 \'{P}\';height:120px;border:2px solid">one two three four five six</div>',
    }
)
FIXTURES.update(
    {
        "text_abs_static_position_in_line": f'<p style="margin:0;font:16px \'{P}\';position:relative">Some words <span id="a" style="position:absolute">here</span></p>',
    }
)

# aspect-ratio (CSS Sizing 4): the ratio-dependent axis of non-replaced and replaced boxes.
FIXTURES.update(
    {
        "ar_block_width": '<div id="a" style="width:320px;aspect-ratio:16/9"></div>',
        "ar_block_auto_width": '<div style="width:600px"><div id="a" style="aspect-ratio:3"></div></div>',
        "ar_block_height_given": '<div id="a" style="height:100px;aspect-ratio:2"></div><div id="b" style="height:50px;aspect-ratio:1/2;margin-left:30px"></div>',
        "ar_border_box": '<div id="a" style="box-sizing:border-box;width:300px;padding:10px;border:5px solid;aspect-ratio:3/1"></div>',
        "ar_content_box_chrome": '<div id="a" style="width:300px;padding:10px;border:5px solid;aspect-ratio:3/1"></div>',
        "ar_auto_and_ratio_div": '<div id="a" style="width:200px;aspect-ratio:auto 2/1"></div>',
        "ar_percent_width": '<div style="width:500px"><div id="a" style="width:50%;aspect-ratio:5/2"></div></div>',
        "ar_max_height": '<div id="a" style="width:400px;aspect-ratio:1;max-height:100px"></div><div id="b" style="width:40px;aspect-ratio:1;min-height:90px"></div>',
        "text_ar_content_taller": f'<div id="a" style="width:100px;aspect-ratio:4;font:16px \'{P}\'">one two three four five six</div>',
        "text_ar_overflow_hidden": f'<div id="a" style="width:100px;aspect-ratio:4;overflow:hidden;font:16px \'{P}\'">one two three four five six</div>',
        "ar_abspos": '<div id="a" style="position:absolute;left:10px;top:10px;width:100px;aspect-ratio:2"></div><div id="b" style="position:absolute;left:200px;top:10px;height:60px;aspect-ratio:3/2"></div>',
        "ar_inline_block": '<div><span id="a" style="display:inline-block;width:90px;aspect-ratio:3"></span><span id="b" style="display:inline-block;height:30px;aspect-ratio:2"></span></div>',
        "ar_shrink_wrapped_parent": '<div id="p" style="display:inline-block;background:#eee"><div id="a" style="height:40px;aspect-ratio:5/2"></div></div><div id="q" style="float:left;clear:left"><div id="b" style="height:20px;aspect-ratio:3;padding:0 4px"></div></div>',
        "text_pre_leading_newline": '<pre id="a" style="margin:0;font:14px \'Liberation Mono\'">\nline one\n</pre><pre id="b" style="margin:0;font:14px \'Liberation Mono\'">\n\nafter a blank line</pre><div id="c">x</div>',
        "ar_float": '<div id="a" style="float:left;width:80px;aspect-ratio:2"></div>',
        "ar_img_ratio_overrides": '<img id="a" style="display:block;width:200px;aspect-ratio:1/1" src="data:image/gif;base64,R0lGODlhAgABAIAAAP8AAP///yH5BAAAAAAALAAAAAACAAEAAAICDAoAOw=="><img id="b" style="display:block;width:200px;aspect-ratio:auto 1/1" src="data:image/gif;base64,R0lGODlhAgABAIAAAP8AAP///yH5BAAAAAAALAAAAAACAAEAAAICDAoAOw=="><img id="c" style="display:block;width:200px;aspect-ratio:4/1;object-fit:cover" src="data:image/gif;base64,R0lGODlhAgABAIAAAP8AAP///yH5BAAAAAAALAAAAAACAAEAAAICDAoAOw==">',
    }
)

# direction: rtl: an over-constrained block ignores margin-right... of the start side: it sits
# at the container's right edge; auto margins still centre
FIXTURES.update(
    {
        "rtl_block_narrow": '<div id="p" style="direction:rtl;width:600px"><div id="a" style="width:200px;height:10px"></div>'
        '<div id="b" style="max-width:300px;height:10px;margin-right:20px"></div>'
        '<div id="c" style="width:100px;height:10px;margin:0 auto"></div>'
        '<div id="d" style="width:100px;height:10px;margin-left:auto"></div>'
        '<div id="e" style="width:100px;height:10px;margin-right:auto"></div>'
        '<div id="f" style="width:100px;height:10px;margin-left:30px;margin-right:40px"></div></div>',
        "rtl_block_child_ltr": '<div style="direction:rtl;width:600px;padding:0 10px"><div id="a" style="direction:ltr;width:200px;height:10px"></div>'
        '<div id="b" style="width:700px;height:10px"></div></div>',
    }
)

# position: sticky, unscrolled: the box stays in flow unless its place breaks an inset against
# the nearest scroll container's content box (the viewport at the root); then it moves as far
# as its containing block's content box lets its margin box go (never as position: relative)
FIXTURES.update(
    {
        "sticky_in_place": '<div style="padding-top:100px;width:400px"><div id="a" style="position:sticky;top:10px;left:5px;height:16px"></div><div id="b" style="position:sticky;bottom:10px;height:16px"></div></div>',
        "sticky_top_pushed": '<div style="position:absolute;left:0;top:0;width:300px;height:200px"><div id="a" style="position:sticky;top:20px;height:30px;margin-top:5px"></div><div id="b" style="height:10px"></div></div>',
        "sticky_containing_block_limit": '<div id="p" style="position:absolute;left:320px;top:0;width:300px;height:40px;padding-bottom:4px"><div id="c" style="position:sticky;top:30px;height:30px;margin-bottom:3px"></div></div>',
        "sticky_bottom_viewport": '<div style="position:absolute;left:640px;top:600px;width:300px;height:400px"><div style="height:80px"></div><div id="d" style="position:sticky;bottom:30px;height:30px"></div></div>',
        "sticky_scroller_content_box": '<div style="position:absolute;left:0;top:300px;width:400px;height:200px;overflow:hidden;padding:10px;border:3px solid"><div style="height:150px"></div><div id="e" style="position:sticky;bottom:40px;height:30px;left:-20px"></div><div id="f" style="position:sticky;top:10%;height:20px;width:100px;margin-left:350px;right:30px"></div></div>',
        "sticky_top_beats_bottom": '<div style="position:absolute;left:0;top:0;width:300px;height:700px;overflow:hidden"><div id="a" style="position:sticky;top:50px;bottom:50px;height:660px"></div></div>',
        "sticky_flex_item": '<div style="position:absolute;left:100px;top:2px;width:500px;height:100px;display:flex;align-items:flex-start"><div id="a" style="position:sticky;top:12px;left:0;width:60px;height:30px"></div><div id="b" style="width:60px;height:50px"></div></div>',
    }
)

# <details>/<summary>: a closed <details> shows only its first <summary>; the summary is an
# inside list item whose disclosure triangle (0.66em) and its 0.4em gap push the text
# (::marker font-size counts; ::-webkit-details-marker no longer hides it; list-style:none does)
FIXTURES.update(
    {
        "details_closed_open": f'<div style="font:16px \'{P}\'"><details id="a"><summary id="s"><span id="t">Summary</span></summary><p>Hidden body</p>tail</details><details id="b" open><summary><span id="u">Open</span></summary><p id="q" style="margin:0">Shown</p></details><div id="n">after</div></div>',
        "summary_marker_sizes": f'<style>#m2::marker{{font-size:32px}}</style><div style="font:20px \'{P}\'"><details><summary><span id="a">Twenty</span></summary></details><details style="font-size:13px"><summary><span id="b">Thirteen</span></summary></details><details><summary id="m2"><span id="c">Big marker</span></summary></details><details><summary style="list-style:none"><span id="d">None</span></summary></details></div>',
    }
)

# <fieldset>/<legend>: the UA margins, padding and 2px groove border; the rendered legend sits
# on the top border (centred on it), at the content box's inline start, shrink-to-fit, and
# pushes the content down by the part of it the border does not cover
FIXTURES.update(
    {
        "fieldset_legend": f'<div style="font:16px \'{P}\';width:640px"><fieldset id="f"><legend id="l"><span id="lt">Legend</span></legend><p id="p" style="margin:0">Body</p></fieldset><fieldset id="g" style="border:1px solid #ccc;padding:10px;margin:10px 0"><legend id="m" style="font-size:24px;padding:0 8px;background:#eee"><span id="mt">Big</span></legend><div id="q">Body</div></fieldset><fieldset id="h" style="border:4px solid"><div id="r">no legend</div></fieldset><fieldset id="i" style="border:30px solid;height:50px;padding:6px 12px 10px"><legend id="n">Thin</legend><div id="s">x</div></fieldset></div>',
    }
)

# Logical properties resolve against the element's own direction (CSS Logical 1, Chromium's
# cascade): in rtl content inline-start is the right (the UA list padding too), and the later
# of a logical and a physical declaration of one side wins
FIXTURES.update(
    {
        "logical_rtl": '<div dir="rtl" style="width:400px"><ul><li id="b">One</li></ul><div id="c" style="padding-inline-start:10px;padding-inline-end:30px;margin-inline-start:5px;border-inline-start:4px solid red;height:10px"><div id="c1" style="height:5px"></div></div><div style="padding-left:7px;padding-inline-start:20px;height:5px"><div id="d1" style="height:5px"></div></div><div style="padding-inline-start:20px;padding-right:7px;height:5px"><div id="e1" style="height:5px"></div></div><div style="position:relative;height:20px"><div id="f" style="position:absolute;inset-inline-start:15px;width:10px;height:10px"></div></div><div dir="ltr" style="padding-inline-start:12px"><div id="h1" style="height:5px"></div></div><dl><dd><div id="i1" style="height:5px"></div></dd></dl></div>',
    }
)

# Pictures sized by a percentage shrink with the float or inline-block around them (their
# min-content contribution is zero, CSS Sizing 3, 5.2.2); a picture without one keeps its width
PNG_900x300 = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAA4QAAAEsAQAAAACz5UA8AAAAOElEQVR42u3BMQEAAADCoPVPbQ0PoAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAL4MhZgAAU/DcI8AAAAASUVORK5CYII="
FIXTURES.update(
    {
        "compressible_img_in_float": f'<div style="width:600px"><div id="a" style="float:left"><img id="b" src="{PNG_900x300}" style="max-width:100%;display:block"></div></div>',
        "compressible_img_in_inline_block": f'<div style="width:600px"><span id="a" style="display:inline-block"><img id="b" src="{PNG_900x300}" style="max-width:100%;display:block"></span></div>',
        "incompressible_img_in_float": f'<div style="width:600px"><div id="a" style="float:left"><img id="b" src="{PNG_900x300}" style="display:block"></div></div>',
    }
)
