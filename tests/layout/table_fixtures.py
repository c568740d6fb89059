"""Table layout fixtures: name -> HTML placed inside a 1280x720 `.slide` (see chromium_tables.py).

Fixtures whose name starts with `text_` depend on text measurement (compared within 0.5 px);
the others hold only fixed-size blocks and are pure table arithmetic (compared within 1/64 px).
Row groups are mostly written out (<tbody>) so that the fixtures do not depend on the parser.
"""


def blk(w: float, h: float = 10, extra: str = "") -> str:
    return f'<div style="width:{w}px;height:{h}px;{extra}"></div>'


def row(*cells: str) -> str:
    return "<tr>" + "".join(cells) + "</tr>"


def td(ident: str, content: str = "", attrs: str = "") -> str:
    return f'<td id="{ident}" {attrs}>{content}</td>'


GRID_2X2 = (
    "<tbody>"
    + row(td("a", blk(50)), td("b", blk(80, 30)))
    + row(td("c", blk(20)), td("d", blk(10)))
    + "</tbody>"
)
COLLAPSE = "border-collapse:collapse;"

FIXTURES: dict[str, str] = {
    # Auto layout: columns at their max-content width; default 2px spacing, 1px cell padding.
    "auto_content": f'<table id="t">{GRID_2X2}</table>',
    # A wider table: the extra width goes to auto columns in proportion to their max-content.
    "auto_grow_to_width": f'<table id="t" style="width:400px">{GRID_2X2}</table>',
    "auto_percent_width": f'<div style="width:700px"><table id="t" style="width:50%">{GRID_2X2}</table></div>',
    # Too narrow: the table grows to its min-content width.
    "auto_narrow": f'<table id="t" style="width:60px">{GRID_2X2}</table>',
    # Percentage and fixed cell widths.
    "percent_columns": '<table id="t" style="width:600px"><tbody>'
    + row(
        td("a", blk(10), 'style="width:25%"'),
        td("b", blk(10), 'style="width:50%"'),
        td("c", blk(40)),
    )
    + "</tbody></table>",
    "percent_grow_table": '<table id="t"><tbody>'
    + row(td("a", blk(100), 'style="width:50%"'), td("b", blk(50)))
    + "</tbody></table>",
    "constrained_columns": '<table id="t" style="width:500px"><tbody>'
    + row(
        td("a", blk(10), 'style="width:100px"'),
        td("b", blk(30)),
        td("c", blk(10), 'style="width:50px"'),
    )
    + "</tbody></table>",
    "constrained_only": '<table id="t" style="width:500px"><tbody>'
    + row(td("a", blk(10), 'style="width:100px"'), td("b", blk(10), 'style="width:50px"'))
    + "</tbody></table>",
    "constrained_shrink": '<table id="t" style="width:200px"><tbody>'
    + row(
        td("a", blk(30), 'style="width:150px"'),
        td("b", blk(20), 'style="width:100px"'),
        td("c", blk(40)),
    )
    + "</tbody></table>",
    "cell_min_max_width": '<table id="t" style="width:500px"><tbody>'
    + row(
        td("a", blk(10), 'style="min-width:120px"'),
        td("b", blk(300), 'style="max-width:50px"'),
        td("c", blk(20)),
    )
    + "</tbody></table>",
    "border_box_cells": '<table id="t" style="border-spacing:0"><tbody>'
    + row(
        td("a", blk(10), 'style="width:100px;padding:10px;border:5px solid;box-sizing:border-box"'),
        td("b", blk(10), 'style="width:100px;padding:10px;border:5px solid"'),
    )
    + "</tbody></table>",
    # Column spans.
    "colspan_wide_cell": '<table id="t"><tbody>'
    + row(td("a", blk(300), 'colspan="2"'))
    + row(td("b", blk(50)), td("c", blk(100)))
    + "</tbody></table>",
    "colspan_narrow_cell": '<table id="t"><tbody>'
    + row(td("a", blk(30), 'colspan="2"'), td("b", blk(10)))
    + row(td("c", blk(50)), td("d", blk(100)), td("e", blk(10)))
    + "</tbody></table>",
    "colspan_fixed_column": '<table id="t"><tbody>'
    + row(td("a", blk(400), 'colspan="2"'))
    + row(td("b", blk(50), 'style="width:60px"'), td("c", blk(100)))
    + "</tbody></table>",
    "colspan_mergeable": '<table id="t" style="width:400px"><tbody>'
    + row(td("a", blk(10), 'colspan="2"'), td("b", blk(10)))
    + row(td("c", blk(10), 'colspan="2"'), td("d", blk(10)))
    + "</tbody></table>",
    "colspan_beyond_grid": f'<table id="t"><tbody>{row(td("a", blk(40), "colspan=3"))}</tbody></table>',
    # Row spans: the spanning cell's extra height goes to the rows it spans.
    "rowspan_tall_cell": '<table id="t"><tbody>'
    + row(td("a", blk(20, 200), 'rowspan="3"'), td("b", blk(10, 20)))
    + row(td("c", blk(10, 30)))
    + row(td("d", blk(10, 10)))
    + "</tbody></table>",
    "rowspan_slots": '<table id="t"><tbody>'
    + row(td("a", blk(20), 'rowspan="2"'), td("b", blk(30)), td("c", blk(40), 'rowspan="2"'))
    + row(td("d", blk(50)), td("e", blk(60)))
    + "</tbody></table>",
    "rowspan_zero": '<table id="t"><tbody>'
    + row(td("a", blk(20, 90), 'rowspan="0"'), td("b", blk(10)))
    + row(td("c", blk(10)))
    + "</tbody><tbody>"
    + row(td("d", blk(10)), td("e", blk(10)))
    + "</tbody></table>",
    "rowspan_and_colspan": '<table id="t"><tbody>'
    + row(td("a", blk(100, 60), 'rowspan="2" colspan="2"'), td("b", blk(20)))
    + row(td("c", blk(20)))
    + row(td("d", blk(30)), td("e", blk(30)), td("f", blk(30)))
    + "</tbody></table>",
    # Row groups: the first thead first, the first tfoot last, whatever the source order.
    "sections_order": '<table id="t"><tfoot id="foot">'
    + row(td("f", blk(10)))
    + '</tfoot><tbody id="body1">'
    + row(td("b1", blk(20)))
    + '</tbody><thead id="head">'
    + row(td("h", blk(30)))
    + '</thead><tbody id="body2">'
    + row(td("b2", blk(40)))
    + "</tbody></table>",
    "sections_empty_group": '<table id="t" style="border-spacing:7px"><tbody></tbody><tbody>'
    + row(td("a", blk(10)))
    + "</tbody><tbody></tbody></table>",
    # The separated borders model.
    "separate_spacing": '<table id="t" style="border-spacing:10px 5px;border:3px solid;padding:7px">'
    + "<tbody>"
    + row(
        td("a", blk(40), 'style="border:2px solid;padding:4px"'),
        td("b", blk(20), 'style="padding:0"'),
    )
    + row(td("c", blk(30, 25)), td("d", blk(10)))
    + "</tbody></table>",
    "separate_spacing_width": '<table id="t" style="width:300px;border-spacing:20px;border:5px solid;padding:10px">'
    + f"{GRID_2X2}</table>",
    # The collapsing borders model (half of each collapsed border lies in the cell).
    "collapse_basic": f'<table id="t" style="{COLLAPSE}border:6px solid">'
    + "<tbody>"
    + row(
        td("a", blk(50), 'style="border:2px solid"'), td("b", blk(30), 'style="border:4px solid"')
    )
    + row(
        td("c", blk(20), 'style="border:1px solid"'), td("d", blk(20), 'style="border:3px solid"')
    )
    + "</tbody></table>",
    "collapse_odd_widths": f'<table id="t" style="{COLLAPSE}border:5px solid">'
    + "<tbody>"
    + row(
        td("a", blk(50), 'style="border:3px solid"'), td("b", blk(30), 'style="border:1px solid"')
    )
    + "</tbody></table>",
    "collapse_table_padding_ignored": f'<table id="t" style="{COLLAPSE}border:2px solid;padding:30px">'
    + f"<tbody>{row(td('a', blk(50), 'style=padding:3px'))}</tbody></table>",
    "collapse_sources": f'<table id="t" style="{COLLAPSE}border:1px solid">'
    + '<col style="border-left:12px solid"><col>'
    + '<tbody style="border-bottom:9px solid">'
    + row(td("a", blk(20)), td("b", blk(20)))
    + '<tr style="border-top:10px solid">'
    + td("c", blk(20))
    + td("d", blk(20), 'style="border-top:3px solid"')
    + "</tr>"
    + "</tbody></table>",
    "collapse_hidden": f'<table id="t" style="{COLLAPSE}border:8px solid">'
    + "<tbody>"
    + row(
        td("a", blk(20), 'style="border-left:hidden;border-right:6px solid"'),
        td("b", blk(20), 'style="border-left:2px solid"'),
    )
    + "</tbody></table>",
    "collapse_spanning": f'<table id="t" style="{COLLAPSE}">'
    + "<tbody>"
    + row(
        td("a", blk(40, 40), 'rowspan="2" style="border:4px solid"'),
        td("b", blk(20), 'style="border:2px solid"'),
    )
    + row(td("c", blk(20), 'style="border:6px solid"'))
    + row(td("d", blk(20), 'colspan="2" style="border:8px solid"'))
    + "</tbody></table>",
    "collapse_width": f'<table id="t" style="{COLLAPSE}width:300px;border:4px solid">'
    + "<tbody>"
    + row(td("a", blk(20), 'style="border:2px solid"'), td("b", blk(40)))
    + "</tbody></table>",
    # Cell padding and vertical alignment.
    "cell_padding": '<table id="t" style="border-spacing:0"><tbody>'
    + row(
        td("a", blk(20), 'style="padding:5px 10px 15px 20px"'),
        td("b", blk(20), 'style="padding:0"'),
    )
    + "</tbody></table>",
    "valign": '<table id="t"><tbody><tr>'
    + td("tall", blk(10, 100))
    + td("top", blk(10, 20, "") + "", 'style="vertical-align:top"')
    + td("mid", blk(10, 21), 'style="vertical-align:middle"')
    + td("bot", blk(10, 20), 'style="vertical-align:bottom"')
    + td("base", blk(10, 20), 'style="vertical-align:baseline"')
    + "</tr></tbody></table>",
    "valign_inner": '<table id="t"><tbody><tr>'
    + td("tall", blk(10, 100))
    + td("top", f'<div id="ti">{blk(10, 20)}</div>', 'style="vertical-align:top"')
    + td("mid", f'<div id="mi">{blk(10, 21)}</div>', 'style="vertical-align:middle"')
    + td("bot", f'<div id="bi">{blk(10, 20)}</div>', 'style="vertical-align:bottom"')
    + "</tr></tbody></table>",
    # Specified heights.
    "table_height": '<table id="t" style="height:300px;border:4px solid;padding:6px">'
    + f"<tbody>{row(td('a', blk(10, 20)))}{row(td('b', blk(10, 60)))}</tbody></table>",
    "row_height": '<table id="t"><tbody><tr id="r1" style="height:50px">'
    + td("a", blk(10))
    + f"</tr>{row(td('b', blk(10)))}</tbody></table>",
    "cell_height": '<table id="t"><tbody><tr>'
    + td("a", blk(10), 'style="height:40px"')
    + td("b", blk(10), 'style="height:40px;box-sizing:border-box;padding:5px"')
    + "</tr></tbody></table>",
    "group_height": '<table id="t"><tbody id="g" style="height:120px">'
    + row(td("a", blk(10, 20)))
    + row(td("b", blk(10, 40)))
    + "</tbody></table>",
    # Fixed table layout: the first row and <col> widths decide, the rest share the remainder.
    "fixed_layout": '<table id="t" style="table-layout:fixed;width:600px"><tbody>'
    + row(td("a", blk(10), 'style="width:100px"'), td("b", blk(10)), td("c", blk(10)))
    + row(td("d", blk(500)), td("e", blk(10)), td("f", blk(10)))
    + "</tbody></table>",
    "fixed_layout_cols": '<table id="t" style="table-layout:fixed;width:500px">'
    + '<colgroup><col style="width:50px"><col style="width:20%"></colgroup>'
    + f"<tbody>{row(td('a', blk(300)), td('b', blk(10)), td('c', blk(10)))}</tbody></table>",
    "fixed_layout_overflow": '<table id="t" style="table-layout:fixed;width:100px"><tbody>'
    + row(td("a", blk(10), 'style="width:150px"'), td("b", blk(10), 'style="width:50px"'))
    + "</tbody></table>",
    "fixed_needs_width": '<table id="t" style="table-layout:fixed"><tbody>'
    + row(td("a", blk(10), 'style="width:100px"'), td("b", blk(60)))
    + "</tbody></table>",
    "col_widths_auto": '<table id="t"><colgroup style="width:90px"><col><col span="2" style="width:40px"></colgroup>'
    + f"<tbody>{row(td('a', blk(10)), td('b', blk(10)), td('c', blk(60)))}</tbody></table>",
    # Missing table objects are generated (CSS 2.1 17.2.1).
    "anon_cells_in_table": '<div id="t" style="display:table;border-spacing:4px">'
    + '<div id="a" style="display:table-cell">'
    + blk(30)
    + '</div><div id="b" style="display:table-cell">'
    + blk(50)
    + "</div></div>",
    "anon_row_and_cell": '<div id="t" style="display:table">'
    + '<div id="r" style="display:table-row"><div id="x" style="display:block">'
    + blk(40)
    + "</div></div>"
    + '<div id="a" style="display:table-cell">'
    + blk(70)
    + "</div></div>",
    "anon_rows_in_table": '<div id="t" style="display:table;width:200px">'
    + '<div style="display:table-row"><div id="a" style="display:table-cell">'
    + blk(10)
    + '</div><div id="b" style="display:table-cell">'
    + blk(10)
    + '</div></div><div style="display:table-row"><div id="c" style="display:table-cell">'
    + blk(30, 30)
    + "</div></div></div>",
    # Captions: part of the table wrapper box; the table box is below/above them.
    "captions": '<table id="t" style="border:3px solid">'
    + '<caption id="cap" style="height:25px">'
    + "</caption>"
    + f"<tbody>{row(td('a', blk(40)))}</tbody>"
    + '<caption id="cap2" style="caption-side:bottom;height:15px;margin-top:5px"></caption>'
    + "</table>",
    "caption_wider": '<table id="t"><caption id="cap">'
    + blk(200, 10)
    + f"</caption><tbody>{row(td('a', blk(40)), td('b', blk(20)))}</tbody></table>",
    # Margins, nesting, empty tables.
    "auto_margins": '<div style="width:800px"><table id="t" style="margin:0 auto;width:300px">'
    + f"<tbody>{row(td('a', blk(10)))}</tbody></table></div>",
    "nested_table": '<table id="t"><tbody><tr><td id="a"><table id="inner" style="border-spacing:5px"><tbody>'
    + row(td("i1", blk(30)), td("i2", blk(40)))
    + f"</tbody></table></td>{td('b', blk(20))}</tr></tbody></table>",
    "empty_table": '<table id="t" style="border:2px solid;padding:3px"></table><div id="after" style="height:5px"></div>',
    "empty_cells": '<table id="t"><tbody><tr><td id="a"></td><td id="b">'
    + blk(10)
    + "</td></tr></tbody></table>",
    "table_in_flow": '<div id="before" style="height:10px;margin-bottom:20px"></div>'
    + '<table id="t" style="margin:15px 0 5px 30px">'
    + f'<tbody>{row(td("a", blk(10)))}</tbody></table><div id="after" style="height:10px;margin-top:8px"></div>',
    # Text (Liberation Sans).
    "text_auto_columns": '<table id="t" style="font-size:14px"><thead><tr>'
    + '<th id="h1">Region</th><th id="h2">Revenue</th><th id="h3">Growth rate this year</th>'
    + "</tr></thead><tbody>"
    + row(td("a", "North America"), td("b", "142.9"), td("c", "+9.6%"))
    + row(td("d", "Europe"), td("e", "121.7"), td("f", "+4.2%"))
    + "</tbody></table>",
    "text_wrapping_columns": '<table id="t" style="width:300px;font-size:14px"><tbody>'
    + row(
        td("a", "A fairly long sentence that has to wrap inside its column"),
        td("b", "Short"),
        td("c", "Another long piece of text for the last column"),
    )
    + "</tbody></table>",
    "text_full_width": '<table id="t" style="width:100%;border-collapse:collapse;font-size:18px"><thead><tr>'
    + '<th id="h1" style="padding:12px 16px;text-align:left">Name</th>'
    + '<th id="h2" style="padding:12px 16px">Value</th></tr></thead><tbody>'
    + row(
        td("a", "Alpha", 'style="padding:12px 16px;border-bottom:1px solid #ccc"'),
        td("b", "1,234", 'style="padding:12px 16px;border-bottom:1px solid #ccc"'),
    )
    + row(
        td("c", "Beta gamma delta", 'style="padding:12px 16px"'),
        td("d", "56", 'style="padding:12px 16px"'),
    )
    + "</tbody></table>",
    "text_valign_baseline": '<table id="t"><tbody style="vertical-align:baseline"><tr>'
    + td("a", "Big", 'style="font-size:32px"')
    + td("b", "small", 'style="font-size:12px"')
    + td("c", "mid", 'style="font-size:16px;padding-top:10px"')
    + td("d", "top", 'style="font-size:16px;vertical-align:top"')
    + "</tr></tbody></table>",
    "text_anon_text_in_row": '<div id="t" style="display:table;font-size:16px">'
    + '<div id="r" style="display:table-row">Loose text<div id="a" style="display:table-cell">cell</div></div></div>',
    "text_zebra": "<style>#z tbody tr:nth-child(even) td{background:#eef} #z tbody tr:nth-child(odd){background:#fee}</style>"
    + '<table id="z" style="border-collapse:collapse;font-size:15px"><tbody>'
    + row(td("a", "one"), td("b", "two"))
    + row(td("c", "three"), td("d", "four"))
    + row(td("e", "five"), td("f", "six"))
    + "</tbody></table>",
    "text_nowrap_and_min": '<table id="t" style="width:200px;font-size:14px"><tbody>'
    + row(td("a", "no wrap here please", 'style="white-space:nowrap"'), td("b", "wrap these words"))
    + "</tbody></table>",
}

