"""The documentation holds together: every relative link and every anchor in README.md, docs/*.md,
CHANGELOG.md and benchmarks/RESULTS.md resolves (a file or folder that exists in the repository,
a heading that exists in the target), and the README stays a front page."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from markdown_it import MarkdownIt
from markdown_it.token import Token

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted(
    [
        ROOT / "README.md",
        ROOT / "CHANGELOG.md",
        ROOT / "benchmarks" / "RESULTS.md",
        *(ROOT / "docs").glob("*.md"),
    ]
)
MD = MarkdownIt("commonmark").enable("table")


def slug(text: str) -> str:
    """GitHub's heading anchor: lower case, punctuation dropped, each space a hyphen."""
    kept = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return kept.replace(" ", "-")


def _inline_text(token: Token) -> str:
    return "".join(c.content for c in token.children or () if c.type in ("text", "code_inline"))


@cache
def anchors(path: Path) -> frozenset[str]:
    """The anchors of a Markdown file's headings (duplicates get -1, -2 ... as on GitHub)."""
    tokens = MD.parse(path.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    out = set()
    for i, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        base = slug(_inline_text(tokens[i + 1]))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return frozenset(out)


def links(path: Path) -> list[str]:
    """Every link target of the file (inline links and images), in order."""
    found = []
    for token in MD.parse(path.read_text(encoding="utf-8")):
        for child in token.children or ():
            if child.type == "link_open":
                found.append(str(child.attrs.get("href", "")))
            elif child.type == "image":
                found.append(str(child.attrs.get("src", "")))
    return found


def broken_links(path: Path, root: Path = ROOT) -> list[str]:
    problems = []
    for href in links(path):
        parts = urlsplit(href)
        if parts.scheme or parts.netloc:  # http(s), mailto: not checked here
            continue
        target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
        if not target.exists():
            problems.append(f"{href}: no such file")
            continue
        try:
            target.relative_to(root)
        except ValueError:
            problems.append(f"{href}: outside the repository")
            continue
        if parts.fragment:
            if target.suffix != ".md":
                problems.append(f"{href}: an anchor into a file that is not Markdown")
            elif parts.fragment not in anchors(target):
                problems.append(f"{href}: no heading #{parts.fragment} in {target.name}")
    return problems


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_and_anchor_resolves(page: Path) -> None:
    assert broken_links(page) == []


def test_the_checker_sees_broken_links_and_anchors(tmp_path: Path) -> None:
    """Guard against a checker that passes everything."""
    (tmp_path / "a.md").write_text("# Title\n\n## Two words\n", encoding="utf-8")
    page = tmp_path / "b.md"
    page.write_text(
        "[ok](a.md#two-words) [bad anchor](a.md#three) [gone](missing.md) [self](#here)\n\n"
        "## Here\n",
        encoding="utf-8",
    )
    problems = broken_links(page, root=tmp_path)
    assert len(problems) == 2 and "three" in problems[0] and "missing.md" in problems[1]


def test_anchor_slugs_follow_github() -> None:
    assert slug("Production guide: N API instances + M worker hosts") == (
        "production-guide-n-api-instances--m-worker-hosts"
    )
    assert slug("Portable tasks (4.1, 4.2)") == "portable-tasks-41-42"


def test_readme_is_a_front_page() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    for target in ("docs/engine.md", "docs/service.md", "docs/generator.md", "docs/spec.md"):
        assert f"]({target}" in text, target
    for target in ("docs/operations.md", "SECURITY.md", "benchmarks/RESULTS.md", "CHANGELOG.md"):
        assert f"]({target}" in text, target


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_docs_speak_of_the_project_not_its_history(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert not re.search(r"\bsession [0-9]|\bsessions? [0-9]|\bissue [0-9]+", text, re.I), page
