"""Hostile-input benchmark (page family x size -> CPU seconds, peak memory and page outcome).

Usage:  python benchmarks/bench_hostile.py [--families a,b] [--timeout 30] [--out FILE]

Each case runs in its own subprocess (one core, RLIMIT_CPU and RLIMIT_AS set), converting the
generated page as the second page of a two-page deck. Prints one row per case (CPU seconds of the
conversion, peak RSS of the process, the page's outcome: `ok` or its page code) and the growth
exponent between the two largest sizes (1.0 = linear; n log n over a doubling is about 1.1), and
writes benchmarks/results/hostile.json. Targets (issue 14): every case < 2 s CPU and < 500 MB.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "hostile"))

import hostile_pages  # noqa: E402

CHILD = r"""
import json, os, resource, sys, time
sys.path.insert(0, {root!r}); sys.path.insert(0, {hostile!r})
import hostile_pages
from engine import convert
first = hostile_pages.page("", "<p>first page</p>")
convert([first])  # imports, fonts and caches are paid before the clock starts
html = sys.stdin.read()
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t0 = time.process_time()
conv = convert([first, html])
cpu = time.process_time() - t0
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
failed = [f.to_dict() for f in conv.failed_page_details]
print(json.dumps({{"cpu_s": cpu, "peak_mb": peak / 1024, "base_mb": base / 1024,
    "outcome": failed[0]["code"] if failed else "ok",
    "reason": failed[0]["reason"] if failed else "", "bytes": len(html)}}))
"""


def _limits(cpu_s: int, mem_mb: int):  # type: ignore[no-untyped-def]
    def apply() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s))
        resource.setrlimit(resource.RLIMIT_AS, (mem_mb << 20, mem_mb << 20))
        if hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})

    return apply


def run_case(family: str, size: int, timeout: int, mem_mb: int) -> dict[str, object]:
    code = CHILD.format(root=str(ROOT), hostile=str(ROOT / "tests" / "hostile"))
    html = hostile_pages.FAMILIES[family][0](size)  # generated here: not in the child's memory
    try:
        proc = subprocess.run(
            [sys.executable, "-c", code],
            input=html,
            capture_output=True,
            text=True,
            timeout=timeout * 2,
            preexec_fn=_limits(timeout, mem_mb),  # noqa: PLW1509 - rlimits of the child only
        )
    except subprocess.TimeoutExpired:
        return {"outcome": f"killed after {timeout * 2} s wall"}
    if proc.returncode != 0:
        tail = (proc.stderr.strip().splitlines() or ["?"])[-1]
        return {"outcome": f"crashed (rc {proc.returncode}): {tail[:120]}"}
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def growth(rows: list[dict[str, object]]) -> float | None:
    """Exponent k in time ~ size^k between the two largest sizes (None when too fast to tell)."""
    # Pages that failed (e.g. over the element limit) stop early: not a point of the curve.
    timed = [r for r in rows if isinstance(r.get("cpu_s"), float) and r.get("outcome") == "ok"]
    if len(timed) < 2:
        return None
    a, b = timed[-2], timed[-1]
    ta, tb = float(a["cpu_s"]), float(b["cpu_s"])  # type: ignore[arg-type]
    if ta < 0.05 or tb <= 0:
        return None
    return math.log(tb / ta) / math.log(float(b["size"]) / float(a["size"]))  # type: ignore[arg-type]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--families", default="", help="comma-separated family names (default all)")
    parser.add_argument("--timeout", type=int, default=30, help="CPU seconds per case")
    parser.add_argument("--memory", type=int, default=2048, help="address-space limit per case, MB")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "hostile.json"))
    args = parser.parse_args()
    wanted = [f for f in args.families.split(",") if f] or list(hostile_pages.FAMILIES)
    results: dict[str, list[dict[str, object]]] = {}
    print(f"{'family':24s} {'size':>6s} {'cpu s':>7s} {'peak MB':>8s}  outcome")
    for family in wanted:
        _, sizes = hostile_pages.FAMILIES[family]
        rows = []
        for size in sizes:
            row = {"size": size, **run_case(family, size, args.timeout, args.memory)}
            rows.append(row)
            cpu = f"{row['cpu_s']:.3f}" if "cpu_s" in row else "-"
            peak = f"{row['peak_mb']:.0f}" if "peak_mb" in row else "-"
            reason = f" ({row['reason']})" if row.get("reason") else ""
            print(f"{family:24s} {size:6d} {cpu:>7s} {peak:>8s}  {row['outcome']}{reason}"[:160])
            sys.stdout.flush()
        k = growth(rows)
        if k is not None:
            print(f"{family:24s} growth exponent {k:.2f}")
        results[family] = rows
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    merged: dict[str, list[dict[str, object]]] = {}
    if args.families and out.exists():  # a partial run keeps the other families' rows
        try:
            merged = dict(json.loads(out.read_text()))
        except ValueError:
            merged = {}
    merged.update(results)
    out.write_text(json.dumps(merged, indent=2) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
