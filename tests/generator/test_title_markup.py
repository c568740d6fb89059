"""Titles keep their heading's inline formatting, on fragments of the real documents of
samples/markdown (see each folder's SOURCES.md): code in a heading is drawn in the template's
code face in the slide's title, the contents entry, the divider and the kicker, in every
built-in template; everything that reads a title as text (properties, notes, lengths, the
document's JSON `title`) reads the plain text, and a plain string title is still valid."""

from __future__ import annotations

import io
import json
import pickle
import re
import zipfile
from dataclasses import dataclass
from typing import Any

import pytest
from lxml import etree

from generator.api import generate_from_markdown, regenerate
from generator.errors import GeneratorError
from generator.layouts import page_context
from generator.model import Outline, Span, Title, plain, title_spans, titled
from generator.outline import parse_outline
from generator.pages import PlannedPage
from generator.templates import builtin_templates
from tests.generator.fragments import MARP_LAST, MARP_SCHEMES
from tests.generator.pptx_xml import NS, slides
from tests.generator.test_titles_structure import between, sample

CODE_FACE = "Courier New"  # the code face of every built-in template (theme.css `code`)
TEMPLATES = sorted(builtin_templates())
# editorial's kicker is a line of its own outside the title region: the title fitting always
# drops it, so its deck shows none (its markup is checked on the page HTML)
NO_KICKER = ("editorial",)


@dataclass(frozen=True)
class Run:
    text: str
    face: str  # a:latin/@typeface


def paragraphs(pptx: bytes) -> list[list[list[Run]]]:
    """Each slide's paragraphs as their runs (text and face)."""
    out = []
    for slide in slides(pptx):
        found = []
        for p in slide.iterfind(".//a:p", NS):
            runs = []
            for r in p.iterfind("a:r", NS):
                latin = r.find("a:rPr/a:latin", NS)
                face = latin.get("typeface", "") if latin is not None else ""
                runs.append(Run(r.findtext("a:t", default="", namespaces=NS), face))
            found.append(runs)
        out.append(found)
    return out


def drawn(pptx: bytes, number: int, text: str) -> list[Run]:
    """The runs of the paragraph of slide `number` (1-based) that reads `text` (a continued
    slide's title followed by its part, "(1/2)")."""
    for runs in paragraphs(pptx)[number - 1]:
        read = as_read("".join(r.text for r in runs)).strip()
        if read == text or re.fullmatch(re.escape(text) + r" \(\d+/\d+\)", read):
            return runs
    shown = ["".join(r.text for r in p) for p in paragraphs(pptx)[number - 1]]
    raise AssertionError(f"slide {number} has no paragraph {text!r}: {shown}")


def coded(runs: list[Run]) -> set[str]:
    """The texts drawn in the code face among `runs`."""
    return {as_read(r.text).strip() for r in runs if r.face == CODE_FACE and r.text.strip()}


def as_read(text: str) -> str:
    """Text as a reader reads it: a title's code drawn with no-break spaces and hyphens (so
    that no renderer breaks inside it) reads with plain ones."""
    return text.replace("\u00a0", " ").replace("\u2011", "-")


def bat() -> str:
    """bat's README from its configuration file to its Troubleshooting chapter (three chapters,
    one of them `Using \\`bat\\` on Windows`)."""
    return "# bat\n\n" + between(sample("bat-readme"), "## Configuration file", "## Development")


def bat_kicked() -> str:
    """bat's README from its configuration file to its licence (chapters of one to three
    slides: too short on average for dividers, so each slide names its chapter above its
    title, `Using \\`bat\\` on Windows` among them)."""
    return "# bat\n\n" + between(sample("bat-readme"), "## Configuration file", "## License")


def rust() -> str:
    """Rust 1.80.0's release post: `### \\`LazyCell\\` and \\`LazyLock\\`` and
    `### Checked \\`cfg\\` names and values`."""
    text = sample("rust-release")
    return between(text, "## What's in 1.80.0 stable", "### Exclusive ranges in patterns")


