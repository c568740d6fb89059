"""Flexbox layout fixtures: name -> HTML placed inside a 1280x720 `.slide` (see chromium_boxes.py).

Fixtures whose name starts with `text_` depend on text measurement (compared within 1 px);
the others are pure flex arithmetic (compared within 1/64 px).
"""

ITEMS3 = (
    '<div id="a" style="{a}"></div><div id="b" style="{b}"></div><div id="c" style="{c}"></div>'
)


def three(container: str, a: str = "", b: str = "", c: str = "") -> str:
    return (
        f'<div id="f" style="display:flex;{container}">' + ITEMS3.format(a=a, b=b, c=c) + "</div>"
    )


def boxes(n: int, style: str, container: str) -> str:
    inner = "".join(f'<div id="i{k}" style="{style}"></div>' for k in range(n))
    return f'<div id="f" style="display:flex;{container}">{inner}</div>'


FIXTURES: dict[str, str] = {
    # flex-grow / flex-shrink / flex-basis and the resolve-flexible-lengths loop
    "grow_equal_thirds": three("width:1000px", "flex:1", "flex:1", "flex:1"),
    "grow_seven_gap": boxes(7, "flex:1;height:10px", "width:1000px;gap:10px"),
    "grow_ratio_basis": three("width:997px", "flex:1 1 50px", "flex:2 1 50px", "flex:3 1 50px"),
    "grow_fraction_sum": three(
        "width:1000px", "flex-grow:0.2;width:100px", "flex-grow:0.3;width:100px", "width:100px"
    ),
    "grow_max_violation": three("width:1000px", "flex:1;max-width:100px", "flex:1", "flex:2"),
    "grow_min_violation": three("width:600px", "flex:1;min-width:350px", "flex:1", "flex:1"),
    "shrink_weighted": three(
        "width:600px", "width:300px", "width:300px;flex-shrink:2", "width:200px"
    ),
    "shrink_min_violation": three(
        "width:500px", "width:300px;min-width:280px", "width:300px", "width:300px"
    ),
    "shrink_zero": three("width:500px", "width:300px;flex-shrink:0", "width:300px", "width:100px"),
    "basis_percent": three("width:800px", "flex:0 0 25%", "flex:0 0 50%", "flex:1 0 10%"),
    "basis_border_box": three(
        "width:900px",
        "flex:0 0 200px;padding:0 10px;border:5px solid;box-sizing:border-box",
        "flex:0 0 200px;padding:0 10px;border:5px solid",
        "flex:1;padding-left:20px",
    ),
    "basis_auto_width": three(
        "width:900px",
        "width:120px;flex-grow:1",
        "flex-basis:40px;width:300px;flex-grow:1",
        "width:10%",
    ),
    "max_main_with_shrink": three(
        "width:300px", "width:200px;max-width:150px", "width:200px", "width:200px;min-width:120px"
    ),
    # direction and order
    "row_reverse": three("width:600px", "width:100px", "width:150px", "width:200px").replace(
        "display:flex;", "display:flex;flex-direction:row-reverse;"
    ),
    "column_definite": three(
        "flex-direction:column;width:300px;height:600px",
        "flex:1",
        "flex:2;height:40px",
        "height:100px;flex-shrink:0",
    ),
    "column_auto_height": three(
        "flex-direction:column;width:300px",
        "height:50px",
        "height:70px;margin:5px 10px",
        "height:20px;flex:1",
    ),
    "column_min_height_grow": three(
        "flex-direction:column;width:300px;min-height:400px",
        "flex:1;height:50px",
        "height:70px",
        "flex:1;height:20px",
    ),
    "column_reverse": three(
        "flex-direction:column-reverse;width:300px;height:400px",
        "height:50px",
        "height:60px",
        "height:70px",
    ),
    "column_align": three(
        "flex-direction:column;width:300px;height:300px;align-items:center",
        "width:100px;height:50px",
        "width:50%;height:60px;align-self:flex-end",
        "height:70px;align-self:stretch",
    ),
    "order": three("width:600px", "width:100px;order:2", "width:150px;order:-1", "width:200px"),
    # justify-content
    "justify_center": three(
        "width:1000px;justify-content:center", "width:100px", "width:100px", "width:101px"
    ),
    "justify_flex_end": three(
        "width:1000px;justify-content:flex-end", "width:100px", "width:100px", "width:100px"
    ),
    "justify_space_between": boxes(7, "width:10px", "width:1000px;justify-content:space-between"),
    "justify_space_around": three(
        "width:1000px;justify-content:space-around", "width:100px", "width:100px", "width:100px"
    ),
    "justify_space_evenly": three(
        "width:1000px;justify-content:space-evenly", "width:100px", "width:100px", "width:100px"
    ),
    "justify_between_single": '<div id="f" style="display:flex;width:500px;justify-content:space-between"><div id="a" style="width:100px"></div></div>',
    "justify_around_overflow": three(
        "width:200px;justify-content:space-around",
        "width:100px;flex-shrink:0",
        "width:100px;flex-shrink:0",
        "width:100px;flex-shrink:0",
    ),
    "justify_reverse_start_end": three(
        "width:600px;flex-direction:row-reverse;justify-content:start",
        "width:100px",
        "width:100px",
        "width:100px",
    )
    + three(
        "width:600px;flex-direction:row-reverse;justify-content:flex-start",
        "width:100px",
        "width:100px",
        "width:100px",
    ).replace('id="', 'id="r'),
    "justify_gap": three(
        "width:1000px;column-gap:30px;justify-content:center",
        "width:100px",
        "width:100px",
        "width:100px",
    ),
    # align-items / align-self / auto margins
    "align_stretch": three(
        "width:600px", "width:100px;height:80px", "width:100px", "width:100px;margin:10px 0 5px"
    ),
    "align_definite_height": three(
        "width:600px;height:200px",
        "width:100px",
        "width:100px;max-height:150px",
        "width:100px;min-height:250px",
    ),
    "align_items_center": three(
        "width:600px;height:200px;align-items:center",
        "width:100px;height:50px",
        "width:100px;height:51px",
        "width:100px;height:250px",
    ),
    "align_items_end": three(
        "width:600px;align-items:flex-end",
        "width:100px;height:50px",
        "width:100px;height:90px",
        "width:100px;height:70px;margin-bottom:7px",
    ),
    "align_self_mix": three(
        "width:600px;height:150px;align-items:center",
        "width:100px;height:50px;align-self:flex-start",
        "width:100px;align-self:stretch;margin-top:10px",
        "width:100px;height:20px;align-self:end",
    ),
    "margin_auto_main": three(
        "width:800px", "width:100px", "width:100px;margin-left:auto", "width:100px"
    ),
    "margin_auto_both": three(
        "width:800px", "width:100px;margin:0 auto", "width:100px", "width:100px;margin-left:auto"
    ),
    "margin_auto_cross": three(
        "width:600px;height:300px",
        "width:100px;height:50px;margin:auto",
        "width:100px;height:50px;margin-top:auto",
        "width:100px;height:50px;margin-bottom:auto",
    ),
    # wrapping and align-content
    "wrap_lines": boxes(5, "width:300px;height:50px", "width:1000px;flex-wrap:wrap;gap:20px 30px"),
    "wrap_grow": boxes(
        5, "flex:1 1 300px;height:50px", "width:1000px;flex-wrap:wrap;column-gap:20px"
    ),
    "wrap_reverse": boxes(
        5, "width:300px;height:50px", "width:1000px;height:300px;flex-wrap:wrap-reverse"
    ),
    "wrap_align_content_stretch": boxes(
        5, "width:300px", "width:1000px;height:300px;flex-wrap:wrap"
    ),
    "wrap_align_content_center": boxes(
        5,
        "width:300px;height:40px",
        "width:1000px;height:300px;flex-wrap:wrap;align-content:center",
    ),
    "wrap_align_content_between": boxes(
        7,
        "width:300px;height:40px",
        "width:1000px;height:400px;flex-wrap:wrap;align-content:space-between;row-gap:10px",
    ),
    "wrap_align_content_around": boxes(
        5,
        "width:300px;height:40px",
        "width:1000px;height:301px;flex-wrap:wrap;align-content:space-around",
    ),
    "wrap_align_content_evenly": boxes(
        5,
        "width:300px;height:40px",
        "width:1000px;height:300px;flex-wrap:wrap;align-content:space-evenly",
    ),
    "wrap_align_content_end": boxes(
        5,
        "width:300px;height:40px",
        "width:1000px;height:300px;flex-wrap:wrap;align-content:flex-end",
    ),
    "wrap_line_heights": three(
        "width:500px;flex-wrap:wrap;align-items:flex-start",
        "width:300px;height:30px",
        "width:300px;height:60px",
        "width:100px;height:90px",
    ),
    "wrap_column": boxes(
        5,
        "height:120px;width:80px",
        "flex-direction:column;flex-wrap:wrap;height:300px;width:500px;gap:10px",
    ),
    # boxes, padding, nesting
    "container_chrome": three(
        "width:600px;padding:10px 20px 30px 40px;border:3px solid;gap:5px",
        "flex:1;height:20px",
        "flex:1;padding:7px",
        "width:50px;margin:4px",
    ),
    "percent_item_padding": three(
        "width:500px", "width:100px;padding:10%", "flex:1;margin:0 5%", "width:100px"
    ),
    "nested_flex": '<div id="f" style="display:flex;width:900px;gap:20px"><div id="a" style="flex:1;display:flex;flex-direction:column;gap:10px">'
    '<div id="a1" style="height:40px"></div><div id="a2" style="flex:1"></div></div>'
    '<div id="b" style="flex:2;height:200px;display:flex;align-items:flex-end"><div id="b1" style="flex:1;height:30px"></div><div id="b2" style="width:30%;height:60px"></div></div></div>',
    "nested_column_stretch": '<div id="f" style="display:flex;flex-direction:column;width:500px;height:400px"><div id="a" style="height:100px"></div>'
    '<div id="b" style="flex:1;display:flex"><div id="b1" style="flex:1"></div><div id="b2" style="flex:1;margin:10px"></div></div></div>',
    "relative_item": three(
        "width:600px",
        "width:100px;height:20px;position:relative;left:10px;top:5px",
        "width:100px;height:20px",
        "width:100px;height:20px",
    ),
    "abspos_child": '<div id="f" style="display:flex;width:600px;height:100px;padding:10px;position:relative">'
    '<div id="a" style="width:100px;height:20px"></div><div id="p" style="position:absolute;width:30px;height:30px"></div>'
    '<div id="b" style="width:100px;height:20px"></div></div>',
    "inline_flex_fixed": '<div style="width:800px"><div id="f" style="display:inline-flex;gap:10px;padding:5px"><div id="a" style="width:100px;height:30px"></div>'
    '<div id="b" style="width:50px;height:40px;margin:0 7px"></div></div></div>',
    "flex_in_grid": '<div id="g" style="display:grid;grid-template-columns:1fr 2fr;width:900px;gap:12px">'
    '<div id="a" style="display:flex;justify-content:space-between"><div id="a1" style="width:50px;height:50px"></div><div id="a2" style="width:60px;height:20px"></div></div>'
    '<div id="b" style="display:flex;flex-direction:column"><div id="b1" style="height:30px"></div><div id="b2" style="height:30px;width:40%"></div></div></div>',
    # text: intrinsic sizes, automatic minimum size, baselines
    "text_content_basis": '<div id="f" style="display:flex;width:900px;font-size:20px"><div id="a">Hello world</div><div id="b" style="flex:1">x</div><div id="c">Slide title here</div></div>',
    "text_shrink_to_min": '<div id="f" style="display:flex;width:200px;font-size:16px"><div id="a">Supercalifragilistic words here</div><div id="b">Another long paragraph of text</div></div>',
    "text_min_width_auto": '<div id="f" style="display:flex;width:300px;font-size:16px"><div id="a" style="flex:1">Antidisestablishmentarianism</div><div id="b" style="flex:1">short</div><div id="c" style="flex:1;min-width:0">Antidisestablishmentarianism</div></div>',
    "text_specified_size_suggestion": '<div id="f" style="display:flex;width:200px;font-size:16px"><div id="a" style="width:50px">Longwordhere</div><div id="b" style="width:300px">Hi</div></div>',
    "text_overflow_hidden_min": '<div id="f" style="display:flex;width:200px;font-size:16px"><div id="a" style="overflow:hidden">Longwordhereandmore</div><div id="b">Longwordhereandmore</div></div>',
    "text_inline_flex": '<div style="width:800px;font-size:16px"><span>Before</span><div id="f" style="display:inline-flex;gap:8px;padding:4px;border:1px solid">'
    '<div id="a">One two</div><div id="b" style="font-size:24px">Three</div></div> after</div>',
    "text_baseline": '<div id="f" style="display:flex;width:800px;align-items:baseline"><div id="a" style="font-size:40px;line-height:50px">Big</div>'
    '<div id="b" style="font-size:14px;padding-top:30px">small</div><div id="c" style="width:50px;height:20px"></div></div>',
    "text_column_content": '<div id="f" style="display:flex;flex-direction:column;width:300px;font-size:16px;line-height:20px"><div id="a">Some text that wraps onto more than one line in this narrow column</div>'
    '<div id="b" style="align-self:flex-start">fit content</div><div id="c" style="flex:1;align-self:center">centered</div></div>',
    "text_cards": '<div id="f" style="display:flex;gap:24px;width:1000px;padding:20px;font-size:18px;line-height:1.4">'
    '<div id="a" style="flex:1;padding:16px;border:1px solid">Revenue grew strongly in the third quarter</div>'
    '<div id="b" style="flex:1;padding:16px;border:1px solid">Costs</div>'
    '<div id="c" style="flex:1;padding:16px;border:1px solid">Outlook for next year remains positive across all regions and segments</div></div>',
}

