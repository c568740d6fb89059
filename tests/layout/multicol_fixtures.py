"""Multi-column layout fixtures: name -> HTML placed inside a 1280x720 `.slide` (see
chromium_boxes.py). Names starting with `text_` depend on text measurement (1 px tolerance)."""

P = "Liberation Sans"
_LINES = " ".join(f'<span id="w{i}">w{i:02d}</span> xx' for i in range(12))

_CARDS = [
    "Short card.",
    "A card with a little more text that wraps onto a second line.",
    "Tiny.",
    "This one is the longest card of them all, with enough words to wrap onto three or even four lines.",
    "Medium length card text here.",
    "Last card.",
]

FIXTURES: dict[str, str] = {
    # Monolithic blocks: balancing, margins truncated at column breaks, column width from gaps.
    "mc_blocks_balanced": '<div id="m" style="column-count:2;column-gap:20px;width:620px">'
    '<div id="a" style="height:60px"></div><div id="b" style="height:40px"></div>'
    '<div id="c" style="height:50px"></div><div id="d" style="height:30px"></div></div>',
    "mc_blocks_margins": '<div id="m" style="column-count:3;column-gap:30px;width:660px">'
    '<div id="a" style="height:50px;margin-bottom:20px"></div>'
    '<div id="b" style="height:50px;margin:20px 0"></div>'
    '<div id="c" style="height:50px;margin-top:20px"></div></div>',
    "mc_gap_normal_is_1em": '<div id="m" style="column-count:2;font-size:20px;width:420px">'
    '<div id="a" style="height:30px"></div><div id="b" style="height:30px"></div></div>',
    "mc_column_width": '<div id="m" style="column-width:150px;column-gap:10px;width:700px">'
    + "".join(f'<div id="b{i}" style="height:20px"></div>' for i in range(8))
    + "</div>",
    "mc_columns_shorthand": '<div id="m" style="columns:2 100px;column-gap:40px;width:640px;padding:10px;border:2px solid">'
    '<div id="a" style="height:30px"></div><div id="b" style="height:30px"></div>'
    '<div id="c" style="height:30px"></div></div>',
    "mc_break_inside_avoid": '<div id="m" style="column-count:2;column-gap:0;width:400px">'
    '<div id="a" style="height:40px"></div>'
    '<div id="p" style="break-inside:avoid"><div id="b" style="height:30px"></div><div id="c" style="height:30px"></div></div>'
    '<div id="d" style="height:20px"></div></div>',
    "mc_span_all": '<div id="m" style="column-count:2;column-gap:20px;width:420px">'
    '<div id="a" style="height:40px"></div><div id="b" style="height:40px"></div>'
    '<h2 id="s" style="column-span:all;height:25px;margin:10px 0"></h2>'
    '<div id="c" style="height:20px"></div><div id="d" style="height:30px"></div><div id="e" style="height:10px"></div></div>'
    '<div id="after" style="height:5px"></div>',
    "mc_fixed_height_fill_auto": '<div id="m" style="column-count:3;column-gap:10px;width:320px;height:100px;column-fill:auto">'
    '<div id="a" style="height:60px"></div><div id="b" style="height:60px"></div></div>',
    "mc_fixed_height_overflow": '<div id="m" style="column-count:2;column-gap:10px;width:210px;height:50px">'
    + "".join(f'<div id="b{i}" style="height:40px"></div>' for i in range(5))
    + "</div>",
    "mc_after_sibling": '<div id="m" style="column-count:2;width:400px;margin-bottom:12px">'
    '<div id="a" style="height:30px"></div><div id="b" style="height:35px"></div></div>'
    '<div id="n" style="height:10px"></div>',
    # Line boxes: never split, orphans/widows 2 by default.
    "text_mc_lines": f'<div id="m" style="column-count:3;column-gap:24px;width:600px;font:16px/20px \'{P}\'">'
    f'<p style="margin:0">{_LINES}</p></div>',
    "text_mc_paragraphs": f'<div id="m" style="column-count:2;column-gap:56px;width:700px;font:19px/1.55 \'{P}\'">'
    '<p style="margin:0 0 14px"><span id="s1">When</span> the largest trial to date ended, most of the companies chose to keep the shorter week, and revenue was flat.</p>'
    '<p style="margin:0 0 14px"><span id="s2">Sceptics</span> point out that the firms volunteered and that volunteers are best placed to succeed. <span id="s3">That</span> is a fair objection, yet the results were replicated.</p>'
    '<p style="margin:0 0 14px"><span id="s4">The</span> mechanism is less mysterious than it first appears.</p></div>',
    "text_mc_orphans": f'<div id="m" style="column-count:2;column-gap:20px;width:420px;font:16px/20px \'{P}\'">'
    '<div id="a" style="height:50px"></div>'
    '<p style="margin:0"><span id="l1">one</span> aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm nnnn oooo pppp qqqq rrrr ssss tttt uuuu <span id="l9">end</span></p></div>',
    "text_mc_widows_give_way": f'<div id="m" style="column-count:3;column-gap:40px;width:1000px;font:18px/1.5 \'{P}\'">'
    '<p style="margin:18px 0"><span id="l1">Lorem</span> ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo <span id="l5">consequat.</span></p></div>'
    '<div id="n" style="height:5px"></div>',
    "text_mc_span_rows": f'<div id="m" style="column-count:3;column-gap:40px;width:1000px;font:18px/1.5 \'{P}\'">'
    '<p style="margin:18px 0"><span id="a1">Lorem</span> ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p>'
    '<h2 id="h" style="column-span:all;margin:10px 0;font-size:26px">Spanning heading</h2>'
    '<p style="margin:18px 0"><span id="b1">Duis</span> aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. <span id="b2">Excepteur</span> sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt mollit anim id est laborum.</p>'
    '<p style="margin:18px 0;break-inside:avoid"><span id="c1">Sed</span> ut perspiciatis unde omnis iste natus error sit voluptatem accusantium doloremque laudantium, totam rem aperiam.</p></div>'
    '<div id="n" style="height:5px"></div>',
    "text_mc_shrink_to_fit": f'<div style="font:16px \'{P}\'"><div id="f" style="float:left">'
    '<div id="m" style="column-count:3;column-gap:10px">alpha beta gamma</div></div>'
    '<div id="g" style="float:left;margin-left:20px"><div id="n" style="columns:100px">ab</div></div></div>',
    "text_mc_list_two_columns": f'<ul id="u" style="columns:2;column-gap:32px;width:600px;margin:0;padding-left:24px;font:18px/1.5 \'{P}\'">'
    + "".join(
        f'<li id="i{i}" style="margin-bottom:8px">Item number {i} with a little text</li>'
        for i in range(5)
    )
    + "</ul>",
    "text_mc_masonry_cards": f'<div id="m" style="columns:3;column-gap:16px;width:700px;font:15px/1.4 \'{P}\'">'
    + "".join(
        f'<div id="c{i}" style="break-inside:avoid;margin-bottom:16px;padding:12px;border:1px solid #ccc;border-radius:8px;background:#f5f5f5">{t}</div>'
        for i, t in enumerate(_CARDS)
    )
    + "</div>",
    "text_mc_inline_block_cards": f'<div id="m" style="column-count:2;column-gap:20px;width:500px;font:15px/1.4 \'{P}\'">'
    + "".join(
        f'<div id="c{i}" style="display:inline-block;width:100%;margin-bottom:10px;padding:8px;box-sizing:border-box;border:1px solid">{t}</div>'
        for i, t in enumerate(_CARDS)
    )
    + "</div>",
    "text_mc_orphans_widows_one": f'<div id="m" style="column-count:2;column-gap:20px;width:420px;orphans:1;widows:1;font:16px/20px \'{P}\'">'
    '<div id="a" style="height:50px"></div>'
    '<p style="margin:0"><span id="l1">one</span> aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm nnnn oooo pppp qqqq rrrr ssss tttt uuuu <span id="l9">end</span></p></div>',
    "text_mc_widows_three": f'<div id="m" style="column-count:2;column-gap:20px;width:420px;widows:3;font:16px/20px \'{P}\'">'
    '<p style="margin:0"><span id="l1">one</span> aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm nnnn oooo pppp qqqq rrrr ssss tttt uuuu vvvv wwww xxxx <span id="l9">end</span></p></div>',
    "mc_forced_break_before": '<div id="m" style="column-count:3;column-gap:0;width:300px">'
    '<div id="a" style="height:30px"></div><div id="b" style="height:40px;break-before:column"></div>'
    '<div id="c" style="height:10px;break-before:page"></div></div>',
    "mc_forced_break_after": '<div id="m" style="column-count:3;column-gap:0;width:300px">'
    '<div id="a" style="height:40px;break-after:column"></div><div id="b" style="height:20px"></div>'
    '<div id="c" style="height:20px"></div><div id="d" style="height:20px"></div></div>',
    "mc_forced_legacy_webkit": '<div id="m" style="column-count:3;column-gap:0;width:300px">'
    '<div id="a" style="height:40px"></div><div id="b" style="height:20px;-webkit-column-break-before:always"></div>'
    '<div id="c" style="height:10px;margin-top:8px;page-break-before:always"></div></div>',
    # column-fill: auto fills only the last row of columns; a row followed by a spanner balances
    "mc_fill_auto_only_last_row": '<div id="m" style="column-count:3;column-gap:0;width:300px;height:200px;column-fill:auto"><div id="h" style="column-span:all;height:20px"></div><div id="a" style="height:60px"></div><div id="b" style="height:60px"></div><div id="s" style="column-span:all;height:20px"></div><div id="c" style="height:30px"></div><div id="d" style="height:30px"></div></div>',
}
