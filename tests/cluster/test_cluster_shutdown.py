"""Graceful shutdown per role, then the cluster's own teardown: SIGTERM to an API instance ends
it cleanly (exit 0); SIGTERM to a worker host in the middle of a task ends it cleanly and the
task still succeeds once (finished within the grace period or handed back to the other host);
`Cluster.stop()` leaves no process and no listening port behind. Runs last (file order)."""

from __future__ import annotations

import signal
import time

import httpx
from cluster import Cluster, Proc, port_open
from cluster_testkit import create_task, wait_done
from test_cluster_faults import LONG_MARKDOWN, _charges, _running_on


def _terminate(proc: Proc, clean_end: int) -> None:
    """SIGTERM to the process itself (as `docker stop` does), not to its group: it must stop
    its own children. A clean end is `clean_end` (a worker host exits 0; an API instance
    ends by -SIGTERM, as uvicorn re-raises the signal it handled once shut down), with no
    child left."""
    assert proc.popen is not None
    children = proc.group_pids() - {proc.pid}
    assert children
    proc.popen.send_signal(signal.SIGTERM)
    assert proc.wait(40) == clean_end, proc.tail()
    deadline = time.monotonic() + 10
    while proc.group_pids() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not proc.group_pids(), proc.tail()


def test_sigterm_api_instance_exits_cleanly(cluster: Cluster) -> None:
    api = cluster.apis[1]
    _terminate(api, -signal.SIGTERM)
    assert "Application shutdown complete" in api.tail(200)
    assert not port_open(api.port or 0)
    cluster.restart_api(1)
    assert httpx.get(cluster.url(1) + "/readyz", timeout=10).status_code == 200


def test_sigterm_worker_mid_task_finishes_or_hands_back(cluster: Cluster) -> None:
    token = cluster.token("frank")
    task_id = create_task(cluster, 1, token, LONG_MARKDOWN, length="long")
    host = _running_on(cluster, task_id)
    _terminate(cluster.workers[host], 0)
    done = wait_done(cluster, task_id, token, timeout=90)
    assert done["data"]["status"] == "success", done
    assert _charges(cluster, task_id) == (1, 1)
    cluster.restart_worker(host)


def test_stop_leaves_no_process_or_port(cluster: Cluster) -> None:
    ports = cluster.ports()
    pids = {pid for p in cluster.all_procs() for pid in p.group_pids()}
    assert len(pids) >= 2 + 2 * 2 + 2  # APIs (+ their pools), worker hosts (+ children), redis, s3
    cluster.stop()  # raises if anything is left
    assert cluster.leftovers() == {}
    assert not [p for p in ports if port_open(p)]
    assert not [pid for pid in pids if _alive(pid)]


def _alive(pid: int) -> bool:
    from cluster import _alive as alive

    return alive(pid)
