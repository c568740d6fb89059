"""Visible-text fixtures (ellipsis, line clamping, justification, super/subscripts): name -> HTML
placed inside a 1280x720 `.slide`, recorded by tools/recorders/layout_text.py into expected_text.json."""

P = "Liberation Sans"
S = "Liberation Serif"
LOREM = (
    "Basecamp's approach to product development: six-week cycles, appetite instead of "
    "estimates, and betting tables instead of backlogs that grow forever."
)

FIXTURES: dict[str, str] = {
    "ellipsis_title": f'<h3 id="a" data-visible style="width:220px;margin:0;font:bold 19px \'{P}\';white-space:nowrap;overflow:hidden;text-overflow:ellipsis">The Design of Everyday Things, Revised</h3><div id="after" style="height:10px"></div>',
    "ellipsis_fits": f'<div id="a" data-visible style="width:220px;font:16px \'{P}\';white-space:nowrap;overflow:hidden;text-overflow:ellipsis">Short title</div>',
    "ellipsis_serif_spaces": f'<div id="a" data-visible style="width:301px;font:18px \'{S}\';white-space:nowrap;overflow:hidden;text-overflow:ellipsis">Email delivery delays for password resets to Outlook</div>',
    "ellipsis_flex_item": f'<div style="display:flex;width:500px;gap:20px;font:14px \'{P}\'"><div style="width:48px;height:48px;flex:none"></div><div style="flex:1;min-width:0"><div id="a" data-visible style="white-space:nowrap;overflow:hidden;text-overflow:ellipsis">p99 latency rose to 2.4 s for card payments routed through the Frankfurt region</div></div><div id="b" style="width:120px;flex:none">Monitoring</div></div>',
    "ellipsis_inline_span": f'<div id="a" data-visible style="width:260px;font:16px \'{P}\';white-space:nowrap;overflow:hidden;text-overflow:ellipsis">Status: <span id="s">payment gateway latency</span> spikes</div>',
    "ellipsis_table_cell": f'<table style="table-layout:fixed;width:400px;border-collapse:collapse;font:16px \'{P}\'"><tr><td id="a" data-visible style="width:150px;padding:4px 8px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis">A very long cell text that is cut</td><td id="b">short</td></tr></table>',
    "clamp_three_lines": f'<p id="a" data-visible="3" data-lines style="width:250px;margin:0;font:15px/1.5 \'{P}\';display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden">{LOREM} Extra words that never show up because the clamp hides them.</p><div id="after" style="height:10px"></div>',
    "clamp_two_heading": f'<h3 id="a" data-visible="2" style="width:330px;margin:0;font:bold 22px/1.3 \'{P}\';display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden">"We needed HIPAA-ready audit trails without hiring a compliance team, and got them on day one"</h3><div id="after" style="height:10px"></div>',
    "clamp_fits": f'<p id="a" data-visible="3" style="width:250px;margin:0;font:15px/1.5 \'{P}\';display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden">A short primer on stocks and flows.</p><div id="after" style="height:10px"></div>',
    "clamp_exact_fill": f'<p id="a" data-visible="2" data-lines style="width:200px;margin:0;font:16px/20px \'{P}\';display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden">alpha beta gamma delta epsilon zeta eta theta iota kappa lambda</p><div id="after" style="height:10px"></div>',
    # Chromium 156 has no unprefixed line-clamp: the paragraph keeps all its lines.
    "clamp_standard_unprefixed": f'<p id="a" data-lines style="width:200px;margin:0;font:16px/20px \'{P}\';line-clamp:2;overflow:hidden">alpha beta gamma delta epsilon zeta eta theta iota kappa lambda</p><div id="after" style="height:10px"></div>',
    "justify_latin": f'<p id="a" data-lines style="width:420px;margin:0;font:19px/1.55 \'{S}\';text-align:justify">When the largest trial to date ended in 2023, 56 of the 61 participating companies chose to keep the shorter week. Revenue over the trial period was broadly flat, while staff turnover fell by more than half.</p>',
    "justify_sans": f'<p id="a" data-lines style="width:333px;margin:0;font:16px/1.65 \'{P}\';text-align:justify">Burnout was measured with the Maslach inventory; productivity with each firm\'s own key metric, normalised to the pre-trial baseline and adjusted for seasonality.</p>',
    # A line whose natural width is within 1 % of the column: the generic anti-rewrap slack
    # would widen the box and LibreOffice would stretch every line to it.
    "justify_tight_line": f'<p id="a" data-lines style="width:522px;margin:0;font:19px/1.55 \'{S}\';text-align:justify">Sceptics point out that the firms volunteered, and that volunteers are likely to be the organisations best placed to succeed. That is a fair objection, yet the results have now been replicated.</p>',
    "justify_cjk": '<p id="a" data-lines lang="ja" style="width:400px;margin:0;font:18px/1.8 \'Noto Sans CJK JP\';text-align:justify">国内のクラウド会計市場は前年比18%の成長を続けており、特に従業員50名以下の中小企業での導入が拡大しています。インボイス制度の開始が大きなきっかけとなりました。</p>',
    "sup_footnote": f'<p style="margin:0;font:19px/1.55 \'{S}\'">companies chose to keep it.<sup id="s">1</sup> Revenue <span id="t">flat</span></p>',
    "sup_smaller_line_height_zero": f'<p style="margin:0;font:16px/1.65 \'{P}\'">final wave.<sup id="s" style="line-height:0;font-size:11px">6</sup> Non<sub id="b">2</sub></p>',
    "sub_chemistry": f'<p style="margin:0;font:20px/1.6 Georgia, \'{S}\'">CO<sub id="s">2</sub> and E<sub id="t">cum</sub> x<sup id="u">2</sup></p>',
    # Animations at load: finished with fill-mode forwards/both -> last keyframe; otherwise,
    # and for infinite ones, the element's own style.
    "anim_fade_in_up": '<style>@keyframes fadeInUp{from{opacity:0;transform:translateY(30px)}to{opacity:1;transform:translateY(0)}}</style><div id="a" data-style style="opacity:0;width:200px;height:40px;margin-top:50px;animation:fadeInUp .8s ease-out .2s forwards"></div>',
    "anim_no_fill": '<style>@keyframes fadeIn{from{opacity:0}to{opacity:1}}</style><div id="a" data-style style="opacity:0;height:40px;animation:fadeIn 1s ease"></div>',
    "anim_infinite": '<style>@keyframes pulse{0%,100%{transform:scale(1);opacity:.8}50%{transform:scale(1.1);opacity:1}}</style><div id="a" data-style style="opacity:.5;width:100px;height:40px;margin-left:100px;animation:pulse 2s ease-in-out infinite both"></div>',
    "anim_longhands_both": '<style>@keyframes rise{0%{opacity:0;transform:translateY(40px) scale(.96)}60%{opacity:1}100%{opacity:1;transform:none}}.c{opacity:0;transform:translateX(50px);animation-name:rise;animation-duration:.8s;animation-fill-mode:both;animation-delay:.35s}</style><div id="a" class="c" data-style style="width:120px;height:30px"></div>',
    "anim_reverse_alternate": '<style>@keyframes slide{from{transform:translateX(100px)}to{transform:translateX(300px)}}</style><div id="a" data-style style="width:50px;height:20px;animation:slide 1s reverse forwards"></div><div id="b" data-style style="width:50px;height:20px;animation:slide 1s alternate 2 forwards"></div><div id="c" data-style style="width:50px;height:20px;animation:slide 1s alternate 3 forwards"></div>',
    "anim_important_wins": '<style>@keyframes show{to{opacity:1;color:rgb(255,0,0)}}#a{color:rgb(0,0,255)!important}</style><div id="a" data-style style="opacity:0;height:20px;animation:show .5s forwards">x</div>',
    "anim_implicit_to_keyframe": '<style>@keyframes half{0%{opacity:0}50%{opacity:1}}</style><div id="a" data-style style="opacity:.3;height:20px;animation:half 1s forwards"></div>',
    "anim_transition_ignored": '<div id="a" data-style style="opacity:.4;height:20px;transition:opacity 2s;width:80px"></div>',
    "anim_webkit_keyframes_percent": '<style>@-webkit-keyframes drop{0%{transform:translateY(-40px);opacity:0}100%{transform:translateY(10px);opacity:1}}</style><div id="a" data-style style="opacity:0;width:60px;height:20px;-webkit-animation:drop .6s forwards;animation:drop .6s forwards"></div>',
}

