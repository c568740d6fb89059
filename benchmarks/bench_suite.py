"""Test-suite wall time (pytest run -> wall, CPU, counts, slowest tests, machine load).

Usage:  python benchmarks/bench_suite.py LABEL [-- PYTEST ARGS...]
        python benchmarks/bench_suite.py LABEL --parse OUTPUT.txt --wall S [--cpu S]
                                         [--load BEFORE AFTER] [--command CMD]

Runs `python -m pytest -q --durations=30 -p no:cacheprovider PYTEST ARGS` from the repository
root (or reads the output of such a run with --parse), reads the 1-minute load average before
and after, and stores the run under LABEL in benchmarks/results/suite.json (other labels kept):
the command, wall seconds, CPU seconds of pytest and its children, the closing counts, the 30
slowest test phases. The machine: 2 cores, shared with other jobs (the load says how busy).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "results" / "suite.json"
BASE = [sys.executable, "-m", "pytest", "-q", "--durations=30", "-p", "no:cacheprovider"]
_DURATION = re.compile(r"^([\d.]+)s (call|setup|teardown)\s+(\S+)$")
_COUNTS = re.compile(r"^=*\s*((?:\d+ \w+(?:, )?)+) in ([\d.]+)s")


def load() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


def parse(output: str) -> dict[str, Any]:
    """Closing counts, pytest's own seconds and the slowest phases of a pytest -q output."""
    counts: dict[str, int] = {}
    seconds = None
    slowest: list[dict[str, Any]] = []
    for line in output.splitlines():
        line = line.strip()
        if m := _DURATION.match(line):
            slowest.append({"s": float(m.group(1)), "phase": m.group(2), "test": m.group(3)})
        elif m := _COUNTS.match(line):
            counts = {w: int(n) for n, w in (p.split() for p in m.group(1).split(", "))}
            seconds = float(m.group(2))
    return {"counts": counts, "pytest_seconds": seconds, "slowest": slowest}


def record(label: str, run: dict[str, Any]) -> None:
    data = json.loads(OUT.read_text()) if OUT.exists() else {}
    data.setdefault("machine", "2-core VM, shared with other jobs (load_1min = its 1-minute load)")
    data.setdefault("runs", {})[label] = run
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"{label}: {run['wall_s']:.0f} s wall, load {run['load_1min']}; wrote {OUT}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("label")
    parser.add_argument("--parse", type=Path, help="the output of a run made by hand")
    parser.add_argument("--wall", type=float, help="its wall seconds (with --parse)")
    parser.add_argument("--command", help="its command (with --parse)")
    parser.add_argument("--load", nargs=2, type=float, help="its load before and after")
    parser.add_argument("--cpu", type=float, help="its user + system seconds (with --parse)")
    args, pytest_args = parser.parse_known_args()
    pytest_args = [a for a in pytest_args if a != "--"]
    if args.parse:
        run = {
            "command": args.command,
            "wall_s": args.wall,
            "cpu_s": args.cpu,
            "load_1min": {"before": args.load[0], "after": args.load[1]} if args.load else None,
            **parse(args.parse.read_text(errors="replace")),
        }
        record(args.label, run)
        return
    before = load()
    start = time.monotonic()
    proc = subprocess.run(
        [*BASE, *pytest_args], cwd=ROOT, capture_output=True, text=True, env=os.environ.copy()
    )
    wall = time.monotonic() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(proc.stdout[-3000:])
    run = {
        "command": "python -m pytest -q --durations=30 -p no:cacheprovider "
        + " ".join(pytest_args),
        "environment": {k: v for k, v in os.environ.items() if k.startswith("DECKFORGE_TEST")},
        "exit_code": proc.returncode,
        "wall_s": round(wall, 1),
        "cpu_s": round(usage.ru_utime + usage.ru_stime, 1),
        "load_1min": {"before": before, "after": load()},
        **parse(proc.stdout),
    }
    record(args.label, run)


if __name__ == "__main__":
    main()
