"""Package parts: a name, a content type, bytes (or an XML tree serialized on demand) and the
relationships from the part to others."""

from __future__ import annotations

from lxml import etree

from engine.pptx.opc.partnames import base_uri
from engine.pptx.opc.rels import Relationships

# Parses part XML as Office writes it: whitespace-only text between elements is dropped, no
# entities are resolved.
XML_PARSER = etree.XMLParser(remove_blank_text=True, resolve_entities=False)
_R_ID_XPATH = etree.XPath(
    "//@r:id",
    namespaces={"r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships"},
)


class Part:
    """A part whose content is bytes (media, fonts, parts deckforge does not edit)."""

    def __init__(self, partname: str, content_type: str, blob: bytes = b""):
        self.partname = partname
        self.content_type = content_type
        self._blob = blob
        self.rels = Relationships()

    @property
    def blob(self) -> bytes:
        return self._blob

    @blob.setter
    def blob(self, value: bytes) -> None:
        self._blob = value

    @property
    def base_uri(self) -> str:
        return base_uri(self.partname)

    def relate_to(self, target: Part, reltype: str) -> str:
        """The id of this part's relationship of `reltype` to `target` (added if new)."""
        return self.rels.get_or_add(reltype, target)

    def relate_external(self, url: str, reltype: str) -> str:
        """The id of this part's external relationship of `reltype` to `url` (added if new)."""
        return self.rels.get_or_add(reltype, url)

    def related(self, reltype: str) -> Part:
        """The part of this part's first relationship of `reltype` (KeyError if none)."""
        rel = self.rels.first(reltype)
        if rel is None or rel.is_external:
            raise KeyError(reltype)
        return rel.target_part


class XmlPart(Part):
    """A part held as an lxml tree (a slide, the presentation), serialized when written."""

    def __init__(self, partname: str, content_type: str, element: etree._Element):
        super().__init__(partname, content_type)
        self.element = element

    @classmethod
    def parse(cls, partname: str, content_type: str, blob: bytes) -> XmlPart:
        return cls(partname, content_type, etree.fromstring(blob, XML_PARSER))

    @property
    def blob(self) -> bytes:
        return bytes(etree.tostring(self.element, encoding="UTF-8", standalone=True))

    @blob.setter
    def blob(self, value: bytes) -> None:
        self.element = etree.fromstring(value, XML_PARSER)

    def drop_rel(self, rid: str) -> None:
        """Remove relationship `rid` unless the part's XML still refers to it more than once."""
        refs = _R_ID_XPATH(self.element)
        if isinstance(refs, list) and sum(1 for r in refs if r == rid) < 2:
            self.rels.pop(rid)
