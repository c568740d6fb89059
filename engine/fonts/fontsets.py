"""Font sets: which fonts CSS font stacks resolve to ("linux": this machine's, as Chromium on Linux;
"office": the Office fonts, as a Windows or macOS browser with only those would).

With the office set a page laid out for Windows/macOS readers gets the faces they see: `system-ui`,
`-apple-system` and Segoe UI resolve to Segoe UI, Helvetica to Arial, PingFang SC and Microsoft
YaHei to Microsoft YaHei, `monospace` to Consolas; a family a stock Office user lacks (Noto Sans,
DejaVu Sans, Inter, Roboto...) is skipped, as a browser skips a font that is not installed. Runs
are named with the Office family and measured with its metric-compatible twin when one is
installed (Arial = Liberation Sans, Calibri = Carlito ...), else with a stand-in of the same kind
(docs/fonts.md lists them). The set is chosen per conversion (Options.font_set) and held in a
context variable while the pages lay out, like the built-in metrics switch.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Literal

import engine.fonts.office as office  # the module itself, not the package: no import cycle

__all__ = [
    "FONT_SETS",
    "FontSet",
    "active_font_set",
    "measured_with",
    "office_family",
    "office_fallback_family",
    "use_font_set",
]

FontSet = Literal["linux", "office"]
FONT_SETS: tuple[FontSet, ...] = ("linux", "office")
_ACTIVE: ContextVar[str] = ContextVar("deckforge_font_set", default="linux")

# CSS family names (lower case) that a Windows/macOS browser with the Office fonts draws with an
# Office family: the system-font keywords, the Apple system families and their aliases.
_CSS_TO_OFFICE: dict[str, str] = {
    "system-ui": "Segoe UI",
    "-apple-system": "Segoe UI",
    "blinkmacsystemfont": "Segoe UI",
    "ui-sans-serif": "Segoe UI",
    "sf pro text": "Segoe UI",
    "sf pro display": "Segoe UI",
    "sf pro": "Segoe UI",
    "san francisco": "Segoe UI",
    "helvetica": "Arial",
    "helvetica neue": "Arial",
    "times": "Times New Roman",
    "courier": "Courier New",
    "ui-monospace": "Consolas",
    "sfmono-regular": "Consolas",
    "sf mono": "Consolas",
    "menlo": "Consolas",
    "monaco": "Consolas",
    "pingfang sc": "Microsoft YaHei",
    "hiragino sans gb": "Microsoft YaHei",
    "heiti sc": "Microsoft YaHei",
    "stheiti": "Microsoft YaHei",
    "微软雅黑": "Microsoft YaHei",
    "pingfang tc": "Microsoft JhengHei",
    "pingfang hk": "Microsoft JhengHei",
    "微軟正黑體": "Microsoft JhengHei",
    "hiragino sans": "Yu Gothic",
    "hiragino kaku gothic pron": "Yu Gothic",
    "hiragino kaku gothic pro": "Yu Gothic",
    "游ゴシック": "Yu Gothic",
    "apple sd gothic neo": "Malgun Gothic",
    "맑은 고딕": "Malgun Gothic",
    "宋体": "SimSun",
    "apple color emoji": "Segoe UI Emoji",
    "noto color emoji": "Segoe UI Emoji",
}
# Chrome on Windows: generic families per script of the content language.
_GENERIC: dict[str, dict[str, str]] = {
    "Latn": {
        "standard": "Times New Roman",
        "serif": "Times New Roman",
        "sans-serif": "Arial",
        "monospace": "Consolas",
        "cursive": "Comic Sans MS",
        "fantasy": "Impact",
    },
    "Hans": {"standard": "Microsoft YaHei", "serif": "SimSun", "sans-serif": "Microsoft YaHei"},
    "Hant": {"standard": "Microsoft JhengHei", "sans-serif": "Microsoft JhengHei"},
    "Jpan": {"standard": "Yu Gothic", "serif": "Yu Mincho", "sans-serif": "Yu Gothic"},
    "Kore": {"standard": "Malgun Gothic", "serif": "Batang", "sans-serif": "Malgun Gothic"},
}
# Office family (lower case) -> the installed face that measures it: its metric-compatible twin,
# else a stand-in of the same kind (CJK ideographs are one em in every CJK face).
_MEASURE: dict[str, str] = {
    "arial": "Liberation Sans",
    "arial narrow": "Liberation Sans Narrow",
    "times new roman": "Liberation Serif",
    "courier new": "Liberation Mono",
    "calibri": "Carlito",
    "calibri light": "Carlito",
    "cambria": "Caladea",
    "segoe ui": "Liberation Sans",
    "tahoma": "DejaVu Sans Condensed",
    "verdana": "DejaVu Sans",
    "georgia": "DejaVu Serif",
    "consolas": "Liberation Mono",
    "lucida console": "Liberation Mono",
    "microsoft yahei": "Noto Sans CJK SC",
    "microsoft yahei ui": "Noto Sans CJK SC",
    "dengxian": "Noto Sans CJK SC",
    "simhei": "Noto Sans CJK SC",
    "simsun": "Noto Serif CJK SC",
    "nsimsun": "Noto Serif CJK SC",
    "microsoft jhenghei": "Noto Sans CJK TC",
    "yu gothic": "Noto Sans CJK JP",
    "meiryo": "Noto Sans CJK JP",
    "ms gothic": "Noto Sans CJK JP",
    "yu mincho": "Noto Serif CJK JP",
    "malgun gothic": "Noto Sans CJK KR",
    "batang": "Noto Serif CJK KR",
    "segoe ui emoji": "Noto Color Emoji",
}
_SERIF_OFFICE = frozenset(
    [
        "book antiqua",
        "bookman old style",
        "century",
        "constantia",
        "garamond",
        "palatino linotype",
        "sitka text",
        "sylfaen",
        "cambria math",
    ]
)
_MONO_OFFICE = frozenset({"ms gothic", "nsimsun", "simsun-extb", "mingliu-extb"})


def active_font_set() -> str:
    """The font set the current conversion lays out with ("linux" unless set)."""
    return _ACTIVE.get()


@contextlib.contextmanager
def use_font_set(name: str) -> Iterator[None]:
    """Within this block (this thread / async context only) font stacks use font set `name`."""
    token = _ACTIVE.set(name if name in FONT_SETS else "linux")
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def office_family(css_family: str, script: str) -> str | None:
    """The Office family a Windows/macOS browser with the Office fonts uses for one CSS family
    name (generic keywords resolved for the content language's `script`), or None when such a
    user has no font by that name."""
    name = css_family.strip().strip("'\"").strip()
    key = name.lower()
    if key in _GENERIC["Latn"] or key == "standard":
        table = _GENERIC.get(script, {})
        return table.get(key) or _GENERIC["Latn"].get(key, "Times New Roman")
    if key in _CSS_TO_OFFICE:
        return _CSS_TO_OFFICE[key]
    if office.is_office_font(name):
        return name
    return None


def office_fallback_family(script: str) -> str | None:
    """The Office CJK family a Windows browser falls back to for CJK text in `script`."""
    return _GENERIC.get(script, {}).get("sans-serif") if script != "Latn" else None


def measured_with(office_name: str) -> str:
    """The installed face that measures an Office family (twin, else a stand-in)."""
    key = office_name.lower()
    if key in _MEASURE:
        return _MEASURE[key]
    if key in _MONO_OFFICE:
        return "Liberation Mono"
    if key in _SERIF_OFFICE:
        return "Liberation Serif"
    return "Liberation Sans"
