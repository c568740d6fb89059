"""text-wrap: balance / pretty fixtures: name -> HTML placed inside a 1280x720 `.slide`, recorded by
tools/recorders/layout_text.py into expected_balance.json (each `data-lines` element's lines as Chromium broke
them, with their right edges). Greedy twins (`_greedy`) show where balancing changed the breaks."""

from __future__ import annotations


def _div(style: str, text: str, tag: str = "div", attrs: str = "") -> str:
    return f'<{tag} id="a" data-lines{attrs} style="{style}">{text}</{tag}>'


QUOTE = "We did not get faster by working harder. We got faster by waiting less between the steps."
HEADLINE = "Quarterly revenue grew faster than any year since the company first went public"
LONG = (
    "Balanced wrapping evens out the lengths of the lines of a short block of text so that"
    " headings and captions do not end with a single lonely word on their last line, which"
    " looks unfinished, and it gives up on long paragraphs because the work grows with the"
    " number of lines that the browser has to try before it settles on the narrowest width"
)

FIXTURES: dict[str, str] = {
    # The brief's blockquote: 40px italic serif (Georgia falls back) in an 850px box.
    "quote_serif_italic": _div(
        "width:850px;font:italic 40px Georgia, serif;line-height:1.3;text-wrap:balance",
        QUOTE,
        "blockquote",
    ),
    "quote_serif_italic_greedy": _div(
        "width:850px;font:italic 40px Georgia, serif;line-height:1.3", QUOTE, "blockquote"
    ),
    # Two lines, each installed family, left and centred.
    "two_lines_sans": _div(
        "width:620px;font:bold 36px 'Liberation Sans';text-wrap:balance", HEADLINE
    ),
    "two_lines_sans_greedy": _div("width:620px;font:bold 36px 'Liberation Sans'", HEADLINE),
    "two_lines_serif_center": _div(
        "width:700px;font:32px 'Liberation Serif';text-align:center;text-wrap:balance", HEADLINE
    ),
    "two_lines_dejavu_sans": _div(
        "width:760px;font:30px 'DejaVu Sans';text-wrap:balance", HEADLINE
    ),
    "two_lines_dejavu_serif_center": _div(
        "width:820px;font:30px 'DejaVu Serif';text-align:center;text-wrap:balance", HEADLINE
    ),
    # Three, four, five and six lines.
    "three_lines": _div("width:400px;font:28px 'Liberation Sans';text-wrap:balance", HEADLINE),
    "three_lines_greedy": _div("width:400px;font:28px 'Liberation Sans'", HEADLINE),
    "four_lines_center": _div(
        "width:300px;font:26px 'Liberation Serif';text-align:center;text-wrap:balance",
        HEADLINE,
    ),
    "five_lines": _div("width:260px;font:24px 'DejaVu Sans';text-wrap:balance", HEADLINE),
    "six_lines": _div("width:500px;font:22px 'Liberation Serif';text-wrap:balance", LONG[:300]),
    "six_lines_greedy": _div("width:500px;font:22px 'Liberation Serif'", LONG[:300]),
    # More lines than Chromium balances: greedy.
    "too_many_lines": _div("width:520px;font:20px 'Liberation Sans';text-wrap:balance", LONG),
    "too_many_lines_greedy": _div("width:520px;font:20px 'Liberation Sans'", LONG),
    # Inline boxes, a forced break, few break opportunities.
    "with_span": _div(
        "width:560px;font:32px 'Liberation Sans';text-wrap:balance",
        'The <span style="color:#c00;font-weight:bold">fastest way</span> to ship'
        " is to wait less between the steps you already take",
    ),
    "with_padded_span": _div(
        "width:560px;font:28px 'Liberation Serif';text-wrap:balance",
        'Ship the <span style="padding:0 12px;background:#fde">release candidate</span>'
        " on Friday and the final build on the Monday after",
    ),
    "with_br": _div(
        "width:520px;font:28px 'Liberation Sans';text-wrap:balance",
        "Fewer handoffs between the teams mean faster releases for everyone<br>"
        "and the second paragraph after the break is laid out greedily by the browser",
    ),
    "with_br_second_long": _div(
        "width:520px;font:28px 'DejaVu Sans';text-wrap:balance",
        "A short first line<br>"
        "then a second paragraph that wraps over two lines in this narrow box",
    ),
    "three_words": _div(
        "width:300px;font:40px 'Liberation Sans';text-wrap:balance", "Extraordinary annual results"
    ),
    "four_words": _div(
        "width:330px;font:40px 'Liberation Serif';text-wrap:balance",
        "Extraordinary annual results ahead",
    ),
    "one_line": _div("width:900px;font:32px 'Liberation Sans';text-wrap:balance", HEADLINE[:40]),
    "h1_tailwind": (
        '<h1 id="a" data-lines style="width:720px;font:bold 48px/1.1 \'Liberation Sans\';'
        'letter-spacing:-0.025em;text-wrap:balance;margin:0">'
        "Ship faster with a platform your whole team already understands</h1>"
    ),
    "longhand_style": _div(
        "width:620px;font:bold 36px 'Liberation Sans';text-wrap-style:balance", HEADLINE
    ),
    "indent": _div(
        "width:560px;font:28px 'Liberation Serif';text-indent:60px;text-wrap:balance", HEADLINE
    ),
    "justify": _div(
        "width:560px;font:28px 'Liberation Serif';text-align:justify;text-wrap:balance",
        HEADLINE,
    ),
    "first_line": (
        "<style>#a::first-line{font-weight:bold}</style>"
        + _div("width:560px;font:28px 'Liberation Serif';text-wrap:balance", HEADLINE)
    ),
    "inherited": (
        "<div style=\"text-wrap:balance;font:30px 'DejaVu Serif'\">"
        + _div("width:640px", HEADLINE, "p")
        + "</div>"
    ),
    "nowrap_then_balance": _div(
        "width:620px;font:bold 36px 'Liberation Sans';white-space:nowrap;text-wrap:balance",
        HEADLINE,
    ),
    "balance_then_nowrap": _div(
        "width:620px;font:bold 36px 'Liberation Sans';text-wrap:balance;white-space:nowrap",
        HEADLINE,
    ),
    "text_wrap_nowrap": _div(
        "width:620px;font:bold 36px 'Liberation Sans';text-wrap:nowrap", HEADLINE
    ),
    "text_wrap_wrap_after_balance": _div(
        "width:620px;font:bold 36px 'Liberation Sans';text-wrap:balance;text-wrap:wrap", HEADLINE
    ),
    "seven_lines": _div("width:420px;font:20px 'Liberation Sans';text-wrap:balance", LONG),
    "seven_lines_greedy": _div("width:420px;font:20px 'Liberation Sans'", LONG),
    "tab_pre_wrap": _div(
        "width:460px;font:24px 'Liberation Sans';white-space:pre-wrap;text-wrap:balance",
        "Release\tnotes for the quarter and the plans for the next one",
    ),
    "overflowing_word": _div(
        "width:300px;font:20px 'Liberation Sans';text-wrap:balance",
        "See https://example.com/a/very/long/path_without_any_breaks for all details here",
    ),
    "line_clamp": _div(
        "width:400px;font:28px 'Liberation Sans';display:-webkit-box;-webkit-box-orient:vertical;"
        "-webkit-line-clamp:2;overflow:hidden;text-wrap:balance",
        HEADLINE,
        attrs=' data-visible="2"',
    ),
    "inline_block": _div(
        "width:520px;font:28px 'Liberation Serif';text-wrap:balance",
        'Our <span style="display:inline-block;width:60px;height:20px;background:#09f"></span>'
        " new logo marks every release we ship from this quarter onwards",
    ),
    "nested_tags": _div(
        "width:540px;font:30px 'DejaVu Serif';text-wrap:balance",
        "<b>Bold <i>and italic</i></b> words sit in the <em>middle</em> of this balanced title",
    ),
    "letter_spacing": _div(
        "width:600px;font:bold 34px 'Liberation Sans';letter-spacing:0.05em;text-wrap:balance",
        HEADLINE,
    ),
    "flex_item": (
        '<div style="display:flex;gap:20px;width:900px">'
        '<div style="width:200px;flex:none">side</div>'
        + _div("flex:1;font:bold 40px 'Liberation Sans';text-wrap:balance", HEADLINE, "h2")
        + "</div>"
    ),
    "inline_block_shrink": (
        '<div style="width:600px">'
        + _div(
            "display:inline-block;font:bold 36px 'Liberation Serif';text-wrap:balance;"
            "text-align:center",
            HEADLINE,
        )
        + "</div>"
    ),
    "cjk": _div(
        "width:400px;font:28px 'Noto Sans CJK SC';text-wrap:balance",
        "今年的收入增长速度超过了公司上市以来的任何一年，团队也扩大了一倍",
    ),
    "list_item_inside": (
        '<ul style="margin:0;padding:0 0 0 30px;list-style-position:inside;width:460px">'
        + _div("font:26px 'Liberation Sans';text-wrap:balance", HEADLINE, "li")
        + "</ul>"
    ),
    "list_item_outside": (
        '<ol style="margin:0;padding:0 0 0 40px;width:460px">'
        + _div("font:26px 'Liberation Serif';text-wrap:balance", HEADLINE, "li")
        + "</ol>"
    ),
    # text-wrap: pretty (a short single-word last line is avoided within the last four lines).
    "pretty_orphan": _div(
        "width:405px;font:24px 'Liberation Sans';text-wrap:pretty",
        "The new pipeline cuts the time between a commit and its release by half",
    ),
    "pretty_orphan_greedy": _div(
        "width:405px;font:24px 'Liberation Sans'",
        "The new pipeline cuts the time between a commit and its release by half",
    ),
    "pretty_br": _div(
        "width:405px;font:24px 'Liberation Sans';text-wrap:pretty",
        "The new pipeline cuts the time between a commit and its release by half<br>"
        "and the second paragraph after the break avoids its orphan as well ok",
    ),
    "pretty_justify": _div(
        "width:405px;font:24px 'Liberation Sans';text-wrap:pretty;text-align:justify",
        "The new pipeline cuts the time between a commit and its release by half",
    ),
    "pretty_long_orphan": _div(
        "width:430px;font:20px 'Liberation Sans';text-wrap:pretty", LONG + " now"
    ),
    "pretty_long": _div("width:520px;font:20px 'Liberation Sans';text-wrap:pretty", LONG),
}
