"""The harness cleans up after a test process that died without stopping its cluster: the
orphaned cluster's processes (found by the marker in their environment) are killed and its
directory removed, and so are marked processes whose cluster directory is gone; processes of
a live owner are left alone."""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

from cluster import DIR_PREFIX, MARKER, OWNER_FILE, _alive, reap_orphan_clusters


def _fake_cluster(owner_pid: int) -> tuple[Path, subprocess.Popen[bytes]]:
    d = Path(tempfile.mkdtemp(prefix=DIR_PREFIX))
    (d / OWNER_FILE).write_text(str(owner_pid))
    proc = subprocess.Popen(
        ["sleep", "60"], env={**os.environ, MARKER: str(d)}, start_new_session=True
    )
    return d, proc


def _dead_pid() -> int:
    p = subprocess.Popen(["true"])
    p.wait()
    return p.pid


def test_orphaned_cluster_is_reaped_live_one_kept() -> None:
    orphan_dir, orphan = _fake_cluster(_dead_pid())
    live_dir, live = _fake_cluster(os.getpid())
    gone_dir, leaked = _fake_cluster(os.getpid())  # e.g. a host a restart forgot to stop
    (gone_dir / OWNER_FILE).unlink()
    gone_dir.rmdir()
    try:
        reap_orphan_clusters()
        assert orphan.wait(10) == -9
        assert not orphan_dir.exists()
        assert leaked.wait(10) == -9
        assert live.poll() is None and _alive(live.pid) and live_dir.exists()
    finally:
        for p in (orphan, live, leaked):
            p.kill()
            p.wait()
        (live_dir / OWNER_FILE).unlink()
        live_dir.rmdir()
