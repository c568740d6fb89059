"""Text for the PNG renderer (a slide-model TextBody in its box -> glyph runs placed where LibreOffice draws the lines).

The model's text comes in lines (a:br runs); in a body that wraps, a line wider than its box
is wrapped as LibreOffice wraps it (engine/render/wrap.py: soft-wrapped paragraphs are one line
each). Each line gets an
explicit baseline y (engine/model/text/metrics.py: LibreOffice's font-independent line spacing
for text boxes, font metrics for table cells) and an x from the paragraph's alignment, margins
and indent. Runs are cut into pieces of one face each (CJK characters take the run's
east-asian typeface, characters no typeface has the fallback font, as in LibreOffice), shaped
with HarfBuzz and drawn as glyph outlines (engine/render/glyphs.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import engine.render.glyphs as glyphs  # the module itself, not the package: no import cycle
from engine.boxes.lists import alpha_label, roman_label
from engine.model.schema import (
    Anchor,
    CharBullet,
    LineSpacing,
    NumberBullet,
    Paragraph,
    Run,
    TextBody,
)
from engine.model.text import metrics as tm
from engine.render.fonts import Face, FontSet, face_for, family_list, metrics_of
from engine.render.paint import Defs, color, f, gradient, num, unit
from engine.render.pieces import (
    Piece,
    autospace,
    justify,
    lo_advances,
    lo_autospace,
    offsets,
)
from engine.render.wrap import Room, RunText, overflows, wrap
from engine.units import pt_to_px

DEFAULT_SIZE_PT = 18.0  # OOXML's default run size
DEFAULT_INSETS = (9.6, 4.8, 9.6, 4.8)  # OOXML bodyPr defaults: 0.1 in / 0.05 in
MAX_RUN_CHARS = 20_000
MAX_TEXT_PAINTED = 30.0  # slide areas of glyph runs drawn per slide, at most
_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_text(text: str) -> str:
    text = _INVALID_XML.sub("", text.replace("\t", "    "))
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


@dataclass
class Line:
    """One line of one paragraph: its runs and largest font size (px)."""

    para: Paragraph
    runs: list[Run]
    size: float
    first: bool
    soft_end: bool = False  # the paragraph wraps after this line (justified lines stretch)


# A bullet's label and the bullet it comes from.
Label = tuple[str, CharBullet | NumberBullet]

# A line is measured as LibreOffice lays it out only when its drawn width passes this share of
# its room (LibreOffice's advances differ from HarfBuzz's by a few per cent at most).
MEASURE_FROM = 0.9


def _size_px(run: Run) -> float:
    size = num(run.get("size"), DEFAULT_SIZE_PT)
    return pt_to_px(min(max(size, 1.0), 4000.0))


def _drawn_text(run: Run) -> str:
    """The run's text as it is drawn (tabs as spaces, all caps applied)."""
    text = _INVALID_XML.sub("", str(run.get("text") or "")[:MAX_RUN_CHARS]).replace("\t", "    ")
    return text.upper() if run.get("caps") == "all" else text


def _lines(paragraph: Paragraph) -> list[Line]:
    runs = paragraph["runs"]
    groups: list[list[Run]] = [[]]
    for run in runs:
        if run.get("break"):
            groups.append([])
        else:
            groups[-1].append(run)
    end = paragraph.get("end_run")
    fallback: Run = end if end is not None else (runs[-1] if runs else {})
    out = []
    for i, group in enumerate(groups):
        sized = [r for r in group if "text" in r]
        size = max((_size_px(r) for r in sized), default=_size_px(fallback))
        out.append(Line(paragraph, sized, size, i == 0))
    return out


def _autonum_label(scheme: str, n: int) -> str:
    n = max(1, min(n, 3999))
    if scheme.startswith("alpha"):
        core = alpha_label(n)
        core = core.upper() if "Uc" in scheme else core
    elif scheme.startswith("roman"):
        core = roman_label(n)
        core = core.upper() if "Uc" in scheme else core
    else:
        core = str(n)
    if scheme.endswith("ParenBoth"):
        return f"({core})"
    if scheme.endswith("ParenR"):
        return f"{core})"
    if scheme.endswith("Plain"):
        return core
    return f"{core}."