PNG_40x20 = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAJUlEQVR4nGM8wTAwgGmA7B21eNTiUYtHLR61eNTiUYtHLR4AAAAo1ADwx1MCoQAAAABJRU5ErkJggg=="
SVG_80x40 = '<svg id="s" width="80" height="40" viewBox="0 0 80 40"></svg>'

FIXTURES.update(
    {
        "inline_flex_basis": '<div style="width:800px"><div id="f" style="display:inline-flex">'
        '<div id="a" style="flex:0 0 100px;height:10px"></div><div id="b" style="width:60px;height:10px"></div></div></div>',
        "percent_height_in_stretched": '<div id="f" style="display:flex;width:600px"><div id="a" style="width:100px;height:200px"></div>'
        '<div id="b" style="width:100px"><div id="b1" style="height:50%"></div></div></div>',
        "column_justify_between": three(
            "flex-direction:column;width:300px;height:400px;justify-content:space-between",
            "height:50px",
            "height:50px;width:100px;margin-left:auto",
            "height:50px",
        ),
        "column_justify_center_gap": three(
            "flex-direction:column;width:300px;height:400px;justify-content:center;row-gap:12px",
            "height:50px",
            "height:50px",
            "height:50px",
        ),
        "wrap_grow_max": boxes(
            5, "flex:1 1 200px;max-width:260px;height:20px", "width:1000px;flex-wrap:wrap;gap:10px"
        ),
        "column_shrink": three(
            "flex-direction:column;width:300px;height:200px",
            "height:100px",
            "height:100px",
            "height:100px;flex-shrink:2",
        ),
        "image_items": f'<div id="f" style="display:flex;width:600px;height:100px;gap:10px"><img id="a" src="{PNG_40x20}">'
        f'<img id="b" src="{PNG_40x20}" style="height:50px;align-self:center"><img id="c" src="{PNG_40x20}" style="flex:1;align-self:flex-start"></div>',
        "svg_item_shrink": '<div id="f" style="display:flex;width:100px;align-items:flex-start">'
        + SVG_80x40
        + '<div id="b" style="width:80px;height:10px"></div></div>',
        "text_column_flex_fill": '<div id="f" style="display:flex;flex-direction:column;width:300px;height:400px;font-size:16px;line-height:20px">'
        '<div id="a">Title line</div><div id="b" style="flex:1">Body text that is long enough to wrap onto a second line here</div><div id="c">Footer</div></div>',
        "text_inline_flex_basis": '<div style="width:800px;font-size:16px"><div id="f" style="display:inline-flex">'
        '<div id="a" style="flex:0 0 200px">Hi</div><div id="b" style="flex:1 1 10px">Hello there</div></div></div>',
        "text_baseline_wrap": '<div id="f" style="display:flex;flex-wrap:wrap;width:400px;align-items:baseline;gap:0 10px">'
        '<div id="a" style="width:150px;font-size:30px">Aa</div><div id="b" style="width:150px;font-size:12px;padding-top:20px">bb</div>'
        '<div id="c" style="width:150px;font-size:20px">Cc</div><div id="d" style="width:100px;font-size:40px">Dd</div></div>',
        "text_nested_inline_flex_baseline": '<div id="p" style="width:800px;font-size:20px;line-height:30px">Text '
        '<div id="f" style="display:inline-flex;align-items:center;height:60px;gap:6px"><div id="a" style="width:20px;height:20px"></div>'
        '<div id="b" style="font-size:14px">label</div></div> more</div>',
    }
)

