"""SVG rasterizing out of process (sanitized SVG text + pixel size -> PNG bytes, or why not).

resvg is native code: it holds the GIL, cannot be interrupted, and panics or aborts the whole
process on some inputs (r="1e10", stroke-width="1e10", ...). So it runs in a helper process, one
per engine process, started on first use and reused (a render costs one pipe round trip). A
render that outlives its time budget is killed with the helper; a panic or abort ends only the
helper. Either way the next SVG starts a new one. The helper runs in isolated mode, under an
address-space limit, with an empty working and resources directory, system fonts off and only the
font files the engine passes.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

HELPER_MEMORY_BYTES = 1024 * 1024 * 1024  # RLIMIT_AS of the helper process
STARTUP_TIMEOUT_S = 30.0  # starting Python + resvg; not part of a render's time limit

_HELPER_CODE = r"""
import json, os, resource, struct, sys
try:  # die with the engine process (Linux): a killed worker leaves no render running
    import ctypes, signal
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
except (OSError, AttributeError):
    pass
if os.getppid() != int(sys.argv[3]):
    raise SystemExit(0)
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
import resvg_py
resources_dir = sys.argv[2]
inp, out = sys.stdin.buffer, sys.stdout.buffer
out.write(b"R")
out.flush()

def read(n):
    data = inp.read(n)
    if len(data) != n:
        raise SystemExit(0)
    return data

while True:
    (size,) = struct.unpack(">I", read(4))
    job = json.loads(read(size))
    svg = read(job["svg_bytes"]).decode("utf-8")
    try:
        data = bytes(resvg_py.svg_to_bytes(
            svg_string=svg, width=job["width"], height=job["height"], skip_system_fonts=True,
            font_files=job["fonts"] or None, resources_dir=resources_dir, **job["families"],
        ))
        status = 0
    except BaseException as exc:  # pyo3's PanicException is a BaseException
        data, status = type(exc).__name__.encode(), 1
    out.write(struct.pack(">BI", status, len(data)))
    out.write(data)
    out.flush()
"""


@dataclass(frozen=True)
class Rendered:
    """A render's outcome: `png` when status is 'ok'; else 'error', 'timeout' or 'crashed'."""

    status: str
    png: bytes | None = None
    detail: str = ""


@dataclass(frozen=True)
class FontSet:
    """The font files resvg may load, and the family names its generic keywords map to
    (keys: font_family, serif_family, sans_serif_family, monospace_family)."""

    files: tuple[str, ...] = ()
    families: tuple[tuple[str, str], ...] = ()


NO_FONTS = FontSet()


class _Helper:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.proc: subprocess.Popen[bytes] | None = None
        self.empty_dir: str | None = None
        self.spawner: ThreadPoolExecutor | None = None

    def render(
        self, svg: str, width: int, height: int, fonts: FontSet, timeout_s: float
    ) -> Rendered:
        body = svg.encode("utf-8")
        job = json.dumps(
            {
                "svg_bytes": len(body),
                "width": width,
                "height": height,
                "fonts": list(fonts.files),
                "families": dict(fonts.families),
            }
        ).encode("utf-8")
        with self.lock:
            for attempt in range(2):
                try:
                    proc = self._running()
                    assert proc.stdin is not None
                    proc.stdin.write(struct.pack(">I", len(job)) + job + body)
                    proc.stdin.flush()
                except (BrokenPipeError, OSError):
                    self._stop()  # died between two renders: one fresh start
                    if attempt:
                        return Rendered("crashed", detail="SVG helper could not start")
                    continue
                return self._answer(proc, timeout_s)
        return Rendered("crashed")

    def _answer(self, proc: subprocess.Popen[bytes], timeout_s: float) -> Rendered:
        assert proc.stdout is not None
        deadline = time.monotonic() + max(0.01, timeout_s)
        fd = proc.stdout.fileno()
        try:
            status, size = struct.unpack(">BI", _read_exact(fd, 5, deadline))
            data = _read_exact(fd, size, deadline)
        except TimeoutError:
            self._stop()
            return Rendered("timeout", detail=f"over {timeout_s:g} s")
        except EOFError:
            self._stop()
            return Rendered("crashed", detail="the SVG renderer aborted")
        if status != 0:
            return Rendered("error", detail=data.decode("utf-8", "replace"))
        return Rendered("ok", data)

    def _running(self) -> subprocess.Popen[bytes]:
        if self.proc is not None and self.proc.poll() is None:
            return self.proc
        self._stop()
        if self.empty_dir is None:
            self.empty_dir = tempfile.mkdtemp(prefix="deckforge-svg-")
        env = {k: v for k, v in os.environ.items() if not k.startswith("RUST_")}
        env["RUST_BACKTRACE"] = "0"
        self.proc = (
            self._spawner()
            .submit(
                subprocess.Popen,
                [
                    sys.executable,
                    "-I",
                    "-c",
                    _HELPER_CODE,
                    str(HELPER_MEMORY_BYTES),
                    self.empty_dir,
                    str(os.getpid()),
                ],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,  # panic messages are not log lines
                cwd=self.empty_dir,
                env=env,
            )
            .result()
        )
        assert self.proc.stdout is not None
        try:  # the helper says when resvg is imported: render time limits start after that
            _read_exact(self.proc.stdout.fileno(), 1, time.monotonic() + STARTUP_TIMEOUT_S)
        except (TimeoutError, EOFError):
            self._stop()
            raise BrokenPipeError("SVG helper did not start") from None
        return self.proc

    def _spawner(self) -> ThreadPoolExecutor:
        """One long-lived thread starts helpers: the parent-death signal is tied to the thread
        that forked, and page conversions run in short-lived threads."""
        if self.spawner is None:
            self.spawner = ThreadPoolExecutor(1, thread_name_prefix="deckforge-svg-spawner")
        return self.spawner

    def _stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def close(self) -> None:
        self._stop()
        if self.spawner is not None:
            self.spawner.shutdown(wait=False)
            self.spawner = None
        if self.empty_dir is not None:
            shutil.rmtree(self.empty_dir, ignore_errors=True)
            self.empty_dir = None

    def forget(self) -> None:
        """In a forked child: the parent's helper is not ours to use or stop."""
        self.lock = threading.Lock()
        self.proc = None
        self.empty_dir = None
        self.spawner = None


def _read_exact(fd: int, size: int, deadline: float) -> bytes:
    buf = bytearray()
    while len(buf) < size:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError
        ready, _, _ = select.select([fd], [], [], remaining)
        if not ready:
            raise TimeoutError
        chunk = os.read(fd, min(size - len(buf), 1 << 20))
        if not chunk:
            raise EOFError
        buf += chunk
    return bytes(buf)


_HELPER = _Helper()
atexit.register(_HELPER.close)
os.register_at_fork(after_in_child=_HELPER.forget)


def rasterize(
    svg: str, width: int, height: int, fonts: FontSet = NO_FONTS, timeout_s: float = 5.0
) -> Rendered:
    """Render sanitized SVG text to a PNG of width x height px within `timeout_s` seconds."""
    return _HELPER.render(svg, width, height, fonts, timeout_s)
