"""Font audit: every typeface a deck names is one a stock Office user has, or is embedded in that deck.

Over every deck of samples/corpus and a generated deck of every generator template: all
typeface attributes of every XML part (runs' a:latin / a:ea / a:cs / a:sym, bullets' a:buFont,
the theme's fonts and per-script fonts, the master's and the presentation's text styles) are
either in engine/fonts/office_fonts.txt or listed in the deck's p:embeddedFontLst with at least
one font part, and every embedded part is an EOT naming that typeface.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from engine import convert
from engine.fonts.eot import read_eot
from engine.fonts.office import is_office_font
from tests.conftest import requires_fonts

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples" / "corpus"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
R_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
TYPEFACE_TAGS = {f"{{{A}}}{t}" for t in ("latin", "ea", "cs", "sym", "buFont", "font")}

pytestmark = requires_fonts(
    "fonts-liberation2", "fonts-dejavu-core", "fonts-noto-core", "fonts-noto-cjk"
)


def audit(data: bytes) -> list[str]:
    """Problems: typefaces named but neither Office fonts nor embedded, broken embeddings."""
    package = zipfile.ZipFile(io.BytesIO(data))
    named: dict[str, str] = {}
    for member in package.namelist():
        if not member.endswith(".xml"):
            continue
        root = etree.fromstring(package.read(member))
        for el in root.iter():
            if el.tag in TYPEFACE_TAGS:
                name = el.get("typeface", "")
                if name and not name.startswith("+"):  # +mn-lt etc. refer to the theme
                    named.setdefault(name, member)
    pres = etree.fromstring(package.read("ppt/presentation.xml"))
    rels = etree.fromstring(package.read("ppt/_rels/presentation.xml.rels"))
    targets = {r.get("Id"): "ppt/" + r.get("Target") for r in rels}
    embedded: set[str] = set()
    problems: list[str] = []
    for entry in pres.iterfind(f"{{{P}}}embeddedFontLst/{{{P}}}embeddedFont"):
        typeface = entry[0].get("typeface", "")
        parts = [targets[slot.get(R_ID)] for slot in entry[1:]]
        if not parts:
            problems.append(f"{typeface}: listed without a font part")
        for part in parts:
            eot = read_eot(package.read(part))
            if eot.family_name != typeface:
                problems.append(f"{part}: EOT family {eot.family_name!r}, list {typeface!r}")
        embedded.add(typeface)
    for name, where in sorted(named.items()):
        if not is_office_font(name) and name not in embedded:
            problems.append(f"{name!r} (in {where}) is neither an Office font nor embedded")
    return problems


def _deck(folder: Path) -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.html"))]


@pytest.mark.parametrize("deck", sorted(p.name for p in SAMPLES.iterdir() if p.is_dir()))
def test_samples_decks_name_only_fonts_users_have(deck: str) -> None:
    folder = SAMPLES / deck
    pages = _deck(folder)
    base = [p.resolve().as_uri() for p in sorted(folder.glob("*.html"))]
    from engine.options import Options

    result = convert(pages, options=Options(file_roots=(str(folder),)), base_urls=base)
    assert audit(result.pptx_bytes) == []


def test_the_audit_catches_a_face_that_is_neither_office_nor_embedded() -> None:
    page = (
        '<div class="slide" style="width:320px;height:180px;font-family:\'DejaVu Sans\'">Hi</div>'
    )
    from engine.options import Options

    bare = convert([page], options=Options(embed_fonts="none")).pptx_bytes
    assert any("'DejaVu Sans'" in p for p in audit(bare))
    assert audit(convert([page]).pptx_bytes) == []


@pytest.mark.parametrize(
    "template",
    sorted(p.name for p in (ROOT / "generator" / "templates").iterdir() if p.is_dir()),
)
def test_generator_templates_name_only_fonts_users_have(template: str) -> None:
    from generator import generate_from_markdown

    markdown = (
        "# 年度报告 Annual report\n\n## Results 业绩\n\n### Highlights 亮点\n\n"
        "- Revenue grew 38% 收入增长\n- `code 代码` and **bold** text\n\n"
        "```\nprint('你好')\n```\n"
    )
    deck = generate_from_markdown(markdown, template)
    assert audit(deck.pptx_bytes) == []


def _families(stack: str) -> list[str]:
    return [f.strip().strip("'\"") for f in stack.split(",") if f.strip()]


GENERIC = {"serif", "sans-serif", "monospace", "system-ui", "cursive", "fantasy"}


@pytest.mark.parametrize(
    "template",
    sorted(p.name for p in (ROOT / "generator" / "templates").iterdir() if p.is_dir()),
)
def test_template_font_stacks_lead_with_office_fonts(template: str) -> None:
    """Latin first in an Office font, CJK in an Office CJK face before any Debian CJK face."""
    import json
    import re

    folder = ROOT / "generator" / "templates" / template
    stacks = list(json.loads((folder / "manifest.json").read_text())["fonts"].values())
    css = (folder / "theme.css").read_text() + "".join(p.read_text() for p in folder.glob("*.html"))
    stacks += [s for s in re.findall(r"font-family:\s*([^;}\"]+)", css) if "var(" not in s]
    assert stacks
    for stack in stacks:
        families = [f for f in _families(stack) if f.lower() not in GENERIC]
        assert is_office_font(families[0]), stack
        first_other = next((i for i, f in enumerate(families) if not is_office_font(f)), None)
        if first_other is not None:  # a Debian face only as a fallback after an Office CJK face
            assert any(is_office_font(f) for f in families[1:first_other]), stack
