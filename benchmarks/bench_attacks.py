"""Attack benchmark (the hostile-tenant attacks against `python -m service` on loopback ->
connections held, memory peaks, time to recover), for SECURITY.md "Attacks we test".

Usage:  python benchmarks/bench_attacks.py [--out FILE]

Starts the real service (2 workers, SQLite, default limits unless named below) with two
accounts, runs each attack bounded in count and time, and writes
benchmarks/results/attacks.json. Every request goes to 127.0.0.0/8 only.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "security"))

from servekit import Served, connect, start, stop  # noqa: E402
from tenantkit import (  # noqa: E402
    create_task,
    hostile_docx,
    nested_list_html,
    template_zip,
    upload_template,
    wait_task,
)

MD = "# Deck\n\n## Part\n\n### One\n\n- a\n\n### Two\n\n- b\n"


def rss_mb(pid: int, field: str = "VmRSS") -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


def children(pid: int) -> list[int]:
    """Every descendant process (the workers are children of the forkserver)."""
    out = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        path = task / "children"
        if path.exists():
            for child in (int(c) for c in path.read_text().split()):
                out += [child, *children(child)]
    return out


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def healthz_s(url: str) -> float:
    started = time.monotonic()
    try:
        httpx.get(url + "/healthz", timeout=30)
    except httpx.HTTPError:
        return -1.0
    return round(time.monotonic() - started, 3)


def idle_flood(s: Served, count: int) -> dict[str, Any]:
    """One client opens `count` idle connections (and half-sent headers on some)."""
    socks: list[socket.socket] = []
    refused = 0
    lines_before = len(s.log_path.read_text().splitlines())
    for i in range(count):
        try:
            sock = connect(s.port, "127.0.0.2", timeout=5)
        except OSError:
            refused += 1
            continue
        if i % 2:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        socks.append(sock)
    time.sleep(0.5)
    during = healthz_s(s.url)
    fds_during = open_fds(s.proc.pid)
    started = time.monotonic()
    pending = set(range(len(socks)))
    for sock in socks:
        sock.setblocking(False)
    while pending and time.monotonic() - started < 30:
        for i in list(pending):
            try:
                while data := socks[i].recv(65536):  # a refusal answer, then the close
                    del data
                pending.discard(i)
            except BlockingIOError:
                continue
            except OSError:
                pending.discard(i)
        time.sleep(0.1)
    held = len(pending)
    closed_after = round(time.monotonic() - started, 2)
    for sock in socks:
        sock.close()
    lines = len(s.log_path.read_text().splitlines()) - lines_before
    return {
        "connections_opened": count,
        "connect_errors": refused,
        "api_open_fds_during": fds_during,
        "healthz_s_during": during,
        "all_closed_by_server_after_s": closed_after,
        "still_open_after_30s": held,
        "log_lines_written": lines,
        "healthz_s_after": healthz_s(s.url),
    }


def template_bomb(s: Served) -> dict[str, Any]:
    key = s.keys["mallory"]
    bomb = "{% set s = ''|center(8000000000) %}<div class='slide'>{{ s|length }}</div>"
    workers = children(s.proc.pid)
    started = time.monotonic()
    out = upload_template(s.url, template_zip("bomb", content=bomb), Api_Key=key)
    peak = max((rss_mb(p, "VmHWM") for p in children(s.proc.pid)), default=0.0)
    return {
        "upload_code": out["code"],
        "answered_s": round(time.monotonic() - started, 2),
        "worker_peak_rss_mb": round(peak, 1),
        "workers_replaced": len(set(children(s.proc.pid)) - set(workers)),
    }


def uploads(s: Served, count: int, size: int) -> dict[str, Any]:
    """`count` concurrent uploads of `size` bytes of the wrong type, from one account."""
    token = s.token("mallory", "m-bench-up")
    before = rss_mb(s.proc.pid)
    codes: list[int] = []
    peak = [before]

    def one() -> None:
        body = b"\x00" * size
        try:
            r = httpx.post(
                s.url + "/v2/api/portable/create-task",
                data={"type": "2", "templateId": "corporate"},
                files={"file": ("big.docx", body, "application/octet-stream")},
                headers={"token": token},
                timeout=120,
            )
            codes.append(r.json()["code"])
        except httpx.HTTPError:
            codes.append(-1)

    threads = [threading.Thread(target=one) for _ in range(count)]
    for t in threads:
        t.start()
    while any(t.is_alive() for t in threads):
        peak.append(rss_mb(s.proc.pid))
        time.sleep(0.05)
    return {
        "uploads": count,
        "bytes_each": size,
        "codes": {str(c): codes.count(c) for c in sorted(set(codes))},
        "api_rss_before_mb": round(before, 1),
        "api_rss_peak_mb": round(max(peak), 1),
    }


def parser_isolation(s: Served) -> dict[str, Any]:
    mallory = s.token("mallory", "m-bench-parse")
    alice = s.token("alice", "a-bench-parse")
    for name, data in (("page.html", nested_list_html()), ("a.docx", hostile_docx(3000))):
        create_task(
            s.url,
            mallory,
            {"type": 2 if name.endswith("html") else 4, "templateId": "corporate"},
            files={"file": (name, data, "application/octet-stream")},
        )
    time.sleep(0.5)
    started = time.monotonic()
    mine = create_task(s.url, alice, {"type": 7, "content": MD, "templateId": "corporate"})
    out = wait_task(s.url, alice, mine["data"]["taskId"], 300)
    return {
        "other_tenant_task_code": out["code"],
        "other_tenant_task_s": round(time.monotonic() - started, 2),
        "api_rss_mb": round(rss_mb(s.proc.pid), 1),
    }


def sse_flood(s: Served, count: int) -> dict[str, Any]:
    token = s.token("mallory", "m-bench-sse")
    made = create_task(
        s.url,
        token,
        {"type": 2, "templateId": "corporate"},
        files={"file": ("page.html", nested_list_html(), "text/html")},
    )
    task_id = made["data"]["taskId"]
    accepted = refused = 0
    with httpx.Client(timeout=10, limits=httpx.Limits(max_connections=count)) as client:
        opened = []
        for _ in range(count):
            req = client.build_request(
                "GET",
                s.url + "/v2/api/portable/task-stream",
                params={"taskId": task_id},
                headers={"token": token},
            )
            r = client.send(req, stream=True)
            if r.headers.get("content-type", "").startswith("text/event-stream"):
                accepted += 1
                opened.append(r)
            else:
                r.read()
                refused += 1
                r.close()
        during = healthz_s(s.url)
        for r in opened:
            r.close()
    return {
        "streams_tried": count,
        "accepted": accepted,
        "refused_1014": refused,
        "healthz_s_during": during,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "attacks.json"))
    parser.add_argument("--connections", type=int, default=2000)
    args = parser.parse_args()
    results: dict[str, Any] = {
        "machine": "2-core VM, shared with other jobs",
        "command": "python benchmarks/bench_attacks.py",
    }
    with tempfile.TemporaryDirectory() as tmp:
        s = start(Path(tmp), accounts={"alice": 100_000, "mallory": 100_000})
        try:
            results["api_rss_idle_mb"] = round(rss_mb(s.proc.pid), 1)
            for name, run in (
                ("idle_connections", lambda: idle_flood(s, args.connections)),
                ("template_memory_bomb", lambda: template_bomb(s)),
                ("uploads_32x50MB_wrong_type", lambda: uploads(s, 32, 50 * 1024 * 1024)),
                ("slow_parsers", lambda: parser_isolation(s)),
                ("sse_flood", lambda: sse_flood(s, 300)),
            ):
                started = time.monotonic()
                results[name] = run()
                results[name]["seconds"] = round(time.monotonic() - started, 2)
                print(name, json.dumps(results[name]), flush=True)
        finally:
            stop(s)
    Path(args.out).write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
