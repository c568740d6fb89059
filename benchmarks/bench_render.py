"""PNG renderer benchmark (corpus decks -> our PNGs vs LibreOffice's render of the same PPTX: SSIM per slide, ms per slide).

Usage:  python benchmarks/bench_render.py [--corpus ../shared/corpus] [--width 640]
            [--decks NAME ...] [--repeat 3] [--fidelity-python PY] [--backends skia resvg]
For every deck: convert the pages with the engine, write the PPTX, render it with LibreOffice
(../shared/tools/fidelity/render_pptx.sh, same width), draw every slide with engine.render,
once per backend (engine.render.BACKENDS that are available; the first is the default),
and score each pair with the fidelity harness's SSIM (fidelity_lib.compare_images, run by
the harness's Python: --fidelity-python, $FIDELITY_PYTHON, or its .venv). Prints per-slide
SSIM and ms, the mean / min SSIM and ms per slide (best of --repeat runs per slide: the
machine is shared), the CPU ms per slide of both processes (this one and the resvg helper,
where resvg rasterizes and encodes, and where the skia backend sends content SVG pictures and
emoji slides; per deck, over all renders: the helper's CPU is only known at 10 ms resolution),
per backend and per deck, and writes benchmarks/results/render.json.
Targets (issue 11): SSIM >= 0.90 mean on the corpus; < 30 ms per slide at 640 px.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from proc_cpu import helper_cpu  # noqa: E402

from engine.api import convert  # noqa: E402
from engine.render import BACKENDS, default_backend, render_model_png  # noqa: E402

FIDELITY = ROOT.parent / "shared" / "tools" / "fidelity"
COMPARE = """
import json, sys
sys.path.insert(0, sys.argv[1])
from fidelity_lib import compare_images
pairs = json.load(sys.stdin)
print(json.dumps([compare_images(lo, ours) for lo, ours in pairs]))
"""


def fidelity_python(arg: str | None) -> str:
    for candidate in (arg, os.environ.get("FIDELITY_PYTHON"), str(FIDELITY / ".venv/bin/python")):
        if candidate and Path(candidate).exists():
            return candidate
    return sys.executable


def render_timed(
    slide: dict, media: dict, size: tuple[float, float], width: int, repeat: int, backend: str
):
    """(png, best wall ms, best cpu ms of this process) over `repeat` renders."""
    best_wall = best_cpu = float("inf")
    png = b""
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        png = render_model_png(slide, width, media=media, size=size, backend=backend)
        best_wall = min(best_wall, (time.perf_counter() - t0) * 1000)
        best_cpu = min(best_cpu, (time.process_time() - c0) * 1000)
    return png, best_wall, best_cpu


def bench_deck(deck: Path, width: int, repeat: int, work: Path, backends: list[str]) -> list[dict]:
    pages = [p.read_text(encoding="utf-8") for p in sorted(deck.glob("*.html"))]
    conversion = convert(pages)
    pptx = work / f"{deck.name}.pptx"
    conversion.write(pptx)
    lo_dir = work / deck.name / "libreoffice"
    subprocess.run(
        ["bash", str(FIDELITY / "render_pptx.sh"), str(pptx), str(lo_dir), str(width)],
        check=True,
        capture_output=True,
    )
    size = (conversion.slide_width, conversion.slide_height)
    all_rows = []
    for backend in backends:
        our_dir = work / deck.name / backend
        our_dir.mkdir(parents=True, exist_ok=True)
        rows = []
        for slide in conversion.slides:  # warm up (imports, glyph outlines, the helper)
            render_model_png(slide, width, media=conversion.media, size=size, backend=backend)
        c0, h0 = time.process_time(), helper_cpu()
        for i, slide in enumerate(conversion.slides, 1):
            png, wall, cpu = render_timed(slide, conversion.media, size, width, repeat, backend)
            ours = our_dir / f"slide-{i:03d}.png"
            ours.write_bytes(png)
            rows.append(
                {
                    "backend": backend,
                    "deck": deck.name,
                    "slide": i,
                    "ms": round(wall, 2),
                    "cpu_ms": round(cpu, 2),
                    "lo": str(lo_dir / f"slide-{i:03d}.png"),
                    "ours": str(ours),
                }
            )
        renders = max(1, len(rows) * repeat)
        per_slide = (time.process_time() - c0 + helper_cpu() - h0) * 1000 / renders
        for row in rows:
            row["deck_cpu_ms"] = round(per_slide, 1)  # both processes, mean over the deck
        all_rows += rows
    return all_rows


def summarize(rows: list[dict]) -> dict:
    ssims = [r["ssim"] for r in rows]
    ms = [r["ms"] for r in rows]
    cpu = [r["deck_cpu_ms"] for r in rows]
    return {
        "slides": len(rows),
        "ssim_mean": round(statistics.fmean(ssims), 4),
        "ssim_min": round(min(ssims), 4),
        "ms_mean": round(statistics.fmean(ms), 1),
        "ms_median": round(statistics.median(ms), 1),
        "ms_max": round(max(ms), 1),
        "cpu_ms_mean": round(statistics.fmean(cpu), 1),
        "cpu_ms_median": round(statistics.median(cpu), 1),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--corpus", default=str(ROOT.parent / "shared" / "corpus"))
    p.add_argument("--width", type=int, default=640)
    p.add_argument("--decks", nargs="*", help="deck folder names (default: all)")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--fidelity-python")
    p.add_argument("--keep", help="keep the PNGs and PPTX files in this folder")
    p.add_argument("--backends", nargs="*", choices=BACKENDS, help="default: every available")
    args = p.parse_args(argv)
    backends = args.backends or (list(BACKENDS) if default_backend() == "skia" else ["resvg"])
    corpus = Path(args.corpus)
    decks = [d for d in sorted(corpus.iterdir()) if d.is_dir() and any(d.glob("*.html"))]
    if args.decks:
        decks = [d for d in decks if d.name in args.decks]
    with tempfile.TemporaryDirectory(prefix="bench-render-") as tmp:
        work = Path(args.keep) if args.keep else Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        rows = [
            r for deck in decks for r in bench_deck(deck, args.width, args.repeat, work, backends)
        ]
        scores = subprocess.run(
            [fidelity_python(args.fidelity_python), "-c", COMPARE, str(FIDELITY)],
            input=json.dumps([[r["lo"], r["ours"]] for r in rows]),
            capture_output=True,
            text=True,
            check=True,
        )
    for row, score in zip(rows, json.loads(scores.stdout), strict=True):
        row["ssim"] = round(score["ssim"], 4)
        row["mad"] = round(score["mad"], 2)
        del row["lo"], row["ours"]
    print(f"{'backend':7} {'deck':28} {'slide':>5} {'ssim':>7} {'mad':>6} {'ms':>7} {'own cpu':>7}")
    for r in rows:
        print(
            f"{r['backend']:7} {r['deck']:28} {r['slide']:5d} {r['ssim']:7.4f} {r['mad']:6.2f} "
            f"{r['ms']:7.1f} {r['cpu_ms']:7.1f}"
        )
    per_backend = {}
    for backend in backends:
        mine = [r for r in rows if r["backend"] == backend]
        decks_seen = sorted({r["deck"] for r in mine})
        per_backend[backend] = {
            **summarize(mine),
            "decks": {d: summarize([r for r in mine if r["deck"] == d]) for d in decks_seen},
        }
        for name, sm in [("all", per_backend[backend]), *per_backend[backend]["decks"].items()]:
            print(
                f"{backend:7} {name:28} ssim mean {sm['ssim_mean']} min {sm['ssim_min']} over "
                f"{sm['slides']} slides; CPU (this process + resvg helper) mean "
                f"{sm['cpu_ms_mean']} ms per slide; wall mean {sm['ms_mean']} ms"
            )
    summary = {"width": args.width, "default_backend": backends[0], **per_backend[backends[0]]}
    results = ROOT / "benchmarks" / "results" / "render.json"
    results.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "load_avg": [round(x, 2) for x in os.getloadavg()],
        **summary,
        "backends": per_backend,
        "per_slide": rows,
    }
    results.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
