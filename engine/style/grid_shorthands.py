"""Grid shorthands: grid-row/-column/-area/-template and grid tokens -> raw-text grid longhands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.style.syntax import IDENT, STR, Tok, normalize_ws, split_slash
from engine.style.values import INVALID

Expander = Callable[[tuple[Tok, ...], str], Any]


def _text(toks: list[Tok] | tuple[Tok, ...]) -> str:
    return " ".join(t.raw for t in toks)


def _is_custom_ident(toks: list[Tok]) -> bool:
    return len(toks) == 1 and toks[0].kind == IDENT and toks[0].value not in ("auto", "span")


def grid_line_pair(start: str, end: str) -> Expander:
    def expand(toks: tuple[Tok, ...], text: str) -> Any:
        groups = split_slash(toks)
        if len(groups) > 2 or any(not g for g in groups):
            return INVALID
        first = normalize_ws(_text(groups[0]))
        if len(groups) == 2:
            return [(start, first), (end, normalize_ws(_text(groups[1])))]
        return [(start, first), (end, first if _is_custom_ident(groups[0]) else "auto")]

    return expand


def grid_area(toks: tuple[Tok, ...], text: str) -> Any:
    groups = split_slash(toks)
    if len(groups) > 4 or any(not g for g in groups):
        return INVALID
    vals = [normalize_ws(_text(g)) for g in groups]
    idents = [_is_custom_ident(g) for g in groups]
    n = len(vals)
    row_start = vals[0]
    col_start = vals[1] if n > 1 else (row_start if idents[0] else "auto")
    row_end = vals[2] if n > 2 else (row_start if idents[0] else "auto")
    col_ident = idents[1] if n > 1 else idents[0]
    col_end = vals[3] if n > 3 else (col_start if col_ident else "auto")
    vals = [row_start, col_start, row_end, col_end]
    return [
        ("grid-row-start", vals[0]),
        ("grid-column-start", vals[1]),
        ("grid-row-end", vals[2]),
        ("grid-column-end", vals[3]),
    ]


def grid_template(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) == 1 and toks[0].kind == IDENT and toks[0].value == "none":
        return [
            ("grid-template-rows", "none"),
            ("grid-template-columns", "none"),
            ("grid-template-areas", "none"),
        ]
    groups = split_slash(toks)
    if len(groups) > 2 or any(not g for g in groups):
        return INVALID
    if not any(t.kind == STR for t in groups[0]):
        if len(groups) != 2:
            return INVALID
        return [
            ("grid-template-rows", normalize_ws(_text(groups[0]))),
            ("grid-template-columns", normalize_ws(_text(groups[1]))),
            ("grid-template-areas", "none"),
        ]
    areas: list[str] = []
    rows: list[str] = []
    prefix: list[Tok] = []
    pending: list[Tok] = []
    for t in groups[0]:
        if t.kind == STR:
            if areas:
                rows.append(_track_row(pending))
            else:
                prefix = pending
            pending = []
            areas.append(t.raw)
        else:
            pending.append(t)
    rows.append(_track_row(pending))
    if prefix:
        rows[0] = _text(prefix) + " " + rows[0]
    columns = normalize_ws(_text(groups[1])) if len(groups) == 2 else "none"
    return [
        ("grid-template-rows", normalize_ws(" ".join(r for r in rows if r))),
        ("grid-template-columns", columns),
        ("grid-template-areas", normalize_ws(" ".join(areas))),
    ]


def _track_row(toks: list[Tok]) -> str:
    """The track size after an area string (default auto), keeping trailing line names."""
    if any(t.kind != "bracket" for t in toks):
        return _text(toks)
    return _text([Tok(IDENT, "auto", raw="auto"), *toks])


def grid(toks: tuple[Tok, ...], text: str) -> Any:
    groups = split_slash(toks)
    flow_side = next(
        (
            i
            for i, g in enumerate(groups)
            if any(t.kind == IDENT and t.value == "auto-flow" for t in g)
        ),
        None,
    )
    resets = [("grid-auto-rows", "auto"), ("grid-auto-columns", "auto"), ("grid-auto-flow", "row")]
    if flow_side is None:
        base = grid_template(toks, text)
        if base is INVALID:
            return INVALID
        return base + resets
    if len(groups) != 2:
        return INVALID
    flow_toks = groups[flow_side]
    dense = any(t.kind == IDENT and t.value == "dense" for t in flow_toks)
    sizes = [t for t in flow_toks if not (t.kind == IDENT and t.value in ("auto-flow", "dense"))]
    other = normalize_ws(_text(groups[1 - flow_side]))
    size_text = normalize_ws(_text(sizes)) if sizes else "auto"
    if flow_side == 0:
        return [
            ("grid-auto-flow", "row dense" if dense else "row"),
            ("grid-auto-rows", size_text),
            ("grid-auto-columns", "auto"),
            ("grid-template-columns", other),
            ("grid-template-rows", "none"),
            ("grid-template-areas", "none"),
        ]
    return [
        ("grid-auto-flow", "column dense" if dense else "column"),
        ("grid-auto-columns", size_text),
        ("grid-auto-rows", "auto"),
        ("grid-template-rows", other),
        ("grid-template-columns", "none"),
        ("grid-template-areas", "none"),
    ]
