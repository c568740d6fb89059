"""Portable task benchmark (N concurrent type-7 tasks over SSE against a real uvicorn server).

Starts the service on 127.0.0.1 as its own process (`python -m service`, SQLite in a temp
dir or PostgreSQL with `--postgres` (a throwaway cluster, tests/service/pg_cluster.py) or
`--database-url`; `--workers` job processes, task executor slots `--concurrency`), so
the clients' threads do not share the server's interpreter lock. Every client (httpx.Client,
whose TLS context costs tens of ms of CPU) is made before the clock starts, after one warm-up
task (the server compiles its SQL statements once); then N create-task streams open at once,
and per task the time to the first SSE event and to the final one is recorded. Also recorded:
the CPU seconds of the server and its workers, the server's own CPU until every first event
had arrived (what the first events cost, whatever the machine's load) and the load average.
Prints the figures and writes benchmarks/results/tasks.json (tasks-postgres.json with
PostgreSQL). Targets: all succeed; p95 time to first event < 200 ms; figures in benchmarks/RESULTS.md.

    python benchmarks/bench_tasks.py [--tasks 20] [--pages 10] [--workers 2] [--concurrency 2]
                                     [--postgres | --database-url URL]
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import json
import os
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import subprocess  # noqa: E402

import httpx  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "benchmarks", "results")
TOKEN = "bench-token"


def markdown(pages: int, n: int) -> str:
    out = [f"# Benchmark deck {n}", "", "## Chapter", ""]
    for p in range(pages - 1):  # + the title page
        out += [f"### Page {p + 1}", f"- Point one of page {p + 1}", "- Point two", ""]
    return "\n".join(out)


class FirstEvents:
    """Counts the tasks whose first event arrived; when all have, samples the server process's
    own CPU (not its workers'): the CPU it spent to get every first event out."""

    def __init__(self, pid: int, tasks: int) -> None:
        self.pid, self.left, self.cpu_at_all = pid, tasks, 0.0
        self.lock = threading.Lock()

    def arrived(self) -> None:
        with self.lock:
            self.left -= 1
            if self.left == 0:
                self.cpu_at_all = cpu_seconds(self.pid, with_children=False)


def one_task(
    http: httpx.Client, n: int, pages: int, start: threading.Barrier, firsts: FirstEvents
) -> dict[str, Any]:
    body = {"type": 7, "templateId": "corporate", "content": markdown(pages, n), "stream": True}
    body["length"] = "long"  # one slide per page (tiny neighbouring pages would share slides)
    first: float | None = None
    last: dict[str, Any] = {}
    start.wait()
    started = time.perf_counter()
    with (
        http,
        http.stream(
            "POST", "/v2/api/portable/create-task", json=body, headers={"token": TOKEN}
        ) as r,
    ):
        if not r.headers.get("content-type", "").startswith("text/event-stream"):
            refused = json.loads(r.read())  # an envelope instead of the stream: not admitted
            return {"first": None, "total": 0.0, "status": f"refused {refused.get('code')}"}
        for line in r.iter_lines():
            if line.startswith("data:"):
                if first is None:
                    first = time.perf_counter() - started
                    firsts.arrived()
                last = json.loads(line[5:])
    return {"first": first, "total": time.perf_counter() - started, "status": last.get("status")}


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p * (len(ordered) - 1))))]


