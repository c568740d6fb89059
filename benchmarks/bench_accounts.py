"""Listing benchmark for the account endpoints (100,000 PPTs and 100,000 usage records of one
account in PostgreSQL -> p50/p95 latency of listAllPptx and listPage through the real app).

Starts a throwaway PostgreSQL cluster (the test suite's fixture: initdb + pg_ctl on 127.0.0.1)
unless --database-url is given, fills it through the ORM's bulk insert, runs ANALYZE, then
times each query shape over real HTTP (uvicorn on 127.0.0.1, one keep-alive httpx client:
routing, auth, validation, SQL, links and JSON included). Writes benchmarks/results/accounts.json.

    python benchmarks/bench_accounts.py                 # 100,000 rows, 200 requests per shape
    python benchmarks/bench_accounts.py --rows 20000 --requests 50
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "service")]

import httpx  # noqa: E402
from service_testkit import LiveServer  # noqa: E402
from sqlalchemy import event, insert, text  # noqa: E402

from service import accounts, credits  # noqa: E402
from service.config import Settings  # noqa: E402
from service.db.models import Ppt, UsageRecord, new_id  # noqa: E402
from service.main import create_app  # noqa: E402

T0 = datetime(2025, 1, 1, tzinfo=UTC)
TARGET_P95_MS = 50.0


def fill(app: Any, rows: int, now: datetime) -> str:
    """One account with `rows` PPTs and `rows` usage records over a year (1,000 uids, 50
    templates), plus a second account with rows/10 of each; returns the first account's key."""
    db = app.state.service.db
    with db.session() as s:
        account = accounts.create_account(s, "bench", credits=0, now=now)
        _, key = accounts.create_api_key(s, account, now=now)
        noise = accounts.create_account(s, "noise", credits=0, now=now)
        s.commit()
        owners = [(account.id, rows), (noise.id, rows // 10)]
    step = 365 * 24 * 3600 / rows
    for account_id, count in owners:
        for start in range(0, count, 10_000):
            ppts: list[dict[str, Any]] = []
            records: list[dict[str, Any]] = []
            for i in range(start, min(count, start + 10_000)):
                when = T0 + timedelta(seconds=i * step)
                uid = f"user-{i % 1000}"
                pid = new_id()
                ppts.append(
                    {
                        "id": pid,
                        "account_id": account_id,
                        "uid": uid,
                        "subject": f"deck {i}",
                        "template_id": f"tpl-{i % 50}",
                        "file_name": f"deck {i}.pptx",
                        "pages": 10,
                        "source": "markdown",
                        "file_key": "0" * 32,
                        "cover_key": None,
                        "create_time": when,
                        "update_time": when,
                    }
                )
                records.append(
                    {
                        "id": new_id(),
                        "account_id": account_id,
                        "uid": uid,
                        "type": 1 if i % 4 else 2,
                        "amount": 10,
                        "ppt_id": pid,
                        "create_time": when,
                    }
                )
            with db.session() as s:
                s.execute(insert(Ppt), ppts)
                s.execute(insert(UsageRecord), records)
                s.commit()
    with db.session() as s:
        credits.recount_totals(s)  # rows were bulk-loaded around the API that keeps the counters
        s.commit()
    with db.engine.connect() as conn:
        conn.execute(text("ANALYZE"))
        conn.commit()
    return key


SHAPES: list[tuple[str, str, dict[str, Any]]] = [
    ("listAllPptx first page (size 10)", "/api/ppt/listAllPptx", {}),
    ("listAllPptx size 100", "/api/ppt/listAllPptx", {"size": 100}),
    ("listAllPptx uid filter", "/api/ppt/listAllPptx", {"uid": "user-7", "size": 100}),
    ("listAllPptx templateId filter", "/api/ppt/listAllPptx", {"templateId": "tpl-3"}),
    (
        "listAllPptx one month, oldest first",
        "/api/ppt/listAllPptx",
        {"startDate": "2025-03-01 00:00:00", "endDate": "2025-03-31 23:59:59", "desc": False},
    ),
    ("listAllPptx page 100 (offset 9,900)", "/api/ppt/listAllPptx", {"page": 100, "size": 100}),
    ("listPage first page (size 10)", "/api/record/listPage", {}),
    ("listPage size 100", "/api/record/listPage", {"size": 100}),
    ("listPage type 2", "/api/record/listPage", {"type": 2, "size": 100}),
    (
        "listPage uid + one week",
        "/api/record/listPage",
        {"uid": "user-42", "startDate": "2025-06-01 00:00:00", "endDate": "2025-06-07 23:59:59"},
    ),
    ("listPage page 100 (offset 9,900)", "/api/record/listPage", {"page": 100, "size": 100}),
]


class SqlClock:
    """Wall time spent inside the database driver (cursor execute), summed per request."""

    def __init__(self, engine: Any) -> None:
        self.total = 0.0
        self._started: dict[int, float] = {}
        event.listen(engine, "before_cursor_execute", self._before)
        event.listen(engine, "after_cursor_execute", self._after)

    def _before(self, conn: Any, cursor: Any, *args: Any) -> None:
        self._started[id(cursor)] = time.perf_counter()

    def _after(self, conn: Any, cursor: Any, *args: Any) -> None:
        self.total += time.perf_counter() - self._started.pop(id(cursor), time.perf_counter())


def measure(
    client: httpx.Client, key: str, requests: int, sql: SqlClock | None = None
) -> list[dict[str, Any]]:
    """p50/p95 per shape (and the SQL part of each request); the first row, GET /healthz, is
    the machine's floor for any request."""
    out = []
    for name, path, body in [("GET /healthz (floor: no database)", "/healthz", None), *SHAPES]:

        def call(path: str = path, body: Any = body) -> httpx.Response:
            if body is None:
                return client.get(path)
            return client.post(path, json=body, headers={"Api-Key": key})

        for _ in range(5):  # warm-up: plans, pool, caches
            call()
        times = []
        sql_times = []
        total = None
        for _ in range(requests):
            sql_before = sql.total if sql else 0.0
            started = time.perf_counter()
            r = call()
            times.append((time.perf_counter() - started) * 1000)
            sql_times.append(((sql.total if sql else 0.0) - sql_before) * 1000)
            data = r.json()
            assert data["code"] == 0, data
            total = data["data"].get("total", 0)
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        out.append(
            {
                "shape": name,
                "total": total,
                "p50_ms": round(statistics.median(times), 2),
                "p95_ms": round(p95, 2),
                "max_ms": round(times[-1], 2),
                "sql_p50_ms": round(statistics.median(sql_times), 2),
            }
        )
        print(
            f"{name:<40} total {total:>7}  p50 {out[-1]['p50_ms']:>6} ms  p95 {p95:6.2f} ms"
            f"  (SQL p50 {out[-1]['sql_p50_ms']} ms)"
        )
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rows", type=int, default=100_000)
    p.add_argument("--requests", type=int, default=200)
    p.add_argument("--database-url", help="an empty PostgreSQL database (default: a new cluster)")
    p.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "accounts.json"))
    args = p.parse_args()

    cluster = None
    url = args.database_url
    if url is None:
        from pg_cluster import PgCluster, find_pg_bin

        bin_dir = find_pg_bin()
        if bin_dir is None:
            raise SystemExit("PostgreSQL binaries not found (Debian package `postgresql`)")
        cluster = PgCluster(bin_dir)
        cluster.start()
        url = cluster.create_database()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            settings = Settings.model_validate(
                {"data_dir": tmp, "database_url": url, "workers": 1, "log_level": "WARNING"}
            )
            app = create_app(settings)
            started = time.perf_counter()
            key = fill(app, args.rows, datetime.now(UTC))
            print(
                f"filled {args.rows} PPTs + {args.rows} records in {time.perf_counter() - started:.1f} s"
            )
            with LiveServer(app) as server, httpx.Client(base_url=server.url) as client:
                results = measure(client, key, args.requests, SqlClock(app.state.service.db.engine))
            app.state.service.db.close()
    finally:
        if cluster is not None:
            cluster.stop()
    worst = max(r["p95_ms"] for r in results[1:])
    print(f"worst p95: {worst:.2f} ms (target < {TARGET_P95_MS} ms)")
    report = {
        "rows": args.rows,
        "requests_per_shape": args.requests,
        "database": "postgresql (throwaway cluster, fsync off)" if cluster else "given URL",
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "load_average_1m": round(os.getloadavg()[0], 2),
        "target_p95_ms": TARGET_P95_MS,
        "worst_p95_ms": worst,
        "shapes": results,
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0 if worst < TARGET_P95_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