FIXTURES.update(
    {
        # Percentages with spans and over 100%.
        "percent_over_100": '<table id="t" style="width:500px"><tbody>'
        + row(
            td("a", blk(10), 'style="width:70%"'),
            td("b", blk(10), 'style="width:60%"'),
            td("c", blk(10)),
        )
        + "</tbody></table>",
        "percent_colspan": '<table id="t" style="width:600px"><tbody>'
        + row(td("a", blk(10), 'colspan="2" style="width:60%"'), td("b", blk(10)))
        + row(td("c", blk(40)), td("d", blk(80)), td("e", blk(10)))
        + "</tbody></table>",
        "percent_intrinsic": '<table id="t"><tbody>'
        + row(
            td("a", blk(60), 'style="width:30%"'),
            td("b", blk(70)),
            td("c", blk(10), 'style="width:20%"'),
        )
        + "</tbody></table>",
        # Spanning cells and fixed layout.
        "fixed_layout_colspan": '<table id="t" style="table-layout:fixed;width:400px"><tbody>'
        + row(td("a", blk(10), 'colspan="2" style="width:200px"'), td("b", blk(10)))
        + row(td("c", blk(10)), td("d", blk(10)), td("e", blk(10)))
        + "</tbody></table>",
        "fixed_layout_percent_width": '<div style="width:640px"><table id="t" style="table-layout:fixed;width:75%;border-spacing:0">'
        + "<tbody>"
        + row(td("a", blk(10), 'style="width:25%"'), td("b", blk(10)), td("c", blk(10)))
        + "</tbody></table></div>",
        "colspan_spacing": '<table id="t" style="border-spacing:12px"><tbody>'
        + row(td("a", blk(200), 'colspan="3"'))
        + row(td("b", blk(20)), td("c", blk(40)), td("d", blk(60)))
        + "</tbody></table>",
        # Collapsed borders with row groups, columns and a header.
        "collapse_groups": f'<table id="t" style="{COLLAPSE}border:2px solid">'
        + '<colgroup style="border:5px solid"><col><col></colgroup><col style="border:3px dashed">'
        + '<thead style="border-bottom:7px double">'
        + row(td("h1", blk(20)), td("h2", blk(20)), td("h3", blk(20)))
        + "</thead><tbody>"
        + row(td("a", blk(20)), td("b", blk(20), 'style="border:7px dotted"'), td("c", blk(20)))
        + "</tbody></table>",
        "collapse_style_priority": f'<table id="t" style="{COLLAPSE}">'
        + "<tbody>"
        + row(
            td("a", blk(20), 'style="border-right:4px dotted red"'),
            td("b", blk(20), 'style="border-left:4px double blue;border-right:4px groove"'),
            td("c", blk(20), 'style="border-left:4px ridge"'),
        )
        + "</tbody></table>",
        # Shrink-to-fit containers use the table's intrinsic widths.
        "in_inline_block": '<div id="w" style="display:inline-block;border:1px solid"><table id="t"><tbody>'
        + row(td("a", blk(50)), td("b", blk(30)))
        + "</tbody></table></div>",
        "in_float": '<div style="float:left"><table id="t" style="border:4px solid;padding:3px"><tbody>'
        + row(td("a", blk(50)), td("b", blk(30)))
        + "</tbody></table></div>",
        "in_flex_row": '<div id="w" style="display:flex;width:500px"><table id="t"><tbody>'
        + row(td("a", blk(50)), td("b", blk(30)))
        + '</tbody></table><div id="x" style="flex:1;height:10px"></div></div>',
        "in_flex_column": '<div id="w" style="display:flex;flex-direction:column;width:500px"><table id="t"><tbody>'
        + row(td("a", blk(50)), td("b", blk(30)))
        + "</tbody></table></div>",
        "collapse_in_inline_block": '<div id="w" style="display:inline-block"><table id="t" style="border-collapse:collapse;border:10px solid"><tbody>'
        + row(td("a", blk(50)))
        + "</tbody></table></div>",
        "inline_table": '<div id="w" style="font-size:16px">Before <span id="t" style="display:inline-table;border:2px solid">'
        + '<span id="a" style="display:table-cell;padding:3px">'
        + blk(40, 30)
        + "</span></span> after</div>",
        # Rows and heights.
        "rowspan_baseline": '<table id="t"><tbody style="vertical-align:baseline">'
        + row(td("a", blk(20, 30), 'rowspan="2"'), td("b", blk(20, 15)))
        + row(td("c", blk(20, 15)))
        + "</tbody></table>",
        "rowspan_empty_rows": '<table id="t"><tbody>'
        + row(td("a", blk(20, 90), 'rowspan="3"'), td("b", ""))
        + row(td("c", ""))
        + row(td("d", ""))
        + "</tbody></table>",
        "table_height_sections": '<table id="t" style="height:200px"><thead id="h">'
        + row(td("a", blk(10)))
        + '</thead><tbody id="b1">'
        + row(td("b", blk(10)))
        + '</tbody><tfoot id="f">'
        + row(td("c", blk(10)))
        + "</tfoot></table>",
        "min_height_table": '<table id="t" style="min-height:150px;border-spacing:0"><tbody>'
        + row(td("a", blk(10, 20)))
        + row(td("b", blk(10, 40)))
        + "</tbody></table>",
        "max_width_table": f'<table id="t" style="width:600px;max-width:250px">{GRID_2X2}</table>',
        "min_width_table": f'<table id="t" style="min-width:350px">{GRID_2X2}</table>',
        # Text in realistic slide tables.
        "text_slide_table": "<style>.st{width:100%;border-collapse:collapse;font-size:19px}"
        + ".st th{background:#0f1f3d;color:#fff;text-align:left;font-size:13px;text-transform:uppercase;padding:16px 20px}"
        + ".st td{padding:21px 20px;border-bottom:1px solid #e2e8f0}.st .num{text-align:right}</style>"
        + '<div style="padding:0 72px"><table class="st" id="t"><thead><tr>'
        + '<th id="h1">Region</th><th id="h2" class="num">Revenue ($M)</th><th id="h3" class="num">YoY</th><th id="h4">Status</th>'
        + "</tr></thead><tbody>"
        + row(
            td("a", "Asia-Pacific"),
            td("b", "168.4", 'class="num"'),
            td("c", "+21.0%", 'class="num"'),
            td("d", "Ahead"),
        )
        + row(
            td("e", "Europe &amp; Middle East"),
            td("f", "121.7", 'class="num"'),
            td("g", "+4.2%", 'class="num"'),
            td("h", "Watch"),
        )
        + "</tbody></table></div>",
        "text_two_col_top": '<table id="t" style="width:800px;border-spacing:0;font-size:18px;line-height:1.45"><tbody>'
        + row(
            td(
                "a",
                "Put risky changes behind a feature flag and ramp slowly",
                'style="padding:20px 24px;vertical-align:top;width:50%"',
            ),
            td("b", "Deploy on Friday", 'style="padding:20px 24px;vertical-align:top;width:50%"'),
        )
        + "</tbody></table>",
        "text_caption": '<table id="t" style="font-size:14px"><caption id="cap">A caption that is wider than the table</caption>'
        + f"<tbody>{row(td('a', 'x'), td('b', 'y'))}</tbody></table>",
        "text_middle_mixed": '<table id="t" style="font-size:14px"><tbody><tr>'
        + td("a", "one<br>two<br>three")
        + td("b", "middle", 'style="vertical-align:middle"')
        + td("c", "bottom", 'style="vertical-align:bottom"')
        + td("d", "base", 'style="font-size:20px"')
        + "</tr></tbody></table>",
    }
)