def cpu_seconds(pid: int, with_children: bool = True) -> float:
    """User + system CPU of a process (and its live descendants, whichever of its threads
    started them) from Linux /proc, in seconds."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / tick
        if not with_children:
            return total
        children = []
        for name in glob.glob(f"/proc/{pid}/task/*/children"):  # any thread may have forked
            with open(name) as fh:
                children += [int(c) for c in fh.read().split()]
    except OSError:
        return total
    return total + sum(cpu_seconds(c) for c in children)


@contextlib.contextmanager
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL cluster (the tests' pg_cluster helper): yields a database URL."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "service"))
    from pg_cluster import PgCluster, find_pg_bin

    bin_dir = find_pg_bin()
    if bin_dir is None:
        raise SystemExit("PostgreSQL binaries not found (Debian package postgresql)")
    cluster = PgCluster(bin_dir)
    cluster.start()
    try:
        yield cluster.create_database()
    finally:
        cluster.stop()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tasks", type=int, default=20)
    ap.add_argument("--pages", type=int, default=10)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL cluster")
    ap.add_argument("--database-url", default="", help="DECKFORGE_DATABASE_URL for the server")
    args = ap.parse_args()
    with contextlib.ExitStack() as stack:
        url = stack.enter_context(postgres()) if args.postgres else args.database_url
        result = run(args, url)
    print(json.dumps(result, indent=2))
    os.makedirs(RESULTS, exist_ok=True)
    name = "tasks.json" if result["database"] == "sqlite" else "tasks-postgres.json"
    with open(os.path.join(RESULTS, name), "w") as fh:
        json.dump(result, fh, indent=2)


def run(args: argparse.Namespace, database_url: str) -> dict[str, Any]:
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
            # one token of one account creates and streams every task: all are admitted at once
            DECKFORGE_TASK_QUEUE_PER_ACCOUNT=str(args.tasks),
            DECKFORGE_SSE_MAX_PER_TOKEN=str(args.tasks),
            DECKFORGE_LOG_LEVEL="WARNING",
        )
        if database_url:
            env["DECKFORGE_DATABASE_URL"] = database_url
        server = subprocess.Popen(
            [sys.executable, "-m", "service", "--port", str(port)], cwd=ROOT, env=env
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
        # One task first, not measured: the service's first statements compile their SQL
        # (SQLAlchemy caches it per process; 20 cold creates at once each compiled it).
        warm = one_task(
            httpx.Client(base_url=base, timeout=600),
            0,
            args.pages,
            threading.Barrier(1),
            FirstEvents(server.pid, 1),
        )
        if warm["status"] != "success":
            raise SystemExit(f"the warm-up task ended {warm['status']}")
        clients = [httpx.Client(base_url=base, timeout=600) for _ in range(args.tasks)]
        start = threading.Barrier(args.tasks)
        cpu_before = cpu_seconds(server.pid)
        own_before = cpu_seconds(server.pid, with_children=False)
        tracker = FirstEvents(server.pid, args.tasks)
        load_before = os.getloadavg()[0]
        started = time.perf_counter()
        with ThreadPoolExecutor(args.tasks) as pool:
            runs = list(
                pool.map(
                    lambda n: one_task(clients[n], n, args.pages, start, tracker), range(args.tasks)
                )
            )
        wall = time.perf_counter() - started
        cpu = cpu_seconds(server.pid) - cpu_before
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
        "refused": sorted(r["status"] for r in runs if str(r["status"]).startswith("refused")),
        "firstEventP50Ms": round(statistics.median(firsts) * 1000, 1),
        "firstEventP95Ms": round(pct(firsts, 0.95) * 1000, 1),
        "taskP95S": round(pct([r["total"] for r in runs], 0.95), 2),
        "wallS": round(wall, 2),
        "pagesPerS": round(ok * args.pages / wall, 2),
        # CPU of the server process (workers excluded) until every first event had arrived:
        # what the first events cost, whatever the machine's load.
        "serverCpuToAllFirstEventsMs": round((tracker.cpu_at_all - own_before) * 1000)
        if tracker.left == 0
        else None,
        "serverCpuS": round(cpu, 2),
        "cpuMsPerPage": round(cpu * 1000 / max(1, ok * args.pages), 1),
        "loadAverage": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        "cores": os.cpu_count(),
        "database": "postgresql" if database_url.startswith("postgresql") else "sqlite",
    }
    return result


if __name__ == "__main__":
    main()
