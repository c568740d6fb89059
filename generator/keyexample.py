"""The example that makes a page's point is shown whole before earlier examples fill the room.

A page capped to its first slides fills the room its last kept slide has left with the next
example (generator.pack). When that example does not fit, the slide showed its leading
statements only, while its point came later (`raise_for_status()` under "We can raise an
exception…", the result of `follow_redirects=True`), because the simpler examples before it
had taken the room. The page's key example is:

- the example the slide ends with in part, when the part moving on holds what makes its point
  (generator.examplepoint): a statement naming what the page's title or the example's
  introduction names that the shown lines do not, or its result (its last statement using a
  name the example built);
- else the next example, none of it on the slide, when the slide's code shows nothing the
  title names and the example's code names what the title or the page's lead paragraph
  names that the slide's code does not.

The slide then shows the key example whole, the earlier examples on it (each code block with
its introduction; a heading, or an introduction naming code, stays) moving to the notes latest first and as few as needed,
those that fit again coming back in source order, and the page's text after the key example
following while it fits. A console example too tall even alone shows every command and the
first lines of the last command's output (a traceback, a long listing), cut at a whole line
(the line under it says the code goes on, generator.codemore).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from generator.codesplit import PROMPT
from generator.examplecut import cuts, joined, split
from generator.examplepoint import STRING, statements, words_of
from generator.otherkind import Key, other_kind
from generator.pieces import Piece

Fits = Callable[[list[Piece], float], bool]  # pieces on one slide, with extra room below


def key_first(
    last: list[Piece], rest: list[Piece], fits: Fits, title: str, more: float
) -> tuple[list[Piece], list[Piece]]:
    """(last kept slide, pieces moving on) with the key example shown whole or with its
    output's tail cut (see the module docstring); as they were otherwise."""
    key = _split_key(last, rest, title) or _next_key(last, rest, title)
    gone: frozenset[int] | None = None  # the groups between the slide and an example of
    if key is None:  # another kind (generator.otherkind)
        other = other_kind(last, rest)
        if other is None:
            return last, rest
        key, gone = other
    before, whole, after = key
    for shown_part, left in [(whole, None), *_output_cuts(whole)]:
        extra = 0.0 if left is None else more
        found = _without_earlier(before, shown_part, fits, extra, gone)
        if found is None:
            continue
        slide, moved = found
        if left is not None:
            return slide, [*moved, left, *after]
        slide, after = _then(slide, after, whole.bottom - slide[-1].bottom, fits)
        return slide, [*moved, *after]
    return last, rest


def _split_key(last: list[Piece], rest: list[Piece], title: str) -> Key | None:
    """The example the slide ends with in part when the part moving on makes its point."""
    code = last[-1] if last else None
    if code is None or code.block.type != "code" or code.middle or not rest:
        return None
    if rest[0].group != code.group:
        return None
    start = next(i for i, p in enumerate(last) if p.group == code.group)
    end = next((i for i, p in enumerate(rest) if p.group != code.group), len(rest))
    parts = [*last[start:], *rest[:end]]
    if any(not p.lines for p in parts) or start == 0:
        return None
    whole = joined(parts)
    shown = sum(len(p.block.text.split("\n")) for p in last[start:])
    if not _point_moves(whole, shown, _intro(last[:start]), title):
        return None
    return last[:start], whole, rest[end:]


def _next_key(last: list[Piece], rest: list[Piece], title: str) -> Key | None:
    """The next example (its introduction and code) when none of it is on the slide, the
    slide's code shows nothing the page's title names and the example's code names what the
    title or the page's lead paragraph names that the slide's code does not."""
    if not last or last[-1].keep_next or any(p.group == last[-1].group for p in rest):
        return None
    k = 0
    while k < len(rest) and rest[k].keep_next and rest[k].block.type != "code":
        k += 1
    if k == 0 or k >= len(rest) or rest[k].block.type != "code":
        return None
    end = next((i for i in range(k, len(rest)) if rest[i].group != rest[k].group), len(rest))
    parts = rest[k:end]
    if any(not p.lines for p in parts):
        return None
    whole = joined(parts)
    lead = next((p for p in last if p.block.type == "paragraph"), None)
    named = words_of(f"{title} {_text(lead) if lead is not None else ''}")
    shown = frozenset().union(*(_code_words(p) for p in last if p.block.type == "code"))
    if words_of(title) & shown or not (_code_words(whole) & named) - shown:
        return None  # the slide's code shows what the title names: it is the page's example
    return [*last, *rest[:k]], whole, rest[end:]


def _code_words(piece: Piece) -> frozenset[str]:
    text = piece.block.text.split("\n")
    if piece.console:
        text = [ln for ln in text if PROMPT.match(ln) or ln.startswith("...")]
    return words_of(STRING.sub("", "\n".join(text)))


