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

from jinja2 import DictLoader, StrictUndefined, TemplateError

from generator.errors import NOT_FOUND, TEMPLATE_LIMIT, GeneratorError, Problem
from generator.highlight import Palette
from generator.highlight import palette as code_palette
from generator.lazyre import lazy_compile
from generator.render_bounds import (
    BoundedSandbox,
    TemplateLimitError,
    bounded_render,
    note_memory_exhausted,
)
from generator.screenshots import READ_HEIGHT

PAGE_KINDS = ("cover", "contents", "divider", "content", "closing")
IMAGE_TYPES = {".png", ".jpg", ".jpeg", ".gif", ".webp"}
BASE_CSS = """
.slide{box-sizing:border-box;overflow:hidden;position:relative}
.slide *{box-sizing:border-box}
p,h1,h2,h3,h4,ul,ol,figure,blockquote,pre{margin:0}
.df-body{overflow-wrap:anywhere}
.df-scheme .df-body{--df-primary:var(--df-text)}
.df-p{margin:0 0 0.5em 0}
.df-h{margin:0.3em 0 0.3em 0;font-size:1.05em}
.df-list{margin:0 0 0.5em 0;padding-left:1.3em}
.df-list .df-list{margin:0.15em 0 0.15em 0}
.df-list li{margin:0 0 0.25em 0}
.df-table{width:100%;border-collapse:collapse;margin:0 0 0.5em 0;font-size:var(--df-small-size,0.9em)}
.df-table th,.df-table td{padding:0.3em 0.5em;overflow-wrap:break-word;vertical-align:top}
.df-table code{font-size:1em}
.df-quote{margin:0 0 0.5em 0;padding:0.2em 0 0.2em 0.8em}
.df-code{margin:0 0 0.5em 0;padding:0.5em 0.7em;white-space:pre-wrap;overflow-wrap:anywhere;font-family:'Courier New',NSimSun,'Noto Sans Mono CJK SC',monospace;font-size:var(--df-code-size,0.8em);line-height:1.35;background:var(--df-code-background,#f4f4f4);color:var(--df-code-text,inherit);border-radius:4px}
.df-code code{font-size:1em;background:none;padding:0;color:inherit}
.df-inline{float:left;width:42%;margin:0 1em 0.5em 0}
.df-inline-end{float:right;width:42%;margin:0 0 0.5em 1em}
.df-beside{overflow:hidden}
.df-variants{display:grid;gap:0.6em 0.8em;margin:0 0 0.5em 0}
.df-variants .df-quote{margin:0;height:100%}
.df-figure{margin:0;display:flex;justify-content:center}
.df-figure img{max-width:100%;max-height:380px;display:block}
.df-figure img[width]{width:auto;height:auto}
.df-list .df-figure{justify-content:flex-start}
.df-figure.df-formula{margin:0.3em 0 0.6em 0}
.df-figure.df-formula img{max-height:none}
.df-list .df-figure img{max-height:180px}
.df-badges{margin:0 0 0.5em 0;line-height:1}
.df-badges img{height:22px;width:auto;margin:0 6px 4px 0;vertical-align:middle}
.df-body kbd{font-family:'DejaVu Sans Mono',monospace;font-size:0.85em;padding:0 0.25em;border:1px solid #999;border-radius:3px}
.df-body mark{background:#fff3a3;color:inherit}
.df-html{margin:0 0 0.5em 0}
ol.toc{column-count:var(--df-toc-columns,auto);column-gap:48px}
.kicker{font-size:0.62em;font-weight:400;opacity:0.75}
.kicker.df-eyebrow{display:block;font-size:0.5em;line-height:1.3;margin-bottom:0.1em}
.df-headline{display:block}
.df-frame{height:100%;display:flex;flex-direction:column;justify-content:center}
.df-stack{flex:0 0 auto}
.df-intro{margin:0 0 0.7em 0}
.df-outro{margin:0.7em 0 0 0}
.df-grid{display:flex;gap:24px;align-items:stretch}
.df-card{flex:1 1 0;min-width:0;padding:18px 22px 10px 22px;background:var(--df-surface,#f4f4f4);border-top:4px solid var(--df-accent);border-radius:6px}
.df-card-title{font-weight:700;font-size:1.08em;line-height:1.3;color:var(--df-primary);margin:0 0 0.45em 0}
.df-columns .df-card{background:none;border-top:0;border-left:3px solid var(--df-accent);border-radius:0;padding:4px 8px 4px 20px}
.df-numbers{display:flex;gap:28px;align-items:flex-start}
.df-number{flex:1 1 0;min-width:0;text-align:center;padding:8px 10px}
.df-number-value{font-size:2.8em;line-height:1.1;font-weight:700;color:var(--df-accent);overflow-wrap:normal}
.df-number-label{margin-top:0.4em;line-height:1.35}
.df-timeline{list-style:none;margin:0;padding:0}
.df-timeline-h{display:flex;gap:22px;border-top:3px solid var(--df-accent);margin-top:12px}
.df-timeline-h .df-tl-item{flex:1 1 0;min-width:0;position:relative;padding-top:30px}
.df-timeline-h .df-tl-dot{position:absolute;left:0;top:-11px;width:19px;height:19px;border-radius:10px;background:var(--df-accent)}
.df-tl-date{font-weight:700;color:var(--df-primary);font-size:1.1em;line-height:1.3;margin-bottom:0.25em}
.df-tl-text{line-height:1.4}
.df-timeline-v .df-tl-item{display:flex;gap:24px;position:relative;padding:0 0 0.6em 26px;border-left:3px solid var(--df-accent)}
.df-timeline-v .df-tl-dot{position:absolute;left:-11px;top:0.3em;width:19px;height:19px;border-radius:10px;background:var(--df-accent)}
.df-timeline-v .df-tl-date{flex:0 0 190px;margin:0}
.df-timeline-v .df-tl-text{flex:1 1 0;min-width:0}
.df-compare{display:grid;column-gap:18px}
.df-cmp-head{font-weight:700;color:var(--df-background,#ffffff);background:var(--df-primary);padding:12px 18px;border-radius:6px 6px 0 0}
.df-cmp-cell{padding:10px 18px;background:var(--df-surface,#f4f4f4);border-bottom:1px solid rgba(128,128,128,0.25)}
.df-cmp-c0.df-cmp-cell{font-weight:700}
.df-cmp-head.df-cmp-blank{background:none}
.df-codepair{display:flex;gap:32px;align-items:center}
.df-code-note{flex:0 0 36%;min-width:0}
.df-code-main{flex:1 1 0;min-width:0}
.df-code-main .df-code{margin:0}
.df-stacked{display:block}
.df-pointed{display:flex;gap:28px;align-items:center}
.df-pointed .df-code-main{flex:0 1 auto;max-width:66%}
.df-pointers{flex:1 1 0;min-width:0}
.df-pointers .df-code{margin:0 0 0.4em 0}
.df-stacked .df-code-note{margin:0 0 0.6em 0}
.df-steps{list-style:none;margin:0;padding:0}
.df-step{display:flex;gap:20px;align-items:flex-start;margin:0 0 16px 0}
.df-step-num{flex:0 0 44px;height:44px;border-radius:22px;background:var(--df-accent);color:var(--df-background,#ffffff);font-weight:700;text-align:center;line-height:44px}
.df-step-body{flex:1 1 0;min-width:0}
.df-step-title{font-weight:700;line-height:1.3;margin:0 0 0.25em 0;color:var(--df-primary)}
.df-step .df-code,.df-step .df-p{margin:0 0 0.2em 0}
.df-key{display:flex;align-items:center;gap:32px;margin-bottom:24px}
.df-key-value{font-size:104px;line-height:1.1;font-weight:700;color:var(--df-accent);white-space:nowrap}
.df-key-caption{flex:1 1 0;min-width:0;font-size:1.2em;line-height:1.4}
.df-bigquote{font-size:1.4em;line-height:1.45;margin:0 0 24px 0;padding-left:28px;border-left:4px solid var(--df-accent)}
.df-split{display:flex;gap:40px;align-items:center}
.df-split-text{flex:1 1 0;min-width:0}
.df-split-media{flex:0 0 46%;margin:0}
.df-split-media img{display:block;width:100%;height:auto;max-height:var(--df-picture-room,430px);object-fit:contain;margin:0 auto}
.df-full{margin:0;display:flex;flex-direction:column;align-items:center}
.df-full img{display:block;width:100%;height:auto;max-height:var(--df-picture-room,400px);object-fit:contain}
.df-caption{margin-top:12px;text-align:center}
.df-full.df-side{flex-direction:row;gap:32px}
.df-side img{flex:0 0 auto;max-width:none;max-height:none}
.df-side .df-caption{flex:1 1 0;min-width:0;margin:0;text-align:left}
.df-bleed{position:absolute;left:0;top:0;width:100%;height:100%;object-fit:cover;display:block}
.df-on-bleed{margin-top:auto}
.df-over{padding:18px 24px;background:var(--df-background);opacity:0.92;border-radius:6px}
.df-gallery{display:flex;gap:20px;align-items:flex-start}
.df-shot{flex:1 1 0;min-width:0;margin:0;text-align:center}
.df-shot img{display:block;width:100%;height:auto;max-height:320px;object-fit:contain;margin:0 auto}
.df-shot figcaption{margin-top:8px;font-size:0.85em}
"""
# a picture that carries text (generator.screenshots): as large as the smallest body allows
BASE_CSS += f""".df-figure img.df-read{{width:100%;height:auto;max-height:var(--df-picture-room,{READ_HEIGHT}px);object-fit:contain}}
.df-list .df-figure img.df-read{{width:auto;max-width:100%;max-height:180px}}
.df-figure.df-whole img{{max-height:var(--df-picture-room,{READ_HEIGHT}px)}}
.df-full.df-alone img{{max-height:var(--df-picture-room,{READ_HEIGHT}px)}}
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
        options: dict[str, Any] = {
            "autoescape": True,
            "undefined": StrictUndefined,
            "trim_blocks": True,
            "lstrip_blocks": True,
        }
        cache = None
        if self.builtin:  # compiled pages kept across processes (generator/templatecache.py)
            from generator.templatecache import page_cache

            cache = page_cache(self.id, repr(sorted(options.items())))
        return _Sandbox(loader=DictLoader(sources), bytecode_cache=cache, **options)

    @cached_property
    def code_palette(self) -> Palette:
        """The colours of highlighted code (generator/highlight.py)."""
        return code_palette(self.manifest.get("colors", {}))

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
            + [self.code_palette.css_vars()]
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
    engine writes it as the slide's speaker notes). A fragment that is one `.slide` element
    (the templates' pages) keeps its own text: the aside goes in before the element's closing
    tag, so the page reads as it does without notes (its HTML then differs only by the aside:
    the same page with and without notes shares its layout, generator.fit.layout_key)."""
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
            end = _closing_at(fragment, parts, slide)
            if end is not None:
                html = lxml.html.tostring(aside, encoding="unicode", with_tail=False)
                return fragment[:end] + html + fragment[end:]
            return "".join(
                p if isinstance(p, str) else lxml.html.tostring(p, encoding="unicode")
                for p in parts
            )
    return fragment


