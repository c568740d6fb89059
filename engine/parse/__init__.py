"""Parse stage: HTML page text -> ParsedPage (lxml tree, slide root, stylesheet texts)."""

from engine.parse.html import ParsedPage, parse_page

__all__ = ["ParsedPage", "parse_page"]
