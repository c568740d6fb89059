"""Slide-model shape dicts -> PresentationML shape elements (p:sp, p:pic, p:cxnSp, p:graphicFrame, p:grpSp)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Literal, cast

from engine.model.schema import (
    Cell,
    CellBorders,
    Fill,
    GroupShape,
    Line,
    LineShape,
    Paragraph,
    PictureShape,
    RectShape,
    Run,
    Shadow,
    Shape,
    TableShape,
    TextBody,
    TextShape,
)
from engine.model.schema.shapes import BoxShape, ShapeBase
from engine.pptx.bands import Band, gradient_bands, needs_bands
from engine.pptx.geometry import add_geometry, shape_geometry
from engine.pptx.oxml import (
    TABLE_URI,
    Element,
    ElementCache,
    a,
    alpha_val,
    blip_fill,
    clean_text,
    freeze,
    no_fill,
    nv_props,
    p,
    prst_geom,
    sub,
    token,
    xfrm,
)
from engine.pptx.props import (
    BlipResolver,
    add_effects,
    add_fill,
    add_line_props,
    crop_values,
    num,
)
from engine.pptx.text import (
    VERTICAL_TYPES,
    LinkResolver,
    add_text_body,
    insets_emu,
    ppr_key,
    rpr_key,
    style_of,
)
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


def _name(shape: ShapeBase, shape_id: int) -> str:
    return shape.get("name") or f"Shape {shape_id}"


def _rot(shape: ShapeBase) -> int:
    return deg_to_ooxml_angle(num(shape.get("rotation")))


def _box(shape: BoxShape) -> tuple[int, int, int, int]:
    return (
        px_to_emu(num(shape["x"])),
        px_to_emu(num(shape["y"])),
        max(0, px_to_emu(num(shape["w"]))),
        max(0, px_to_emu(num(shape["h"]))),
    )


def _nv(
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


def _sp_pr(
    parent: Element,
    ctx: SlideContext,
    key: Hashable,
    rest: Callable[[Element], object],
    box: tuple[int, int, int, int],
    rot: int,
    flip_h: bool = False,
    flip_v: bool = False,
) -> Element:
    """p:spPr = xfrm + whatever `rest` adds (geometry, fill, ln, effects), cached under `key`."""

    def build(scratch: Element) -> Element:
        sp_pr = sub(scratch, p("spPr"))
        xfrm(sp_pr, 0, 0, 0, 0, rot=1 if rot else 0, flip_h=flip_h, flip_v=flip_v)
        rest(sp_pr)
        return sp_pr

    sp_pr = ctx.cache.append(parent, ("spPr", bool(rot), flip_h, flip_v, key), build)
    xfrm_el = sp_pr[0]
    if rot:
        xfrm_el.set("rot", str(rot))
    off, ext = xfrm_el[0], xfrm_el[1]
    off.set("x", str(box[0]))
    off.set("y", str(box[1]))
    ext.set("cx", str(max(0, box[2])))
    ext.set("cy", str(max(0, box[3])))
    return sp_pr


def _shadow_key(shadow: Shadow | None, cx: int, cy: int) -> Hashable:
    if shadow is None:
        return None
    return (freeze(shadow), (cx, cy) if shadow.get("spread") else None)


# -- shapes --------------------------------------------------------------------------------


def add_rect(parent: Element, shape: RectShape, ctx: SlideContext) -> Element:
    """p:sp with a preset geometry, fill, line, shadow and an optional text body.

    A gradient with more than two stops becomes a group of 2-stop bands (engine/pptx/bands.py).
    """
    if needs_bands(shape["fill"]):
        bands = gradient_bands(shape, num(shape["w"]), num(shape["h"]))
        if bands:
            return add_group(parent, banded_group(shape, bands), ctx)
    shape_id = ctx.new_id()
    sp = sub(parent, p("sp"))
    _nv(sp, ctx, "sp", shape_id, _name(shape, shape_id))
    box = _box(shape)
    geom = shape_geometry(shape, box[2], box[3])
    fill, line, shadow = shape["fill"], shape.get("line"), shape.get("shadow")

    def rest(sp_pr: Element) -> None:
        add_geometry(sp_pr, geom)
        if not add_fill(sp_pr, fill):
            no_fill(sp_pr)
        add_line_props(sp_pr, line)
        add_effects(sp_pr, shadow, box[2], box[3], soft)

    soft = shape.get("soft_edge")
    key = (
        "rect",
        geom,
        freeze(fill),
        freeze(line),
        _shadow_key(shadow, box[2], box[3]),
        freeze(soft),
    )
    _sp_pr(sp, ctx, key, rest, box, _rot(shape))
    text = shape.get("text")
    if text is not None:
        add_text_body(sp, p("txBody"), text, ctx.link_rid, ctx.cache)
    return sp


def band_shapes(bands: list[Band], x: float, y: float, name: str) -> list[Shape]:
    """Model rects for bands whose box is relative to (x, y)."""
    out: list[Shape] = []
    for k, band in enumerate(bands, start=1):
        bx, by, bw, bh = band.box
        child: RectShape = {
            "kind": "rect",
            "x": x + bx,
            "y": y + by,
            "w": bw,
            "h": bh,
            "fill": band.fill,
            "line": None,
            "name": f"{name} band {k}",
        }
        if band.points == "ellipse":
            child["geom"] = "ellipse"
        elif isinstance(band.points, list):
            child["geom"] = "custom"
            child["contours"] = [[[px, py] for px, py in c] for c in band.points]
        else:
            child["geom"] = "rect"
        out.append(child)
    return out


def banded_group(shape: RectShape, bands: list[Band]) -> GroupShape:
    """A group standing for one shape with a multi-stop gradient: the shape with the first band's
    fill (its line, shadow), the other bands, then its text on top."""
    x, y, w, h = num(shape["x"]), num(shape["y"]), num(shape["w"]), num(shape["h"])
    name = shape.get("name") or "gradient"
    base = cast(RectShape, {k: v for k, v in shape.items() if k not in ("rotation", "text")})
    children: list[Shape] = []
    if bands[0].points is None:
        base["fill"] = bands[0].fill
        children.append(base)
        children.extend(band_shapes(bands[1:], x, y, name))
    else:  # translucent bands that do not overlap; the line goes on top
        children.extend(band_shapes(bands, x, y, name))
        if shape.get("line") is not None:
            children.append({**base, "fill": None, "shadow": None})
    text = shape.get("text")
    if text is not None:
        children.append({**base, "fill": None, "line": None, "shadow": None, "text": text})
    group: GroupShape = {
        "kind": "group",
        "x": x,
        "y": y,
        "w": w,
        "h": h,
        "name": name,
        "shapes": children,
    }
    if shape.get("rotation"):
        group["rotation"] = shape["rotation"]
    return group


def _text_box_rest(sp_pr: Element) -> None:
    prst_geom(sp_pr, "rect")
    no_fill(sp_pr)


def add_text_box(parent: Element, shape: TextShape, ctx: SlideContext) -> Element:
    """p:sp with txBox="1", no fill, no line, and the text body."""
    shape_id = ctx.new_id()
    sp = sub(parent, p("sp"))
    _nv(sp, ctx, "txBox", shape_id, _name(shape, shape_id))
    _sp_pr(sp, ctx, "text", _text_box_rest, _box(shape), _rot(shape))
    add_text_body(sp, p("txBody"), shape["text"], ctx.link_rid, ctx.cache)
    return sp


def add_picture(parent: Element, shape: PictureShape, ctx: SlideContext) -> Element | None:
    """p:pic: blipFill (+alphaModFix, +svgBlip), srcRect crop, stretch; geometry, line, shadow."""
    rids = ctx.blip_rids(shape["media"], shape.get("svg_media") or None)
    if rids is None:
        return None
    shape_id = ctx.new_id()
    pic = sub(parent, p("pic"))
    _nv(pic, ctx, "pic", shape_id, _name(shape, shape_id), shape.get("alt"))
    blip_fill(
        pic,
        p("blipFill"),
        rids[0],
        crop=crop_values(shape["crop"]),
        alpha_amt=alpha_val(shape["alpha"]),
        svg_rid=rids[1],
    )
    box = _box(shape)
    geom = shape_geometry(shape, box[2], box[3])
    line = shape.get("line")
    shadow = shape.get("shadow")

    def rest(sp_pr: Element) -> None:
        add_geometry(sp_pr, geom)
        if line is not None:
            add_line_props(sp_pr, line)
        add_effects(sp_pr, shadow, box[2], box[3])

    key = ("pic", geom, freeze(line), _shadow_key(shadow, box[2], box[3]))
    _sp_pr(pic, ctx, key, rest, box, _rot(shape))
    return pic


def add_line(parent: Element, shape: LineShape, ctx: SlideContext) -> Element | None:
    """p:cxnSp with prstGeom line from (x1, y1) to (x2, y2) (flipH / flipV for direction)."""
    line = shape["line"]
    x1, y1 = px_to_emu(num(shape["x1"])), px_to_emu(num(shape["y1"]))
    x2, y2 = px_to_emu(num(shape["x2"])), px_to_emu(num(shape["y2"]))
    shape_id = ctx.new_id()
    cxn = sub(parent, p("cxnSp"))
    _nv(cxn, ctx, "cxnSp", shape_id, _name(shape, shape_id))

    def rest(sp_pr: Element) -> None:
        prst_geom(sp_pr, "line")
        add_line_props(sp_pr, line)

    box = (min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
    _sp_pr(cxn, ctx, ("line", freeze(line)), rest, box, _rot(shape), x2 < x1, y2 < y1)
    return cxn


def add_table(parent: Element, shape: TableShape, ctx: SlideContext) -> Element | None:
    """p:graphicFrame with an a:tbl: tblGrid widths, row heights, cells with spans and borders."""
    widths = [max(0, px_to_emu(num(w))) for w in shape["columns"]]
    rows = shape["rows"]
    if not widths or not rows:
        return None
    heights = [max(0, px_to_emu(num(r["h"]))) for r in rows]
    cells = [_row_cells(r["cells"], len(widths)) for r in rows]
    spans = _span_map(cells)
    shape_id = ctx.new_id()
    frame = sub(parent, p("graphicFrame"))
    _nv(frame, ctx, "graphicFrame", shape_id, _name(shape, shape_id))
    x, y, _, _ = _box(shape)
    xfrm(frame, x, y, sum(widths), sum(heights), tag=p("xfrm"))
    data = sub(sub(frame, a("graphic")), a("graphicData"), {"uri": TABLE_URI})
    tbl = sub(data, a("tbl"))
    sub(tbl, a("tblPr"), {"firstRow": "0", "bandRow": "0"})
    grid = sub(tbl, a("tblGrid"))
    for width in widths:
        sub(grid, a("gridCol"), {"w": str(width)})
    for r, (row_cells, height) in enumerate(zip(cells, heights, strict=True)):
        tr = sub(tbl, a("tr"), {"h": str(height)})
        for c, cell in enumerate(row_cells):
            span = spans.get((r, c))
            if span is None:
                _add_cell(tr, cell, {}, cell["borders"], ctx, covered=False)
                continue
            origin_r, origin_c, row_span, col_span = span
            i, j = r - origin_r, c - origin_c
            attrib: dict[str, str] = {}
            if i == 0 and row_span > 1:
                attrib["rowSpan"] = str(row_span)
            if j == 0 and col_span > 1:
                attrib["gridSpan"] = str(col_span)
            if j > 0:
                attrib["hMerge"] = "1"
            if i > 0:
                attrib["vMerge"] = "1"
            if i == 0 and j == 0:
                _add_cell(tr, cell, attrib, cell["borders"], ctx, covered=False)
                continue
            origin = cells[origin_r][origin_c]
            ob = origin["borders"]
            borders: CellBorders = {
                "l": ob.get("l") if j == 0 else None,
                "r": ob.get("r") if j == col_span - 1 else None,
                "t": ob.get("t") if i == 0 else None,
                "b": ob.get("b") if i == row_span - 1 else None,
            }
            _add_cell(tr, origin, attrib, borders, ctx, covered=True)
    return frame


def _empty_cell() -> Cell:
    """The cell a row too short for the grid gets (no text, fill or borders)."""
    return {
        "text": None,
        "fill": None,
        "span": [1, 1],
        "merged": False,
        "borders": {},
        "margins": [0, 0, 0, 0],
        "anchor": "t",
    }


def _row_cells(cells: list[Cell], n_cols: int) -> list[Cell]:
    """A row's cells padded with empty cells (or cut) to the grid's column count."""
    return cells[:n_cols] + [_empty_cell() for _ in range(n_cols - len(cells))]


_NO_SPAN = [1, 1]


def _span_map(
    cells: list[list[Cell]],
) -> dict[tuple[int, int], tuple[int, int, int, int]]:
    """(row, col) -> (origin row, origin col, rowspan, colspan) for every cell of a merged range.

    Spans are clipped to the grid; a span overlapping an earlier one is ignored.
    """
    n_rows, n_cols = len(cells), len(cells[0]) if cells else 0
    spans: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    for r in range(n_rows):
        for c in range(n_cols):
            span = cells[r][c]["span"]
            if span == _NO_SPAN or (r, c) in spans:  # most cells: nothing to merge
                continue
            if len(span) != 2:
                continue
            row_span = max(1, min(int(num(span[0], 1)), n_rows - r))
            col_span = max(1, min(int(num(span[1], 1)), n_cols - c))
            covered = [(r + i, c + j) for i in range(row_span) for j in range(col_span)]
            if len(covered) < 2 or any(key in spans for key in covered):
                continue
            for key in covered:
                spans[key] = (r, c, row_span, col_span)
    return spans


def _add_cell(
    tr: Element,
    cell: Cell,
    attrib: dict[str, str],
    borders: CellBorders,
    ctx: SlideContext,
    covered: bool,
) -> None:
    """a:tc: txBody (empty for cells covered by a merge), tcPr margins/anchor, borders, fill.

    A cell whose text is one plain run (most cells of a data table) is a copy of a whole a:tc
    built once per (spans, margins, borders, fill, paragraph and run properties), its a:t set.
    """
    text = cell["text"]
    left, top, right, bottom = insets_emu(cell["margins"])
    tc_attrib = {"marL": str(left), "marR": str(right), "marT": str(top), "marB": str(bottom)}
    vert = token(text["vertical"], VERTICAL_TYPES) if text is not None else None
    if vert is not None:
        tc_attrib["vert"] = vert
    tc_attrib["anchor"] = token(cell["anchor"], CELL_ANCHORS) or "t"
    lines = tuple(borders.get(side) for side, _ in _CELL_SIDES)
    fill = cell["fill"]
    body = None if covered else text
    simple = _plain_run(body)
    if simple is None:
        _write_cell(tr, body, attrib, tc_attrib, lines, fill, ctx)
        return
    para, run, content = simple
    key = (
        "tc1",
        tuple(attrib.items()),
        tuple(tc_attrib.items()),
        freeze(lines),
        freeze(fill),
        ppr_key(para),
        rpr_key("", run),
    )
    tc = ctx.cache.append(
        tr, key, lambda scratch: _write_cell(scratch, body, attrib, tc_attrib, lines, fill, ctx)
    )
    _cell_run_text(tc).text = content


def _cell_run_text(tc: Element) -> Element:
    """The a:t of a cell written from one plain run: tc > txBody > p (after bodyPr and
    lstStyle) > r (after pPr) > t (after rPr)."""
    tx_body = tc[0]
    paragraph = tx_body[2]
    run = paragraph[1]
    return run[1]


def _plain_run(body: TextBody | None) -> tuple[Paragraph, Run, str] | None:
    """(paragraph, run, text) when a cell's body is one paragraph of one plain run: what
    add_text_body writes as bodyPr, lstStyle and one cached a:p (pPr, r, endParaRPr)."""
    if body is None:
        return None
    paragraphs = body["paragraphs"]
    if len(paragraphs) != 1:
        return None
    para = paragraphs[0]
    if para.get("end_run") is not None:
        return None
    runs = para["runs"]
    if len(runs) != 1:
        return None
    run = runs[0]
    if run.get("break") or run.get("href") is not None:
        return None
    content = clean_text(run.get("text") or "")
    if not content or not style_of(run) or "\n" in content or "\r" in content:
        return None
    return para, run, content


def _write_cell(
    parent: Element,
    body: TextBody | None,
    attrib: dict[str, str],
    tc_attrib: dict[str, str],
    lines: tuple[Line | None, ...],
    fill: Fill | None,
    ctx: SlideContext,
) -> Element:
    tc = sub(parent, a("tc"), attrib)
    add_text_body(tc, a("txBody"), body, ctx.link_rid, ctx.cache, cell=True)

    def build(scratch: Element) -> Element:
        tc_pr = sub(scratch, a("tcPr"))
        for line, (_, tag) in zip(lines, _CELL_SIDES, strict=True):
            add_line_props(tc_pr, line, a(tag))
        if not add_fill(tc_pr, fill):
            no_fill(tc_pr)
        return tc_pr

    # Cells of a table mostly share their borders and fill: the tcPr children are built once
    # per (borders, fill) and copied; the margins differ per cell and are set on the copy.
    tc_pr = ctx.cache.append(tc, ("tcPr", freeze(lines), freeze(fill)), build)
    for key, value in tc_attrib.items():
        tc_pr.set(key, value)
    return tc


_CELL_SIDES: tuple[tuple[Literal["l", "r", "t", "b"], str], ...] = (
    ("l", "lnL"),
    ("r", "lnR"),
    ("t", "lnT"),
    ("b", "lnB"),
)


def add_group(parent: Element, shape: GroupShape, ctx: SlideContext) -> Element:
    """p:grpSp whose child coordinate space equals its own box (children stay in slide px)."""
    shape_id = ctx.new_id()
    grp = sub(parent, p("grpSp"))
    nv = _nv(grp, ctx, "grpSp", shape_id, _name(shape, shape_id))
    if shape.get("locked") is True:  # e.g. background bands: not picked up by a click
        locks = {"noGrp": "1", "noUngrp": "1", "noSelect": "1", "noMove": "1", "noResize": "1"}
        sub(nv[1], a("grpSpLocks"), locks)
    grp_pr = sub(grp, p("grpSpPr"))
    children = shape["shapes"]
    box = _box(shape)
    if (box[2] == 0 or box[3] == 0) and children:
        box = _bounds(children)
    xfrm(grp_pr, *box, rot=_rot(shape), child=box)
    for child in children:
        add_shape(grp, child, ctx)
    return grp


def _bounds(shapes: list[Shape]) -> tuple[int, int, int, int]:
    """Bounding box (EMU) of shapes' unrotated boxes (lines by their end points)."""
    lefts, tops, rights, bottoms = [], [], [], []
    for shape in shapes:
        if shape["kind"] == "line":
            xs = (num(shape["x1"]), num(shape["x2"]))
            ys = (num(shape["y1"]), num(shape["y2"]))
            left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
        else:
            left, top = num(shape["x"]), num(shape["y"])
            right, bottom = left + num(shape["w"]), top + num(shape["h"])
        lefts.append(left)
        tops.append(top)
        rights.append(right)
        bottoms.append(bottom)
    x, y = px_to_emu(min(lefts)), px_to_emu(min(tops))
    return (x, y, px_to_emu(max(rights)) - x, px_to_emu(max(bottoms)) - y)