def _closing_at(fragment: str, parts: list[Any], slide: Any) -> int | None:
    """Where the closing tag of `slide` starts in `fragment` when the slide is the fragment's
    last element and only white space follows its closing tag; else None."""
    elements = [p for p in parts if not isinstance(p, str)]
    if not elements or elements[-1] is not slide or (slide.tail or "").strip():
        return None
    if any(isinstance(p, str) and p.strip() for p in parts[parts.index(slide) :]):
        return None
    text = fragment.rstrip()
    close = f"</{slide.tag}>"
    return len(text) - len(close) if text.endswith(close) else None


def _ext(name: str) -> str:
    dot = name.rfind(".")
    return name[dot:].lower() if dot >= 0 else ""


def _data_uri(name: str, data: bytes) -> str:
    mime = mimetypes.types_map.get(_ext(name), "application/octet-stream")
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


def validate_manifest(manifest: Any) -> list[Problem]:
    """Schema problems of a manifest, each named by its JSON path (`manifest.json:$.colors`)."""
    import jsonschema  # only custom packages are validated: the import is kept off generation

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
    """Files of a template folder -> Template, or GeneratorError (1010) listing every problem.

    A built-in template (shipped, and checked by the test suite with `check_template`) skips
    the schema and the compilation of every page here: its pages compile when first used."""
    problems: list[Problem] = []
    manifest: Any = None
    try:
        manifest = json.loads(files["manifest.json"].decode("utf-8"))
    except KeyError:
        problems.append(Problem("manifest.json", "missing"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        problems.append(Problem("manifest.json", f"not valid JSON: {exc}"[:200]))
    if manifest is not None and not builtin:
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
    if not builtin:
        check_template(template)
    return template


def check_template(template: Template) -> None:
    """Every page of a template compiles, and its manifest follows the schema (GeneratorError
    1010 listing the problems)."""
    problems = validate_manifest(template.manifest)
    for name in sorted(n for n in template.files if n.endswith(".html")):
        try:
            template.env.get_template(name)
        except TemplateError as exc:
            problems.append(Problem(name, f"Jinja2 syntax error: {exc}"[:200]))
    if problems:
        raise GeneratorError("invalid template", problems)


_BUILTIN: dict[str, Template] = {}
_SINGLE: dict[str, Template] = {}  # built-ins loaded alone (`builtin_template`), by id
_BUILTIN_LOCK = threading.Lock()
_FOLDER_NAME = lazy_compile(r"[a-z0-9][a-z0-9-]*")


def _read_folder(folder: Any) -> Template:
    files = {}
    for entry in folder.iterdir():
        if entry.is_file():
            files[entry.name] = entry.read_bytes()
    return template_from_files(files, builtin=True)


def builtin_templates() -> dict[str, Template]:
    """The shipped templates by id (loaded once; immutable afterwards)."""
    with _BUILTIN_LOCK:  # concurrent first calls must never see a half-filled dict
        if not _BUILTIN:
            loaded: dict[str, Template] = {}
            root = resources.files("generator").joinpath("templates")
            for folder in sorted(root.iterdir(), key=lambda p: p.name):
                if not folder.is_dir() or folder.name.startswith(("_", ".")):
                    continue
                template = _SINGLE.get(folder.name) or _read_folder(folder)
                loaded[template.id] = template
            _BUILTIN.update(loaded)
        return dict(_BUILTIN)


def builtin_template(template_id: str) -> Template | None:
    """One shipped template by id, the same object `builtin_templates` holds; before those are
    loaded, only its own folder is read (a shipped template's folder is named by its id; one
    that is not is found by loading them all). None when no shipped template has that id."""
    with _BUILTIN_LOCK:
        if _BUILTIN:
            return _BUILTIN.get(template_id)
        found = _SINGLE.get(template_id)
        if found is None and _FOLDER_NAME.fullmatch(template_id):
            folder = resources.files("generator").joinpath("templates").joinpath(template_id)
            if folder.is_dir():
                template = _read_folder(folder)
                if template.id == template_id:
                    _SINGLE[template_id] = found = template
    return found if found is not None else builtin_templates().get(template_id)


def get_template(template_id: Any, templates: dict[str, Template] | None = None) -> Template:
    """A template by id: `templates` (an account's custom ones) first, then the built-ins.
    Unknown -> GeneratorError 1001 on field `templateId`."""
    if template_id is None or template_id == "":
        default = builtin_template(DEFAULT_TEMPLATE)
        assert default is not None  # shipped
        return default
    if not isinstance(template_id, str):
        raise GeneratorError("bad parameters", [Problem("templateId", "must be a string")])
    found = (templates or {}).get(template_id) or builtin_template(template_id)
    if found is None:
        raise GeneratorError(
            "template not found",
            [Problem("templateId", f"unknown template {template_id[:60]!r}")],
            code=NOT_FOUND,
        )
    return found


DEFAULT_TEMPLATE = "corporate"
