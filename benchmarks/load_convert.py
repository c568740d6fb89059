"""Load benchmark for the convert endpoint (a corpus deck x N concurrent clients -> throughput,
latency percentiles, errors, peak server memory and the service's CPU overhead per page).

Starts `python -m service` on 127.0.0.1, measures the engine's single-process pages/s and CPU
per page in this process as the baseline (before and after the load, averaged), then sends
`--requests` conversions of a 10-page deck from `--clients` concurrent async httpx clients.
Bounded in count and in time (`--time-limit`). Writes benchmarks/results/load_convert.json.

CPU, not wall time, is the measure (the machine is shared): the service's CPU is user + system
time of the server process and every descendant (worker pool, forkserver), sampled from
/proc every 50 ms so that workers replaced during the run are counted too. It is compared
with (a) the engine alone in this process and (b) the CPU the workers report for the
conversion itself (`deckforge_conversion_cpu_seconds` in /metrics), which is measured under
the same machine load as the service and so is the steadier reference. The server's idle CPU
(background loops: sweeper, task claims) is measured for `--idle-seconds` before and after the
load and reported separately (an estimate: it rises and falls with the machine's load).

    python benchmarks/load_convert.py --clients 4 --requests 40 --workers 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
CONVERT = "/v2/api/htmljson-bridge/convert-html-to-json"
TOKEN = "bench-token"


def load_deck(name: str, pages: int, corpus: Path = CORPUS) -> list[str]:
    files = sorted((corpus / name).glob("*.html"))
    if not files:
        raise SystemExit(f"no pages in {corpus / name}")
    htmls = [f.read_text(encoding="utf-8") for f in files]
    return [htmls[i % len(htmls)] for i in range(pages)]


RESULTS = ROOT / "benchmarks" / "results" / "load_convert.json"


def engine_baseline(htmls: list[str], runs: int, warm_up: bool = True) -> tuple[float, float]:
    """Single-process pages/s of engine.convert on this deck (after one warm-up run), and the
    CPU seconds it spends per page."""
    from engine import convert

    if warm_up:
        convert(htmls)
    started = time.perf_counter()
    cpu_started = time.process_time()
    for _ in range(runs):
        convert(htmls)
    pages = len(htmls) * runs
    return pages / (time.perf_counter() - started), (time.process_time() - cpu_started) / pages


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def process_tree(root: int) -> list[int]:
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        parents.setdefault(ppid, []).append(int(entry))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(parents.get(pid, []))
    return out


def rss_bytes(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


def process_cpu(pid: int) -> float | None:
    """utime + stime of one process in seconds (its own, not reaped children's)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pids: list[int]) -> float:
    """utime + stime of the processes (their own, not reaped children's)."""
    return sum(process_cpu(pid) or 0.0 for pid in pids)


class TreeSampler(threading.Thread):
    """Every 50 ms: the summed RSS of the server and all its descendants (peak kept), and each
    process's CPU time, so that CPU used by the tree between `mark()` and `used()` includes
    workers started (and even ended) in between, up to their last sample."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.peak = 0
        self.stop = threading.Event()
        self._lock = threading.Lock()
        self._first: dict[int, float] = {}
        self._last: dict[int, float] = {}

    def sample(self) -> None:
        tree = process_tree(self.pid)
        rss = rss_bytes(tree)
        with self._lock:
            self.peak = max(self.peak, rss)
            for pid in tree:
                cpu = process_cpu(pid)
                if cpu is None:
                    continue
                self._first.setdefault(pid, 0.0)  # a new process: all its CPU is in the window
                self._last[pid] = cpu

    def mark(self) -> None:
        """Start a window: what every current process has used so far is excluded."""
        with self._lock:
            self._first = {}
            self._last = {}
            for pid in process_tree(self.pid):
                cpu = process_cpu(pid)
                if cpu is not None:
                    self._first[pid] = self._last[pid] = cpu

    def used(self, pids: list[int] | None = None) -> float:
        """CPU seconds used since `mark()` by the tree (or by `pids` only)."""
        self.sample()
        with self._lock:
            keys = self._last.keys() if pids is None else [p for p in pids if p in self._last]
            return sum(self._last[p] - self._first.get(p, 0.0) for p in keys)

    def run(self) -> None:
        while not self.stop.is_set():
            self.sample()
            self.stop.wait(0.05)


def metric_value(base: str, name: str) -> float:
    """One unlabelled sample of the server's Prometheus /metrics (0 when absent)."""
    for line in httpx.get(base + "/metrics", timeout=10).text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    return 0.0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


async def run_load(
    base: str, htmls: list[str], clients: int, requests: int, time_limit: float
) -> dict[str, object]:
    latencies: list[float] = []
    codes: dict[str, int] = {}
    pages_ok = 0
    sent = 0
    deadline = time.monotonic() + time_limit
    body = {"htmls": htmls, "pageErrorMode": "blank", "filename": "bench"}

    async with httpx.AsyncClient(base_url=base, timeout=120, headers={"token": TOKEN}) as client:

        async def one_client() -> None:
            nonlocal sent, pages_ok
            while sent < requests and time.monotonic() < deadline:
                sent += 1
                t0 = time.perf_counter()
                try:
                    r = await client.post(CONVERT, json=body)
                    code = str(r.json().get("code"))
                except (httpx.HTTPError, ValueError) as exc:
                    code = type(exc).__name__
                latencies.append(time.perf_counter() - t0)
                codes[code] = codes.get(code, 0) + 1
                if code == "0":
                    pages_ok += len(htmls)

        started = time.perf_counter()
        await asyncio.gather(*(one_client() for _ in range(clients)))
        wall = time.perf_counter() - started
    return {
        "requests": sent,
        "wall_s": wall,
        "pages_ok": pages_ok,
        "latencies": latencies,
        "codes": codes,
    }


def start_server(args: argparse.Namespace) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    data_dir = tempfile.mkdtemp(prefix="deckforge-bench-")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DECKFORGE_")} | {
        "DECKFORGE_TOKENS": TOKEN,
        "DECKFORGE_DATA_DIR": data_dir,
        "DECKFORGE_QUEUE_SIZE": str(args.queue_size),
        # one account sends every request: its share of the workers is all of them
        "DECKFORGE_JOBS_PER_ACCOUNT": str(args.workers + args.queue_size),
        "DECKFORGE_LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "service", "--port", str(port), "--workers", str(args.workers)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    while True:
        try:
            if httpx.get(base + "/readyz", timeout=1).json()["code"] == 0:
                return server, base
        except (httpx.HTTPError, ValueError):
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            raise SystemExit("server did not become ready")
        time.sleep(0.1)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--clients", type=int, default=4)
    p.add_argument("--requests", type=int, default=40)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--queue-size", type=int, default=16)
    p.add_argument("--deck", default="deck-quarterly-review")
    p.add_argument(
        "--corpus", type=Path, default=CORPUS, help="the decks' folder (../shared/corpus)"
    )
    p.add_argument("--pages", type=int, default=10)
    p.add_argument("--baseline-runs", type=int, default=5, help="deck runs before and after")
    p.add_argument("--idle-seconds", type=float, default=5.0, help="idle CPU windows (s)")
    p.add_argument("--time-limit", type=float, default=180.0, help="stop sending after this many s")
    p.add_argument("--json", action="store_true", help="print the figures as JSON too")
    p.add_argument("--no-save", action="store_true", help=f"do not write {RESULTS.name}")
    args = p.parse_args(argv)

    htmls = load_deck(args.deck, args.pages, args.corpus)
    print(f"deck: {args.deck}, {len(htmls)} pages, {sum(len(h.encode()) for h in htmls)} bytes")
    load_before = os.getloadavg()
    baseline, baseline_cpu = engine_baseline(htmls, args.baseline_runs)
    print(f"engine single-process: {baseline:.2f} pages/s ({baseline_cpu * 1000:.1f} ms CPU/page)")

    server, base = start_server(args)
    sampler = TreeSampler(server.pid)
    try:
        # Warm-up: one request per worker, not measured.
        asyncio.run(run_load(base, htmls, args.workers, args.workers, 120))
        sampler.start()
        time.sleep(1.0)  # let the warm-up's after-work (logs, GC, task polls) settle
        sampler.mark()
        time.sleep(args.idle_seconds)
        idle_cpu = sampler.used()
        engine_before = metric_value(base, "deckforge_conversion_cpu_seconds_total")
        sampler.mark()
        result = asyncio.run(run_load(base, htmls, args.clients, args.requests, args.time_limit))
        cpu_used = sampler.used()
        server_cpu_used = sampler.used([server.pid])
        worker_engine_cpu = metric_value(base, "deckforge_conversion_cpu_seconds_total")
        worker_engine_cpu -= engine_before
        time.sleep(1.0)
        sampler.mark()
        time.sleep(args.idle_seconds)
        idle_cpu += sampler.used()  # idle again after the load: the mean of both windows
    finally:
        sampler.stop.set()
        server.terminate()
        server.wait(30)
    baseline_after, baseline_cpu_after = engine_baseline(htmls, args.baseline_runs, warm_up=False)
    print(
        f"engine single-process, after the load: {baseline_after:.2f} pages/s "
        f"({baseline_cpu_after * 1000:.1f} ms CPU/page)"
    )
    engine_cpu = (baseline_cpu + baseline_cpu_after) / 2

    lat = result["latencies"]
    assert isinstance(lat, list)
    codes = result["codes"]
    assert isinstance(codes, dict)
    errors = sum(n for code, n in codes.items() if code != "0")
    wall = float(result["wall_s"])  # type: ignore[arg-type]
    throughput = float(result["pages_ok"]) / wall  # type: ignore[arg-type]
    target = 0.8 * baseline * args.workers
    pages_ok = max(1, int(result["pages_ok"]))  # type: ignore[call-overload]
    service_ms = cpu_used * 1000 / pages_ok
    idle_ms_per_s = idle_cpu * 1000 / (2 * args.idle_seconds)
    server_ms = server_cpu_used * 1000 / pages_ok
    # The idle rate over the run's wall time, per page: an estimate (the busy server's loops
    # need not run as often as the idle one's), never more than the server process used.
    background_ms = min(idle_ms_per_s * wall / pages_ok, server_ms)
    worker_engine_ms = worker_engine_cpu * 1000 / pages_ok
    engine_ms = engine_cpu * 1000
    figures = {
        "command": "python benchmarks/load_convert.py "
        + " ".join(sys.argv[1:] if argv is None else argv),
        "clients": args.clients,
        "workers": args.workers,
        "requests": result["requests"],
        "pages_per_request": len(htmls),
        "wall_s": round(wall, 2),
        "throughput_pages_s": round(throughput, 2),
        "engine_single_process_pages_s": round(baseline, 2),
        "target_pages_s": round(target, 2),
        "p50_s": round(percentile(lat, 0.50), 3),
        "p95_s": round(percentile(lat, 0.95), 3),
        "p99_s": round(percentile(lat, 0.99), 3),
        "mean_s": round(statistics.fmean(lat), 3) if lat else None,
        "errors": errors,
        "codes": codes,
        "peak_server_rss_mb": round(sampler.peak / 2**20, 1),
        "engine_cpu_ms_per_page": round(engine_ms, 2),
        "engine_cpu_ms_per_page_before_after": [
            round(baseline_cpu * 1000, 2),
            round(baseline_cpu_after * 1000, 2),
        ],
        "service_cpu_ms_per_page": round(service_ms, 2),
        "server_process_cpu_ms_per_page": round(server_ms, 2),
        "workers_other_cpu_ms_per_page": round(service_ms - server_ms - worker_engine_ms, 2),
        "worker_engine_cpu_ms_per_page": round(worker_engine_ms, 2),
        "server_idle_cpu_ms_per_s": round(idle_ms_per_s, 2),
        "background_cpu_ms_per_page": round(background_ms, 2),
        "overhead_vs_engine_pct": round((service_ms / engine_ms - 1) * 100, 1),
        "overhead_vs_worker_engine_pct": round((service_ms / worker_engine_ms - 1) * 100, 1)
        if worker_engine_ms
        else None,
        "overhead_vs_worker_engine_without_background_pct": round(
            ((service_ms - background_ms) / worker_engine_ms - 1) * 100, 1
        )
        if worker_engine_ms
        else None,
        "load_average_1m_before": round(load_before[0], 2),
        "load_average_1m_after": round(os.getloadavg()[0], 2),
    }
    print(f"requests: {figures['requests']} from {args.clients} clients, {args.workers} workers")
    print(
        f"throughput: {throughput:.2f} pages/s (target >= {target:.2f} = 0.8 x {baseline:.2f} x {args.workers})"
    )
    print(f"latency: p50 {figures['p50_s']} s, p95 {figures['p95_s']} s, p99 {figures['p99_s']} s")
    print(f"errors: {errors} (codes {codes})")
    print(f"peak server memory (server + workers RSS): {figures['peak_server_rss_mb']} MB")
    print(
        f"CPU per page: engine alone {engine_ms:.2f} ms (this process, mean of before/after), "
        f"service (server + all descendants) {service_ms:.2f} ms, of which the server process "
        f"{figures['server_process_cpu_ms_per_page']} ms and the conversions in the workers "
        f"{worker_engine_ms:.2f} ms (the rest, pipes and forkserver: "
        f"{figures['workers_other_cpu_ms_per_page']} ms)"
    )
    print(
        f"server idle CPU: {idle_ms_per_s:.2f} ms/s (background loops), "
        f"~{background_ms:.2f} ms per page at this throughput (estimate)"
    )
    print(
        f"overhead: {figures['overhead_vs_engine_pct']} % vs the engine alone, "
        f"{figures['overhead_vs_worker_engine_pct']} % vs the conversions in the workers "
        f"({figures['overhead_vs_worker_engine_without_background_pct']} % without background)"
    )
    print(
        f"machine load average (1 min): {figures['load_average_1m_before']} before, "
        f"{figures['load_average_1m_after']} after"
    )
    if not args.no_save:
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {RESULTS.relative_to(ROOT)}")
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
