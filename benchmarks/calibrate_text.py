#!/usr/bin/env python3
"""Re-measure where LibreOffice draws text in PPTX text boxes and where Chromium draws it (decks + pages -> measurements JSON + model residuals).

Run after a LibreOffice or Chromium upgrade, from the repo root:

    python3 benchmarks/calibrate_text.py --out /tmp/calibrate_text            # everything
    python3 benchmarks/calibrate_text.py --out /tmp/ct --only vertical,table  # some experiments

Needs the fidelity tools (../shared/tools/fidelity relative to the project, or --fidelity DIR): render_pptx.sh
(LibreOffice -> PDF), its .venv (PyMuPDF to read the PDF, Playwright to drive Chromium),
and the fonts of its setup.sh.  python-pptx, lxml and fontTools come from this interpreter.

Every LibreOffice case is one slide holding one text box (or table) with zero insets,
anchor t, a:noAutofit; the PDF's characters are read with PyMuPDF (rawdict: origin =
(x, baseline)), scaled to slide px exactly as the fidelity tool's word_layout.py does.
Chromium cases are absolutely positioned blocks; their baselines are the fidelity tool's
word baselines (word_layout.WORDS_JS).  Results go to OUT/measurements.json; a summary of
the model's residuals (engine/model/text/metrics.py, tests/model/text_reference.py) is printed and written to
OUT/summary.txt.  docs/text-placement.md explains the experiments and the findings.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from lxml import etree  # noqa: E402


def _load_textmetrics() -> Any:
    """Import engine.model.text.metrics (and engine.units) without running engine/__init__.py,
    so the calibration does not depend on the rest of the pipeline importing cleanly."""
    import importlib
    import types

    for name, path in (("engine", ROOT / "engine"), ("engine.model", ROOT / "engine" / "model")):
        if name not in sys.modules:
            pkg = types.ModuleType(name)
            pkg.__path__ = [str(path)]
            sys.modules[name] = pkg
    return importlib.import_module("engine.model.text.metrics")


if TYPE_CHECKING:
    from engine import units
    from engine.model.text import metrics as tm
else:
    tm = _load_textmetrics()
    units = sys.modules["engine.units"]
sys.path.insert(0, str(ROOT / "tests" / "model"))
import text_reference as text_ref  # noqa: E402  (Chromium's line box, LibreOffice's run width)

SLIDE_W, SLIDE_H = 1280, 1440
EMU_PX = 9525
NS_A = "http://schemas.openxmlformats.org/drawingml/2006/main"

FONT_NAMES = [
    "Liberation Sans",
    "Liberation Serif",
    "DejaVu Sans",
    "DejaVu Serif",
    "Noto Sans",
    "Noto Sans CJK SC",
    "Liberation Mono",
    "Carlito",
    "Caladea",
]
SIZES = [12, 14, 16, 20, 24, 32, 48, 72, 104]
CJK_SAMPLE = "中文字"
LATIN_SAMPLE = "Hxg"


def sample(font: str) -> str:
    return CJK_SAMPLE if "CJK" in font else LATIN_SAMPLE


def A(tag: str) -> str:
    return f"{{{NS_A}}}{tag}"


# ---------------------------------------------------------------------------
# Fonts
# ---------------------------------------------------------------------------


def font_file(name: str) -> tuple[str, int]:
    out = subprocess.run(
        ["fc-match", "-f", "%{family[0]}|%{file}|%{index}", name],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    fam, path, index = out.split("|")
    if fam.casefold() != name.casefold():
        raise SystemExit(f"font {name!r} is not installed (fc-match gives {fam!r})")
    return path, int(index or 0)


def face_metrics(name: str) -> tm.FaceMetrics:
    from fontTools.ttLib import TTFont

    path, index = font_file(name)
    f = TTFont(path, fontNumber=index, lazy=True)
    h, o = f["hhea"], f["OS/2"]
    return tm.FaceMetrics.from_font_units(
        f["head"].unitsPerEm,
        (h.ascent, h.descent, h.lineGap),
        (o.sTypoAscender, o.sTypoDescender, o.sTypoLineGap),
        (o.usWinAscent, o.usWinDescent),
        bool(o.fsSelection & (1 << 7)),
    )


def hmtx_width(name: str, text: str, size_px: float) -> float:
    """Sum of plain hmtx advances (no kerning, no shaping) of text at size_px."""
    from fontTools.ttLib import TTFont

    path, index = font_file(name)
    f = TTFont(path, fontNumber=index, lazy=True)
    cmap, hmtx, upem = f.getBestCmap(), f["hmtx"], f["head"].unitsPerEm
    return sum(hmtx[cmap[ord(c)]][0] for c in text if ord(c) in cmap) * size_px / upem


# ---------------------------------------------------------------------------
# Decks
# ---------------------------------------------------------------------------


class Deck:
    """One python-pptx presentation, one case per slide."""

    def __init__(self) -> None:
        from pptx import Presentation
        from pptx.util import Emu

        self.prs = Presentation()
        self.prs.slide_width = Emu(SLIDE_W * EMU_PX)
        self.prs.slide_height = Emu(SLIDE_H * EMU_PX)
        self.layout = self.prs.slide_layouts[6]
        self.count = 0

    def slide(self) -> Any:
        self.count += 1
        return self.prs.slides.add_slide(self.layout)

    def save(self, path: Path) -> None:
        self.prs.save(str(path))


def _rpr(parent: Any, tag: str, run: dict[str, Any]) -> Any:
    rpr = etree.SubElement(parent, A(tag))
    rpr.set("lang", "en-US")
    rpr.set("sz", str(round(run["size"] * 75)))
    rpr.set("b", "0")
    if run.get("spc"):
        rpr.set("spc", str(text_ref.spc_for_letter_spacing(run["spc"])))
    if run.get("baseline"):
        rpr.set("baseline", str(run["baseline"]))
    font = run["font"]
    etree.SubElement(rpr, A("latin")).set("typeface", font)
    etree.SubElement(rpr, A("ea")).set("typeface", run.get("ea", font))
    return rpr


def fill_txbody(tx_body: Any, paragraphs: list[dict[str, Any]]) -> None:
    """paragraphs: [{"runs": [{"text", "font", "size", ...} | {"br": True, ...}], "ls",
    "bef", "aft", "algn", "end_size"}]."""
    for p in tx_body.findall(A("p")):
        tx_body.remove(p)
    for para in paragraphs:
        p = etree.SubElement(tx_body, A("p"))
        ppr = etree.SubElement(p, A("pPr"))
        if para.get("algn"):
            ppr.set("algn", para["algn"])
        ls = para.get("ls")
        if ls:
            el = etree.SubElement(ppr, A("lnSpc"))
            if "pct" in ls:
                etree.SubElement(el, A("spcPct")).set("val", str(tm.spc_pct_value(ls["pct"])))
            else:
                etree.SubElement(el, A("spcPts")).set("val", str(tm.spc_pts_value(ls["pts"])))
        for key, tag in (("bef", "spcBef"), ("aft", "spcAft")):
            if para.get(key) is not None:
                el = etree.SubElement(ppr, A(tag))
                etree.SubElement(el, A("spcPts")).set("val", str(tm.spc_pts_value(para[key])))
        for run in para["runs"]:
            if run.get("br"):
                _rpr(etree.SubElement(p, A("br")), "rPr", run)
                continue
            r = etree.SubElement(p, A("r"))
            _rpr(r, "rPr", run)
            etree.SubElement(r, A("t")).text = run["text"]
        if para.get("end_size"):
            _rpr(
                p,
                "endParaRPr",
                {"size": para["end_size"], "font": para.get("end_font", "Liberation Sans")},
            )


def text_box(
    slide: Any,
    x: float,
    y: float,
    w: float,
    h: float,
    paragraphs: list[dict[str, Any]],
    wrap: str = "square",
    anchor: str = "t",
) -> Any:
    from pptx.util import Emu

    sp = slide.shapes.add_textbox(
        Emu(round(x * EMU_PX)),
        Emu(round(y * EMU_PX)),
        Emu(round(w * EMU_PX)),
        Emu(round(h * EMU_PX)),
    )
    tx_body = sp.text_frame._txBody
    bp = tx_body.find(A("bodyPr"))
    for k in list(bp.attrib):
        del bp.attrib[k]
    for k, v in (
        ("wrap", wrap),
        ("lIns", "0"),
        ("tIns", "0"),
        ("rIns", "0"),
        ("bIns", "0"),
        ("anchor", anchor),
    ):
        bp.set(k, v)
    for c in list(bp):
        bp.remove(c)
    etree.SubElement(bp, A("noAutofit"))
    fill_txbody(tx_body, paragraphs)
    return sp


def table_box(
    slide: Any, x: float, y: float, w: float, h: float, paragraphs: list[dict[str, Any]]
) -> Any:
    from pptx.util import Emu

    gf = slide.shapes.add_table(
        1,
        1,
        Emu(round(x * EMU_PX)),
        Emu(round(y * EMU_PX)),
        Emu(round(w * EMU_PX)),
        Emu(round(h * EMU_PX)),
    )
    tbl = gf.table
    tbl_pr = tbl._tbl.find(A("tblPr"))
    for k in list(tbl_pr.attrib):
        del tbl_pr.attrib[k]
    cell = tbl.cell(0, 0)
    cell.margin_left = cell.margin_right = cell.margin_top = cell.margin_bottom = Emu(0)
    tc_pr = cell._tc.get_or_add_tcPr()
    tc_pr.set("anchor", "t")
    tx_body = cell._tc.find(A("txBody"))
    fill_txbody(tx_body, paragraphs)
    return gf


def lines_paragraphs(
    font: str, size: float, ls: tm.LineSpacing, shape: tuple[int, ...] = (3, 1), **para: Any
) -> list[dict[str, Any]]:
    """Paragraphs with shape[i] lines each (a:br between lines); line k reads 'Hxg<k>'."""
    out: list[dict[str, Any]] = []
    k = 0
    for n in shape:
        runs: list[dict[str, Any]] = []
        for j in range(n):
            if j:
                runs.append({"br": True, "font": font, "size": size})
            runs.append({"text": f"{sample(font)}{k}", "font": font, "size": size})
            k += 1
        out.append({"runs": runs, "ls": ls, **para})
    return out


# ---------------------------------------------------------------------------
# Rendering and reading (subprocesses in the fidelity venv)
# ---------------------------------------------------------------------------

PDF_PROBE = r"""
import json, sys, pymupdf
flags = (pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_PRESERVE_LIGATURES
         | pymupdf.TEXT_INHIBIT_SPACES)
