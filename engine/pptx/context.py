"""What every shape builder of a slide shares: the slide's context (relationship ids, shape ids,
the element cache) and a shape's name, rotation, box and non-visual properties."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.model.schema.shapes import BoxShape, ShapeBase
from engine.pptx.oxml import Element, ElementCache, a, clean_text, nv_props, p, sub
from engine.pptx.props import BlipResolver, num
from engine.pptx.text import LinkResolver
from engine.units import deg_to_ooxml_angle, px_to_emu

CELL_ANCHORS = frozenset({"t", "ctr", "b"})


@dataclass
class SlideContext:
    """What shape builders need: relationship ids, fresh shape ids, the deck's element cache."""

    blip_rids: BlipResolver
    link_rid: LinkResolver
    cache: ElementCache = field(default_factory=ElementCache)
    next_id: int = 2  # id 1 is the spTree's own nvGrpSpPr
    size: tuple[float, float] = (1280.0, 720.0)  # the slide, px

    def new_id(self) -> int:
        shape_id = self.next_id
        self.next_id += 1
        return shape_id


def shape_name(shape: ShapeBase, shape_id: int) -> str:
    return shape.get("name") or f"Shape {shape_id}"


def shape_rot(shape: ShapeBase) -> int:
    return deg_to_ooxml_angle(num(shape.get("rotation")))


def shape_box(shape: BoxShape) -> tuple[int, int, int, int]:
    return (
        px_to_emu(num(shape["x"])),
        px_to_emu(num(shape["y"])),
        max(0, px_to_emu(num(shape["w"]))),
        max(0, px_to_emu(num(shape["h"]))),
    )


def shape_nv(
    parent: Element,
    ctx: SlideContext,
    kind: str,
    shape_id: int,
    name: str,
    descr: str | None = None,
) -> Element:
    """The non-visual properties block of a shape `kind` (copied from the cache), id/name set."""
    nv_tag, cnv_tag, cnv_attrib, locks = _NV_SPECS[kind]

    def build(scratch: Element) -> Element:
        cnv = nv_props(scratch, p(nv_tag), p(cnv_tag), 0, "", cnv_attrib)
        if locks is not None:
            sub(cnv, a(locks[0]), locks[1])
        return cnv.getparent()

    nv = ctx.cache.append(parent, ("nv", kind), build)
    c_nv_pr = nv[0]
    c_nv_pr.set("id", str(shape_id))
    c_nv_pr.set("name", clean_text(name))
    if descr:
        c_nv_pr.set("descr", clean_text(descr))
    return nv


_NV_SPECS: dict[str, tuple[str, str, dict[str, str] | None, tuple[str, dict[str, str]] | None]] = {
    "sp": ("nvSpPr", "cNvSpPr", None, None),
    "txBox": ("nvSpPr", "cNvSpPr", {"txBox": "1"}, None),
    "pic": ("nvPicPr", "cNvPicPr", None, ("picLocks", {"noChangeAspect": "1"})),
    "cxnSp": ("nvCxnSpPr", "cNvCxnSpPr", None, None),
    "graphicFrame": (
        "nvGraphicFramePr",
        "cNvGraphicFramePr",
        None,
        ("graphicFrameLocks", {"noGrp": "1"}),
    ),
    "grpSp": ("nvGrpSpPr", "cNvGrpSpPr", None, None),
}