class TextRenderer:
    """Writes TextBodies as SVG text; shares the slide's fonts and defs."""

    def __init__(
        self, fonts: FontSet, defs: Defs, slide_size: tuple[float, float] = (1280.0, 720.0)
    ) -> None:
        self.fonts = fonts
        self.defs = defs
        self.slide_size = slide_size
        self.painted = 0.0  # slide areas covered by drawn glyph runs (bounded: MAX_TEXT_PAINTED)
        self.glyph_ids: dict[tuple[str, int, int], str] = {}  # (file, index, gid) -> path id
        self.upright = False  # inside an eaVert body: CJK glyphs stand upright
        self.shaped: dict[int, tuple[Run, list[Piece]]] = {}  # one body's runs

    def body(
        self,
        body: TextBody | None,
        box: tuple[float, float, float, float],
        *,
        table_cell: bool = False,
        insets: tuple[float, float, float, float] | None = None,
        anchor: Anchor | None = None,
    ) -> str:
        self.shaped.clear()
        if body is None:
            return ""
        paragraphs = body["paragraphs"]
        if not paragraphs:
            return ""
        if insets is None:
            raw = body["insets"]
            if len(raw) == 4:
                insets = (num(raw[0]), num(raw[1]), num(raw[2]), num(raw[3]))
            else:
                insets = DEFAULT_INSETS
        x, y, w, h = box
        wraps = body["wrap"]
        vertical = body["vertical"]
        if vertical in ("vert", "eaVert", "vert270", "wordArtVert", "mongolianVert"):
            # Lay the text out (and wrap it) in the turned frame, then turn it into the box
            # (eaVert keeps CJK glyphs upright: each is turned back about its em box centre).
            cx, cy = x + w / 2, y + h / 2
            self.upright = vertical == "eaVert"
            inner = self._horizontal(
                paragraphs,
                (cx - h / 2, cy - w / 2, h, w),
                insets,
                table_cell,
                anchor or body["anchor"],
                wrap=wraps,
            )
            self.upright = False
            angle = 270 if vertical == "vert270" else 90
            return f'<g transform="rotate({angle} {f(cx)} {f(cy)})">{inner}</g>'
        return self._horizontal(
            paragraphs, box, insets, table_cell, anchor or body["anchor"], wrap=wraps
        )

    def _horizontal(
        self,
        paragraphs: list[Paragraph],
        box: tuple[float, float, float, float],
        insets: tuple[float, float, float, float],
        table_cell: bool,
        anchor: Anchor,
        *,
        wrap: bool,
    ) -> str:
        x, y, w, h = box
        left, right = x + insets[0], x + w - insets[2]
        counters: dict[str, int] = {}
        labels = [self._bullet_label(p, counters) for p in paragraphs]
        lines_per_para = [_lines(p) for p in paragraphs]
        if wrap:
            lines_per_para = [
                self._wrapped(lines, label is not None, right - left)
                for lines, label in zip(lines_per_para, labels, strict=True)
            ]
        metrics = self._metrics(lines_per_para) if table_cell else None
        if table_cell and metrics is None:
            table_cell = False
        specs = [
            tm.ParagraphLines(
                [ln.size for ln in lines],
                _spacing(p.get("line_spacing")),
                max(0.0, num(p.get("space_before"))),
                max(0.0, num(p.get("space_after"))),
            )
            for p, lines in zip(paragraphs, lines_per_para, strict=True)
        ]
        baselines = tm.layout_baselines(specs, metrics, table_cell=table_cell)
        last_size = lines_per_para[-1][-1].size
        asc, height = tm.line_box(metrics, last_size, specs[-1].line_spacing, table_cell=table_cell)
        total = baselines[-1][-1] - asc + height
        top = y + insets[1]
        avail = h - insets[1] - insets[3]
        if anchor == "ctr":
            top += (avail - total) / 2
        elif anchor == "b":
            top += avail - total
        out: list[str] = []
        for lines, bases, label in zip(lines_per_para, baselines, labels, strict=True):
            for line, base in zip(lines, bases, strict=True):
                out.append(self._line(line, top + base, left, right, label if line.first else None))
        return "".join(out)

    def _wrapped(self, lines: list[Line], bullet: bool, room: float) -> list[Line]:
        """The paragraph's lines, each wrapped in `room` px (less the paragraph's margin and
        the first line's indent) when it is wider."""
        para = lines[0].para
        margin = num(para.get("margin_left"))
        first = room - margin - (0.0 if bullet else num(para.get("indent")))
        out: list[Line] = []
        for line in lines:
            avail = first if line.first else room - margin
            texts = self._measured(line, avail)
            if texts is None:
                out.append(line)
                continue
            joined = "".join(t.text for t in texts)
            hang = para.get("hanging_punct") is not False and tm.cjk_text(joined)
            wrapped = wrap(texts, Room(avail, room - margin), hang=hang, hyphen=self._hyphen)
            for i, part in enumerate(wrapped):
                size = max((_size_px(r) for r in part.runs), default=line.size)
                out.append(Line(para, part.runs, size, line.first and i == 0, part.soft_end))
        return out

    def _measured(self, line: Line, avail: float) -> list[RunText] | None:
        """The line's runs measured as LibreOffice lays them out, when it is wider than
        `avail` (None: it fits, and is drawn as it is)."""
        pieces = [(run, self._shape(run)) for run in line.runs]
        flat = [p for _run, ps in pieces for p in ps]
        drawn = sum(p.width for p in flat) + sum(autospace(flat))
        if drawn <= avail * MEASURE_FROM:
            return None
        drawn_texts = [_drawn_text(run) for run, _ps in pieces]
        advances = [[0.0] * len(text) for text in drawn_texts]
        sizes = [[0.0] * len(text) for text in drawn_texts]
        for (_run, ps), adv, size in zip(pieces, advances, sizes, strict=True):
            for piece in ps:
                for i, a in enumerate(lo_advances(piece)[: len(adv) - piece.start], piece.start):
                    adv[i], size[i] = a, piece.size
        gaps = iter(lo_autospace("".join(drawn_texts), [s for size in sizes for s in size]))
        for adv in advances:
            for i in range(len(adv)):
                adv[i] += next(gaps)
        texts = [
            RunText(run, text, adv)
            for (run, _ps), text, adv in zip(pieces, drawn_texts, advances, strict=True)
        ]
        return texts if overflows(texts, avail) else None

    def _hyphen(self, run: Run) -> float:
        hyphen: Run = {**run, "text": "-"}
        return sum(sum(lo_advances(p)) for p in self._pieces(hyphen))

    def _shape(self, run: Run) -> list[Piece]:
        """_pieces, once per run of a body."""
        known = self.shaped.get(id(run))
        if known is not None and known[0] is run:
            return known[1]
        pieces = self._pieces(run)
        self.shaped[id(run)] = (run, pieces)
        return pieces

    def _metrics(self, lines_per_para: list[list[Line]]) -> tm.FaceMetrics | None:
        for lines in lines_per_para:
            for line in lines:
                for run in line.runs:
                    face = face_for(
                        run.get("font") or "Calibri",
                        bool(run.get("bold")),
                        bool(run.get("italic")),
                    )
                    if face is not None:
                        return metrics_of(face)
        return None

    def _bullet_label(self, para: Paragraph, counters: dict[str, int]) -> Label | None:
        bullet = para.get("bullet")
        if bullet is None:
            counters.clear()
            return None
        if "autonum" in bullet:
            scheme = bullet["autonum"]
            start = int(num(bullet["start"], 1.0))
            n = counters.get(scheme, start - 1) + 1
            counters[scheme] = n
            return _autonum_label(scheme, n), bullet
        if "char" in bullet and bullet["char"]:
            return bullet["char"][:4], bullet
        return None

    def _line(
        self,
        line: Line,
        baseline: float,
        left: float,
        right: float,
        bullet: Label | None,
    ) -> str:
        para = line.para
        margin = num(para.get("margin_left"))
        indent = num(para.get("indent"))
        start = left + margin
        out = []
        if bullet is not None and line.runs:
            out.append(self._bullet(bullet, line, left + margin + indent, baseline))
        elif line.first:
            start += indent
        pieces = [p for run in line.runs for p in self._shape(run)]
        if not pieces:
            return "".join(out)
        gaps = autospace(pieces)
        width = sum(p.width for p in pieces) + sum(gaps)
        align = para["align"]
        if align == "just" and line.soft_end:
            pieces = justify(pieces, right - start - width)
        # LibreOffice leaves the last character's letter-spacing out when aligning.
        trailing = pieces[-1].spacing_px
        if align == "ctr":
            x = (left + margin + right) / 2 - (width - trailing) / 2
        elif align == "r":
            x = right - (width - trailing)
        else:
            x = start
        for piece, gap in zip(pieces, gaps, strict=True):
            x += gap
            out.append(self._draw(piece, x, baseline))
            x += piece.width
        return "".join(out)

    def _bullet(self, bullet: Label, line: Line, x: float, baseline: float) -> str:
        label, spec = bullet
        first = line.runs[0]
        run: Run = {
            "text": label,
            "size": num(first.get("size"), DEFAULT_SIZE_PT)
            * (num(spec.get("size"), 1.0) if spec.get("size") else 1.0),
        }
        font, ea_font = spec.get("font") or first.get("font"), first.get("ea_font")
        colour = spec.get("color") or first.get("color")
        if font is not None:
            run["font"] = font
        if ea_font is not None:
            run["ea_font"] = ea_font
        if colour is not None:
            run["color"] = colour
        return "".join(self._draw(p, x + p.offset, baseline) for p in offsets(self._pieces(run)))

    def _pieces(self, run: Run) -> list[Piece]:
        """The run cut into pieces of one face each, shaped."""
        text = _drawn_text(run)
        if not text:
            return []
        bold, italic = bool(run.get("bold")), bool(run.get("italic"))
        size = _size_px(run)
        escapement = num(run.get("baseline"))
        shift = size * max(-1.0, min(1.0, escapement / 100000)) if escapement else 0.0
        if escapement:
            size *= tm.ESCAPEMENT_SIZE
        spacing = pt_to_px(num(run.get("spacing")))
        lat, east = self.fonts.pick(run.get("font"), run.get("ea_font"), bold, italic, text)
        paint = self._paint(run)
        # One piece per face and script kind (CJK or not; whitespace keeps the kind before it).
        groups: list[tuple[Face | None, bool, str]] = []
        kind = False
        for ch in text:
            face = self.fonts.face_for_char(ch, lat, east)
            kind = kind if ch.isspace() else tm.is_cjk_char(ch)
            if groups and groups[-1][0] == face and groups[-1][1] == kind:
                groups[-1] = (face, kind, groups[-1][2] + ch)
            else:
                groups.append((face, kind, ch))
        out = []
        pos = 0
        for face, cjk, chunk in groups:
            at, pos = pos, pos + len(chunk)
            if face is None:
                continue
            hbf = glyphs.hb_face(face.path, face.index)
            if hbf is None:
                continue
            scale = size / hbf.upem
            shaped, advance = glyphs.shape(face, chunk, spacing / scale if scale else 0.0)
            out.append(
                Piece(
                    face,
                    chunk,
                    shaped,
                    advance * scale,
                    size,
                    scale,
                    spacing,
                    shift,
                    paint,
                    bold and not hbf.bold,
                    italic and not hbf.italic,
                    bool(run.get("underline")),
                    bool(run.get("strike")),
                    cjk,
                    start=at,
                )
            )
        return out

    def _draw(self, piece: Piece, x: float, baseline: float) -> str:
        sw, sh = self.slide_size
        self.painted += min(piece.width, sw) * min(piece.size * 1.2, sh) / max(1.0, sw * sh)
        if self.painted > MAX_TEXT_PAINTED:
            return ""  # resvg cannot be interrupted: text past the budget is left out
        y = baseline - piece.shift
        hbf = glyphs.hb_face(piece.face.path, piece.face.index)
        out = []
        if hbf is not None and hbf.outlines:
            uses = []
            turn = self.upright and piece.cjk
            centre = 0.38 * hbf.upem  # the ideographic em box's middle, above the baseline
            for glyph in piece.glyphs:
                gid = self._glyph_id(piece.face, glyph.gid)
                if not gid:
                    continue
                rotate = ""
                if turn:
                    gx = round(glyph.x + glyph.advance / 2)
                    rotate = f' transform="rotate(90 {gx} {round(centre)})"'
                uses.append(
                    f'<use xlink:href="#{gid}" x="{round(glyph.x)}" y="{round(glyph.y)}"{rotate}/>'
                )
            if uses:
                s = piece.scale
                skew = s * glyphs.SYNTHETIC_ITALIC if piece.fake_italic else 0.0
                extra = ""
                if piece.fake_bold:
                    stroke = piece.paint.replace("fill", "stroke")
                    extra = (
                        f' {stroke} stroke-width="{round(hbf.upem / 32)}" stroke-linejoin="round"'
                    )
                out.append(
                    f'<g {piece.paint}{extra} transform="matrix({s:.6g} 0 {skew:.6g} {-s:.6g} {f(x)} {f(y)})">'
                    + "".join(uses)
                    + "</g>"
                )
        elif hbf is not None:
            # Colour bitmap glyphs (emoji): resvg draws them from the face's file.
            self.fonts.add(piece.face)
            family = family_list([piece.face.family])
            out.append(
                f'<text x="{f(x)}" y="{f(y)}" font-family="{family}" font-size="{f(piece.size)}" '
                f'{piece.paint} xml:space="preserve">{xml_text(piece.text)}</text>'
            )
        for on, dy in ((piece.underline, 0.1), (piece.strike, -0.3)):
            if on:
                thick = max(0.5, piece.size / 16)
                out.append(
                    f'<rect x="{f(x)}" y="{f(y + dy * piece.size - thick / 2)}" width="{f(piece.width)}" '
                    f'height="{f(thick)}" {piece.paint}/>'
                )
        return "".join(out)

    def _glyph_id(self, face: Face, gid: int) -> str | None:
        key = (face.path, face.index, gid)
        known = self.glyph_ids.get(key)
        if known is not None:
            return known or None
        if len(self.glyph_ids) >= glyphs.MAX_GLYPHS_PER_SLIDE:
            return None
        d = glyphs.outline(face.path, face.index, gid)
        ident = ""
        if d:
            ident = self.defs.new_id("t")
            self.defs.add(f'<path id="{ident}" d="{d}"/>')
        self.glyph_ids[key] = ident
        return ident or None

    def _paint(self, run: Run) -> str:
        fill = run.get("fill")
        if fill is not None and fill["type"] == "gradient":
            gid_url = gradient(fill, (0.0, 0.0, 1.0, 1.0), self.defs)
            if gid_url is not None:
                # objectBoundingBox: the gradient spans the glyphs of the run.
                last = self.defs.items[-1].replace('gradientUnits="userSpaceOnUse"', "")
                self.defs.items[-1] = last
                return f'fill="{gid_url}"'
        a = unit(run.get("alpha"))
        out = f'fill="{color(run.get("color"))}"'
        return out + (f' fill-opacity="{f(a)}"' if a < 1 else "")


def _spacing(value: LineSpacing | None) -> tm.LineSpacing:
    if value is None:
        return None
    if "pts" in value:
        return {"pts": max(0.0, num(value["pts"]))}
    return {"pct": max(0.0, num(value["pct"], 1.0))}