out = []
with pymupdf.open(sys.argv[1]) as doc:
    for page in doc:
        nominal = max(1, round(page.rect.width * 96 / 72))
        k = (96 / 72) * int(sys.argv[2]) / nominal
        chars = []
        for block in page.get_text("rawdict", flags=flags)["blocks"]:
            for line in block.get("lines", ()):
                for span in line["spans"]:
                    for ch in span["chars"]:
                        chars.append([ch["c"], ch["origin"][0] * k, ch["origin"][1] * k,
                                      ch["bbox"][2] * k, span["size"] * k, span["font"]])
        out.append(chars)
json.dump(out, sys.stdout)
"""

HTML_PROBE = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import fidelity_lib as fl, word_layout
JS = '''() => {
  const sr = document.querySelector('.slide').getBoundingClientRect();
  const boxes = {};
  for (const el of document.querySelectorAll('[data-id]')) {
    const r = el.getBoundingClientRect();
    boxes[el.dataset.id] = [r.left - sr.left, r.top - sr.top, r.width, r.height];
  }
  return boxes;
}'''
res = []
with fl.ChromiumRenderer() as r:
    for path in json.loads(sys.argv[2]):
        page = r._ctx.new_page()
        page.set_viewport_size({"width": 1280, "height": 1440})
        page.goto("file://" + path, wait_until="load")
        page.evaluate("() => document.fonts.ready")
        res.append({"words": word_layout.browser_words(page), "boxes": page.evaluate(JS)})
        page.close()
json.dump(res, sys.stdout)
"""


