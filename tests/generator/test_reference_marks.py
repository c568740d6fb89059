"""A reference mark written as a link and glued to the word before it (`character[\\*](url)`:
a footnote whose note is a page elsewhere) is not printed on a slide: the page it points to is
not shown, so the mark stands for nothing. A mark after a space, and a word that is a link,
stay as they are."""

from __future__ import annotations

from generator.api import generate_from_markdown
from generator.markup.quotes import block_spans
from generator.model import plain

# fd's README (samples/markdown/fd-readme), its "Features" list
FD_FEATURES = """# fd

## Features

* Smart case: the search is case-insensitive by default. It switches to
  case-sensitive if the pattern contains an uppercase
  character[\\*](http://vimdoc.sourceforge.net/htmldoc/options.html#'smartcase').
* Ignores hidden directories and files, by default.
* The command name is *50%* shorter[\\*](https://github.com/ggreer/the_silver_searcher) than
  `find` :-).
"""


def _text(markdown: str) -> str:
    deck = generate_from_markdown(markdown, "corporate")
    blocks = [
        b
        for p in deck.pages
        if p.kind == "content"
        for b in [*p.blocks, *(b for s in p.sections for b in s.blocks)]
    ]
    return " ".join(" ".join(plain(s) for s in block_spans(b)) for b in blocks)


def test_a_mark_glued_to_a_word_is_not_printed() -> None:
    text = _text(FD_FEATURES)
    assert "uppercase character." in text
    assert "shorter than" in " ".join(text.split())
    assert "*" not in text


def test_a_mark_after_a_space_and_a_linked_word_stay() -> None:
    text = _text("# T\n\n## Notes\n\nSee [the notes](https://example.com) and [*](https://a.b).\n")
    assert "the notes" in text and "and *" in text
