"""The package check renders a sample outline and refuses a template whose slides drop content
it was given; the example package of docs/generator.md is complete and accepted, and shows the
key number, the quote, the cover subtitle and the contents entries."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest

from generator.api import generate_from_markdown
from generator.errors import GeneratorError
from generator.package import SAMPLE_MARKDOWN, load_template_package
from generator.package_check import dropped_content, slide_text
from generator.templates import builtin_templates

DOC = Path(__file__).resolve().parents[2] / "docs" / "generator.md"

# The example as the documentation used to give it: cover and content only show the title and
# the body (contents, divider and closing "look like cover.html").
INCOMPLETE_COVER = (
    '<div class="slide" style="{{ page.style }}">'
    '<h1 class="t" data-df-fit="title">{{ page.title }}</h1></div>'
)
INCOMPLETE_CONTENT = (
    '<div class="slide" style="{{ page.style }}">'
    '<h2 class="t" data-df-fit="title">{{ page.title }}</h2>'
    '<div class="b" data-df-fit="body">'
    "{% for s in page.sections %}<h3>{{ s.title }}</h3>{{ s.body }}{% endfor %}"
    "{{ page.body }}</div></div>"
)


def doc_package() -> dict[str, str]:
    """The files of the example in docs/generator.md ("**`name`**" then a fenced block)."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## A template package") : text.index("## Template safety")]
    files = dict(re.findall(r"\*\*`([^`]+)`\*\*[^\n]*\n\n```\w*\n(.*?)```", section, flags=re.S))
    files["closing.html"] = files["cover.html"]  # as the documentation says
    return files


def zipped(files: dict[str, str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, content in files.items():
            z.writestr(name, content)
    return buf.getvalue()


def test_doc_example_lists_every_file() -> None:
    assert set(doc_package()) == {
        "manifest.json",
        "cover.html",
        "contents.html",
        "divider.html",
        "content.html",
        "closing.html",
        "theme.css",
    }


def test_doc_example_is_accepted_and_keeps_every_piece() -> None:
    template = load_template_package(zipped(doc_package()))
    markdown = (
        "# Quarterly review\nResults and plans\n\n## Results\n\n### Renewals\n\n"
        "**85%** of customers renewed\n\n### Voice\n\n> It just works.\n\n"
        "## Plans\n\n### Next\n\nHire.\n"
    )
    deck = generate_from_markdown(
        markdown, template.id, templates={template.id: template}, length="long"
    )
    texts = [slide_text(s["shapes"]) for s in deck.slides]
    everything = " ".join(texts)
    for piece in (
        "Results and plans",
        "1. Results",
        "85%",
        "of customers renewed",
        "It just works.",
    ):
        assert piece in everything, piece
    assert dropped_content(deck.pages, deck.slides) == []


def test_a_template_that_drops_content_is_refused() -> None:
    files = doc_package()
    files.update(
        {
            "cover.html": INCOMPLETE_COVER,
            "contents.html": INCOMPLETE_COVER,
            "divider.html": INCOMPLETE_COVER,
            "closing.html": INCOMPLETE_COVER,
            "content.html": INCOMPLETE_CONTENT,
        }
    )
    with pytest.raises(GeneratorError) as refused:
        load_template_package(zipped(files))
    problems: dict[str, list[str]] = {}
    for problem in refused.value.problems:
        problems.setdefault(problem.field, []).append(problem.reason)
    assert any("subtitle 'A short subtitle'" in r for r in problems["cover.html"]), problems
    assert any("contents entry 1 'Overview'" in r for r in problems["contents.html"]), problems
    content = problems["content.html"]
    assert any("key number '42%'" in r for r in content), content
    assert len(content) <= 3  # the first few problems of one file say enough


@pytest.mark.parametrize("template_id", sorted(builtin_templates()))
def test_built_in_templates_show_all_sample_content(template_id: str) -> None:
    deck = generate_from_markdown(SAMPLE_MARKDOWN, template_id)
    assert dropped_content(deck.pages, deck.slides) == []


def test_a_template_without_the_quote_is_refused_naming_it() -> None:
    files = doc_package()
    quote_line = next(line for line in files["content.html"].splitlines() if "page.quote" in line)
    files["content.html"] = files["content.html"].replace(quote_line, "")
    with pytest.raises(GeneratorError) as refused:
        load_template_package(zipped(files))
    reasons = [p.reason for p in refused.value.problems]
    assert [p.field for p in refused.value.problems] == ["content.html"]
    assert "layout quote: its quote text 'A quotation.'" in reasons[0], reasons