FIXTURES.update(
    {
        "text_header_space_between": '<div id="f" style="display:flex;justify-content:space-between;align-items:center;width:1136px;padding:0 72px;font-size:14px">'
        '<div id="a" style="font-size:28px;font-weight:700">Quarterly Business Review</div><div id="b">Q3 2024 · Confidential</div></div>',
        "text_footer_margin_auto": '<div id="f" style="display:flex;flex-direction:column;width:400px;height:500px;padding:24px;font-size:16px;line-height:1.5">'
        '<h2 id="a" style="margin:0 0 12px;font-size:28px">Heading</h2><p id="b" style="margin:0">Paragraph text under the heading that wraps to two lines.</p>'
        '<div id="c" style="margin-top:auto;font-size:12px">Footer note</div></div>',
        "text_stat_row": '<div id="f" style="display:flex;gap:32px;width:1000px">'
        '<div id="a" style="flex:1;text-align:center"><div id="a1" style="font-size:48px;font-weight:700">42%</div><div id="a2" style="font-size:14px">Growth year over year in all segments</div></div>'
        '<div id="b" style="flex:1;text-align:center"><div id="b1" style="font-size:48px;font-weight:700">$1.2M</div><div id="b2" style="font-size:14px">ARR</div></div>'
        '<div id="c" style="flex:1;text-align:center"><div id="c1" style="font-size:48px;font-weight:700">118</div><div id="c2" style="font-size:14px">Customers</div></div></div>',
        "text_icon_row": '<div id="f" style="display:flex;align-items:flex-start;gap:16px;width:500px;font-size:16px;line-height:24px">'
        '<div id="a" style="flex:0 0 40px;height:40px;border-radius:50%"></div><div id="b"><div id="b1" style="font-weight:700">Title of the item</div>'
        '<div id="b2">Longer description text that needs to wrap because the row is narrow enough.</div></div></div>',
        "text_wrap_tags": '<div id="f" style="display:flex;flex-wrap:wrap;gap:8px;width:300px;font-size:13px">'
        + "".join(
            f'<span id="t{i}" style="padding:4px 10px;border:1px solid">{w}</span>'
            for i, w in enumerate(
                ["Design", "Engineering", "Product", "Customer success", "Marketing", "Ops"]
            )
        )
        + "</div>",
    }
)

