"""PowerPoint templates through the real app: upload a .pptx/.potx (told from a package by
content; settings field; usage record type 2), generate a deck on it (its master and layouts),
convert HTML onto it with templateId; bad files refused with nothing charged or stored."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pptx
import pytest
from accounts_testkit import LIST_RECORDS, Env
from gen_testkit import GENERATE, MARKDOWN, UPLOAD, get_path, started_env, stored_files

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "brand"))
from brand_testkit import SAMPLES, package_problems  # noqa: E402

CONVERT = "/v2/api/htmljson-bridge/convert-html-to-json"


def upload(env: Env, name: str, data: bytes, settings: dict | None = None, **headers: str) -> dict:
    hdrs = {k.replace("_", "-"): v for k, v in headers.items()}
    fields = {"settings": json.dumps(settings)} if settings is not None else None
    r = env.client.post(UPLOAD, files={"file": (name, data)}, data=fields, headers=hdrs)
    assert r.status_code == 200, r.text
    out: dict = r.json()
    return out


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory, database_url: str | None) -> Iterator[Env]:
    with started_env(tmp_path_factory.mktemp("brand"), database_url) as e:
        yield e


@pytest.fixture(scope="module")
def acme(env: Env) -> dict[str, str]:
    _, key = env.new_account("acme-brand", credits=100)
    return {"key": key, "alice": env.token(key, "alice")}


@pytest.fixture(scope="module")
def uploaded(env: Env, acme: dict[str, str]) -> dict:
    out = upload(
        env,
        "sales-proposal.potx",
        (SAMPLES / "sales-proposal.potx").read_bytes(),
        {"id": "acme-sales", "name": "ACME sales", "layouts": {"closing": "Title Only"}},
        token=acme["alice"],
    )
    assert out["code"] == 0, out
    data: dict = out["data"]
    return data


def test_upload_answers_the_template_facts_and_records_type_2(
    env: Env, acme: dict[str, str], uploaded: dict
) -> None:
    assert uploaded["id"] == "acme-sales"
    assert uploaded["name"] == "ACME sales"
    assert uploaded["format"] == "pptx"
    assert uploaded["slideSize"] == {"width": 960.0, "height": 720.0}
    assert uploaded["mapping"]["cover"]["layout"] == "Title Slide"
    assert uploaded["mapping"]["closing"] == {"layout": "Title Only", "index": 6, "by": "settings"}
    assert uploaded["theme"]["fonts"]["minor"]["latin"] == "Century Gothic"
    assert get_path(env, uploaded["coverUrl"]).status_code == 200
    records = env.post(LIST_RECORDS, {"type": 2}, Api_Key=acme["key"])["data"]["records"]
    assert len(records) == 1 and records[0]["type"] == 2 and records[0]["uid"] == "alice"


def test_generate_on_the_uploaded_template(env: Env, acme: dict[str, str], uploaded: dict) -> None:
    out = env.post(
        GENERATE, {"templateId": uploaded["id"], "markdown": MARKDOWN}, token=acme["alice"]
    )
    assert out["code"] == 0, out
    info = out["data"]["pptInfo"]
    assert info["templateId"] == "acme-sales"
    file_url = out["data"].get("fileUrl") or info.get("fileUrl")
    if file_url is None:
        dl = env.post(
            "/api/ppt/downloadPptx", {"id": out["data"]["pptInfo"]["id"]}, token=acme["alice"]
        )
        file_url = dl["data"]["fileUrl"]
    data = get_path(env, file_url).content
    prs = pptx.Presentation(io.BytesIO(data))
    layouts = [s.slide_layout.name for s in prs.slides]
    assert layouts[0] == "Title Slide" and "Title and Content" in layouts
    assert prs.slides[0].shapes.title.text_frame.text == "Quarterly Review"
    assert package_problems(data) == []


def test_convert_with_template_id(env: Env, acme: dict[str, str], uploaded: dict) -> None:
    page = '<div class="slide" style="width:960px;height:720px"><h1>On the master</h1></div>'
    wide = page.replace("960px", "1280px")
    out = env.post(
        CONVERT, {"htmls": [page, wide], "templateId": uploaded["id"]}, token=acme["alice"]
    )
    assert out["code"] == 0, out
    assert out["data"]["failedPages"] == 1
    assert out["data"]["failedPageDetails"][0]["code"] == 50102
    data = get_path(env, out["data"]["fileUrl"]).content
    prs = pptx.Presentation(io.BytesIO(data))
    assert [s.slide_layout.name for s in prs.slides] == ["Blank", "Blank"]
    assert prs.slide_masters[0].shapes  # the master's own art is there
    unknown = env.post(CONVERT, {"htmls": [page], "templateId": "nope"}, token=acme["alice"])
    assert unknown["code"] == 40010
    assert unknown["data"]["errorDetails"][0]["field"] == "templateId"


def test_another_account_cannot_use_the_template(env: Env, uploaded: dict) -> None:
    _, key = env.new_account("other-brand", credits=100)
    bob = env.token(key, "bob")
    page = '<div class="slide" style="width:960px;height:720px"><h1>x</h1></div>'
    out = env.post(CONVERT, {"htmls": [page], "templateId": uploaded["id"]}, token=bob)
    assert out["code"] == 40010


def test_bad_files_are_refused_and_nothing_is_charged(env: Env) -> None:
    _, key = env.new_account("bad-brand", credits=100)
    token = env.token(key, "carol")
    before = stored_files(env)
    encrypted = upload(env, "locked.pptx", (SAMPLES / "encrypted.pptx").read_bytes(), token=token)
    assert encrypted["code"] == 1010
    assert "encrypted" in encrypted["data"]["errorDetails"][0]["reason"]
    bad_settings = upload(
        env,
        "wide.pptx",
        (SAMPLES / "widescreen-16x9.pptx").read_bytes(),
        {"layouts": {"cover": "Nope"}},
        token=token,
    )
    assert bad_settings["code"] == 1010
    assert bad_settings["data"]["errorDetails"][0]["field"] == "settings.layouts.cover"
    assert env.post(LIST_RECORDS, {"type": 2}, Api_Key=key)["data"]["records"] == []
    assert stored_files(env) == before
