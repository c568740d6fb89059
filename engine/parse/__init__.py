"""Parse stage: HTML page text -> ParsedPage (lxml tree, slide root, stylesheet texts)."""

from engine.parse.html import SVG_ATTR_CASE, SVG_TAG_CASE, ParsedPage, parse_page

__all__ = ["SVG_ATTR_CASE", "SVG_TAG_CASE", "ParsedPage", "parse_page"]
