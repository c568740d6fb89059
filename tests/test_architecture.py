"""The shape of the code base: the generator and the service use only the engine's public API,
no module imports another module's private names, the engine's resource loading sits below
the stages that use it (no import cycle through it), and no engine modules import one another
in a cycle (a lazy import inside a function that closes one is commented)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parent.parent
PUBLIC_ENGINE_MODULES = {"engine", "engine.cli", "engine.css", "engine.fetch", "engine.fonts"}


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


# -- import cycles among engine modules ----------------------------------------------------


def _engine_modules() -> dict[str, Path]:
    """Dotted name -> file of every engine module (a package by its name)."""
    out = {}
    for path in sorted((ROOT / "engine").rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    return out


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(
    body: list[ast.stmt], lazy: bool = False
) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """(import statement, inside a function) for every import run at import time or when a
    function runs; `if TYPE_CHECKING:` blocks are never run."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, lazy
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield from _runtime_imports(node.body, True)
        elif isinstance(node, ast.If):
            if not _type_checking(node.test):
                yield from _runtime_imports(node.body, lazy)
            yield from _runtime_imports(node.orelse, lazy)
        elif isinstance(node, ast.Try):
            for part in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                yield from _runtime_imports(part, lazy)
        elif isinstance(node, (ast.ClassDef, ast.With, ast.For, ast.While)):
            yield from _runtime_imports(node.body, lazy)


def _targets(
    module: str, path: Path, node: ast.Import | ast.ImportFrom, known: dict[str, Path]
) -> list[str]:
    """The engine modules an import statement names (`from pkg import name`: pkg, and
    pkg.name when that is a module)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            parts = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
            parts = parts[: len(parts) - (node.level - 1)]
            base = ".".join([*parts, *([node.module] if node.module else [])])
        names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
    return [name for name in names if name in known and name != module]


def _import_graphs() -> tuple[dict[str, set[str]], list[tuple[str, int, str, bool]]]:
    """(module -> the engine modules it imports at import time, every lazy import as
    (module, line, target, commented))."""
    known = _engine_modules()
    top: dict[str, set[str]] = {name: set() for name in known}
    lazy: list[tuple[str, int, str, bool]] = []
    for module, path in known.items():
        text = path.read_text()
        lines = text.splitlines()
        for node, inside in _runtime_imports(ast.parse(text, str(path)).body):
            for target in _targets(module, path, node, known):
                if not inside:
                    top[module].add(target)
                    continue
                own, above = lines[node.lineno - 1], lines[node.lineno - 2].strip()
                lazy.append((module, node.lineno, target, "#" in own or above.startswith("#")))
    return top, lazy


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _reaches(graph: dict[str, set[str]], start: str, goal: str) -> bool:
    seen: set[str] = set()
    pending = [start]
    while pending:
        v = pending.pop()
        if v == goal:
            return True
        if v not in seen:
            seen.add(v)
            pending.extend(graph[v])
    return False


def test_engine_modules_import_one_another_without_cycles() -> None:
    """The imports run when engine modules are imported form no cycle (engine.layout.dispatch is
    where the layout stage reaches its formatting contexts, lazily)."""
    top, _lazy = _import_graphs()
    assert _cycles(top) == []


def test_a_lazy_import_that_closes_a_cycle_says_so() -> None:
    """An import inside a function that would close a cycle at the top of its module carries a
    comment (the reason it is lazy), on its line or the line above."""
    top, lazy = _import_graphs()
    full = {module: set(targets) for module, targets in top.items()}
    for module, _line, target, _commented in lazy:
        full[module].add(target)
    silent = [
        f"{module}:{line} -> {target}"
        for module, line, target, commented in lazy
        if not commented and _reaches(full, target, module)
    ]
    assert silent == []


def test_the_cycle_check_sees_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []
