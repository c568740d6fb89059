"""The tags of an HTML block (their kind, name and classes) and its text, read with the standard
library's HTML tokenizer, for the grids of generator.markup.grid."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Tag:
    """A <div> tag of a grid: start, end or empty, with its classes."""

    kind: str  # "start" | "end" | "empty" (a self-closed <div />)
    name: str
    classes: list[str] = field(default_factory=list)


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[Tag] = []
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(Tag("start", tag, _classes(attrs)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(Tag("empty", tag, _classes(attrs)))

    def handle_endtag(self, tag: str) -> None:
        self.tags.append(Tag("end", tag))

    def handle_data(self, data: str) -> None:
        self.text += data


def _classes(attrs: list[tuple[str, str | None]]) -> list[str]:
    return next(((v or "").split() for k, v in attrs if k == "class"), [])


def read_tags(html: str) -> Tags:
    """The tags and the text of an HTML fragment, in order."""
    parser = Tags()
    parser.feed(html)
    parser.close()
    return parser
