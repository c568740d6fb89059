"""Code blocks -> highlighted HTML (Pygments tokens coloured from the template's own palette) and the language of their CJK text.

The palette comes from the manifest's colours: `code-background`, `code-text`, `code-keyword`,
`code-string`, `code-comment`, `code-number`, `code-name` when a template sets them, else
derived (keywords and names in `primary`, strings and numbers in `accent`, comments in `muted`,
on `surface`); every colour is pulled towards the text colour until it reads on the background
(contrast >= 3:1). Only the fence's language is used (no guessing): unknown or absent -> plain.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from markupsafe import Markup, escape

from generator.cjk import HAN, HANGUL, KANA, may_hold_cjk, pattern

if TYPE_CHECKING:  # Pygments loads with the first code block that has a known language
    from pygments.lexer import Lexer

MAX_HIGHLIGHT_CHARS = 20_000  # longer code is shown plain (bounded work per block)
CACHED_BLOCKS = 128  # highlighted code blocks kept (a page is rendered once per size tried)


@dataclass(frozen=True)
class Palette:
    """The colours of code: background, text and each token role."""

    background: str
    text: str
    keyword: str
    string: str
    comment: str
    number: str
    name: str

    def css_vars(self) -> str:
        return f"--df-code-background:{self.background};--df-code-text:{self.text}"


@dataclass(frozen=True)
class CodeStyle:
    """How code blocks are drawn: the template's palette and the deck's language."""

    palette: Palette
    deck_lang: str = "en"
    ink: str = "#222222"  # the template's text colour (drawn formulas)
    colors: tuple[tuple[str, str], ...] = ()  # the template's colours and body font (diagrams)


def palette(colors: dict[str, Any]) -> Palette:
    """The code colours of a template (see the module docstring)."""
    bg = hex_colour(
        colors.get("code-background") or colors.get("surface") or colors.get("background")
    )
    text = hex_colour(colors.get("code-text") or colors.get("text")) or "#222222"
    bg = bg or "#f4f4f4"

    def pick(key: str, fallback: str) -> str:
        return _readable(
            hex_colour(colors.get(key)) or hex_colour(colors.get(fallback)) or text, bg, text
        )

    return Palette(
        bg,
        text,
        pick("code-keyword", "primary"),
        pick("code-string", "accent"),
        pick("code-comment", "muted"),
        pick("code-number", "accent"),
        pick("code-name", "primary"),
    )


@lru_cache(maxsize=512)
def _role(token: Any) -> str | None:
    from pygments.token import Comment, Generic, Keyword, Name, Number, Operator, String

    if token in Comment or token in Generic.Prompt:
        return "comment"
    if token in String:
        return "string"
    if token in Number:
        return "number"
    if token in Keyword or token in Operator.Word:
        return "keyword"
    if token in Name.Function or token in Name.Class or token in Name.Builtin:
        return "name"
    if token in Name.Decorator or token in Name.Tag or token in Name.Attribute:
        return "name"
    return None


@lru_cache(maxsize=1)
def _aliases() -> frozenset[str]:
    """The names of Pygments' own lexers (its table, without loading any lexer or plugin)."""
    from pygments.lexers import get_all_lexers

    return frozenset(a for _, aliases, _, _ in get_all_lexers(plugins=False) for a in aliases)


@lru_cache(maxsize=64)
def _lexer(language: str) -> Lexer | None:
    name = language.strip().lower()
    if not name or name in ("text", "plain", "txt", "plaintext", "none"):
        return None
    from pygments.lexers import get_lexer_by_name  # the lexer table loads on first code block
    from pygments.util import ClassNotFound

    if name not in _aliases():  # never a plugin's lexer (nor the slow search for one)
        return None
    try:
        return get_lexer_by_name(name, stripnl=False)
    except ClassNotFound:
        return None


