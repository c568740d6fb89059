"""Math benchmark: the cost of drawing formulas (generator.markup.math, ziamath) on the corpus's
formulas and on hostile documents (ten thousand formulas; one formula at the size cap).

Prints and writes benchmarks/results/math.json: per-formula drawing time and SVG size of the
display formulas of samples/markdown (mkdocs-math, slidev-starter) and of common KaTeX forms,
the time to read a document of 10,000 display and 10,000 inline formulas (the caps keep it
bounded), and of one formula of MAX_TEX characters.

    python benchmarks/bench_math.py
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from generator.markup.math import MAX_TEX, MathRenderer, Refused  # noqa: E402
from generator.model import Span  # noqa: E402
from generator.outline import parse_outline  # noqa: E402

FORMULAS = [
    r"\cos x=\sum_{k=0}^{\infty}\frac{(-1)^k}{(2k)!}x^{2k}",  # mkdocs-math
    "\\begin{aligned}\n\\nabla \\cdot \\vec{E} &= \\frac{\\rho}{\\varepsilon_0} \\\\\n"
    "\\nabla \\cdot \\vec{B} &= 0 \\\\\n"
    "\\nabla \\times \\vec{E} &= -\\frac{\\partial\\vec{B}}{\\partial t} \\\\\n"
    "\\nabla \\times \\vec{B} &= \\mu_0\\vec{J} + \\mu_0\\varepsilon_0"
    "\\frac{\\partial\\vec{E}}{\\partial t}\n\\end{aligned}",  # slidev-starter
    r"E = mc^2",
    r"\int_0^1 x^2\,dx = \frac{1}{3}",
    r"\mathbb{R}^n \to \mathbb{R}, \quad f(x) = \lVert x \rVert_2",
    r"\begin{pmatrix} a & b \\ c & d \end{pmatrix}",
    r"\lim_{n\to\infty}\left(1+\frac{1}{n}\right)^n = e",
]


def timed(fn: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def main() -> None:
    warm = MathRenderer()
    warm.picture("x")  # ziamath's import and font load, measured apart
    first, _ = timed(lambda: MathRenderer().picture("y"))
    rows = []
    for tex in FORMULAS:
        times, size = [], 0
        for _ in range(5):
            seconds, drawn = timed(lambda t=tex: MathRenderer().picture(t))
            times.append(seconds * 1000)
            size = 0 if isinstance(drawn, Refused) else len(drawn.src)
        rows.append(
            {"tex": tex[:60], "ms_median": round(statistics.median(times), 1), "uri_bytes": size}
        )
        print(f"{statistics.median(times):7.1f} ms  {size:7d} B  {tex[:60]!r}")
    inline_ms = (
        timed(lambda: [MathRenderer().inline(r"\exists a,b\in G", Span("")) for _ in range(100)])[0]
        * 10
    )
    many = "# T\n\n### P\n\n" + "".join(f"$$\nx_{{{i}}}+y^2\n$$\n\n" for i in range(10_000))
    many += "".join(f"Text $a_{{{i}}}$ more.\n\n" for i in range(10_000))
    many_s, outline = timed(lambda: parse_outline(many))
    huge = "# T\n\n### P\n\n$$\n" + "\\frac{x}{y}+" * ((MAX_TEX - 12) // 12) + "z\n$$\n"
    huge_s, _ = timed(lambda: parse_outline(huge))
    result = {
        "command": "python benchmarks/bench_math.py",
        "machine": "2-core VM, shared with other jobs",
        "python": platform.python_version(),
        "load_average": os.getloadavg(),
        "first_formula_ms_after_import": round(first * 1000, 1),
        "formulas": rows,
        "inline_formula_ms": round(inline_ms, 2),
        "document_10k_display_10k_inline_s": round(many_s, 2),
        "document_huge_formula_s": round(huge_s, 2),
        "huge_formula_chars": len(huge),
    }
    print(json.dumps({k: v for k, v in result.items() if k != "formulas"}, indent=1))
    out = ROOT / "benchmarks" / "results" / "math.json"
    out.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", "utf-8")


if __name__ == "__main__":
    main()
