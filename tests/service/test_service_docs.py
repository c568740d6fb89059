"""/docs works offline: Swagger UI from the package's own files, rendered in a real Chromium
(Playwright) with every request that does not go to the local server aborted."""

from __future__ import annotations

import json
from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx
import pytest
from service_testkit import CONVERT, TOKEN, LiveServer, make_settings

from service.main import create_app
from tests.requires import chromium_path, requires_tools

CREATE_TASK = "/v2/api/portable/create-task"
CHROMIUM = chromium_path()
needs_chromium = requires_tools("chromium")


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    app = create_app(make_settings(tmp_path_factory.mktemp("docs"), workers=1))
    with LiveServer(app) as server:
        yield server


def test_docs_page_references_only_local_assets(live: LiveServer) -> None:
    r = httpx.get(live.url + "/docs")
    assert r.status_code == 200
    assert "/static/swagger-ui/swagger-ui-bundle.js" in r.text
    assert "/static/swagger-ui/swagger-ui.css" in r.text
    assert "cdn." not in r.text and "https://" not in r.text
    js = httpx.get(live.url + "/static/swagger-ui/swagger-ui-bundle.js")
    assert js.status_code == 200 and "javascript" in js.headers["content-type"]
    assert httpx.get(live.url + "/redoc").json()["code"] == 1001  # no CDN-only page left


@needs_chromium
def test_docs_render_operations_offline(live: LiveServer) -> None:
    from playwright.sync_api import Route, sync_playwright

    blocked: list[str] = []

    def only_local(route: Route) -> None:
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            page = browser.new_page()
            page.route("**/*", only_local)
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(live.url + "/docs", wait_until="load")
            page.wait_for_selector(".opblock", timeout=30_000)
            summary = page.locator(".opblock-summary-path")
            paths = [
                summary.nth(i).get_attribute("data-path") or "" for i in range(summary.count())
            ]
            title = page.locator(".info .title").text_content() or ""
        finally:
            browser.close()
    assert CONVERT in paths
    assert any(p.startswith("/files/") for p in paths)
    assert "/healthz" in paths
    assert title.startswith("deckforge")
    assert blocked == [], blocked
    assert errors == []


@needs_chromium
def test_authorize_then_try_out_create_task_sends_body_and_token(live: LiveServer) -> None:
    """The Authorize button takes a `token`; Try it out on create-task sends a JSON body (the
    schema's example) with that header, and the service accepts it."""
    from playwright.sync_api import Request, sync_playwright

    sent: list[Request] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            page = browser.new_page()
            page.on(
                "request",
                lambda req: sent.append(req) if req.url.endswith(CREATE_TASK) else None,
            )
            page.goto(live.url + "/docs", wait_until="load")
            page.wait_for_selector(".opblock", timeout=30_000)
            page.click("button.authorize")
            boxes = page.locator(".auth-container")
            assert boxes.count() == 2  # the `token` and `Api-Key` schemes
            token_box = boxes.filter(has=page.locator("h4 code", has_text="token"))
            token_box.locator("input").fill(TOKEN)
            token_box.locator("button.authorize").click()
            page.locator(".close-modal").click()
            op = page.locator(".opblock-post", has=page.locator(f'[data-path="{CREATE_TASK}"]'))
            op.locator(".opblock-summary").click()
            op.locator("button.try-out__btn").click()
            op.locator("button.execute").click()
            op.locator(".live-responses-table .response-col_status").first.wait_for(timeout=30_000)
            answer = (
                op.locator(".live-responses-table .highlight-code pre").first.text_content() or ""
            )
        finally:
            browser.close()
    assert len(sent) == 1
    request = sent[0]
    assert request.method == "POST"
    assert request.headers.get("token") == TOKEN
    assert request.headers.get("content-type", "").startswith("application/json")
    body = json.loads(request.post_data or "")
    assert body["type"] == 7 and body["templateId"] == "corporate" and body["content"]
    assert json.loads(answer)["code"] == 0, answer