# aspect-ratio on flex items
FIXTURES.update(
    {
        "ar_flex_row_width": '<div style="display:flex"><div id="a" style="width:100px;aspect-ratio:1"></div></div>',
        "ar_flex_row_taller_sibling": '<div style="display:flex"><div id="a" style="width:100px;aspect-ratio:1"></div><div id="b" style="height:300px;width:10px"></div></div>',
        "ar_flex_row_flex1_start": '<div style="display:flex;width:400px;align-items:flex-start"><div id="a" style="flex:1;aspect-ratio:2"></div><div id="b" style="flex:1;aspect-ratio:4"></div></div>',
        "ar_flex_row_flex1_stretch": '<div style="display:flex;width:400px"><div id="a" style="flex:1;aspect-ratio:2"></div><div id="b" style="flex:1;aspect-ratio:4"></div></div>',
        "ar_flex_column_stretch": '<div style="display:flex;flex-direction:column;width:300px"><div id="a" style="aspect-ratio:3"></div><div id="b" style="width:60px;aspect-ratio:2"></div></div>',
        "ar_flex_row_height_given": '<div style="display:flex"><div id="a" style="height:100px;aspect-ratio:2"></div><div id="b" style="height:40px;aspect-ratio:1/2;padding:0 5px"></div></div>',
        "ar_flex_row_stretched_definite": '<div style="display:flex;height:80px;width:500px"><div id="a" style="aspect-ratio:1"></div><div id="b" style="aspect-ratio:3/2;flex-shrink:0"></div></div>',
        "ar_flex_img_cover": '<div style="display:flex;flex-direction:column;width:366px"><img id="a" style="width:100%;aspect-ratio:16/9;object-fit:cover" src="data:image/gif;base64,R0lGODlhAgABAIAAAP8AAP///yH5BAAAAAAALAAAAAACAAEAAAICDAoAOw=="><div id="b" style="height:20px"></div></div>',
    }
)