class Tools:
    def __init__(self, fidelity: Path, work: Path) -> None:
        self.fidelity = fidelity
        self.python = fidelity / ".venv" / "bin" / "python"
        self.work = work
        for p in (fidelity / "render_pptx.sh", self.python):
            if not p.exists():
                raise SystemExit(f"missing {p}: run the fidelity tools' setup.sh")

    def render(self, deck: Deck, name: str) -> list[list[list[Any]]]:
        """Save, render through LibreOffice, return each slide's characters:
        [char, origin x, baseline y, x + advance, size, font] in slide px."""
        path = self.work / f"{name}.pptx"
        deck.save(path)
        out = self.work / f"render-{name}"
        t0 = time.perf_counter()
        subprocess.run(
            [str(self.fidelity / "render_pptx.sh"), str(path), str(out), "64"],
            check=True,
            capture_output=True,
        )
        probe = self.work / "pdf_probe.py"
        probe.write_text(PDF_PROBE)
        res = subprocess.run(
            [str(self.python), str(probe), str(out / "deck.pdf"), str(SLIDE_W)],
            check=True,
            capture_output=True,
            text=True,
        )
        pages: list[list[list[Any]]] = json.loads(res.stdout)
        log(f"{name}: {deck.count} slides rendered in {time.perf_counter() - t0:.1f}s")
        if len(pages) != deck.count:
            raise SystemExit(f"{name}: {len(pages)} PDF pages for {deck.count} slides")
        return pages

    def chromium(self, pages: list[str], name: str) -> list[dict[str, Any]]:
        """Render HTML documents; per page the fidelity word list and the [data-id] boxes."""
        paths = []
        for i, html in enumerate(pages):
            p = self.work / f"{name}-{i:03d}.html"
            p.write_text(html, encoding="utf-8")
            paths.append(str(p))
        probe = self.work / "html_probe.py"
        probe.write_text(HTML_PROBE)
        t0 = time.perf_counter()
        res = subprocess.run(
            [str(self.python), str(probe), str(self.fidelity), json.dumps(paths)],
            check=True,
            capture_output=True,
            text=True,
        )
        log(f"{name}: {len(pages)} Chromium pages in {time.perf_counter() - t0:.1f}s")
        out: list[dict[str, Any]] = json.loads(res.stdout)
        return out


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def baselines(chars: list[list[Any]], tol: float = 0.6) -> list[float]:
    """Distinct baselines (top to bottom) of a slide's characters."""
    ys = sorted(c[2] for c in chars if c[0].strip())
    rows: list[list[float]] = []
    for y in ys:
        if rows and y - rows[-1][-1] <= tol:
            rows[-1].append(y)
        else:
            rows.append([y])
    return [statistics.median(r) for r in rows]


def html_page(body: str, height: int = SLIDE_H) -> str:
    return (
        "<!doctype html><html><head><meta charset='utf-8'><style>body{margin:0}"
        f".slide{{position:relative;width:{SLIDE_W}px;height:{height}px}}"
        ".c{position:absolute;white-space:nowrap;margin:0}</style></head><body>"
        f"<div class='slide'>{body}</div></body></html>"
    )


def css_lh(v: float | str | None) -> str:
    if v is None:
        return "normal"
    return f"{v}px" if isinstance(v, float) else str(v)


# ---------------------------------------------------------------------------
# Experiments
# ---------------------------------------------------------------------------

Experiment = Callable[[Tools, dict[str, tm.FaceMetrics]], dict[str, Any]]


def spacing_modes(size: float) -> list[tm.LineSpacing]:
    natural_pt = tm.px_to_pt(1.2 * size)
    return [
        None,
        {"pct": 0.9},
        {"pct": 1.0},
        {"pct": 1.15},
        {"pct": 1.5},
        {"pct": 2.0},
        {"pts": round(0.8 * natural_pt, 2)},
        {"pts": round(tm.px_to_pt(size), 2)},
        {"pts": round(1.5 * natural_pt, 2)},
        {"pts": round(2 * natural_pt + 0.37, 2)},
    ]


def exp_vertical(tools: Tools, faces: dict[str, tm.FaceMetrics]) -> dict[str, Any]:
    """Text boxes: 3 lines (a:br) + a second paragraph of 1 line, every font/size/spacing."""
    deck, cases = Deck(), list[dict[str, Any]]()
    for font in FONT_NAMES:
        for size in SIZES:
            for ls in spacing_modes(size):
                y = 40 + 0.37 * (len(cases) % 3)
                text_box(deck.slide(), 100, y, 1100, SLIDE_H - 80, lines_paragraphs(font, size, ls))
                cases.append({"font": font, "size": size, "ls": ls, "top": y})
    pages = tools.render(deck, "vertical")
    for case, chars in zip(cases, pages, strict=True):
        case["baselines"] = [b - case["top"] for b in baselines(chars)]
        case["x0"] = min(c[1] for c in chars) - 100
        para = [
            tm.ParagraphLines([case["size"]] * 3, case["ls"]),
            tm.ParagraphLines([case["size"]], case["ls"]),
        ]
        case["model"] = [b for p in tm.layout_baselines(para) for b in p]
    return {"cases": cases}


def exp_paragraphs(tools: Tools, faces: dict[str, tm.FaceMetrics]) -> dict[str, Any]:
    """spcBef / spcAft on every paragraph (1, 2, 1 lines), empty paragraphs."""
    deck, cases = Deck(), list[dict[str, Any]]()
    for font in ("Liberation Sans", "Noto Sans CJK SC"):
        for size in (16, 48):
            for ls in (None, {"pct": 1.5}, {"pts": round(tm.px_to_pt(1.5 * size), 2)}):
                for bef, aft in ((6.0, 0.0), (0.0, 9.0), (12.0, 12.0), (24.0, 3.0)):
                    paras = lines_paragraphs(font, size, ls, (1, 2, 1), bef=bef, aft=aft)
                    text_box(deck.slide(), 100, 40, 1100, SLIDE_H - 80, paras)
                    cases.append(
                        {"font": font, "size": size, "ls": ls, "bef": bef, "aft": aft, "top": 40}
                    )
    # an empty paragraph between two lines: with endParaRPr sz = size, and without (default 18 pt)
    for size in (16, 48):
        for end_size in (size, None):
            paras = [
                {"runs": [{"text": "Hxg0", "font": "Liberation Sans", "size": size}]},
                {"runs": [], "end_size": end_size},
                {"runs": [{"text": "Hxg1", "font": "Liberation Sans", "size": size}]},
            ]
            text_box(deck.slide(), 100, 40, 1100, SLIDE_H - 80, paras)
            cases.append({"empty_paragraph": True, "size": size, "end_size": end_size, "top": 40})
    pages = tools.render(deck, "paragraphs")
    for case, chars in zip(cases, pages, strict=True):
        case["baselines"] = [b - case["top"] for b in baselines(chars)]
        if case.get("empty_paragraph"):
            s, e = case["size"], case["end_size"] or units.pt_to_px(18)
            case["model"] = [s, 1.2 * s + 1.2 * e + s]
            continue
        plines = [
            tm.ParagraphLines([case["size"]] * n, case["ls"], case["bef"], case["aft"])
            for n in (1, 2, 1)
        ]
        case["model"] = [b for p in tm.layout_baselines(plines) for b in p]
    return {"cases": cases}


