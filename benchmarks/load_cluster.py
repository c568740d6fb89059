"""Load benchmark for the scale-out cluster (concurrent clients -> throughput, latency
percentiles, errors, and how task throughput grows from 1 to 2 worker processes).

Starts the process-level cluster of the tests (tests/cluster/cluster.py: PostgreSQL, Redis,
moto S3, `--apis` API instances, one worker host) on 127.0.0.1, then for each worker-process
count in `--worker-processes` (the host is restarted with that many processes) runs `--clients`
concurrent async clients for `--duration` seconds. A share `--task-share` of the clients create
type-7 (Markdown) portable tasks and poll them to the end (alternating instances); the others
send 2-page conversions (4.4), alternating instances. Every client calls in a closed loop.

Reported per phase: completed conversions and tasks, throughput (per second of wall time), p50 /
p95 / p99 latency of each kind (a task: create -> success seen by polling), errors (any answer
that is not success, transport errors included) with 1012 "busy" answers (the admission bound)
counted apart, and the CPU seconds each part used (API instances, worker host, PostgreSQL,
moto S3, Redis, the load generator itself; from /proc: the machine is shared, so the worker
host's CPU per task is the steadier figure). A phase ends after `--duration` seconds: calls
still in flight then are dropped, not counted. Writes benchmarks/results/load_cluster.json.

Worker scaling on a small machine: the API instances, PostgreSQL, moto and the load generator
share the cores with the worker processes, so the tasks/s growth from 1 to 2 processes is bound
by what the others leave. Each phase therefore also reports the cores the worker host used
(`workerCores`, CPU s / wall s) and tasks per worker CPU second; `perWorkerCpuGrowth` (2 vs 1
process) near 1.0 means the workers scale with the CPU they get, and `workerCores` of one process
near 1.0 means it is saturated (one process runs Python on one core at a time). `--pin-others`
pins everything but the worker host (API, PostgreSQL, Redis, moto, this process) to the given
CPUs (sched_setaffinity), `--pin-workers` the worker host; `--task-pages` makes tasks whose work
is mostly in the worker (more pages per task, same number of API calls).

    python benchmarks/load_cluster.py --clients 100 --duration 60 --worker-processes 1,2
    python benchmarks/load_cluster.py --clients 8 --duration 60 --task-share 1.0 \
        --task-pages 20 --results benchmarks/results/load_cluster_worker_bound.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "cluster"))

from cluster import Cluster, Proc  # noqa: E402
from proc_cpu import process_cpu  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "load_cluster.json"
CONVERT = "/v2/api/htmljson-bridge/convert-html-to-json"
CREATE = "/v2/api/portable/create-task"
RESULT = "/v2/api/portable/task-result"
BUSY = 1012
ALL_CPUS = set(os.sched_getaffinity(0))
# A client alternating instances leaves each connection idle for a whole call to the other
# instance (often > 5 s): drop idle connections before uvicorn's 5 s keep-alive timeout does,
# or a reuse can race the server's close (ReadError) - what a well-behaved client or load
# balancer does anyway.
LIMITS = httpx.Limits(keepalive_expiry=2.0)
MARKDOWN = """# Load Test
Cluster figures

## Part

### Revenue
- Sales up in every region
- Margins held steady

### Team
- Two engineers joined
- Everyone finished the course
"""


def markdown(pages: int) -> str:
    """A type-7 task's Markdown with about `pages` slides (title, section, content pages)."""
    if pages <= 0:
        return MARKDOWN
    body = "".join(
        f"### Point {i}\n- first line of point {i}\n- second line of point {i}\n\n"
        for i in range(max(1, pages - 2))
    )
    return f"# Load Test\nCluster figures\n\n## Part\n\n{body}"


def page(text: str) -> str:
    return f'<div class="slide" style="width:320px;height:180px"><p>{text}</p></div>'


@dataclass
class Phase:
    """What one load phase observed."""

    conversions: list[float] = field(default_factory=list)  # latencies, seconds
    tasks: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    busy: int = 0
    end: float = 0.0  # monotonic time the phase ends: later completions are not counted

    def error(self, what: str) -> None:
        if time.monotonic() <= self.end:
            self.errors[what] = self.errors.get(what, 0) + 1

    def done(self, into: list[float], started: float) -> None:
        now = time.monotonic()
        if now <= self.end:
            into.append(now - started)