# direction: rtl: a row's main start is the right edge (start/end keywords follow it; left/right
# stay physical); row-reverse runs left to right
RTL = "direction:rtl;width:600px;height:50px"
FIXTURES.update(
    {
        "rtl_row": three(RTL, "width:100px", "width:150px", "width:50px"),
        "rtl_row_gap_grow": three(RTL + ";gap:10px", "flex:1", "width:150px", "flex:2"),
        "rtl_row_reverse": three(
            RTL + ";flex-direction:row-reverse", "width:100px", "width:150px", "width:50px"
        ),
        "rtl_justify_start": three(RTL + ";justify-content:start", "width:100px", "width:150px"),
        "rtl_justify_flex_end": three(
            RTL + ";justify-content:flex-end", "width:100px", "width:150px"
        ),
        "rtl_justify_end": three(RTL + ";justify-content:end", "width:100px", "width:150px"),
        "rtl_justify_left": three(RTL + ";justify-content:left", "width:100px", "width:150px"),
        "rtl_justify_between": three(
            RTL + ";justify-content:space-between", "width:100px", "width:150px", "width:50px"
        ),
        "rtl_justify_center": three(RTL + ";justify-content:center", "width:100px", "width:150px"),
        "rtl_auto_margin": three(RTL, "width:100px;margin-right:auto", "width:150px", "width:50px"),
        "rtl_margins": three(
            RTL, "width:100px;margin-left:20px;margin-right:5px", "width:150px", "width:50px"
        ),
        "rtl_wrap": boxes(5, "width:200px;height:10px", "direction:rtl;width:600px;flex-wrap:wrap"),
        "rtl_inherited": '<div style="direction:rtl">'
        + three("width:600px;height:50px", "width:100px", "width:150px", "width:50px")
        + "</div>",
    }
)

