"""CPU seconds of other processes, read from /proc (a pid -> user + system seconds), for the
benchmarks that count helper processes too: the engine's resvg helper (bench_generate,
bench_render) and the cluster's processes (load_cluster)."""

from __future__ import annotations

import os


def process_cpu(pid: int) -> float:
    """User + system CPU seconds of `pid` so far (0 when it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def helper_cpu() -> float:
    """CPU seconds used so far by the engine's resvg helper process (0 before it starts)."""
    from engine.model.svg import render as svgrender

    proc = svgrender._HELPER.proc
    return 0.0 if proc is None else process_cpu(proc.pid)
