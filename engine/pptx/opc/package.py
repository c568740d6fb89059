"""An OPC package: its relationships and, through them, its parts (ISO/IEC 29500-2 §8-9)."""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree

from engine.pptx.opc.constants import CT, DEFAULT_CONTENT_TYPES, NS_CONTENT_TYPES
from engine.pptx.opc.partnames import extension
from engine.pptx.opc.parts import Part
from engine.pptx.opc.rels import Relationship, Relationships


class Package:
    """The package relationships; a part belongs to the package when a relationship reaches it."""

    def __init__(self) -> None:
        self.rels = Relationships()

    def iter_rels(self) -> Iterator[tuple[Part | None, Relationship]]:
        """(source part or None for the package, relationship), depth first from the package's
        relationships, each part's relationships once."""
        visited: set[int] = set()
        stack: list[tuple[Part | None, Iterator[Relationship]]] = [(None, iter(self.rels))]
        while stack:
            source, rels = stack[-1]
            rel = next(rels, None)
            if rel is None:
                stack.pop()
                continue
            yield source, rel
            if rel.is_external or id(rel.target_part) in visited:
                continue
            part = rel.target_part
            visited.add(id(part))
            stack.append((part, iter(part.rels)))

    def iter_parts(self) -> Iterator[Part]:
        """Every part reachable from the package, once, depth first (the order they are written)."""
        seen: set[int] = set()
        for _, rel in self.iter_rels():
            if rel.is_external:
                continue
            part = rel.target_part
            if id(part) not in seen:
                seen.add(id(part))
                yield part

    def part_related_by(self, reltype: str) -> Part:
        rel = self.rels.first(reltype)
        if rel is None or rel.is_external:
            raise KeyError(reltype)
        return rel.target_part

    def next_partname(self, template: str) -> str:
        """The next free part name of `template` ("/ppt/fonts/font%d.fntdata"): the highest free
        number up to one more than the parts of that kind."""
        prefix = template[: (template % 42).find("42")]
        taken = {part.partname for part in self.iter_parts() if part.partname.startswith(prefix)}
        for n in range(len(taken) + 1, 0, -1):
            candidate = template % n
            if candidate not in taken:
                return candidate
        raise AssertionError("no free part name")  # pragma: no cover


def content_types_xml(parts: list[Part]) -> bytes:
    """[Content_Types].xml for `parts`: a <Default> per known extension, an <Override> per other
    part, each sorted."""
    defaults = {"rels": CT.RELATIONSHIPS, "xml": CT.XML}
    overrides: dict[str, str] = {}
    for part in parts:
        ext = extension(part.partname)
        if (ext.lower(), part.content_type) in DEFAULT_CONTENT_TYPES:
            defaults[ext.lower()] = part.content_type
        else:
            overrides[part.partname] = part.content_type
    root = etree.Element(f"{{{NS_CONTENT_TYPES}}}Types", nsmap={None: NS_CONTENT_TYPES})
    for ext, content_type in sorted(defaults.items()):
        etree.SubElement(
            root, f"{{{NS_CONTENT_TYPES}}}Default", {"Extension": ext, "ContentType": content_type}
        )
    for partname, content_type in sorted(overrides.items()):
        etree.SubElement(
            root,
            f"{{{NS_CONTENT_TYPES}}}Override",
            {"PartName": partname, "ContentType": content_type},
        )
    return bytes(etree.tostring(root, encoding="UTF-8", standalone=True))