def add_shape(parent: Element, shape: Shape, ctx: SlideContext) -> Element | None:
    """Dispatch on "kind"; pictures without media are skipped (None)."""
    if shape["kind"] == "rect":
        return add_rect(parent, shape, ctx)
    if shape["kind"] == "text":
        return add_text_box(parent, shape, ctx)
    if shape["kind"] == "picture":
        return add_picture(parent, shape, ctx)
    if shape["kind"] == "line":
        return add_line(parent, shape, ctx)
    if shape["kind"] == "table":
        return add_table(parent, shape, ctx)
    return add_group(parent, shape, ctx)


def set_background(sld: Element, fill: Fill, ctx: SlideContext) -> Element | None:
    """p:cSld/p:bg/p:bgPr with a solid, gradient or image fill and the required a:effectLst."""
    c_sld = sld.find(p("cSld"))
    if c_sld is None:
        return None
    if needs_bands(fill):
        w, h = ctx.size
        slide_rect: RectShape = {
            "kind": "rect",
            "x": 0.0,
            "y": 0.0,
            "w": w,
            "h": h,
            "geom": "rect",
            "fill": fill,
        }
        bands = gradient_bands(slide_rect, w, h)
        if bands and bands[0].points is None:
            # The bottom band is the background; the others are the slide's first shapes.
            fill = bands[0].fill
            sp_tree = c_sld.find(p("spTree"))
            if sp_tree is not None and len(bands) > 1:
                group: GroupShape = {
                    "kind": "group",
                    "x": 0,
                    "y": 0,
                    "w": w,
                    "h": h,
                    "name": "background",
                    "locked": True,
                    "shapes": band_shapes(bands[1:], 0.0, 0.0, "background"),
                }
                add_group(sp_tree, group, ctx)
    bg = sub(c_sld, p("bg"))
    bg_pr = sub(bg, p("bgPr"))
    if not add_fill(bg_pr, fill, ctx.blip_rids):
        c_sld.remove(bg)
        return None
    sub(bg_pr, a("effectLst"))
    c_sld.insert(0, bg)
    return bg
