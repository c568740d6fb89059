"""Task event streams against one token's flood and against its own expiry: open streams are
capped per token and per account (1014), a stream's life is bounded, a revoked token's stream
ends, and a browser follows a task with a query token and reconnects with Last-Event-ID."""

from __future__ import annotations

import contextlib
import shutil
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from servekit import ROOT, Served
from tenantkit import create_task, nested_list_html, wait_task

from tests.requires import requires_tools

STREAM = "/v2/api/portable/task-stream"
MD = "# Deck\n\n## Part\n\n### One\n\n- a\n\n### Two\n\n- b\n\n### Three\n\n- c\n"


def slow_task(served: Served, token: str) -> str:
    """A task that stays open about 4 s (its file's parsing hits the parse deadline)."""
    out = create_task(
        served.url,
        token,
        {"type": 2, "templateId": "corporate"},
        files={"file": ("page.html", nested_list_html(), "text/html")},
    )
    assert out["code"] == 0, out
    return str(out["data"]["taskId"])


def test_open_streams_are_capped_per_token_and_account(tenants: Served) -> None:
    token = tenants.token("mallory", "m-flood")
    other = tenants.token("mallory", "m-flood-2")
    task_id = slow_task(tenants, token)
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(httpx.Client(timeout=30))
        opened = []
        for _ in range(3):
            r = stack.enter_context(
                client.stream(
                    "GET",
                    tenants.url + STREAM,
                    params={"taskId": task_id},
                    headers={"token": token},
                )
            )
            assert r.headers["content-type"].startswith("text/event-stream")
            opened.append(r)
        refused = client.get(
            tenants.url + STREAM, params={"taskId": task_id}, headers={"token": token}
        )
        assert refused.json()["code"] == 1014 and "token" in refused.json()["message"]
        other_task = slow_task(tenants, other)
        for _ in range(2):
            stack.enter_context(
                client.stream(
                    "GET",
                    tenants.url + STREAM,
                    params={"taskId": other_task},
                    headers={"token": other},
                )
            )
        refused = client.get(
            tenants.url + STREAM, params={"taskId": other_task}, headers={"token": other}
        )
        assert refused.json()["code"] == 1014 and "account" in refused.json()["message"]
        # Another account is not affected.
        alice = tenants.token("alice", "a-stream")
        mine = create_task(
            tenants.url, alice, {"type": 7, "content": MD, "templateId": "corporate"}
        )
        with client.stream(
            "GET",
            tenants.url + STREAM,
            params={"taskId": mine["data"]["taskId"]},
            headers={"token": alice},
        ) as r:
            assert r.headers["content-type"].startswith("text/event-stream")
    # Closed streams give their slots back.
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        r = httpx.get(
            tenants.url + STREAM,
            params={"taskId": task_id, "lastEventId": "999"},
            headers={"token": token},
        )
        if r.headers["content-type"].startswith("text/event-stream"):
            break
        time.sleep(0.2)
    else:
        pytest.fail("stream slots were not released")


def _revoke(served: Served, token: str) -> None:
    from sqlalchemy import update

    from service.config import Settings
    from service.db.engine import Database
    from service.db.models import Token

    db = Database(Settings(data_dir=served.data_dir))
    try:
        with db.session() as s:
            s.execute(
                update(Token).where(Token.prefix == token[:12]).values(revoked_at=datetime.now(UTC))
            )
            s.commit()
    finally:
        db.close()


def test_a_stream_ends_when_its_token_is_revoked_and_its_life_is_bounded(tenants: Served) -> None:
    token = tenants.token("mallory", "m-revoke")
    task_id = slow_task(tenants, token)
    lines: list[str] = []
    with httpx.stream(
        "GET",
        tenants.url + STREAM,
        params={"taskId": task_id},
        headers={"token": token},
        timeout=30,
    ) as r:
        threading.Timer(0.5, _revoke, (tenants, token)).start()
        for line in r.iter_lines():
            lines.append(line)
    assert ": token expired or revoked" in lines
    # Life: a stream of a task still running ends after sse_max_life_s (3 s here).
    token = tenants.token("mallory", "m-life")
    task_id = slow_task(tenants, token)
    started = time.monotonic()
    with httpx.stream(
        "GET",
        tenants.url + STREAM,
        params={"taskId": task_id},
        headers={"token": token},
        timeout=30,
    ) as r:
        body = [line for line in r.iter_lines() if line.startswith("data:")]
    assert body and '"failed"' not in body[-1]  # ended before the task did
    assert time.monotonic() - started < 20
    assert wait_task(tenants.url, token, task_id)["data"]["status"] == "failed"


def test_query_token_is_for_temporary_tokens_on_the_stream_only(tenants: Served) -> None:
    from servekit import TOKEN

    token = tenants.token("alice", "a-query")
    made = create_task(tenants.url, token, {"type": 7, "content": MD, "templateId": "corporate"})
    task_id = made["data"]["taskId"]
    r = httpx.get(tenants.url + STREAM, params={"taskId": task_id, "token": TOKEN})
    assert r.json()["code"] == 98  # a static token never travels in a URL
    r = httpx.get(
        tenants.url + "/v2/api/portable/task-result", params={"taskId": task_id, "token": token}
    )
    assert r.json()["code"] == 98  # only the stream reads the query
    wait_task(tenants.url, token, task_id)
    assert token not in tenants.log_path.read_text()
    assert token not in httpx.get(tenants.url + "/metrics").text


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@requires_tools("chromium")
def test_browser_follows_a_task_and_reconnects_with_last_event_id(tenants: Served) -> None:
    from playwright.sync_api import sync_playwright

    token = tenants.token("alice", "a-browser")
    page_url = (Path(ROOT) / "docs/examples/task-stream.html").as_uri()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page()
            task_id = slow_task(tenants, token)  # open about 4 s: longer than a stream's 3 s
            page.goto(page_url + f"?base={tenants.url}&taskId={task_id}&token={token}")
            page.wait_for_function(
                "['success', 'failed'].includes(document.getElementById('status').textContent)",
                timeout=90_000,
            )
            status = page.inner_text("#status")
            seen = page.evaluate("window.deckforgeSeen")
            opens = int(page.inner_text("#opens"))
        finally:
            browser.close()
    assert status == "failed"  # the file's parsing ran out of time: the final event
    assert (
        seen == sorted(set(seen)) and seen[0] == 1
    )  # every event once, in order, across reconnections
    assert opens >= 2  # the 3 s stream life made it reconnect