def highlight(text: str, language: str, colors: Palette) -> Markup:
    """Escaped code with `<span style="color:...">` around its tokens (plain when the language
    is unknown or the code is very long)."""
    lexer = _lexer(language) if len(text) <= MAX_HIGHLIGHT_CHARS else None
    if lexer is None:
        return escape(text)
    from pygments.token import Token

    out: list[Markup] = []
    tokens = list(lexer.get_tokens(text))
    if not text.endswith("\n") and tokens and tokens[-1][1].endswith("\n"):
        token, value = tokens[-1]
        tokens[-1] = (token, value[:-1])  # the lexer's own closing newline
    runs: list[tuple[str | None, str]] = []  # (role, text), neighbours of one role joined
    for token, value in tokens:
        role = _role(token) if token is not Token.Text else None
        if value.strip() == "" and runs:
            role = runs[-1][0]  # white space joins the run before it
        if runs and runs[-1][0] == role:
            runs[-1] = (role, runs[-1][1] + value)
        elif value:
            runs.append((role, value))
    for role, value in runs:
        if role is None:
            out.append(escape(value))
            continue
        style = f"color:{getattr(colors, role)}"
        if role == "comment":
            style += ";font-style:italic"
        out.append(Markup('<span style="%s">%s</span>') % (style, value))
    return Markup("").join(out)


@lru_cache(maxsize=CACHED_BLOCKS)
def code_html(text: str, language: str, style: CodeStyle | None) -> Markup:
    """A code block: `<pre class="df-code">` with the highlighted text, and a `lang` attribute
    when the code holds CJK text (so the engine picks that language's CJK face). Kept by
    content: the planner renders a page again at other sizes, the same code each time."""
    body = highlight(text, language, style.palette) if style is not None else escape(text)
    lang = cjk_lang(text, style.deck_lang if style is not None else "en")
    attr = Markup(' lang="%s"') % lang if lang else Markup("")
    return Markup('<pre class="df-code"%s><code>%s</code></pre>') % (attr, body)


def cjk_lang(text: str, deck_lang: str) -> str:
    """The language tag for CJK text inside code ('' when there is none): kana -> ja, hangul ->
    ko, Han alone -> the deck's Chinese variant (zh-CN unless the deck says zh-TW/zh-HK)."""
    if not may_hold_cjk(text):
        return ""
    if pattern(KANA).search(text):
        return "ja"
    if pattern(HANGUL).search(text):
        return "ko"
    if pattern(HAN).search(text):
        return deck_lang if deck_lang.lower().startswith("zh") else "zh-CN"
    return ""


def hex_colour(value: Any) -> str:
    """A CSS hex colour as #rrggbb in lower case; "" for anything else."""
    if not isinstance(value, str):
        return ""
    v = value.strip()
    if re.fullmatch(r"#[0-9a-fA-F]{3}", v):
        v = "#" + "".join(c * 2 for c in v[1:])
    return v[:7].lower() if re.fullmatch(r"#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?", v) else ""


def _rgb(h: str) -> tuple[float, float, float]:
    return int(h[1:3], 16) / 255, int(h[3:5], 16) / 255, int(h[5:7], 16) / 255


def _luminance(h: str) -> float:
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = _rgb(h)
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: str, b: str) -> float:
    la, lb = _luminance(a), _luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def mix_colours(a: str, b: str, t: float) -> str:
    """The colour `t` of the way from #rrggbb `a` to `b`."""
    ra, rb = _rgb(a), _rgb(b)
    return "#" + "".join(
        f"{round((x + (y - x) * t) * 255):02x}" for x, y in zip(ra, rb, strict=True)
    )


def _readable(color: str, background: str, text: str, minimum: float = 3.0) -> str:
    """`color`, pulled towards `text` in steps until it has `minimum` contrast on `background`."""
    out = color
    for step in range(1, 11):
        if contrast(out, background) >= minimum:
            return out
        out = mix_colours(color, text, step / 10)
    return text