FIXTURES.update(
    {
        # Degenerate tables and bad attributes.
        "cols_only": '<table id="t"><col style="width:100px"><col style="width:50px"></table>',
        "caption_only": '<table id="t" style="border:2px solid"><caption id="c">'
        + blk(30)
        + "</caption></table>",
        "empty_rows": '<table id="t"><tbody><tr></tr><tr><td id="a">'
        + blk(10)
        + "</td></tr><tr></tr></tbody></table>",
        "bad_spans": '<table id="t"><tbody><tr>'
        + td("a", blk(10), 'colspan="0" rowspan="-3"')
        + td("b", blk(10), 'colspan="abc" rowspan="x"')
        + "</tr></tbody></table>",
        "rowspan_past_the_end": '<table id="t"><tbody>'
        + row(td("a", blk(10, 50), 'rowspan="100"'), td("b", blk(10)))
        + row(td("c", blk(10)))
        + "</tbody></table>",
        "display_none_cell": '<table id="t"><tbody><tr><td style="display:none">'
        + blk(50)
        + "</td>"
        + td("b", blk(10))
        + "</tr></tbody></table>",
        "cell_margin_ignored": f'<table id="t"><tbody>{row(td("a", blk(10), "style=margin:20px"))}</tbody></table>',
        "col_span_attr": '<table id="t"><col span="2" style="width:30px"><tbody>'
        + row(td("a", blk(10), 'colspan="3"'))
        + "</tbody></table>",
        "fixed_layout_empty_first_row": '<table id="t" style="table-layout:fixed;width:300px"><tbody><tr></tr>'
        + row(td("a", blk(10)), td("b", blk(10)))
        + "</tbody></table>",
        # Percent heights (definite containing block) and sizing keywords.
        "percent_heights": '<div style="height:400px"><table id="t" style="height:50%"><tbody>'
        + row(td("a", blk(10), 'style="height:30%"'))
        + '<tr id="r" style="height:20%">'
        + td("b", blk(10))
        + "</tr></tbody></table></div>",
        "section_percent_height": '<table id="t" style="height:300px"><thead id="h" style="height:40%">'
        + row(td("a", blk(10)))
        + '</thead><tbody id="g" style="height:30px">'
        + row(td("b", blk(10)))
        + "</tbody></table>",
        "width_is_border_box": '<table id="t" style="width:200px;padding:10px;border:5px solid">'
        + f"<tbody>{row(td('a', blk(10)))}</tbody></table>",
        "text_min_content_width": '<table id="t" style="width:min-content"><tbody>'
        + row(td("a", "a b c"))
        + "</tbody></table>",
        "text_max_content_width": '<table id="t" style="width:max-content"><tbody>'
        + row(td("a", "a b c"))
        + "</tbody></table>",
        "text_long_word": '<table id="t" style="width:100px"><tbody>'
        + row(td("a", "Supercalifragilisticexpialidocious"), td("b", "x"))
        + "</tbody></table>",
        # Collapsed borders: hidden table border, a childless column group.
        "collapse_hidden_table": f'<table id="t" style="{COLLAPSE}border:hidden"><tbody>'
        + row(
            td("a", blk(10), 'style="border:10px double"'),
            td("b", blk(10), 'style="border:4px solid"'),
        )
        + "</tbody></table>",
        "collapse_colgroup_span": f'<table id="t" style="{COLLAPSE}">'
        + '<colgroup span="3" style="border:3px solid"></colgroup><tbody>'
        + row(td("a", blk(10)), td("b", blk(10)))
        + "</tbody></table>",
        # Tables in other formatting contexts.
        "absolute_table": '<table id="t" style="position:absolute;left:10px;top:10px;border:3px solid;padding:4px;width:200px">'
        + f"<tbody>{row(td('a', blk(10)))}</tbody></table>",
        "absolute_auto_table": '<table id="t" style="position:absolute;left:10px;top:10px;border:3px solid;padding:4px">'
        + f"<tbody>{row(td('a', blk(30)), td('b', blk(20)))}</tbody></table>",
        "flex_item_full_width": '<div id="f" style="display:flex;width:600px"><table id="t" style="width:100%"><tbody>'
        + row(td("a", blk(10), 'style="width:100%"'), td("b", blk(10)))
        + "</tbody></table></div>",
        "flex_item_percent_cells": '<div id="f" style="display:flex;width:600px"><table id="t"><tbody>'
        + row(td("a", blk(10), 'style="width:100%"'), td("b", blk(10)))
        + '</tbody></table><div id="x" style="flex:1;height:5px"></div></div>',
        "grid_item_percent_cells": '<div id="f" style="display:grid;grid-template-columns:auto 1fr;width:600px">'
        + '<table id="t"><tbody>'
        + row(td("a", blk(10), 'style="width:50%"'), td("b", blk(10)))
        + '</tbody></table><div id="x" style="height:5px"></div></div>',
    }
)

