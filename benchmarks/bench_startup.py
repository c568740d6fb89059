"""Start-up of the `deckforge` command: whole processes, as a user runs them.

    python benchmarks/bench_startup.py [--runs 9] [--results benchmarks/results/startup.json]

For each command (`deckforge convert one.html`, `generate --help`, `--version`, and a bare
`python -c pass` as the floor), runs it `--runs` times after one warm-up run (which also writes
the .pyc files) and prints the wall time and the CPU time (user + system, from the child's
rusage: the figure to trust on a shared, loaded machine), min and median. Then the imports of
`deckforge convert` by cumulative time (`python -X importtime`), the ten largest. Writes the
figures and the machine's load average to the results file. Target: `deckforge convert` of one
page under 0.25 s.
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
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PAGE = (
    '<div class="slide" style="width:1280px;height:720px;font-family:Arial">'
    "<h1>Quarterly review</h1><ul><li>Revenue grew 12%</li><li>85% renewed</li></ul></div>"
)
ENTRY = "import sys; from service.cli import main; sys.exit(main(sys.argv[1:]))"


def commands(folder: Path) -> dict[str, list[str]]:
    page = folder / "one.html"
    page.write_text(PAGE, encoding="utf-8")
    deckforge = [sys.executable, "-c", ENTRY]
    return {
        "python -c pass (floor)": [sys.executable, "-c", "pass"],
        "deckforge --version": [*deckforge, "--version"],
        "deckforge generate --help": [*deckforge, "generate", "--help"],
        "deckforge convert one.html": [
            *deckforge,
            "convert",
            str(page),
            "-o",
            str(folder / "one.pptx"),
            "-q",
        ],
    }


def child_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return env


def run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall s, CPU s of the child) of one whole process."""
    started = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.returncode != 0:
        raise SystemExit(f"{argv} failed ({proc.returncode}): {err}")
    return wall, usage.ru_utime + usage.ru_stime


def measure(argv: list[str], runs: int, env: dict[str, str]) -> dict[str, float]:
    run_once(argv, env)  # warm-up: .pyc files, file system cache
    samples = [run_once(argv, env) for _ in range(runs)]
    walls = [w for w, _ in samples]
    cpus = [c for _, c in samples]
    return {
        "wall_min_s": round(min(walls), 3),
        "wall_median_s": round(statistics.median(walls), 3),
        "cpu_min_s": round(min(cpus), 3),
        "cpu_median_s": round(statistics.median(cpus), 3),
    }


def largest_imports(argv: list[str], env: dict[str, str], top: int = 10) -> list[dict[str, Any]]:
    """Top-level imports of one run by cumulative time (`-X importtime`, microseconds)."""
    proc = subprocess.run(
        [argv[0], "-X", "importtime", *argv[1:]], env=env, capture_output=True, text=True
    )
    rows = []
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = (part.strip() for part in line.split("|"))
        if cumulative.isdigit() and not name.startswith(" "):
            rows.append({"module": name, "cumulative_ms": round(int(cumulative) / 1000, 1)})
    rows.sort(key=lambda r: -r["cumulative_ms"])
    return rows[:top]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--results", default=str(ROOT / "benchmarks" / "results" / "startup.json"))
    args = parser.parse_args()
    env = child_env()
    load_before = os.getloadavg()
    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        cmds = commands(Path(tmp))
        for name, argv in cmds.items():
            figures[name] = measure(argv, args.runs, env)
            f = figures[name]
            print(
                f"{name:32s} wall min {f['wall_min_s'] * 1000:6.0f} ms, median "
                f"{f['wall_median_s'] * 1000:6.0f} ms; CPU min {f['cpu_min_s'] * 1000:6.0f} ms, "
                f"median {f['cpu_median_s'] * 1000:6.0f} ms"
            )
        imports = largest_imports(cmds["deckforge convert one.html"], env)
    print("largest imports of `deckforge convert` (cumulative):")
    for row in imports:
        print(f"  {row['cumulative_ms']:7.1f} ms  {row['module']}")
    results = {
        "command": "python benchmarks/bench_startup.py" + (f" --runs {args.runs}"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "load_average": [round(x, 2) for x in (*load_before, *os.getloadavg())],
        "runs": args.runs,
        "target": "deckforge convert of one page < 0.25 s",
        "figures": figures,
        "largest_imports_of_convert": imports,
    }
    Path(args.results).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.results}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
