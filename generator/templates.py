"""Template folders (manifest.json + Jinja2 page HTML + theme.css + images) -> slide HTML pages.

A template is a folder (built-in: `generator/templates/<id>/`; custom: a zip, see package.py):

- `manifest.json`: id, name, category, colors, fonts, sizes (title/body font-size ranges in
  px), size (must be 1280x720), optional preview image; schema in
  `generator/schema/template_manifest.schema.json`.
- `cover.html`, `contents.html`, `divider.html`, `content.html`, `closing.html`: Jinja2 markup
  of ONE element with class `slide` (1280x720). Rendered in a SandboxedEnvironment with
  autoescape on; the only loader is a DictLoader of the template's own .html files (so
  `{% include %}`/`{% import %}` of sibling files works, nothing else is reachable).
- `theme.css`: the stylesheet of every page (after the generator's base rules for `df-*` blocks).
- images (`.png`, `.jpg`, `.jpeg`, `.gif`, `.webp`): available as data URIs in `assets['name']`.

Regions marked `data-df-fit="title"` / `data-df-fit="body"` (any name) must contain their content:
the planner measures them with the engine and shrinks or splits content until they do.
Context of every page: `deck` (topic, subtitle, colors, fonts, lang, page_count), `page` (see
planner.PlannedPage and `page_context` below) and `assets`.
"""

from __future__ import annotations

import base64
import json
import mimetypes
import threading
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from typing import Any

import jsonschema
from jinja2 import DictLoader, StrictUndefined, TemplateError

from generator.errors import NOT_FOUND, TEMPLATE_LIMIT, GeneratorError, Problem
from generator.render_bounds import (
    BoundedSandbox,
    TemplateLimitError,
    bounded_render,
    note_memory_exhausted,
)

PAGE_KINDS = ("cover", "contents", "divider", "content", "closing")
IMAGE_TYPES = {".png", ".jpg", ".jpeg", ".gif", ".webp"}
BASE_CSS = """
.slide{box-sizing:border-box;overflow:hidden;position:relative}
.slide *{box-sizing:border-box}
p,h1,h2,h3,h4,ul,ol,figure,blockquote,pre{margin:0}
.df-body{overflow-wrap:anywhere}
.df-p{margin:0 0 0.5em 0}
.df-h{margin:0.3em 0 0.3em 0;font-size:1.05em}
.df-list{margin:0 0 0.5em 0;padding-left:1.3em}
.df-list .df-list{margin:0.15em 0 0.15em 0}
.df-list li{margin:0 0 0.25em 0}
.df-table{width:100%;table-layout:fixed;border-collapse:collapse;margin:0 0 0.5em 0;font-size:0.8em}
.df-table th,.df-table td{padding:0.3em 0.5em;overflow-wrap:anywhere;vertical-align:top}
.df-quote{margin:0 0 0.5em 0;padding:0.2em 0 0.2em 0.8em}
.df-code{margin:0 0 0.5em 0;padding:0.5em 0.7em;white-space:pre-wrap;overflow-wrap:anywhere;font-family:'Courier New',NSimSun,'Noto Sans Mono CJK SC',monospace;font-size:0.7em;line-height:1.35}
.df-figure{margin:0;display:flex;justify-content:center}
.df-figure img{max-width:100%;max-height:380px;display:block}
.df-figure img[width]{width:auto;height:auto}
.df-list .df-figure{justify-content:flex-start}
.df-list .df-figure img{max-height:180px}
.df-badges{margin:0 0 0.5em 0;line-height:1}
.df-badges img{height:22px;width:auto;margin:0 6px 4px 0;vertical-align:middle}
.df-body kbd{font-family:'DejaVu Sans Mono',monospace;font-size:0.85em;padding:0 0.25em;border:1px solid #999;border-radius:3px}
.df-body mark{background:#fff3a3;color:inherit}
.df-html{margin:0 0 0.5em 0}
"""


