"""Templates through the real app, on SQLite and PostgreSQL: the listing (built-in and own, paging, filters, cached cover
images), custom template upload (valid -> charged type 2, private to its account, usable by
generatePptx; invalid packages -> 1010 naming each member, nothing charged; no credits -> 88)."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterator
from importlib import resources

import pytest
from accounts_testkit import LIST_RECORDS, Env, assert_code
from gen_testkit import (
    GENERATE,
    TEMPLATES,
    UPLOAD,
    get_path,
    png_size,
    started_env,
    stored_files,
)
from sqlalchemy import func, select

from service.db.models import CustomTemplate, TemplatePreview

BUILTINS = 8


def package(template_id: str = "my-brand", **manifest_changes: object) -> bytes:
    """A zip of the built-in `minimal` template renamed to `template_id`."""
    folder = resources.files("generator").joinpath("templates/minimal")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for entry in folder.iterdir():
            data = entry.read_bytes()
            if entry.name == "manifest.json":
                manifest = json.loads(data)
                manifest.update(id=template_id, name="My Brand", category="brand")
                manifest.update(manifest_changes)
                manifest = {k: v for k, v in manifest.items() if v is not None}
                data = json.dumps(manifest).encode()
            if entry.name != "preview.png":
                z.writestr(entry.name, data)
    return buf.getvalue()


def upload(env: Env, data: bytes, **headers: str) -> dict:
    hdrs = {k.replace("_", "-"): v for k, v in headers.items()}
    r = env.client.post(UPLOAD, files={"file": ("t.zip", data, "application/zip")}, headers=hdrs)
    assert r.status_code == 200, r.text
    out: dict = r.json()
    return out


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory, database_url: str | None) -> Iterator[Env]:
    with started_env(tmp_path_factory.mktemp("templates"), database_url) as e:
        yield e


@pytest.fixture(scope="module")
def acme(env: Env) -> dict[str, str]:
    _, key = env.new_account("acme", credits=100)
    return {"key": key, "alice": env.token(key, "alice")}


@pytest.fixture(scope="module")
def uploaded(env: Env, acme: dict[str, str]) -> dict:
    out = upload(env, package(), token=acme["alice"])
    assert out["code"] == 0, out
    data: dict = out["data"]
    return data


def test_listing_builtins_with_cached_covers(env: Env, acme: dict[str, str]) -> None:
    out = env.post(TEMPLATES, {"page": 1, "size": 100, "filters": {"type": 1}}, token=acme["alice"])
    assert out["code"] == 0, out
    data = out["data"]
    assert (data["total"], data["page"], data["size"]) == (BUILTINS, 1, 100)
    ids = [t["id"] for t in data["records"]]
    assert ids == sorted(ids) and "corporate" in ids and "chinese-red" in ids
    assert {t["type"] for t in data["records"]} == {1}
    for t in data["records"]:
        assert set(t) == {"id", "name", "category", "type", "coverUrl"}
        png = get_path(env, t["coverUrl"]).content
        assert png_size(png)[0] > 0
    files = stored_files(env)
    again = env.post(TEMPLATES, {"size": 100, "filters": {"type": 1}}, Api_Key=acme["key"])
    assert [t["id"] for t in again["data"]["records"]] == ids
    assert stored_files(env) == files  # covers come from the cache, drawn once
    with env.state.db.session() as s:
        assert s.scalar(select(func.count()).select_from(TemplatePreview)) == BUILTINS


def test_listing_paging_and_filters(env: Env, acme: dict[str, str]) -> None:
    page2 = env.post(TEMPLATES, {"page": 2, "size": 3}, token=acme["alice"])["data"]
    assert (page2["total"], len(page2["records"])) >= (BUILTINS, 3)
    every = env.post(TEMPLATES, {"size": 100}, token=acme["alice"])["data"]["records"]
    assert [t["id"] for t in page2["records"]] == [t["id"] for t in every[3:6]]
    chinese = env.post(TEMPLATES, {"filters": {"category": "chinese"}}, token=acme["alice"])
    assert [t["id"] for t in chinese["data"]["records"]] == ["chinese-red"]
    for bad, field in (
        ({"size": 101}, "size"),
        ({"page": 0}, "page"),
        ({"filters": {"type": 2}}, "filters.type"),
    ):
        assert_code(env.post(TEMPLATES, bad, token=acme["alice"]), 1010, field)
    assert_code(env.post(TEMPLATES, {}), 98)


def test_upload_is_charged_listed_and_usable(
    env: Env, acme: dict[str, str], uploaded: dict
) -> None:
    assert (uploaded["id"], uploaded["name"], uploaded["type"], uploaded["version"]) == (
        "my-brand",
        "My Brand",
        4,
        1,
    )
    assert png_size(get_path(env, uploaded["coverUrl"]).content)[0] == 480
    records = env.post(LIST_RECORDS, {"type": 2}, Api_Key=acme["key"])["data"]["records"]
    cost = env.state.settings.cost_template_upload
    assert [(r["type"], r["amount"], r["uid"]) for r in records] == [(2, cost, "alice")]
    own = env.post(TEMPLATES, {"filters": {"type": 4}}, Api_Key=acme["key"])["data"]
    assert [(t["id"], t["type"]) for t in own["records"]] == [("my-brand", 4)]
    md = "# Branded\n## A\n### B\n- c"
    out = env.post(GENERATE, {"markdown": md, "templateId": "my-brand"}, token=acme["alice"])
    assert out["code"] == 0, out
    assert out["data"]["pptInfo"]["templateId"] == "my-brand"


def test_upload_again_replaces(env: Env, acme: dict[str, str], uploaded: dict) -> None:
    out = upload(env, package(name="Renamed"), Api_Key=acme["key"])
    assert out["code"] == 0, out
    assert (out["data"]["version"], out["data"]["name"]) == (2, "Renamed")
    with env.state.db.session() as s:
        assert s.scalar(select(func.count()).select_from(CustomTemplate)) == 1


def test_custom_templates_are_private(env: Env, uploaded: dict) -> None:
    _, other_key = env.new_account("other", credits=100)
    token = env.token(other_key, "alice")
    own = env.post(TEMPLATES, {"filters": {"type": 4}}, token=token)["data"]
    assert own["total"] == 0 and own["records"] == []
    out = env.post(
        GENERATE, {"markdown": "# X\n## A\n### B\n- c", "templateId": "my-brand"}, token=token
    )
    assert_code(out, 1001, "templateId")


def _traversal_zip() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name in ("manifest.json", "theme.css"):
            z.writestr(name, "{}")
        z.writestr("../evil.html", "<div class=slide></div>")
    return buf.getvalue()


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (_traversal_zip(), "../evil.html"),
        (package(name=None), "manifest.json:$"),
        (package(template_id="corporate"), "manifest.json:$.id"),
        (b"not a zip at all", "package"),
    ],
    ids=["traversal", "manifest-missing-name", "builtin-id", "not-zip"],
)
def test_invalid_packages_are_refused_and_not_charged(
    env: Env, acme: dict[str, str], data: bytes, field: str
) -> None:
    before = env.post(LIST_RECORDS, {"type": 2}, Api_Key=acme["key"])["data"]["total"]
    out = upload(env, data, token=acme["alice"])
    assert_code(out, 1010)
    assert field in [d["field"] for d in out["data"]["errorDetails"]], out
    after = env.post(LIST_RECORDS, {"type": 2}, Api_Key=acme["key"])["data"]["total"]
    assert after == before


def test_upload_request_errors(env: Env, acme: dict[str, str]) -> None:
    r = env.client.post(UPLOAD, data={"other": "x"}, headers={"token": acme["alice"]})
    assert_code(r.json(), 1010, "file")
    r = env.client.post(UPLOAD, content=b"raw", headers={"token": acme["alice"]})
    assert_code(r.json(), 1010, "file")
    too_big = b"x" * (6 * 1024 * 1024)
    assert_code(upload(env, too_big, token=acme["alice"]), 1010, "file")
    assert_code(upload(env, package()), 98)


def test_upload_without_credits_is_88(env: Env) -> None:
    _, key = env.new_account("broke", credits=0)
    files = stored_files(env)
    assert_code(upload(env, package("broke-brand"), Api_Key=key), 88)
    assert stored_files(env) == files
    with env.state.db.session() as s:
        names = list(s.scalars(select(CustomTemplate.template_id)))
    assert "broke-brand" not in names


DELETE = "/api/ppt/deleteTemplate"


def test_delete_own_template(env: Env, acme: dict[str, str]) -> None:
    out = upload(env, package("short-lived"), token=acme["alice"])
    assert out["code"] == 0, out
    with env.state.db.session() as s:
        row = s.scalar(select(CustomTemplate).where(CustomTemplate.template_id == "short-lived"))
        assert row is not None
        keys = {k for k in (row.cover_key, row.package_key) if k}
        assert row.package is None and row.package_key  # the zip is in storage
    names = {f"{k}.pptx" for k in keys}  # local storage: <key>.pptx + <key>.json
    assert names and names <= stored_files(env)
    _, other_key = env.new_account("thief", credits=100)
    assert_code(env.post(DELETE, {"templateId": "short-lived"}, Api_Key=other_key), 1001)
    assert_code(env.post(DELETE, {"templateId": "corporate"}, token=acme["alice"]), 1010)
    assert_code(env.post(DELETE, {}, token=acme["alice"]), 1010, "templateId")
    assert_code(env.post(DELETE, {"templateId": "short-lived"}), 98)
    out = env.post(DELETE, {"templateId": "short-lived"}, Api_Key=acme["key"])
    assert out["code"] == 0 and out["data"] == {"id": "short-lived"}, out
    assert not names & stored_files(env)
    own = env.post(TEMPLATES, {"filters": {"type": 4}}, Api_Key=acme["key"])["data"]
    assert "short-lived" not in [t["id"] for t in own["records"]]
    md = "# X\n## A\n### B\n- c"
    out = env.post(GENERATE, {"markdown": md, "templateId": "short-lived"}, token=acme["alice"])
    assert_code(out, 1001, "templateId")
    assert_code(env.post(DELETE, {"templateId": "short-lived"}, Api_Key=acme["key"]), 1001)
    builtins = env.post(TEMPLATES, {"filters": {"type": 1}, "size": 100}, Api_Key=acme["key"])
    assert "corporate" in [t["id"] for t in builtins["data"]["records"]]
