"""Start-up: a command imports only what it uses (the time itself is measured by
benchmarks/bench_startup.py, not asserted): `deckforge convert` of a plain page loads no
generator, template, numpy, service or fontTools modules; `--help` of generate and render
loads no conversion pipeline."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = '<div class="slide" style="width:320px;height:180px"><p>Plain page</p></div>'
PROBE = """
import json, sys
from service.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def loaded(tmp_path: Path, *argv: str) -> set[str]:
    env = os.environ | {
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    }
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, *argv],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    report = json.loads(proc.stderr.strip().splitlines()[-1])
    assert report["code"] in (0, None), proc.stderr
    return set(report["modules"])


def test_convert_of_a_plain_page_loads_only_the_engine(tmp_path: Path) -> None:
    (tmp_path / "one.html").write_text(PAGE, encoding="utf-8")
    modules = loaded(tmp_path, "convert", "one.html", "-o", "one.pptx", "-q")
    assert (tmp_path / "one.pptx").exists()
    assert "engine.pipeline" in modules  # it did convert
    unused = {
        "numpy",  # masks only
        "generator.api",  # templates: --template-pptx only
        "generator.brand.build",
        "generator.templates",
        "jinja2",
        "markdown_it",
        "jsonschema",
        "fastapi",
        "sqlalchemy",
        "engine.fetch",  # remote images only
        "fontTools",  # metrics and hints come from engine.fonts.sfnt; embedding only
    }
    assert not unused & modules, sorted(unused & modules)


@pytest.mark.parametrize("command", ["generate", "render"])
def test_help_loads_no_pipeline(tmp_path: Path, command: str) -> None:
    modules = loaded(tmp_path, command, "--help")
    assert not {"engine.pipeline", "engine.api", "pptx", "generator.api"} & modules


PAGE_PROBE = """
import json, sys
from engine.options import Options
from engine.pipeline import convert_page
result = convert_page(sys.argv[1], Options())
print(json.dumps({"shapes": len(result.slide["shapes"]), "modules": sorted(sys.modules)}))
"""
# A 1x1 PNG.
PIXEL = (
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAE"
    "hQGAhKmMIQAAAABJRU5ErkJggg=="
)


