"""One real service for the tenant attacks of tests/security (two accounts, alice and mallory),
started once for the folder: `python -m service` with 2 workers, SQLite, loopback."""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from servekit import LLM_SECRET, Served, start, stop  # noqa: E402


class _Refusing(BaseHTTPRequestHandler):
    """An LLM provider that refuses the key, quoting it as some providers do."""

    def do_POST(self) -> None:  # noqa: N802
        self.rfile.read(int(self.headers.get("content-length") or 0))
        body = json.dumps(
            {"error": {"message": f"Incorrect API key provided: Bearer {LLM_SECRET}"}}
        ).encode()
        self.send_response(401)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def llm_url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Refusing)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()


@pytest.fixture(scope="session")
def tenants(tmp_path_factory: pytest.TempPathFactory, llm_url: str) -> Iterator[Served]:
    served = start(
        tmp_path_factory.mktemp("tenants"),
        llm_base_url=llm_url,
        llm_model="m",
        llm_api_key=LLM_SECRET,
        llm_retries=0,
        accounts={"alice": 1000, "mallory": 1000, "eve": 1000, "trudy": 1000},
        template_render_cpu_s=1,
        worker_memory_bytes=1536 * 1024**2,
        request_timeout_s=60,
        parse_timeout_s=4,
        sse_max_per_token=3,
        sse_max_per_account=5,
        sse_max_life_s=3,
        sse_token_recheck_s=0.5,
        uploads_per_account=2,
        failed_jobs_per_window=6,
        failed_jobs_window_s=10,
        task_queue_per_account=4,
        uploads_at_once=3,
    )
    yield served
    stop(served)
