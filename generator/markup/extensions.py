"""Block syntax of document dialects that markdown-it does not know, read as tokens of their own.

- Kubernetes KEP markers: `<<[UNRESOLVED label]>>` ... `<<[/UNRESOLVED]>>` (a region under
  debate; the markers are not content) -> a `kep_unresolved` token (its inside in `content`,
  read again as Markdown by the converter, the label in `meta["label"]`).
- pandoc's pause, a paragraph of `. . .` -> `pandoc_pause`; beamer commands alone on their line,
  `\\framesubtitle{text}` -> `frame_subtitle` (the text in `content`) and `\\pause` ->
  `pandoc_pause`.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock

from generator.lazyre import lazy_compile

UNRESOLVED_OPEN = "<<[UNRESOLVED"
UNRESOLVED_CLOSE = "<<[/UNRESOLVED]>>"
_TEX_LINE = lazy_compile(r"\\(framesubtitle|pause)(?:\{(.*)\})?")


def _line(state: StateBlock, line: int) -> str:
    return state.src[state.bMarks[line] + state.tShift[line] : state.eMarks[line]]


def _unresolved(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    if state.is_code_block(start) or not _line(state, start).startswith(UNRESOLVED_OPEN):
        return False
    if silent:
        return True
    last = start
    while last < end and UNRESOLVED_CLOSE not in _line(state, last):
        last += 1
    if last == end:  # never closed: the region is the paragraph the marker opens
        last = start
        while last + 1 < end and not state.isEmpty(last + 1):
            last += 1
    lines = [_line(state, n) for n in range(start, last + 1)]
    text = "\n".join(lines)[len(UNRESOLVED_OPEN) :]
    label, _, rest = text.partition("]")
    inside = rest.removeprefix(">>").split(UNRESOLVED_CLOSE)
    token = state.push("kep_unresolved", "", 0)
    token.meta = {"label": label.strip()}
    # what follows the closing marker on its line stays content
    token.content = "\n".join(part.strip().removesuffix(">>") for part in inside).strip()
    token.map = [start, last + 1]
    state.line = last + 1
    return True


def _pandoc(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    if state.is_code_block(start):
        return False
    text = _line(state, start).rstrip()
    tex = _TEX_LINE.fullmatch(text)
    if text != ". . ." and tex is None:
        return False
    if silent:
        return True
    if tex is not None and tex.group(1) == "framesubtitle":
        token = state.push("frame_subtitle", "", 0)
        token.content = (tex.group(2) or "").strip()
    else:
        token = state.push("pandoc_pause", "", 0)
    token.map = [start, start + 1]
    state.line = start + 1
    return True


def dialects_plugin(md: MarkdownIt) -> None:
    md.block.ruler.before("paragraph", "kep_unresolved", _unresolved, {"alt": ["paragraph"]})
    md.block.ruler.before("paragraph", "pandoc_lines", _pandoc)
