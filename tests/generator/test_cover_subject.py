"""A cover says what the talk is about: the intro's first sentence describing the subject is
its subtitle, and a generic title ("Changelog", "QuickStart") is completed with the project's
name when the document states it unambiguously."""

from __future__ import annotations

from generator.api import generate_from_markdown
from generator.markup.cover import named_title
from generator.model import plain
from generator.outline import parse_outline
from tests.generator.fragments_cover import (
    FD_HEAD,
    HTTPX_0_18,
    HTTPX_CHANGELOG_HEAD,
    HTTPX_QUICKSTART_HEAD,
    MERMAID_THEMING_HEAD,
)


def _cover(markdown: str) -> tuple[str, str]:
    deck = generate_from_markdown(markdown, "corporate")
    cover = deck.pages[0]
    assert cover.kind == "cover"
    return cover.title, cover.subtitle


def test_the_intro_sentence_saying_what_the_subject_is_is_the_subtitle() -> None:
    title, subtitle = _cover(FD_HEAD)
    assert title == "fd"
    assert subtitle == "A program to find entries in your filesystem"
    deck = generate_from_markdown(FD_HEAD, "corporate")
    intro = " ".join(plain(s.spans) for p in deck.pages[1:2] for s in p.blocks if s.spans)
    assert "fd is a program to find entries in your filesystem." in intro  # the intro keeps it


def test_a_first_sentence_about_something_else_is_no_subtitle() -> None:
    title, subtitle = _cover(MERMAID_THEMING_HEAD)
    assert (title, subtitle) == ("Theme Configuration", "")


def test_a_changelog_is_named_after_the_repository_its_links_point_at() -> None:
    title, _ = _cover(HTTPX_CHANGELOG_HEAD + "\n" + HTTPX_0_18)
    assert title == "httpx Changelog"  # encode/httpx, not httpcore (named once)


def test_a_generic_title_without_a_named_project_is_left_as_is() -> None:
    title, _ = _cover(HTTPX_CHANGELOG_HEAD + "\n## 0.18.0 (27th April, 2021)\n\n* Fixed.\n")
    assert title == "Changelog"


def test_the_front_matter_names_the_project() -> None:
    front = "---\nproject: HTTPX\n---\n"
    title, _ = _cover(front + HTTPX_CHANGELOG_HEAD + "\n" + HTTPX_0_18)
    assert title == "HTTPX Changelog"
    assert parse_outline(front + HTTPX_CHANGELOG_HEAD + HTTPX_0_18).topic == "HTTPX Changelog"


def test_a_quickstart_is_named_after_the_module_it_imports_as_its_prose_spells_it() -> None:
    title, _ = _cover(HTTPX_QUICKSTART_HEAD)
    assert title == "HTTPX QuickStart"


def test_a_module_the_prose_does_not_name_is_not_the_subject() -> None:
    text = HTTPX_QUICKSTART_HEAD.replace("HTTPX", "the library")
    title, _ = _cover(text)
    assert title == "QuickStart"


def test_generic_titles_read_with_the_name() -> None:
    assert named_title("README", "fd") == "fd"
    assert named_title("Introduction", "Rich") == "Introduction to Rich"
    assert named_title("Release notes", "Rust") == "Rust Release notes"
    assert named_title("Announcing Rust 1.80.0", "Rust") == "Announcing Rust 1.80.0"
    assert named_title("HTTPX Changelog", "httpx") == "HTTPX Changelog"