# Flex containers in a vertical writing mode: the row runs down the page, lines and the cross
# axis run sideways (from the right in vertical-rl); column-gap separates items on the main
# axis; an auto width fits the content (an orthogonal block)
FIXTURES.update(
    {
        "text_vertical_flex_side_label": '<div style="display:grid;grid-template-columns:56px 300px;height:400px;font:12px \'Liberation Sans\'"><aside id="s" style="writing-mode:vertical-rl;display:flex;align-items:center;justify-content:space-between;padding:32px 0;letter-spacing:2px"><span id="a">Studio Halden</span><b id="b">01 / 04</b></aside><div id="o" style="writing-mode:vertical-rl;display:flex;gap:10px;column-gap:20px;row-gap:6px"><span id="c" style="background:red">alpha</span><span id="d" style="align-self:flex-end">beta gamma</span><span id="e" style="align-self:center;padding:3px">x</span></div></div>',
        "text_vertical_flex_orthogonal_block": '<div id="p" style="position:absolute;top:420px;left:0;width:500px;font:14px \'Liberation Sans\'"><div id="q" style="writing-mode:vertical-rl;display:flex;border:2px solid"><span id="f">one</span><span id="g">two three</span></div></div>',
        "text_vertical_flex_column_rl": '<div id="r" style="position:absolute;top:420px;left:600px;width:300px;height:200px;writing-mode:vertical-rl;display:flex;flex-direction:column;align-items:flex-start;font:14px \'Liberation Sans\'"><span id="h">first</span><span id="i" style="margin-top:auto">second item</span></div>',
        "text_vertical_flex_wrap_rl": '<div id="w" style="position:absolute;left:0;top:0;width:200px;height:100px;writing-mode:vertical-rl;display:flex;flex-wrap:wrap;gap:4px 8px;font:14px \'Liberation Sans\'"><span id="a" style="margin-right:5px">first label</span><span id="b">second label</span><span id="c" style="margin-left:3px">third</span></div>',
        "text_vertical_flex_lr": '<div id="l" style="position:absolute;left:300px;top:0;width:200px;height:150px;writing-mode:vertical-lr;display:flex;align-items:flex-start;justify-content:flex-end;font:14px \'Liberation Sans\'"><span id="d">one</span><span id="e" style="margin-left:7px">two</span></div>',
        "text_vertical_flex_column_boxes": '<div id="m" style="position:absolute;left:600px;top:0;height:150px;writing-mode:vertical-rl;display:flex;flex-direction:column;gap:6px;font:14px \'Liberation Sans\'"><div id="f" style="width:30px">x</div><div id="g" style="width:20px;margin-left:4px">y</div></div>',
        "text_vertical_flex_in_row_flex": '<div style="position:absolute;left:800px;top:0;width:300px;display:flex;font:14px \'Liberation Sans\'"><div id="n" style="writing-mode:vertical-rl;display:flex;background:#eee"><span id="h">item one</span><span id="i">item two</span></div><div id="j">after</div></div>',
    }
)

