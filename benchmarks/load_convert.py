"""Load benchmark for the convert endpoint (a corpus deck x N concurrent clients -> throughput,
latency percentiles, errors and peak server memory).

Starts `python -m service` on 127.0.0.1, measures the engine's single-process pages/s in this
process as the baseline, then sends `--requests` conversions of a 10-page deck from
`--clients` concurrent async httpx clients. Bounded in count and in time (`--time-limit`).

    python benchmarks/load_convert.py --clients 4 --requests 40
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


def load_deck(name: str, pages: int) -> list[str]:
    files = sorted((CORPUS / name).glob("*.html"))
    if not files:
        raise SystemExit(f"no pages in {CORPUS / name}")
    htmls = [f.read_text(encoding="utf-8") for f in files]
    return [htmls[i % len(htmls)] for i in range(pages)]


def engine_baseline(htmls: list[str], runs: int) -> tuple[float, float]:
    """Single-process pages/s of engine.convert on this deck (after one warm-up run), and the
    CPU seconds it spends per page."""
    from engine import convert

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


class MemorySampler(threading.Thread):
    """Peak summed RSS of the server and all its descendants (workers), sampled every 50 ms."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.peak = 0
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            self.peak = max(self.peak, rss_bytes(process_tree(self.pid)))
            self.stop.wait(0.05)


def cpu_seconds(pids: list[int]) -> float:
    """utime + stime of the processes (their own, not reaped children's)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / ticks


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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--clients", type=int, default=4)
    p.add_argument("--requests", type=int, default=40)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--queue-size", type=int, default=16)
    p.add_argument("--deck", default="deck-quarterly-review")
    p.add_argument("--pages", type=int, default=10)
    p.add_argument("--baseline-runs", type=int, default=3)
    p.add_argument("--time-limit", type=float, default=180.0, help="stop sending after this many s")
    p.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = p.parse_args(argv)

    htmls = load_deck(args.deck, args.pages)
    print(f"deck: {args.deck}, {len(htmls)} pages, {sum(len(h.encode()) for h in htmls)} bytes")
    baseline, baseline_cpu = engine_baseline(htmls, args.baseline_runs)
    print(f"engine single-process: {baseline:.2f} pages/s ({baseline_cpu * 1000:.1f} ms CPU/page)")

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    data_dir = tempfile.mkdtemp(prefix="deckforge-bench-")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DECKFORGE_")} | {
        "DECKFORGE_TOKENS": TOKEN,
        "DECKFORGE_DATA_DIR": data_dir,
        "DECKFORGE_QUEUE_SIZE": str(args.queue_size),
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
    sampler = MemorySampler(server.pid)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if httpx.get(base + "/readyz", timeout=1).json()["code"] == 0:
                    break
            except (httpx.HTTPError, ValueError):
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("server did not become ready")
            time.sleep(0.1)
        # Warm-up: one request per worker, not measured.
        asyncio.run(run_load(base, htmls, args.workers, args.workers, 120))
        sampler.start()
        tree = process_tree(server.pid)
        cpu_before = cpu_seconds(tree)
        server_cpu_before = cpu_seconds([server.pid])
        result = asyncio.run(run_load(base, htmls, args.clients, args.requests, args.time_limit))
        cpu_used = cpu_seconds(tree) - cpu_before
        server_cpu_used = cpu_seconds([server.pid]) - server_cpu_before
    finally:
        sampler.stop.set()
        server.terminate()
        server.wait(30)

    lat = result["latencies"]
    assert isinstance(lat, list)
    codes = result["codes"]
    assert isinstance(codes, dict)
    errors = sum(n for code, n in codes.items() if code != "0")
    throughput = float(result["pages_ok"]) / float(result["wall_s"])  # type: ignore[arg-type]
    target = 0.8 * baseline * args.workers
    pages_ok = max(1, int(result["pages_ok"]))  # type: ignore[call-overload]
    figures = {
        "clients": args.clients,
        "workers": args.workers,
        "requests": result["requests"],
        "pages_per_request": len(htmls),
        "wall_s": round(float(result["wall_s"]), 2),  # type: ignore[arg-type]
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
        "engine_cpu_ms_per_page": round(baseline_cpu * 1000, 1),
        "service_cpu_ms_per_page": round(cpu_used * 1000 / pages_ok, 1),
        "server_process_cpu_ms_per_page": round(server_cpu_used * 1000 / pages_ok, 1),
        "load_average_1m": round(os.getloadavg()[0], 2),
    }
    print(f"requests: {figures['requests']} from {args.clients} clients, {args.workers} workers")
    print(
        f"throughput: {throughput:.2f} pages/s (target >= {target:.2f} = 0.8 x {baseline:.2f} x {args.workers})"
    )
    print(f"latency: p50 {figures['p50_s']} s, p95 {figures['p95_s']} s, p99 {figures['p99_s']} s")
    print(f"errors: {errors} (codes {codes})")
    print(f"peak server memory (server + workers RSS): {figures['peak_server_rss_mb']} MB")
    print(
        f"CPU per page: engine alone {figures['engine_cpu_ms_per_page']} ms, "
        f"service (server + workers) {figures['service_cpu_ms_per_page']} ms, "
        f"of which the server process {figures['server_process_cpu_ms_per_page']} ms"
    )
    print(f"machine load average (1 min) at the end: {figures['load_average_1m']}")
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
