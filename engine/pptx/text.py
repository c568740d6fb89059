"""Slide-model TextBody / Paragraph / Run dicts -> DrawingML txBody (bodyPr, lstStyle, a:p, a:r, a:br)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from engine.model.schema import Bullet, Paragraph, Run, TextBody
from engine.pptx.oxml import (
    Element,
    ElementCache,
    a,
    body_pr,
    clean_text,
    finite,
    freeze,
    hex_color,
    hlink_click,
    no_fill,
    solid_fill,
    spc,
    srgb_clr,
    sub,
    token,
)
from engine.pptx.props import add_fill
from engine.pptx.typefaces import add_typeface
from engine.units import px_to_emu

# Resolves a hyperlink target to the r:id of an external relationship of the slide part.
LinkResolver = Callable[[str], str | None]

ANCHORS = frozenset({"t", "ctr", "b", "just", "dist"})
ALIGNS = frozenset({"l", "ctr", "r", "just", "justLow", "dist", "thaiDist"})
VERTICAL_TYPES = frozenset(
    {"horz", "vert", "vert270", "wordArtVert", "eaVert", "mongolianVert", "wordArtVertRtl"}
)
AUTONUM_SCHEMES = frozenset(
    {
        "alphaLcParenBoth",
        "alphaUcParenBoth",
        "alphaLcParenR",
        "alphaUcParenR",
        "alphaLcPeriod",
        "alphaUcPeriod",
        "arabicParenBoth",
        "arabicParenR",
        "arabicPeriod",
        "arabicPlain",
        "romanLcParenBoth",
        "romanUcParenBoth",
        "romanLcParenR",
        "romanUcParenR",
        "romanLcPeriod",
        "romanUcPeriod",
        "circleNumDbPlain",
        "circleNumWdBlackPlain",
        "circleNumWdWhitePlain",
        "arabicDbPeriod",
        "arabicDbPlain",
        "ea1ChsPeriod",
        "ea1ChsPlain",
        "ea1ChtPeriod",
        "ea1ChtPlain",
        "ea1JpnChsDbPeriod",
        "ea1JpnKorPlain",
        "ea1JpnKorPeriod",
        "arabic1Minus",
        "arabic2Minus",
        "hebrew2Minus",
        "thaiAlphaPeriod",
        "thaiAlphaParenR",
        "thaiAlphaParenBoth",
        "thaiNumPeriod",
        "thaiNumParenR",
        "thaiNumParenBoth",
        "hindiAlphaPeriod",
        "hindiNumPeriod",
        "hindiNumParenR",
        "hindiAlpha1Period",
    }
)
_CAPS = frozenset({"small", "all"})
# a:rPr/@u values a model run may name (ST_TextUnderlineType); True is "sng"
_UNDERLINES = frozenset(
    {
        "sng",
        "dbl",
        "heavy",
        "dotted",
        "dottedHeavy",
        "dash",
        "dashHeavy",
        "dashLong",
        "wavy",
        "wavyHeavy",
        "wavyDbl",
        "dotDash",
        "dotDotDash",
        "words",
    }
)
_MAX_COORD = 51206400
_NON_STYLE_KEYS = ("text", "href", "break")


def _clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def insets_emu(insets: Any) -> tuple[int, int, int, int]:
    """[l, t, r, b] px -> EMU (missing or negative values -> 0, at most 56 in)."""
    if not isinstance(insets, list | tuple) or len(insets) != 4:
        return (0, 0, 0, 0)
    values = [_clamp(px_to_emu(finite(v) or 0.0), 0, _MAX_COORD) for v in insets]
    return (values[0], values[1], values[2], values[3])


def rpr_key(tag: str, run: Run) -> tuple[Any, ...]:
    """Everything _build_rpr reads, normalised so that equal keys give equal XML."""
    get = run.get
    return (
        tag,
        get("lang"),
        finite(get("size")),
        get("bold"),  # booleans: only their truth value is used, so 1 == True is harmless
        get("italic"),
        get("underline"),
        get("underline_color"),
        get("strike"),
        get("caps"),
        finite(get("spacing")),
        finite(get("baseline")),
        get("color"),
        finite(get("alpha")),
        get("highlight"),
        get("font"),
        get("ea_font"),
        get("cs_font"),
        repr(get("fill")),
        repr(get("outline")),
        get("text_fill"),
    )


def add_rpr(
    parent: Element,
    tag: str,
    run: Run,
    link_rid: LinkResolver | None = None,
    cache: ElementCache | None = None,
) -> Element:
    """Run properties (a:rPr / a:endParaRPr / a:br's rPr), + hlinkClick when the run has "href"."""
    if cache is not None:
        rpr = cache.append(parent, rpr_key(tag, run), lambda s: _build_rpr(s, tag, run))
    else:
        rpr = _build_rpr(parent, tag, run)
    href = run.get("href")
    if link_rid is not None and href:
        rid = link_rid(href)
        if rid is not None:
            hlink_click(rpr, rid, text_color=run.get("color") is not None)
    return rpr


def _build_rpr(parent: Element, tag: str, run: Run) -> Element:
    """CT_TextCharacterProperties: attributes, ln, fill, highlight, latin, ea, cs (schema order)."""
    attrib: dict[str, str] = {}
    lang = run.get("lang")
    if isinstance(lang, str) and lang:
        attrib["lang"] = lang
    size = finite(run.get("size"))
    if size is not None and size > 0:
        attrib["sz"] = str(_clamp(int(round(size * 100)), 100, 400000))
    bold, italic = run.get("bold"), run.get("italic")
    if bold is not None:
        attrib["b"] = "1" if bold else "0"
    if italic is not None:
        attrib["i"] = "1" if italic else "0"
    underline = run.get("underline")
    if underline is not None:
        attrib["u"] = (token(underline, _UNDERLINES) or "sng") if underline else "none"
    strike = run.get("strike")
    if strike is not None:
        attrib["strike"] = (
            ("dblStrike" if strike == "dbl" else "sngStrike") if strike else "noStrike"
        )
    cap = token(run.get("caps"), _CAPS)
    if cap is not None:
        attrib["cap"] = cap
    spacing = finite(run.get("spacing"))
    if spacing:
        attrib["spc"] = str(_clamp(int(round(spacing * 100)), -400000, 400000))
    baseline = finite(run.get("baseline"))
    if baseline:
        attrib["baseline"] = str(_clamp(int(round(baseline)), -100000, 100000))
    rpr = sub(parent, tag, attrib)
    outline = run.get("outline")
    width = finite(outline["width"]) if outline is not None else None
    if outline is not None and width is not None and width > 0:
        ln = sub(rpr, a("ln"), {"w": str(_clamp(px_to_emu(width), 0, 20116800))})
        solid_fill(ln, outline["color"], outline["alpha"])
    color = run.get("color")
    fill = run.get("fill")
    if fill is not None and fill["type"] == "gradient" and add_fill(rpr, fill):
        pass  # gradient text (CSS background-clip: text); `color` stays the model's fallback
    elif run.get("text_fill") == "none":
        no_fill(rpr)  # outlined glyphs only (-webkit-text-stroke over transparent text)
    elif color is not None:
        solid_fill(rpr, color, run.get("alpha", 1.0))
    highlight = run.get("highlight")
    if highlight is not None:
        srgb_clr(sub(rpr, a("highlight")), hex_color(highlight))
    underline_color = run.get("underline_color")
    if underline and underline_color is not None:
        solid_fill(sub(rpr, a("uFill")), underline_color)
    for typeface, font_tag in (
        (run.get("font"), "latin"),
        (run.get("ea_font"), "ea"),
        (run.get("cs_font"), "cs"),
    ):
        if typeface:
            add_typeface(rpr, a(font_tag), typeface)
    return rpr


def style_of(run: Run) -> Run:
    """A run's character properties without its text, link or break flag."""
    return cast(Run, {k: v for k, v in run.items() if k not in _NON_STYLE_KEYS})


def _add_bullet(ppr: Element, bullet: Bullet | None) -> None:
    if bullet is None:
        sub(ppr, a("buNone"))
        return
    autonum = bullet.get("autonum")
    char = bullet.get("char")
    if autonum is None and not (isinstance(char, str) and char):
        sub(ppr, a("buNone"))
        return
    color = bullet.get("color")
    if color is not None:
        srgb_clr(sub(ppr, a("buClr")), hex_color(color))
    size = finite(bullet.get("size"))
    if size is not None and size > 0:
        sub(ppr, a("buSzPct"), {"val": str(_clamp(int(round(size * 100000)), 25000, 400000))})
    font = bullet.get("font")
    if isinstance(font, str) and font:
        add_typeface(ppr, a("buFont"), font)
    if autonum is not None:
        attrib = {"type": token(autonum, AUTONUM_SCHEMES) or "arabicPeriod"}
        start = finite(bullet.get("start"))
        if start is not None and int(start) != 1:
            attrib["startAt"] = str(_clamp(int(start), 1, 32767))
        sub(ppr, a("buAutoNum"), attrib)
    else:
        sub(ppr, a("buChar"), {"char": clean_text(str(char))})


def _add_ppr(p_el: Element, para: Paragraph, cache: ElementCache | None) -> Element:
    if cache is None:
        return _build_ppr(p_el, para)
    return cache.append(p_el, ppr_key(para), lambda scratch: _build_ppr(scratch, para))


def ppr_key(para: Paragraph) -> tuple[Any, ...]:
    """Everything _build_ppr reads, normalised so that equal keys give equal XML."""
    return (
        "pPr",
        finite(para.get("margin_left")),
        finite(para.get("indent")),
        para["align"],
        para.get("rtl"),
        para.get("hanging_punct"),
        freeze(para.get("line_spacing")),
        finite(para.get("space_before")),
        finite(para.get("space_after")),
        freeze(para.get("bullet")),
    )


def _build_ppr(p_el: Element, para: Paragraph) -> Element:
    """a:pPr: marL indent algn rtl hangingPunct; lnSpc, spcBef, spcAft, bullet
    (CT_TextParagraphProperties order)."""
    attrib: dict[str, str] = {}
    margin_left = finite(para.get("margin_left"))
    if margin_left:
        attrib["marL"] = str(_clamp(px_to_emu(margin_left), 0, _MAX_COORD))
    indent = finite(para.get("indent"))
    if indent:
        attrib["indent"] = str(_clamp(px_to_emu(indent), -_MAX_COORD, _MAX_COORD))
    algn = token(para["align"], ALIGNS)
    if algn is not None:
        attrib["algn"] = algn
    if para.get("rtl"):
        attrib["rtl"] = "1"
    hanging = para.get("hanging_punct")
    if hanging is not None:
        attrib["hangingPunct"] = "1" if hanging else "0"
    ppr = sub(p_el, a("pPr"), attrib)
    line_spacing = para.get("line_spacing")
    if line_spacing is not None:
        pts = finite(line_spacing.get("pts"))
        pct = finite(line_spacing.get("pct"))
        if pts is not None:
            spc(ppr, "lnSpc", pts=pts)
        elif pct is not None:
            spc(ppr, "lnSpc", pct=pct)
    before = finite(para.get("space_before"))
    if before:
        spc(ppr, "spcBef", pts=before)
    after = finite(para.get("space_after"))
    if after:
        spc(ppr, "spcAft", pts=after)
    _add_bullet(ppr, para.get("bullet"))
    return ppr


def add_paragraph(
    parent: Element,
    para: Paragraph,
    link_rid: LinkResolver | None = None,
    cache: ElementCache | None = None,
) -> Element:
    """One a:p: pPr, runs (a:r / a:br), endParaRPr carrying the last run's size and font."""
    if cache is not None:
        simple = _add_simple_paragraph(parent, para, link_rid, cache)
        if simple is not None:
            return simple
    p_el = sub(parent, a("p"))
    _add_ppr(p_el, para, cache)
    runs = para["runs"]
    first_text = next((r for r in runs if not r.get("break")), None)
    last_style: Run | None = None
    for run in runs:
        if run.get("break"):
            base = last_style if last_style is not None else style_of(first_text or {})
            style: Run = {**base, **style_of(run)}
            add_rpr(sub(p_el, a("br")), a("rPr"), style, None, cache)
            last_style = style
            continue
        last_style = style_of(run)
        text = clean_text(run.get("text") or "").replace("\r\n", "\n").replace("\r", "\n")
        for i, piece in enumerate(text.split("\n")):
            if i:
                add_rpr(sub(p_el, a("br")), a("rPr"), last_style, None, cache)
            if piece:
                r_el = sub(p_el, a("r"))
                add_rpr(r_el, a("rPr"), run, link_rid, cache)
                sub(r_el, a("t")).text = piece
    end_run = para.get("end_run")
    end_style = style_of(end_run) if end_run is not None else last_style
    if end_style:
        add_rpr(p_el, a("endParaRPr"), end_style, None, cache)
    return p_el


def _add_simple_paragraph(
    parent: Element, para: Paragraph, link_rid: LinkResolver | None, cache: ElementCache
) -> Element | None:
    """A paragraph of one plain run (no break, link, line feed or end_run): a copy of a cached
    a:p (pPr, r, endParaRPr: what add_paragraph builds) whose a:t gets the text; None otherwise."""
    runs = para["runs"]
    if len(runs) != 1 or para.get("end_run") is not None:
        return None
    run = runs[0]
    if run.get("break"):
        return None
    if link_rid is not None and run.get("href"):
        return None
    text = clean_text(run.get("text") or "")
    style = style_of(run)
    if not text or not style or "\n" in text or "\r" in text:
        return None

    def build(scratch: Element) -> Element:
        p_el = sub(scratch, a("p"))
        _build_ppr(p_el, para)
        r_el = sub(p_el, a("r"))
        _build_rpr(r_el, a("rPr"), run)
        sub(r_el, a("t"))
        _build_rpr(p_el, a("endParaRPr"), style)
        return p_el

    p_el = cache.append(parent, ("p1", ppr_key(para), rpr_key("", run)), build)
    run_el = p_el[1]  # after pPr
    run_el[1].text = text  # a:t, after rPr
    return p_el


def add_text_body(
    parent: Element,
    tag: str,
    body: TextBody | None,
    link_rid: LinkResolver | None = None,
    cache: ElementCache | None = None,
    cell: bool = False,
) -> Element:
    """p:txBody (shapes) or a:txBody (table cells, `cell=True`: margins live in tcPr); a
    cell without text (None) gets one empty paragraph."""
    tx = sub(parent, tag)
    if cell or body is None:
        sub(tx, a("bodyPr"))
    else:
        wrap = bool(body["wrap"])
        insets = insets_emu(body["insets"])
        anchor = token(body["anchor"], ANCHORS) or "t"
        vert = token(body["vertical"], VERTICAL_TYPES)
        if cache is None:
            body_pr(tx, wrap, insets, anchor, vert)
        else:
            key = ("bodyPr", wrap, insets, anchor, vert)
            cache.append(tx, key, lambda scratch: body_pr(scratch, wrap, insets, anchor, vert))
    sub(tx, a("lstStyle"))
    paragraphs = body["paragraphs"] if body is not None else []
    for para in paragraphs:
        add_paragraph(tx, para, link_rid, cache)
    if not paragraphs:
        sub(tx, a("p"))
    return tx
