"""Custom template package (zip bytes) -> validated Template, or an error listing every problem.

Checks, in order: archive size; zip readable; member count; names (no absolute paths, drive
letters, backslashes, `..`, symlinks or directories outside the root); allowed file types;
declared sizes (per file and in total) and compression ratio (zip-bomb guard) before anything is
decompressed; actual sizes while decompressing; one optional top-level folder is stripped;
manifest schema and required files (templates.py); Jinja2 syntax; then a test render of a sample
outline through the planner and the engine, which must succeed for every page kind and
layout without overflow errors, and show every piece of content on its slide (package_check).
"""

from __future__ import annotations

import io
import stat
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from jinja2 import TemplateError
from jinja2.sandbox import SecurityError

from generator.brand.package import is_powerpoint, load_pptx_template
from generator.brand.safety import BrandLimits
from generator.errors import GeneratorError, Problem
from generator.package_check import dropped_content
from generator.templates import IMAGE_TYPES, Template, builtin_templates, template_from_files

ALLOWED_TYPES = {".html", ".css", ".json"} | IMAGE_TYPES
SAMPLE_MARKDOWN = """# Sample deck 示例
A short subtitle

## Overview

### Bullets
- First point with **bold** and *italic*
- Second point 第二点
  - Nested point

### Cards
#### One
Alpha
#### Two
Beta
#### Three
Gamma

### Number
**42%** of the sample is a number.

### Table
| A | B |
|---|---|
| 1 | 2 |

### Quote
> A quotation.

## Details

### Long page
""" + "\n".join(f"- Item {i} with some words to fill the line" for i in range(30))


@dataclass(frozen=True)
class PackageLimits:
    max_zip_bytes: int = 5 * 1024 * 1024
    max_files: int = 64
    max_file_bytes: int = 4 * 1024 * 1024
    max_total_bytes: int = 16 * 1024 * 1024
    max_ratio: float = 100.0  # uncompressed / compressed, per member (zip-bomb guard)
    max_render_s: float = 20.0  # the sample render must finish within this time


def load_template_package(
    zip_bytes: bytes,
    *,
    limits: PackageLimits | None = None,
    test: bool = True,
    brand_limits: BrandLimits | None = None,
    settings: Any = None,
    filename: str | None = None,
    accept: Callable[[Template], None] | None = None,
) -> Template:
    """Validate a zip template package and test-render it; raises GeneratorError 1010 whose
    problems name each failing member (or `package`) and why. `test=False` skips the sample
    render (for re-loading a package that was accepted before; every other check still runs).

    A PowerPoint file (.pptx/.potx, or a zip of one with settings.json: generator/brand) is
    recognised by its content and loaded as a BrandTemplate (`brand_limits`, `settings`,
    `filename` apply to it only). `accept` sees the loaded template before its sample render and
    may refuse it by raising GeneratorError (the caller's own rules, such as who owns the id)."""
    if isinstance(zip_bytes, (bytes, bytearray)) and is_powerpoint(bytes(zip_bytes)):
        if brand_limits is None and not test:
            brand_limits = STORED_BRAND_LIMITS  # accepted at upload, under the limits then
        brand = load_pptx_template(
            bytes(zip_bytes), settings=settings, limits=brand_limits, filename=filename
        )
        if accept is not None:
            accept(brand)
        if test:
            test_render(brand, limits or PackageLimits())
        return brand
    limits = limits or PackageLimits()
    files = read_package(zip_bytes, limits)
    template = template_from_files(files)
    if template.id in builtin_templates():
        raise _fail([Problem("manifest.json:$.id", f"{template.id!r} is a built-in template id")])
    if accept is not None:
        accept(template)
    if test:
        test_render(template, limits)
    return template


STORED_BRAND_LIMITS = BrandLimits(
    max_file_bytes=64 * 1024 * 1024,
    max_media_bytes=64 * 1024 * 1024,
    max_media_total_bytes=256 * 1024 * 1024,
)


def _fail(problems: list[Problem]) -> GeneratorError:
    return GeneratorError("invalid template package", problems)


