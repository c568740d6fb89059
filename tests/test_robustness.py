"""Property tests: no input makes convert() raise anything but the documented errors, and the
page accounting always adds up."""

from __future__ import annotations

import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pptx import Presentation

from engine import ConversionError, convert

TAGS = [
    "div",
    "span",
    "p",
    "b",
    "i",
    "ul",
    "li",
    "table",
    "tr",
    "td",
    "img",
    "br",
    "h1",
    "svg",
    "section",
    "a",
    "sup",
]
CSS = [
    "display:flex",
    "display:grid",
    "display:inline-block",
    "display:none",
    "position:absolute",
    "position:relative",
    "float:left",
    "width:50%",
    "height:10px",
    "margin:auto",
    "padding:3em",
    "flex:1",
    "grid-template-columns:repeat(3,1fr)",
    "transform:rotate(30deg)",
    "opacity:.5",
    "font-size:0",
    "font-size:400px",
    "white-space:pre",
    "line-height:0",
    "border:3px solid red",
    "width:calc(100% - 20px)",
    "margin-left:-50px",
    "top:-10px",
    "left:120%",
    "z-index:-1",
    "background:linear-gradient(red,blue)",
    "border-radius:50%",
    "letter-spacing:-5px",
    "gap:10px",
    "columns:2",
    "writing-mode:vertical-rl",
    "text-align:justify",
    "min-width:max-content",
    "width:;",
    "color:rgb(300 0 0 / 2)",
    "content:'x'",
    "overflow:hidden",
    "box-sizing:border-box",
    "list-style:square",
]
TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30)


@st.composite
def element(draw, depth=0):
    tag = draw(st.sampled_from(TAGS))
    style = ";".join(draw(st.lists(st.sampled_from(CSS), max_size=4)))
    if depth > 3:
        children = [draw(TEXT).replace("<", "")]
    else:
        children = draw(
            st.lists(
                st.one_of(element(depth=depth + 1), TEXT.map(lambda t: t.replace("<", ""))),
                max_size=4,
            )
        )
    return f'<{tag} style="{style}">' + "".join(children) + f"</{tag}>"


@st.composite
def page(draw):
    body = "".join(draw(st.lists(element(), max_size=4)))
    css = draw(
        st.sampled_from(
            [
                "",
                "<style>.slide p{margin:1em} .x::before{content:'*'}</style>",
                "<style>@media print{p{color:red}} }}}{{{</style>",
            ]
        )
    )
    size = draw(st.sampled_from(["width:320px;height:180px", "width:1280px;height:720px", ""]))
    return f'{css}<div class="slide" style="{size}">{body}</div>'


def check(htmls, mode, internal_ok=True):
    try:
        conv = convert(htmls, page_error_mode=mode)
    except ConversionError as exc:
        assert exc.code in (40010, 50103)
        return
    assert conv.success_pages + conv.failed_pages == conv.total_pages == len(htmls)
    if not internal_ok:
        assert [f.reason for f in conv.failed_page_details if f.code == 50100] == []
    slides = len(Presentation(io.BytesIO(conv.pptx_bytes)).slides)
    assert slides == (conv.total_pages if mode == "blank" else conv.success_pages)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.one_of(st.text(max_size=200), st.none(), st.integers()), max_size=4),
    st.sampled_from(["blank", "skip", "other"]),
)
def test_arbitrary_values_only_raise_documented_errors(htmls, mode):
    check(htmls, mode)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(page(), min_size=1, max_size=3), st.sampled_from(["blank", "skip"]))
def test_generated_html_accounting(htmls, mode):
    check(htmls, mode, internal_ok=False)
