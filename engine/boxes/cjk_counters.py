"""East Asian counter styles (cjk-decimal, hiragana, trad-chinese-informal, korean-hangul-formal, ...
+ a value -> the counter's representation and marker suffix), as Chromium's predefined styles."""

from __future__ import annotations

from collections.abc import Callable

CJK_DIGITS = "〇一二三四五六七八九"
HIRAGANA = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわゐゑをん"
KATAKANA = "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヰヱヲン"
HIRAGANA_IROHA = (
    "いろはにほへとちりぬるをわかよたれそつねならむうゐのおくやまけふこえてあさきゆめみしゑひもせす"
)
KATAKANA_IROHA = (
    "イロハニホヘトチリヌルヲワカヨタレソツネナラムウヰノオクヤマケフコエテアサキユメミシヱヒモセス"
)
EARTHLY_BRANCH = "子丑寅卯辰巳午未申酉戌亥"
HEAVENLY_STEM = "甲乙丙丁戊己庚辛壬癸"


class _Ideographic:
    """A Chinese or Korean additive-by-position numbering: digits 0-9, the 10/100/1000 markers,
    the group markers for 10^4 and 10^8, the prefix of negative numbers, whether a leading 1 is
    dropped before a marker (always, or only for 10-19), whether zeros between digits are read
    (Chinese 零) or dropped (Korean), and the separator between 10^4 groups."""

    def __init__(
        self,
        digits: str,
        markers: str,
        groups: str,
        negative: str,
        drop_one: str = "",
        read_zero: bool = True,
        group_sep: str = "",
    ) -> None:
        self.digits, self.markers, self.groups = digits, markers, groups
        self.negative, self.drop_one = negative, drop_one
        self.read_zero, self.group_sep = read_zero, group_sep

    def __call__(self, value: int) -> str:
        if value < 0:
            return self.negative + self(-value)
        if value == 0:
            return self.digits[0]
        if value >= 10000 ** (len(self.groups) + 1):
            return cjk_decimal(value)  # beyond the largest group marker: digit by digit
        parts: list[str] = []
        rest = value
        for index in range(len(self.groups) + 1):
            rest, group = divmod(rest, 10000)
            if group:
                marker = self.groups[index - 1] if index else ""
                parts.append(self._group(group, rest > 0, index > 0) + marker)
        return self.group_sep.join(reversed(parts))

    def _group(self, group: int, inner: bool, marked: bool) -> str:
        """One group of four digits ('一千零一'); `inner`: a higher group precedes it (a group
        under 1000 then starts with the zero Chinese reads: 一萬零一); `marked`: a group marker
        follows it (which drops a units 1 as the other markers do, where they do: 萬 for 10^4)."""
        out = self.digits[0] if inner and group < 1000 and self.read_zero else ""
        zero = False
        for position in (3, 2, 1, 0):
            digit = group // 10**position % 10
            if digit == 0:
                zero = True
                continue
            if zero and self.read_zero and out and out[-1] != self.digits[0]:
                out += self.digits[0]
            zero = False
            marker = self.markers[position - 1] if position else ""
            drop = digit == 1 and (
                (self.drop_one == "always" and (position > 0 or marked))
                or (self.drop_one == "teens" and position == 1 and group < 20)
            )
            out += ("" if drop else self.digits[digit]) + marker
        return out


def cjk_decimal(value: int) -> str:
    """cjk-decimal: 2005 -> '二〇〇五' (negative numbers fall back to decimal)."""
    return "".join(CJK_DIGITS[int(d)] for d in str(value)) if value >= 0 else str(value)


def _alphabetic(symbols: str) -> Callable[[int], str]:
    def represent(value: int) -> str:
        if value <= 0:
            return str(value)  # outside the range: decimal
        out = ""
        while value > 0:
            value, rem = divmod(value - 1, len(symbols))
            out = symbols[rem] + out
        return out

    return represent


def _fixed(symbols: str) -> Callable[[int], str]:
    def represent(value: int) -> str:
        return symbols[value - 1] if 1 <= value <= len(symbols) else cjk_decimal(value)

    return represent


_TRAD_INFORMAL = _Ideographic("零一二三四五六七八九", "十百千", "萬億", "負", drop_one="teens")

# name -> (representation, suffix)
CJK_STYLES: dict[str, tuple[Callable[[int], str], str]] = {
    "cjk-decimal": (cjk_decimal, "、"),
    "cjk-ideographic": (_TRAD_INFORMAL, "、"),
    "trad-chinese-informal": (_TRAD_INFORMAL, "、"),
    "simp-chinese-informal": (
        _Ideographic("零一二三四五六七八九", "十百千", "万亿", "负", drop_one="teens"),
        "、",
    ),
    "trad-chinese-formal": (_Ideographic("零壹貳參肆伍陸柒捌玖", "拾佰仟", "萬億", "負"), "、"),
    "simp-chinese-formal": (_Ideographic("零壹贰叁肆伍陆柒捌玖", "拾佰仟", "万亿", "负"), "、"),
    "korean-hangul-formal": (
        _Ideographic(
            "영일이삼사오육칠팔구", "십백천", "만억", "마이너스 ", read_zero=False, group_sep=" "
        ),
        ", ",
    ),
    "korean-hanja-informal": (
        _Ideographic(
            "零一二三四五六七八九",
            "十百千",
            "萬億",
            "마이너스 ",
            drop_one="always",
            read_zero=False,
            group_sep=" ",
        ),
        ", ",
    ),
    "korean-hanja-formal": (
        _Ideographic(
            "零壹貳參四五六七八九", "拾百仟", "萬億", "마이너스 ", read_zero=False, group_sep=" "
        ),
        ", ",
    ),
    "hiragana": (_alphabetic(HIRAGANA), "、"),
    "katakana": (_alphabetic(KATAKANA), "、"),
    "hiragana-iroha": (_alphabetic(HIRAGANA_IROHA), "、"),
    "katakana-iroha": (_alphabetic(KATAKANA_IROHA), "、"),
    "cjk-earthly-branch": (_fixed(EARTHLY_BRANCH), "、"),
    "cjk-heavenly-stem": (_fixed(HEAVENLY_STEM), "、"),
}
