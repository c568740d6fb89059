"""/docs works offline: Swagger UI from the package's own files, rendered in a real Chromium
(Playwright) with every request that does not go to the local server aborted."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx
import pytest
from service_testkit import CONVERT, LiveServer, make_settings

from service.main import create_app
from tests.requires import chromium_path, requires_tools

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