# A picture sized by a percentage (`width:100%`, `max-width:100%`) is compressible: its
# min-content contribution is zero (CSS Sizing 3, 5.2.2), so the flex item holding it shrinks
# below the picture's natural width (900px here)
PNG_900x300 = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAA4QAAAEsAQAAAACz5UA8AAAAOElEQVR42u3BMQEAAADCoPVPbQ0PoAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAL4MhZgAAU/DcI8AAAAASUVORK5CYII="
FIXTURES.update(
    {
        "compressible_img_max_width": f'<div id="f" style="display:flex;width:1000px"><div id="a" style="width:700px"></div><div id="b"><img id="c" src="{PNG_900x300}" style="max-width:100%;display:block"></div></div>',
        "compressible_img_width_percent": f'<div id="f" style="display:flex;width:1000px"><div id="a" style="width:700px"></div><div id="b"><img id="c" src="{PNG_900x300}" style="width:100%;display:block"></div></div>',
        "compressible_img_fixed_share": f'<div id="f" style="display:flex;width:1280px;gap:20px"><div id="a" style="flex:1 1 auto;width:600px"></div><figure id="b" style="flex:0 0 46%;margin:0"><img id="c" src="{PNG_900x300}" style="display:block;width:100%;height:auto;max-height:430px;object-fit:contain"></figure></div>',
        "compressible_img_min_width": f'<div id="f" style="display:flex;width:1000px"><div id="a" style="width:900px"></div><div id="b"><img id="c" src="{PNG_900x300}" style="width:100%;min-width:200px;display:block"></div></div>',
        "incompressible_img_px_max_width": f'<div id="f" style="display:flex;width:1000px"><div id="a" style="width:700px"></div><div id="b"><img id="c" src="{PNG_900x300}" style="max-width:600px;display:block"></div></div>',
    }
)
