"""Hostile clients against the real app: huge file names, JSON bombs, forged link parameters,
log injection, metric label floods, slow bodies, and the modes of stored files."""

from __future__ import annotations

import io
import logging
import socket
import stat
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, quote, urlsplit

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from service_testkit import AUTH, CONVERT, LiveServer, make_settings, page

from service.logs import RequestIdFilter, TextFormatter
from service.main import create_app


@pytest.fixture(scope="module")
def slow_app(module_tmp: Path) -> FastAPI:
    return create_app(make_settings(module_tmp / "slow", body_read_timeout_s=2.0, workers=1))


@pytest.fixture(scope="module")
def server(slow_app: FastAPI) -> Iterator[LiveServer]:
    with LiveServer(slow_app) as live:
        yield live


def _file_url(client: TestClient, **body: object) -> str:
    out = client.post(CONVERT, headers=AUTH, json={"htmls": [page()], **body}).json()
    assert out["code"] == 0, out
    return str(out["data"]["fileUrl"])


# -- 4. file names ---------------------------------------------------------------------------


def test_long_filename_is_refused_quickly_while_healthz_answers(server: LiveServer) -> None:
    """600,000 characters used to block every route for 32 s (quadratic cutting on the loop)."""
    body = {"htmls": [page()], "filename": "x" * 600_000}
    answers: dict[str, object] = {}
    poster = httpx.Client(base_url=server.url, timeout=60)
    prober = httpx.Client(base_url=server.url, timeout=60)
    prober.get("/healthz")  # connected before the race starts

    def post() -> None:
        started = time.monotonic()
        r = poster.post(CONVERT, headers=AUTH, json=body)
        answers["elapsed"] = time.monotonic() - started
        answers["json"] = r.json()

    thread = threading.Thread(target=post)
    try:
        thread.start()
        health: list[float] = []
        while thread.is_alive() or not health:
            started = time.monotonic()
            assert prober.get("/healthz").status_code == 200
            health.append(time.monotonic() - started)
        thread.join()
    finally:
        poster.close()
        prober.close()
    out = answers["json"]
    assert isinstance(out, dict) and out["code"] == 40010
    assert out["data"]["errorDetails"][0]["field"] == "filename"
    assert "600000 characters" in out["data"]["errorDetails"][0]["reason"]
    # generous bounds for a loaded 2-core machine; the defect took 32 s
    assert answers["elapsed"] < 2.0
    assert max(health) < 1.0


def test_filename_at_the_cap_converts(client: TestClient) -> None:
    url = _file_url(client, filename="名" * 1000)
    r = client.get(url)
    assert r.status_code == 200
    assert "filename*=UTF-8''" + quote("名" * 65) + ".pptx" in r.headers["content-disposition"]


def test_ascii_fallback_is_transliterated(client: TestClient) -> None:
    r = client.get(_file_url(client, filename="季度报告"))
    disposition = r.headers["content-disposition"]
    assert 'filename="JiDuBaoGao.pptx"' in disposition
    assert "filename*=UTF-8''%E5%AD%A3%E5%BA%A6%E6%8A%A5%E5%91%8A.pptx" in disposition


# -- 5. bad client input answers 40010 / 403, never 50199 ---------------------------------


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (b'{"htmls": ["x"], "a": ' + b"[" * 1000 + b"]" * 1000 + b"}", "nested too deeply"),
        (b'{"htmls": ' + b"[" * 40 + b"]" * 40 + b"}", "nested too deeply"),
        (b'{"htmls": ["x"], "a": ' + b"7" * 4301 + b"}", "4301 digits"),
        (b'{"htmls": ["x"], "a": ' + b"7" * 100_000 + b"}", "100000 digits"),
        (b'{"htmls": ["x"], "a": NaN}', "NaN"),
    ],
)
def test_json_limits_answer_40010(client: TestClient, body: bytes, reason: str) -> None:
    r = client.post(CONVERT, headers={**AUTH, "content-type": "application/json"}, content=body)
    out = r.json()
    assert (r.status_code, out["code"]) == (200, 40010), out
    assert out["data"]["errorDetails"][0]["field"] == "body"
    assert reason in out["data"]["errorDetails"][0]["reason"]