def percentiles(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50": None, "p95": None, "p99": None}
    q = statistics.quantiles(values, n=100, method="inclusive") if len(values) > 1 else values * 99
    return {"p50": round(q[49], 3), "p95": round(q[94], 3), "p99": round(q[98], 3)}


async def convert_client(urls: list[str], token: str, end: float, out: Phase, n: int) -> None:
    async with httpx.AsyncClient(timeout=120, limits=LIMITS) as http:
        i = n
        while time.monotonic() < end:
            i += 1
            body = {"htmls": [page(f"client {n} call {i}"), page("second")]}
            started = time.monotonic()
            try:
                r = await http.post(urls[i % len(urls)] + CONVERT, json=body,
                                    headers={"token": token})  # fmt: skip
                code = r.json()["code"]
            except (httpx.HTTPError, ValueError) as exc:
                out.error(f"convert {_describe(exc)}")
                await asyncio.sleep(0.5)
                continue
            if code == 0:
                out.done(out.conversions, started)
            elif code == BUSY:
                out.busy += 1
                await asyncio.sleep(0.2)
            else:
                out.error(f"convert code {code}")


@dataclass(frozen=True)
class TaskShape:
    content: str = MARKDOWN
    poll_s: float = 0.5


async def task_client(
    urls: list[str], token: str, end: float, out: Phase, n: int, shape: TaskShape
) -> None:
    async with httpx.AsyncClient(timeout=120, limits=LIMITS) as http:
        i = n
        while time.monotonic() < end:
            i += 1
            body = {
                "type": 7,
                "content": shape.content,
                "templateId": "corporate",
                "length": "long",
            }
            started = time.monotonic()
            try:
                r = await http.post(urls[i % len(urls)] + CREATE, json=body,
                                    headers={"token": token})  # fmt: skip
                created = r.json()
                if created["code"] == BUSY:
                    out.busy += 1
                    await asyncio.sleep(1)
                    continue
                if created["code"] != 0:
                    out.error(f"create code {created['code']}")
                    continue
                task_id = created["data"]["taskId"]
                status = await poll(http, urls, token, task_id, end + 1, shape.poll_s)
            except (httpx.HTTPError, ValueError, KeyError) as exc:
                out.error(f"task {_describe(exc)}")
                await asyncio.sleep(0.5)
                continue
            if status == "success":
                out.done(out.tasks, started)  # a task counts when it ended in the phase
            elif status != "timeout":  # still running at the end of the phase: not an error
                out.error(f"task {status}")


async def poll(http: httpx.AsyncClient, urls: list[str], token: str, task_id: str,
               until: float, every: float) -> str:  # fmt: skip
    n = 0
    while time.monotonic() < until:
        await asyncio.sleep(every)
        n += 1
        r = await http.get(urls[n % len(urls)] + RESULT, params={"taskId": task_id},
                           headers={"token": token})  # fmt: skip
        status = str(r.json()["data"]["status"])
        if status in ("success", "failed"):
            return status
    return "timeout"


def _describe(exc: BaseException) -> str:
    """An exception and its cause, short (e.g. 'ReadError <- ConnectionResetError: ...')."""
    parts: list[str] = []
    cur: BaseException | None = exc
    while cur is not None and len(parts) < 3:
        parts.append(f"{type(cur).__name__}: {cur}".rstrip(": "))
        cur = cur.__cause__ or cur.__context__
    return " <- ".join(parts)[:160]


def drain(cluster: Cluster, timeout: float = 600) -> float:
    """Wait until no task is pending or processing (the tasks a phase left in the queue must
    not count against the next one); the seconds it took."""
    started = time.monotonic()
    query = "SELECT count(*) FROM tasks WHERE status IN ('pending', 'processing')"
    while cluster.sql(query)[0][0] and time.monotonic() - started < timeout:
        time.sleep(1)
    return time.monotonic() - started


def cpu_seconds(procs: list[Proc]) -> float:
    """User + system CPU of every live process in the cluster's process groups."""
    return _cpu({pid for p in procs for pid in p.group_pids()})


def postgres_cpu(cluster: Cluster) -> float:
    """User + system CPU of the PostgreSQL server and its live backends."""
    try:
        postmaster = int((cluster.pg.data / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0.0
    pids = {postmaster}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat[stat.rindex(")") + 2 :].split()[1]) == postmaster:
                pids.add(int(entry.name))
    return _cpu(pids)


def postgres_pids(cluster: Cluster) -> set[int]:
    try:
        return set(cluster.postgres_pids())
    except (OSError, ValueError, IndexError):
        return set()


def sample_cpu(cluster: Cluster, groups: dict[str, list[Proc]]) -> dict[str, float]:
    out = {k: cpu_seconds(v) for k, v in groups.items()}
    out["postgres"] = postgres_cpu(cluster)
    out["loadGenerator"] = time.process_time()
    return out


def cpu_list(text: str | None) -> set[int] | None:
    """'0' or '0,1' or '0-1' -> a CPU set (None: no pinning)."""
    if not text:
        return None
    cpus: set[int] = set()
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        cpus.update(range(int(lo), int(hi or lo) + 1))
    return cpus


def pin(pids: set[int], cpus: set[int]) -> None:
    """Every thread of `pids` (and their future children) onto `cpus`."""
    for pid in pids:
        for tid in _threads(pid):
            try:
                os.sched_setaffinity(tid, cpus)
            except OSError:  # gone meanwhile
                continue


def _threads(pid: int) -> list[int]:
    try:
        return [int(t) for t in os.listdir(f"/proc/{pid}/task")]
    except OSError:
        return []


def apply_pinning(cluster: Cluster, args: argparse.Namespace) -> None:
    """--pin-others / --pin-workers onto the running cluster (after every worker restart)."""
    others, workers = cpu_list(args.pin_others), cpu_list(args.pin_workers)
    if others is not None and workers is None:  # a restarted host would inherit ours
        workers = ALL_CPUS
    if workers is not None:
        pin({pid for p in cluster.workers for pid in p.group_pids()}, workers)
    if others is None:
        return
    procs = [*cluster.apis, *([cluster.redis] if cluster.redis else [])]
    procs += [cluster.s3] if cluster.s3 else []
    pin({pid for p in procs for pid in p.group_pids()} | postgres_pids(cluster), others)
    pin({os.getpid()}, others)


def _cpu(pids: set[int]) -> float:
    return sum(process_cpu(pid) for pid in pids)


async def run_phase(cluster: Cluster, tokens: list[str], args: argparse.Namespace) -> Phase:
    urls = [cluster.url(i) for i in range(len(cluster.apis))]
    end = time.monotonic() + args.duration
    out = Phase(end=end)
    n_tasks = round(args.clients * args.task_share)
    shape = TaskShape(markdown(args.task_pages), args.poll_interval)
    clients = [
        task_client(urls, tokens[n % len(tokens)], end, out, n, shape)
        if n < n_tasks
        else convert_client(urls, tokens[n % len(tokens)], end, out, n)
        for n in range(args.clients)
    ]
    random.shuffle(clients)
    running = [asyncio.ensure_future(c) for c in clients]
    # The phase ends at `end`: calls still in flight then are dropped, not counted.
    _, pending = await asyncio.wait(running, timeout=args.duration + 2)
    for t in pending:
        t.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    return out


def summarize(
    phase: Phase, wall: float, cpu: dict[str, float], processes: int, load_at_start: float
) -> dict[str, Any]:
    worker_cpu = cpu["workerHost"]
    others = sum(v for k, v in cpu.items() if k != "workerHost")
    return {
        "workerProcesses": processes,
        "seconds": round(wall, 1),
        "conversions": len(phase.conversions),
        "tasks": len(phase.tasks),
        "conversionsPerSecond": round(len(phase.conversions) / wall, 2),
        "tasksPerSecond": round(len(phase.tasks) / wall, 3),
        "requestsPerSecond": round((len(phase.conversions) + len(phase.tasks)) / wall, 2),
        "conversionLatency": percentiles(phase.conversions),
        "taskLatency": percentiles(phase.tasks),
        "errors": sum(phase.errors.values()),
        "errorKinds": phase.errors,
        "busy1012": phase.busy,
        "cpuSeconds": {k: round(v, 1) for k, v in cpu.items()},
        "workerHostCpuPerTask": round(worker_cpu / len(phase.tasks), 3) if phase.tasks else None,
        "otherCpuPerTask": round(others / len(phase.tasks), 3) if phase.tasks else None,
        "workerCores": round(worker_cpu / wall, 2),
        "allCores": round((worker_cpu + others) / wall, 2),
        "tasksPerWorkerCpuSecond": round(len(phase.tasks) / worker_cpu, 3) if worker_cpu else None,
        "loadAverage1mAtStart": round(load_at_start, 1),
        "loadAverage1m": round(os.getloadavg()[0], 1),
    }


SUCCEEDED = "SELECT count(*) FROM tasks WHERE status = 'success'"


def measure_phase(
    cluster: Cluster, tokens: list[str], args: argparse.Namespace, processes: int
) -> dict[str, Any]:
    """One load phase on an idle (drained) cluster, then the queue drained again: the phase
    window gives throughput and latency; phase + drain gives the worker host's exact CPU per
    task (every task created in the phase finished, and the queue was empty before)."""
    groups = {
        "apis": cluster.apis,
        "workerHost": cluster.workers,
        "s3": [cluster.s3] if cluster.s3 else [],
        "redis": [cluster.redis] if cluster.redis else [],
    }
    load_at_start = os.getloadavg()[0]
    done0 = int(cluster.sql(SUCCEEDED)[0][0])
    cpu0, t0 = sample_cpu(cluster, groups), time.monotonic()
    phase = asyncio.run(run_phase(cluster, tokens, args))
    wall = min(time.monotonic() - t0, args.duration)
    cpu1 = sample_cpu(cluster, groups)
    summary = summarize(phase, wall, {k: cpu1[k] - cpu0[k] for k in cpu0}, processes, load_at_start)
    drain(cluster)
    worker_cpu = cpu_seconds(cluster.workers) - cpu0["workerHost"]
    finished = int(cluster.sql(SUCCEEDED)[0][0]) - done0
    summary["drained"] = {
        "tasks": finished,
        "workerHostCpuSeconds": round(worker_cpu, 1),
        "workerHostCpuPerTask": round(worker_cpu / finished, 3) if finished else None,
    }
    return summary


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--clients", type=int, default=100)
    p.add_argument("--duration", type=float, default=60.0, help="seconds per phase")
    p.add_argument("--task-share", type=float, default=0.3, help="share of task clients")
    p.add_argument("--apis", type=int, default=2)
    p.add_argument("--worker-processes", default="1,2", help="phases: processes of the host")
    p.add_argument("--api-workers", type=int, default=1, help="job processes per API")
    p.add_argument("--worker-threads", type=int, default=4, help="tasks at once per process")
    p.add_argument("--task-pages", type=int, default=0, help="slides per task (0: a 4-slide deck)")
    p.add_argument("--poll-interval", type=float, default=0.5, help="task polling, seconds")
    p.add_argument("--pin-others", help="CPUs for API, PostgreSQL, Redis, moto, load generator")
    p.add_argument("--pin-workers", help="CPUs for the worker host (default: any)")
    p.add_argument("--results", type=Path, default=RESULTS, help="JSON report path")
    args = p.parse_args(argv)
    counts = [int(c) for c in args.worker_processes.split(",")]
    extra = {
        "DECKFORGE_WORKERS": str(args.api_workers),
        "DECKFORGE_QUEUE_SIZE": "256",
        "DECKFORGE_REQUEST_TIMEOUT_S": "120",
        "DECKFORGE_LOG_LEVEL": "WARNING",
    }
    cluster = Cluster(
        apis=args.apis,
        workers=1,
        worker_processes=counts[0],
        worker_threads=args.worker_threads,
        extra_env=extra,
    )
    phases = []
    try:
        cluster.start()
        tokens = [cluster.token(f"load{i}") for i in range(4)]
        for processes in counts:
            drained = drain(cluster)
            if drained > 1:
                print(f"waited {drained:.0f} s for the previous phase's tasks", flush=True)
            if processes != cluster.worker_processes:
                cluster.worker_processes = processes
                cluster.restart_worker(0)
            apply_pinning(cluster, args)
            summary = measure_phase(cluster, tokens, args, processes)
            phases.append(summary)
            print(json.dumps(summary, indent=2), flush=True)
    finally:
        cluster.stop(check=False)
    report: dict[str, Any] = {
        "command": "python benchmarks/load_cluster.py " + " ".join(argv or sys.argv[1:]),
        "clients": args.clients,
        "durationSeconds": args.duration,
        "taskShare": args.task_share,
        "taskPages": args.task_pages,
        "pinOthers": args.pin_others,
        "pinWorkers": args.pin_workers,
        "apis": args.apis,
        "cores": os.cpu_count(),
        "loadAverageAtEnd": os.getloadavg()[0],
        "phases": phases,
    }
    if len(phases) >= 2 and phases[0]["tasksPerSecond"]:
        first, last = phases[0], phases[-1]
        report["taskThroughputGrowth"] = round(last["tasksPerSecond"] / first["tasksPerSecond"], 2)
        report["workerCoresGrowth"] = round(last["workerCores"] / first["workerCores"], 2)
        a, b = first["drained"]["workerHostCpuPerTask"], last["drained"]["workerHostCpuPerTask"]
        if a and b:  # tasks per worker CPU second, 2 vs 1 process (1.0: linear in the CPU)
            report["perWorkerCpuGrowth"] = round(a / b, 2)
    args.results.parent.mkdir(parents=True, exist_ok=True)
    args.results.write_text(json.dumps(report, indent=2) + "\n")
    print(f"{counts[0]} -> {counts[-1]} worker processes: tasks/s "
          f"{report.get('taskThroughputGrowth')}x, worker cores {report.get('workerCoresGrowth')}x, "
          f"tasks per worker CPU s {report.get('perWorkerCpuGrowth')}x; "
          f"written to {args.results}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