def _schema() -> dict[str, Any]:
    text = resources.files("generator").joinpath("schema/template_manifest.schema.json").read_text()
    return dict(json.loads(text))


MANIFEST_SCHEMA = _schema()


_Sandbox = BoundedSandbox


@dataclass
class Template:
    """A loaded, validated template: its manifest and its files (relative path -> bytes)."""

    manifest: dict[str, Any]
    files: dict[str, bytes]
    builtin: bool = False
    assets: dict[str, str] = field(init=False)

    def __post_init__(self) -> None:
        self.assets = {
            name.rsplit("/", 1)[-1]: _data_uri(name, data)
            for name, data in sorted(self.files.items())
            if _ext(name) in IMAGE_TYPES
        }

    @property
    def id(self) -> str:
        return str(self.manifest["id"])

    @property
    def name(self) -> str:
        return str(self.manifest["name"])

    @property
    def category(self) -> str:
        return str(self.manifest["category"])

    def size_range(self, which: str) -> tuple[float, float]:
        """(max, min) font size in px of `title` or `body`."""
        sizes = self.manifest["sizes"][which]
        return float(sizes["max"]), float(sizes["min"])

    @cached_property
    def env(self) -> _Sandbox:
        sources = {
            name: data.decode("utf-8")
            for name, data in self.files.items()
            if name.endswith(".html")
        }
        env = _Sandbox(
            loader=DictLoader(sources),
            autoescape=True,
            undefined=StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        return env

    @cached_property
    def theme_css(self) -> str:
        return self.files.get("theme.css", b"").decode("utf-8")

    def render(self, kind: str, context: dict[str, Any]) -> str:
        """One page kind -> a complete HTML document for the engine (and for Chromium)."""
        try:
            fragment = bounded_render(self.env, f"{kind}.html", {"assets": self.assets, **context})
        except (TemplateLimitError, MemoryError) as exc:
            if isinstance(exc, MemoryError):
                note_memory_exhausted()
            reason = f"{kind}.html went over its render limits: {str(exc) or 'out of memory'}"[:300]
            raise GeneratorError(
                "template over its render limits", [Problem("templateId", reason)], TEMPLATE_LIMIT
            ) from None
        except (
            TemplateError,
            RecursionError,
            ArithmeticError,
            TypeError,
            ValueError,
            LookupError,
        ) as exc:
            reason = f"{kind}.html failed to render: {exc.__class__.__name__}: {exc}"[:300]
            raise GeneratorError("template failed", [Problem("templateId", reason)]) from None
        notes = str(context.get("page", {}).get("notes") or "")
        if notes:
            fragment = with_notes(fragment, notes)
        colors = self.manifest.get("colors", {})
        fonts = self.manifest.get("fonts", {})
        css_vars = ";".join(
            [f"--df-{k}:{v}" for k, v in colors.items()]
            + [f"--df-font-{k}:{v}" for k, v in fonts.items()]
        )
        lang = str(context.get("deck", {}).get("lang", "en"))
        return (
            f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8"><style>'
            f"{BASE_CSS}\n:root{{{css_vars}}}\n{self.theme_css}</style></head>"
            f'<body style="margin:0">{fragment}</body></html>'
        )


def with_notes(fragment: str, notes: str) -> str:
    """The fragment with a hidden `<aside class="notes">` in its first `.slide` element (the
    engine writes it as the slide's speaker notes)."""
    import lxml.html
    from lxml import etree

    try:
        parts = lxml.html.fragments_fromstring(fragment)
    except (etree.ParserError, ValueError):
        return fragment
    for part in parts:
        if not isinstance(part, etree._Element):
            continue
        slide = next((e for e in part.iter() if "slide" in (e.get("class") or "").split()), None)
        if slide is not None:
            aside = etree.SubElement(slide, "aside", {"class": "notes", "style": "display:none"})
            aside.text = notes
            return "".join(
                p if isinstance(p, str) else lxml.html.tostring(p, encoding="unicode")
                for p in parts
            )
    return fragment


def _ext(name: str) -> str:
    dot = name.rfind(".")
    return name[dot:].lower() if dot >= 0 else ""


def _data_uri(name: str, data: bytes) -> str:
    mime = mimetypes.types_map.get(_ext(name), "application/octet-stream")
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


def validate_manifest(manifest: Any) -> list[Problem]:
    """Schema problems of a manifest, each named by its JSON path (`manifest.json:$.colors`)."""
    validator = jsonschema.Draft202012Validator(MANIFEST_SCHEMA)
    problems = []
    for err in sorted(validator.iter_errors(manifest), key=lambda e: list(e.absolute_path)):
        problems.append(Problem(f"manifest.json:{err.json_path}", err.message[:200]))
    if not problems:
        for which in ("title", "body"):
            size = manifest["sizes"][which]
            if size["min"] > size["max"]:
                problems.append(Problem(f"manifest.json:$.sizes.{which}", "min is larger than max"))
    return problems


def template_from_files(files: dict[str, bytes], builtin: bool = False) -> Template:
    """Files of a template folder -> Template, or GeneratorError (1010) listing every problem."""
    problems: list[Problem] = []
    manifest: Any = None
    try:
        manifest = json.loads(files["manifest.json"].decode("utf-8"))
    except KeyError:
        problems.append(Problem("manifest.json", "missing"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        problems.append(Problem("manifest.json", f"not valid JSON: {exc}"[:200]))
    if manifest is not None:
        problems += validate_manifest(manifest)
    for kind in PAGE_KINDS:
        if f"{kind}.html" not in files:
            problems.append(Problem(f"{kind}.html", "missing"))
    if "theme.css" not in files:
        problems.append(Problem("theme.css", "missing"))
    for name, data in files.items():
        if name.endswith((".html", ".css", ".json")):
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                problems.append(Problem(name, "not UTF-8 text"))
                continue
            if name.endswith(".css") and "</style" in text.lower():
                problems.append(Problem(name, "must not contain '</style'"))
    if problems:
        raise GeneratorError("invalid template", problems)
    template = Template(manifest, dict(files), builtin)
    for name in sorted(n for n in files if n.endswith(".html")):
        try:
            template.env.get_template(name)
        except TemplateError as exc:
            problems.append(Problem(name, f"Jinja2 syntax error: {exc}"[:200]))
    if problems:
        raise GeneratorError("invalid template", problems)
    return template


_BUILTIN: dict[str, Template] = {}
_BUILTIN_LOCK = threading.Lock()


def builtin_templates() -> dict[str, Template]:
    """The shipped templates by id (loaded once; immutable afterwards)."""
    with _BUILTIN_LOCK:  # concurrent first calls must never see a half-filled dict
        if not _BUILTIN:
            loaded: dict[str, Template] = {}
            root = resources.files("generator").joinpath("templates")
            for folder in sorted(root.iterdir(), key=lambda p: p.name):
                if not folder.is_dir() or folder.name.startswith(("_", ".")):
                    continue
                files = {}
                for entry in folder.iterdir():
                    if entry.is_file():
                        files[entry.name] = entry.read_bytes()
                template = template_from_files(files, builtin=True)
                loaded[template.id] = template
            _BUILTIN.update(loaded)
        return dict(_BUILTIN)


def get_template(template_id: Any, templates: dict[str, Template] | None = None) -> Template:
    """A template by id: `templates` (an account's custom ones) first, then the built-ins.
    Unknown -> GeneratorError 1001 on field `templateId`."""
    if template_id is None or template_id == "":
        return builtin_templates()[DEFAULT_TEMPLATE]
    if not isinstance(template_id, str):
        raise GeneratorError("bad parameters", [Problem("templateId", "must be a string")])
    found = (templates or {}).get(template_id) or builtin_templates().get(template_id)
    if found is None:
        raise GeneratorError(
            "template not found",
            [Problem("templateId", f"unknown template {template_id[:60]!r}")],
            code=NOT_FOUND,
        )
    return found


DEFAULT_TEMPLATE = "corporate"
