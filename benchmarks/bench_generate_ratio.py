"""`deckforge generate` against `deckforge convert` of its own HTML: whole processes, same run.

Called by `python benchmarks/bench_generate.py --ratio [DOC.md ...] [--runs N]` (see its
docstring). For each document: `deckforge generate DOC -o g.pptx --html DIR` then
`deckforge convert DIR/*.html -o c.pptx -q`, alternating, `runs` times after one pair that is
not counted (it compiles the bytecode of the modules the document loads); the CPU time (user +
system) of each child process comes from getrusage(RUSAGE_CHILDREN). Prints one line per
document and the median ratio; writes benchmarks/results/generate_ratio.json with the commands,
the machine (cores, load average before and after) and the figures.
"""

from __future__ import annotations

import glob
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "benchmarks", "results")
TARGET = 1.3


def _deckforge() -> list[str]:
    """The `deckforge` command of this checkout (its console script when installed, else the
    module entry point through this Python)."""
    script = shutil.which("deckforge", path=os.path.dirname(sys.executable))
    return (
        [script]
        if script
        else [sys.executable, "-c", "import sys; from service.cli import main; sys.exit(main())"]
    )


PYCACHE = tempfile.mkdtemp(prefix="deckforge-pyc-")  # bytecode as an installed package has it


def _cpu(args: list[str]) -> tuple[float, float]:
    """(CPU s, wall s) of one child process; raises when it fails. The children keep compiled
    bytecode (in a scratch PYTHONPYCACHEPREFIX, not in the tree), as an installed deckforge
    does: neither command recompiles its modules on every start."""
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = PYCACHE
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(args, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args[:3])}... failed: {done.stderr[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def measure(doc: str, runs: int) -> dict[str, object]:
    cmd = _deckforge()
    gens, convs, walls = [], [], []
    slides = 0
    with tempfile.TemporaryDirectory() as work:
        html = os.path.join(work, "html")
        # The first pair of each document is not counted: it compiles the modules this document
        # is the first to load (Pygments lexers of its languages, yaml, emoji...).
        for run in range(runs + 1):
            shutil.rmtree(html, ignore_errors=True)
            g, gw = _cpu(
                [*cmd, "generate", doc, "-o", os.path.join(work, "g.pptx"), "--html", html]
            )
            pages = sorted(glob.glob(os.path.join(html, "*.html")))
            c, cw = _cpu([*cmd, "convert", *pages, "-o", os.path.join(work, "c.pptx"), "-q"])
            if run == 0:
                continue
            gens.append(g)
            convs.append(c)
            walls.append((gw, cw))
            slides = len(pages)
    ratios = [g / c for g, c in zip(gens, convs, strict=True)]
    return {
        "document": os.path.relpath(doc, ROOT) if doc.startswith(ROOT) else os.path.basename(doc),
        "slides": slides,
        "generate_cpu_s": round(statistics.median(gens), 3),
        "convert_cpu_s": round(statistics.median(convs), 3),
        "ratio": round(statistics.median(ratios), 3),
        "generate_wall_s": round(statistics.median(w[0] for w in walls), 3),
        "convert_wall_s": round(statistics.median(w[1] for w in walls), 3),
    }


def ratio_main(docs: list[str], runs: int, fallback_markdown: str) -> int:
    with tempfile.TemporaryDirectory() as spare:
        if not docs:
            docs = sorted(
                p
                for p in glob.glob(os.path.join(ROOT, "samples", "markdown", "*", "*.md"))
                if os.path.basename(p) != "SOURCES.md"
            )
        if not docs:
            path = os.path.join(spare, "forty-pages.md")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(fallback_markdown)
            docs = [path]
        load_before = os.getloadavg()
        rows = []
        for doc in docs:
            row = measure(os.path.abspath(doc), runs)
            rows.append(row)
            print(
                f"{row['document']:60s} {row['slides']:4d} slides  generate {row['generate_cpu_s']:6.2f} s"
                f"  convert {row['convert_cpu_s']:6.2f} s  ratio {row['ratio']:.2f}",
                flush=True,
            )
        load_after = os.getloadavg()
    median = statistics.median(float(r["ratio"]) for r in rows)  # type: ignore[arg-type]
    machine = {
        "cores": os.cpu_count(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in load_after],
    }
    print(
        f"median generate/convert CPU ratio over {len(rows)} documents: {median:.2f} "
        f"(target <= {TARGET}); {machine['cores']} cores, load {machine['load_average_before'][0]}"
    )
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, "generate_ratio.json"), "w") as fh:
        json.dump(
            {
                "commands": [
                    "deckforge generate DOC -o g.pptx --html DIR",
                    "deckforge convert DIR/*.html -o c.pptx -q",
                ],
                "measure": "CPU s (user + system) of each whole process, median of the runs; "
                "bytecode compiled before each document's runs (as an installed package has it)",
                "runs": runs,
                "machine": machine,
                "median_ratio": round(median, 3),
                "target": TARGET,
                "documents": rows,
            },
            fh,
            indent=2,
        )
    return 0 if median <= TARGET else 1
