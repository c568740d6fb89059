"""PlantUML sequence diagrams -> Sequence: `participant`/`actor`/`boundary`/`database`...
declarations (`"Long name" as L`), messages `A -> B : text` (`-->` dashed, `->x` lost, `<-`
reversed, activation marks `++`/`--` after them), notes (`note left of A : ...`, `note over
A, B`, several lines up to `end note`) and `alt`/`else`/`opt`/`loop`/`par`/`group`... frames
up to `end`. Separators, delays, activations and styling are read and not drawn; anything else
raises DiagramError (tried as a component diagram next)."""

from __future__ import annotations

from typing import Literal

from generator.markup.mermaid.flowchart import label_text
from generator.markup.mermaid.model import DiagramError, FrameMark, Message, SeqNote, Sequence
from generator.markup.mermaid.plantuml.tokens import Token, tokens

PARTICIPANTS = (
    "participant", "actor", "boundary", "control", "entity", "database", "collections",
    "queue",
)  # fmt: skip
FRAMES = ("alt", "opt", "loop", "par", "break", "critical", "group")
IGNORED = (
    "autonumber", "activate", "deactivate", "destroy", "create", "return", "skinparam",
    "hide", "show", "title", "scale", "header", "footer", "!theme", "box", "end box",
    "hnote", "caption", "...", "|||", "==", "||", "delay", "mainframe", "newpage",
)  # fmt: skip
NAMES = ("word", "string")


class SequenceReader:
    """One sequence diagram's statements -> Sequence."""

    def __init__(self, max_nodes: int, max_edges: int) -> None:
        self.seq = Sequence()
        self.max_nodes, self.max_edges = max_nodes, max_edges
        self.depth = 0
        self.note: SeqNote | None = None  # a note of several lines, until `end note`

    def statement(self, line: str) -> None:
        if self.note is not None:
            if line.lower().replace(" ", "") in ("endnote", "endrnote", "endhnote"):
                self.seq.rows.append(self.note)
                self.note = None
            else:
                self.note.text = f"{self.note.text}\n{label_text(line)}".strip()
            return
        if len(self.seq.rows) >= self.max_edges:
            raise DiagramError(f"over {self.max_edges} messages: shown as source")
        word = line.split()[0].lower()
        if word in ("note", "rnote"):
            self._note(line)
        elif word in FRAMES:
            self.depth += 1
            self.seq.rows.append(FrameMark("open", word, label_text(line[len(word) :])))
        elif word == "else" and self.depth:
            self.seq.rows.append(FrameMark("next", word, label_text(line[len(word) :])))
        elif line.lower() == "end":
            if not self.depth:
                raise DiagramError("a PlantUML `end` without its block")
            self.depth -= 1
            self.seq.rows.append(FrameMark("close", "", ""))
        elif word in IGNORED or line.startswith(IGNORED) or line.lower().startswith("end box"):
            self.seq.ignored.append(line)
        elif word in PARTICIPANTS:
            self._declare(tokens(line)[1:], word, line)
        else:
            self._message(tokens(line), line)

    def participant(self, name: str, shown: str | None = None) -> str:
        if not name:
            raise DiagramError("a PlantUML message without its participant")
        if name not in self.seq.participants:
            if len(self.seq.participants) >= self.max_nodes:
                raise DiagramError(f"over {self.max_nodes} participants: shown as source")
            self.seq.participants[name] = label_text(name.replace("\\n", "\n"))
        if shown:
            self.seq.participants[name] = label_text(shown.replace("\\n", "\n"))
        return name

    def _declare(self, toks: list[Token], word: str, line: str) -> None:
        toks = [t for t in toks if t.kind not in ("stereo", "colour")]
        if toks and toks[-2:-1] and toks[-2].text == "order":
            toks = toks[:-2]
        if len(toks) == 1 and toks[0].kind in NAMES:
            name, shown = toks[0].text, toks[0].text
        elif len(toks) == 3 and toks[1].text == "as" and {t.kind for t in toks} <= {*NAMES}:
            name, shown = toks[2].text, toks[0].text
            if toks[2].kind == "string":  # `participant L as "Long name"`
                name, shown = shown, name
        else:
            raise DiagramError(f"a PlantUML participant not understood: `{line[:40]}`")
        self.participant(name, shown)
        if word == "actor":
            self.seq.actors.add(name)

    def _message(self, toks: list[Token], line: str) -> None:
        text = toks[-1].text if toks and toks[-1].kind == "label" else ""
        parts = [t for t in toks if t.kind not in ("label", "colour")]
        while parts and parts[-1].kind == "word" and parts[-1].text in ("++", "**", "!!"):
            parts = parts[:-1]
        if len(parts) == 4 and parts[3].kind == "arrow" and parts[3].text == "--":
            parts = parts[:3]  # `A -> B --`: B's activation ends
        if (
            len(parts) != 3
            or parts[1].kind != "arrow"
            or not {parts[0].kind, parts[2].kind} <= {*NAMES}
        ):
            raise DiagramError(f"a PlantUML message not understood: `{line[:40]}`")
        a, b = self.participant(parts[0].text), self.participant(parts[2].text)
        arrow = parts[1].text
        run = "".join(ch for ch in arrow if ch in "-.<>")
        if not run.strip("<>") or "." in run:
            raise DiagramError(f"a PlantUML message not understood: `{line[:40]}`")
        head: Literal["arrow", "cross"] = "cross" if "x" in arrow.lower() else "arrow"
        if run.startswith("<") and not run.endswith(">"):
            a, b = b, a
        self.seq.rows.append(
            Message(a, b, label_text(text.replace("\\n", "\n")), "--" in run, head)
        )

    def _note(self, line: str) -> None:
        head, colon, text = line.partition(":")
        words = head.replace(",", " , ").split()
        place = words[1].lower() if len(words) > 1 else ""
        previous = next((r for r in reversed(self.seq.rows) if isinstance(r, Message)), None)
        if place in ("left", "right") and len(words) >= 4 and words[2].lower() == "of":
            names = [words[3]]
        elif place in ("left", "right") and len(words) == 2 and previous is not None:
            names = [previous.source if place == "left" else previous.target]  # by the last message
        elif place == "over" and len(words) >= 3:
            names = [w for w in words[2:] if w != ","]
        else:
            raise DiagramError(f"a PlantUML note not understood: `{line[:40]}`")
        names = [n.strip('"') for n in names if not n.startswith("#")]
        first = self.participant(names[0])
        last = self.participant(names[-1])
        side: Literal["left", "right", "over"] = (
            "over" if place == "over" else "left" if place == "left" else "right"
        )
        note = SeqNote(label_text(text.replace("\\n", "\n")), first, last, side)
        if colon:
            self.seq.rows.append(note)
        else:
            self.note = note


def read_plantuml_sequence(lines: list[str], max_nodes: int, max_edges: int) -> Sequence:
    reader = SequenceReader(max_nodes, max_edges)
    for line in lines:
        reader.statement(line)
    if reader.depth or reader.note is not None:
        raise DiagramError("a PlantUML block or note without its `end`")
    if not reader.seq.participants:
        raise DiagramError("a PlantUML diagram without participants")
    return reader.seq
