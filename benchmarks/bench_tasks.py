"""Portable task benchmark (N concurrent type-7 tasks over SSE against a real uvicorn server).

Starts the service on 127.0.0.1 as its own process (`python -m service`, SQLite in a temp
dir, `--workers` worker processes, task runner concurrency `--concurrency`), so the clients'
threads do not share the server's interpreter lock; opens N create-task streams at once (httpx,
one thread each), and records per task the time to the first SSE event and to the final one. Prints the
figures and writes benchmarks/results/tasks.json. Targets: all succeed; p95 time to first
event < 200 ms; throughput (pages/s) recorded in README.

    python benchmarks/bench_tasks.py [--tasks 20] [--pages 10] [--workers 2] [--concurrency 2]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import subprocess  # noqa: E402

import httpx  # noqa: E402

RESULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")
TOKEN = "bench-token"


def markdown(pages: int, n: int) -> str:
    out = [f"# Benchmark deck {n}", "", "## Chapter", ""]
    for p in range(pages - 1):  # + the title page
        out += [f"### Page {p + 1}", f"- Point one of page {p + 1}", "- Point two", ""]
    return "\n".join(out)


def one_task(base: str, n: int, pages: int) -> dict[str, Any]:
    body = {"type": 7, "templateId": "corporate", "content": markdown(pages, n), "stream": True}
    started = time.perf_counter()
    first: float | None = None
    last: dict[str, Any] = {}
    with (
        httpx.Client(base_url=base, timeout=600) as http,
        http.stream(
            "POST", "/v2/api/portable/create-task", json=body, headers={"token": TOKEN}
        ) as r,
    ):
        for line in r.iter_lines():
            if line.startswith("data:"):
                if first is None:
                    first = time.perf_counter() - started
                last = json.loads(line[5:])
    return {"first": first, "total": time.perf_counter() - started, "status": last.get("status")}


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p * (len(ordered) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tasks", type=int, default=20)
    ap.add_argument("--pages", type=int, default=10)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--concurrency", type=int, default=2)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp, socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        sock.close()
        env = dict(
            os.environ,
            DECKFORGE_DATA_DIR=tmp,
            DECKFORGE_TOKENS=TOKEN,
            DECKFORGE_WORKERS=str(args.workers),
            DECKFORGE_TASK_CONCURRENCY=str(args.concurrency),
            DECKFORGE_TASK_PER_ACCOUNT=str(args.concurrency),
            DECKFORGE_LOG_LEVEL="WARNING",
        )
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        server = subprocess.Popen(
            [sys.executable, "-m", "service", "--port", str(port)], cwd=root, env=env
        )
        deadline = time.time() + 120
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.time() > deadline or server.poll() is not None:
                server.kill()
                raise SystemExit("the server did not start")
            time.sleep(0.2)
        base = f"http://127.0.0.1:{port}"
        started = time.perf_counter()
        with ThreadPoolExecutor(args.tasks) as pool:
            runs = list(pool.map(lambda n: one_task(base, n, args.pages), range(args.tasks)))
        wall = time.perf_counter() - started
        server.terminate()
        server.wait(60)
    firsts = [r["first"] for r in runs if r["first"] is not None]
    ok = sum(1 for r in runs if r["status"] == "success")
    result = {
        "tasks": args.tasks,
        "pagesPerTask": args.pages,
        "workers": args.workers,
        "concurrency": args.concurrency,
        "succeeded": ok,
        "firstEventP50Ms": round(statistics.median(firsts) * 1000, 1),
        "firstEventP95Ms": round(pct(firsts, 0.95) * 1000, 1),
        "taskP95S": round(pct([r["total"] for r in runs], 0.95), 2),
        "wallS": round(wall, 2),
        "pagesPerS": round(ok * args.pages / wall, 2),
    }
    print(json.dumps(result, indent=2))
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, "tasks.json"), "w") as fh:
        json.dump(result, fh, indent=2)


if __name__ == "__main__":
    main()