def test_a_code_heading_is_a_title_that_reads_as_its_text() -> None:
    outline = parse_outline(rust())
    (chapter,) = outline.chapters
    lazy, checked = chapter.pages
    assert lazy.title == "LazyCell and LazyLock"
    assert isinstance(lazy.title, Title)
    assert [(s.text, s.code) for s in lazy.title.spans] == [
        ("LazyCell", True),
        (" and ", False),
        ("LazyLock", True),
    ]
    assert [s.text for s in checked.title.spans if s.code] == ["cfg"]  # type: ignore[attr-defined]
    assert not isinstance(chapter.title, Title)  # no formatting: a plain string as before
    # the document's JSON: `title` is the plain text, the formatting beside it
    d = json.loads(json.dumps(outline.to_dict()))
    page = d["chapters"][0]["pages"][0]
    assert page["title"] == "LazyCell and LazyLock"
    assert page["titleSpans"][0] == {"text": "LazyCell", "code": True}
    assert "titleSpans" not in d["chapters"][0]
    again = Outline.from_dict(d)
    assert again.chapters[0].pages[0].title.spans == lazy.title.spans  # type: ignore[attr-defined]
    # ... and a plain string title (an LLM's outline, an edited document) is still valid
    del page["titleSpans"]
    plain_again = Outline.from_dict(d).chapters[0].pages[0].title
    assert plain_again == "LazyCell and LazyLock" and not isinstance(plain_again, Title)
    # worker processes get the outline pickled
    assert pickle.loads(pickle.dumps(lazy.title)).spans == lazy.title.spans


def test_spans_that_do_not_read_as_the_title_are_not_used() -> None:
    d = {"title": "Checked cfg names", "titleSpans": [{"text": "other", "code": True}]}
    page = Outline.from_dict({"topic": "t", "chapters": [{"title": "", "pages": [d]}]})
    title = page.chapters[0].pages[0].title
    assert title == "Checked cfg names" and not isinstance(title, Title)
    # a clipped or whitespace-collapsed heading keeps its formatting only where it still reads
    spans = [Span("  Checked "), Span("cfg", code=True), Span("\n names ")]
    assert titled(spans, "Checked cfg names").spans[1] == Span("cfg", code=True)  # type: ignore[attr-defined]
    assert not isinstance(titled(spans, "Checked cfg na…"), Title)
    # a heading strong all through is a plain title: titles are drawn strong
    assert not isinstance(titled([Span("Usage", bold=True)], "Usage"), Title)


def test_a_heading_below_the_titles_keeps_its_code_in_the_slide() -> None:
    """`##### with using temporally page directive \\`<!-- *template: invert -->\\``: a content
    title drawn as the slide's bold line, its directive in the code face (not plain heading
    text)."""
    lines = sample("marp-gaia").split("\n")
    at = lines.index("# Templates can use<br />to ==per pages==!")
    md = MARP_SCHEMES + "\n".join(lines[at - 3 : lines.index("<!-- template: gaia -->", at) - 1])
    outline = parse_outline(md)
    page = outline.chapters[-1].pages[-1]
    (section,) = page.sections
    assert isinstance(section.title, Title)
    assert [(s.text, s.code) for s in section.title.spans] == [
        ("with using temporally page directive ", False),
        ("<!-- *template: invert -->", True),
    ]
    pptx = generate_from_markdown(md, "corporate").pptx_bytes
    lines = [runs for slide in paragraphs(pptx) for runs in slide]
    (line,) = [r for r in lines if "temporally" in "".join(x.text for x in r)]
    assert "".join(r.text for r in line if r.face == CODE_FACE) == "<!-- *template: invert -->"


@pytest.mark.parametrize("template", TEMPLATES)
def test_marp_code_title_is_drawn_in_the_code_face(template: str) -> None:
    """marp-gaia's last slide: `#### \\`<!-- $theme: gaia -->\\` of Marp` reads as the
    directive in the code face, not as leaked markup in the title's face."""
    generated = generate_from_markdown(MARP_SCHEMES + MARP_LAST, template)
    (last,) = [p for p in generated.pages if "of Marp" in p.title]
    runs = drawn(generated.pptx_bytes, last.number, "<!-- $theme: gaia --> of Marp")
    assert coded(runs) == {"<!-- $theme: gaia -->"}
    assert {r.face for r in runs if "of Marp" in r.text} != {CODE_FACE}


@pytest.mark.parametrize("template", TEMPLATES)
def test_code_in_titles_and_contents_in_every_template(template: str) -> None:
    generated = generate_from_markdown(bat(), template)
    pptx = generated.pptx_bytes
    contents = next(p for p in generated.pages if p.kind == "contents")
    assert coded(drawn(pptx, contents.number, "Using bat on Windows")) == {"bat"}
    assert coded(drawn(pptx, contents.number, "Troubleshooting")) == set()
    # the chapter's introduction (joined with its next pages where that keeps 18 pt prose)
    intro = next(
        p
        for p in generated.pages
        if p.kind == "content" and p.title.startswith("Using bat on Windows")
    )
    assert coded(drawn(pptx, intro.number, intro.title)) == {"bat"}
    generated = generate_from_markdown(rust(), template)
    lazy = next(p for p in generated.pages if p.title == "LazyCell and LazyLock")
    runs = drawn(generated.pptx_bytes, lazy.number, "LazyCell and LazyLock")
    assert coded(runs) == {"LazyCell", "LazyLock"}


