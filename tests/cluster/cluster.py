"""A throwaway deckforge cluster on 127.0.0.1 (settings -> running processes): PostgreSQL,
Redis, a moto S3 server, N API instances and M worker hosts, each a real OS process in its own
process group, on free ports, with every file in one temp directory.

Used by the cluster tests (tests/cluster/conftest.py) and by benchmarks/load_cluster.py. Faults
are real: `kill_worker` / `kill_api` send SIGKILL to a whole process group, `kill_redis` /
`start_redis` kill Redis and start an empty one on the same port, `stop_postgres` / `start_postgres` stop and start the
PostgreSQL server (`pg_ctl -m fast`), `freeze_postgres` / `thaw_postgres` SIGSTOP / SIGCONT it. `stop()` ends everything and checks nothing is left.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

HERE = Path(__file__).resolve().parent
# Every process runs from the project root: `python -c` / `-m` then import this checkout's code
# (a worktree's), not an installed copy.
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE.parent / "service"))
sys.path.insert(0, str(ROOT))  # tests.requires (pg_cluster), also when a benchmark imports this

from pg_cluster import PgCluster, find_pg_bin, reap_orphans  # noqa: E402
from service_testkit import free_port  # noqa: E402

from tests.requires import redis_server_path  # noqa: E402

REDIS = redis_server_path() or "/usr/bin/redis-server"
BUCKET = "deckforge-cluster"
SECRET = "cluster-signing-secret"
STATIC_TOKEN = "cluster-static-token"
CREATE_TOKEN = "/api/user/createApiToken"
START_TIMEOUT_S = 90.0
DIR_PREFIX = "deckforge-cluster-"
OWNER_FILE = "owner.pid"
MARKER = "DECKFORGE_TEST_CLUSTER"  # in every cluster process's environment: its cluster dir
KEY_RE = re.compile(r"API key \(shown once, keep it secret\): (\S+)")


@dataclass
class Proc:
    """One started process (the leader of its own process group) and its log file."""

    name: str
    argv: list[str]
    env: dict[str, str]
    log: Path
    port: int | None = None
    popen: subprocess.Popen[bytes] | None = None
    pids_seen: set[int] = field(default_factory=set)

    def start(self) -> None:
        fh = self.log.open("ab")
        try:
            self.popen = subprocess.Popen(
                self.argv,
                env=self.env,
                stdout=fh,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                cwd=ROOT,
                start_new_session=True,  # own process group: a kill takes its children too
            )
        finally:
            fh.close()
        self.pids_seen.add(self.popen.pid)

    @property
    def pid(self) -> int:
        assert self.popen is not None
        return self.popen.pid

    def alive(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def group_pids(self) -> set[int]:
        """Live processes of this process group (the leader's children included)."""
        if self.popen is None:
            return set()
        return set(pids_in_group(self.popen.pid))

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Send `sig` to the whole process group (no-op when it is gone)."""
        if self.popen is None:
            return
        self.pids_seen |= self.group_pids()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.popen.pid, sig)

    def wait(self, timeout: float) -> int | None:
        if self.popen is None:
            return None
        try:
            return self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def tail(self, lines: int = 40) -> str:
        try:
            text = self.log.read_text(errors="replace").splitlines()
        except FileNotFoundError:
            return ""
        return "\n".join(text[-lines:])


def pids_in_group(pgid: int) -> list[int]:
    """Live (not zombie) pids whose process group is `pgid` (read from /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if fields[0] != "Z" and int(fields[2]) == pgid:
            out.append(int(entry.name))
    return out


def children_of(ppid: int) -> list[int]:
    """Live pids whose parent is `ppid` (read from /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if fields[0] != "Z" and int(fields[1]) == ppid:
            out.append(int(entry.name))
    return out


def postgres_pids(pg: PgCluster) -> list[int]:
    """A PostgreSQL server: the postmaster, then its children (each in its own session, so
    not one process group)."""
    postmaster = int((pg.data / "postmaster.pid").read_text().split()[0])
    return [postmaster, *children_of(postmaster)]


def freeze_postgres(pg: PgCluster) -> None:
    """SIGSTOP the whole server: its TCP connections stay open, nothing answers (a hung host).
    The postmaster first, so that it starts no new child meanwhile."""
    for pid in postgres_pids(pg):
        os.kill(pid, signal.SIGSTOP)


def thaw_postgres(pg: PgCluster) -> None:
    for pid in reversed(postgres_pids(pg)):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGCONT)


def port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def wait_until(check: Any, timeout: float, what: str, proc: Proc | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        if proc is not None and not proc.alive():
            raise RuntimeError(f"{proc.name} exited while {what}:\n{proc.tail()}")
        time.sleep(0.1)
    tail = f":\n{proc.tail()}" if proc is not None else ""
    raise RuntimeError(f"timed out: {what}{tail}")


class Cluster:
    """PostgreSQL + Redis + moto S3 + `apis` API instances + `workers` worker hosts."""

    def __init__(
        self,
        *,
        apis: int = 2,
        workers: int = 2,
        worker_processes: int = 1,
        worker_threads: int = 1,
        queue: bool = True,
        extra_env: dict[str, str] | None = None,
    ) -> None:
        bin_dir = find_pg_bin()
        if bin_dir is None:
            raise RuntimeError("PostgreSQL binaries not found (Debian package `postgresql`)")
        if not Path(REDIS).exists():
            raise RuntimeError("redis-server not found (Debian package `redis-server`)")
        reap_orphans(bin_dir)
        reap_orphan_clusters()
        self.dir = Path(tempfile.mkdtemp(prefix=DIR_PREFIX))
        (self.dir / OWNER_FILE).write_text(str(os.getpid()))
        self.pg = PgCluster(bin_dir)
        self.pg_options = ""
        self.redis_port = free_port()
        self.s3_port = free_port()
        self.queue = queue  # False: no Redis queue, every API instance runs its own workers
        self.n_apis, self.n_workers = apis, (workers if queue else 0)
        self.worker_processes, self.worker_threads = worker_processes, worker_threads
        self.extra_env = extra_env or {}
        self.redis: Proc | None = None
        self.s3: Proc | None = None
        self.apis: list[Proc] = []
        self.workers: list[Proc] = []
        self.database_url = ""
        self.api_key = ""
        self.stopped = False

    # ---- settings -------------------------------------------------------------------------

    @property
    def redis_url(self) -> str:
        return f"redis://127.0.0.1:{self.redis_port}/0"

    @property
    def s3_url(self) -> str:
        return f"http://127.0.0.1:{self.s3_port}"

    def env(self, data_dir: Path, **more: str) -> dict[str, str]:
        """The DECKFORGE_* environment every instance and worker host shares (its own data dir:
        nothing on local disk is shared between instances)."""
        keep = ("PATH", "HOME", "LANG", "LC_ALL", "PYTHONPATH", "VIRTUAL_ENV", "TMPDIR")
        env = {k: v for k, v in os.environ.items() if k in keep or k.startswith("PYENV")}
        env.update(
            {
                "DECKFORGE_DATA_DIR": str(data_dir),
                "DECKFORGE_DATABASE_URL": self.database_url,
                "DECKFORGE_DB_POOL_SIZE": "5",
                "DECKFORGE_QUEUE_HEARTBEAT_TIMEOUT_S": "3",
                "DECKFORGE_QUEUE_REQUEUE_AFTER_S": "2",
                "DECKFORGE_QUEUE_SWEEP_INTERVAL_S": "0.5",
                "DECKFORGE_WORKER_GRACE_S": "10",
                "DECKFORGE_STORAGE": "s3",
                "DECKFORGE_S3_BUCKET": BUCKET,
                "DECKFORGE_S3_ENDPOINT_URL": self.s3_url,
                "DECKFORGE_S3_REGION": "us-east-1",
                "DECKFORGE_S3_CREATE_BUCKET": "true",
                "AWS_ACCESS_KEY_ID": "testing",
                "AWS_SECRET_ACCESS_KEY": "testing",
                "AWS_DEFAULT_REGION": "us-east-1",
                "DECKFORGE_SIGNING_SECRET": SECRET,
                "DECKFORGE_TOKENS": STATIC_TOKEN,
                "DECKFORGE_WORKERS": "1",
                "DECKFORGE_QUEUE_SIZE": "64",
                "DECKFORGE_TASK_POLL_INTERVAL_S": "0.1",
                "DECKFORGE_TASK_LEASE_S": "3",
                "DECKFORGE_TASK_SSE_HEARTBEAT_S": "1",
                "DECKFORGE_TASK_PER_ACCOUNT": "64",
                "DECKFORGE_TASK_QUEUE_SIZE": "500",
                "DECKFORGE_LOG_LEVEL": "INFO",
                "PYTHONUNBUFFERED": "1",
            }
        )
        if self.queue:
            env["DECKFORGE_QUEUE_URL"] = self.redis_url
        env.update(self.extra_env)
        env.update(more)
        env[MARKER] = str(self.dir)
        return env

    def _deckforge(self, *args: str) -> list[str]:
        return [sys.executable, "-c", "import sys; from service.cli import main; "
                "sys.exit(main(sys.argv[1:]))", *args]  # fmt: skip

    # ---- start ----------------------------------------------------------------------------

    def start(self) -> Cluster:
        try:
            self._start_backing()
            self._prepare_database()
            for i in range(self.n_apis):
                self.apis.append(self._api_proc(i))
            for i in range(self.n_workers):
                self.workers.append(self._worker_proc(i))
            for p in [*self.apis, *self.workers]:
                p.start()
            for p in self.apis:
                self.wait_ready(p)
            for p in self.workers:
                self.wait_worker_ready(p)
        except BaseException:
            self.print_logs()
            self.stop(check=False)
            raise
        return self

    def _start_backing(self) -> None:
        self.pg.start()
        self.redis = Proc("redis", self._redis_argv(), self._plain_env(), self.dir / "redis.log")
        self.redis.port = self.redis_port
        self.redis.start()
        s3_argv = [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(self.s3_port)]
        self.s3 = Proc("s3", s3_argv, self._plain_env(), self.dir / "s3.log", port=self.s3_port)
        self.s3.start()
        wait_until(lambda: port_open(self.redis_port), 30, "redis starting", self.redis)
        wait_until(lambda: port_open(self.s3_port), 60, "moto starting", self.s3)

    def _plain_env(self) -> dict[str, str]:
        return {**os.environ, MARKER: str(self.dir)}

    def _redis_argv(self) -> list[str]:
        redis_dir = self.dir / "redis"
        redis_dir.mkdir(exist_ok=True)
        return [
            REDIS,
            "--port",
            str(self.redis_port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(redis_dir),
        ]

    def _prepare_database(self) -> None:
        """`deckforge db upgrade` once, then `deckforge accounts create` (the production steps)."""
        self.database_url = self.pg.create_database()
        env = self.env(self.dir / "admin")
        run = {"env": env, "capture_output": True, "text": True, "timeout": 120}
        subprocess.run(self._deckforge("db", "upgrade"), check=True, **run)  # type: ignore[call-overload]
        out = subprocess.run(  # type: ignore[call-overload]
            self._deckforge("accounts", "create", "acme", "--credits", "1000000"), **run
        )
        found = KEY_RE.search(out.stdout)
        if out.returncode != 0 or found is None:
            raise RuntimeError(f"accounts create failed: {out.stdout}\n{out.stderr}")
        self.api_key = found.group(1)

    def _api_proc(self, i: int, port: int | None = None) -> Proc:
        port = port or free_port()
        data = self.dir / f"api{i}"
        no_workers = ["--no-workers"] if self.queue else []
        argv = self._deckforge("serve", *no_workers, "--host", "127.0.0.1", "--port", str(port))
        proc = Proc(f"api{i}", argv, self.env(data), self.dir / f"api{i}.log", port=port)
        return proc

    def _worker_proc(self, i: int) -> Proc:
        data = self.dir / f"worker{i}"
        port = free_port()  # its /healthz, /readyz and /metrics
        argv = self._deckforge(
            "worker",
            "--processes",
            str(self.worker_processes),
            "--threads",
            str(self.worker_threads),
            "--metrics-port",
            str(port),
        )
        return Proc(f"worker{i}", argv, self.env(data), self.dir / f"worker{i}.log", port=port)

    def wait_ready(self, proc: Proc, timeout: float = START_TIMEOUT_S) -> None:
        def ready() -> bool:
            try:
                return httpx.get(self.url(proc) + "/readyz", timeout=2).status_code == 200
            except httpx.HTTPError:
                return False

        wait_until(ready, timeout, f"{proc.name} becoming ready", proc)

    def wait_worker_ready(self, proc: Proc, timeout: float = START_TIMEOUT_S) -> None:
        """A worker host is ready when its /readyz says so and every process of it is alive."""

        def ready() -> bool:
            base = f"http://127.0.0.1:{proc.port}"
            try:
                health = httpx.get(base + "/healthz", timeout=2).json()
                ok = httpx.get(base + "/readyz", timeout=2).status_code == 200
            except (httpx.HTTPError, ValueError):
                return False
            return ok and health.get("aliveProcesses") == self.worker_processes

        wait_until(ready, timeout, f"{proc.name} becoming ready", proc)

    # ---- use ------------------------------------------------------------------------------

    def url(self, proc: Proc | int) -> str:
        p = self.apis[proc] if isinstance(proc, int) else proc
        return f"http://127.0.0.1:{p.port}"

    def client(self, i: int, timeout: float = 60.0) -> httpx.Client:
        return httpx.Client(base_url=self.url(i), timeout=timeout)

    def token(self, uid: str) -> str:
        """A temporary token for `uid` of the acme account (createApiToken on instance 0)."""
        r = httpx.post(
            self.url(0) + CREATE_TOKEN, json={"uid": uid}, headers={"Api-Key": self.api_key}
        )
        out = r.json()
        assert out["code"] == 0, out
        return str(out["data"]["token"])

    def sql(self, query: str, **params: Any) -> list[Any]:
        """Rows of `query` on the cluster's database (a short-lived connection)."""
        from sqlalchemy import create_engine, text
        from sqlalchemy.pool import NullPool

        engine = create_engine(self.database_url, poolclass=NullPool)
        try:
            with engine.connect() as conn:
                return list(conn.execute(text(query), params))
        finally:
            engine.dispose()

    def worker_of(self, pid: int) -> int | None:
        """Index of the worker host whose process group holds `pid`."""
        for i, p in enumerate(self.workers):
            if pid in p.group_pids():
                return i
        return None

    # ---- faults ---------------------------------------------------------------------------

    def kill_api(self, i: int) -> None:
        self.apis[i].kill(signal.SIGKILL)
        self.apis[i].wait(10)

    def restart_api(self, i: int) -> None:
        """A fresh process for instance i on the same port (the old one stopped first)."""
        old = self.apis[i]
        _end(old)
        new = self._api_proc(i, port=old.port)
        new.pids_seen |= old.pids_seen
        self.apis[i] = new
        new.start()
        self.wait_ready(new)

    def kill_worker(self, i: int) -> None:
        self.workers[i].kill(signal.SIGKILL)
        self.workers[i].wait(10)

    def restart_worker(self, i: int) -> None:
        """A fresh worker host i, with `self.worker_processes` processes (the old one stopped
        first: SIGTERM, its grace period, then SIGKILL)."""
        old = self.workers[i]
        _end(old)
        new = self._worker_proc(i)
        new.pids_seen |= old.pids_seen
        self.workers[i] = new
        new.start()
        self.wait_worker_ready(new)

    def kill_redis(self) -> None:
        """SIGKILL Redis (no persistence: its queued messages are gone)."""
        assert self.redis is not None
        self.redis.kill(signal.SIGKILL)
        self.redis.wait(10)
        wait_until(lambda: not port_open(self.redis_port), 10, "redis stopping")

    def start_redis(self) -> None:
        """A fresh, empty Redis on the same port."""
        assert self.redis is not None
        new = Proc("redis", self._redis_argv(), self.redis.env, self.redis.log, self.redis_port)
        new.pids_seen |= self.redis.pids_seen
        self.redis = new
        new.start()
        wait_until(lambda: port_open(self.redis_port), 30, "redis restarting", new)

    def stop_postgres(self) -> None:
        """Stop PostgreSQL (fast mode: open connections are cut, committed data is kept; the
        test server runs with synchronous_commit=off, which an immediate stop would lose)."""
        self.pg._run(str(self.pg.bin / "pg_ctl"), "-D", str(self.pg.data), "-m", "fast", "-w",
                     "stop")  # fmt: skip

    def postgres_pids(self) -> list[int]:
        return postgres_pids(self.pg)

    def freeze_postgres(self) -> None:
        freeze_postgres(self.pg)

    def thaw_postgres(self) -> None:
        thaw_postgres(self.pg)

    def start_postgres(self) -> None:
        options = (
            f"-p {self.pg.port} -k {self.pg.dir} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=300"
        )
        self.pg._run(
            str(self.pg.bin / "pg_ctl"), "-D", str(self.pg.data), "-o", options,
            "-l", str(self.pg.dir / "server.log"), "-w", "-t", "60", "start",
        )  # fmt: skip

    # ---- stop -----------------------------------------------------------------------------

    def all_procs(self) -> list[Proc]:
        return [p for p in [*self.apis, *self.workers, self.redis, self.s3] if p is not None]

    def ports(self) -> list[int]:
        ports = [p.port for p in self.all_procs() if p.port]
        return [*ports, self.pg.port]

    def stop(self, check: bool = True) -> None:
        """SIGTERM every process group, SIGKILL what is left after a grace period, stop
        PostgreSQL and remove the temp directory. With `check`, raise if a process or a
        listening port survived."""
        if self.stopped:
            return
        self.stopped = True
        procs = self.all_procs()
        for p in procs:
            p.kill(signal.SIGTERM)
        deadline = time.monotonic() + 15
        for p in procs:
            p.wait(max(0.1, deadline - time.monotonic()))
        for p in procs:
            p.kill(signal.SIGKILL)
            p.wait(5)
        for pid in marked_pids(self.dir):  # anything else started for this cluster
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            self.pg.stop()
        shutil.rmtree(self.dir, ignore_errors=True)
        if check:
            left = self.leftovers()
            if left:
                raise AssertionError(f"cluster left processes or ports behind: {left}")

    def leftovers(self) -> dict[str, Any]:
        """Processes of the cluster still alive and its ports still accepting connections."""
        known = {pid for p in self.all_procs() for pid in p.pids_seen | p.group_pids()}
        alive = sorted(pid for pid in known | set(marked_pids(self.dir)) if _alive(pid))
        ports = [port for port in self.ports() if port_open(port)]
        return {"pids": alive, "ports": ports} if alive or ports else {}

    def print_logs(self) -> None:
        for p in self.all_procs():
            print(f"----- {p.name} (pid {p.popen.pid if p.popen else '-'}) -----")
            print(p.tail(60))


def _end(proc: Proc) -> None:
    """Stop `proc` if it still runs: SIGTERM, up to 20 s, then SIGKILL (its whole group)."""
    if proc.alive():
        proc.kill(signal.SIGTERM)
        proc.wait(20)
    proc.kill(signal.SIGKILL)
    proc.wait(5)


def marked_pids(cluster_dir: Path | None = None) -> dict[int, Path]:
    """Live processes carrying MARKER (of `cluster_dir`, or of any cluster) -> their cluster."""
    prefix = f"{MARKER}=".encode()
    out: dict[int, Path] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            env = (entry / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        for item in env:
            if item.startswith(prefix):
                where = Path(item[len(prefix) :].decode(errors="replace"))
                if (cluster_dir is None or where == cluster_dir) and _alive(int(entry.name)):
                    out[int(entry.name)] = where
                break
    return out


def reap_orphan_clusters() -> None:
    """Kill the processes of clusters whose test process died without stopping them (e.g. a
    CI timeout), found by the MARKER in their environment: a cluster whose owner process is
    gone, or whose directory was removed, and remove its directory."""
    dead: set[Path] = set()
    for owner in Path(tempfile.gettempdir()).glob(f"{DIR_PREFIX}*/{OWNER_FILE}"):
        try:
            os.kill(int(owner.read_text()), 0)
            continue  # its owner is alive
        except ProcessLookupError:
            dead.add(owner.parent)
        except (ValueError, OSError):
            continue
    for pid, where in marked_pids().items():
        if where in dead or not where.exists():
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
    for where in dead:
        shutil.rmtree(where, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"
