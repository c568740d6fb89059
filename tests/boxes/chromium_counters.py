"""Expected generated text of counter()/counters() from headless Chromium (fixture CSS and
markup -> the page's layout text as JSON).

FIXTURES style `li::before` of a 12-item list (counter styles) -> expected_counters.json; SCOPES
are small pages exercising counter-reset / counter-increment / counter-set and counter scopes
(nesting, sibling resets, ::before/::after, display: none/contents, list-item) and quotes
(open/close-quote depth, quotes strings, quotes: auto per language) ->
expected_counter_scopes.json. MARKER_STYLES lists East Asian list-style-types, each shown on an
<ol> of items with MARKER_VALUES as <li value>: the marker texts (suffix kept) ->
expected_counter_markers.json. Chromium's layout text (DOMSnapshot, which includes generated
content and list markers) is stored with whitespace removed. Recorded by
`python -m tools.recorders.boxes_counters`.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "expected_counters.json"
SCOPES_OUT = HERE / "expected_counter_scopes.json"
MARKERS_OUT = HERE / "expected_counter_markers.json"
MARKER_STYLES = (
    "cjk-decimal",
    "cjk-ideographic",
    "simp-chinese-informal",
    "simp-chinese-formal",
    "trad-chinese-informal",
    "trad-chinese-formal",
    "hiragana",
    "katakana",
    "hiragana-iroha",
    "katakana-iroha",
    "korean-hangul-formal",
    "korean-hanja-informal",
    "korean-hanja-formal",
    "cjk-earthly-branch",
    "cjk-heavenly-stem",
)
MARKER_VALUES = (
    *(0, 1, 2, 9, 10, 11, 12, 19, 20, 21, 46, 47, 48, 100, 101, 110, 111, 1000, 1001, 1010),
    *(1234, 2005, 9999, 10000, 10001, 10010, 10100, 11000, 20019, 100000, 1000000, 10000000),
    *(100000000, 100000001, 100010000, 123456789, 2147483647, -5, -1234),
)
BASE = "ol{list-style:none;counter-reset:s;margin:0}li{counter-increment:s;font-size:14px}"
FIXTURES = {
    "leading_zero": "li::before{content:counter(s,decimal-leading-zero) ' '}",
    "upper_roman": "li::before{content:'Step ' counter(s,upper-roman) ': '}",
    "lower_alpha": "li::before{content:counter(s,lower-alpha) ') '}",
    "upper_latin": "li::before{content:'(' counter(s,upper-latin) ')'}",
    "disc": "li::before{content:counter(s,disc) ' '}",
    "decimal_default": "li::before{content:counter(s) '. '}",
    "counters_leading_zero": "li::before{content:counters(s,'.',decimal-leading-zero) ' '}",
}


# name -> (css, markup inside the slide); `body` in the css styles an ancestor of the slide root
SCOPES: dict[str, tuple[str, str]] = {
    "steps_after_other": (
        ".steps{counter-reset:step}.step{counter-increment:step}"
        ".step::before{content:'[' counter(step) ']'}",
        "<div class=steps><p>intro</p><div class=step>a</div><div class=step>b</div>"
        "<div class=step>c</div></div>",
    ),
    "steps_in_rows": (
        ".steps{counter-reset:step}.step{counter-increment:step}"
        ".step::before{content:'[' counter(step,decimal-leading-zero) ']'}",
        "<div class=steps><h3>How</h3><div class=row><div class=step>a</div>"
        "<div class=step>b</div></div><div class=row><div class=step>c</div>"
        "<div class=step>d</div></div></div>",
    ),
    "headings": (
        ".doc{counter-reset:h2}h2{counter-increment:h2;counter-reset:h3}h3{counter-increment:h3}"
        "h2::before{content:counter(h2) '. '}h3::before{content:counter(h2) '.' counter(h3) ' '}",
        "<div class=doc><h2>A</h2><p>p</p><h3>a</h3><h3>b</h3><h2>B</h2><h3>c</h3><p>q</p>"
        "<h3>d</h3><h2>C</h2></div>",
    ),
    "headings_no_reset": (
        "h2{counter-increment:h2;counter-reset:h3}h3{counter-increment:h3}"
        "h3::before{content:'[' counters(h2,'.') '|' counters(h3,'.') ']'}",
        "<h2>A</h2><h3>a</h3><h3>b</h3><h2>B</h2><h3>c</h3>",
    ),
    "increment_by": (
        ".c{counter-reset:n}.c span::before{content:'[' counter(n) ']'}"
        ".ten{counter-increment:n 10}.zero{counter-increment:n 0}.neg{counter-increment:n -1}"
        ".one{counter-increment:n}",
        "<div class=c><span class=one>a</span><span class=ten>b</span><span class=zero>c</span>"
        "<span class=neg>d</span><span class=neg>e</span><span class=neg>f</span>"
        "<span class=ten>g</span></div>",
    ),
    "counter_set": (
        "span::before{content:'[' counters(n,'.') ']'}",
        "<div><span style='counter-set:n 6;counter-increment:n 2'>a</span>"
        "<span style='counter-reset:n 3;counter-increment:n 2'>b</span>"
        "<span style='counter-reset:n 3;counter-set:n 8'>c</span>"
        "<span style='counter-increment:n 2'>d</span>"
        "<span style='counter-set:n'>e</span>"
        "<span style='counter-reset:n 1 n 4'>f</span>"
        "<span style='counter-increment:n 2 n 3'>g</span>"
        "<span style='counter-set:n 1 n 7'>h</span>"
        "<span style='counter-set:n 5 m 2;counter-reset:m 9'>i<b>j</b></span>"
        "<span>k</span></div>",
    ),
    "nested_divs": (
        ".o{counter-reset:c}.i{counter-increment:c}.i::before{content:'[' counters(c,'.') ']'}",
        "<div class=o><div class=i>a<div class=o><div class=i>b</div><div class=i>c"
        "<div class=o><div class=i>d</div></div></div><div class=i>e</div></div></div>"
        "<div class=i>f</div></div><div class=i>g</div>",
    ),
    "ol_outline": (
        "ol{counter-reset:item;list-style:none}li{counter-increment:item}"
        "li::before{content:counters(item,'.') ' '}",
        "<ol><li>a<ol><li>b</li><li>c<ol><li>d</li><li>e</li></ol></li></ol></li>"
        "<li>f</li><li>g<ol><li>h</li></ol></li></ol>",
    ),
    "outline_styles": (
        "ol{counter-reset:item;list-style:none}li{counter-increment:item}"
        "li::before{content:'[' counters(item,'-',upper-roman) '|' counter(item,lower-alpha) ']'}",
        "<ol><li>a<ol><li>b</li><li>c<ol><li>d</li></ol></li></ol></li><li>e</li></ol>",
    ),
    "sibling_resets": (
        ".r{counter-reset:c 5}.i{counter-increment:c}p::before{content:'[' counters(c,'.') ']'}",
        "<div><p class=r>a</p><p class=i>b</p><p class=r>c</p><p class=i>d</p>"
        "<p class='r i'>e</p><div><p class=r>f</p><p class=i>g</p></div><p class=i>h</p></div>",
    ),
    "before_increment": (
        ".box{counter-reset:b}.x::before{counter-increment:b;content:'[' counter(b) ']'}",
        "<div class=box><p class=x>a</p><p class=x>b</p><p class=x>c</p></div>"
        "<div><p class=x>d</p><p class=x>e</p></div>",
    ),
    "pseudo_scope": (
        ".t::before{counter-reset:q 7;content:'[' counter(q) ']'}.t span{counter-increment:q}"
        ".t span::after{content:'(' counter(q) ')'}.t::after{content:'{' counters(q,'.') '}'}"
        ".s{counter-reset:k}.k{counter-increment:k}.s::after{content:'<' counter(k) '>'}",
        "<div class=t><span>a</span><span>b</span></div><p>x</p>"
        "<div class=s><p class=k>c</p><div><p class=k>d</p></div><p class=k>e</p></div>",
    ),
    "display_none": (
        ".c{counter-reset:n}.i{counter-increment:n}.i::before{content:'[' counter(n) ']'}"
        ".gone{display:none}.contents{display:contents;counter-increment:n 100}"
        ".hidden{visibility:hidden}",
        "<div class=c><p class=i>a</p><p class='i gone'>b</p><p class=i>c</p>"
        "<div class='gone'><p class=i>d</p></div><div class=contents><p class=i>e</p></div>"
        "<p class='i hidden'>f</p><p class=i>g</p></div>",
    ),
    "use_without_scope": (
        "p::before{content:'[' counter(z) '|' counters(z,'.') ']'}"
        ".inc{counter-increment:z}.inc::after{content:'(' counter(z) ')'}",
        "<div><p>a</p><p>b</p></div><div><p class=inc>c</p><p class=inc>d</p><p>e</p></div>",
    ),
    "reset_in_descendant": (
        ".a{counter-reset:c}.b{counter-increment:c}.b::before{content:'[' counters(c,'.') ']'}",
        "<div class=a><p class=b>a</p><div><p class=a>x</p><p class=b>b</p></div>"
        "<p class=b>c</p><section><div class=a></div><p class=b>d</p></section></div>",
    ),
    "list_item_counters": (
        "ol{list-style:none}li::before{content:'[' counters(list-item,'.') '|' "
        "counter(list-item) ']'}",
        "<ol><li>a<ol start=5><li>b</li><li value=9>c<ol reversed><li>d</li><li>e</li></ol>"
        "</li></ol></li><li>f</li></ol>",
    ),
    "marker_counters": (
        ".m{counter-reset:c}.m li{counter-increment:c}"
        ".m li::marker{content:counters(list-item,'.') '/' counter(c) ' '}",
        "<ol class=m><li>a</li><li>b<ol><li>c</li></ol></li><li>d</li></ol>",
    ),
    "ancestor_reset": (
        "body{counter-reset:pg 4}.slide{counter-increment:pg}.p{counter-increment:pg 2}"
        ".p::before{content:'[' counters(pg,'.') ']'}",
        "<p class=p>a</p><p class=p>b</p>",
    ),
    "table_flex": (
        ".t{counter-reset:row}tr{counter-increment:row}td:first-child::before"
        "{content:'[' counter(row) ']'}.f{display:flex;counter-reset:it}.f>div"
        "{counter-increment:it}.f>div::after{content:'(' counter(it) ')'}",
        "<table class=t><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>"
        "<div class=f><div>x</div><div>y</div><div>z</div></div>",
    ),
    "display_contents": (
        ".i{counter-increment:n}.i::before{content:'[' counters(n,'.') ']'}"
        ".c{display:contents}.c1{counter-reset:n 100}.c2{counter-increment:n 100}"
        ".r{counter-reset:n 5}.c3::before{content:'B';counter-increment:n 50}",
        "<div><p class=i>a</p><div class='c c1'><p class=i>b</p></div><p class=i>c</p>"
        "<div class='c c2'><p class=i>d</p></div><div class=c><p class=r>e</p></div>"
        "<p class=i>f</p><div class='c c3'><p class=i>g</p></div><p class=i>h</p></div>",
    ),
    "pseudo_not_generated": (
        ".c{counter-reset:n}.u::before{content:'[' counter(n) ']'}"
        ".nb::before{content:none;counter-increment:n 10}.nn::before{counter-increment:n 100}"
        ".dn::before{content:'x';display:none;counter-increment:n 1000}"
        "li::marker{counter-increment:n 5}.i{counter-increment:n}",
        "<div class=c><p class=u>a</p><p class=nb>b</p><p class=nn>c</p><p class=dn>d</p>"
        "<p class=u>e</p><ul><li>f</li></ul><p class=u>g</p><br class=i><p class=u>h</p>"
        "<img class=i src='data:,' alt=''><p class=u>i</p><span hidden class=i>q</span>"
        "<script class=i></script><p class=u>j</p></div>",
    ),
    "list_item_model": (
        "ol,ul,menu{list-style:none;margin:0}.x::before{content:'[' counters(list-item,'.') ']'}",
        "<p class=x>a</p><ol><div class=x style='display:list-item'>b</div>"
        "<li class=x style='display:block'>c</li><li class=x>d</li><p class=x>e</p></ol>"
        "<p class=x>f</p><ol reversed><div><li class=x>g</li></div><li class=x value=9>h</li>"
        "</ol><ol reversed start=5><li class=x>i</li><li class=x>j</li></ol>"
        "<ol start=-3><li class=x>k</li><li class=x style='counter-increment:list-item 3'>l</li>"
        "<li class=x style='counter-set:list-item 20'>m</li><li class=x>n</li></ol>"
        "<ol style='counter-reset:item'><li class=x>o<ul><li class=x>p</li></ul></li></ol>"
        "<menu><li class=x>q</li></menu><div><li class=x>r</li></div><ol start=x>"
        "<li class=x>s</li></ol>",
    ),
    "clamp": (
        ".c{counter-reset:n 2147483646 m -2147483647}.i{counter-increment:n m -1}"
        ".i::before{content:'[' counter(n) '|' counter(m) ']'}",
        "<div class=c><p class=i>a</p><p class=i>b</p><p class=i>c</p></div>",
    ),
    "quotes_nested": (
        "q{quotes:'\u00ab' '\u00bb' '\u2039' '\u203a'}",
        "<p><q>a <q>b <q>c</q></q> d</q></p><p><q>e</q></p>",
    ),
    "quotes_auto_langs": (
        "",
        "<p><q>a <q>b <q>c</q></q></q></p><p lang=de><q>d <q>e</q></q></p>"
        "<p lang=fr-CH><q>f <q>g</q></q></p><p lang=ja><q>h <q>i</q></q></p>"
        "<div lang=RU><p><q>j <q>k</q></q></p></div><p lang=es><q>l</q></p>",
    ),
    "quotes_depth": (
        ".n::before{content:no-open-quote}.c::after{content:close-quote}.z{quotes:none}"
        ".o::before{content:'[' open-quote}",
        "<p><span class=c>a</span><q>b</q></p><p><span class=n>c</span><q>d</q>"
        "<span class=c>e</span><span class=c>f</span></p><p class=z><q>g <q>h</q></q></p>"
        "<p><q>i</q><span class=o>j</span><q>k</q><span class=c>l</span></p>",
    ),
}


def scope_page(css: str, markup: str) -> str:
    return (
        "<!DOCTYPE html><html><head><style>html,body{margin:0}"
        f".slide{{width:1280px;height:720px}}{css}</style></head>"
        f'<body><div class="slide">{markup}</div></body></html>'
    )


def page(css: str) -> str:
    items = "".join(f"<li>x{i}</li>" for i in range(1, 13))
    return (
        "<!DOCTYPE html><html><head><style>html,body{margin:0}"
        f".slide{{width:1280px;height:720px}}{BASE}{css}</style></head>"
        f'<body><div class="slide"><ol>{items}</ol></div></body></html>'
    )
