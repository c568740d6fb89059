"""Uploads against the API's memory: a file is refused by its first bytes while the rest is
still on its way, and uploads being received are capped per account (1014) and in total
(1012), at once, before their bodies are read."""

from __future__ import annotations

import json
import select
import socket

from servekit import Served, connect

BOUNDARY = "deckforgeboundary"
CREATE = "/v2/api/portable/create-task"


def _upload_head(token: str, filename: str, size: int) -> tuple[bytes, bytes]:
    """The request head and the multipart preamble of a `size`-byte file part."""
    preamble = (
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\n2\r\n'
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="templateId"\r\n\r\ncorporate\r\n'
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="{filename}"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n"
    ).encode()
    length = len(preamble) + size + len(f"\r\n--{BOUNDARY}--\r\n")
    head = (
        f"POST {CREATE} HTTP/1.1\r\nHost: x\r\ntoken: {token}\r\n"
        f"Content-Type: multipart/form-data; boundary={BOUNDARY}\r\n"
        f"Content-Length: {length}\r\n\r\n"
    ).encode()
    return head, preamble


def _answer(sock: socket.socket) -> dict[str, object]:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    length = int(next(h.split(b":")[1] for h in lines if h.lower().startswith(b"content-length")))
    while len(body) < length:
        body += sock.recv(65536)
    return dict(json.loads(body))


def test_wrong_type_is_refused_by_its_first_bytes(tenants: Served) -> None:
    token = tenants.token("mallory", "m-upload")
    head, preamble = _upload_head(token, "big.docx", 50 * 1024 * 1024)
    with connect(tenants.port, timeout=20) as sock:
        sock.sendall(head + preamble + b"\x00" * 64 * 1024)  # 64 KiB of 50 MiB
        out = _answer(sock)
    assert out["code"] == 1010 and out["data"]["errorDetails"][0]["field"] == "file[0]", out  # type: ignore[index]


def _start_uploads(served: Served, tokens: list[str]) -> list[socket.socket]:
    """Uploads that send their head and 2 KiB of a 10 MiB file, then wait."""
    socks = []
    for token in tokens:
        sock = connect(served.port, timeout=20)
        head, preamble = _upload_head(token, "a.txt", 10 * 1024 * 1024)
        sock.sendall(head + preamble + b"x" * 2048)
        socks.append(sock)
    return socks


def _the_refused(socks: list[socket.socket]) -> dict[str, object]:
    """The one upload of `socks` the service answered (the others wait for their bodies):
    which one depends on the order their requests were admitted in, not on the test."""
    ready, _, _ = select.select(socks, [], [], 20)
    assert len(ready) == 1, ready
    answered = _answer(ready[0])
    others, _, _ = select.select([s for s in socks if s is not ready[0]], [], [], 0.5)
    assert others == []  # the others were admitted: still receiving
    return answered


def test_uploads_are_capped_per_account_and_in_total(tenants: Served) -> None:
    mallory = tenants.token("mallory", "m-uploads")
    alice = tenants.token("alice", "a-uploads")
    other = tenants.token("alice", "a-uploads-2")
    held: list[socket.socket] = []
    try:
        # Three uploads of one account: its share is two, the third is refused at once.
        held += _start_uploads(tenants, [mallory] * 3)
        out = _the_refused(held)
        assert out["code"] == 1014, out
        # Two more from another account: the service holds three in all, one is refused.
        more = _start_uploads(tenants, [alice, other])
        held += more
        out = _the_refused(more)
        assert out["code"] == 1012, out
    finally:
        for sock in held:
            sock.close()