def page_modules(tmp_path: Path, html: str) -> set[str]:
    env = os.environ | {
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    }
    proc = subprocess.run(
        [sys.executable, "-c", PAGE_PROBE, html],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert report["shapes"] > 0  # the page was drawn
    return set(report["modules"])


# What a page of text and boxes does not need: loaded where an image, SVG, table, multicol
# container or font embedding needs them.
NOT_FOR_TEXT = {
    "PIL",
    "fontTools",
    "engine.images",
    "engine.model.pictures",
    "engine.model.svg.render",
    "engine.layout.table.layout",
    "engine.layout.multicol.fragmentation",
}


def test_a_page_of_text_loads_no_image_svg_or_font_library(tmp_path: Path) -> None:
    page = '<div class="slide" style="width:640px;height:360px"><h1>Title</h1>'
    page += "<ul><li>One</li><li>Two \u2014 more</li></ul></div>"
    modules = page_modules(tmp_path, page)
    assert not NOT_FOR_TEXT & modules, sorted(NOT_FOR_TEXT & modules)


def test_a_page_with_an_image_loads_the_image_code(tmp_path: Path) -> None:
    page = f'<div class="slide" style="width:640px;height:360px"><img src="{PIXEL}"></div>'
    modules = page_modules(tmp_path, page)
    assert {"PIL", "engine.images", "engine.model.pictures"} <= modules


PLAIN_MARKDOWN = """# A plain document

## Facts

### Page one

Text with “typographic” quotes — and dashes.

- one
- two
"""
CODE_MARKDOWN = """---
title: With code
---

# With code

## Code

### A page

```python
print("hi")
```
"""
# Loaded by a Markdown document only when it has what they read: code in a known language,
# YAML or TOML front matter, an emoji shortcode, a Mermaid flowchart (grandalf),
# a BibTeX citation (bibtexparser brings pylatexenc).
FOR_CONTENT = {"pygments", "yaml", "tomllib", "emoji", "grandalf", "numpy", "bibtexparser"}
FOR_CONTENT |= {"pylatexenc"}


def test_generate_of_plain_markdown_loads_no_highlighter_or_front_matter_parser(
    tmp_path: Path,
) -> None:
    (tmp_path / "plain.md").write_text(PLAIN_MARKDOWN, encoding="utf-8")
    modules = loaded(tmp_path, "generate", "plain.md", "-o", "plain.pptx")
    assert (tmp_path / "plain.pptx").exists()
    assert not FOR_CONTENT & modules, sorted(FOR_CONTENT & modules)


def test_generate_loads_the_highlighter_and_yaml_for_code_and_front_matter(
    tmp_path: Path,
) -> None:
    (tmp_path / "code.md").write_text(CODE_MARKDOWN, encoding="utf-8")
    modules = loaded(tmp_path, "generate", "code.md", "-o", "code.pptx")
    assert {"pygments", "yaml"} <= modules
    assert "tomllib" not in modules and "emoji" not in modules


# The readers and drawers of every Mermaid diagram type: loaded with a document's first
# diagram only.
FOR_DIAGRAMS = {
    "generator.markup.mermaid.model",
    "generator.markup.mermaid.drawing",
    "generator.markup.mermaid.c4",
    "generator.markup.mermaid.svg",
}
# The standard library's HTTP client (urllib.request, which xml.sax.saxutils imports, brings
# http.client, ssl and email): for fetching remote pictures only, not for a local picture, a
# remote one that is not fetched, or a diagram.
FOR_NETWORK = {"urllib.request", "http.client", "ssl", "xml.sax.saxutils", "engine.fetch"}
DIAGRAM_MARKDOWN = PLAIN_MARKDOWN + "\n### A diagram\n\n```mermaid\ngraph LR\n  A --> B\n```\n"


def test_generate_loads_the_diagram_drawers_only_for_a_diagram(tmp_path: Path) -> None:
    (tmp_path / "plain.md").write_text(PLAIN_MARKDOWN, encoding="utf-8")
    modules = loaded(tmp_path, "generate", "plain.md", "-o", "plain.pptx")
    assert (tmp_path / "plain.pptx").exists()
    assert not FOR_DIAGRAMS & modules, sorted(FOR_DIAGRAMS & modules)
    (tmp_path / "diagram.md").write_text(DIAGRAM_MARKDOWN, encoding="utf-8")
    modules = loaded(tmp_path, "generate", "diagram.md", "-o", "diagram.pptx")
    assert FOR_DIAGRAMS - {"generator.markup.mermaid.c4"} <= modules
    assert not FOR_NETWORK & modules, sorted(FOR_NETWORK & modules)
    # the flowchart is laid out by grandalf, loaded without the numpy it would bring
    # (its layered layout is plain Python)
    assert "grandalf.layouts" in modules and "numpy" not in modules


CITED_MARKDOWN = (
    PLAIN_MARKDOWN
    + """
## Citation

```bibtex
@article{doe2024,
  title={A Plain Study},
  author={Doe, Jane and Roe, Richard},
  journal={Journal of Examples},
  year={2024}
}
```
"""
)


def test_generate_loads_the_bibtex_reader_only_for_a_citation(tmp_path: Path) -> None:
    (tmp_path / "cited.md").write_text(CITED_MARKDOWN, encoding="utf-8")
    modules = loaded(tmp_path, "generate", "cited.md", "-o", "cited.pptx")
    assert "bibtexparser" in modules
    with zipfile.ZipFile(tmp_path / "cited.pptx") as zf:
        slides = [n for n in zf.namelist() if n.startswith("ppt/slides/slide")]
        text = "".join(zf.read(n).decode("utf-8") for n in slides)
    assert "Jane Doe, Richard Roe (2024)" in text and "@article" not in text  # the reference


PICTURES_MARKDOWN = (
    PLAIN_MARKDOWN
    + """
### Pictures

![A local picture](pic.png)

![A remote picture](https://example.com/remote.png)
"""
)


def test_generate_of_local_and_unfetched_remote_pictures_loads_no_http_client(
    tmp_path: Path,
) -> None:
    from PIL import Image

    Image.new("RGB", (64, 48), "red").save(tmp_path / "pic.png")
    (tmp_path / "pics.md").write_text(PICTURES_MARKDOWN, encoding="utf-8")
    modules = loaded(tmp_path, "generate", "pics.md", "-o", "pics.pptx")
    with zipfile.ZipFile(tmp_path / "pics.pptx") as zf:
        assert any(n.startswith("ppt/media/") for n in zf.namelist())  # the local one is kept
    assert not FOR_NETWORK & modules, sorted(FOR_NETWORK & modules)


GC_PROBE = """
import gc, json, sys
from service.cli import main
code = main(sys.argv[1:])
print(json.dumps({"code": code, "frozen": gc.get_freeze_count(), "enabled": gc.isenabled()}))
"""


def _probed_generate(tmp_path: Path, probe: str) -> dict[str, Any]:
    """The JSON line `probe` prints after running `deckforge generate` on a plain Markdown
    document in `tmp_path` (the probe wraps service.cli.main)."""
    (tmp_path / "plain.md").write_text(PLAIN_MARKDOWN, encoding="utf-8")
    env = os.environ | {
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    }
    proc = subprocess.run(
        [sys.executable, "-c", probe, "generate", "plain.md", "-o", "plain.pptx"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    report: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return report


def test_generate_keeps_the_generator_modules_out_of_collections(tmp_path: Path) -> None:
    """The generator's modules (classes, patterns, tables that live as long as the command) are
    loaded with the collector paused and frozen afterwards; the collector runs again after."""
    report = _probed_generate(tmp_path, GC_PROBE)
    assert report["code"] == 0 and (tmp_path / "plain.pptx").exists()
    assert report["enabled"] is True
    assert report["frozen"] > 10_000  # the generator's modules and what they built


COLLECTIONS_PROBE = """
import gc, json, os, sys
from service.cli import main
seen = []  # per collection started after the generator is loaded: was the deck written then
gc.callbacks.append(
    lambda phase, info: phase == "start"
    and "generator.api" in sys.modules
    and seen.append(os.path.exists("plain.pptx"))
)
code = main(sys.argv[1:])
tracked = len(gc.get_objects())
print(json.dumps({"code": code, "written": seen, "enabled": gc.isenabled(), "tracked": tracked}))
"""


def test_generate_runs_no_collection_until_the_deck_is_written(tmp_path: Path) -> None:
    """Once the generator is loaded, the collector stays paused until the deck is written and
    dropped (resumed as soon as the deck is built, its first collection would walk every
    object of the deck); it runs again after, over none of what the command left (frozen)."""
    report = _probed_generate(tmp_path, COLLECTIONS_PROBE)
    assert report["code"] == 0 and report["enabled"] is True
    assert False not in report["written"], report["written"]
    assert report["tracked"] < 1000  # what the command left is frozen, not walked again


# An HTML block at the head of a README (fd's) and a grid of a Slidev deck
# (slidev-composable-vue's).
CENTRED = '<p align="center">\n  <img src="doc/logo.svg" width="200">\n</p>\n\n'
GRID = """---
layout: cover
---

# Ref

<div class="grid grid-cols-2 gap-x-4"><div>

Reactive state with `ref`.

</div><div>

Read it with `.value`.

</div></div>
"""


def test_generate_loads_the_html_tokenizer_only_for_a_block_that_may_open_a_grid(
    tmp_path: Path,
) -> None:
    (tmp_path / "centred.md").write_text(CENTRED + PLAIN_MARKDOWN, encoding="utf-8")
    modules = loaded(tmp_path, "generate", "centred.md", "-o", "centred.pptx")
    assert (tmp_path / "centred.pptx").exists()
    assert "html.parser" not in modules
    (tmp_path / "grid.md").write_text(GRID, encoding="utf-8")  # a Slidev deck
    modules = loaded(tmp_path, "generate", "grid.md", "-o", "grid.pptx")
    assert {"html.parser", "generator.markup.gridtags"} <= modules