def test_a_merged_title_keeps_the_code_of_its_parts() -> None:
    """Pages side by side are titled by the heading they are under, formatting kept."""
    generated = generate_from_markdown(bat(), "corporate")
    merged = next(p for p in generated.pages if p.sections and p.title == "Using bat on Windows")
    assert coded(drawn(generated.pptx_bytes, merged.number, merged.title)) == {"bat"}
    assert [s.text for s in merged.title.spans if s.code] == ["bat"]  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def kicked() -> dict[str, Any]:
    """A document (corporate's) with a slide whose kicker is `Using \\`bat\\` on Windows`: the
    chapter's "Colors" slide with the chapter named above its title (the deck names it in the
    title of the slide before, its cards under it)."""
    document = generate_from_markdown(bat_kicked(), "corporate").document
    named = next(p for p in document["pages"] if p["title"] == "Using bat on Windows")
    page = next(p for p in document["pages"] if p["title"] == "Colors")
    page = {**page, "subtitle": named["title"], "subtitleSpans": named["titleSpans"]}
    return {**document, "pages": [page]}


@pytest.mark.parametrize("template", [t for t in TEMPLATES if t not in NO_KICKER])
def test_a_kicker_draws_its_chapters_code(template: str, kicked: dict[str, Any]) -> None:
    """The chapter named above a slide's title, restyled in every template that shows it."""
    deck = regenerate({**kicked, "templateId": template})
    assert deck.pages[0].subtitle == "Using bat on Windows"
    (runs,) = [
        runs
        for runs in paragraphs(deck.pptx_bytes)[0]
        if "".join(r.text for r in runs).startswith("Using bat on Windows ·")
    ]
    assert coded(runs) == {"bat"}


@pytest.mark.parametrize("template", TEMPLATES)
def test_every_template_marks_up_a_kickers_code(template: str, kicked: dict[str, Any]) -> None:
    page = PlannedPage.from_dict(kicked["pages"][0])
    html = builtin_templates()[template].render(
        "content", {"deck": {"template": {"name": template}}, "page": page_context(page)}
    )
    assert '<span class="kicker">Using <code>bat</code> on Windows · </span>' in html


@pytest.mark.parametrize("template", TEMPLATES)
def test_a_divider_draws_its_chapters_code(template: str) -> None:
    generated = generate_from_markdown(bat(), template, length="long")
    (divider,) = [p for p in generated.pages if p.kind == "divider" and "bat" in p.title]
    assert coded(drawn(generated.pptx_bytes, divider.number, "Using bat on Windows")) == {"bat"}


def test_plain_text_uses_read_the_plain_title() -> None:
    generated = generate_from_markdown(rust(), "corporate")
    lazy = next(p for p in generated.pages if p.title == "LazyCell and LazyLock")
    html = generated.pages_html[lazy.number - 1]
    assert "<code>LazyCell</code> and <code>LazyLock</code>" in html
    assert "`" not in generated.pages[lazy.number - 1].title
    # the document keeps `title` a string; regenerating from it draws the same title
    page = generated.document["pages"][lazy.number - 1]
    assert page["title"] == "LazyCell and LazyLock"
    again = regenerate(generated.document)
    runs = drawn(again.pptx_bytes, lazy.number, "LazyCell and LazyLock")
    assert coded(runs) == {"LazyCell", "LazyLock"}
    # a page given as a plain string title (an edited document) draws it as text
    edited = PlannedPage.from_dict({k: v for k, v in page.items() if k != "titleSpans"})
    assert not isinstance(edited.title, Title)
    with zipfile.ZipFile(io.BytesIO(generated.pptx_bytes)) as zf:
        core = zf.read("docProps/core.xml")
    assert etree.fromstring(core) is not None and b"<code>" not in core


def test_a_title_drawn_in_the_body_keeps_its_formatting() -> None:
    title = titled(
        [Span("Using "), Span("bat", code=True), Span(" on Windows")], "Using bat on Windows"
    )
    assert [(s.text, s.code, s.bold) for s in title_spans(title, bold=True)] == [
        ("Using ", False, True),
        ("bat", True, True),
        (" on Windows", False, True),
    ]
    assert plain(title_spans("Colors", bold=True)) == "Colors"


def test_an_edited_documents_title_spans_are_checked_as_spans_are() -> None:
    document = generate_from_markdown(rust(), "corporate").document
    document["pages"][1]["titleSpans"] = [{"text": "LazyCell", "script": True}]
    with pytest.raises(GeneratorError) as caught:
        regenerate(document)
    (problem,) = caught.value.to_dict()["errorDetails"]
    assert problem["field"] == "$.pages[1].titleSpans[0]"
