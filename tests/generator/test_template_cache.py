"""Built-in templates' compiled pages are kept in the user's cache folder across processes
(generator/templatecache.py): a later process loads them instead of compiling, an edited page
is recompiled, an unusable folder means no cache, and custom templates are never cached."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path
from types import CodeType

import jinja2.environment
import pytest

from generator.templates import Template, builtin_templates, template_from_files

CONTEXT = {
    "deck": {"topic": "Cache", "subtitle": "", "lang": "en", "page_count": 1},
    "page": {"title": "A page", "subtitle": "", "style": "", "notes": ""},
}


@pytest.fixture
def compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Names of the pages Jinja compiles from source from now on."""
    seen: list[str] = []
    original = jinja2.environment.Environment.compile

    def spy(
        self: jinja2.environment.Environment,
        source: object,
        name: object = None,
        *a: object,
        **k: object,
    ) -> object:
        seen.append(str(name))
        return original(self, source, name, *a, **k)  # type: ignore[call-overload]

    monkeypatch.setattr(jinja2.environment.Environment, "compile", spy)
    return seen


def _fresh(files: dict[str, bytes], builtin: bool = True) -> Template:
    """A new Template object (as a new process would build) of these files."""
    return template_from_files(dict(files), builtin=builtin)


def _corporate() -> dict[str, bytes]:
    return dict(builtin_templates()["corporate"].files)


def test_a_later_process_loads_compiled_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compiles: list[str]
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    files = _corporate()
    first = _fresh(files).env.get_template("closing.html").render(**CONTEXT)
    assert "closing.html" in compiles
    folder = tmp_path / "deckforge" / "templates"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(folder.parent.stat().st_mode) == 0o700  # deckforge's folder too
    written = list(folder.iterdir())
    assert written and all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in written)
    compiles.clear()
    again = _fresh(files).env.get_template("closing.html").render(**CONTEXT)
    assert compiles == []
    assert again == first


def test_an_edited_page_is_recompiled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compiles: list[str]
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    files = _corporate()
    _fresh(files).env.get_template("closing.html")
    compiles.clear()
    edited = dict(files)
    edited["closing.html"] = files["closing.html"].replace(b"</div>", b"<b>edited</b></div>", 1)
    rendered = _fresh(edited).env.get_template("closing.html").render(**CONTEXT)
    assert compiles == ["closing.html"]
    assert "<b>edited</b>" in rendered


def _texts(code: CodeType) -> set[str]:
    """The string constants of compiled page code (its HTML among them)."""
    found = {c for c in code.co_consts if isinstance(c, str)}
    for inner in code.co_consts:
        if isinstance(inner, CodeType):
            found |= _texts(inner)
    return found


def _page_texts(template: Template) -> set[str]:
    return _texts(template.env.get_template("closing.html").root_render_func.__code__)


def test_templates_with_the_same_page_names_keep_their_own_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    shipped = builtin_templates()
    ids = [
        i
        for i in sorted(shipped)
        if shipped[i].files["closing.html"] != shipped["corporate"].files["closing.html"]
    ][:1] + ["corporate"]
    first = {i: _page_texts(_fresh(shipped[i].files)) for i in ids}
    again = {i: _page_texts(_fresh(shipped[i].files)) for i in ids}
    assert again == first
    assert first[ids[0]] != first[ids[1]]
    assert len(list((tmp_path / "deckforge" / "templates").iterdir())) == 2


def test_an_unusable_cache_folder_means_no_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compiles: list[str]
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    template = _fresh(_corporate())
    assert template.env.bytecode_cache is None
    assert "slide" in template.env.get_template("closing.html").render(**CONTEXT)
    open_folder = tmp_path / "open"
    (open_folder / "deckforge" / "templates").mkdir(parents=True)
    os.chmod(open_folder / "deckforge" / "templates", 0o777)
    monkeypatch.setenv("XDG_CACHE_HOME", str(open_folder))
    assert _fresh(_corporate()).env.bytecode_cache is None


def test_custom_templates_are_never_cached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    template = _fresh(_corporate(), builtin=False)
    assert template.env.bytecode_cache is None
    assert not (tmp_path / "deckforge").exists()


def test_a_builtin_template_is_read_alone_and_is_the_one_of_the_list() -> None:
    """A generate reads only its template's folder; listing the built-ins later gives the
    same object (its compiled pages kept), and ids that are no folder's name are unknown."""
    code = (
        "import generator.templates as t\n"
        "one = t.get_template(None)\n"
        "alone = (len(t._SINGLE), len(t._BUILTIN))\n"
        "same = t.builtin_templates()['corporate'] is one\n"
        "print(alone, same, t.builtin_template('../corporate'), t.builtin_template('none'))\n"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=root,
        env=dict(os.environ, PYTHONPATH=str(root)),
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split() == ["(1,", "0)", "True", "None", "None"]