def read_package(zip_bytes: bytes, limits: PackageLimits) -> dict[str, bytes]:
    if not isinstance(zip_bytes, (bytes, bytearray)):
        raise _fail([Problem("package", "must be the bytes of a zip file")])
    if len(zip_bytes) > limits.max_zip_bytes:
        raise _fail(
            [
                Problem(
                    "package", f"is {len(zip_bytes)} bytes; at most {limits.max_zip_bytes} allowed"
                )
            ]
        )
    try:
        archive = zipfile.ZipFile(io.BytesIO(bytes(zip_bytes)))
        infos = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise _fail([Problem("package", f"is not a readable zip file ({exc})"[:200])]) from None
    if len(infos) > limits.max_files:
        raise _fail(
            [Problem("package", f"has {len(infos)} entries; at most {limits.max_files} allowed")]
        )
    problems: list[Problem] = []
    members: list[tuple[zipfile.ZipInfo, str]] = []
    declared = 0
    for info in infos:
        name = info.filename
        reason = _name_problem(info)
        if reason:
            problems.append(Problem(name[:200], reason))
            continue
        if info.is_dir():
            continue
        ext = name[name.rfind(".") :].lower() if "." in name.rsplit("/", 1)[-1] else ""
        if ext not in ALLOWED_TYPES:
            problems.append(
                Problem(
                    name, f"file type not allowed (allowed: {', '.join(sorted(ALLOWED_TYPES))})"
                )
            )
            continue
        if info.file_size > limits.max_file_bytes:
            problems.append(
                Problem(name, f"is {info.file_size} bytes; at most {limits.max_file_bytes} allowed")
            )
            continue
        if info.file_size > 1024 and info.file_size > limits.max_ratio * max(info.compress_size, 1):
            problems.append(Problem(name, "compression ratio too high (zip bomb guard)"))
            continue
        declared += info.file_size
        members.append((info, name))
    if declared > limits.max_total_bytes:
        problems.append(
            Problem(
                "package", f"unpacks to {declared} bytes; at most {limits.max_total_bytes} allowed"
            )
        )
    if problems:
        raise _fail(problems)
    files = _extract(archive, members, limits)
    return _strip_root(files)


def _name_problem(info: zipfile.ZipInfo) -> str | None:
    name = info.filename
    if not name or "\x00" in name or "\\" in name:
        return "bad file name"
    if name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        return "absolute path not allowed"
    parts = name.rstrip("/").split("/")
    if any(p in ("..", ".", "") for p in parts):
        return "path traversal not allowed"
    if len(parts) > 3 or len(name) > 200:
        return "path too deep or too long"
    mode = info.external_attr >> 16
    if stat.S_ISLNK(mode):
        return "symbolic links not allowed"
    if mode and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)) and stat.S_IFMT(mode):
        return "special files not allowed"
    if info.flag_bits & 0x1:
        return "encrypted entries not allowed"
    return None


def _extract(
    archive: zipfile.ZipFile, members: list[tuple[zipfile.ZipInfo, str]], limits: PackageLimits
) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    total = 0
    for info, name in members:
        try:
            with archive.open(info) as fh:
                data = fh.read(limits.max_file_bytes + 1)
        except (zipfile.BadZipFile, OSError, NotImplementedError, EOFError, RuntimeError) as exc:
            raise _fail([Problem(name, f"cannot be read ({exc.__class__.__name__})")]) from None
        if len(data) > limits.max_file_bytes or len(data) != info.file_size:
            raise _fail([Problem(name, "actual size differs from the declared size")])
        total += len(data)
        if total > limits.max_total_bytes:
            raise _fail([Problem("package", "unpacks to more than the allowed total size")])
        if name in files:
            raise _fail([Problem(name, "duplicate entry")])
        files[name] = data
    return files


def _strip_root(files: dict[str, bytes]) -> dict[str, bytes]:
    """`tpl/manifest.json` -> `manifest.json` when everything sits in one top-level folder."""
    if "manifest.json" in files:
        return files
    roots = {n.split("/", 1)[0] for n in files if "/" in n}
    if len(roots) == 1 and all("/" in n for n in files):
        root = roots.pop() + "/"
        return {n[len(root) :]: d for n, d in files.items()}
    return files


def test_render(template: Template, limits: PackageLimits) -> None:
    """Generate the sample deck with the template; any failure is a package problem."""
    from generator.api import generate_from_markdown

    started = time.perf_counter()
    try:
        deck = generate_from_markdown(  # long: every page kind, contents included
            SAMPLE_MARKDOWN, template.id, templates={template.id: template}, length="long"
        )
    except (TemplateError, SecurityError) as exc:
        raise _fail([Problem("templates", f"test render failed: {exc}"[:300])]) from None
    except GeneratorError as exc:
        raise _fail([Problem("templates", f"test render failed: {exc}"[:300])]) from None
    except RecursionError:
        raise _fail([Problem("templates", "test render failed: recursion too deep")]) from None
    problems = []
    if time.perf_counter() - started > limits.max_render_s:
        problems.append(
            Problem("templates", f"test render took more than {limits.max_render_s:g} s")
        )
    for detail in deck.conversion.failed_page_details:
        problems.append(
            Problem("templates", f"sample page {detail.index}: {detail.code} {detail.reason}")
        )
    from generator.fit import overflowing_regions

    for page, html in zip(deck.pages, deck.pages_html, strict=True):
        regions = overflowing_regions(html) if page.kind == "content" else []
        if regions:
            problems.append(
                Problem(
                    "content.html",
                    f"sample page {page.number} ({page.title!r}): content does not fit its "
                    f"{regions[0]} region",
                )
            )
    problems += dropped_content(
        deck.pages, cast(list[dict[str, Any]], deck.slides)
    )  # every piece reaches its slide
    size = template.manifest.get("size") or {"width": 1280, "height": 720}
    if (
        round(deck.conversion.slide_width) != size["width"]
        or round(deck.conversion.slide_height) != size["height"]
    ):
        problems.append(
            Problem("templates", "slides must be 1280x720 px (the .slide element's size)")
        )
    if problems:
        raise _fail(problems)
