"""Quotation marks of generated content (open-quote / close-quote in document order, the `quotes` value and the language -> the mark's text)."""

from __future__ import annotations

from typing import Any

# quotes: auto as Chromium 156 draws it per language (outer pair, inner pair); deeper levels
# repeat the inner pair (measured; tests/boxes/chromium_counters.py records some of them).
_EN = (("\u201c", "\u201d"), ("\u2018", "\u2019"))
_GUILLEMETS = ("\u00ab", "\u00bb")
_LOW_DOUBLE = ("\u201e", "\u201c")
AUTO_QUOTES: dict[str, tuple[tuple[str, str], ...]] = {
    "de": (_LOW_DOUBLE, ("\u201a", "\u2018")),
    "cs": (_LOW_DOUBLE, ("\u201a", "\u2018")),
    "fr": (_GUILLEMETS, _GUILLEMETS),
    "fr-ch": (_GUILLEMETS, ("\u2039", "\u203a")),
    "ru": (_GUILLEMETS, _LOW_DOUBLE),
    "uk": (_GUILLEMETS, _LOW_DOUBLE),
    "it": (_GUILLEMETS, _EN[0]),
    "el": (_GUILLEMETS, _EN[0]),
    "nb": (_GUILLEMETS, _EN[1]),
    "pl": (("\u201e", "\u201d"), _GUILLEMETS),
    "hu": (("\u201e", "\u201d"), ("\u00bb", "\u00ab")),
    "ja": (("\u300c", "\u300d"), ("\u300e", "\u300f")),
    "ar": (("\u201d", "\u201c"), ("\u2019", "\u2018")),
    "he": (("\u201d", "\u201d"), ("\u2019", "\u2019")),
    "sv": (("\u201d", "\u201d"), ("\u2019", "\u2019")),
    "fi": (("\u201d", "\u201d"), ("\u2019", "\u2019")),
    "nl": (("\u2018", "\u2019"), ("\u2018", "\u2019")),
}


def element_lang(el: Any) -> str:
    """The language of `el`: the nearest lang attribute on it or an ancestor, lowercased."""
    while el is not None:
        get = getattr(el, "get", None)
        value = get("lang") if get is not None else None
        if value is not None:
            return str(value).strip().lower()
        el = el.getparent() if hasattr(el, "getparent") else None
    return ""


def quote_pairs(quotes: Any, lang: str) -> tuple[tuple[str, str], ...]:
    """The pairs a `quotes` value draws: its strings, none for `none`, the language's for auto
    (the full tag first, then its primary subtag; English marks otherwise)."""
    if quotes == "none":
        return ()
    if isinstance(quotes, tuple):
        return quotes
    return AUTO_QUOTES.get(lang) or AUTO_QUOTES.get(lang.split("-")[0]) or _EN


class QuoteDepth:
    """The quote nesting depth of the box builder's walk: open-quote draws the pair at the
    depth and goes one deeper, close-quote comes back up and draws that pair's closing mark;
    a close-quote at depth 0 draws nothing (CSS Generated Content 3 §2.2)."""

    __slots__ = ("depth",)

    def __init__(self) -> None:
        self.depth = 0

    def text(self, kind: str, pairs: tuple[tuple[str, str], ...]) -> str:
        if kind in ("open-quote", "no-open-quote"):
            depth, self.depth = self.depth, self.depth + 1
            if kind == "no-open-quote" or not pairs:
                return ""
            return pairs[min(depth, len(pairs) - 1)][0]
        if self.depth == 0:
            return ""
        self.depth -= 1
        if kind == "no-close-quote" or not pairs:
            return ""
        return pairs[min(self.depth, len(pairs) - 1)][1]
