"""`deckforge generate`: files written, regeneration from a document, errors and exit codes."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from service.cli import COMMANDS
from service.cli import main as deckforge


def test_registered_in_the_command_table() -> None:
    assert COMMANDS["generate"][0] == "generator.cli:main"


def test_generate_writes_deck_document_property_html_and_pngs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    md = tmp_path / "outline.md"
    md.write_text("# Topic\n## Chapter\n### Page\n- point\n", encoding="utf-8")
    out = tmp_path / "deck.pptx"
    code = deckforge(
        [
            "generate",
            str(md),
            "--template",
            "nature",
            "-o",
            str(out),
            "--document",
            str(tmp_path / "doc.json"),
            "--property",
            str(tmp_path / "prop.txt"),
            "--html",
            str(tmp_path / "html"),
            "--png",
            str(tmp_path / "png"),
            "--png-width",
            "320",
        ]
    )
    assert code == 0
    assert "5 slides, template nature" in capsys.readouterr().out
    with zipfile.ZipFile(io.BytesIO(out.read_bytes())) as zf:
        assert "ppt/slides/slide5.xml" in zf.namelist()
    doc = json.loads((tmp_path / "doc.json").read_text(encoding="utf-8"))
    assert doc["templateId"] == "nature" and len(doc["pages"]) == 5
    assert sorted(p.name for p in (tmp_path / "html").iterdir())[:2] == ["01.html", "02.html"]
    pngs = sorted((tmp_path / "png").iterdir())
    assert len(pngs) == 5 and pngs[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    doc["pages"][3]["title"] = "Edited"
    (tmp_path / "doc.json").write_text(json.dumps(doc), encoding="utf-8")
    again = tmp_path / "again.pptx"
    assert (
        deckforge(["generate", str(tmp_path / "doc.json"), "--from-document", "-o", str(again)])
        == 0
    )
    with zipfile.ZipFile(io.BytesIO(again.read_bytes())) as zf:
        assert "Edited" in zf.read("ppt/slides/slide4.xml").decode()
    assert (
        deckforge(["generate", str(tmp_path / "prop.txt"), "--from-document", "-o", str(again)])
        == 0
    )


def test_errors_exit_2_with_the_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    md = tmp_path / "empty.md"
    md.write_text("   \n", encoding="utf-8")
    assert deckforge(["generate", str(md), "-o", str(tmp_path / "x.pptx")]) == 2
    assert "markdown: has no usable content" in capsys.readouterr().err
    md.write_text("# T", encoding="utf-8")
    assert deckforge(["generate", str(md), "--template", "nope"]) == 2
    assert "templateId: unknown template 'nope'" in capsys.readouterr().err
    assert deckforge(["generate", str(tmp_path / "missing.md")]) == 2
    assert not (tmp_path / "x.pptx").exists()


def test_list_templates(capsys: pytest.CaptureFixture[str]) -> None:
    assert deckforge(["generate", "--list-templates"]) == 0
    out = capsys.readouterr().out
    assert "corporate" in out and "chinese-red" in out and len(out.splitlines()) >= 8