def _text(piece: Piece) -> str:
    return piece.block.text or " ".join(s.text for s in piece.block.spans)


def _then(
    slide: list[Piece], after: list[Piece], shift: float, fits: Fits
) -> tuple[list[Piece], list[Piece]]:
    """The slide followed by the pieces after the key example (moved up by `shift`) that fit,
    in order: each chain kept together whole, up to the first that does not fit."""
    while after:
        end = next((i for i, p in enumerate(after) if not p.keep_next), len(after) - 1)
        chain = [replace(p, top=p.top - shift, bottom=p.bottom - shift) for p in after[: end + 1]]
        if chain[-1].keep_next or not fits([*slide, *chain], 0.0):
            break
        slide, after = [*slide, *chain], after[end + 1 :]
    return slide, after


def _intro(before: list[Piece]) -> str:
    """The text introducing the example: the pieces kept with it right before it."""
    out: list[str] = []
    for p in reversed(before):
        if not p.keep_next or p.block.type == "code":
            break
        out.insert(0, _text(p))
    return " ".join(out)


def _point_moves(whole: Piece, shown: int, intro: str, title: str) -> bool:
    """Whether a statement of the code past its first `shown` lines makes the example's point:
    it names what the title or the introduction names and the shown lines do not, or it is
    the last statement and uses a name an earlier one built."""
    text = whole.block.text.split("\n")
    starts = [c.line for c in whole.lines if c.line > 0]
    if whole.console:
        starts = [i for i in starts if PROMPT.match(text[i])]
    found = statements(text, sorted(set(starts)), whole.console)
    if len(found) < 2:
        return False
    seen = frozenset().union(*(s.words for s in found if s.first < shown))
    named = words_of(f"{title} {intro}")
    if any(s.first >= shown and (s.words & named) - seen for s in found):
        return True
    built = {s.assigns for s in found[:-1] if s.assigns}
    return found[-1].first >= shown and bool(found[-1].names & built)


def _output_cuts(whole: Piece) -> list[tuple[Piece, Piece | None]]:
    """(shown, moving on) for a console example cut in the output of its last command (every
    command shown, with at least the first line it printed), longest first."""
    if not whole.console:
        return []
    text = whole.block.text.split("\n")
    last_command = max((i for i, ln in enumerate(text) if PROMPT.match(ln)), default=0)
    return [split(whole, c) for c in reversed(cuts(whole)) if c > last_command + 1]


def _without_earlier(
    before: list[Piece], shown: Piece, fits: Fits, extra: float, gone: frozenset[int] | None
) -> tuple[list[Piece], list[Piece]] | None:
    """(slide, moving on) with the example's part `shown` after `before`, the earlier examples
    of `before` (each code block with its introduction) moving on latest first until it fits
    (with `extra` room below), those that fit again coming back in source order; None when it
    does not fit without all of them, or fits with none gone (the packer placed it). An
    example of another kind (`gone`: the groups between the slide and it, which move on)
    takes the place of a whole example, its introduction naming code too."""
    other = gone is not None
    examples = [e for e in _examples(before, other) if not other or not e <= (gone or set())]
    pieces = [*before, shown]
    out: set[int] = set(gone or ())
    if fits(_closed(pieces, out), extra):
        return (_closed(pieces, out), [p for p in before if p.group in out]) if out else None
    for example in reversed(examples):
        out |= example
        if fits(_closed(pieces, out), extra):
            break
    else:
        return None
    for example in examples:
        if example <= out and fits(_closed(pieces, out - example), extra):
            out -= example
    return _closed(pieces, out), [p for p in before if p.group in out]


def _examples(before: list[Piece], whole: bool = False) -> list[set[int]]:
    """The groups of each code example in `before`: its code and the text kept with it right
    before it (its introduction), but a heading and (unless `whole`) a paragraph naming code
    (`RequestError`: it explains a name, not only the example), which stay."""
    out: list[set[int]] = []
    for k, p in enumerate(before):
        if p.block.type != "code" or (k > 0 and before[k - 1].group == p.group):
            continue
        groups = {p.group}
        i = k - 1
        while i >= 0 and before[i].keep_next and before[i].block.type not in ("code", "heading"):
            if whole or not any(s.code for s in before[i].block.spans):  # one naming code
                groups.add(before[i].group)
            i -= 1
        out.append(groups)
    return out


def _closed(pieces: list[Piece], out: set[int]) -> list[Piece]:
    """The pieces but those of the groups `out`, each moved up into the place of those left
    out before it (the packer measures a slide from its first piece's top to its last's
    bottom)."""
    kept: list[Piece] = []
    shift = 0.0
    for k, p in enumerate(pieces):
        if p.group in out:
            if k + 1 < len(pieces):
                shift += pieces[k + 1].top - p.top
            continue
        kept.append(replace(p, top=p.top - shift, bottom=p.bottom - shift))
    return kept
