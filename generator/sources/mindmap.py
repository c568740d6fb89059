"""Mind maps (.xmind zip with content.json or content.xml, FreeMind .mm, Markdown) -> Outline by tree level."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from generator.model import Block, ListItem, Outline, Span
from generator.outline import parse_outline
from generator.sources.errors import (
    CONTENT_EMPTY,
    FILE_TOO_LARGE,
    FILE_UNREADABLE,
    UNSAFE_CONTENT,
    SourceError,
    SourceLimits,
    check_zip,
    decode_text,
    read_member,
)
from generator.sources.tree import OutlineBuilder, clip

_XMIND = "{urn:xmind:xmap:xmlns:content:2.0}"


@dataclass
class Node:
    """One mind-map topic and its children."""

    title: str
    children: list[Node] = field(default_factory=list)


def tree_to_outline(root: Node) -> Outline:
    """Root -> topic; level 1 -> chapters; level 2 -> pages (a level-2 leaf joins a list on a
    page titled after its chapter); level 3 and deeper -> nested list items of their page."""
    builder = OutlineBuilder(root.title)
    loose = [c for c in root.children if not c.children]
    if loose:
        builder.heading(3, root.title)
        builder.add(_items(loose, 0))
    for chapter in root.children:
        if not chapter.children:
            continue
        builder.heading(2, chapter.title)
        leaves = [c for c in chapter.children if not c.children]
        if leaves:
            builder.heading(3, chapter.title)
            builder.add(_items(leaves, 0))
        for page in chapter.children:
            if page.children:
                builder.heading(3, page.title)
                builder.add(_items(page.children, 0))
    return builder.finish(fallback_topic="Mind map")


def _items(nodes: list[Node], depth: int) -> Block:
    items = []
    for node in nodes:
        children = [_items(node.children, depth + 1)] if node.children and depth < 8 else []
        items.append(ListItem([Span(node.title)], children))
    return Block("list", items=items)


class _Counter:
    def __init__(self, limits: SourceLimits, name: str) -> None:
        self.limits, self.name, self.count = limits, name, 0

    def node(self, title: Any, depth: int) -> Node:
        self.count += 1
        if self.count > self.limits.max_tree_nodes:
            raise SourceError(
                FILE_TOO_LARGE, f"{self.name}: over {self.limits.max_tree_nodes} mind-map topics"
            )
        if depth > self.limits.max_tree_depth:
            raise SourceError(
                FILE_TOO_LARGE, f"{self.name}: nested deeper than {self.limits.max_tree_depth}"
            )
        return Node(clip(str(title or "")))


def xmind_to_outline(
    data: bytes, limits: SourceLimits | None = None, *, name: str = "map.xmind"
) -> Outline:
    """XMind (2020+: content.json; XMind 8: content.xml), first sheet's root topic."""
    limits = limits or SourceLimits()
    archive = check_zip(data, limits, name)
    names = set(archive.namelist())
    counter = _Counter(limits, name)
    if "content.json" in names:
        raw = read_member(archive, "content.json", limits, name)
        try:
            sheets = json.loads(decode_text(raw, name))
            root = sheets[0]["rootTopic"]
        except (ValueError, KeyError, IndexError, TypeError, RecursionError) as exc:
            raise SourceError(FILE_UNREADABLE, f"{name}: bad content.json ({exc})") from None
        return tree_to_outline(_json_node(root, counter, 0))
    if "content.xml" in names:
        element = _parse_xml(read_member(archive, "content.xml", limits, name), name)
        topic = element.find(f"{_XMIND}sheet/{_XMIND}topic")
        if topic is None:
            raise SourceError(CONTENT_EMPTY, f"{name}: no root topic")
        return tree_to_outline(_xml_node(topic, counter, 0))
    raise SourceError(
        FILE_UNREADABLE, f"{name}: no content.json or content.xml (not an XMind file)"
    )


def _json_node(data: Any, counter: _Counter, depth: int) -> Node:
    if not isinstance(data, dict):
        raise SourceError(FILE_UNREADABLE, f"{counter.name}: a topic is not an object")
    node = counter.node(data.get("title"), depth)
    children = data.get("children") or {}
    attached = children.get("attached") if isinstance(children, dict) else None
    for child in attached or []:
        node.children.append(_json_node(child, counter, depth + 1))
    return node


def _xml_node(el: Any, counter: _Counter, depth: int) -> Node:
    node = counter.node(el.findtext(f"{_XMIND}title"), depth)
    for topics in el.findall(f"{_XMIND}children/{_XMIND}topics"):
        if topics.get("type", "attached") == "attached":
            for child in topics.findall(f"{_XMIND}topic"):
                node.children.append(_xml_node(child, counter, depth + 1))
    return node


def _parse_xml(data: bytes, name: str) -> Any:
    """defusedxml: DTDs, entity declarations and external references are refused."""
    try:
        return SafeET.fromstring(data, forbid_dtd=True)
    except DefusedXmlException as exc:
        raise SourceError(
            UNSAFE_CONTENT, f"{name}: XML with {type(exc).__name__} refused"
        ) from None
    except SafeET.ParseError as exc:
        raise SourceError(FILE_UNREADABLE, f"{name}: bad XML ({exc})") from None


def freemind_to_outline(
    data: bytes, limits: SourceLimits | None = None, *, name: str = "map.mm"
) -> Outline:
    """FreeMind/Freeplane .mm: <map><node TEXT=...> nested <node>s (richcontent text as a fallback)."""
    limits = limits or SourceLimits()
    if len(data) > limits.max_file_bytes:
        raise SourceError(FILE_TOO_LARGE, f"{name}: too large")
    root = _parse_xml(data, name)
    first = root.find("node")
    if root.tag != "map" or first is None:
        raise SourceError(FILE_UNREADABLE, f"{name}: not a FreeMind map (<map><node>)")
    return tree_to_outline(_mm_node(first, _Counter(limits, name), 0))


def _mm_node(el: Any, counter: _Counter, depth: int) -> Node:
    text = el.get("TEXT")
    if text is None:
        text = " ".join(" ".join("".join(r.itertext()).split()) for r in el.findall("richcontent"))
    node = counter.node(text, depth)
    for child in el.findall("node"):
        node.children.append(_mm_node(child, counter, depth + 1))
    return node


def markdown_map_to_outline(
    data: bytes, limits: SourceLimits | None = None, *, name: str = "map.md"
) -> Outline:
    """A Markdown mind map (markmap style: headings, then nested lists) -> the planner's outline."""
    limits = limits or SourceLimits()
    text = decode_text(data, name)
    if len(text) > limits.max_markdown_chars:
        raise SourceError(FILE_TOO_LARGE, f"{name}: {len(text)} characters; too long")
    from generator.errors import GeneratorError

    try:
        return parse_outline(text)
    except GeneratorError as exc:
        raise SourceError(
            CONTENT_EMPTY, f"{name}: {exc.problems[0].reason if exc.problems else exc}"
        ) from None
