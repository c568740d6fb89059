"""An anonymous client against `deckforge serve`: idle and half-sent connections are closed,
connections are capped per client address and in total (503 + code 1012, refused cleanly),
repeated warnings are logged once per interval, and the open-file limit is raised at start."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from servekit import Served, closed_by_server, connect, start, stop

PER_CLIENT = 6
TOTAL = 10


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    s = start(
        tmp_path_factory.mktemp("conn"),
        header_timeout_s=1,
        idle_timeout_s=1,
        max_connections_per_client=PER_CLIENT,
        max_connections=TOTAL,
        log_repeat_interval_s=60,
        workers=1,
        open_files_limit=4096,
    )
    yield s
    stop(s)


def test_silent_connection_is_closed(served: Served) -> None:
    sock = connect(served.port)
    with sock:
        assert closed_by_server(sock)


def test_half_sent_headers_are_closed(served: Served) -> None:
    """A client that sends a request line and then one header byte every 0.3 s keeps the
    connection busy but never finishes its headers: closed at the header deadline."""
    sock = connect(served.port, timeout=0.3)
    with sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        closed = False
        for _ in range(40):  # 12 s at most
            try:
                sock.sendall(b"X")
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            try:
                if sock.recv(1024) == b"":
                    closed = True
                    break
            except TimeoutError:
                continue
            except ConnectionResetError:
                closed = True
                break
        assert closed


def test_kept_alive_connection_with_half_a_second_request_is_closed(served: Served) -> None:
    sock = connect(served.port)
    with sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        first = sock.recv(65536)
        assert first.startswith(b"HTTP/1.1 200")
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHo")  # then nothing more
        assert closed_by_server(sock)


def _refusal(sock: socket.socket) -> bytes:
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def test_connections_capped_per_client_and_in_total(served: Served) -> None:
    held: list[socket.socket] = []
    try:
        # One address holds its share; its next connection is refused, another address is not.
        for _ in range(PER_CLIENT):
            held.append(connect(served.port, "127.0.0.2"))
            held[-1].sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")  # kept in its headers
        extra = connect(served.port, "127.0.0.2")
        with extra:
            answer = _refusal(extra)
        assert answer.startswith(b"HTTP/1.1 503")
        assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["code"] == 1012
        assert httpx.get(served.url + "/healthz", timeout=5).status_code == 200
        # Past the total, every address is refused.
        for _ in range(TOTAL - PER_CLIENT):
            held.append(connect(served.port, "127.0.0.3"))
            held[-1].sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        late = connect(served.port, "127.0.0.4")
        with late:
            assert _refusal(late).startswith(b"HTTP/1.1 503")
    finally:
        for sock in held:
            sock.close()
    # The held connections are released: the service answers again.
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            if httpx.get(served.url + "/healthz", timeout=5).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    else:
        pytest.fail("the service did not recover")


def test_repeated_warnings_are_logged_once_per_interval(served: Served) -> None:
    for _ in range(100):
        with connect(served.port, "127.0.0.5") as sock:
            sock.sendall(b"\x16\x03\x01 not http at all\r\n\r\n")
            closed_by_server(sock)
    lines = [line for line in served.log_lines() if "Invalid HTTP request" in line.get("msg", "")]
    assert 1 <= len(lines) <= 2


def test_open_file_limit_raised(served: Served) -> None:
    limits = Path(f"/proc/{served.proc.pid}/limits").read_text().splitlines()
    row = next(line for line in limits if line.startswith("Max open files"))
    soft, hard = row.split()[3:5]
    assert int(soft) == min(4096, int(hard) if hard.isdigit() else 4096)