FIXTURES.update(
    {
        # Presentational attributes (mapped to CSS by the style stage).
        "text_html_attributes": '<table id="t" border="1" cellpadding="5" cellspacing="0" width="300">'
        + '<tr><td id="a" width="100">a</td><td id="b">b</td></tr></table>',
        "text_html_attributes_2": '<table id="t" border="2" cellspacing="4"><tr>'
        + '<td id="a" height="40" valign="top">a</td><td id="b" bgcolor="#eee" align="right">bbb</td>'
        + "</tr></table>",
    }
)

FIXTURES.update(
    {
        # The UA sheet makes tables border-box; an author's content-box adds the used chrome.
        "content_box_width": '<table id="t" style="box-sizing:content-box;width:200px;padding:10px;border:5px solid">'
        + f"<tbody>{row(td('a', blk(10)))}</tbody></table>",
        "content_box_height": '<table id="t" style="box-sizing:content-box;height:100px;padding:10px;border:5px solid">'
        + f"<tbody>{row(td('a', blk(10)))}</tbody></table>",
        "content_box_min_width": '<table id="t" style="box-sizing:content-box;min-width:200px;padding:10px;border:5px solid">'
        + f"<tbody>{row(td('a', blk(10)))}</tbody></table>",
        "content_box_collapse": f'<table id="t" style="box-sizing:content-box;{COLLAPSE}width:200px;border:10px solid">'
        + f"<tbody>{row(td('a', blk(10)))}</tbody></table>",
        "table_width_in_inline_block": '<div id="w" style="display:inline-block">'
        + '<table id="t" style="width:200px;padding:10px;border:5px solid">'
        + f"<tbody>{row(td('a', blk(10)))}</tbody></table></div>",
    }
)