@pytest.mark.parametrize(
    "change",
    [
        {"signature": "é" * 43},
        {"signature": "\u00ff"},
        {"expires": "²"},
        {"expires": "١٢٣"},
        {"expires": "1" * 13},
    ],
)
def test_bad_link_parameters_answer_403(client: TestClient, change: dict[str, str]) -> None:
    url = urlsplit(_file_url(client))
    query = {k: v[0] for k, v in parse_qs(url.query).items()}
    query.update(change)
    r = client.get(url.path, params=query)
    assert r.status_code == 403
    assert r.json()["code"] == 98


# -- 6. log injection ------------------------------------------------------------------------


def test_text_logs_escape_control_characters(client: TestClient) -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(TextFormatter())
    handler.addFilter(RequestIdFilter())
    root = logging.getLogger()
    root.addHandler(handler)
    level = root.level
    root.setLevel(logging.INFO)
    try:
        client.get("/nothing%0a2025-01-01 00:00:00,000 CRITICAL deckforge forged%0d%1b[2J")
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
    lines = stream.getvalue().splitlines()
    access = [line for line in lines if "deckforge.access" in line]
    assert len(access) == 1
    assert "\\n2025-01-01 00:00:00,000 CRITICAL deckforge forged\\r\\x1b[2J" in access[0]
    assert not any(" CRITICAL " in line.split("deckforge.access")[0] for line in lines)
    assert all(line[:4].isdigit() or line.startswith("  | ") for line in lines)


# -- 7. bounded metric labels ---------------------------------------------------------------


def test_metric_labels_are_bounded(client: TestClient) -> None:
    for i in range(50):
        client.request(f"FOO{i}", "/healthz")
    client.get("/docs")
    client.get("/openapi.json")
    client.get(f"/files/{'0' * 32}")
    client.get("/no/such/route")
    text = client.get("/metrics").text
    series = [
        line for line in text.splitlines() if line.startswith("deckforge_http_requests_total")
    ]
    assert not any("FOO" in line for line in series)
    other = [line for line in series if 'method="other",route="/healthz"' in line]
    assert sum(float(line.rsplit(" ", 1)[1]) for line in other) == 50, series
    assert any('route="/docs"' in line for line in series)
    assert any('route="/openapi.json"' in line for line in series)
    assert any('route="/files/{key}"' in line for line in series)
    assert any('route="unmatched"' in line for line in series)


# -- 9. slow bodies ----------------------------------------------------------------------------


def test_slow_body_is_cut_off_after_the_read_timeout(server: LiveServer) -> None:
    head = (
        f"POST {CONVERT} HTTP/1.1\r\nHost: 127.0.0.1\r\ntoken: {AUTH['token']}\r\n"
        "Content-Type: application/json\r\nContent-Length: 10000000\r\n\r\n"
    ).encode()
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(head)
        sock.settimeout(1.0)
        answer = b""
        for _ in range(10):  # one byte a second
            try:
                sock.sendall(b"[")
            except OSError:
                break
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                continue
            answer += chunk
            if b"\r\n\r\n" in answer:
                break
        # /healthz stays responsive while the slow client holds its connection
        assert httpx.get(server.url + "/healthz", timeout=5).status_code == 200
        sock.settimeout(5.0)
        try:
            while b"}" not in answer.split(b"\r\n\r\n", 1)[-1]:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                answer += chunk
        except OSError:
            pass
    elapsed = time.monotonic() - started
    assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
    assert b'"code":40010' in answer
    assert b"request body not received within 2 s" in answer
    assert elapsed < 6.0


# -- 10. file modes --------------------------------------------------------------------------


def test_stored_files_are_private(app: FastAPI, client: TestClient) -> None:
    _file_url(client)
    root = app.state.service.storage.root
    assert stat.S_IMODE(root.stat().st_mode) == 0o700
    files = list(root.iterdir())
    assert files
    for path in files:
        if path.is_file():
            assert stat.S_IMODE(path.stat().st_mode) == 0o600, path


def test_a_new_data_dir_is_private(tmp_path: Path) -> None:
    data = tmp_path / "new" / "data"
    settings = make_settings(data, tokens="", signing_secret="")
    create_app(settings)
    assert settings.signing_key
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert stat.S_IMODE((data / "files").stat().st_mode) == 0o700
    for name in ("signing.key", "dev-token"):
        assert stat.S_IMODE((data / name).stat().st_mode) == 0o600
