"""TeX -> MathML without loading ziamath's drawing (its package import loads the math font,
its MathML entity table and its node classes: ~0.1 s).

`tex2mml` is ziamath's own conversion (ziamath.tex.tex2mml, ziamath 0.13: latex2mathml with its
pre- and post-processing and the operator names ziamath declares at import) for the default
configuration (decimal point `.`). An inline formula only needs this MathML (it becomes text,
generator.markup.math); a display formula is drawn by ziamath, imported with the first one.
tests/generator/test_loaded_when_met.py checks it answers as ziamath does.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

# ziamath/__init__.py: `declareoperator` of each (latex2mathml then sets them upright)
OPERATORS: tuple[str, ...] = (r"\tg", r"\ctg", r"\arcctg", r"\arctg", r"\arg", r"\cotg")
OPERATORS += (r"\sh", r"\ch", r"\cth", r"\th")


@cache
def _convert() -> Callable[..., str]:
    """latex2mathml's `convert`, with ziamath's operator names declared (once per process, as
    importing ziamath does; declaring them again when ziamath loads changes nothing)."""
    import latex2mathml.commands
    from latex2mathml.converter import convert

    functions: tuple[str, ...] = latex2mathml.commands.FUNCTIONS
    latex2mathml.commands.FUNCTIONS = functions + OPERATORS  # type: ignore[assignment]
    return convert  # type: ignore[no-any-return]


def tex2mml(tex: str, inline: bool = False) -> str:
    """The MathML string ziamath.tex.tex2mml makes of `tex`."""
    tex = re.sub(r"\\binom{(.+?)}{(.+?)}", r"\\left( \1 \\atop \2 \\right)", tex)
    tex = re.sub(r"\\mathrm{(.+?)}", r"\\mathrm {\1}", tex)  # latex2mathml needs the space
    tex = tex.replace("||", "‖")
    tex = tex.replace(r"\begin{aligned}", r"\begin{align*}")
    tex = tex.replace(r"\end{aligned}", r"\end{align*}")
    mml = _convert()(tex, display="inline" if inline else "block")
    # arrows and angle brackets TeX does not stretch; ziamath's stretchy accents
    mml = re.sub(r">&#x02191;", r' stretchy="false">&#x02191;', mml)
    mml = re.sub(r">&#x02193;", r' stretchy="false">&#x02193;', mml)
    mml = re.sub(r"<mi>&#x027E8;", r'<mi stretchy="false">&#x027E8;', mml)
    mml = re.sub(r"<mi>&#x027E9;", r'<mi stretchy="false">&#x027E9;', mml)
    mml = re.sub(r'<mo stretchy="false">&#x0005E;', r'<mo stretchy="false">&#710;', mml)
    mml = re.sub(r"<mo>&#x0005E;", r"<mo>&#x00302;", mml)
    mml = re.sub(r"<mo>&#x0007E;", r"<mo>&#x00303;", mml)
    return re.sub(r'columnspacing="0em 2em"', r'columnspacing="0em 0.3em"', mml)
