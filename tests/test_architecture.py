"""The shape of the code base: the generator and the service use only the engine's public API,
no module imports another module's private names, and the engine's resource loading sits below
the stages that use it (no import cycle through it)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parent.parent
PUBLIC_ENGINE_MODULES = {"engine", "engine.cli", "engine.fetch", "engine.fonts"}


def _modules(*packages: str) -> Iterator[tuple[str, ast.Module]]:
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield str(path.relative_to(ROOT)), ast.parse(path.read_text(), str(path))


def _imports(tree: ast.Module) -> Iterator[tuple[int, str, list[str]]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module, [a.name for a in node.names]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, []


def test_generator_and_service_use_only_the_public_engine_api() -> None:
    wrong = []
    for name, tree in _modules("generator", "service"):
        for line, module, names in _imports(tree):
            if module.split(".")[0] != "engine":
                continue
            if module not in PUBLIC_ENGINE_MODULES:
                wrong.append(f"{name}:{line}: {module}")
            elif module == "engine":
                wrong += [
                    f"{name}:{line}: engine.{n}"
                    for n in names
                    if n not in engine.__all__ and f"engine.{n}" not in PUBLIC_ENGINE_MODULES
                ]
    assert wrong == []


def test_every_public_engine_name_resolves() -> None:
    for name in engine.__all__:
        assert getattr(engine, name) is not None, name


def test_no_private_name_is_imported_across_modules() -> None:
    wrong = []
    for name, tree in _modules("engine", "generator", "service"):
        for line, module, names in _imports(tree):
            own = module.split(".")[0] in ("engine", "generator", "service")
            private = [n for n in names if n.startswith("_") and not n.startswith("__")]
            if own and private:
                wrong.append(f"{name}:{line}: from {module} import {', '.join(private)}")
    assert wrong == []


def test_resource_loading_imports_no_later_stage() -> None:
    """engine.resources, engine.media and engine.fetch are read by the box and slide stages;
    they import none of them (an SVG image is dispatched by engine.images, above both)."""
    for module in ("engine/resources.py", "engine/media.py", "engine/fetch.py"):
        tree = ast.parse((ROOT / module).read_text())
        later = [
            m
            for _, m, _ in _imports(tree)
            if m.startswith(("engine.model", "engine.layout", "engine.boxes", "engine.images"))
        ]
        assert later == [], module
