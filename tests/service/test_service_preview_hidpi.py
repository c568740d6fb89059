"""The preview page shows each slide at the size it was drawn (640 CSS px, never stretched) and
gives high-density screens the slide drawn at 1280 px (`{n}@2x.png`, drawn on first request,
stored, deleted with the PPT); the page's Content-Security-Policy is the one documented."""

from __future__ import annotations

import re
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from accounts_testkit import DELETE_PPT, Env, make_env
from gen_testkit import GENERATE, MARKDOWN, png_size, stored_files
from service_testkit import LiveServer
from sqlalchemy import select

from service.db.models import PptPreview
from tests.requires import requires_tools

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DOC = Path(__file__).resolve().parents[2] / "docs" / "service.md"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Env, LiveServer]]:
    env = make_env(tmp_path_factory.mktemp("hidpi"), None)
    try:
        with LiveServer(env.app) as live:
            yield env, live
    finally:
        env.state.db.close()


def generate(env: Env, live: LiveServer) -> tuple[dict, str]:
    _, key = env.new_account(f"acme-{uuid.uuid4().hex[:8]}", credits=100)
    with httpx.Client(base_url=live.url, timeout=120) as http:
        token = http.post("/api/user/createApiToken", json={"uid": "u"}, headers={"Api-Key": key})
        out = http.post(
            GENERATE, json={"markdown": MARKDOWN}, headers={"token": token.json()["data"]["token"]}
        ).json()
    assert out["code"] == 0, out
    return out["data"]["pptInfo"], key


def hidpi_keys(env: Env, ppt_id: str) -> list[str | None]:
    with env.state.db.session() as s:
        return list(
            s.scalars(
                select(PptPreview.hidpi_key)
                .where(PptPreview.ppt_id == ppt_id)
                .order_by(PptPreview.idx)
            )
        )


def test_2x_images_are_drawn_once_stored_and_deleted_with_the_ppt(
    served: tuple[Env, LiveServer],
) -> None:
    env, live = served
    info, key = generate(env, live)
    parts = urlsplit(info["previewUrl"])
    assert hidpi_keys(env, info["id"]) == [None] * info["pages"]  # nothing drawn before asked
    before = stored_files(env)
    with httpx.Client(base_url=live.url, timeout=120) as http:
        page = http.get(f"{parts.path}?{parts.query}").text
        second = http.get(f"{parts.path}/2@2x.png?{parts.query}")
        one_x = http.get(f"{parts.path}/2.png?{parts.query}")
        again = http.get(f"{parts.path}/2@2x.png?{parts.query}")
        tampered = http.get(f"{parts.path}/2@2x.png?{parts.query}x")
        beyond = http.get(f"{parts.path}/{info['pages'] + 1}@2x.png?{parts.query}")
    assert f"{info['id']}/2@2x.png?" in page and "max-width:640px" in page
    # no 960 px size (the random record id and signatures may hold the digits "960")
    assert 'width="960"' not in page and "960px" not in page
    assert second.status_code == 200 and second.headers["content-type"] == "image/png"
    assert png_size(second.content) == (1280, 720)
    assert png_size(one_x.content) == (640, 360)
    assert again.content == second.content
    assert tampered.status_code == 403 and beyond.status_code == 404
    keys = hidpi_keys(env, info["id"])
    assert all(keys) and len(set(keys)) == info["pages"]  # every slide drawn by the one job
    drawn = stored_files(env) - before
    assert {name.split(".")[0] for name in drawn} == set(keys)  # one object per slide
    out = env.post(DELETE_PPT, {"id": info["id"]}, Api_Key=key)
    assert out["code"] == 0
    assert not drawn & stored_files(env)  # the 2x drawings went with the PPT


def documented_csp() -> str:
    text = DOC.read_text(encoding="utf-8")
    found = re.search(r"served with\s+`Content-Security-Policy: ([^`]+)`", text)
    assert found, "docs/service.md names the preview page's Content-Security-Policy"
    return found.group(1)


def test_documented_csp_is_the_header_sent(served: tuple[Env, LiveServer]) -> None:
    env, live = served
    info, _ = generate(env, live)
    r = httpx.get(info["previewUrl"])
    assert r.headers["content-security-policy"] == documented_csp()


@requires_tools("chromium")
@pytest.mark.parametrize("scale", [1, 2])
def test_browser_shows_slides_at_their_drawn_size(
    served: tuple[Env, LiveServer], scale: int
) -> None:
    from playwright.sync_api import sync_playwright

    env, live = served
    info, _ = generate(env, live)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            page = browser.new_page(
                viewport={"width": 1400, "height": 900}, device_scale_factor=scale
            )
            page.goto(info["previewUrl"], wait_until="load")
            page.wait_for_function("() => [...document.images].every(i => i.complete)")
            images = page.evaluate(
                "() => [...document.images].map(i => ({src: i.currentSrc, "
                "natural: i.naturalWidth, shown: i.getBoundingClientRect().width}))"
            )
        finally:
            browser.close()
    assert len(images) == info["pages"]
    for image in images:
        assert image["shown"] == 640, image  # not stretched on a wide window
        assert image["natural"] == 640, image  # CSS px: a 2x image counts half its pixels
        assert ("@2x.png" in image["src"]) == (scale == 2), image
        # One image pixel per device pixel: 640 px on a 1x screen, 1280 px on a 2x screen.
        assert png_size(httpx.get(image["src"]).content) == (640 * scale, 360 * scale)
