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
    printed = capsys.readouterr().out
    assert "3 slides, template nature" in printed and "left out" not in printed
    with zipfile.ZipFile(io.BytesIO(out.read_bytes())) as zf:
        assert "ppt/slides/slide3.xml" in zf.namelist()
    doc = json.loads((tmp_path / "doc.json").read_text(encoding="utf-8"))
    assert doc["templateId"] == "nature" and len(doc["pages"]) == 3
    assert doc["leftOut"] == [] and doc["length"] == "medium"
    assert sorted(p.name for p in (tmp_path / "html").iterdir())[:2] == ["01.html", "02.html"]
    pngs = sorted((tmp_path / "png").iterdir())
    assert len(pngs) == 3 and pngs[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    doc["pages"][1]["title"] = "Edited"
    (tmp_path / "doc.json").write_text(json.dumps(doc), encoding="utf-8")
    again = tmp_path / "again.pptx"
    assert (
        deckforge(["generate", str(tmp_path / "doc.json"), "--from-document", "-o", str(again)])
        == 0
    )
    with zipfile.ZipFile(io.BytesIO(again.read_bytes())) as zf:
        assert "Edited" in zf.read("ppt/slides/slide2.xml").decode()
    assert (
        deckforge(["generate", str(tmp_path / "prop.txt"), "--from-document", "-o", str(again)])
        == 0
    )


def test_short_length_lists_what_it_leaves_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    md = tmp_path / "long.md"
    items = "\n".join(f"- Item {i} of a long list that needs several slides" for i in range(40))
    md.write_text(f"# Topic\n## Chapter\n### Long page\n{items}\n", encoding="utf-8")
    doc_path = tmp_path / "doc.json"
    args = ["generate", str(md), "-o", str(tmp_path / "d.pptx"), "--document", str(doc_path)]
    assert deckforge([*args, "--length", "short"]) == 0
    out = capsys.readouterr().out
    assert "left out: 1 pieces" in out
    assert "chapters[0].pages[0]: length:" in out and "condensed for a short deck" in out
    doc = json.loads(doc_path.read_text(encoding="utf-8"))
    (record,) = doc["leftOut"]
    assert record["kind"] == "length" and record["where"] == "chapters[0].pages[0]"
    assert record["text"].startswith("Item ") and record["words"] > 100
    shown = [p for p in doc["pages"] if p["kind"] == "content"]
    assert len(shown) == 1 and shown[0]["parts"] == 1
    assert deckforge([*args, "--length", "long"]) == 0
    assert "left out" not in capsys.readouterr().out
    with pytest.raises(SystemExit) as exit_info:  # argparse refuses it, exit status 2
        deckforge([*args, "--length", "tiny"])
    assert exit_info.value.code == 2


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
