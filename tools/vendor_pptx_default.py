"""Write engine/data/pptx/ from python-pptx's default template (the parts every plain deck starts from).

    python tools/vendor_pptx_default.py [--check]

The files hold the parts exactly as python-pptx writes them for a new presentation (its XML
parts serialized by lxml, its other parts byte for byte), so decks written by engine/pptx/opc
equal the ones python-pptx wrote: `default.pptx` (the package without its thumbnail, each
relationships part in python-pptx's order, which is the order parts are written in), `slide.xml`
(a new slide), `notesMaster.xml` + `notesTheme.xml` (the notes master and its theme python-pptx
adds with the first notes slide) and `notesSlide.xml` (a new notes slide, placeholders cloned
from that master). `--check` exits 1 when the files differ from what the installed python-pptx
gives.
"""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

from lxml import etree

OUT = Path(__file__).resolve().parents[1] / "engine" / "data" / "pptx"
_RELS_NS = "http://schemas.openxmlformats.org/package/2006/relationships"


def _rels_in_load_order(rels: object, base: str) -> bytes:
    root = etree.Element(f"{{{_RELS_NS}}}Relationships", nsmap={None: _RELS_NS})
    for rel in rels.values():  # type: ignore[attr-defined]
        attrib = {"Id": rel.rId, "Type": rel.reltype, "Target": rel.target_ref}
        if rel.is_external:
            attrib["TargetMode"] = "External"
        etree.SubElement(root, f"{{{_RELS_NS}}}Relationship", attrib)
    return bytes(etree.tostring(root, encoding="UTF-8", standalone=True))


def build() -> dict[str, bytes]:
    import pptx
    from pptx.opc.constants import RELATIONSHIP_TYPE as RT
    from pptx.opc.serialized import _ContentTypesItem, serialize_part_xml
    from pptx.parts.slide import SlidePart

    prs = pptx.Presentation()
    package = prs.part.package
    for rel in list(package._rels.values()):
        if rel.reltype == RT.THUMBNAIL:
            package.drop_rel(rel.rId)
    parts = list(package.iter_parts())
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", serialize_part_xml(_ContentTypesItem.xml_for(parts)))
        zf.writestr("_rels/.rels", _rels_in_load_order(package._rels, "/"))
        for part in parts:
            zf.writestr(part.partname.membername, part.blob)
            if part._rels:
                zf.writestr(part.partname.rels_uri.membername, _rels_in_load_order(part.rels, ""))
    files = {"default.pptx": out.getvalue()}
    layout = prs.slide_layouts[6].part
    slide_part = SlidePart.new(package.next_partname("/ppt/slides/slide%d.xml"), package, layout)
    files["slide.xml"] = slide_part.blob
    prs.part.relate_to(slide_part, RT.SLIDE)
    notes_part = slide_part.notes_slide.part
    master = notes_part.part_related_by(RT.NOTES_MASTER)
    files["notesSlide.xml"] = notes_part.blob
    files["notesMaster.xml"] = master.blob
    files["notesTheme.xml"] = master.part_related_by(RT.THEME).blob
    return files


def _members(data: bytes) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return [(name, zf.read(name)) for name in zf.namelist()]


def main(argv: list[str]) -> int:
    files = build()
    if "--check" in argv:
        differ = [
            name
            for name, data in files.items()
            if not (OUT / name).exists()
            or (
                _members((OUT / name).read_bytes()) != _members(data)
                if name.endswith(".pptx")
                else (OUT / name).read_bytes() != data
            )
        ]
        print("differ: " + ", ".join(differ) if differ else "identical")
        return 1 if differ else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (OUT / name).write_bytes(data)
        print(f"wrote {name} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
