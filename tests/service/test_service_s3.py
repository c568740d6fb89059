"""The S3 backend against a local S3 server (moto in server mode on 127.0.0.1, real HTTP)."""

from __future__ import annotations

import io
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import boto3
import httpx
import pytest
from fastapi.testclient import TestClient
from pptx import Presentation
from service_testkit import AUTH, CONVERT, NO_SLIDE, FakeClock, free_port, make_settings, page

from service.main import create_app
from service.storage.s3 import S3Storage
from service.sweeper import sweep_once

BUCKET = "deckforge-test"


@pytest.fixture(scope="module")
def s3_endpoint() -> Iterator[str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(url + "/moto-api/", timeout=1)
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("moto server did not start") from None
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.fixture(scope="module")
def aws_env(s3_endpoint: str) -> Iterator[None]:
    mp = pytest.MonkeyPatch()
    mp.setenv("AWS_ACCESS_KEY_ID", "testing")
    mp.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    mp.setenv("AWS_DEFAULT_REGION", "us-east-1")
    yield
    mp.undo()


@pytest.fixture(scope="module")
def s3_client(s3_endpoint: str, aws_env: None):  # type: ignore[no-untyped-def]
    return boto3.client("s3", endpoint_url=s3_endpoint, region_name="us-east-1")


@pytest.fixture(scope="module")
def s3_clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(scope="module")
def s3_app_client(
    module_tmp: Path, s3_endpoint: str, aws_env: None, s3_clock: FakeClock
) -> Iterator[TestClient]:
    settings = make_settings(
        module_tmp,
        workers=1,
        storage="s3",
        s3_bucket=BUCKET,
        s3_endpoint_url=s3_endpoint,
        s3_region="us-east-1",
        s3_create_bucket=True,
        url_ttl_s=600,
    )
    with TestClient(create_app(settings, clock=s3_clock)) as c:
        yield c


def test_convert_and_download_presigned_url(s3_app_client: TestClient, s3_endpoint: str) -> None:
    out = s3_app_client.post(
        CONVERT,
        headers=AUTH,
        json={"htmls": [page(), NO_SLIDE, page()], "pageErrorMode": "skip", "filename": "年报"},
    ).json()
    assert out["code"] == 0
    data = out["data"]
    assert data["expireAt"] == "2025-01-01T12:10:00Z"
    url = data["fileUrl"]
    parts = urlsplit(url)
    assert url.startswith(s3_endpoint + f"/{BUCKET}/deckforge/")
    query = parse_qs(parts.query)
    assert query["X-Amz-Expires"] == ["600"]
    assert "X-Amz-Signature" in query
    r = httpx.get(url)  # real HTTP to the S3 server
    assert r.status_code == 200
    assert r.headers["content-disposition"] == (
        "attachment; filename=\"NianBao.pptx\"; filename*=UTF-8''%E5%B9%B4%E6%8A%A5.pptx"
    )
    assert len(Presentation(io.BytesIO(r.content)).slides) == 2


def test_tampered_presigned_url_is_refused(s3_app_client: TestClient) -> None:
    url = s3_app_client.post(CONVERT, headers=AUTH, json={"htmls": [page()]}).json()["data"][
        "fileUrl"
    ]
    # Point the signature at another object: S3 must refuse it.
    other = url.replace("/deckforge/", "/deckforge/x", 1)
    assert httpx.get(other).status_code in (403, 404)


def test_readyz_checks_the_bucket(s3_app_client: TestClient) -> None:
    body = s3_app_client.get("/readyz").json()
    assert body["code"] == 0
    assert body["data"]["storage"] == "s3: ok"


def test_sweeper_deletes_expired_objects(
    s3_app_client: TestClient,
    s3_client,
    s3_clock: FakeClock,  # type: ignore[no-untyped-def]
) -> None:
    state = s3_app_client.app.state.service  # type: ignore[attr-defined]
    keys_before = {o["Key"] for o in s3_client.list_objects_v2(Bucket=BUCKET).get("Contents", [])}
    assert keys_before
    assert all(k.startswith("deckforge/keep-") for k in keys_before)  # library files
    now = s3_clock.now
    temp = state.storage.put(
        b"x", filename="t.pptx", expires_at=now.replace(minute=10), now=now, base_url=""
    )
    s3_clock.advance(599)
    fresh = s3_app_client.post(CONVERT, headers=AUTH, json={"htmls": [page()]}).json()["data"]
    fresh_key = urlsplit(fresh["fileUrl"]).path.split(f"/{BUCKET}/", 1)[1]
    assert sweep_once(state) == 0
    s3_clock.advance(1)
    assert sweep_once(state) == 1  # only the unkept object; converted files stay with their PPT
    keys_after = {o["Key"] for o in s3_client.list_objects_v2(Bucket=BUCKET).get("Contents", [])}
    assert keys_after == keys_before | {fresh_key}
    assert temp.key not in keys_after
    state.storage.delete(fresh_key)
    keys_after = {o["Key"] for o in s3_client.list_objects_v2(Bucket=BUCKET).get("Contents", [])}
    assert keys_after == keys_before


def test_storage_ignores_foreign_objects(s3_endpoint: str, s3_client) -> None:  # type: ignore[no-untyped-def]
    s3_client.put_object(Bucket=BUCKET, Key="deckforge/notes.txt", Body=b"x")
    s3_client.put_object(Bucket=BUCKET, Key="other/1-" + "0" * 32 + ".pptx", Body=b"x")
    storage = S3Storage(BUCKET, endpoint_url=s3_endpoint, region="us-east-1")
    storage.delete_expired(FakeClock().now.replace(year=2100))
    keys = {o["Key"] for o in s3_client.list_objects_v2(Bucket=BUCKET).get("Contents", [])}
    assert {"deckforge/notes.txt", "other/1-" + "0" * 32 + ".pptx"} <= keys
    assert not any(
        k.endswith(".pptx") and k.startswith("deckforge/") and "/keep-" not in k for k in keys
    )


def test_get_reads_objects_back_within_a_limit(s3_endpoint: str, aws_env: None) -> None:
    from datetime import UTC, datetime, timedelta

    from service.storage.base import ObjectMissing, ObjectTooLarge

    storage = S3Storage(
        BUCKET, endpoint_url=s3_endpoint, region="us-east-1", create_bucket=True, prefix="get/"
    )
    now = datetime(2025, 1, 1, tzinfo=UTC)
    later = now + timedelta(hours=1)
    key = storage.put(b"y" * 100, filename="d.json", expires_at=later, now=now, base_url="").key
    assert storage.get(key) == b"y" * 100
    assert storage.get(key, max_bytes=100) == b"y" * 100
    with pytest.raises(ObjectTooLarge) as too_large:
        storage.get(key, max_bytes=10)
    assert (too_large.value.size, too_large.value.limit) == (100, 10)
    empty = storage.put(b"", filename="e.png", expires_at=later, now=now, base_url="").key
    assert storage.get(empty) == b""
    storage.delete(key)
    for missing in (key, "other/" + key.split("/", 1)[1]):
        with pytest.raises(ObjectMissing):
            storage.get(missing)
    storage.close()


def test_generated_ppt_documents_and_previews_in_s3(s3_app_client: TestClient, s3_client) -> None:  # type: ignore[no-untyped-def]
    """With S3 storage the pptxProperty and the previews are bucket objects, which loadPptx
    and the preview page read back (what another instance sharing the bucket would do)."""
    from sqlalchemy import select

    from service.db.models import PptDocument, PptPreview

    md = "# In S3\n## A\n### B\n- c"
    out = s3_app_client.post("/api/ppt/v2/generatePptx", headers=AUTH, json={"markdown": md})
    info = out.json()["data"]["pptInfo"]
    state = s3_app_client.app.state.service  # type: ignore[attr-defined]
    with state.db.session() as s:
        doc = s.get(PptDocument, info["id"])
        keys = [doc.property_key] + list(
            s.scalars(select(PptPreview.storage_key).where(PptPreview.ppt_id == info["id"]))
        )
    assert doc.property is None and len(keys) == info["pages"] + 1
    for key in keys:
        assert key.startswith("deckforge/keep-")
        s3_client.head_object(Bucket=BUCKET, Key=key)
    loaded = s3_app_client.post("/api/ppt/loadPptx", headers=AUTH, json={"id": info["id"]})
    assert loaded.json()["data"]["pptInfo"]["pptxProperty"] == info["pptxProperty"]
    parts = urlsplit(info["previewUrl"])
    image = s3_app_client.get(f"{parts.path}/1.png?{parts.query}")
    assert image.status_code == 200 and image.content.startswith(b"\x89PNG")
