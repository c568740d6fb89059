"""Custom template packages (zip): every guard, and a test render before acceptance."""

from __future__ import annotations

import io
import json
import stat
import struct
import zipfile

import pytest

from generator import generate_from_markdown, load_template_package
from generator.errors import GeneratorError
from generator.package import PackageLimits, read_package
from generator.templates import builtin_templates


def corporate_files(new_id: str = "acme") -> dict[str, bytes]:
    files = dict(builtin_templates()["corporate"].files)
    manifest = json.loads(files["manifest.json"])
    manifest["id"] = new_id
    manifest["name"] = "Acme"
    files["manifest.json"] = json.dumps(manifest).encode()
    return files


def make_zip(
    files: dict[str, bytes], prefix: str = "", method: int = zipfile.ZIP_DEFLATED
) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as zf:
        for name, data in files.items():
            zf.writestr(prefix + name, data)
    return buf.getvalue()


def problems(data: bytes, limits: PackageLimits | None = None) -> list[tuple[str, str]]:
    with pytest.raises(GeneratorError) as info:
        load_template_package(data, limits=limits)
    assert info.value.code == 1010
    return [(p.field, p.reason) for p in info.value.problems]


def test_valid_package_in_a_folder_is_accepted_and_usable() -> None:
    template = load_template_package(make_zip(corporate_files(), prefix="acme/"))
    assert (template.id, template.name, template.builtin) == ("acme", "Acme", False)
    deck = generate_from_markdown("# Hi\n### P\n- x", "acme", templates={"acme": template})
    assert deck.template_id == "acme" and deck.conversion.failed_pages == 0
    again = load_template_package(make_zip(corporate_files()), test=False)
    assert again.files == template.files


def test_not_a_zip_and_size_limits() -> None:
    assert problems(b"not a zip")[0][0] == "package"
    big = make_zip(corporate_files())
    assert "at most 100 allowed" in problems(big, PackageLimits(max_zip_bytes=100))[0][1]
    files = corporate_files()
    for i in range(70):
        files[f"img{i}.png"] = b"x"
    assert "entries; at most 64" in problems(make_zip(files))[0][1]
    assert problems(big, PackageLimits(max_total_bytes=1000))[-1][0] == "package"


def test_names_types_and_links_are_checked() -> None:
    files = corporate_files()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in files.items():
            zf.writestr(name, data)
        zf.writestr("../evil.html", b"x")
        zf.writestr("/abs.css", b"x")
        zf.writestr("run.sh", b"x")
        zf.writestr("C:/win.css", b"x")
        link = zipfile.ZipInfo("link.css")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        zf.writestr(link, b"/etc/passwd")
    found = dict(problems(buf.getvalue()))
    assert found["../evil.html"] == "path traversal not allowed"
    assert found["/abs.css"] == "absolute path not allowed"
    assert found["C:/win.css"] == "absolute path not allowed"
    assert found["link.css"] == "symbolic links not allowed"
    assert found["run.sh"].startswith("file type not allowed")


def test_zip_bomb_ratio_and_declared_size() -> None:
    files = corporate_files()
    files["bomb.css"] = b"\0" * 3_000_000
    assert (
        dict(problems(make_zip(files)))["bomb.css"] == "compression ratio too high (zip bomb guard)"
    )
    data = bytearray(make_zip({"theme.css": b"a" * 500}, method=zipfile.ZIP_STORED))
    for sig, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):  # declare 600 bytes, hold 500
        at = data.index(sig) + offset
        data[at : at + 4] = struct.pack("<I", 600)
    with pytest.raises(GeneratorError) as info:
        read_package(bytes(data), PackageLimits())
    assert info.value.problems[0].field == "theme.css"


def test_manifest_and_file_problems_are_all_listed() -> None:
    files = corporate_files()
    del files["closing.html"]
    manifest = json.loads(files["manifest.json"])
    manifest["size"] = {"width": 800, "height": 600}
    files["manifest.json"] = json.dumps(manifest).encode()
    fields = [f for f, _ in problems(make_zip(files))]
    assert fields == ["manifest.json:$.size.height", "manifest.json:$.size.width", "closing.html"]


def test_builtin_ids_cannot_be_taken() -> None:
    assert problems(make_zip(corporate_files("corporate")))[0][0] == "manifest.json:$.id"


def test_test_render_failures_are_reported() -> None:
    files = corporate_files()
    files["content.html"] = b"<p>{{ page.title }}</p>"  # no slide root
    found = problems(make_zip(files))
    assert found[0][0] == "templates" and "50101" in found[0][1]
    files = corporate_files()
    files["content.html"] = b'<div class="slide">{{ page.missing.attribute }}</div>'
    assert "test render failed" in problems(make_zip(files))[0][1]
    files = corporate_files()
    css = files["theme.css"].decode() + "\n.body { height: 4px; }"
    files["theme.css"] = css.encode()
    assert any("content does not fit its body region" in r for _, r in problems(make_zip(files)))
