"""Relationships of a part or of the package: ids, targets, the .rels XML (ISO/IEC 29500-2 §9.3)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lxml import etree

from engine.pptx.opc.constants import NS_RELATIONSHIPS
from engine.pptx.opc.partnames import relative_ref

if TYPE_CHECKING:
    from engine.pptx.opc.parts import Part

_RELATIONSHIPS = f"{{{NS_RELATIONSHIPS}}}Relationships"
_RELATIONSHIP = f"{{{NS_RELATIONSHIPS}}}Relationship"


@dataclass(frozen=True, eq=False)
class Relationship:
    """One relationship: to a part of the package, or to an external URL."""

    rid: str
    reltype: str
    target: Part | str

    @property
    def is_external(self) -> bool:
        return isinstance(self.target, str)

    @property
    def target_part(self) -> Part:
        if isinstance(self.target, str):
            raise ValueError(f"relationship {self.rid} is external")
        return self.target

    def target_ref(self, base: str) -> str:
        """The Target attribute, relative to the source's folder `base`."""
        if isinstance(self.target, str):
            return self.target
        return relative_ref(self.target.partname, base)


def _rid_number(rid: str) -> int:
    return int(rid[3:]) if rid.startswith("rId") and rid[3:].isdigit() else 0


class Relationships:
    """The relationships of one source, in the order they were added (the order the package's
    parts are written in); ids are "rId<n>" and a new one fills the highest gap first."""

    def __init__(self) -> None:
        self._rels: dict[str, Relationship] = {}
        self._index: dict[tuple[str, int | str], str] | None = {}

    def __len__(self) -> int:
        return len(self._rels)

    def __iter__(self) -> Iterator[Relationship]:
        return iter(self._rels.values())

    def __getitem__(self, rid: str) -> Relationship:
        return self._rels[rid]

    def __contains__(self, rid: object) -> bool:
        return rid in self._rels

    def _key(self, reltype: str, target: Part | str) -> tuple[str, int | str]:
        return (reltype, target if isinstance(target, str) else id(target))

    def _lookup(self) -> dict[tuple[str, int | str], str]:
        if self._index is None:
            self._index = {}
            for rel in self._rels.values():
                self._index.setdefault(self._key(rel.reltype, rel.target), rel.rid)
        return self._index

    def next_rid(self) -> str:
        """The first free "rId<n>", counting down from len + 1 (so gaps are reused)."""
        for n in range(len(self._rels) + 1, 0, -1):
            candidate = f"rId{n}"
            if candidate not in self._rels:
                return candidate
        raise AssertionError("more ids taken than relationships")  # pragma: no cover

    def add(self, reltype: str, target: Part | str, rid: str | None = None) -> str:
        """Add a relationship (a new one, without looking for an equal one); its id."""
        rid = rid if rid is not None else self.next_rid()
        rel = Relationship(rid, reltype, target)
        self._rels[rid] = rel
        if self._index is not None:
            self._index.setdefault(self._key(reltype, target), rid)
        return rid

    def get_or_add(self, reltype: str, target: Part | str) -> str:
        """The id of the first relationship of `reltype` to `target`, added if there is none."""
        rid = self._lookup().get(self._key(reltype, target))
        return rid if rid is not None else self.add(reltype, target)

    def retarget(self, rid: str, target: Part | str) -> None:
        """Point relationship `rid` at `target` (its id, type and place kept)."""
        self._rels[rid] = Relationship(rid, self._rels[rid].reltype, target)
        self._index = None

    def pop(self, rid: str) -> Relationship:
        self._index = None
        return self._rels.pop(rid)

    def first(self, reltype: str) -> Relationship | None:
        return next((rel for rel in self._rels.values() if rel.reltype == reltype), None)

    def xml(self, base: str) -> bytes:
        """The .rels part: relationships in id order, targets relative to folder `base`."""
        root = etree.Element(_RELATIONSHIPS, nsmap={None: NS_RELATIONSHIPS})
        for rid in sorted(self._rels, key=lambda r: (_rid_number(r), r)):
            rel = self._rels[rid]
            attrib = {"Id": rel.rid, "Type": rel.reltype, "Target": rel.target_ref(base)}
            if rel.is_external:
                attrib["TargetMode"] = "External"
            etree.SubElement(root, _RELATIONSHIP, attrib)
        return bytes(etree.tostring(root, encoding="UTF-8", standalone=True))
