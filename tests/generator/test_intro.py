"""A document's intro: its slide names the intro rather than repeating the cover's title, and
an intro of changelog boilerplate only is no slide (its text in the cover's notes)."""

from __future__ import annotations

from generator.api import generate_from_markdown

RUST_INTRO = """+++
title = "Announcing Rust 1.80.0"
+++

The Rust team is happy to announce a new version of Rust, 1.80.0. Rust is a programming \
language empowering everyone to build reliable and efficient software.

If you have a previous version of Rust installed via `rustup`, you can get 1.80.0 with:

```
$ rustup update stable
```

## What's in 1.80.0 stable

### `LazyCell` and `LazyLock`

These "lazy" types delay the initialization of their data until first access.

### Checked `cfg` names and values

In 1.79, `rustc` stabilized the `--check-cfg` flag.
"""

HTTPX_HEAD = """# Changelog

All notable changes to this project will be documented in this file.

The format is based on [Keep a Changelog](https://keepachangelog.com/en/1.0.0/).

## 0.28.1 (6th December, 2024)

* Fix SSL case where `verify=False` together with client side certificates.

## 0.28.0 (28th November, 2024)

The 0.28 release includes a limited set of deprecations.

* The deprecated `proxies` argument has now been removed.
"""

CHATGLM_HEAD = """# ChatGLM-6B

## 介绍

ChatGLM-6B 是一个开源的、支持中英双语的对话语言模型，基于 General Language Model (GLM) 架构。
"""


def test_an_untitled_intro_is_titled_introduction_not_the_deck_title() -> None:
    deck = generate_from_markdown(RUST_INTRO, "corporate")
    content = [p for p in deck.pages if p.kind == "content"]
    assert deck.pages[0].title == "Announcing Rust 1.80.0"  # the cover keeps it
    assert content[0].title == "Introduction"
    assert "The Rust team is happy" in " ".join(s.text for b in content[0].blocks for s in b.spans)
    assert all(p.title != "Announcing Rust 1.80.0" for p in content)


def test_a_boilerplate_only_intro_goes_to_the_cover_notes() -> None:
    deck = generate_from_markdown(HTTPX_HEAD, "corporate")
    titles = [p.title for p in deck.pages if p.kind == "content"]
    assert titles and all("Changelog" not in t for t in titles)  # no boilerplate slide
    assert titles[0].startswith("0.28.1")
    cover = deck.pages[0]
    assert "All notable changes to this project will be documented" in cover.notes
    assert "Keep a Changelog" in cover.notes
    assert any(r.kind == "notes" and r.where == "chapters[0].pages[0]" for r in deck.left_out)


def test_a_titled_chapter_keeps_its_own_title() -> None:
    deck = generate_from_markdown(CHATGLM_HEAD, "corporate")
    titles = [p.title for p in deck.pages if p.kind == "content"]
    assert titles == ["介绍"]
