"""Helpers for style tests: tiny documents -> computed styles by element id."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.diagnostics import Diagnostics
from engine.options import Limits
from engine.parse import ParsedPage, parse_page
from engine.style import ComputedStyle, StyleMap, compute_styles


@dataclass
class Result:
    page: ParsedPage
    styles: StyleMap
    diag: Diagnostics

    def el(self, ident: str) -> Any:
        return self.page.root.get_element_by_id(ident)

    def __getitem__(self, ident: str) -> ComputedStyle:
        style = self.styles.get(self.el(ident))
        assert style is not None
        return style

    def pseudo(self, ident: str, which: str) -> ComputedStyle | None:
        return self.styles.pseudo(self.el(ident), which)

    def messages(self, kind: str | None = None) -> list[str]:
        return [d.message for d in self.diag.items if kind is None or d.kind == kind]


def run(
    body: str, css: str = "", viewport: tuple[float, float] = (1280.0, 720.0), head: str = ""
) -> Result:
    """A standards-mode page: <style>css</style> and `body` inside <div class="slide" id="slide-root">."""
    html = (
        f"<!DOCTYPE html><html><head>{head}<style>{css}</style></head>"
        f'<body><div class="slide" id="slide-root">{body}</div></body></html>'
    )
    return run_html(html, viewport)


def run_html(html: str, viewport: tuple[float, float] = (1280.0, 720.0)) -> Result:
    diag = Diagnostics()
    page = parse_page(html, diag, Limits())
    return Result(page, compute_styles(page, diag, viewport), diag)


def style(
    css: str, body: str = '<div id="t">x</div>', ident: str = "t", **kw: Any
) -> ComputedStyle:
    return run(body, css, **kw)[ident]


def decl(declarations: str, **kw: Any) -> ComputedStyle:
    """The style of <div id=t> with `declarations` in a #t rule."""
    return style(f"#t {{ {declarations} }}", **kw)