def exp_table(tools: Tools, faces: dict[str, tm.FaceMetrics]) -> dict[str, Any]:
    """Table cells (1x1, zero margins): LibreOffice 7.4 uses the font's metrics here."""
    deck, cases = Deck(), list[dict[str, Any]]()
    for font in FONT_NAMES:
        for size in (12, 16, 24, 48, 72, 104):
            for ls in (
                None,
                {"pct": 0.9},
                {"pct": 1.5},
                {"pts": round(tm.px_to_pt(1.6 * size), 2)},
            ):
                y = 40 + 0.37 * (len(cases) % 3)
                table_box(
                    deck.slide(), 100, y, 1100, SLIDE_H - 80, lines_paragraphs(font, size, ls)
                )
                cases.append({"font": font, "size": size, "ls": ls, "top": y})
    pages = tools.render(deck, "table")
    for case, chars in zip(cases, pages, strict=True):
        case["baselines"] = [b - case["top"] for b in baselines(chars)]
        m = faces[case["font"]]
        paras = [
            tm.ParagraphLines([case["size"]] * 3, case["ls"]),
            tm.ParagraphLines([case["size"]], case["ls"]),
        ]
        case["model"] = [b for p in tm.layout_baselines(paras, m, table_cell=True) for b in p]
    return {"cases": cases}


def exp_letter_spacing(tools: Tools, faces: dict[str, tm.FaceMetrics]) -> dict[str, Any]:
    """a:rPr/@spc: per-character extra advance, and whether the last character gets it."""
    deck, cases = Deck(), list[dict[str, Any]]()
    for font in ("Liberation Sans", "DejaVu Serif", "Noto Sans CJK SC"):
        for size in (16, 48):
            for ls_px in (0.0, -1.0, 2.0, 5.5, 12.0):
                text = "中文字 中文" if "CJK" in font else "HHHH iii"
                runs = [
                    {"text": text, "font": font, "size": size, "spc": ls_px},
                    {"text": "X", "font": "Liberation Sans", "size": size},
                ]
                text_box(deck.slide(), 100, 40, 1100, 400, [{"runs": runs}], wrap="none")
                cases.append({"font": font, "size": size, "spacing_px": ls_px, "text": text})
    pages = tools.render(deck, "letter_spacing")
    ref: dict[tuple[str, int], list[float]] = {}
    for case, chars in zip(cases, pages, strict=True):
        xs = [c[1] for c in chars]
        case["x"] = xs
        if case["spacing_px"] == 0.0:
            ref[(case["font"], case["size"])] = xs
    for case in cases:
        base = ref[(case["font"], case["size"])]
        deltas = [x - b for x, b in zip(case["x"], base, strict=True)]
        n = len(case["text"])
        # char i (0-based) is shifted by i * spacing; the trailing X by n * spacing if the
        # last character of the spaced run also gets it
        steps = [d / i for i, d in enumerate(deltas[:n]) if i]
        case["per_char"] = statistics.mean(steps) if case["spacing_px"] else 0.0
        case["x_shift_after_run"] = deltas[n]
        case["model_per_char"] = units.pt_to_px(
            text_ref.spc_for_letter_spacing(case["spacing_px"]) / 100
        )
    return {"cases": cases}


WORDS = [
    "The",
    "quick",
    "brown",
    "fox",
    "jumps",
    "over",
    "the",
    "lazy",
    "dog",
    "while",
    "revenue",
    "grew",
    "23%",
    "annually,",
    "driven",
    "by",
    "enterprise",
    "expansion",
    "(see",
    "appendix)",
    "and",
    "4,210.5",
    "active",
    "offices",
    "reporting",
    "efficiency",
    "gains",
]
KERN_WORDS = ["AVAWAY", "To", "Ta", "Wa", "Ye", "LT", "Vo", "Py", "'quoted'", "AV", "WA"]
CJK_TEXT = "我们的年度报告显示收入增长第三季度营业收入同比增长百分之二十三继续保持稳定"


def fit_words(font: str, size: float, words: list[str], limit: float) -> str:
    """As many of words (cycled) as fit in `limit` px of plain hmtx advances."""
    out: list[str] = []
    i = 0
    while True:
        cand = " ".join([*out, words[i % len(words)]])
        if hmtx_width(font, cand, size) > limit or len(out) > 200:
            return " ".join(out)
        out.append(words[i % len(words)])
        i += 1


