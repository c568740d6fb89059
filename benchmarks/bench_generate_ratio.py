"""`deckforge generate` against `deckforge convert` of its own HTML: whole processes, same run.

Called by `python benchmarks/bench_generate.py --ratio [DOC.md ...] [--runs N]` (see its
docstring). For each document: `deckforge generate DOC -o g.pptx --html DIR` then
`deckforge convert DIR/*.html -o c.pptx -q`, alternating, `runs` times after one pair that is
not counted (it compiles the bytecode of the modules the document loads); the CPU time (user +
system) of each child process comes from getrusage(RUSAGE_CHILDREN). Prints one line per
document and the median ratio; writes benchmarks/results/generate_ratio.json with the commands,
the machine (cores, load average before and after), the label, date and commit, and the figures;
the runs recorded before are kept in short under `earlier`.
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


def _commit() -> str | None:
    """The checkout's commit (None outside a git checkout)."""
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    )
    return done.stdout.strip() or None if done.returncode == 0 else None


def _earlier(path: str) -> list[dict[str, object]]:
    """The runs already recorded in `path` (each in short: label, date, commit, load, median
    and the ratio per document), oldest first; the file's own run goes last."""
    try:
        with open(path) as fh:
            old = json.load(fh)
    except (OSError, ValueError):
        return []
    machine = old.get("machine", {})
    last = {
        "label": old.get("label"),
        "date": old.get("date"),
        "commit": old.get("commit"),
        "runs": old.get("runs"),
        "load_average_before": machine.get("load_average_before"),
        "median_ratio": old.get("median_ratio"),
        "ratios": {d["document"]: d["ratio"] for d in old.get("documents", [])},
    }
    return [*old.get("earlier", []), last]


def ratio_main(docs: list[str], runs: int, fallback_markdown: str, label: str = "") -> int:
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
    before = [round(x, 2) for x in load_before]
    machine = {
        "cores": os.cpu_count(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "load_average_before": before,
        "load_average_after": [round(x, 2) for x in load_after],
    }
    print(
        f"median generate/convert CPU ratio over {len(rows)} documents: {median:.2f} "
        f"(target <= {TARGET}); {machine['cores']} cores, load {before[0]}"
    )
    os.makedirs(RESULTS, exist_ok=True)
    path = os.path.join(RESULTS, "generate_ratio.json")
    earlier = _earlier(path)
    with open(path, "w") as fh:
        json.dump(
            {
                "label": label,
                "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                "commit": _commit(),
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
                "earlier": earlier,
            },
            fh,
            indent=2,
        )
    return 0 if median <= TARGET else 1
