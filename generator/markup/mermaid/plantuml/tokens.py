"""One PlantUML statement -> its tokens, by a small scanner (no regular expressions over the
diagram): quoted names, `[components]`, `(use cases)`, `()` interface marks, `<<stereotypes>>`,
`#colours`, arrows (`-->`, `..>`, `<-`, `-up->`, `-[#red]->`), braces and the `: label` that
ends a statement."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from generator.markup.mermaid.model import DiagramError

Kind = Literal[
    "word", "string", "bracket", "paren", "iface", "stereo", "colour", "arrow", "open", "close",
    "comma", "label",
]  # fmt: skip
ARROW_CHARS = "-.<>"
ARROW_ENDS = "|*ox\\/"  # heads and tails (`<|--`, `*--`, `--o`, `->x`, `-\\`)
DIRECTIONS = ("up", "down", "left", "right", "u", "d", "l", "r", "le", "ri", "do")


@dataclass(frozen=True)
class Token:
    """A token of a PlantUML line."""

    kind: Kind
    text: str  # the token's content: a name without its quotes or brackets, an arrow as written


def _closing(line: str, start: int, closing: str) -> int:
    end = line.find(closing, start)
    if end < 0:
        raise DiagramError(f"a PlantUML `{line[start - 1]}` not closed at `{line[start:][:30]}`")
    return end


def _word_end(line: str, i: int) -> int:
    start = i
    while i < len(line):
        ch = line[i]
        if ch.isalnum() or ch in "_$@!" or ord(ch) > 0x7F:
            i += 1
        elif ch in "-." and i > start and line[i + 1 : i + 2].isalnum():
            i += 1  # `my-node`, `web.app`; not `A-->B`
        else:
            break
    return i


def _arrow_end(line: str, i: int) -> int:
    """Where an arrow starting at `i` ends: its run of `-`/`.`, a direction word or a `[style]`
    between its dashes, a head or tail mark at either end."""
    start = i
    while i < len(line):
        ch = line[i]
        if ch in ARROW_CHARS:
            i += 1
        elif ch == "[" and i > start and line[i - 1] in "-.":
            i = _closing(line, i + 1, "]") + 1  # `-[#red,dashed]->`
        elif ch.isalpha() and i > start and line[i - 1] in "-.":
            end = _word_end(line, i)
            if line[i:end].lower() not in DIRECTIONS or line[end : end + 1] not in ("-", "."):
                break
            i = end  # `-up->`
        elif ch in ARROW_ENDS and i > start and (i + 1 == len(line) or line[i + 1] in " -.\t"):
            i += 1  # a head mark after the run (`--o`, `-->x`, `-\\`)
        elif ch in "|*o" and i == start:
            i += 1  # a tail mark before it (`*--`, `o--`)
        elif ch == "|" and line[i - 1 : i] == "<":
            i += 1  # `<|--`
        else:
            break
    return i


def tokens(line: str) -> list[Token]:
    """A statement's tokens; its `: label` (outside quotes) is the last one, kept whole."""
    out: list[Token] = []
    i = 0
    while i < len(line):
        ch = line[i]
        if ch in " \t":
            i += 1
        elif ch == '"':
            end = _closing(line, i + 1, '"')
            out.append(Token("string", line[i + 1 : end]))
            i = end + 1
        elif ch == "[":
            end = _closing(line, i + 1, "]")
            out.append(Token("bracket", line[i + 1 : end].strip()))
            i = end + 1
        elif line.startswith("()", i):
            out.append(Token("iface", "()"))
            i += 2
        elif ch == "(":
            end = _closing(line, i + 1, ")")
            out.append(Token("paren", line[i + 1 : end].strip()))
            i = end + 1
        elif line.startswith("<<", i) and not line.startswith("<<-", i):
            end = _closing(line, i + 2, ">>")
            out.append(Token("stereo", line[i + 2 : end].strip()))
            i = end + 2
        elif ch == "#" and out:
            end = _word_end(line, i + 1)
            out.append(Token("colour", line[i:end]))
            i = max(end, i + 1)
        elif ch in ARROW_CHARS or (ch in "|*o" and line[i + 1 : i + 3] in ("--", "..")):
            end = _arrow_end(line, i)
            out.append(Token("arrow", line[i:end]))
            i = end
        elif line.startswith(("++", "**", "!!"), i):
            out.append(Token("word", line[i : i + 2]))  # a sequence's activation marks
            i += 2
        elif ch in "{}":
            out.append(Token("open" if ch == "{" else "close", ch))
            i += 1
        elif ch == ",":
            out.append(Token("comma", ","))
            i += 1
        elif ch == ":":
            out.append(Token("label", line[i + 1 :].strip()))
            break
        else:
            end = _word_end(line, i)
            if end == i:
                raise DiagramError(f"a PlantUML statement not understood at `{line[i:][:30]}`")
            out.append(Token("word", line[i:end]))
            i = end
    return out


def statements(source: str) -> list[str]:
    """A diagram's statements: `@startuml`/`@enduml`, comments (`'` lines, `/' ... '/`
    blocks) and blank lines off."""
    out: list[str] = []
    in_comment = False
    for raw in source.split("\n"):
        line = raw.strip()
        if in_comment:
            in_comment = "'/" not in line
            continue
        if line.startswith("/'"):
            in_comment = "'/" not in line[2:]
            continue
        if not line or line.startswith("'") or line.startswith(("@startuml", "@enduml")):
            continue
        out.append(line)
    return out