def fit_cjk(font: str, size: float, limit: float) -> str:
    n = max(1, min(len(CJK_TEXT), int(limit // size)))
    return CJK_TEXT[:n]


def lo_lines(chars: list[list[Any]]) -> list[list[tuple[str, float, float]]]:
    """LibreOffice's lines (top to bottom) as words (text, x0, x1); a word is a run of
    non-space characters, each CJK character a word of its own."""
    out = []
    for b in baselines(chars):
        row = sorted((c for c in chars if abs(c[2] - b) <= 0.6), key=lambda c: c[1])
        words: list[list[Any]] = []
        prev_space = True
        for c in row:
            if not c[0].strip():
                prev_space = True
                continue
            if prev_space or tm.is_cjk_char(c[0]) or (words and tm.is_cjk_char(words[-1][0][-1])):
                words.append([c[0], c[1], c[3]])
            else:
                words[-1][0] += c[0]
                words[-1][2] = max(words[-1][2], c[3])
            prev_space = False
        out.append([(w[0], w[1], w[2]) for w in words])
    return out


def same_text(a: str, b: str) -> bool:
    """Equal up to character order (ligatures come out of the PDF in odd orders)."""
    return sorted(a.replace("\ufb01", "fi").replace("\ufb02", "fl")) == sorted(
        b.replace("\ufb01", "fi").replace("\ufb02", "fl")
    )


def spc_correction(text: str, font: str, size: float, chromium_width: float) -> float:
    """Letter spacing (px) that makes LibreOffice's width of `text` equal chromium_width,
    from plain hmtx advances and Chromium's kerning (its width minus their sum)."""
    advs = advances_em(font, text)
    return text_ref.spc_correction_px(
        chromium_width, advs, size, kerning_px=chromium_width - sum(advs) * size
    )


def advances_em(name: str, text: str) -> list[float]:
    from fontTools.ttLib import TTFont

    path, index = font_file(name)
    f = TTFont(path, fontNumber=index, lazy=True)
    cmap, hmtx, upem = f.getBestCmap(), f["hmtx"], f["head"].unitsPerEm
    return [hmtx[cmap[ord(c)]][0] / upem for c in text if ord(c) in cmap]


def exp_width(tools: Tools, faces: dict[str, tm.FaceMetrics]) -> dict[str, Any]:
    """Single-line widths (LibreOffice vs Chromium vs plain hmtx vs the model), where
    LibreOffice wraps a line in a box of about Chromium's width, and a letter-spacing
    correction from the model."""
    items: list[dict[str, Any]] = []
    for font in FONT_NAMES:
        for size in SIZES:
            if "CJK" in font:
                texts = [fit_cjk(font, size, 1000)]
            else:
                texts = [
                    fit_words(font, size, WORDS, 1000),
                    fit_words(font, size, KERN_WORDS + WORDS, 1000),
                ]
            items += [{"font": font, "size": size, "text": t} for t in texts if t]
    per_page, pages, body = 25, [], []
    for i, it in enumerate(items):
        body.append(
            f"<span class='c' data-id='{i}' style=\"left:0;top:{10 + (i % per_page) * 140}px;"
            f"font-family:'{it['font']}';font-size:{it['size']}px\">{it['text']}</span>"
        )
        if len(body) == per_page or i == len(items) - 1:
            pages.append(html_page("".join(body), height=per_page * 140 + 200))
            body = []
    res = tools.chromium(pages, "width")
    for i, it in enumerate(items):
        it["chromium"] = res[i // per_page]["boxes"][str(i)][2]
        it["hmtx"] = hmtx_width(it["font"], it["text"], it["size"])
        advs = advances_em(it["font"], it["text"])
        it["model_lo"] = text_ref.lo_line_width(
            advs, it["size"], kerning_px=it["chromium"] - sum(advs) * it["size"]
        )
        it["spc_correction"] = spc_correction(it["text"], it["font"], it["size"], it["chromium"])
    rels: list[float | str] = [0.0, 0.003, 0.006, 0.01, "+1px", "+2px", "recommended"]
    deck = Deck()
    for it in items:
        runs = [{"text": it["text"], "font": it["font"], "size": it["size"]}]
        text_box(deck.slide(), 20, 40, 1240, 400, [{"runs": runs}], wrap="none")
        corrected = [{**runs[0], "spc": it["spc_correction"]}]
        text_box(deck.slide(), 20, 40, 1240, 400, [{"runs": corrected}], wrap="none")
        it["boxes"] = []
        for rel in rels:
            if rel == "recommended":
                w = tm.box_width_for_line(it["chromium"], it["size"])
            elif isinstance(rel, str):
                w = it["chromium"] + float(rel[1:-2])
            else:
                w = it["chromium"] * (1 + rel)
            text_box(deck.slide(), 20, 40, w, 800, [{"runs": runs}])
            it["boxes"].append({"rel": rel, "w": w})
    pages_lo = tools.render(deck, "width")
    k = 0
    for it in items:
        for key in ("lo", "lo_corrected"):
            chars = pages_lo[k]
            k += 1
            it[key] = max(c[3] for c in chars) - min(c[1] for c in chars)
        for b in it["boxes"]:
            b["lines"] = len(baselines(pages_lo[k]))
            k += 1
    return {"items": items}


def broken_lines(
    texts: list[str],
    widths: list[float],
    base: dict[str, Any],
    ls: dict[str, float],
    algn: str,
    correct: bool,
) -> list[dict[str, Any]]:
    """One paragraph holding Chromium's lines separated by a:br; with correct=True each
    line's run gets the letter spacing that makes it as wide as in Chromium."""
    runs: list[dict[str, Any]] = []
    for j, t in enumerate(texts):
        if j:
            runs.append({"br": True, **base})
        run: dict[str, Any] = {"text": t, **base}
        if correct:
            run["spc"] = spc_correction(t, base["font"], base["size"], widths[j])
        runs.append(run)
    return [{"runs": runs, "ls": ls, "algn": algn}]


PARA_VARIANTS = {
    "left": ["soft_recommended", "soft_container", "breaks_none", "breaks_square", "breaks_spc"],
    "justify": ["soft_just", "breaks_just", "breaks_dist", "line_paragraphs_dist"],
}


def exp_wrap(tools: Tools, faces: dict[str, tm.FaceMetrics]) -> dict[str, Any]:
    """A paragraph Chromium wrapped (left-aligned and justified) written several ways:
    soft wrapping in a box of the laid-out or the container width, or Chromium's line
    breaks as a:br; compares line breaks and word positions."""
    paras: list[dict[str, Any]] = []
    for font in FONT_NAMES:
        for size in (12, 16, 24, 32):
            for align in ("left", "justify"):
                text = CJK_TEXT * 2 if "CJK" in font else " ".join(WORDS)
                paras.append(
                    {"font": font, "size": size, "text": text, "align": align, "container": 480.0}
                )
    pages = [
        html_page(
            f"<div class='c' style=\"left:20px;top:40px;width:{pa['container']}px;white-space:normal;"
            f"text-align:{pa['align']};font-family:'{pa['font']}';font-size:{pa['size']}px;"
            f'line-height:{1.5 * pa["size"]}px">{pa["text"]}</div>'
        )
        for pa in paras
    ]
    res = tools.chromium(pages, "wrap")
    deck = Deck()
    for pa, r in zip(paras, res, strict=True):
        rows: dict[float, list[dict[str, Any]]] = {}
        for w in r["words"]:
            rows.setdefault(round(w["b"], 1), []).append(w)
        lines = [sorted(ws, key=lambda w: w["x"]) for _, ws in sorted(rows.items())]
        pa["chromium_lines"] = [[(w["t"], w["x"], w["x1"]) for w in ln] for ln in lines]
        cjk = "CJK" in pa["font"]
        line_text = [
            "".join(w["t"] for w in ln) if cjk else " ".join(w["t"] for w in ln) for ln in lines
        ]
        widest = max(ln[-1]["x1"] - ln[0]["x"] for ln in lines)
        base = {"font": pa["font"], "size": pa["size"]}
        ls = {"pts": tm.px_to_pt(1.5 * pa["size"])}
        just = pa["align"] == "justify"
        top = tm.box_top_for_baseline(lines[0][0]["b"], faces[pa["font"]], pa["size"], ls)

        widths = [ln[-1]["x1"] - ln[0]["x"] for ln in lines]

        def broken(algn: str, correct: bool = False) -> list[dict[str, Any]]:
            return broken_lines(line_text, widths, base, ls, algn, correct)  # noqa: B023

        for variant in PARA_VARIANTS[pa["align"]]:
            soft = [
                {"runs": [{"text": pa["text"], **base}], "ls": ls, "algn": "just" if just else "l"}
            ]
            if variant == "soft_recommended":
                text_box(
                    deck.slide(), 20, top, tm.box_width_for_line(widest, pa["size"]), 1300, soft
                )
            elif variant in ("soft_container", "soft_just"):
                text_box(deck.slide(), 20, top, pa["container"], 1300, soft)
            elif variant == "breaks_none":
                text_box(deck.slide(), 20, top, pa["container"], 1300, broken("l"), wrap="none")
            elif variant == "breaks_square":
                text_box(
                    deck.slide(),
                    20,
                    top,
                    tm.box_width_for_line(widest, pa["size"]),
                    1300,
                    broken("l"),
                )
            elif variant == "breaks_spc":
                text_box(
                    deck.slide(), 20, top, pa["container"], 1300, broken("l", True), wrap="none"
                )
            elif variant == "breaks_just":
                text_box(deck.slide(), 20, top, pa["container"], 1300, broken("just"))
            elif variant == "breaks_dist":
                text_box(deck.slide(), 20, top, pa["container"], 1300, broken("dist"))
            elif variant == "line_paragraphs_dist":
                ps = [
                    {
                        "runs": [{"text": t, **base}],
                        "ls": ls,
                        "algn": "dist" if j < len(line_text) - 1 else "l",
                    }
                    for j, t in enumerate(line_text)
                ]
                text_box(deck.slide(), 20, top, pa["container"], 1300, ps)
    pages_lo = tools.render(deck, "wrap")
    k = 0
    for pa in paras:
        pa["variants"] = {}
        for variant in PARA_VARIANTS[pa["align"]]:
            got = lo_lines(pages_lo[k])
            k += 1
            ch = pa["chromium_lines"]
            same = len(got) == len(ch) and all(
                same_text("".join(w[0] for w in a), "".join(w[0] for w in b))
                for a, b in zip(got, ch, strict=True)
            )
            dx: list[float] = []
            if same:
                for a, b in zip(got, ch, strict=True):
                    if len(a) == len(b):
                        dx += [wa[1] - wb[1] for wa, wb in zip(a, b, strict=True)]
            pa["variants"][variant] = {"same_lines": same, "dx": dx}
    return {"paragraphs": paras}


def exp_escapement(tools: Tools, faces: dict[str, tm.FaceMetrics]) -> dict[str, Any]:
    """a:rPr/@baseline: raise, glyph size, and the effect on the line's own baseline."""
    deck, cases = Deck(), list[dict[str, Any]]()
    for size in (16, 32, 72):
        sup_css = size / 1.2
        variants = [
            ("sup30", size, 30000),
            ("sub25", size, -25000),
            (
                "css_shift_parent_sz",
                size,
                tm.escapement_for(text_ref.css_superscript_shift(size), size),
            ),
            ("css_size", sup_css / tm.ESCAPEMENT_SIZE, None),
            ("sup50", size, 50000),
            (
                "css_shift_parent_sz_spc3",
                size,
                tm.escapement_for(text_ref.css_superscript_shift(size), size),
            ),
        ]
        for name, run_size, esc in variants:
            if esc is None:
                esc = tm.escapement_for(text_ref.css_superscript_shift(size), run_size)
            spc = 3.0 if name.endswith("spc3") else 0.0
            runs = [
                {"text": "Hx", "font": "Liberation Sans", "size": size},
                {
                    "text": "23",
                    "font": "Liberation Sans",
                    "size": run_size,
                    "baseline": esc,
                    "spc": spc,
                },
                {"text": "Hx", "font": "Liberation Sans", "size": size},
            ]
            text_box(deck.slide(), 100, 40, 1000, 600, [{"runs": runs}])
            cases.append(
                {"size": size, "variant": name, "run_size": run_size, "escapement": esc, "spc": spc}
            )
    pages = tools.render(deck, "escapement")
    for case, chars in zip(cases, pages, strict=True):
        base = [c for c in chars if c[0] in "Hx"]
        sup = [c for c in chars if c[0] == "2"][0]
        case["tail_x"] = base[2][1]
        case["base_baseline"] = base[0][2] - 40
        case["raise"] = base[0][2] - sup[2]
        case["glyph_size"] = sup[4]
        case["model_raise"] = case["escapement"] / 100000 * case["run_size"]
        case["model_glyph_size"] = tm.ESCAPEMENT_SIZE * case["run_size"]
    return {"cases": cases}


def exp_mixed(tools: Tools, faces: dict[str, tm.FaceMetrics]) -> dict[str, Any]:
    """Two sizes on one line: the line box follows the largest size."""
    deck, cases = Deck(), list[dict[str, Any]]()
    for small, big in ((16, 32), (12, 48), (24, 72)):
        for ls in (None, {"pct": 1.5}, {"pct": 0.9}, {"pts": round(tm.px_to_pt(1.4 * big), 2)}):
            for order in ("small_first", "big_first"):
                a, b = (small, big) if order == "small_first" else (big, small)
                runs = [
                    {"text": "Hxg", "font": "Liberation Sans", "size": a},
                    {"text": "Hxg", "font": "Liberation Sans", "size": b},
                    {"br": True, "font": "Liberation Sans", "size": small},
                    {"text": "Hxg", "font": "Liberation Sans", "size": small},
                ]
                text_box(deck.slide(), 100, 40, 1000, 1200, [{"runs": runs, "ls": ls}])
                cases.append({"small": small, "big": big, "ls": ls, "order": order})
    pages = tools.render(deck, "mixed")
    for case, chars in zip(cases, pages, strict=True):
        case["baselines"] = [b - 40 for b in baselines(chars)]
        para = tm.ParagraphLines([case["big"], case["small"]], case["ls"])
        case["model"] = tm.layout_baselines([para])[0]
    return {"cases": cases}


AUTOSPACE_TEXTS = ["Abc中文Abc 1中2", "中%中(A)中", "（A）中，A。中 A", "中-中 x中.中"]


def exp_cjk_autospace(tools: Tools, faces: dict[str, tm.FaceMetrics]) -> dict[str, Any]:
    """Extra space LibreOffice puts between CJK and non-CJK characters (Chromium: none).
    A gap is the distance from one character's advance end to the next one's origin."""
    deck, cases = Deck(), list[dict[str, Any]]()
    for latin in ("Liberation Sans", "Noto Sans"):
        for size in (12, 16, 24, 32, 48, 72, 104):
            for text in AUTOSPACE_TEXTS:
                runs = [{"text": text, "font": latin, "ea": "Noto Sans CJK SC", "size": size}]
                text_box(deck.slide(), 20, 40, 1240, 400, [{"runs": runs}], wrap="none")
                cases.append({"latin": latin, "size": size, "text": text})
    pages = tools.render(deck, "cjk_autospace")
    for case, chars in zip(cases, pages, strict=True):
        chars = sorted(chars, key=lambda c: c[1])
        gaps = []
        for c0, c1 in zip(chars, chars[1:], strict=False):
            gaps.append([c0[0] + c1[0], (c1[1] - c0[3]) / case["size"]])
        case["gaps_em"] = gaps
        total = chars[-1][3] - chars[0][1]
        case["extra_em"] = sum(g for _, g in gaps)
        case["model_extra_em"] = tm.cjk_autospace_px(case["text"], case["size"]) / case["size"]
        case["width"] = total
    return {"cases": cases}


def exp_alignment(tools: Tools, faces: dict[str, tm.FaceMetrics]) -> dict[str, Any]:
    """Where wrap="none" text goes when it is wider than its box, per alignment."""
    deck, cases = Deck(), list[dict[str, Any]]()
    for algn in ("l", "ctr", "r"):
        for box_w in (100.0, 600.0):
            runs = [
                {"text": "Revenue grew 23% year-over-year", "font": "Liberation Sans", "size": 32}
            ]
            text_box(deck.slide(), 300, 40, box_w, 200, [{"runs": runs, "algn": algn}], wrap="none")
            cases.append({"algn": algn, "box_x": 300.0, "box_w": box_w})
    pages = tools.render(deck, "alignment")
    for case, chars in zip(cases, pages, strict=True):
        x0 = min(c[1] for c in chars)
        x1 = max(c[3] for c in chars)
        case["text_x0"], case["text_x1"] = x0, x1
        case["text_centre_minus_box_centre"] = (x0 + x1) / 2 - (case["box_x"] + case["box_w"] / 2)
    return {"cases": cases}


def exp_anchor(tools: Tools, faces: dict[str, tm.FaceMetrics]) -> dict[str, Any]:
    """anchor ctr / b: the text block (the sum of the line heights) is centred / bottomed."""
    deck, cases = Deck(), list[dict[str, Any]]()
    for size in (16, 48):
        for ls in (None, {"pct": 1.5}, {"pts": round(tm.px_to_pt(1.4 * size), 2)}):
            for anchor in ("t", "ctr", "b"):
                paras = lines_paragraphs("Liberation Sans", size, ls, (2, 1), aft=6.0)
                text_box(deck.slide(), 100, 40, 1000, 600, paras, anchor=anchor)
                cases.append({"size": size, "ls": ls, "anchor": anchor, "top": 40, "h": 600})
    pages = tools.render(deck, "anchor")
    for case, chars in zip(cases, pages, strict=True):
        case["baselines"] = [b - case["top"] for b in baselines(chars)]
        plines = [
            tm.ParagraphLines([case["size"]] * 2, case["ls"], 0.0, 6.0),
            tm.ParagraphLines([case["size"]], case["ls"], 0.0, 6.0),
        ]
        rel = [b for p in tm.layout_baselines(plines) for b in p]
        # block height: the lines plus the space between the paragraphs (not the last spcAft)
        height = sum(
            tm.line_pitch(faces["Liberation Sans"], case["size"], case["ls"]) for _ in range(3)
        )
        height += units.pt_to_px(6.0)
        shift = {"t": 0.0, "ctr": (case["h"] - height) / 2, "b": case["h"] - height}[case["anchor"]]
        case["model"] = [shift + b for b in rel]
    return {"cases": cases}


CSS_LINE_HEIGHTS: list[float | str | None] = [None, "1", "1.2", "1.5", "2", 40.0]


def exp_end_to_end(tools: Tools, faces: dict[str, tm.FaceMetrics]) -> dict[str, Any]:
    """Chromium blocks of 3 lines; the PPTX placed with the model; compare baselines."""
    cases: list[dict[str, Any]] = []
    pages: list[str] = []
    for font in FONT_NAMES:
        for size in SIZES:
            body: list[str] = []
            top = 10.0
            for lh in CSS_LINE_HEIGHTS:
                cid = len(cases)
                lines = "<br>".join(f"{sample(font)} k{cid}n{j}" for j in range(3))
                body.append(
                    f"<div class='c' data-id='{cid}' style=\"left:20px;top:{top}px;font-family:'{font}';"
                    f'font-size:{size}px;line-height:{css_lh(lh)}">{lines}</div>'
                )
                m = faces[font]
                lh_px = None if lh is None else (lh if isinstance(lh, float) else float(lh) * size)
                cases.append(
                    {
                        "font": font,
                        "size": size,
                        "css_line_height": lh,
                        "lh_px": lh_px,
                        "page": len(pages),
                        "top": top,
                    }
                )
                top += 3 * max(lh_px or text_ref.css_normal_line_height(m, size), size * 1.3) + 20.3
            pages.append(html_page("".join(body), height=int(top) + 10))
    res = tools.chromium(pages, "end_to_end")
    deck = Deck()
    for cid, case in enumerate(cases):
        words = res[case["page"]]["words"]
        case["chromium"] = []
        for j in range(3):
            w = [w for w in words if w["t"] == f"k{cid}n{j}"][0]
            case["chromium"].append(w["b"])
        m, size = faces[case["font"]], case["size"]
        case["css_model_first"] = case["top"] + text_ref.css_first_baseline(m, size, case["lh_px"])
        case["css_model_pitch"] = text_ref.css_line_pitch(m, size, case["lh_px"])
        pitch = text_ref.css_line_pitch(m, size, case["lh_px"])
        ls = tm.line_spacing_for(pitch, m, size)
        box_top = tm.box_top_for_baseline(case["chromium"][0], m, size, ls)
        case["ls"], case["box_top"] = ls, box_top
        runs: list[dict[str, Any]] = []
        for j in range(3):
            if j:
                runs.append({"br": True, "font": case["font"], "size": size})
            runs.append(
                {"text": f"{sample(case['font'])} k{cid}n{j}", "font": case["font"], "size": size}
            )
        paras = [{"runs": runs, "ls": ls}]
        # one case per slide: place the box near the slide top, keeping the fractional part
        # of its position (LibreOffice works in 1/100 mm), and shift the result back
        case["placed_top"] = 40 + box_top - int(box_top // 1)
        text_box(deck.slide(), 20, case["placed_top"], 1200, 1300, paras)
    pages_lo = tools.render(deck, "end_to_end")
    for case, chars in zip(cases, pages_lo, strict=True):
        case["lo"] = [b - case["placed_top"] + case["box_top"] for b in baselines(chars)]
        case["residual"] = [lo - ch for lo, ch in zip(case["lo"], case["chromium"], strict=False)]
    return {"cases": cases}


EXPERIMENTS: dict[str, Experiment] = {
    "vertical": exp_vertical,
    "paragraphs": exp_paragraphs,
    "table": exp_table,
    "letter_spacing": exp_letter_spacing,
    "width": exp_width,
    "wrap": exp_wrap,
    "escapement": exp_escapement,
    "mixed": exp_mixed,
    "cjk_autospace": exp_cjk_autospace,
    "alignment": exp_alignment,
    "anchor": exp_anchor,
    "end_to_end": exp_end_to_end,
}


# ---------------------------------------------------------------------------
# Summary
# ---------------------------------------------------------------------------


def _stats(values: Iterable[float]) -> str:
    v = [abs(x) for x in values]
    if not v:
        return "n=0"
    return f"n={len(v)} max|e|={max(v):.3f} median|e|={statistics.median(v):.3f} px"


def summarize(results: dict[str, Any]) -> str:
    out: list[str] = []

    def residuals(cases: list[dict[str, Any]]) -> list[float]:
        errs = []
        for c in cases:
            if len(c["baselines"]) != len(c["model"]):
                out.append(f"  line count differs: {c}")
                continue
            errs += [m - b for m, b in zip(c["model"], c["baselines"], strict=True)]
        return errs

    for name in ("vertical", "paragraphs", "table", "mixed", "anchor"):
        if name in results:
            out.append(
                f"{name}: model - LibreOffice baselines: {_stats(residuals(results[name]['cases']))}"
            )
    if "vertical" in results:
        firsts = [c["model"][0] - c["baselines"][0] for c in results["vertical"]["cases"]]
        out.append(f"vertical, first baselines only: {_stats(firsts)}")
    if "letter_spacing" in results:
        e = [c["per_char"] - c["model_per_char"] for c in results["letter_spacing"]["cases"]]
        # after the run: n x spacing, but negative spacing skips the run's last character
        tail = [
            c["x_shift_after_run"] - (len(c["text"]) - (c["spacing_px"] < 0)) * c["model_per_char"]
            for c in results["letter_spacing"]["cases"]
        ]
        out.append(
            f"letter spacing per char: {_stats(e)}; after the run (n or n-1 x spacing): {_stats(tail)}"
        )
    if "width" in results:
        items = results["width"]["items"]
        for label, key in (("Chromium", "chromium"), ("hmtx", "hmtx"), ("model", "model_lo")):
            r = [it["lo"] / it[key] - 1 for it in items]
            out.append(
                f"width LO/{label} - 1: min {min(r):+.4f} max {max(r):+.4f} median {statistics.median(r):+.4f}"
            )
        r = [it["lo_corrected"] / it["chromium"] - 1 for it in items]
        out.append(
            f"width with the spc correction, LO/Chromium - 1: min {min(r):+.4f} max {max(r):+.4f}"
        )
        d = [it["lo"] - it["chromium"] for it in items]
        out.append(f"width LO - Chromium px: min {min(d):+.2f} max {max(d):+.2f} (n={len(items)})")
        for rel in [b["rel"] for b in items[0]["boxes"]]:
            wrapped = sum(
                1 for it in items for b in it["boxes"] if b["rel"] == rel and b["lines"] > 1
            )
            out.append(
                f"  single line in a box of Chromium width {rel}: wraps {wrapped}/{len(items)}"
            )
    if "wrap" in results:
        paras = results["wrap"]["paragraphs"]
        for align, variants in PARA_VARIANTS.items():
            ps = [p for p in paras if p["align"] == align]
            for v in variants:
                same = sum(1 for p in ps if p["variants"][v]["same_lines"])
                dx = [x for p in ps for x in p["variants"][v]["dx"]]
                out.append(
                    f"wrap {align} {v}: same line breaks {same}/{len(ps)}; word dx {_stats(dx)}"
                )
    if "escapement" in results:
        for c in results["escapement"]["cases"]:
            out.append(
                f"escapement {c['size']}px {c['variant']}: raise {c['raise']:.2f} (model {c['model_raise']:.2f}) "
                f"glyph {c['glyph_size']:.2f} (model {c['model_glyph_size']:.2f}) "
                f"base baseline {c['base_baseline']:.2f} tail x {c['tail_x']:.2f}"
            )
    if "cjk_autospace" in results:
        cases = results["cjk_autospace"]["cases"]
        pairs: dict[str, list[float]] = {}
        for c in cases:
            for pair, g in c["gaps_em"]:
                pairs.setdefault(pair, []).append(g)
        spaced = {p: statistics.median(g) for p, g in pairs.items() if statistics.median(g) > 0.05}
        out.append(
            "CJK autospace, pairs with a gap > 0.05 em (median em): "
            + ", ".join(f"{p!r} {g:.3f}" for p, g in sorted(spaced.items()))
        )
        out.append(
            "  pairs without: " + " ".join(repr(p) for p in sorted(set(pairs) - set(spaced)))
        )
        e = [c["extra_em"] - c["model_extra_em"] for c in cases]
        out.append(f"  total extra - model (em): {_stats(e)}".replace(" px", " em"))
    if "alignment" in results:
        for c in results["alignment"]["cases"]:
            out.append(
                f"wrap=none algn={c['algn']} box_w={c['box_w']}: text {c['text_x0']:.1f}..{c['text_x1']:.1f}, "
                f"centre - box centre {c['text_centre_minus_box_centre']:+.1f}"
            )
    if "end_to_end" in results:
        cases = results["end_to_end"]["cases"]
        res = [r for c in cases for r in c["residual"]]
        out.append(f"end to end (LibreOffice - Chromium baselines, all lines): {_stats(res)}")
        css = [c["css_model_first"] - c["chromium"][0] for c in cases]
        out.append(f"Chromium model first baseline - Chromium: {_stats(css)}")
        pitch = [c["css_model_pitch"] - (c["chromium"][1] - c["chromium"][0]) for c in cases]
        out.append(f"Chromium model pitch - Chromium: {_stats(pitch)}")
        lines = [len(c["lo"]) for c in cases if len(c["lo"]) != 3]
        out.append(f"end to end cases with a line count other than 3: {len(lines)}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "calibrate_text")
    ap.add_argument(
        "--fidelity",
        type=Path,
        default=Path(__file__).resolve().parents[2] / "shared" / "tools" / "fidelity",
    )
    ap.add_argument(
        "--only", default="", help="comma-separated experiments: " + ",".join(EXPERIMENTS)
    )
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    tools = Tools(args.fidelity, args.out)
    names = [n for n in args.only.split(",") if n] or list(EXPERIMENTS)
    for n in names:
        if n not in EXPERIMENTS:
            ap.error(f"unknown experiment {n!r}")
    faces = {f: face_metrics(f) for f in FONT_NAMES}
    results: dict[str, Any] = {"faces": {k: v._asdict() for k, v in faces.items()}}
    for n in names:
        results[n] = EXPERIMENTS[n](tools, faces)
    (args.out / "measurements.json").write_text(json.dumps(results, indent=1, ensure_ascii=False))
    summary = summarize(results)
    (args.out / "summary.txt").write_text(summary + "\n")
    print(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
