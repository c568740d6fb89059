"""Templates: the built-ins, the manifest schema, the sandbox and rendering."""

from __future__ import annotations

import json

import pytest

from generator import generate_from_markdown, list_templates
from generator.errors import GeneratorError
from generator.fit import overflowing_regions
from generator.templates import (
    PAGE_KINDS,
    builtin_templates,
    check_template,
    get_template,
    template_from_files,
    validate_manifest,
)
from tests.generator.layout_samples import LAYOUTS, every_layout

STYLES = {
    "business",
    "minimal",
    "technology",
    "education",
    "chinese",
    "nature",
    "editorial",
    "data",
}


def test_at_least_eight_distinct_builtins() -> None:
    templates = builtin_templates()
    assert len(templates) >= 8
    assert {t.category for t in templates.values()} >= STYLES
    assert len(
        {
            t.manifest["colors"]["background"] + t.manifest["colors"]["primary"]
            for t in templates.values()
        }
    ) == len(templates)
    listed = list_templates()
    assert [t["id"] for t in listed] == sorted(templates)
    assert set(listed[0]) == {"id", "name", "category", "colors", "fonts", "builtin", "preview"}


@pytest.mark.usefixtures("whole_document")
@pytest.mark.parametrize("tid", sorted(builtin_templates()))
def test_builtin_is_1280x720_cjk_capable_and_renders_every_layout(tid: str) -> None:
    t = builtin_templates()[tid]
    check_template(t)  # built-ins skip the schema and compilation when loaded: checked here
    assert t.manifest["size"] == {"width": 1280, "height": 720}
    for stack in t.manifest["fonts"].values():
        assert "CJK" in stack, f"{tid}: font stack {stack!r} has no CJK font"
    deck = generate_from_markdown(every_layout(), tid)
    layouts = {p.layout for p in deck.pages}
    assert {"cover", "contents", "divider", "closing"} | LAYOUTS <= layouts
    assert deck.conversion.failed_pages == 0 and deck.left_out == []
    assert (deck.conversion.slide_width, deck.conversion.slide_height) == (1280, 720)
    for html in deck.pages_html:
        assert overflowing_regions(html) == []


def test_unknown_template_is_1001_and_default_is_corporate() -> None:
    with pytest.raises(GeneratorError) as info:
        get_template("nope")
    assert (info.value.code, info.value.field) == (1001, "templateId")
    assert get_template(None).id == "corporate" and get_template("").id == "corporate"


def files_of(tid: str = "corporate") -> dict[str, bytes]:
    return dict(builtin_templates()[tid].files)


def test_manifest_problems_name_their_json_path() -> None:
    manifest = json.loads(files_of()["manifest.json"])
    manifest["size"]["width"] = 1920
    del manifest["colors"]["primary"]
    manifest["fonts"]["body"] = "x; } body { color: red"
    fields = [p.field for p in validate_manifest(manifest)]
    assert fields == [
        "manifest.json:$.colors",
        "manifest.json:$.fonts.body",
        "manifest.json:$.size.width",
    ]


def test_missing_files_and_syntax_errors_are_listed() -> None:
    files = files_of()
    del files["cover.html"]
    files["content.html"] = b"{% if %}"
    files["theme.css"] = b"</style><script>"
    with pytest.raises(GeneratorError) as info:
        template_from_files(files)
    assert [p.field for p in info.value.problems] == ["cover.html", "theme.css"]
    files = files_of()
    files["content.html"] = b"<div class='slide'>{% if %}</div>"
    with pytest.raises(GeneratorError) as info:
        template_from_files(files)
    assert info.value.problems[0].field == "content.html"
    assert "syntax" in info.value.problems[0].reason


def render_with(body: str, **page: object) -> str:
    files = files_of()
    files["cover.html"] = body.encode()
    t = template_from_files(files)
    return t.render("cover", {"deck": {"lang": "en"}, "page": page})


def refused(body: str, code: int = 1010) -> str:
    with pytest.raises(GeneratorError) as info:
        render_with(body)
    assert (info.value.code, info.value.field) == (code, "templateId")
    return info.value.problems[0].reason


def test_sandbox_blocks_internals_and_bounds_work() -> None:
    assert "SecurityError" in refused("{{ ''.__class__.__mro__[1].__subclasses__() }}")
    assert "range() longer" in refused("{% for i in range(100000) %}{% endfor %}", 1015)
    assert "at most" in refused("{{ 'x' * 1000000 }}", 1015)
    assert "exponent" in refused("{{ 10 ** 1000 }}", 1015)
    assert "UndefinedError" in refused("{{ page.missing.attribute }}")
    assert "xxx" in render_with("{{ 'x' * 3 }}")


def test_autoescape_and_no_loader_beyond_the_folder() -> None:
    html = render_with('<div class="slide">{{ page.title }}</div>', title="<script>x</script>")
    assert "&lt;script&gt;" in html and "<script>" not in html
    assert "TemplateNotFound" in refused('{% include "/etc/passwd" %}')
    assert "TemplateNotFound" in refused('{% include "../corporate/theme.css" %}')
    assert "TemplateNotFound" in refused('{% include "theme.css" %}')  # only .html files load


def test_assets_are_data_uris() -> None:
    files = files_of()
    files["logo.png"] = b"\x89PNG\r\n\x1a\n"
    files["cover.html"] = b'<div class="slide"><img src="{{ assets[\'logo.png\'] }}"></div>'
    t = template_from_files(files)
    html = t.render("cover", {"deck": {"lang": "en"}, "page": {}})
    assert 'src="data:image/png;base64,iVBORw0KGgo="' in html


def test_page_kinds_are_the_five() -> None:
    assert PAGE_KINDS == ("cover", "contents", "divider", "content", "closing")


def test_a_template_drawing_page_body_itself_still_gets_continuation_slides() -> None:
    """Templates made before the composed layouts draw `{{ page.body }}`: its blocks carry the
    measurable wrappers, so long pages continue on fitted slides there too."""
    files = files_of("corporate")
    manifest = json.loads(files["manifest.json"])
    manifest["id"], manifest["name"] = "own-body", "Own body"
    files["manifest.json"] = json.dumps(manifest).encode()
    files["layouts.html"] = b"{{ page.body }}"
    template = template_from_files(files)
    items = "\n".join(f"- Item {i} of a long list that needs several slides" for i in range(40))
    deck = generate_from_markdown(
        "# T\n### Long\n" + items, "own-body", templates={"own-body": template}, length="long"
    )
    parts = [p for p in deck.pages if p.title == "Long"]
    assert len(parts) >= 3 and [p.part for p in parts] == list(range(1, len(parts) + 1))
    assert [i.spans[0].text for p in parts for b in p.blocks for i in b.items] == [
        f"Item {i} of a long list that needs several slides" for i in range(40)
    ]
    for html in deck.pages_html:
        assert 'data-df-u="0"' in html or "s-content" not in html
        assert overflowing_regions(html) == []
