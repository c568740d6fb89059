"""Download links: file names, Content-Disposition, expiry with a fake clock, tampering, sweeping."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from service_testkit import AUTH, CONVERT, FakeClock, page

from service import signing
from service.filenames import ascii_fallback, content_disposition, sanitize_filename
from service.sweeper import sweep_once


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (None, "presentation.pptx"),
        ("", "presentation.pptx"),
        ("report", "report.pptx"),
        ("report.pptx", "report.pptx"),
        ("report.PPTX", "report.pptx"),
        ("report.ppt", "report.ppt.pptx"),
        ("年度报告", "年度报告.pptx"),
        ("星辰科技 2024 年度工作总结.pptx", "星辰科技 2024 年度工作总结.pptx"),
        ("../../etc/passwd", "_.._etc_passwd.pptx"),
        ("a/b\\c", "a_b_c.pptx"),
        ('q<u>o:t"e|s?*', "q_u_o_t_e_s__.pptx"),
        ("line\nbreak\ttab\x00nul\x7f", "linebreaktabnul.pptx"),
        ("\u202eevil\u202cfdp.exe", "evilfdp.exe.pptx"),
        ("  spaced   out  ", "spaced out.pptx"),
        ("...hidden", "hidden.pptx"),
        ("trailing. . .", "trailing.pptx"),
        ("CON", "presentation.pptx"),
        ("con.pptx", "presentation.pptx"),
        ("Lpt1.txt", "presentation.pptx"),
        ("NUL ", "presentation.pptx"),
        ("console", "console.pptx"),
        ("/", "presentation.pptx"),
        ("..", "presentation.pptx"),
        ("\x01\x02", "presentation.pptx"),
        (".pptx", "presentation.pptx"),
    ],
)
def test_sanitize_filename(given: str | None, expected: str) -> None:
    assert sanitize_filename(given) == expected


def test_long_names_are_cut_to_200_utf8_bytes() -> None:
    name = sanitize_filename("字" * 300)
    assert name.endswith(".pptx")
    assert len(name.encode("utf-8")) <= 200
    assert name == "字" * 65 + ".pptx"


def test_custom_default_name() -> None:
    assert sanitize_filename(None, default="deck") == "deck.pptx"
    assert sanitize_filename("CON", default="deck.pptx") == "deck.pptx"


def test_content_disposition_rfc6266() -> None:
    assert content_disposition("report.pptx") == (
        "attachment; filename=\"report.pptx\"; filename*=UTF-8''report.pptx"
    )
    value = content_disposition("年度报告 v2.pptx")
    assert value == (
        'attachment; filename="NianDuBaoGao v2.pptx"; '
        "filename*=UTF-8''%E5%B9%B4%E5%BA%A6%E6%8A%A5%E5%91%8A%20v2.pptx"
    )
    assert ascii_fallback("Café 报告.pptx") == "Cafe BaoGao.pptx"
    assert ascii_fallback("报告.pptx") == "BaoGao.pptx"
    assert ascii_fallback("\u2028\u200b.pptx") == "presentation.pptx"
    assert ascii_fallback('a"b\\c.pptx') == "a_b_c.pptx"


def convert(client: TestClient, **body: object) -> dict:
    out = client.post(CONVERT, headers=AUTH, json={"htmls": [page()], **body}).json()
    assert out["code"] == 0, out
    return out["data"]


def test_download_sends_unicode_filename(client: TestClient) -> None:
    data = convert(client, filename="季度/报告")
    r = client.get(data["fileUrl"])
    assert r.status_code == 200
    assert r.headers["content-type"] == (
        "application/vnd.openxmlformats-officedocument.presentationml.presentation"
    )
    assert r.headers["content-disposition"] == (
        'attachment; filename="JiDu_BaoGao.pptx"; '
        "filename*=UTF-8''%E5%AD%A3%E5%BA%A6_%E6%8A%A5%E5%91%8A.pptx"
    )
    assert r.content[:2] == b"PK"


def test_download_default_filename(client: TestClient) -> None:
    r = client.get(convert(client)["fileUrl"])
    assert 'filename="presentation.pptx"' in r.headers["content-disposition"]


def test_file_url_shape(client: TestClient) -> None:
    url = convert(client)["fileUrl"]
    parts = urlsplit(url)
    assert parts.scheme == "http"
    assert parts.path.startswith("/files/")
    assert set(parse_qs(parts.query)) == {"expires", "signature"}


def tamper(url: str, **changes: str) -> str:
    parts = urlsplit(url)
    query = {k: v[0] for k, v in parse_qs(parts.query).items()}
    query.update(changes)
    return f"{parts.path}?{urlencode(query)}"


def assert_refused(client: TestClient, url: str, status: int, code: int) -> None:
    r = client.get(url)
    assert r.status_code == status
    body = r.json()
    assert body["code"] == code
    assert body["data"]["requestId"] == r.headers["x-request-id"]


def test_tampered_signature_is_refused(client: TestClient) -> None:
    url = convert(client)["fileUrl"]
    sig = parse_qs(urlsplit(url).query)["signature"][0]
    flipped = ("A" if sig[0] != "A" else "B") + sig[1:]
    assert_refused(client, tamper(url, signature=flipped), 403, 98)
    assert_refused(client, tamper(url, signature=""), 403, 98)


def test_extended_expiry_is_refused(client: TestClient) -> None:
    url = convert(client)["fileUrl"]
    expires = int(parse_qs(urlsplit(url).query)["expires"][0])
    assert_refused(client, tamper(url, expires=str(expires + 3600)), 403, 98)
    assert_refused(client, tamper(url, expires="soon"), 403, 98)


def test_other_key_with_same_signature_is_refused(client: TestClient) -> None:
    url = convert(client)["fileUrl"]
    other = urlsplit(convert(client)["fileUrl"]).path
    path_only = tamper(url)
    assert_refused(client, other + "?" + path_only.split("?", 1)[1], 403, 98)


def test_signature_with_another_secret_is_refused(client: TestClient) -> None:
    url = convert(client)["fileUrl"]
    parts = urlsplit(url)
    key = parts.path.rsplit("/", 1)[1]
    expires = int(parse_qs(parts.query)["expires"][0])
    forged = signing.sign(b"guessed-secret", key, expires)
    assert_refused(client, tamper(url, signature=forged), 403, 98)


def test_unknown_file_with_valid_signature_is_404(app: FastAPI, client: TestClient) -> None:
    key = "0" * 32
    sig = signing.sign(app.state.service.settings.signing_key, key, 4102444800)
    assert_refused(client, f"/files/{key}?expires=4102444800&signature={sig}", 404, 1001)


def test_link_expires_but_library_file_stays(
    app: FastAPI, client: TestClient, clock: FakeClock, module_tmp: Path
) -> None:
    data = convert(client)
    url = data["fileUrl"]
    key = urlsplit(url).path.rsplit("/", 1)[1]
    stored = module_tmp / "files" / f"{key}.pptx"
    assert stored.is_file()
    clock.advance(24 * 3600 - 1)  # one second before expireAt
    assert client.get(url).status_code == 200
    clock.advance(1)  # exactly expireAt
    assert_refused(client, url, 410, 1001)
    # A converted file belongs to its PPT (the library): the sweeper leaves it alone.
    sweep_once(app.state.service)
    assert stored.is_file()
    assert_refused(client, url, 410, 1001)
    # New conversions after the sweep expire 24 h after the new "now".
    fresh = convert(client)
    assert fresh["expireAt"] == "2025-01-03T12:00:00Z"
    assert client.get(fresh["fileUrl"]).status_code == 200


def test_sweeper_deletes_expired_unkept_files(
    app: FastAPI, clock: FakeClock, module_tmp: Path
) -> None:
    storage = app.state.service.storage
    temp = storage.put(
        b"x", filename="t.pptx", expires_at=clock.now, now=clock.now, base_url="http://x"
    )
    kept = storage.put(
        b"x", filename="k.pptx", expires_at=clock.now, now=clock.now, base_url="http://x", keep=True
    )
    assert sweep_once(app.state.service) >= 1
    assert not (module_tmp / "files" / f"{temp.key}.pptx").exists()
    assert not (module_tmp / "files" / f"{temp.key}.json").exists()
    assert (module_tmp / "files" / f"{kept.key}.pptx").is_file()
    storage.delete(kept.key)
    assert not (module_tmp / "files" / f"{kept.key}.pptx").exists()


def test_configurable_lifetime(module_tmp: Path) -> None:
    from service_testkit import make_settings

    from service.main import create_app

    clock = FakeClock()
    app = create_app(make_settings(module_tmp / "ttl", workers=1, url_ttl_s=90), clock=clock)
    with TestClient(app) as c:
        data = convert(c)
        assert data["expireAt"] == "2025-01-01T12:01:30Z"
        clock.advance(89)
        assert c.get(data["fileUrl"]).status_code == 200
        clock.advance(1)
        assert c.get(data["fileUrl"]).status_code == 410
