"""A program's output shown as a code block (a `--help` text, a log): its first lines on the slide.

A code block without a language (or a plain-text one: `text`, `output`, `log`...) whose lines
read as text rather than a program (no line ends with `{`, `}` or `;`) is output. Output longer
than OUTPUT_LINES is not worth a slide of its own per screenful: its first lines stay (cut at a
blank line among its last few, else after OUTPUT_LINES), followed by a line counting the
lines that follow (the whole listing is in the speaker notes of the page's first slide, where
the page's notes are), so the slide never continues with the rest of a listing and never
speaks to the presenter.
"""

from __future__ import annotations

from dataclasses import replace

from generator.model import Block

OUTPUT_LINES = 10  # lines of output a slide shows (with its lead-in and a sentence after it)
BLANK_SPAN = 4  # a blank line among the last this many kept lines ends the kept part there
TEXT_LANGUAGES = frozenset({"", "text", "txt", "plain", "plaintext", "output", "log", "none"})
PROGRAM_ENDS = ("{", "}", ";")


def is_output(block: Block) -> bool:
    """A code block holding a program's output rather than code (see the module docstring)."""
    if block.type != "code" or block.language.lower() not in TEXT_LANGUAGES:
        return False
    lines = [line.rstrip() for line in block.text.split("\n") if line.strip()]
    return bool(lines) and not any(line.endswith(PROGRAM_ENDS) for line in lines)


def output_head(block: Block) -> Block | None:
    """The block with its first lines and a line counting the rest (in the notes), or None when
    it is not output or short enough to show whole."""
    lines = block.text.rstrip("\n").split("\n")
    if not is_output(block) or len(lines) <= OUTPUT_LINES + 1:
        return None
    keep = OUTPUT_LINES
    blanks = [i for i in range(OUTPUT_LINES - BLANK_SPAN, OUTPUT_LINES) if not lines[i].strip()]
    if blanks:
        keep = blanks[-1]
    rest = sum(1 for line in lines[keep:] if line.strip())
    more = f"… {rest} more lines"  # the audience's slide names no notes
    return replace(block, text="\n".join([*lines[:keep], more]))
