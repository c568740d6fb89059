"""Tenants against each other's share of the workers: one account's conversions take at most
its share of the pool (1014 past it) while another's run, its pending tasks at most its share
of the task queue, and work failed by its own input spends a failure budget (1014 until the
window moves on)."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import httpx
from servekit import Served
from tenantkit import create_task, metric, nested_list_html

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "hostile"))
import hostile_pages as hp  # noqa: E402

CONVERT = "/v2/api/htmljson-bridge/convert-html-to-json"
MD = "# Deck\n\n## Part\n\n### One\n\n- a\n"
PAGE = '<div class="slide" style="width:320px;height:180px"><p>hi</p></div>'
NO_SLIDE = "<div><p>no slide root here</p></div>"


def convert(served: Served, token: str, htmls: list[str]) -> dict[str, object]:
    r = httpx.post(
        served.url + CONVERT, json={"htmls": htmls}, headers={"token": token}, timeout=120
    )
    return dict(r.json())


def test_failed_work_spends_a_failure_budget(tenants: Served) -> None:
    eve = tenants.token("eve", "e-fail")
    codes = [convert(tenants, eve, [NO_SLIDE])["code"] for _ in range(6)]
    assert codes == [50103] * 6
    r = httpx.post(
        tenants.url + CONVERT, json={"htmls": [PAGE]}, headers={"token": eve}, timeout=60
    )
    assert r.json()["code"] == 1014 and "failed jobs" in r.json()["message"], r.json()
    wait = int(r.headers["retry-after"])
    other = tenants.token("alice", "a-budget")
    assert convert(tenants, other, [PAGE])["code"] == 0  # other accounts are not affected
    time.sleep(wait)
    assert convert(tenants, eve, [PAGE])["code"] == 0  # the window moved on


def test_one_account_takes_its_share_of_the_workers_not_all(tenants: Served) -> None:
    mallory = tenants.token("mallory", "m-fair")
    alice = tenants.token("alice", "a-fair")
    slow = [hp.flex_items(4000)] * 4  # a few seconds of conversion
    first: list[dict[str, object]] = []
    holder = threading.Thread(target=lambda: first.append(convert(tenants, mallory, slow)))
    holder.start()
    deadline = time.monotonic() + 30
    while metric(tenants.url, "deckforge_jobs_running") < 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert metric(tenants.url, "deckforge_jobs_running") >= 1
    second = convert(tenants, mallory, [PAGE])
    assert second["code"] == 1014, second
    mine = convert(tenants, alice, [PAGE])
    assert mine["code"] == 0, mine
    assert holder.is_alive()  # alice was answered while mallory's conversion still ran
    holder.join(120)
    assert first and first[0]["code"] == 0, first


def test_an_account_fills_only_its_share_of_the_task_queue(tenants: Served) -> None:
    trudy = tenants.token("trudy", "t-queue")
    made = []
    for _ in range(4):
        out = create_task(
            tenants.url,
            trudy,
            {"type": 2, "templateId": "corporate"},
            files={"file": ("page.html", nested_list_html(), "text/html")},
        )
        made.append(out["code"])
    over = create_task(tenants.url, trudy, {"type": 7, "content": MD, "templateId": "corporate"})
    alice = tenants.token("alice", "a-queue")
    mine = create_task(tenants.url, alice, {"type": 7, "content": MD, "templateId": "corporate"})
    assert made == [0, 0, 0, 0] and over["code"] == 1014, (made, over)
    assert mine["code"] == 0, mine