# Whole documents (not wrapped in the `.slide` page): the slide's own box is the slide.
PAGES: dict[str, str] = {
    "page_html2pptx_pt": (
        "<!DOCTYPE html><html><head><style>"
        "body{width:720pt;height:405pt;margin:0;padding:0;font-family:'Liberation Sans';background:#123}"
        ".t{position:absolute;left:48pt;top:88pt;width:520pt;font-size:40pt;line-height:46pt;margin:0}"
        ".f{position:absolute;left:48pt;bottom:28pt;font-size:10pt;margin:0}"
        ".b{position:absolute;right:36pt;top:30pt;padding:6pt 12pt;border:1pt solid #7fd1ae;font-size:10pt}"
        '</style></head><body class="slide">'
        '<h1 id="t" class="t">Grid modernization program: status</h1>'
        '<p id="f" class="f">Northwind Utilities</p><div id="b" class="b">CONFIDENTIAL</div>'
        "</body></html>"
    ),
    "page_centred_slide": (
        "<!DOCTYPE html><html><head><style>"
        "*{margin:0;padding:0;box-sizing:border-box}"
        "body{width:100vw;height:100vh;display:flex;align-items:center;justify-content:center;"
        "background:#e5e7eb;font-family:'Liberation Sans'}"
        ".slide{width:1280px;height:720px;position:relative;background:#fff;padding:64px 80px;"
        "display:flex;flex-direction:column}"
        "h2{font-size:44px}.card{margin-top:auto;padding:24px;background:#111;color:#fff}"
        ".abs{position:absolute;right:40px;top:30px;width:100px;height:20px}"
        '</style></head><body><div class="slide">'
        '<h2 id="h">Six months in: the results</h2><div id="c" class="card">Biggest win</div>'
        '<div id="a" class="abs"></div></div></body></html>'
    ),
}
