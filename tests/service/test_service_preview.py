"""The signed preview page (previewUrl) through a live server: opened in Debian's Chromium
(Playwright, every non-127.0.0.1 request aborted), every slide image loads, in slide order;
tampered, expired and foreign links are refused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from accounts_testkit import Env, make_env
from gen_testkit import GENERATE, MARKDOWN, png_size
from service_testkit import LiveServer

from tests.requires import chromium_path, requires_tools

CHROMIUM = chromium_path()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Env, LiveServer]]:
    env = make_env(tmp_path_factory.mktemp("preview"), None)
    try:
        with LiveServer(env.app) as live:
            yield env, live
    finally:
        env.state.db.close()


@pytest.fixture(scope="module")
def deck(served: tuple[Env, LiveServer]) -> dict:
    env, live = served
    _, key = env.new_account("acme", credits=100)
    with httpx.Client(base_url=live.url, timeout=120) as http:
        token = http.post("/api/user/createApiToken", json={"uid": "u"}, headers={"Api-Key": key})
        out = http.post(
            GENERATE, json={"markdown": MARKDOWN}, headers={"token": token.json()["data"]["token"]}
        )
    body = out.json()
    assert body["code"] == 0, body
    info: dict = body["data"]["pptInfo"]
    assert info["previewUrl"].startswith(live.url + "/preview/" + info["id"] + "?")
    return info


@requires_tools("chromium")
def test_preview_page_shows_every_slide_in_order(deck: dict, tmp_path: Path) -> None:
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
            page.goto(deck["previewUrl"], wait_until="load")
            images = page.evaluate(
                "() => [...document.images].map(i => ({alt: i.alt, src: i.currentSrc,"
                " w: i.naturalWidth, h: i.naturalHeight, done: i.complete}))"
            )
            scripts = page.evaluate("() => document.scripts.length")
        finally:
            browser.close()
    assert len(images) == deck["pages"]
    assert [i["alt"] for i in images] == [f"Slide {n}" for n in range(1, deck["pages"] + 1)]
    assert all(i["done"] and (i["w"], i["h"]) == (640, 360) for i in images), images
    paths = [urlsplit(i["src"]).path for i in images]
    assert paths == [f"/preview/{deck['id']}/{n}.png" for n in range(1, deck["pages"] + 1)]
    assert blocked == [] and errors == [] and scripts == 0


def test_preview_images_are_the_slides_in_order(served: tuple[Env, LiveServer], deck: dict) -> None:
    env, live = served
    parts = urlsplit(deck["previewUrl"])
    with httpx.Client(base_url=live.url) as http:
        cover = http.get(deck["coverUrl"]).content
        first = http.get(f"{parts.path}/1.png?{parts.query}")
        last = http.get(f"{parts.path}/{deck['pages']}.png?{parts.query}")
        beyond = http.get(f"{parts.path}/{deck['pages'] + 1}.png?{parts.query}")
    assert first.headers["content-type"] == "image/png"
    assert first.content == cover  # slide 1 is the cover
    assert png_size(last.content) == (640, 360) and last.content != cover
    assert beyond.status_code == 404


def test_preview_links_are_checked(served: tuple[Env, LiveServer], deck: dict) -> None:
    env, live = served
    parts = urlsplit(deck["previewUrl"])
    with httpx.Client(base_url=live.url) as http:
        tampered = http.get(f"{parts.path}?{parts.query[:-2]}xx")
        other = http.get(f"/preview/{'0' * 32}?{parts.query}")
        image_of_other = http.get(f"/preview/{'0' * 32}/1.png?{parts.query}")
        missing = http.get(parts.path)
        assert (tampered.status_code, tampered.json()["code"]) == (403, 98)
        assert other.status_code == 403 and image_of_other.status_code == 403
        assert missing.status_code == 403
        env.clock.advance(env.state.settings.url_ttl_s + 1)
        try:
            expired = http.get(f"{parts.path}?{parts.query}")
        finally:
            env.clock.advance(-(env.state.settings.url_ttl_s + 1))
    assert (expired.status_code, expired.json()["code"]) == (410, 1001)
